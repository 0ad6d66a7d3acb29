//! # aps-core
//!
//! The engine-agnostic heart of APS: senses produce numbers, the core turns numbers into belief,
//! belief fires events, and the game decides what to do. No engine types live here; the Godot
//! adapter (`aps-godot`) fills [`Observations`] each tick and turns [`Event`]s into signals.
//!
//! Section numbers in the docs refer to the APS behaviour specification.

pub mod attention;
pub mod awareness;
pub mod belief;
mod brain;
pub mod conditions;
pub mod crowd;
pub mod decay_curve;
pub mod emotion;
pub mod events;
pub mod evidence;
pub mod fusion;
pub mod grid;
pub mod ledger;
pub mod lod;
pub mod loss;
pub mod memory;
mod memory_engine;
pub mod perceiver;
mod perceiver_tick;
pub mod perception_core;
pub mod places;
pub mod player_model;
pub mod profile;
pub mod reading;
pub mod scent;
pub mod scheduler;

pub mod sense;
pub mod sense_table;
pub mod senses;
pub mod smoothing;
pub mod space;
pub mod spatial;
pub mod squad;
pub mod state;
pub mod stimulus;
pub mod target;
pub mod threat;

pub use awareness::AwarenessLevel;
pub use belief::Belief;
pub use events::{Event, StateChange};
pub use loss::{LossReason, SenseLoss};
pub use perceiver::Perceiver;
pub use perception_core::{PassInput, PerceptionCore};
pub use profile::{Profile, ProfileIssue};
pub use reading::{Observations, Pose, SenseReading, TargetId, TargetKind};
pub use sense::{Sense, SenseId, SenseSet};
pub use state::BeliefState;

pub use glam::Vec3;
