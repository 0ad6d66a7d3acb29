//! Saved games in the engine's terms: the core's saved form ([`aps_core::save`]) as a Godot
//! [`VarDictionary`] of plain data ([`data`]), and targets named by keys that survive a reload
//! ([`keys`]).

pub mod data;
pub mod keys;

use aps_core::save::LoadIssue;
use godot::global::godot_warn;

/// Says each load problem once, naming the call.
pub fn warn_issues(call: &str, issues: &[LoadIssue]) {
    let mut said: Vec<&LoadIssue> = Vec::with_capacity(issues.len());
    for issue in issues {
        if said.contains(&issue) {
            continue;
        }
        said.push(issue);
        godot_warn!("{call}: {issue}");
    }
}
