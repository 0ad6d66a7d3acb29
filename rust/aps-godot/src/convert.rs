//! Small conversions between Godot's types and the core's.

use aps_core::{TargetId, Vec3};
use godot::prelude::*;

#[must_use]
pub fn to_vec3(v: Vector3) -> Vec3 {
    Vec3::new(v.x, v.y, v.z)
}

#[must_use]
pub fn to_vector3(v: Vec3) -> Vector3 {
    Vector3::new(v.x, v.y, v.z)
}

/// The core's id for a Godot object: its instance id.
#[must_use]
pub fn target_id(id: InstanceId) -> TargetId {
    TargetId(id.to_i64() as u64)
}

/// Whether `node` is a target component, 3D or 2D. Asked by class name, in one engine call:
/// the components are classes of the layer above, and a script extending one keeps its class.
/// (No engine string is kept for the names: one held past the engine's shutdown would be
/// freed after it.)
#[must_use]
pub fn is_target_component(node: &Gd<Node>) -> bool {
    let class = node.get_class();
    class == "ApsTargetComponent" || class == "ApsTargetComponent2D"
}

/// The target a node stands for: the parent of a target component (3D or 2D), else the node
/// itself.
#[must_use]
pub fn target_of(node: &Gd<Node>) -> TargetId {
    if is_target_component(node) {
        if let Some(parent) = node.get_parent() {
            return target_id(parent.instance_id());
        }
    }
    target_id(node.instance_id())
}

/// The instance id behind a core target id.
#[must_use]
pub fn instance_id(t: TargetId) -> Option<InstanceId> {
    InstanceId::try_from_i64(t.0 as i64)
}

/// The live node behind a target id as a `T` (a `Node3D`, a `Node2D`), or `None` once it was
/// freed or is being freed, or is no `T`.
#[must_use]
pub fn live_node_as<T: GodotClass + Inherits<Node>>(t: TargetId) -> Option<Gd<T>> {
    let node = Gd::<Node>::try_from_instance_id(instance_id(t)?).ok()?;
    if node.is_queued_for_deletion() {
        return None;
    }
    node.try_cast::<T>().ok()
}

/// An engine return value that Godot 4.7's API declares never null (`SceneTree::get_root`,
/// `SceneTree::get_multiplayer`), so gdext gives it as `Gd<T>` there and as `Option<Gd<T>>`
/// against older APIs. Read through this, the code builds against the minimum API and the
/// newest alike (`cargo xtask test` checks both).
pub trait MaybeNull<T: GodotClass> {
    fn maybe_null(self) -> Option<Gd<T>>;
}

impl<T: GodotClass> MaybeNull<T> for Gd<T> {
    fn maybe_null(self) -> Option<Gd<T>> {
        Some(self)
    }
}

impl<T: GodotClass> MaybeNull<T> for Option<Gd<T>> {
    fn maybe_null(self) -> Option<Gd<T>> {
        self
    }
}
