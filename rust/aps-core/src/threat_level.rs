//! How a threat score maps onto the five threat levels (spec section 9): the highest level whose
//! threshold it reaches. The levels themselves are plain words of `vocabulary`.

use crate::profile::ThreatSettings;
pub use crate::vocabulary::threat_level::ThreatLevel;

impl ThreatLevel {
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
