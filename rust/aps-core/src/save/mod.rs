//! Saved games: everything an AI believes, and a world's conditions, as plain data that a
//! reloaded level turns back into the same beliefs about its new nodes.
//!
//! [`format`](mod@format) holds the saved types. [`lenient`] reads them from data a game wrote with any
//! version, or damaged: every field it can use is used, every problem is one [`LoadIssue`]
//! naming the field, and whatever is missing or unusable takes its default. The types are
//! filled from the core in [`Mind::save`](crate::mind::Mind::save) and
//! [`PerceptionCore::save`](crate::perception_core::PerceptionCore::save), and restored by
//! their `restore`, which also keeps every number finite and in its range.

pub mod format;
pub mod lenient;
pub mod repair;

pub use format::FORMAT_VERSION;
pub use lenient::{load_lenient, try_load_lenient};
pub use repair::Repair;

use crate::TargetId;

/// One problem met while loading: the field (a path such as `beliefs[2].confidence`) and
/// what was wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LoadIssue {
    pub field: String,
    pub problem: String,
}

impl std::fmt::Display for LoadIssue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}", self.problem)
        } else {
            write!(f, "{}: {}", self.field, self.problem)
        }
    }
}

/// How the engine names what the core knows by id: targets by a key that survives a reload,
/// place tags by their name.
pub trait Keys {
    /// The key of `target` (an actor), or `None` if it has none (it is then not saved).
    fn key_of(&self, target: TargetId) -> Option<String>;
    /// The target a key names now, if it still exists.
    fn target_of(&self, key: &str) -> Option<TargetId>;
    /// The name of a place tag.
    fn tag_name(&self, tag: u32) -> String;
    /// The tag of a name.
    fn tag_of(&mut self, name: &str) -> u32;
    /// Whether `target` is the AI's own body (a save of another AI may name it): a belief in
    /// it is dropped, since an AI never perceives itself (spec section 13).
    fn is_own(&self, _target: TargetId) -> bool {
        false
    }
}

/// The most relationships set by script a restore takes: as many as an AI keeps.
pub use crate::brain::relations::MAX_RELATIONSHIPS;

/// What to do with a belief whose target no longer exists when it is loaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MissingTargets {
    /// It becomes a belief about a place, at its last known position (tagged
    /// [`MISSING_TARGET_TAG`]), with its state and confidence.
    #[default]
    AsPlace,
    /// It is dropped, with what the AI knew of the target.
    Drop,
}

/// The tag of a place a missing target's belief became.
pub const MISSING_TARGET_TAG: &str = "missing_target";

/// Checks the `version` field of saved data against [`FORMAT_VERSION`]: missing, not a
/// number, older or newer are each one issue (the data still loads what it can).
pub fn check_version(data: &serde_json::Value, issues: &mut Vec<LoadIssue>) {
    let problem = match data.get("version") {
        None => Some("missing; read as this build's version".to_string()),
        Some(v) => match v.as_f64() {
            None => Some(format!("{v} is not a version number; read as this build's")),
            Some(n) if n > f64::from(FORMAT_VERSION) => Some(format!(
                "{n} is newer than this build's {FORMAT_VERSION}; the fields it knows are loaded"
            )),
            Some(n) if n < f64::from(FORMAT_VERSION) => Some(format!(
                "{n} is older than this build's {FORMAT_VERSION}; the fields it shares are loaded"
            )),
            Some(_) => None,
        },
    };
    if let Some(problem) = problem {
        issues.push(LoadIssue {
            field: "version".into(),
            problem,
        });
    }
}

/// Saved data of `format` ([`format::BELIEFS_FORMAT`] or [`format::STATE_FORMAT`]) read
/// from `value`: the version checked, every field read that can be, each problem in `issues`.
/// An error (what the data is instead) when it is not this kind of data at all, so that a
/// wrong file never wipes what a game holds.
pub fn read_saved<T>(
    value: &serde_json::Value,
    format: &str,
    issues: &mut Vec<LoadIssue>,
) -> Result<T, String>
where
    T: serde::de::DeserializeOwned + serde::Serialize + Default,
{
    use format::{BELIEFS_FORMAT, STATE_FORMAT};
    let Some(object) = value.as_object() else {
        return Err("the data is not a Dictionary".into());
    };
    match object.get("format").and_then(|f| f.as_str()) {
        Some(f) if f == format => {}
        Some(f) if f == STATE_FORMAT => {
            return Err("this data was made by ApsWorld.save_state; load it with \
                        ApsWorld.load_state"
                .into())
        }
        Some(f) if f == BELIEFS_FORMAT => {
            return Err(
                "this data was made by ApsPerceptionComponent.save_beliefs; load it \
                        with ApsPerceptionComponent.load_beliefs"
                    .into(),
            )
        }
        Some(f) => return Err(format!("format \"{f}\" is not APS's \"{format}\"")),
        None => {
            // Damaged, but perhaps ours: read on if it has what such data has.
            let ours = if format == BELIEFS_FORMAT {
                "core"
            } else {
                "perceivers"
            };
            if !object.contains_key(ours) {
                return Err(format!(
                    "the data has no format and no \"{ours}\"; it is not APS saved data"
                ));
            }
            issues.push(LoadIssue {
                field: "format".into(),
                problem: format!("missing; read as \"{format}\""),
            });
        }
    }
    // What the data is made of must at least be the right kind of thing.
    let (part, kind) = if format == format::BELIEFS_FORMAT {
        ("core", "Dictionary")
    } else {
        ("perceivers", "Array")
    };
    if let Some(v) = object.get(part) {
        let right = if kind == "Array" {
            v.is_array()
        } else {
            v.is_object()
        };
        if !right {
            return Err(format!(
                "\"{part}\" is not an {kind}; it is not APS saved data"
            ));
        }
    }
    check_version(value, issues);
    let mut read = Vec::new();
    let Some(saved) = try_load_lenient::<T>(value, &mut read) else {
        return Err("the data could not be read at all".into());
    };
    // The format and the version were judged above.
    issues.extend(
        read.into_iter()
            .filter(|i| i.field != "version" && i.field != "format"),
    );
    Ok(saved)
}

/// The key of place number `n`.
#[must_use]
pub fn place_key(n: u64) -> String {
    format!("place:{n}")
}

/// The number in a place key.
#[must_use]
pub fn place_number(key: &str) -> Option<u64> {
    key.strip_prefix("place:")?.parse().ok()
}
