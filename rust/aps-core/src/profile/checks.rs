//! What a designer should hear about a profile before it runs (the editor's configuration
//! warnings): a profile that can perceive nothing, and thresholds out of order. Validation
//! (`validate.rs`) clamps values when the profile is used; these say what no clamp can fix.

use super::Profile;

impl Profile {
    /// Why an AI with this profile can perceive no target at all, if it can't: every sense is
    /// off, or the senses that are on reach nowhere (vision with a range of 0 m, say).
    /// `custom_senses` is how many senses of its own the AI has, which may perceive anything.
    #[must_use]
    pub fn perceives_nothing(&self, custom_senses: usize) -> Option<String> {
        if custom_senses > 0 {
            return None;
        }
        let v = &self.vision;
        let senses = [
            (
                "vision",
                v.enabled,
                v.max_range > 0.0 && v.peripheral_half_angle.max(v.main_cone_half_angle) > 0.0,
            ),
            (
                "hearing",
                self.hearing.enabled,
                self.hearing.max_range > 0.0,
            ),
            ("smell", self.smell.enabled, self.smell.range > 0.0),
            // A touch the game reports counts whatever the reach.
            ("touch", self.touch.enabled, true),
            (
                "vibration",
                self.vibration.enabled,
                self.vibration.vibration_detect_range > 0.0,
            ),
            // Whoever hurts the AI is perceived wherever it stands.
            ("damage", self.damage.enabled, true),
            (
                "echolocation",
                self.echolocation.enabled,
                self.echolocation.echo_range > 0.0,
            ),
        ];
        let on: Vec<&str> = senses.iter().filter(|s| s.1).map(|s| s.0).collect();
        if on.is_empty() {
            return Some("every sense is off, so it perceives nothing".to_owned());
        }
        if senses.iter().any(|s| s.1 && s.2) {
            return None;
        }
        Some(format!(
            "its senses ({}) reach 0 m, so it perceives nothing",
            on.join(", ")
        ))
    }

    /// The state thresholds out of order (spec section 3: Suspect below Detect below Track below
    /// Full Aware), one line per pair, in the spec's names. Validation would raise each to the
    /// one below it; this says so before it happens.
    #[must_use]
    pub fn threshold_order_problems(&self) -> Vec<String> {
        let t = &self.thresholds;
        let chain = [
            ("Suspect Threshold", t.suspect_threshold),
            ("Detect Threshold", t.detect_threshold),
            ("Track Threshold", t.track_threshold),
            ("Full Aware Threshold", t.full_aware_threshold),
        ];
        chain
            .windows(2)
            .filter(|w| w[0].1 >= w[1].1)
            .map(|w| {
                format!(
                    "{} ({}) is not below {} ({})",
                    w[0].0, w[0].1, w[1].0, w[1].1
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_profile_perceives_and_its_thresholds_are_in_order() {
        let p = Profile::default();
        assert_eq!(p.perceives_nothing(0), None);
        assert!(p.threshold_order_problems().is_empty());
    }

    #[test]
    fn every_sense_off_or_vision_alone_at_0_m_perceives_nothing() {
        let mut p = Profile::default();
        p.vision.enabled = false;
        p.hearing.enabled = false;
        p.touch.enabled = false;
        p.vibration.enabled = false;
        p.damage.enabled = false;
        p.smell.enabled = false;
        p.echolocation.enabled = false;
        assert!(p
            .perceives_nothing(0)
            .unwrap()
            .contains("every sense is off"));
        assert_eq!(
            p.perceives_nothing(1),
            None,
            "a sense of its own may perceive"
        );
        p.vision.enabled = true;
        assert_eq!(p.perceives_nothing(0), None);
        p.vision.max_range = 0.0;
        assert!(p.perceives_nothing(0).unwrap().contains("vision"));
        p.damage.enabled = true;
        assert_eq!(
            p.perceives_nothing(0),
            None,
            "damage perceives from anywhere"
        );
    }

    #[test]
    fn thresholds_out_of_order_are_named_pair_by_pair() {
        let mut p = Profile::default();
        p.thresholds.suspect_threshold = 0.5;
        let problems = p.threshold_order_problems();
        assert_eq!(
            problems,
            ["Suspect Threshold (0.5) is not below Detect Threshold (0.35)"]
        );
        p.thresholds.track_threshold = 0.9;
        assert_eq!(
            p.threshold_order_problems().len(),
            2,
            "Track 0.9 >= Full Aware 0.85 too"
        );
    }
}
