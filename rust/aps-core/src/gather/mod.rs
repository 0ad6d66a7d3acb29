//! Gather (spec section 10, first step): who the AI could perceive this tick, as snapshots the
//! adapter fills from the engine.

pub mod candidates;
pub mod motion;
pub mod target;
pub mod team;
