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
mod perception_pass;
mod perception_signals;
mod physics_space;
mod profile;
mod quality;

mod driver;
mod registry;
mod schedule;

mod sense_resource;
mod settings;
mod significance;

mod snapshot;
mod target_component;
mod world;
mod world_gather;
mod world_schedule;
mod world_squad;
mod world_stimuli;

use godot::prelude::*;

struct ApsExtension;

#[gdextension]
unsafe impl ExtensionLibrary for ApsExtension {
    fn on_stage_init(stage: InitStage) {
        if stage == InitStage::Scene {
            settings::register();
        }
    }
}
