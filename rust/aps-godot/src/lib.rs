//! # aps-godot
//!
//! The GDExtension of APS: Godot classes that adapt the engine to the engine-agnostic
//! `aps-core`. `ApsProfile` holds the settings, `ApsPerceptionComponent` perceives for one AI,
//! `ApsTargetComponent` makes things perceivable, and the `ApsWorld` singleton keeps who can be
//! perceived and the sounds made. Rays go through Godot's physics (`GodotSpace`).

mod constants;
mod convert;
mod perception_api;
mod perception_component;
mod perception_memory_api;
mod perception_signals;
mod physics_space;
mod profile;
mod registry;
mod sense_resource;
mod snapshot;
mod target_component;
mod world;

use godot::prelude::*;

struct ApsExtension;

#[gdextension]
unsafe impl ExtensionLibrary for ApsExtension {}
