//! Mapping the core's enums to the integer constants scripts see.

use aps_core::{BeliefState, SenseSet};
use godot::prelude::*;

/// The `STATE_*` constant of a state.
#[must_use]
pub fn state_of(s: BeliefState) -> i32 {
    s as i32
}

/// The `SENSE_*` constants (and custom slots) in a set.
#[must_use]
pub fn sense_ids(set: SenseSet) -> PackedInt32Array {
    set.iter().map(|s| i32::from(s.0)).collect()
}
