//! `ApsProfile`: the Perception Profile as a Godot resource (design notes, "Unreal words, Godot
//! words"). The inspector edits it; components read it as the core's `Profile`. Its properties
//! are derived from the core's declaration of the settings (`fields.rs`), so each one edits its
//! core setting with that setting's range, unit and doc.

mod api;
pub mod bridge;
mod fields;
mod resource;

pub use resource::ApsProfile;
