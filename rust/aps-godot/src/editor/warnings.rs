//! The configuration warnings of APS's nodes: what the Scene dock's triangle says, in words a
//! designer can act on. Each is a mistake that makes an AI or a target quietly do less than
//! meant; the same mistakes are warned of in Output when the game runs.

use crate::aps_profile::ApsProfile;
use godot::classes::physics_server_3d::BodyAxis;
use godot::classes::{
    CollisionShape2D, CollisionShape3D, Node, Node2D, Node3D, RigidBody2D, RigidBody3D,
};
use godot::prelude::*;

/// An `ApsPerceptionComponent`'s warnings: no profile, no physics body above it, what its
/// profile gets wrong, walls of the scene its senses would not stop, and an eye fixed to a
/// body that never turns. `component` is the component; `fixed_gaze` whether its gaze is along
/// one of its axes (not its body's movement).
#[must_use]
pub fn perception(
    component: &Gd<Node>,
    profile: Option<&Gd<ApsProfile>>,
    body_above: bool,
    fixed_gaze: bool,
    two_d: bool,
) -> PackedStringArray {
    let mut lines = Vec::new();
    match profile {
        None => lines.push(
            "No profile: it perceives with the APS defaults. Set Profile to an ApsProfile (ready \
             ones are in addons/aps/presets)."
                .to_owned(),
        ),
        Some(p) => lines.extend(p.bind().editor_problems()),
    }
    if !body_above {
        let body = if two_d {
            "CharacterBody2D"
        } else {
            "CharacterBody3D"
        };
        lines.push(format!(
            "Not under a physics body: place it under the AI's body (a {body}, say) so its rays \
             and its candidates skip the AI itself."
        ));
    }
    if fixed_gaze && under_a_body_that_never_turns(component) {
        lines.push(
            "Its body never turns (its rotation is locked) and it sits right under that body, \
             so it always looks the same way: place it under the node that turns with the head \
             (the model, the head, the camera), or set Gaze to Movement."
                .to_owned(),
        );
    }
    if let Some(root) = scene_root(component) {
        let used = profile.map_or_else(aps_core::Profile::default, |p| p.bind().core_values());
        let used = used.with_project_layers(crate::settings::read_occlusion_layers());
        let walls = super::walls::wall_layers(&root, two_d);
        lines.extend(super::walls::ignored_walls(&used, walls, two_d));
    }
    lines.iter().map(GString::from).collect()
}

/// Whether `component`'s parent is a rigid body whose rotation is locked: an eye right under it
/// looks one way for ever.
fn under_a_body_that_never_turns(component: &Gd<Node>) -> bool {
    let Some(parent) = component.get_parent() else {
        return false;
    };
    if let Ok(body) = parent.clone().try_cast::<RigidBody3D>() {
        return body.is_lock_rotation_enabled() || body.get_axis_lock(BodyAxis::ANGULAR_Y);
    }
    parent
        .try_cast::<RigidBody2D>()
        .is_ok_and(|body| body.is_lock_rotation_enabled())
}

/// The scene `component` is part of: the scene being edited in the editor, the current scene
/// in a game; `None` outside the tree.
fn scene_root(component: &Gd<Node>) -> Option<Gd<Node>> {
    let tree = component.get_tree_or_null()?;
    if crate::editor::in_editor() {
        tree.get_edited_scene_root()
    } else {
        tree.get_current_scene()
    }
}

/// An `ApsTargetComponent`'s warnings: a parent that is not a `Node3D`, or one with no
/// collision shape to take vision's sample points from when none are set.
#[must_use]
pub fn target(parent: Option<Gd<Node>>, has_sample_points: bool, two_d: bool) -> PackedStringArray {
    if two_d {
        return target_2d(parent, has_sample_points);
    }
    let mut lines: Vec<&str> = Vec::new();
    match parent.map(|p| p.try_cast::<Node3D>()) {
        Some(Ok(parent)) if !has_sample_points && !has_collision_shape(&parent) => lines.push(
            "Its parent has no CollisionShape3D with a shape, so vision looks only at the \
             parent's origin and its rays have no body to hit. Give the parent a collision \
             shape (head, chest and feet are taken from it) or set Sample Points.",
        ),
        Some(Err(_)) => lines.push(
            "Its parent is not a Node3D, so nothing here is perceivable. Place it under the \
             Node3D an AI should notice.",
        ),
        Some(Ok(_)) | None => {}
    }
    lines.into_iter().map(GString::from).collect()
}

/// An `ApsTargetComponent2D`'s warnings: the 2D twins of [`target`]'s.
fn target_2d(parent: Option<Gd<Node>>, has_sample_points: bool) -> PackedStringArray {
    let mut lines: Vec<&str> = Vec::new();
    match parent.map(|p| p.try_cast::<Node2D>()) {
        Some(Ok(parent)) if !has_sample_points && !has_collision_shape_2d(&parent) => lines.push(
            "Its parent has no CollisionShape2D with a shape, so vision looks only at the \
             parent's origin and its rays have no body to hit. Give the parent a collision \
             shape (its ends and centre are taken from it) or set Sample Points.",
        ),
        Some(Err(_)) => lines.push(
            "Its parent is not a Node2D, so nothing here is perceivable. Place it under the \
             Node2D an AI should notice.",
        ),
        Some(Ok(_)) | None => {}
    }
    lines.into_iter().map(GString::from).collect()
}

fn has_collision_shape_2d(node: &Gd<Node2D>) -> bool {
    node.get_children().iter_shared().any(|child| {
        child
            .try_cast::<CollisionShape2D>()
            .is_ok_and(|cs| !cs.is_disabled() && cs.get_shape().is_some())
    })
}

/// Whether `node` has a collision shape child that vision can take sample points from (the
/// same child the game looks for: enabled, with a shape).
fn has_collision_shape(node: &Gd<Node3D>) -> bool {
    node.get_children().iter_shared().any(|child| {
        child
            .try_cast::<CollisionShape3D>()
            .is_ok_and(|cs| !cs.is_disabled() && cs.get_shape().is_some())
    })
}
