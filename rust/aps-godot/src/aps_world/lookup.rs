//! How `ApsWorld` finds things for the rest of APS: the world a node or key stands for (made on
//! first use), the frame's clock and authority, and tags by name.

use super::ApsWorld;
use crate::convert::MaybeNull;
use crate::names::Names;
use crate::world::{World, WorldKey};
use crate::world_key::{main_world_key, world_key_of};
use godot::classes::Engine;
use godot::prelude::*;

impl ApsWorld {
    /// The physics frame being driven and its world time, as read when the driver began it
    /// (the engine's own for a pass: the same frame).
    #[must_use]
    pub fn frame_clock(&self) -> (u64, f64) {
        self.clock
    }

    /// Whether `mp` is the multiplayer authority (or has no peer), asked of the engine once
    /// per physics frame for each multiplayer API.
    pub fn is_authority_this_frame(&mut self, mp: &Gd<godot::classes::MultiplayerApi>) -> bool {
        let id = mp.instance_id();
        if let Some(&(_, yes)) = self.authority.iter().find(|(m, _)| *m == id) {
            return yes;
        }
        let yes = crate::multiplayer::is_authority(mp);
        self.authority.push((id, yes));
        yes
    }

    /// Game time in seconds, deterministic under a fixed frame rate.
    #[must_use]
    pub fn world_time() -> f64 {
        Self::physics_clock().1
    }

    /// The physics frames so far and the game time they make, in seconds.
    #[must_use]
    pub fn physics_clock() -> (u64, f64) {
        let engine = Engine::singleton();
        let tps = engine.get_physics_ticks_per_second().max(1);
        let frames = engine.get_physics_frames();
        (frames, frames as f64 / f64::from(tps))
    }

    /// On a multiplayer client perception does not run (spec section 10): a call that would
    /// change belief or stimuli is refused, with one warning per call. Whether this is a
    /// client is read off `node`'s multiplayer, else the scene tree's.
    pub fn refuse_on_client(&mut self, call: &'static str, node: Option<&Gd<Node>>) -> bool {
        let mp = match node.filter(|n| n.is_inside_tree()) {
            Some(n) => n.get_multiplayer(),
            None => crate::world_key::scene_tree().and_then(|t| t.get_multiplayer().maybe_null()),
        };
        let client = mp.is_some_and(|mp| !crate::multiplayer::is_authority(&mp));
        if client && !self.refused_on_client.contains(&call) {
            self.refused_on_client.push(call);
            godot_warn!("{call}: perception runs on the server; on a client the call is ignored");
        }
        client
    }

    /// The world of `key`, made if APS holds none for it yet.
    pub fn world_mut(&mut self, key: WorldKey) -> &mut World {
        let i = match self.worlds.iter().position(|w| w.key() == key) {
            Some(i) => i,
            None => self.new_world(key),
        };
        &mut self.worlds[i]
    }

    /// Adds the world of `key`; the main scene's 2D world starts as lit and as rainy as the
    /// main scene's (3D) world, which `ambient_light` and `rain` set for both. Returns its place.
    pub(super) fn new_world(&mut self, key: WorldKey) -> usize {
        let mut world = World::new(key);
        if key != 0 && key == crate::world_key::main_world_key_2d() {
            if let Some(main) = self.world(main_world_key()) {
                let c = main.state().conditions().clone();
                world.state_mut().set_ambient_light(c.ambient_light);
                world.state_mut().set_rain(c.rain);
            }
        }
        self.worlds.push(world);
        self.worlds.len() - 1
    }

    /// The world of `key` if APS holds it.
    pub fn world_existing_mut(&mut self, key: WorldKey) -> Option<&mut World> {
        self.worlds.iter_mut().find(|w| w.key() == key)
    }

    #[must_use]
    pub fn world(&self, key: WorldKey) -> Option<&World> {
        self.worlds.iter().find(|w| w.key() == key)
    }

    pub(super) fn main_world(&self) -> Option<&World> {
        self.world(main_world_key())
    }

    pub(super) fn main_world_mut(&mut self) -> &mut World {
        self.world_mut(main_world_key())
    }

    /// The main scene's 2D world (its root viewport's `World2D`), if APS holds it and it is
    /// not the 3D one.
    pub(super) fn main_world_2d_mut(&mut self) -> Option<&mut World> {
        let key = crate::world_key::main_world_key_2d();
        if key == main_world_key() {
            return None;
        }
        self.world_existing_mut(key)
    }

    /// The world `node` is in, else the main scene's.
    pub fn world_of_mut(&mut self, node: Option<&Gd<Node>>) -> &mut World {
        let key = node.and_then(world_key_of).unwrap_or_else(main_world_key);
        self.world_mut(key)
    }

    /// The tag a sound or place was reported with (`&""` for none).
    #[must_use]
    pub fn tag_name(&self, tag: u32) -> StringName {
        self.tags.name(tag)
    }

    /// The collision object `id` is no occluder in any world (it left the tree, or is gone).
    pub fn forget_occluder(&mut self, id: InstanceId) {
        for w in &mut self.worlds {
            w.remove_occluder(id);
        }
    }

    /// The small number standing for `tag` (0 for none).
    pub fn tag_index(&mut self, tag: StringName) -> u32 {
        self.tags.intern(&tag)
    }

    /// Whether candidates come from the spatial grid this frame (`aps/use_spatial_index`).
    #[must_use]
    pub fn uses_grid(&self) -> bool {
        self.frame.use_grid
    }

    /// Everything a pass needs of its world at once: the world, and the tags to name evidence.
    pub fn world_and_tags(&mut self, key: WorldKey) -> (&mut World, &mut Names) {
        let i = match self.worlds.iter().position(|w| w.key() == key) {
            Some(i) => i,
            None => self.new_world(key),
        };
        (&mut self.worlds[i], &mut self.tags)
    }
}

/// The world's place tags, for saved games' keys (see `saved::keys::TagBook`).
pub struct WorldTags;

impl crate::saved::keys::TagBook for WorldTags {
    fn name(&self, tag: u32) -> String {
        ApsWorld::singleton().bind().tag_name(tag).to_string()
    }

    fn index(&self, name: &str) -> u32 {
        ApsWorld::singleton()
            .bind_mut()
            .tag_index(StringName::from(name))
    }
}
