//! Which APS world a node is in: each `World3D` and `World2D` is a world of its own, keyed by
//! the instance id of its Godot world (design notes: one world per `World3D`).

use crate::convert::MaybeNull;
use godot::classes::{Node2D, Node3D, SceneTree};
use godot::prelude::*;

/// A world's key: the instance id of its `World3D` or `World2D` (0: none could be found).
pub type WorldKey = i64;

/// The running game's scene tree; `None` before the main loop exists or with a custom one.
#[must_use]
pub fn scene_tree() -> Option<Gd<SceneTree>> {
    godot::classes::Engine::singleton()
        .get_main_loop()
        .and_then(|l| l.try_cast().ok())
}

/// The key of the world `node` is in: its `World3D`'s instance id, or for a `Node2D` its
/// `World2D`'s (any other node: its viewport's `World3D`). `None` outside the tree.
#[must_use]
pub fn world_key_of(node: &Gd<Node>) -> Option<WorldKey> {
    world_key_in(node, false)
}

/// The key of the world `node` is in, for a 2D call: like [`world_key_of`], except that a node
/// that is neither a `Node3D` nor a `Node2D` stands in its viewport's `World2D`.
#[must_use]
pub fn world_key_of_2d(node: &Gd<Node>) -> Option<WorldKey> {
    world_key_in(node, true)
}

fn world_key_in(node: &Gd<Node>, plain_in_2d: bool) -> Option<WorldKey> {
    if !node.is_inside_tree() {
        return None;
    }
    let key = match node.clone().try_cast::<Node3D>() {
        Ok(n) => n.get_world_3d()?.instance_id(),
        Err(n) => match n.try_cast::<Node2D>() {
            Ok(n) => n.get_world_2d()?.instance_id(),
            Err(n) if plain_in_2d => n.get_viewport()?.find_world_2d()?.instance_id(),
            Err(n) => n.get_viewport()?.find_world_3d()?.instance_id(),
        },
    };
    Some(key.to_i64())
}

/// The key of the main scene's world: the root viewport's `World3D` (0 before there is one).
#[must_use]
pub fn main_world_key() -> WorldKey {
    scene_tree()
        .and_then(|t| t.get_root().maybe_null())
        .and_then(|r| r.find_world_3d())
        .map_or(0, |w| w.instance_id().to_i64())
}

/// The key of the main scene's 2D world: the root viewport's `World2D` (0 before there is
/// one), where the 2D calls that name no node go.
#[must_use]
pub fn main_world_key_2d() -> WorldKey {
    scene_tree()
        .and_then(|t| t.get_root().maybe_null())
        .and_then(|r| r.find_world_2d())
        .map_or(0, |w| w.instance_id().to_i64())
}
