//! Reading saved data that may be old, new or damaged: each unusable field is reported once,
//! by its path, and takes its default; each field the data lacks is reported and defaulted;
//! each field this build does not know is reported and ignored. Everything else loads.
//!
//! The read is one pass over the data (module `reader`): what the saved type expects at each
//! place is learned once from the type (module `shape`, by a probe the type reads itself from,
//! module `probe`), and each value is checked against it (module `check`) before serde reads
//! it. A value of the wrong kind is left out where it stands and the pass goes on, so the time
//! a read takes grows with the data's size only, however many of its values are damaged: a save
//! from a newer APS whose every belief holds a value this build does not know reads as fast as
//! an undamaged one. A comparison of the data with what was read then names what was missing
//! and what was not known (module `compare`).

mod check;
mod compare;
mod probe;
mod reader;
mod shape;

use super::LoadIssue;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// More repairs than this and the data is given up on.
pub const MAX_REPAIRS: usize = 100_000;

/// `T` from `value`, as much of it as can be read; the problems go into `issues`. `None` (and
/// one issue saying so) when the data cannot be read at all, or needs more than
/// [`MAX_REPAIRS`] repairs: nothing of it should be used.
pub fn try_load_lenient<T>(value: &Value, issues: &mut Vec<LoadIssue>) -> Option<T>
where
    T: DeserializeOwned + Serialize + Default,
{
    let read = read_counting::<T>(value, MAX_REPAIRS);
    match read {
        Some((t, reading)) => {
            issues.extend(reading.issues);
            if let Ok(back) = serde_json::to_value(&t) {
                compare::compare(value, &back, &reading.repaired, issues);
            }
            Some(t)
        }
        None => {
            issues.push(LoadIssue {
                field: String::new(),
                problem: "the data could not be read at all; nothing was loaded".into(),
            });
            None
        }
    }
}

/// [`try_load_lenient`], the default when nothing can be read.
pub fn load_lenient<T>(value: &Value, issues: &mut Vec<LoadIssue>) -> T
where
    T: DeserializeOwned + Serialize + Default,
{
    try_load_lenient(value, issues).unwrap_or_default()
}

/// What a finished read found, and how many values it looked at.
struct Found {
    issues: Vec<LoadIssue>,
    repaired: std::collections::HashSet<String>,
    #[cfg_attr(not(test), allow(dead_code))]
    visits: usize,
}

/// `T` read from `value` with at most `budget` repairs.
fn read_counting<T: DeserializeOwned>(value: &Value, budget: usize) -> Option<(T, Found)> {
    let schema = probe::learn::<T>()?;
    let mut reading = reader::Reading::new(&schema, budget);
    let t = reading.read::<T>(value)?;
    Some((
        t,
        Found {
            issues: reading.issues,
            repaired: reading.repaired,
            visits: reading.visits,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::save::format::{CoreSave, StateSave};
    use serde_json::json;

    fn belief(i: usize) -> Value {
        json!({"target": format!("path:N{i}"), "confidence": 0.5, "loss_reason": "smoke"})
    }

    /// Values a read looks at for `data`, and the issues it found.
    fn visits<T: DeserializeOwned>(data: &Value) -> (usize, usize) {
        let (_, found) = read_counting::<T>(data, MAX_REPAIRS).unwrap();
        (found.visits, found.issues.len())
    }

    /// Ten times the data, with a problem in every element, is about ten times the values
    /// looked at (a read that went over the data again per problem would be a hundred).
    fn ten_times<T: DeserializeOwned>(data: impl Fn(usize) -> Value) {
        let (small, small_issues) = visits::<T>(&data(3_000));
        let (large, large_issues) = visits::<T>(&data(30_000));
        assert!(small_issues >= 3_000 && large_issues >= 30_000);
        assert!(
            large <= small * 12,
            "{small} values looked at for 3,000 elements, {large} for 30,000"
        );
    }

    #[test]
    fn a_bad_value_in_every_belief_is_read_in_one_pass() {
        ten_times::<CoreSave>(
            |n| json!({"mind": {"beliefs": (0..n).map(belief).collect::<Vec<_>>()}}),
        );
    }

    #[test]
    fn beliefs_deep_inside_a_state_are_read_in_one_pass() {
        ten_times::<StateSave>(|n| {
            let beliefs: Vec<Value> = (0..n).map(belief).collect();
            json!({"perceivers": [{"perceiver": "p", "beliefs": {"core": {"mind": {"beliefs": beliefs}}}}]})
        });
    }

    #[test]
    fn numbers_and_lists_where_records_belong_are_dropped_in_one_pass() {
        ten_times::<CoreSave>(|n| {
            let mut list: Vec<Value> = (0..n)
                .map(|i| if i % 2 == 0 { json!(1) } else { json!([i]) })
                .collect();
            list.push(belief(0));
            json!({"mind": {"beliefs": list}})
        });
    }

    #[test]
    fn a_bad_coordinate_in_every_place_is_read_in_one_pass() {
        ten_times::<CoreSave>(|n| {
            let places: Vec<Value> = (0..n)
                .map(|i| json!({"number": i, "tag": "t", "location": [0.0, "x", 0.0], "accuracy": 1.0}))
                .collect();
            json!({"mind": {"places": places}})
        });
    }

    #[test]
    fn past_the_repair_budget_nothing_is_read() {
        let data = |n: usize| json!({"mind": {"beliefs": (0..n).map(belief).collect::<Vec<_>>()}});
        assert!(read_counting::<CoreSave>(&data(10), 10).is_some());
        assert!(read_counting::<CoreSave>(&data(11), 10).is_none());
        let mut issues = Vec::new();
        let read: Option<CoreSave> = try_load_lenient(&data(MAX_REPAIRS + 1), &mut issues);
        assert!(read.is_none());
        assert_eq!(issues.len(), 1, "one issue says nothing was loaded");
    }

    #[test]
    fn single_values_where_records_belong_take_the_lists_default_as_a_whole() {
        let about_beliefs = |data: Value| {
            let mut issues = Vec::new();
            let read: CoreSave = load_lenient(&data, &mut issues);
            issues.retain(|i| i.field.starts_with("mind.beliefs"));
            (read.mind.beliefs.len(), issues)
        };
        let (kept, issues) = about_beliefs(json!({"mind": {"beliefs": [5, 6]}}));
        assert_eq!(kept, 0);
        assert_eq!(issues.len(), 1, "{issues:?}");
        assert_eq!(issues[0].field, "mind.beliefs");
        assert!(issues[0].problem.starts_with("invalid type: integer `5`"));
        // Beside a record, each is dropped on its own.
        let (kept, issues) =
            about_beliefs(json!({"mind": {"beliefs": [5, {"target": "a"}, null]}}));
        assert_eq!(kept, 1);
        let fields: Vec<&str> = issues.iter().map(|i| i.field.as_str()).collect();
        assert_eq!(fields[..2], ["mind.beliefs[0]", "mind.beliefs[2]"]);
        assert!(issues[1].problem.starts_with("invalid type: null"));
        assert!(issues[1].problem.contains("not a Dictionary"));
    }
}
