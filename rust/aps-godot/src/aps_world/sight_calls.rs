//! `ApsWorld.cast_sight_ray` (and its 2D twin): one ray through the same path perception's
//! rays take (the static mirror first, the engine for the rest), for a game's own
//! line-of-sight checks.

use super::ApsWorld;
use crate::dim::{Spatial, Three, Two};
use crate::given::Given;
use crate::physics_space::{GodotSpace, RayKind};
use aps_core::senses::rays::Space;
use godot::classes::{Node2D, Node3D};
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
        let from = crate::convert::to_vec3(from);
        let to = crate::convert::to_vec3(to);
        self.sight_ray::<Three>(&Spatial::Three(around), (from, to), collision_mask)
            .map_or_else(VarDictionary::new, |(id, at)| {
                hit_dict(id, crate::convert::to_vector3(at).to_variant())
            })
    }

    /// [method cast_sight_ray] in the 2D world of `around`, in pixels.
    #[func]
    pub fn cast_sight_ray_2d(
        &mut self,
        around: Given<Node2D>,
        from: Vector2,
        to: Vector2,
        collision_mask: i64,
    ) -> VarDictionary {
        let call = "ApsWorld.cast_sight_ray_2d";
        let Some(around) = around.required(call, "around", "returns an empty Dictionary") else {
            return VarDictionary::new();
        };
        let from = crate::dim::from_pixels(from);
        let to = crate::dim::from_pixels(to);
        self.sight_ray::<Two>(&Spatial::Two(around), (from, to), collision_mask)
            .map_or_else(VarDictionary::new, |(id, at)| {
                hit_dict(id, crate::dim::to_pixels(at).to_variant())
            })
    }
}

impl ApsWorld {
    /// One ray through perception's path in the world of `node`: what it hit and where.
    fn sight_ray<D: RayKind>(
        &mut self,
        node: &Spatial,
        (from, to): (aps_core::Vec3, aps_core::Vec3),
        collision_mask: i64,
    ) -> Option<(i64, aps_core::Vec3)> {
        let (state, key, _) = node.physics()?;
        let state = D::space_of(state)?;
        // Nodes added from now on reach the mirror.
        self.ensure_tracking();
        // A script is running this call: whatever it changed counts.
        crate::level_mirror::scripts_may_have_run();
        // Areas play no part here: these rays pass them.
        let mirror = self.mirror_for(key, false);
        let mut query = D::new_query(&Array::new());
        let mut space = GodotSpace::<D>::new(state, &mut query)
            .with_hit_points(true)
            .with_mirror(mirror);
        let mask = (collision_mask & i64::from(u32::MAX)) as u32;
        let hit = space.cast_ray(from, to, mask, &[])?;
        Some((hit.body.0 as i64, hit.position))
    }
}

/// A hit as the calls give it: `collider_id`, `collider` (null without a node) and `position`.
fn hit_dict(id: i64, position: Variant) -> VarDictionary {
    let collider =
        InstanceId::try_from_i64(id).and_then(|i| Gd::<Object>::try_from_instance_id(i).ok());
    let mut d = vdict! { "collider_id" => id };
    d.set("position", &position);
    d.set("collider", &collider.to_variant());
    d
}
