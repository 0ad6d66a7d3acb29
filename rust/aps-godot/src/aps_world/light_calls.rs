//! The light a player stands in, for a light gem or a HUD: `ApsWorld.get_light_at`,
//! `get_target_light` and `get_lights_on` (see `scene_lights` for how the level's own lights
//! are read).

use super::ApsWorld;
use crate::convert::{to_vec3, MaybeNull};
use crate::given::Given;
use aps_core::world::scene_light::{combined, SceneReading};
use godot::classes::{Node3D, World3D};
use godot::prelude::*;

#[godot_api(secondary)]
impl ApsWorld {
    /// The light level (0 dark to 1 fully lit) at `position` in the main scene's world: its
    /// smallest light zone's if it lies in one, else the floor (the `WorldEnvironment`'s
    /// ambient light, or the world's ambient light) plus the scene's lights that reach it
    /// unshadowed (project setting `aps/lights/scene_lights`).
    #[func]
    pub fn get_light_at(&self, position: Vector3) -> f32 {
        let p = to_vec3(position);
        let Some(world) = self.main_world() else {
            return 1.0;
        };
        let state = world.state();
        let conditions = state.conditions();
        let zone = conditions.light_zones.smallest_at(p).map(|z| z.level);
        let scene = zone
            .is_none()
            .then(main_world_3d)
            .flatten()
            .and_then(|w| crate::scene_lights::reading_at(&w, p));
        combined(zone, conditions.ambient_light, scene.as_ref())
    }

    /// How lit `target` is as perception last saw it (0 dark to 1 fully lit): the light where
    /// it stands, as its target component lets it be lit, or the light it carries if brighter
    /// (a light gem's reading). A target not looked at yet reads the light at its position.
    #[func]
    pub fn get_target_light(&self, target: Given<Node3D>) -> f32 {
        let call = "ApsWorld.get_target_light";
        let Some(target) = target.required(call, "target", "answers 1.0") else {
            return 1.0;
        };
        let id = target.instance_id();
        let key = crate::world_key::world_key_of(&target.clone().upcast());
        let seen = key
            .and_then(|k| self.world(k))
            .and_then(|w| w.registry().get(id))
            .and_then(|e| e.seen.as_ref().map(|(_, snap)| snap.light_level));
        seen.unwrap_or_else(|| self.get_light_at(target.get_global_position()))
    }

    /// The scene's lights that last lit `target` or would have but for a shadow, brightest
    /// first: one Dictionary each with `light` (the light node), `amount` (what it gives there
    /// unshadowed) and `shadowed`. Empty for a target not looked at yet or lit by no light.
    #[func]
    pub fn get_lights_on(&self, target: Given<Node3D>) -> Array<VarDictionary> {
        let call = "ApsWorld.get_lights_on";
        let Some(target) = target.required(call, "target", "answers an empty Array") else {
            return Array::new();
        };
        self.lights_on(&target.upcast())
    }
}

impl ApsWorld {
    /// [`ApsWorld::get_lights_on`] for any node.
    #[must_use]
    pub fn lights_on(&self, target: &Gd<Node>) -> Array<VarDictionary> {
        let reading = self.reading_of(target);
        let mut out = Array::new();
        for lit in reading.iter().flat_map(|r| r.lights.iter()) {
            let node = InstanceId::try_from_i64(lit.id as i64)
                .and_then(|i| Gd::<Node>::try_from_instance_id(i).ok());
            out.push(&vdict! {
                "light" => &node.to_variant(),
                "amount" => lit.amount,
                "shadowed" => lit.shadowed,
            });
        }
        out
    }

    /// The scene's light on `target` as last measured, if it was.
    #[must_use]
    pub fn reading_of(&self, target: &Gd<Node>) -> Option<SceneReading> {
        let key = crate::world_key::world_key_of(target)?;
        let entry = self.world(key)?.registry().get(target.instance_id())?;
        entry.light.reading().cloned()
    }
}

/// The main scene's `World3D`.
fn main_world_3d() -> Option<Gd<World3D>> {
    crate::world_key::scene_tree()
        .and_then(|t| t.get_root().maybe_null())
        .and_then(|r| r.find_world_3d())
}
