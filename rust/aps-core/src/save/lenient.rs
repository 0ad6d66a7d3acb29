//! Reading saved data that may be old, new or damaged: each unusable field is reported once,
//! by its path, and takes its default; each field the data lacks is reported and defaulted;
//! each field this build does not know is reported and ignored. Everything else loads.

use super::LoadIssue;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use serde_path_to_error::{Path, Segment};

/// More repairs than this and the data is given up on (every field of a large save broken).
const MAX_REPAIRS: usize = 4096;

/// `T` from `value`, as much of it as can be read; the problems go into `issues`.
pub fn load_lenient<T>(value: &Value, issues: &mut Vec<LoadIssue>) -> T
where
    T: DeserializeOwned + Serialize + Default,
{
    let mut data = value.clone();
    let mut repaired: Vec<String> = Vec::new();
    for _ in 0..MAX_REPAIRS {
        match serde_path_to_error::deserialize::<_, T>(&data) {
            Ok(t) => {
                if let Ok(back) = serde_json::to_value(&t) {
                    compare(&data, &back, &mut String::new(), &repaired, issues);
                }
                return t;
            }
            Err(e) => {
                let segs = repair_path(&data, e.path());
                let field = path_text(&segs);
                issues.push(LoadIssue {
                    field: field.clone(),
                    problem: format!("{}; the default is used", e.inner()),
                });
                repaired.push(field);
                if !remove_at(&mut data, &segs) {
                    break;
                }
            }
        }
    }
    issues.push(LoadIssue {
        field: String::new(),
        problem: "the data could not be read at all; nothing was loaded".into(),
    });
    T::default()
}

/// What to take out for an error at `path`: the value there, except that an element of a list
/// of plain values (a position's `[x, y, z]`) takes the whole list with it, which then takes
/// its default, where dropping one element would shift the others into the wrong places.
fn repair_path<'a>(data: &Value, path: &'a Path) -> Vec<&'a Segment> {
    let mut segs: Vec<&Segment> = path.iter().collect();
    if let Some(Segment::Seq { .. }) = segs.last() {
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

/// The value at `segs`, if there is one.
fn value_at<'v>(data: &'v Value, segs: &[&Segment]) -> Option<&'v Value> {
    let mut at = data;
    for seg in segs {
        at = match (seg, at) {
            (Segment::Map { key }, Value::Object(m)) => m.get(key.as_str())?,
            (Segment::Seq { index }, Value::Array(a)) => a.get(*index)?,
            _ => return None,
        };
    }
    Some(at)
}

/// A path as a game's programmer writes it: `beliefs[2].confidence`.
fn path_text(segs: &[&Segment]) -> String {
    let mut out = String::new();
    for seg in segs {
        match seg {
            Segment::Seq { index } => out.push_str(&format!("[{index}]")),
            Segment::Map { key } => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Segment::Enum { variant } => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(variant);
            }
            Segment::Unknown => out.push_str(".?"),
        }
    }
    out
}

/// Takes out the value at `path`, so that its default applies (or, for a list's element, the
/// element is dropped). False if there is nothing to take out (the whole value is wrong).
fn remove_at(data: &mut Value, segs: &[&Segment]) -> bool {
    let Some((last, parents)) = segs.split_last() else {
        return false;
    };
    let mut at = data;
    for seg in parents {
        at = match (seg, at) {
            (Segment::Map { key }, Value::Object(m)) => match m.get_mut(key.as_str()) {
                Some(v) => v,
                None => return false,
            },
            (Segment::Seq { index }, Value::Array(a)) => match a.get_mut(*index) {
                Some(v) => v,
                None => return false,
            },
            _ => return false,
        };
    }
    match (last, at) {
        (Segment::Map { key }, Value::Object(m)) => m.remove(key.as_str()).is_some(),
        (Segment::Seq { index }, Value::Array(a)) if *index < a.len() => {
            a.remove(*index);
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
    repaired: &[String],
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
