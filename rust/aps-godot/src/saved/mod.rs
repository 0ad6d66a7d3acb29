//! Saved games in the engine's terms: the core's saved form ([`aps_core::save`]) as a Godot
//! [`VarDictionary`] of plain data ([`data`]), and targets named by keys that survive a reload
//! ([`keys`]).

pub mod data;
pub mod keys;

use aps_core::save::LoadIssue;
use godot::global::godot_warn;

/// The most load problems said one by one; the rest are counted in one last warning.
pub const MAX_WARNINGS: usize = 64;

/// Says each load problem once, naming the call (past [`MAX_WARNINGS`], how many more).
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
