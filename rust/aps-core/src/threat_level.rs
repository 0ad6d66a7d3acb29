//! The five threat levels a threat score maps onto (spec section 9): plain data the belief
//! record keeps and events report, kept below both and below the threat formula that scores it.

use crate::profile::ThreatSettings;
use serde::{Deserialize, Serialize};

/// The five threat levels. The numeric values are stable (`THREAT_NONE` .. `THREAT_CRITICAL`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum ThreatLevel {
    #[default]
    None = 0,
    Low = 1,
    Medium = 2,
    High = 3,
    Critical = 4,
}

impl ThreatLevel {
    pub const ALL: [ThreatLevel; 5] = [
        ThreatLevel::None,
        ThreatLevel::Low,
        ThreatLevel::Medium,
        ThreatLevel::High,
        ThreatLevel::Critical,
    ];

    /// The highest level whose threshold the score reaches.
    #[must_use]
    pub fn for_score(score: f32, s: &ThreatSettings) -> ThreatLevel {
        if score >= s.threat_threshold_critical {
            ThreatLevel::Critical
        } else if score >= s.threat_threshold_high {
            ThreatLevel::High
        } else if score >= s.threat_threshold_medium {
            ThreatLevel::Medium
        } else if score >= s.threat_threshold_low {
            ThreatLevel::Low
        } else {
            ThreatLevel::None
        }
    }

    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ThreatLevel::None => "None",
            ThreatLevel::Low => "Low",
            ThreatLevel::Medium => "Medium",
            ThreatLevel::High => "High",
            ThreatLevel::Critical => "Critical",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_by_the_four_thresholds() {
        let s = ThreatSettings::default();
        let at = |v| ThreatLevel::for_score(v, &s);
        assert_eq!(at(0.149), ThreatLevel::None);
        assert_eq!(at(0.15), ThreatLevel::Low);
        assert_eq!(at(0.35), ThreatLevel::Medium);
        assert_eq!(at(0.60), ThreatLevel::High);
        assert_eq!(at(0.85), ThreatLevel::Critical);
    }
}
