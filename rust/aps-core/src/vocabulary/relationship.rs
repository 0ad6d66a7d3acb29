//! Who a target is to an AI (spec section 9, relationships): what the profile's default and
//! team rules give, or what the game sets per target. Plain data, kept below the profile that
//! holds those rules and the threat formula that weighs it.

use serde::{Deserialize, Serialize};

/// Who a target is to the AI. The numeric values are stable: the Godot layer exposes them as
/// `RELATIONSHIP_FEARED` .. `RELATIONSHIP_TEAMMATE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Relationship {
    Feared = 0,
    HighValue = 1,
    Enemy = 2,
    #[default]
    Unknown = 3,
    Neutral = 4,
    Friendly = 5,
    Teammate = 6,
}

impl Relationship {
    pub const ALL: [Relationship; 7] = [
        Relationship::Feared,
        Relationship::HighValue,
        Relationship::Enemy,
        Relationship::Unknown,
        Relationship::Neutral,
        Relationship::Friendly,
        Relationship::Teammate,
    ];

    /// Every relationship's name, in the order of [`Relationship::ALL`] (the inspector's
    /// choices for a profile's default relationship).
    pub const NAMES: [&'static str; 7] = {
        let mut names = [""; 7];
        let mut i = 0;
        while i < names.len() {
            names[i] = Relationship::ALL[i].name();
            i += 1;
        }
        names
    };

    /// The relationship modifier of the threat formula.
    #[must_use]
    pub const fn modifier(self) -> f32 {
        match self {
            Relationship::Feared => 1.5,
            Relationship::HighValue => 1.2,
            Relationship::Enemy => 1.0,
            Relationship::Unknown => 0.5,
            Relationship::Neutral => 0.3,
            Relationship::Friendly | Relationship::Teammate => 0.0,
        }
    }

    /// Friendly or Teammate: never a threat, and an ally in a crowd.
    #[must_use]
    pub const fn is_ally(self) -> bool {
        matches!(self, Relationship::Friendly | Relationship::Teammate)
    }

    #[must_use]
    pub fn from_index(i: i64) -> Option<Relationship> {
        usize::try_from(i)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }

    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Relationship::Feared => "Feared",
            Relationship::HighValue => "HighValue",
            Relationship::Enemy => "Enemy",
            Relationship::Unknown => "Unknown",
            Relationship::Neutral => "Neutral",
            Relationship::Friendly => "Friendly",
            Relationship::Teammate => "Teammate",
        }
    }
}
