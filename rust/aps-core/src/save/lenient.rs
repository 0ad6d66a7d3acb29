//! Reading saved data that may be old, new or damaged: each unusable field is reported once,
//! by its path, and takes its default; each field the data lacks is reported and defaulted;
//! each field this build does not know is reported and ignored. Everything else loads.
//!
//! A problem inside a list of records (beliefs, episodes, sounds) is repaired element by
//! element, each element read on its own in a copy of the data holding only it: a save from a
//! newer APS whose every belief holds a value this build does not know is read in time linear
//! in its size, not once over per belief.

use super::LoadIssue;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use serde_path_to_error::Segment;
use std::collections::HashSet;

/// More repairs than this and the data is given up on.
pub const MAX_REPAIRS: usize = 100_000;

/// `T` from `value`, as much of it as can be read; the problems go into `issues`. `None` (and
/// one issue saying so) when the data cannot be read at all: nothing of it should be used.
pub fn try_load_lenient<T>(value: &Value, issues: &mut Vec<LoadIssue>) -> Option<T>
where
    T: DeserializeOwned + Serialize + Default,
{
    let mut data = value.clone();
    let mut state = Repairs {
        issues: Vec::new(),
        repaired: HashSet::new(),
        budget: MAX_REPAIRS,
    };
    match repair::<T>(&mut data, &mut state, Vec::new()) {
        Some(t) => {
            issues.append(&mut state.issues);
            if let Ok(back) = serde_json::to_value(&t) {
                compare(&data, &back, &mut String::new(), &state.repaired, issues);
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

/// What a read has found and repaired so far.
struct Repairs {
    issues: Vec<LoadIssue>,
    /// Fields taken out, by path: not reported again as missing.
    repaired: HashSet<String>,
    budget: usize,
}

/// Reads `T` from `data`, repairing `data` until it reads. Lists in `isolated` are repaired
/// in place, not element by element (the data is already one element's copy).
fn repair<T>(data: &mut Value, state: &mut Repairs, mut isolated: Vec<Vec<Seg>>) -> Option<T>
where
    T: DeserializeOwned + Serialize + Default,
{
    loop {
        let err = match serde_path_to_error::deserialize::<_, T>(&*data) {
            Ok(t) => return Some(t),
            Err(e) => e,
        };
        if state.budget == 0 {
            return None;
        }
        state.budget -= 1;
        let segs: Vec<Seg> = err.path().iter().map(Seg::from).collect();
        if let Some(list) = list_of_records(data, &segs) {
            if !isolated.contains(&list) {
                isolate::<T>(data, &list, state)?;
                isolated.push(list);
                continue;
            }
        }
        let segs = repair_path(data, &segs);
        let field = path_text(&segs);
        state.issues.push(LoadIssue {
            field: field.clone(),
            problem: format!("{}; the default is used", err.inner()),
        });
        state.repaired.insert(field);
        if !remove_at(data, &segs) {
            return None;
        }
    }
}

/// Repairs every element of the list of records at `list` on its own, in a copy of the data
/// that holds only that element (every other field takes its default there).
fn isolate<T>(data: &mut Value, list: &[Seg], state: &mut Repairs) -> Option<()>
where
    T: DeserializeOwned + Serialize + Default,
{
    let elements = match value_at_mut(data, list) {
        Some(Value::Array(a)) => std::mem::take(a),
        _ => return Some(()),
    };
    let real = path_text(list);
    let skeleton_list: Vec<Seg> = list
        .iter()
        .map(|s| match s {
            Seg::Index(_) => Seg::Index(0),
            other => other.clone(),
        })
        .collect();
    let skeleton_prefix = path_text(&skeleton_list);
    let mut kept = Vec::with_capacity(elements.len());
    for (i, element) in elements.into_iter().enumerate() {
        if !element.is_object() {
            state.issues.push(LoadIssue {
                field: format!("{real}[{i}]"),
                problem: format!("{} is not a Dictionary; it is dropped", short(&element)),
            });
            continue;
        }
        let mut skeleton = skeleton_of(&skeleton_list, element);
        let mut inner = Repairs {
            issues: Vec::new(),
            repaired: HashSet::new(),
            budget: state.budget,
        };
        let read = repair::<T>(&mut skeleton, &mut inner, vec![skeleton_list.clone()]);
        state.budget = inner.budget;
        read?;
        let from = format!("{skeleton_prefix}[0]");
        let to = format!("{real}[{i}]");
        let moved = |p: String| match p.strip_prefix(&from) {
            Some(rest) => format!("{to}{rest}"),
            None => p,
        };
        state
            .issues
            .extend(inner.issues.into_iter().map(|mut issue| {
                issue.field = moved(std::mem::take(&mut issue.field));
                issue
            }));
        state.repaired.extend(inner.repaired.into_iter().map(moved));
        let mut at = skeleton_list.clone();
        at.push(Seg::Index(0));
        if let Some(v) = value_at_mut(&mut skeleton, &at) {
            kept.push(std::mem::take(v));
        }
    }
    if let Some(Value::Array(a)) = value_at_mut(data, list) {
        *a = kept;
    }
    Some(())
}

/// A short description of a value for a message.
fn short(v: &Value) -> String {
    let text = v.to_string();
    if text.len() > 40 {
        format!(
            "{}...",
            &text[..text.char_indices().nth(37).map_or(text.len(), |(i, _)| i)]
        )
    } else {
        text
    }
}

/// A path segment, owned.
#[derive(Debug, Clone, PartialEq)]
enum Seg {
    Key(String),
    Index(usize),
    Other,
}

impl From<&Segment> for Seg {
    fn from(s: &Segment) -> Self {
        match s {
            Segment::Map { key } => Seg::Key(key.clone()),
            Segment::Seq { index } => Seg::Index(*index),
            Segment::Enum { variant } => Seg::Key(variant.clone()),
            Segment::Unknown => Seg::Other,
        }
    }
}

/// The path of the list of records an error at `segs` lies inside, if any: the error is in
/// one of its elements, below the element itself.
fn list_of_records(data: &Value, segs: &[Seg]) -> Option<Vec<Seg>> {
    for (k, s) in segs.iter().enumerate() {
        if !matches!(s, Seg::Index(_)) || k + 1 >= segs.len() {
            continue;
        }
        let records = value_at(data, &segs[..k])
            .and_then(Value::as_array)
            .is_some_and(|a| a.iter().any(Value::is_object));
        if records {
            return Some(segs[..k].to_vec());
        }
    }
    None
}

/// A value holding `element` as the only element of the list at `list`, and nothing else.
fn skeleton_of(list: &[Seg], element: Value) -> Value {
    let mut v = Value::Array(vec![element]);
    for s in list.iter().rev() {
        v = match s {
            Seg::Key(k) => {
                let mut m = serde_json::Map::new();
                m.insert(k.clone(), v);
                Value::Object(m)
            }
            Seg::Index(_) => Value::Array(vec![v]),
            Seg::Other => v,
        };
    }
    v
}

/// What to take out for an error at `segs`: the value there, except that an element of a
/// list of plain values (a position's `[x, y, z]`) takes the whole list with it, which then
/// takes its default, where dropping one element would shift the others into the wrong places.
fn repair_path(data: &Value, segs: &[Seg]) -> Vec<Seg> {
    let mut segs = segs.to_vec();
    if let Some(Seg::Index(_)) = segs.last() {
        let parent = value_at(data, &segs[..segs.len() - 1]);
        let plain = parent
            .and_then(Value::as_array)
            .is_some_and(|a| a.iter().all(|v| !v.is_object() && !v.is_array()));
        if plain && segs.len() > 1 {
            segs.pop();
        }
    }
    segs
}

fn value_at<'v>(data: &'v Value, segs: &[Seg]) -> Option<&'v Value> {
    let mut at = data;
    for seg in segs {
        at = match (seg, at) {
            (Seg::Key(k), Value::Object(m)) => m.get(k.as_str())?,
            (Seg::Index(i), Value::Array(a)) => a.get(*i)?,
            _ => return None,
        };
    }
    Some(at)
}

fn value_at_mut<'v>(data: &'v mut Value, segs: &[Seg]) -> Option<&'v mut Value> {
    let mut at = data;
    for seg in segs {
        at = match (seg, at) {
            (Seg::Key(k), Value::Object(m)) => m.get_mut(k.as_str())?,
            (Seg::Index(i), Value::Array(a)) => a.get_mut(*i)?,
            _ => return None,
        };
    }
    Some(at)
}

