//! # aps-godot
//!
//! The GDExtension of APS: Godot classes that adapt the engine to the engine-agnostic
//! `aps-core`. It reads nodes, casts rays and emits signals; every threshold, interval and
//! formula is the core's. One file (or folder) per class, named for it:
//!
//! - [`ApsProfile`](aps_profile): the settings of one kind of AI, edited in the inspector.
//! - [`ApsPerceptionComponent`](aps_perception_component): perception for one AI.
//! - [`ApsTargetComponent`](aps_target_component): makes its parent perceivable.
//! - [`ApsWorld`](aps_world): the singleton that keeps one [`World`](world::World) per
//!   `World3D` and routes each call to the world of the node it concerns;
//!   [`ApsWorldState`](aps_world_state) gives scripts any one world's calls.
//! - [`ApsSense`](aps_sense), [`ApsQualityProfile`](aps_quality_profile),
//!   [`ApsSignificancePolicy`](aps_significance_policy): what a game may plug in.
//! - [`ApsDriver`](aps_driver): the node that runs the schedule every physics frame.
//!
//! Below the classes: who can be perceived in a world ([`registry`]), a node as the core sees it
//! ([`snapshot`]), the core's ray seam on Godot's physics ([`physics_space`]), the project
//! settings ([`settings`]), conversions ([`convert`]), the object arguments scripts pass,
//! taken as given and refused with a warning when wrong ([`given`]), and warnings said once per
//! cause ([`warnings`]). Beside them, what the nodes do in the editor only: warnings and keeping
//! the gizmo current ([`editor`]).

mod aps_driver;
mod aps_occluder;
mod aps_perception_component;
mod aps_profile;
mod aps_quality_profile;
mod aps_recording;
mod aps_replicator;
mod aps_sense;
mod aps_significance_policy;
mod aps_sound_portal;
mod aps_target_component;
mod aps_world;
mod aps_world_state;
mod convert;
mod debug_draw;
mod debugger;
mod description;
mod dim;
mod editor;
mod gaze;
mod given;
mod kept;
mod monitors;
mod multiplayer;
mod names;
mod navigation;
mod parts;
mod pending;
mod physics_space;
mod registry;
mod sample_points;
mod saved;
mod settings;
mod snapshot;
mod teams;
mod warnings;
mod world;
mod world_key;

#[cfg(test)]
mod layers_test;

use godot::prelude::*;

struct ApsExtension;

#[gdextension]
unsafe impl ExtensionLibrary for ApsExtension {
    fn on_stage_init(stage: InitStage) {
        if stage == InitStage::Scene {
            settings::register();
            monitors::register();
        }
    }

    fn on_stage_deinit(stage: InitStage) {
        if stage == InitStage::Scene {
            monitors::unregister();
            debug_draw::release_shared();
        }
    }
}
