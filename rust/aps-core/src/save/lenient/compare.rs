//! After a read: the fields the data lacked (each took its default) and those it has that this
//! version does not know (each ignored), found by walking the data beside what was read, once.

use crate::save::LoadIssue;
use serde_json::Value;
use std::collections::HashSet;
use std::fmt::Write;

/// Reports the fields `read` has that `data` lacked and those `data` has that `read` lacks.
/// What the read already reported (`repaired`: fields left out, records dropped) is neither
/// reported again nor walked; a list's dropped records are skipped, so that the records kept
/// line up with what was read.
pub fn compare(
    data: &Value,
    read: &Value,
    repaired: &HashSet<String>,
    issues: &mut Vec<LoadIssue>,
) {
    walk(data, read, &mut String::new(), repaired, issues);
}

fn walk(
    data: &Value,
    read: &Value,
    path: &mut String,
    repaired: &HashSet<String>,
    issues: &mut Vec<LoadIssue>,
) {
    let was_repaired = |path: &str| !repaired.is_empty() && repaired.contains(path);
    match (data, read) {
        (Value::Object(d), Value::Object(r)) => {
            for (key, rv) in r {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                if !was_repaired(path) {
                    match d.get(key) {
                        Some(dv) => walk(dv, rv, path, repaired, issues),
                        None => issues.push(LoadIssue {
                            field: path.clone(),
                            problem: "missing; the default is used".into(),
                        }),
                    }
                }
                path.truncate(len);
            }
            for key in d.keys().filter(|k| !r.contains_key(*k)) {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                if !was_repaired(path) {
                    issues.push(LoadIssue {
                        field: path.clone(),
                        problem: "not known to this version of APS; ignored".into(),
                    });
                }
                path.truncate(len);
            }
        }
        (Value::Array(d), Value::Array(r)) => {
            let mut kept = r.iter();
            for (i, dv) in d.iter().enumerate() {
                let len = path.len();
                let _ = write!(path, "[{i}]");
                if !was_repaired(path) {
                    let Some(rv) = kept.next() else {
                        path.truncate(len);
                        break;
                    };
                    walk(dv, rv, path, repaired, issues);
                }
                path.truncate(len);
            }
        }
        _ => {}
    }
}
