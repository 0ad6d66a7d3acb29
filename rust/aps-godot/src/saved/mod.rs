//! Saved games in the engine's terms: the core's saved form ([`aps_core::save`]) as a Godot
//! [`VarDictionary`] of plain data ([`data`]), and targets named by keys that survive a reload
//! ([`keys`]).

pub mod data;
pub mod keys;

use aps_core::save::LoadIssue;
use godot::global::godot_warn;

/// Saved data as a Dictionary of plain data.
pub fn to_dictionary<T: serde::Serialize>(saved: &T) -> godot::builtin::VarDictionary {
    match serde_json::to_value(saved) {
        Ok(serde_json::Value::Object(m)) => data::to_dictionary(&m),
        _ => godot::builtin::VarDictionary::new(),
    }
}

/// Saved data of `format` read from a game's Dictionary for `call`: every field that can be,
/// its problems in `issues`. `None`, with one warning, when it is not such data at all.
pub fn read<T>(
    call: &str,
    dictionary: &godot::builtin::VarDictionary,
    format: &str,
    issues: &mut Vec<LoadIssue>,
) -> Option<T>
where
    T: serde::de::DeserializeOwned + serde::Serialize + Default,
{
    use godot::meta::ToGodot;
    let read = data::from_variant(&dictionary.to_variant())
        .and_then(|value| aps_core::save::read_saved::<T>(&value, format, issues));
    match read {
        Ok(saved) => Some(saved),
        Err(why) => {
            godot_warn!("{call}: {why}; nothing is loaded");
            None
        }
    }
}

/// The most load problems said one by one; the rest are counted in one last warning.
pub const MAX_WARNINGS: usize = 64;

/// Says each load problem once, naming the call (past [`MAX_WARNINGS`], how many more). Said
/// for each load: loading is an action a game takes, not something it repeats every frame, and
/// a game that loads two damaged saves must hear of both.
pub fn warn_issues(call: &str, issues: &[LoadIssue]) {
    let mut said: std::collections::HashSet<&LoadIssue> =
        std::collections::HashSet::with_capacity(issues.len());
    let mut more = 0usize;
    for issue in issues {
        if said.insert(issue) {
            if said.len() <= MAX_WARNINGS {
                godot_warn!("{call}: {issue}");
            } else {
                more += 1;
            }
        }
    }
    if more > 0 {
        godot_warn!("{call}: and {more} more problems like these; each took its default");
    }
}
