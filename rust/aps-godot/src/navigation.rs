//! The engine's navigation servers, for sound that finds its way round walls.

use godot::classes::{Engine, Object};
use godot::prelude::*;

/// The NavigationServer3D singleton (NavigationServer2D with `two_d`), reached by name (their
/// classes are not among the ones gdext generates for this build).
#[must_use]
pub fn navigation_server(two_d: bool) -> Option<Gd<Object>> {
    let name = if two_d {
        "NavigationServer2D"
    } else {
        "NavigationServer3D"
    };
    Engine::singleton().get_singleton(name)
}
