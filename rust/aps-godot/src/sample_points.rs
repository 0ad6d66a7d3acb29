//! Where vision looks on a body that says nothing of its own: head, chest and feet along its
//! first collision shape (spec section 13's default sample points), in 3D and 2D.

use crate::dim::Spatial;
use aps_core::gather::target::sample_heights;
use godot::classes::{
    BoxShape3D, CapsuleShape2D, CapsuleShape3D, CircleShape2D, CollisionShape2D, CollisionShape3D,
    CylinderShape3D, RectangleShape2D, Shape2D, Shape3D, SphereShape3D,
};
use godot::prelude::*;

/// Height (y extent) of a shape in its own space: (bottom, top).
fn shape_extent(shape: &Gd<Shape3D>) -> (f32, f32) {
    if let Ok(c) = shape.clone().try_cast::<CapsuleShape3D>() {
        let h = c.get_height();
        return (-h * 0.5, h * 0.5);
    }
    if let Ok(c) = shape.clone().try_cast::<CylinderShape3D>() {
        let h = c.get_height();
        return (-h * 0.5, h * 0.5);
    }
    if let Ok(b) = shape.clone().try_cast::<BoxShape3D>() {
        let h = b.get_size().y;
        return (-h * 0.5, h * 0.5);
    }
    if let Ok(s) = shape.clone().try_cast::<SphereShape3D>() {
        let r = s.get_radius();
        return (-r, r);
    }
    match shape.get_debug_mesh() {
        Some(mesh) => {
            let aabb = mesh.get_aabb();
            (aabb.position.y, aabb.position.y + aabb.size.y)
        }
        None => (0.0, 0.0),
    }
}

/// The extent along a 2D shape's own y axis: (feet, head). Screen up is -y, so the head is the
/// lower number: head, centre and feet of a standing capsule in a side view, the span of a
/// top-down circle.
fn shape_extent_2d(shape: &Gd<Shape2D>) -> (f32, f32) {
    if let Ok(c) = shape.clone().try_cast::<CapsuleShape2D>() {
        let h = c.get_height();
        return (h * 0.5, -h * 0.5);
    }
    if let Ok(c) = shape.clone().try_cast::<CircleShape2D>() {
        let r = c.get_radius();
        return (r, -r);
    }
    if let Ok(r) = shape.clone().try_cast::<RectangleShape2D>() {
        let h = r.get_size().y;
        return (h * 0.5, -h * 0.5);
    }
    let rect = shape.get_rect();
    (rect.position.y + rect.size.y, rect.position.y)
}

/// Head, chest and feet relative to `node`, from its first collision shape; the node's origin
/// alone when it has none. A 2D node's points are in pixels with z = 0.
pub fn points_from_shape(node: &Spatial) -> Vec<Vector3> {
    for child in node.as_node().get_children().iter_shared() {
        if let Ok(cs) = child.clone().try_cast::<CollisionShape3D>() {
            let Some(shape) = cs.get_shape().filter(|_| !cs.is_disabled()) else {
                continue;
            };
            let (bottom, top) = shape_extent(&shape);
            let local = cs.get_transform();
            return sample_heights(bottom, top)
                .iter()
                .map(|y| local * Vector3::new(0.0, *y, 0.0))
                .collect();
        }
        if let Ok(cs) = child.try_cast::<CollisionShape2D>() {
            let Some(shape) = cs.get_shape().filter(|_| !cs.is_disabled()) else {
                continue;
            };
            let (bottom, top) = shape_extent_2d(&shape);
            let local = cs.get_transform();
            return sample_heights(bottom, top)
                .iter()
                .map(|y| {
                    let p = local * Vector2::new(0.0, *y);
                    Vector3::new(p.x, p.y, 0.0)
                })
                .collect();
        }
    }
    vec![Vector3::ZERO]
}
