//! Profile validation: every setting has a legal range, and a few must keep an order
//! (Memory Expire ≤ Suspect ≤ Detect ≤ Track ≤ Full Aware, and the like). A bad value is never
//! accepted silently and never panics: it is reported by its TOML path and replaced by the
//! nearest legal value (a NaN, which has no nearest value, by the default).
//!
//! The ranges, orders and defaults are the declaration's (`settings.rs`), read from
//! [`Profile::SETTINGS`]; what is written here is how a value is checked against them, the
//! order settings are checked in, and the decay curve's rule, which is about its points.

use super::setting::{Kind, Setting};
use super::{Profile, TeamRule, MAX_TEAM_RULES};
use crate::belief::decay_curve::DecayCurve;
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
struct Checker {
    issues: Vec<ProfileIssue>,
}

impl Checker {
    fn report(&mut self, field: &str, message: String) {
        self.issues.push(ProfileIssue {
            field: field.to_owned(),
            message,
        });
    }

    /// Checks one setting of `p` against its row of the table.
    fn setting(&mut self, p: &mut Profile, s: &Setting) {
        match &s.kind {
            Kind::Number(n) => match &n.above {
                None => self.range(s.path, (n.field)(p), n.min, n.max, n.default),
                Some(above) => {
                    let least = (above.value)(p) + above.margin;
                    self.ordered(s.path, (n.field)(p), (above.path, least), n.max, n.default);
                }
            },
            Kind::Count(n) => self.count(s.path, (n.field)(p), n.min, n.max),
            Kind::Curve { field } => self.decay_curve(s.path, field(p)),
            Kind::Flag { .. } | Kind::Layers { .. } | Kind::Choice { .. } | Kind::Rules => {}
        }
    }

    /// Keeps `v` within `min..=max`; a NaN becomes `fallback`.
    fn range(&mut self, field: &str, v: &mut f32, min: f32, max: f32, fallback: f32) {
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

    fn count(&mut self, field: &str, v: &mut u32, min: u32, max: u32) {
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
    fn ordered(&mut self, field: &str, v: &mut f32, above: (&str, f32), max: f32, fallback: f32) {
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

    /// Team rules past [`MAX_TEAM_RULES`] are dropped: an AI looks its rules up in a table it
    /// builds when the profile is set, which a file or a script must not grow without end.
    fn team_rules(&mut self, rules: &mut Vec<TeamRule>) {
        if rules.len() > MAX_TEAM_RULES {
            self.report(
                "threat.team_rules",
                format!(
                    "{} rules, more than the {MAX_TEAM_RULES} a profile keeps; the first \
                     {MAX_TEAM_RULES} are used",
                    rules.len()
                ),
            );
            rules.truncate(MAX_TEAM_RULES);
        }
    }

    /// The decay curve has no range: its points are sanitised (spec section 2: x is seconds
    /// since last sensed, y a factor 0..1), and a curve left with none means no curve.
    fn decay_curve(&mut self, field: &str, curve: &mut Option<DecayCurve>) {
        let Some(points) = curve else {
            return;
        };
        let changed = points.sanitize();
        if changed > 0 {
            self.report(
                field,
                format!("{changed} point(s) were not finite or out of range; dropped or clamped"),
            );
        }
        if points.is_empty() {
            *curve = None;
            self.report(
                field,
                "has no usable points; using exponential decay".to_owned(),
            );
        }
    }
}

/// The order settings are checked in, which is the order their issues are reported in: the
/// table's, with two exceptions that keep the order profiles have always reported in. Memory
/// Expire comes first, as it is the floor the other state thresholds are ordered against (spec
/// section 3), so they are checked against a legal value (it is checked again, silently, in its
/// place). The loss rows go in the order of the senses ([`Sense::ALL`]), not the grace table's.
fn check_order() -> Vec<&'static Setting> {
    let table = Profile::SETTINGS;
    let is_loss = |s: &&Setting| s.path.starts_with("loss.");
    let first_loss = table
        .iter()
        .position(|s| is_loss(&s))
        .unwrap_or(table.len());
    let mut order = Vec::with_capacity(table.len() + 1);
    order.extend(Profile::setting("thresholds.memory_expire_threshold"));
    order.extend(&table[..first_loss]);
    for sense in Sense::ALL {
        let row = format!("loss.{}.", sense.name());
        order.extend(table.iter().filter(|s| s.path.starts_with(&row)));
    }
    order.extend(table[first_loss..].iter().filter(|s| !is_loss(s)));
    order
}

impl Profile {
    /// Clamps every out-of-range or non-finite setting to the nearest legal value and returns one
    /// issue per setting it changed. A valid profile returns no issues and is left unchanged.
    pub fn validate(&mut self) -> Vec<ProfileIssue> {
        let mut c = Checker::default();
        for s in check_order() {
            c.setting(self, s);
        }
        c.team_rules(&mut self.threat.team_rules);
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
    fn every_setting_is_checked_and_after_what_it_is_ordered_above() {
        let order = check_order();
        let mut seen = std::collections::HashSet::new();
        for s in &order {
            if let Some(above) = s.number().and_then(|n| n.above.as_ref()) {
                assert!(
                    seen.contains(above.path),
                    "{} before {}",
                    s.path,
                    above.path
                );
            }
            seen.insert(s.path);
        }
        let mut checked: Vec<_> = order.iter().map(|s| s.path).collect();
        checked.sort_unstable();
        checked.dedup();
        let mut all: Vec<_> = Profile::SETTINGS.iter().map(|s| s.path).collect();
        all.sort_unstable();
        assert_eq!(checked, all);
    }

    #[test]
    fn team_rules_past_the_most_a_profile_keeps_are_dropped_with_one_issue() {
        let mut p = Profile::default();
        p.threat.team_rules = (0..100_000)
            .map(|i| TeamRule {
                team: 1,
                other: i,
                relationship: crate::brain::threat::Relationship::Friendly,
            })
            .collect();
        let issues = p.validate();
        assert_eq!(issues.len(), 1, "{issues:?}");
        assert_eq!(issues[0].field, "threat.team_rules");
        assert!(issues[0].message.starts_with("100000 rules"));
        assert_eq!(p.threat.team_rules.len(), MAX_TEAM_RULES);
        assert_eq!(
            p.threat.team_rules[1023].other, 1023,
            "the first ones are kept"
        );
        assert!(p.validate().is_empty());
        assert!(
            Profile::setting("threat.team_rules").is_some(),
            "named as the setting is"
        );
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
