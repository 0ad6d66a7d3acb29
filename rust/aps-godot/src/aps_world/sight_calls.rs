//! `ApsWorld.cast_sight_ray`: one ray through the same path perception's rays take (the
//! static mirror first, the engine for the rest), for a game's own line-of-sight checks.

use super::ApsWorld;
use crate::dim::Three;
use crate::given::Given;
use crate::physics_space::GodotSpace;
use aps_core::senses::rays::Space;
use godot::classes::Node3D;
use godot::prelude::*;

#[godot_api(secondary)]
impl ApsWorld {
    /// Casts one ray from `from` to `to` in the 3D world of `around`, on the physics layers of
    /// `collision_mask`, the way perception casts its rays: where the ray crosses only the
    /// static level, APS's copy of the level answers without the physics engine (project
    /// setting `aps/static_mirror`); otherwise the engine does. Returns an empty Dictionary when
    /// nothing is hit, else `collider_id` (the instance id of what was hit), `collider` (the
    /// object, or null if it has no node) and `position` (where it was hit; for a ray the
    /// copy answered, a point inside the shape within a few centimetres of its surface).
    /// Areas are passed. With `aps/debug/static_mirror_shadow` on, the engine casts every ray
    /// too and its answer is returned.
    #[func]
    pub fn cast_sight_ray(
        &mut self,
        around: Given<Node3D>,
        from: Vector3,
        to: Vector3,
        collision_mask: i64,
    ) -> VarDictionary {
        let call = "ApsWorld.cast_sight_ray";
        let Some(around) = around.required(call, "around", "returns an empty Dictionary") else {
            return VarDictionary::new();
        };
        let node = crate::dim::Spatial::Three(around.clone());
        let Some((state, key, _)) = node.physics() else {
            return VarDictionary::new();
        };
        let crate::physics_space::SpaceState::Three(state) = state else {
            return VarDictionary::new();
        };
        let Some(world) = around.get_world_3d() else {
            return VarDictionary::new();
        };
        // Nodes added from now on reach the mirror.
        self.ensure_tracking();
        // A script is running this call: whatever it changed counts.
        crate::level_mirror::scripts_may_have_run();
        let (on, shadow) = self.mirror_flags();
        let (frame, _) = self.frame_clock();
        let mirror =
            (on && crate::level_mirror::prepare(key, frame, &world)).then_some((key, shadow));
        let mut query = <Three as crate::physics_space::RayKind>::new_query(&Array::new());
        let mut space = GodotSpace::<Three>::new(state, &mut query)
            .with_hit_points(true)
            .with_mirror(mirror);
        let mask = (collision_mask & i64::from(u32::MAX)) as u32;
        let from = crate::convert::to_vec3(from);
        let to = crate::convert::to_vec3(to);
        let Some(hit) = space.cast_ray(from, to, mask, &[]) else {
            return VarDictionary::new();
        };
        let id = hit.body.0 as i64;
        let collider =
            InstanceId::try_from_i64(id).and_then(|i| Gd::<Object>::try_from_instance_id(i).ok());
        let mut d = vdict! {
            "collider_id" => id,
            "position" => crate::convert::to_vector3(hit.position),
        };
        d.set("collider", &collider.to_variant());
        d
    }
}
