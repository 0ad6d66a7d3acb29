//! Profile validation: every setting has a legal range, and a few must keep an order
//! (Memory Expire ≤ Suspect ≤ Detect ≤ Track ≤ Full Aware). A bad value is never accepted
//! silently and never panics: it is reported by its TOML path and replaced by the nearest legal
//! value (a NaN, which has no nearest value, by the default).

use super::{Profile, SenseWeights};
use crate::belief::loss::SenseLoss;
use crate::senses::id::Sense;
use std::fmt;

/// One setting that was out of range or not a number, and what was used instead.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileIssue {
    /// The setting's TOML path, e.g. `thresholds.detect_threshold`.
    pub field: String,
    /// What was wrong and what is used instead.
    pub message: String,
}

impl fmt::Display for ProfileIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

/// Collects issues while clamping values in place.
#[derive(Default)]
pub(super) struct Checker {
    issues: Vec<ProfileIssue>,
}

impl Checker {
    pub(super) fn report(&mut self, field: &str, message: String) {
        self.issues.push(ProfileIssue {
            field: field.to_owned(),
            message,
        });
    }

    /// Keeps `v` within `min..=max`; a NaN becomes `fallback`.
    pub(super) fn range(&mut self, field: &str, v: &mut f32, min: f32, max: f32, fallback: f32) {
        let given = *v;
        let fixed = if given.is_nan() {
            fallback
        } else {
            given.clamp(min, max)
        };
        if given.is_nan() {
            *v = fixed;
            self.report(field, format!("is not a number; using {fixed}"));
        } else if fixed != given {
            *v = fixed;
            self.report(
                field,
                format!("{given} is outside {min}..{max}; using {fixed}"),
            );
        }
    }

    pub(super) fn count(&mut self, field: &str, v: &mut u32, min: u32, max: u32) {
        let given = *v;
        let fixed = given.clamp(min, max);
        if fixed != given {
            *v = fixed;
            self.report(
                field,
                format!("{given} is outside {min}..{max}; using {fixed}"),
            );
        }
    }

    /// Like [`Checker::range`], but the least legal value is another setting's (`above`), so that
    /// thresholds keep their order. One message per field, whichever rule it broke.
    pub(super) fn ordered(
        &mut self,
        field: &str,
        v: &mut f32,
        above: (&str, f32),
        max: f32,
        fallback: f32,
    ) {
        let (other_field, min) = above;
        let given = *v;
        let fixed = if given.is_nan() {
            fallback.clamp(min, max)
        } else {
            given.clamp(min, max)
        };
        if fixed != given || given.is_nan() {
            *v = fixed;
            let why = if given.is_nan() {
                String::from("is not a number")
            } else if given < min {
                format!("{given} is below {other_field} ({min})")
            } else {
                format!("{given} is outside {min}..{max}")
            };
            self.report(field, format!("{why}; using {fixed}"));
        }
    }

    fn loss_row(&mut self, sense: Sense, row: &mut SenseLoss, default: SenseLoss) {
        let name = sense.name();
        self.range(
            &format!("loss.{name}.grace_time"),
            &mut row.grace_time,
            0.0,
            600.0,
            default.grace_time,
        );
        self.range(
            &format!("loss.{name}.confidence_decay_multiplier"),
            &mut row.confidence_decay_multiplier,
            0.0,
            100.0,
            default.confidence_decay_multiplier,
        );
    }

    fn weights(&mut self, w: &mut SenseWeights) {
        for sense in Sense::ALL {
            let field = format!("fusion.sense_weights.{}", sense.name());
            self.range(&field, w.get_mut(sense), 0.0, 10.0, 1.0);
        }
    }
}

