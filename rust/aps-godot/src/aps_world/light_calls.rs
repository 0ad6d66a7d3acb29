//! The light a player stands in, for a light gem or a HUD: `ApsWorld.get_light_at`,
//! `get_target_light` and `get_lights_on`, and their 2D twins (see `scene_lights` for how the level's own lights
//! are read).

use super::ApsWorld;
use crate::convert::{to_vec3, MaybeNull};
use crate::dim::{from_pixels, WorldOf};
use crate::given::Given;
use crate::world_key::{main_world_key, main_world_key_2d, WorldKey};
use aps_core::world::scene_light::{combined, SceneReading};
use aps_core::Vec3;
use godot::classes::{Node2D, Node3D, Window};
use godot::prelude::*;

#[godot_api(secondary)]
impl ApsWorld {
    /// The light level (0 dark to 1 fully lit) at `position` in the main scene's world: its
    /// smallest light zone's if it lies in one, else the floor (the `WorldEnvironment`'s
    /// ambient light, or the world's ambient light) plus the scene's lights that reach it
    /// unshadowed (project setting `aps/lights/scene_lights`).
    #[func]
    pub fn get_light_at(&self, position: Vector3) -> f32 {
        let world = main_viewport()
            .and_then(|v| v.find_world_3d())
            .map(WorldOf::Three);
        self.light_in(world, main_world_key(), to_vec3(position))
    }

    /// [method get_light_at] at `position` (pixels) in the main scene's 2D world: its
    /// `PointLight2D`s and `DirectionalLight2D`s, their shadows cast by `LightOccluder2D`s, and
    /// a `CanvasModulate`'s colour as the floor.
    #[func]
    pub fn get_light_at_2d(&self, position: Vector2) -> f32 {
        let world = main_viewport()
            .and_then(|v| v.find_world_2d())
            .map(WorldOf::Two);
        self.light_in(world, main_world_key_2d(), from_pixels(position))
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
        self.last_light(&target.clone().upcast())
            .unwrap_or_else(|| self.get_light_at(target.get_global_position()))
    }

    /// [method get_target_light] for a 2D target.
    #[func]
    pub fn get_target_light_2d(&self, target: Given<Node2D>) -> f32 {
        let call = "ApsWorld.get_target_light_2d";
        let Some(target) = target.required(call, "target", "answers 1.0") else {
            return 1.0;
        };
        self.last_light(&target.clone().upcast())
            .unwrap_or_else(|| self.get_light_at_2d(target.get_global_position()))
    }

    /// [method get_lights_on] for a 2D target.
    #[func]
    pub fn get_lights_on_2d(&self, target: Given<Node2D>) -> Array<VarDictionary> {
        let call = "ApsWorld.get_lights_on_2d";
        let Some(target) = target.required(call, "target", "answers an empty Array") else {
            return Array::new();
        };
        self.lights_on(&target.upcast())
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
    /// The light at `p` in the world `key` (Godot's `world`): its zone's, else the floor and
    /// the scene's lights.
    fn light_in(&self, world: Option<WorldOf>, key: WorldKey, p: Vec3) -> f32 {
        let Some(held) = self.world(key) else {
            return 1.0;
        };
        let state = held.state();
        let conditions = state.conditions();
        let zone = conditions.light_zones.smallest_at(p).map(|z| z.level);
        let scene = world
            .filter(|_| zone.is_none())
            .and_then(|w| crate::scene_lights::reading_at(&w, p));
        combined(zone, conditions.ambient_light, scene.as_ref())
    }

    /// The light on `target` at perception's last look at it, if it was looked at.
    fn last_light(&self, target: &Gd<Node>) -> Option<f32> {
        let key = crate::world_key::world_key_of(target)?;
        let entry = self.world(key)?.registry().get(target.instance_id())?;
        entry.seen.as_ref().map(|(_, snap)| snap.light_level)
    }

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

/// The main scene's viewport (the tree's root).
fn main_viewport() -> Option<Gd<Window>> {
    crate::world_key::scene_tree().and_then(|t| t.get_root().maybe_null())
}
