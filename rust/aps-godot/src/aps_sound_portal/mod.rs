//! `ApsSoundPortal` (3D) and `ApsSoundPortal2D`: a doorway, window or vent that sound passes
//! through. How a sound finds its way through portals is the core's
//! [`sound_paths`](aps_core::senses::sound_paths), in metres on the core's ground plane for a 2D
//! level as for a 3D one.
//!
//! Each class keeps its radius and its life in the tree; telling its world where it is, is
//! written once here for both kinds of scene (`D` the scene's [`Dim`]).

mod three;
mod two;

use crate::aps_world::ApsWorld;
use crate::dim::Dim;
use aps_core::senses::sound_paths::Portal;
use godot::classes::{Node, Object};
use godot::prelude::*;

/// A 3D portal's radius when none is set, in metres: about half a doorway.
const DEFAULT_RADIUS_METERS: f32 = 0.5;

/// A 2D portal's radius when none is set, in pixels: half a metre at the default scale. Fixed
/// in pixels so that a scene saves the same whatever `aps/2d/pixels_per_meter` says.
const DEFAULT_RADIUS_PIXELS: f32 = 50.0;

/// The portal's id in its world: its node's instance id.
fn portal_id(me: &Gd<Node>) -> u64 {
    me.instance_id().to_i64() as u64
}

/// `radius` if it is above 0; anything else becomes `default`, with one warning naming the
/// class, the setting, the value and the scene's `unit`.
fn checked_radius(me: &Gd<Object>, class: &str, radius: f32, (default, unit): (f32, &str)) -> f32 {
    if radius.is_finite() && radius > 0.0 {
        return radius;
    }
    let used = default;
    crate::warnings::warn_on(&format!("{class}.radius"), me, || {
        format!("{class}.radius: {radius} must be above 0 {unit}; using {used} {unit}")
    });
    used
}

/// Tells `me`'s world that the portal is at `position` with `radius`, both in the scene's
/// units. A position that is no number is not placed. Returns whether it was.
fn place<D: Dim>(me: &Gd<Node>, position: D::Vector, radius: f32) -> bool {
    let position = D::to_core(position);
    if !position.is_finite() {
        return false;
    }
    let portal = Portal {
        id: portal_id(me),
        position,
        radius: D::to_meters(radius),
    };
    ApsWorld::singleton()
        .bind_mut()
        .world_of_mut(Some(me))
        .set_portal(portal);
    true
}

/// Takes the portal `me` out of its world.
fn remove(me: &Gd<Node>) {
    ApsWorld::singleton()
        .bind_mut()
        .world_of_mut(Some(me))
        .remove_portal(portal_id(me));
}
