//! The five awareness levels of an AI (spec section 5), as plain data: the rule that sets them
//! from the top target's confidence is `brain::awareness`'s.

/// The AI's overall alertness. The numeric values are stable: the Godot layer exposes them as
/// `AWARENESS_UNAWARE` .. `AWARENESS_FULLY_AWARE`.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum AwarenessLevel {
    #[default]
    Unaware = 0,
    Peripheral = 1,
    Suspicious = 2,
    Alerted = 3,
    FullyAware = 4,
}

impl AwarenessLevel {
    pub const ALL: [AwarenessLevel; 5] = [
        AwarenessLevel::Unaware,
        AwarenessLevel::Peripheral,
        AwarenessLevel::Suspicious,
        AwarenessLevel::Alerted,
        AwarenessLevel::FullyAware,
    ];

    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            AwarenessLevel::Unaware => "Unaware",
            AwarenessLevel::Peripheral => "Peripheral",
            AwarenessLevel::Suspicious => "Suspicious",
            AwarenessLevel::Alerted => "Alerted",
            AwarenessLevel::FullyAware => "FullyAware",
        }
    }

    /// The level with this numeric value (clamped to 0..4).
    #[must_use]
    pub fn for_index(i: i32) -> AwarenessLevel {
        match i {
            i32::MIN..=0 => AwarenessLevel::Unaware,
            1 => AwarenessLevel::Peripheral,
            2 => AwarenessLevel::Suspicious,
            3 => AwarenessLevel::Alerted,
            _ => AwarenessLevel::FullyAware,
        }
    }
}
