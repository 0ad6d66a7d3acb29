//! Awareness: one level per AI from its top target's confidence (spec section 5). It reuses the
//! state thresholds, so tuning those tunes awareness.

use crate::profile::Thresholds;
pub use crate::vocabulary::awareness::AwarenessLevel;

impl AwarenessLevel {
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
