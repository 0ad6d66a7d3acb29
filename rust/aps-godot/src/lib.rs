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
//! Each class with a 2D twin is a folder: its state and logic written once, generic over the
//! kind of scene ([`dim::Dim`]), and two plain class files, `three.rs` and `two.rs`, whose calls
//! forward to it.
//!
//! Imports run one way (`layers_test.rs` holds it). The classes, on top, call one another
//! through the `ApsWorld` singleton. Below them, and never naming a class: a world's schedule,
//! squads and occluders ([`world`]), who can be perceived in it ([`registry`]), a node as the
//! core sees it ([`snapshot`]), what a target component says of its node ([`description`]),
//! saved games' keys and data ([`saved`]). At the bottom, the engine reads and conversions:
//! the core's ray seam on Godot's physics ([`physics_space`]), the two kinds of scene
//! ([`dim`]), the project settings ([`settings`]), conversions ([`convert`]), the object
//! arguments scripts pass, taken as given and refused with a warning when wrong ([`given`]),
//! and warnings said once per cause ([`warnings`]). Beside the classes, what the nodes do in the
//! editor only: warnings and keeping the gizmo current ([`editor`]).

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
mod level_mirror;
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
mod scene_lights;
mod settings;
mod snapshot;
mod teams;
mod warnings;
mod world;
mod world_key;

#[cfg(test)]
mod layers_test;
#[cfg(test)]
mod reference_test;

use godot::prelude::*;

struct ApsExtension;

#[gdextension]
unsafe impl ExtensionLibrary for ApsExtension {
    fn on_stage_init(stage: InitStage) {
        if stage == InitStage::Scene {
            settings::register();
            monitors::register();
        }
        if stage == InitStage::Editor {
            editor::first_load::before_docs_rebuild();
        }
    }

    fn on_stage_deinit(stage: InitStage) {
        if stage == InitStage::Scene {
            monitors::unregister();
            debug_draw::release_shared();
        }
    }
}
