//! Belief: what one AI holds about one target and how it changes each tick (spec sections 2
//! to 4, 7, 8 and 11). The memory engine smooths the fused confidence, steps the seven states
//! and records why and where a target was lost; the belief record keeps the result.

pub mod decay_curve;
pub mod episodes;
pub mod evidence;
pub use crate::vocabulary::loss;
pub mod memory_engine;
pub mod places;
pub mod record;
pub mod smoothing;
pub mod state;
pub mod whereabouts;

pub use record::Belief;
