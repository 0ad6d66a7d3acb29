//! Crowds and cost (spec sections 12, 13 and 14): the ledger of belief slots, who gets a slot
//! in a crowd, the spatial grid, level of detail and the frame budget.

pub mod grid;
pub mod ledger;
pub mod lod;
pub mod priority;
pub mod quality;
pub mod salience;
pub mod scheduler;
pub mod selection;

pub use priority::{CandidateInfo, LookBook, Priority};
