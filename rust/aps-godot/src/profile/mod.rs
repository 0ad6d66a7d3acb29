//! `ApsProfile`: the Perception Profile as a Godot resource (design notes, "Unreal words, Godot
//! words"). The inspector edits it; components read it as the core's `Profile`.

mod api;
pub mod bridge;
mod fields;
mod resource;

pub use resource::ApsProfile;
