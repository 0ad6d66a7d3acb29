//! What the node classes do in the editor only: their configuration warnings (the triangle in
//! the Scene dock) and keeping those warnings and the perception gizmo in step with the
//! resources they are drawn from. Nothing here runs in a game.

pub mod first_load;
pub mod listener;
pub mod walls;
pub mod warnings;
pub mod watch;

/// Whether this runs in the editor (a scene being edited), not in a game.
#[must_use]
pub fn in_editor() -> bool {
    godot::init::is_editor_hint()
}
