//! # aps-core
//!
//! The engine-agnostic heart of APS: senses produce numbers, the core turns numbers into belief,
//! belief fires events, and the game decides what to do. No engine types live here; the Godot
//! adapter (`aps-godot`) fills the candidates and the world each tick, casts rays through
//! [`senses::rays::Space`] and turns [`Event`]s into signals.
//!
//! Section numbers in the docs refer to the APS behaviour specification.

pub mod belief;
pub mod brain;
pub mod crowd;
pub mod events;
pub mod fusion;
pub mod gather;
pub mod mind;
pub mod perception_core;
pub mod pose;
pub mod profile;
pub mod senses;
pub mod world;

pub use belief::loss::{LossReason, SenseLoss};
pub use belief::state::BeliefState;
pub use belief::Belief;
pub use brain::awareness::AwarenessLevel;
pub use events::{Event, StateChange};
pub use gather::target::{TargetId, TargetKind};
pub use mind::Mind;
pub use perception_core::{PassInput, PerceptionCore};
pub use pose::Pose;
pub use profile::{Profile, ProfileIssue};
pub use senses::id::{Sense, SenseId, SenseSet};
pub use senses::reading::{Observations, SenseReading};

pub use glam::Vec3;
