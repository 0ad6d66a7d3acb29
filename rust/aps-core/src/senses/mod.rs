//! The sense contract (spec section 14, "The sense contract") and the built-in senses.
//!
//! Every sense, built in or custom, follows the same four steps: Pre Tick once per AI per tick,
//! Evaluate once per target, a payload when active, Post Tick Flush after all targets. It also
//! states how it is lost (its [`SenseSpec`](crate::senses::table::SenseSpec)) and how far it
//! reaches. The perception pass talks to senses only through [`SenseUnit`].

pub mod contract;
pub use crate::vocabulary::sense as id;
pub mod rays;
pub mod reading;
pub mod sound_paths;
pub mod suite;
pub mod table;
pub mod transmission;

pub mod damage;
pub mod echolocation;
pub mod hearing;
pub mod pain;
pub mod smell;
pub mod touch;
pub mod vibration;
pub mod vision;

pub use contract::{
    PlaceReading, PlaceReadings, Probe, SenseContext, SenseUnit, Stimuli, WorldView,
};
pub use damage::DamageSense;
pub use echolocation::Echolocation;
pub use hearing::Hearing;
pub use pain::Pain;
pub use smell::Smell;
pub use touch::TouchSense;
pub use vibration::Vibration;
pub use vision::Vision;
