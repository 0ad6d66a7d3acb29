//! Awareness: one level per AI from its top target's confidence (spec section 5). It reuses the
//! state thresholds, so tuning those tunes awareness.

use crate::profile::Thresholds;

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

    /// The level for a confidence (`None`: no top target).
    #[must_use]
    pub fn for_confidence(confidence: Option<f32>, t: &Thresholds) -> AwarenessLevel {
        let Some(c) = confidence else {
            return AwarenessLevel::Unaware;
        };
        if c >= t.full_aware_threshold {
            AwarenessLevel::FullyAware
        } else if c >= t.track_threshold {
            AwarenessLevel::Alerted
        } else if c >= t.detect_threshold {
            AwarenessLevel::Suspicious
        } else if c >= t.suspect_threshold {
            AwarenessLevel::Peripheral
        } else {
            AwarenessLevel::Unaware
        }
    }
}

#[cfg(test)]
mod tests {
    use super::AwarenessLevel::*;
    use super::*;

    #[test]
    fn each_row_of_the_awareness_table() {
        let t = Thresholds::default();
        let at = |c| AwarenessLevel::for_confidence(Some(c), &t);
        assert_eq!(at(0.85), FullyAware);
        assert_eq!(at(0.849), Alerted);
        assert_eq!(at(0.60), Alerted);
        assert_eq!(at(0.599), Suspicious);
        assert_eq!(at(0.35), Suspicious);
        assert_eq!(at(0.349), Peripheral);
        assert_eq!(at(0.15), Peripheral);
        assert_eq!(at(0.149), Unaware);
        assert_eq!(AwarenessLevel::for_confidence(None, &t), Unaware);
    }

    #[test]
    fn follows_tuned_thresholds() {
        let t = Thresholds {
            detect_threshold: 0.5,
            ..Thresholds::default()
        };
        assert_eq!(AwarenessLevel::for_confidence(Some(0.4), &t), Peripheral);
    }
}
