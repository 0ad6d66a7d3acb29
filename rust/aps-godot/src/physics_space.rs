//! The core's ray seam implemented with Godot's physics: `PhysicsDirectSpaceState3D` and one
//! reused `PhysicsRayQueryParameters3D` (design notes: rays are the budget; reuse the query).

use crate::convert::to_vector3;
use aps_core::senses::rays::{BodyId, RayHit, Space};
use aps_core::Vec3;
use godot::classes::{PhysicsDirectSpaceState3D, PhysicsRayQueryParameters3D};
use godot::prelude::*;

/// Ray queries through one world's physics space for one perceiver.
///
/// Every engine call costs a few hundred nanoseconds beside the query itself, so a ray makes
/// as few as it can: the mask is set only when it changes, and the hit is read with one lookup
/// of a key built once.
pub struct GodotSpace<'a> {
    state: Gd<PhysicsDirectSpaceState3D>,
    /// Reused between rays and ticks; its exclusion list holds the perceiver's own bodies.
    query: &'a mut Gd<PhysicsRayQueryParameters3D>,
    mask: Option<u32>,
    collider_id: Variant,
    position: Variant,
    /// Read where each ray stopped (for debug drawing); otherwise the ray's end stands in.
    hit_points: bool,
    /// Rays cast through this space so far.
    pub rays: u32,
}

impl<'a> GodotSpace<'a> {
    pub fn new(
        state: Gd<PhysicsDirectSpaceState3D>,
        query: &'a mut Gd<PhysicsRayQueryParameters3D>,
    ) -> Self {
        GodotSpace {
            state,
            query,
            mask: None,
            collider_id: "collider_id".to_variant(),
            position: "position".to_variant(),
            hit_points: false,
            rays: 0,
        }
    }

    /// The same space reading where each ray stopped, when `on`.
    #[must_use]
    pub fn with_hit_points(mut self, on: bool) -> Self {
        self.hit_points = on;
        self
    }
}

impl Space for GodotSpace<'_> {
    /// The exclusion list is the query's own (set once per pass); `_exclude` is the same bodies
    /// by core id.
    fn cast_ray(&mut self, from: Vec3, to: Vec3, mask: u32, _exclude: &[BodyId]) -> Option<RayHit> {
        self.rays += 1;
        let q = &mut *self.query;
        q.set_from(to_vector3(from));
        q.set_to(to_vector3(to));
        if self.mask != Some(mask) {
            q.set_collision_mask(mask);
            self.mask = Some(mask);
        }
        let hit = self.state.intersect_ray(&*q);
        // A miss is an empty dictionary: the lookup gives nil, which is no id.
        let id: i64 = hit.get_or_nil(&self.collider_id).try_to().ok()?;
        // The senses ask only what was hit; reading the hit point too would cost another
        // lookup per ray, so the ray's end stands in for it unless debug drawing shows it.
        let position = if self.hit_points {
            hit.get_or_nil(&self.position)
                .try_to::<Vector3>()
                .map_or(to, crate::convert::to_vec3)
        } else {
            to
        };
        Some(RayHit {
            body: BodyId(id as u64),
            position,
        })
    }
}