/// A path as a game's programmer writes it: `beliefs[2].confidence`.
fn path_text(segs: &[Seg]) -> String {
    let mut out = String::new();
    for seg in segs {
        match seg {
            Seg::Index(i) => out.push_str(&format!("[{i}]")),
            Seg::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Seg::Other => out.push_str(".?"),
        }
    }
    out
}

/// Takes out the value at `segs`, so that its default applies (or, for a list's element, the
/// element is dropped). False if there is nothing to take out (the whole value is wrong).
fn remove_at(data: &mut Value, segs: &[Seg]) -> bool {
    let Some((last, parents)) = segs.split_last() else {
        return false;
    };
    match (last, value_at_mut(data, parents)) {
        (Seg::Key(k), Some(Value::Object(m))) => m.remove(k.as_str()).is_some(),
        (Seg::Index(i), Some(Value::Array(a))) if *i < a.len() => {
            a.remove(*i);
            true
        }
        _ => false,
    }
}

/// Reports the fields `read` has that `data` lacked (defaulted) and those `data` has that
/// `read` lacks (unknown here), below `path`; fields already reported are skipped.
fn compare(
    data: &Value,
    read: &Value,
    path: &mut String,
    repaired: &HashSet<String>,
    issues: &mut Vec<LoadIssue>,
) {
    match (data, read) {
        (Value::Object(d), Value::Object(r)) => {
            for (key, rv) in r {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                match d.get(key) {
                    Some(dv) => compare(dv, rv, path, repaired, issues),
                    None if !repaired.contains(path) => issues.push(LoadIssue {
                        field: path.clone(),
                        problem: "missing; the default is used".into(),
                    }),
                    None => {}
                }
                path.truncate(len);
            }
            for key in d.keys().filter(|k| !r.contains_key(*k)) {
                let field = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                issues.push(LoadIssue {
                    field,
                    problem: "not known to this version of APS; ignored".into(),
                });
            }
        }
        (Value::Array(d), Value::Array(r)) if d.len() == r.len() => {
            for (i, (dv, rv)) in d.iter().zip(r).enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                compare(dv, rv, path, repaired, issues);
                path.truncate(len);
            }
        }
        _ => {}
    }
}
