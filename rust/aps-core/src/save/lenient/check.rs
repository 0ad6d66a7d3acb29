//! Whether a saved value reads as a [`Shape`], asked before serde reads it, with the message
//! serde would give if it did not (`invalid type: string "nan", expected f32`).
//!
//! Only the value itself is checked, and the elements of a list of single values (a list whose
//! one bad element takes the whole list with it): a struct's fields and a list's records are
//! checked as the reader reaches them, so every value is looked at a bounded number of times.

use super::shape::{Schema, Shape};
use serde::de::{Error as _, Unexpected};
use serde_json::{Error, Value};

/// Ok if `value` reads as `shape` as far as the value itself goes; else why not.
pub fn check(value: &Value, shape: &Shape, schema: &Schema) -> Result<(), Error> {
    match shape {
        Shape::Any => Ok(()),
        Shape::Bool if value.is_boolean() => Ok(()),
        Shape::Bool => Err(wrong_type(value, "a boolean")),
        Shape::Int { name, min, max } => int(value, name, *min, *max),
        Shape::Float { .. } if value.is_number() => Ok(()),
        Shape::Float { name } => Err(wrong_type(value, name)),
        Shape::Text if value.is_string() => Ok(()),
        Shape::Text => Err(wrong_type(value, "a string")),
        Shape::Unit if value.is_null() => Ok(()),
        Shape::Unit => Err(wrong_type(value, "unit")),
        Shape::Optional(_) if value.is_null() => Ok(()),
        Shape::Optional(inner) => check(value, inner, schema),
        Shape::List(element) => match value {
            Value::Array(items) => list(items, element, schema),
            _ => Err(wrong_type(value, "a sequence")),
        },
        Shape::Tuple { name, items } => tuple(value, name, items, schema),
        Shape::Record(_) if value.is_object() => Ok(()),
        Shape::Record(i) => {
            let name = schema.records.get(*i).map_or("", |r| r.name);
            Err(wrong_type(value, &format!("struct {name}")))
        }
        Shape::Choice { variants, .. } => match value {
            Value::String(s) if variants.contains(&s.as_str()) => Ok(()),
            Value::String(s) => Err(Error::unknown_variant(s, variants)),
            _ => {
                let names: Vec<String> = variants.iter().map(|v| format!("`{v}`")).collect();
                Err(wrong_type(value, &format!("one of {}", names.join(", "))))
            }
        },
    }
}

/// A list reads as a whole unless it holds single values one of which is wrong, or holds only
/// single values where records belong (`[5]` for a list of beliefs): then it takes its default
/// as a whole, as a position's `[x, y, z]` with a bad coordinate does. Records that are wrong
/// in a list that also holds records or lists are dropped one by one as the reader meets them.
fn list(items: &[Value], element: &Shape, schema: &Schema) -> Result<(), Error> {
    if element.is_plain() {
        return items.iter().try_for_each(|v| check(v, element, schema));
    }
    let only_single_values = items.iter().all(|v| !v.is_object() && !v.is_array());
    match (element, items.first()) {
        (Shape::Record(_), Some(first)) if only_single_values => check(first, element, schema),
        _ => Ok(()),
    }
}

fn tuple(value: &Value, name: &str, items: &[Shape], schema: &Schema) -> Result<(), Error> {
    let what = if name.is_empty() {
        format!("a list of {} values", items.len())
    } else {
        format!("{name}, a list of {} values", items.len())
    };
    match value {
        Value::Array(a) if a.len() == items.len() => a
            .iter()
            .zip(items)
            .try_for_each(|(v, s)| check(v, s, schema)),
        Value::Array(a) => Err(Error::invalid_length(a.len(), &what.as_str())),
        _ => Err(wrong_type(value, &what)),
    }
}

/// A whole number within `min..=max`.
fn int(value: &Value, name: &str, min: i128, max: i128) -> Result<(), Error> {
    let Value::Number(n) = value else {
        return Err(wrong_type(value, name));
    };
    let whole = n
        .as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from));
    match whole {
        Some(x) if (min..=max).contains(&x) => Ok(()),
        Some(_) => Err(Error::invalid_value(unexpected(value), &name)),
        None => Err(wrong_type(value, name)),
    }
}

fn wrong_type(value: &Value, expected: &str) -> Error {
    Error::invalid_type(unexpected(value), &expected)
}

/// How serde names a value in its messages.
fn unexpected(value: &Value) -> Unexpected<'_> {
    match value {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Unexpected::Unsigned(u),
            (_, Some(i)) => Unexpected::Signed(i),
            _ => Unexpected::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

#[cfg(test)]
mod tests {
    use super::super::probe::learn;
    use super::*;
    use crate::save::format::BeliefSave;
    use serde_json::json;

    fn problem(value: Value, field: &str) -> String {
        let schema = learn::<BeliefSave>().unwrap();
        let shape = &schema.records[0].fields[field];
        match check(&value, shape, &schema) {
            Ok(()) => String::new(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn wrong_values_are_named_as_serde_names_them() {
        assert_eq!(problem(json!(0.5), "confidence"), "");
        assert_eq!(
            problem(json!(3), "confidence"),
            "",
            "an integer is a number"
        );
        assert_eq!(
            problem(json!("nan"), "confidence"),
            "invalid type: string \"nan\", expected f32"
        );
        assert_eq!(
            problem(json!(null), "confidence"),
            "invalid type: null, expected f32"
        );
        assert_eq!(
            problem(json!(-5), "detections"),
            "invalid value: integer `-5`, expected u32"
        );
        assert_eq!(
            problem(json!(1.5), "detections"),
            "invalid type: floating point `1.5`, expected u32"
        );
        assert!(problem(json!("Bogus"), "state").starts_with("unknown variant `Bogus`"));
        assert!(problem(json!(17), "state").starts_with("invalid type: integer `17`"));
        assert!(problem(json!([1.0, 2.0]), "last_known_position").starts_with("invalid length 2"));
        assert_eq!(problem(json!([1.0, 2.0, 3]), "last_known_position"), "");
        assert!(problem(json!([1.0, "x", 3]), "last_known_position").starts_with("invalid type"));
        assert_eq!(problem(json!(null), "last_sensed_at"), "");
        assert!(problem(json!("inf"), "last_sensed_at").starts_with("invalid type"));
    }

    #[test]
    fn a_list_of_single_values_is_right_or_wrong_as_a_whole() {
        assert_eq!(problem(json!(["occluded", "none"]), "sense_cues"), "");
        assert!(problem(json!(["occluded", "smoke"]), "sense_cues").contains("`smoke`"));
        assert!(problem(json!({"a": 1}), "sense_cues").starts_with("invalid type: map"));
    }
}
