//! Loading and saving profiles as TOML.

use super::{Profile, ProfileIssue};
use std::fmt;

/// A profile that could not be read at all (as opposed to values that were clamped).
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileError(pub String);

impl fmt::Display for ProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProfileError {}

impl Profile {
    /// Parses a TOML profile. Missing settings take the spec's defaults; unknown keys and
    /// malformed TOML are an error; values out of range are clamped and returned as issues.
    pub fn from_toml_str(text: &str) -> Result<(Profile, Vec<ProfileIssue>), ProfileError> {
        let mut profile: Profile = toml::from_str(text).map_err(|e| ProfileError(e.to_string()))?;
        let issues = profile.validate();
        Ok((profile, issues))
    }

    /// The profile as TOML, every setting written out.
    pub fn to_toml_string(&self) -> Result<String, ProfileError> {
        let mut value = toml::Value::try_from(self).map_err(|e| ProfileError(e.to_string()))?;
        shortest_floats(&mut value);
        toml::to_string_pretty(&value).map_err(|e| ProfileError(e.to_string()))
    }
}

/// Every number in the profile is an `f32`, which serde hands TOML widened to `f64`: 0.15 would
/// be written `0.15000000596046448`. Each float is rewritten as the `f64` nearest the shortest
/// decimal that reads back as the same `f32` (0.15), so a file says what a designer typed and
/// loads into exactly the values it was saved from.
fn shortest_floats(value: &mut toml::Value) {
    match value {
        toml::Value::Float(f) => {
            let single = *f as f32;
            if let Ok(short) = single.to_string().parse::<f64>() {
                *f = short;
            }
        }
        toml::Value::Array(items) => items.iter_mut().for_each(shortest_floats),
        toml::Value::Table(table) => table.iter_mut().for_each(|(_, v)| shortest_floats(v)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::belief::decay_curve::DecayCurve;

    #[test]
    fn round_trips_through_toml() {
        let mut p = Profile::default();
        p.fusion.sense_weights.smell = 1.5;
        p.fusion.sense_weights.vision = 0.6;
        p.smoothing.decay_curve = Some(DecayCurve::new(vec![[0.0, 1.0], [10.0, 0.0]]));
        p.loss.hearing.direct_cut = true;
        let text = p.to_toml_string().unwrap();
        let (back, issues) = Profile::from_toml_str(&text).unwrap();
        assert!(issues.is_empty(), "{issues:?}");
        assert_eq!(back, p);
    }

    #[test]
    fn numbers_are_written_as_typed() {
        let mut p = Profile::default();
        p.thresholds.suspect_threshold = 0.15;
        p.memory.long_term_decay_rate = 0.002;
        let text = p.to_toml_string().unwrap();
        assert!(text.contains("suspect_threshold = 0.15\n"), "{text}");
        assert!(text.contains("long_term_decay_rate = 0.002\n"), "{text}");
        assert!(!text.contains("0000000"), "{text}");
        // The settings keep the declaration's order, as the inspector shows them.
        let suspect = text.find("suspect_threshold").unwrap();
        let detect = text.find("detect_threshold").unwrap();
        assert!(suspect < detect);
        let (back, _) = Profile::from_toml_str(&text).unwrap();
        assert_eq!(back, p);
    }

    #[test]
    fn missing_settings_take_defaults() {
        let (p, issues) =
            Profile::from_toml_str("[thresholds]\nsuspect_threshold = 0.2\n").unwrap();
        assert!(issues.is_empty());
        assert_eq!(p.thresholds.suspect_threshold, 0.2);
        assert_eq!(p.thresholds.detect_threshold, 0.35);
        assert_eq!(p.loss.smell.grace_time, 20.0);
    }

    #[test]
    fn bad_values_load_clamped_with_one_message_each() {
        let text = "[thresholds]\nsuspect_threshold = -1.0\ndetect_threshold = 0.01\n\
                    [smoothing]\nconfidence_rise_rate = nan\n";
        let (p, issues) = Profile::from_toml_str(text).unwrap();
        let fields: Vec<_> = issues.iter().map(|i| i.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "thresholds.suspect_threshold",
                "thresholds.detect_threshold",
                "smoothing.confidence_rise_rate"
            ]
        );
        assert_eq!(p.thresholds.suspect_threshold, 0.05);
        assert_eq!(p.thresholds.detect_threshold, 0.05);
        assert_eq!(p.smoothing.confidence_rise_rate, 2.0);
    }

    #[test]
    fn unknown_keys_and_bad_toml_are_errors() {
        let e = Profile::from_toml_str("[thresholds]\nsuspekt = 0.2\n").unwrap_err();
        assert!(e.0.contains("suspekt"), "{e}");
        assert!(Profile::from_toml_str("[thresholds\n").is_err());
    }
}
