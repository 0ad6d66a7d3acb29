//! The seven states a belief moves through (spec section 3), as plain data: the transition
//! table is `belief::state`'s.

use serde::{Deserialize, Serialize};

/// A per-target state. The numeric values are stable: the Godot layer exposes them as
/// `STATE_UNDETECTED` .. `STATE_EXPIRED`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum BeliefState {
    #[default]
    Undetected = 0,
    Suspected = 1,
    Detected = 2,
    Tracked = 3,
    Lost = 4,
    Remembered = 5,
    Expired = 6,
}

impl BeliefState {
    pub const ALL: [BeliefState; 7] = [
        BeliefState::Undetected,
        BeliefState::Suspected,
        BeliefState::Detected,
        BeliefState::Tracked,
        BeliefState::Lost,
        BeliefState::Remembered,
        BeliefState::Expired,
    ];

    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            BeliefState::Undetected => "Undetected",
            BeliefState::Suspected => "Suspected",
            BeliefState::Detected => "Detected",
            BeliefState::Tracked => "Tracked",
            BeliefState::Lost => "Lost",
            BeliefState::Remembered => "Remembered",
            BeliefState::Expired => "Expired",
        }
    }

    /// Noticed: the target can take attention and count as the top target (spec section 6).
    /// Undetected was never noticed and Expired is forgotten.
    #[must_use]
    pub const fn is_noticed(self) -> bool {
        !matches!(self, BeliefState::Undetected | BeliefState::Expired)
    }

    /// In contact: Detected or Tracked.
    #[must_use]
    pub const fn is_in_contact(self) -> bool {
        matches!(self, BeliefState::Detected | BeliefState::Tracked)
    }
}
