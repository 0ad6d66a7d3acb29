//! The core's ray seam implemented with Godot's physics: `PhysicsDirectSpaceState3D` and one
//! reused `PhysicsRayQueryParameters3D` (design notes: rays are the budget; reuse the query).

use crate::convert::to_vector3;
use aps_core::space::{BodyId, RayHit, Space};
use aps_core::Vec3;
use godot::classes::{PhysicsDirectSpaceState3D, PhysicsRayQueryParameters3D};
use godot::prelude::*;

/// Ray queries through one world's physics space for one perceiver.
pub struct GodotSpace<'a> {
    pub state: Gd<PhysicsDirectSpaceState3D>,
    /// Reused between rays and ticks; its exclusion list holds the perceiver's own bodies.
    pub query: &'a mut Gd<PhysicsRayQueryParameters3D>,
    pub rays: u32,
}

impl Space for GodotSpace<'_> {
    /// The exclusion list is the query's own (set once per pass); `_exclude` is the same bodies
    /// by core id.
    fn cast_ray(&mut self, from: Vec3, to: Vec3, mask: u32, _exclude: &[BodyId]) -> Option<RayHit> {
        self.rays += 1;
        let q = &mut *self.query;
        q.set_from(to_vector3(from));
        q.set_to(to_vector3(to));
        q.set_collision_mask(mask);
        let hit = self.state.intersect_ray(&*q);
        if hit.is_empty() {
            return None;
        }
        let id: i64 = hit.get("collider_id").and_then(|v| v.try_to().ok())?;
        // The senses ask only what was hit; reading the hit point too would cost another
        // lookup per ray, so the ray's end stands in for it.
        Some(RayHit {
            body: BodyId(id as u64),
            position: to,
        })
    }
}