impl Profile {
    /// Clamps every out-of-range or non-finite setting to the nearest legal value and returns one
    /// issue per setting it changed. A valid profile returns no issues and is left unchanged.
    pub fn validate(&mut self) -> Vec<ProfileIssue> {
        let d = Profile::default();
        let mut c = Checker::default();

        let t = &mut self.thresholds;
        let dt = &d.thresholds;
        c.range(
            "thresholds.memory_expire_threshold",
            &mut t.memory_expire_threshold,
            0.0,
            1.0,
            dt.memory_expire_threshold,
        );
        c.ordered(
            "thresholds.suspect_threshold",
            &mut t.suspect_threshold,
            (
                "thresholds.memory_expire_threshold",
                t.memory_expire_threshold,
            ),
            1.0,
            dt.suspect_threshold,
        );
        c.ordered(
            "thresholds.detect_threshold",
            &mut t.detect_threshold,
            ("thresholds.suspect_threshold", t.suspect_threshold),
            1.0,
            dt.detect_threshold,
        );
        c.ordered(
            "thresholds.track_threshold",
            &mut t.track_threshold,
            ("thresholds.detect_threshold", t.detect_threshold),
            1.0,
            dt.track_threshold,
        );
        c.ordered(
            "thresholds.full_aware_threshold",
            &mut t.full_aware_threshold,
            ("thresholds.track_threshold", t.track_threshold),
            1.0,
            dt.full_aware_threshold,
        );
        c.range(
            "thresholds.min_track_duration",
            &mut t.min_track_duration,
            0.0,
            60.0,
            dt.min_track_duration,
        );
        c.range(
            "thresholds.min_time_in_lost",
            &mut t.min_time_in_lost,
            0.0,
            600.0,
            dt.min_time_in_lost,
        );

        c.range(
            "fusion.corroboration_bonus",
            &mut self.fusion.corroboration_bonus,
            0.0,
            1.0,
            d.fusion.corroboration_bonus,
        );
        c.weights(&mut self.fusion.sense_weights);

        let s = &mut self.smoothing;
        let ds = &d.smoothing;
        c.range(
            "smoothing.confidence_rise_rate",
            &mut s.confidence_rise_rate,
            0.0,
            100.0,
            ds.confidence_rise_rate,
        );
        c.range(
            "smoothing.standing_dwell_rate",
            &mut s.standing_dwell_rate,
            0.0,
            10.0,
            ds.standing_dwell_rate,
        );
        c.range(
            "smoothing.moving_dwell_rate",
            &mut s.moving_dwell_rate,
            0.0,
            10.0,
            ds.moving_dwell_rate,
        );
        c.range(
            "smoothing.default_decay_exponent",
            &mut s.default_decay_exponent,
            0.0,
            100.0,
            ds.default_decay_exponent,
        );
        if let Some(curve) = &mut s.decay_curve {
            let changed = curve.sanitize();
            if changed > 0 {
                c.report(
                    "smoothing.decay_curve",
                    format!(
                        "{changed} point(s) were not finite or out of range; dropped or clamped"
                    ),
                );
            }
            if curve.is_empty() {
                s.decay_curve = None;
                c.report(
                    "smoothing.decay_curve",
                    "has no usable points; using exponential decay".to_owned(),
                );
            }
        }

        for sense in Sense::ALL {
            if let (Some(row), Some(default)) = (self.loss.get_mut(sense), d.loss.get(sense)) {
                c.loss_row(sense, row, default);
            }
        }

        let a = &mut self.attention;
        let da = &d.attention;
        c.range(
            "attention.attention_stickiness_time",
            &mut a.attention_stickiness_time,
            0.0,
            600.0,
            da.attention_stickiness_time,
        );
        c.range(
            "attention.attention_switch_threshold",
            &mut a.attention_switch_threshold,
            0.0,
            10.0,
            da.attention_switch_threshold,
        );
        c.count(
            "attention.max_tracked_targets",
            &mut a.max_tracked_targets,
            1,
            256,
        );
        c.range(
            "attention.sort_weight_confidence",
            &mut a.sort_weight_confidence,
            0.0,
            10.0,
            da.sort_weight_confidence,
        );
        c.range(
            "attention.sort_weight_recency",
            &mut a.sort_weight_recency,
            0.0,
            10.0,
            da.sort_weight_recency,
        );
        c.range(
            "attention.sort_weight_proximity",
            &mut a.sort_weight_proximity,
            0.0,
            10.0,
            da.sort_weight_proximity,
        );

        let p = &mut self.performance;
        c.range(
            "performance.base_update_interval",
            &mut p.base_update_interval,
            0.01,
            10.0,
            d.performance.base_update_interval,
        );
        c.range(
            "performance.maintenance_interval",
            &mut p.maintenance_interval,
            0.05,
            600.0,
            d.performance.maintenance_interval,
        );

        super::validate_brain::check(&mut c, self, &d);
        super::validate_senses::check(&mut c, self, &d);

        c.issues
    }

    /// A validated copy and the issues found, leaving `self` as it was.
    #[must_use]
    pub fn validated(&self) -> (Profile, Vec<ProfileIssue>) {
        let mut p = self.clone();
        let issues = p.validate();
        (p, issues)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_profile_is_valid() {
        let mut p = Profile::default();
        assert!(p.validate().is_empty());
        assert_eq!(p, Profile::default());
    }

    #[test]
    fn bad_values_are_named_and_clamped() {
        let mut p = Profile::default();
        p.thresholds.suspect_threshold = -0.2;
        p.smoothing.confidence_rise_rate = f32::NAN;
        p.thresholds.detect_threshold = 0.1; // below Suspect once Suspect is fixed
        p.loss.vision.grace_time = f32::INFINITY;
        p.attention.max_tracked_targets = 0;
        let issues = p.validate();
        let fields: Vec<_> = issues.iter().map(|i| i.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "thresholds.suspect_threshold",
                "smoothing.confidence_rise_rate",
                "loss.vision.grace_time",
                "attention.max_tracked_targets",
            ]
        );
        // Suspect may not go below Memory Expire (0.05); Detect 0.1 is then legal.
        assert_eq!(p.thresholds.suspect_threshold, 0.05);
        assert_eq!(p.thresholds.detect_threshold, 0.1);
        assert_eq!(p.smoothing.confidence_rise_rate, 2.0);
        assert_eq!(p.loss.vision.grace_time, 600.0);
        assert_eq!(p.attention.max_tracked_targets, 1);
        assert!(issues[1].to_string().contains("not a number"));
        // Validating again finds nothing: the fixed values are legal.
        assert!(p.validate().is_empty());
    }

    #[test]
    fn detect_below_suspect_is_raised_to_suspect() {
        let mut p = Profile::default();
        p.thresholds.detect_threshold = 0.1;
        let issues = p.validate();
        assert_eq!(issues.len(), 1, "{issues:?}");
        assert_eq!(issues[0].field, "thresholds.detect_threshold");
        assert!(issues[0]
            .message
            .contains("below thresholds.suspect_threshold"));
        assert_eq!(p.thresholds.detect_threshold, 0.15);
    }
}
