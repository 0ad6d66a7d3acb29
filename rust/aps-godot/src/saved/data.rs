//! Plain data between Godot and the core's saved form: a [`Variant`] of dictionaries, arrays,
//! strings, numbers and booleans to and from a `serde_json::Value`.
//!
//! What a game's own format may have done to the numbers is undone here: `JSON.parse` gives
//! every number as a float, so a float with no fraction is read as an integer; a number that is
//! not finite is read as text (`"nan"`, `"inf"`), which the core then reports as the wrong type
//! for its field. A `Vector3` stored by `store_var` reads as the list `[x, y, z]` the core
//! saves positions as. Anything else (an object, a resource) reads as null, so it can never
//! run a script.

use godot::builtin::{VarArray, VarDictionary, Variant, VariantType};
use godot::meta::ToGodot;
use godot::prelude::*;
use serde_json::{Map, Number, Value};

/// Deeper than this, data is not a save (an array holding itself).
const MAX_DEPTH: usize = 64;

/// The largest integer a double holds exactly.
const EXACT_INTEGER: f64 = 9_007_199_254_740_992.0;

/// A value as Godot data: objects become dictionaries, lists arrays, numbers ints or floats.
#[must_use]
pub fn to_variant(v: &Value) -> Variant {
    match v {
        Value::Null => Variant::nil(),
        Value::Bool(b) => b.to_variant(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.to_variant(),
            None => n.as_f64().unwrap_or(0.0).to_variant(),
        },
        Value::String(s) => GString::from(s.as_str()).to_variant(),
        Value::Array(a) => {
            let mut out = VarArray::new();
            for x in a {
                out.push(&to_variant(x));
            }
            out.to_variant()
        }
        Value::Object(m) => to_dictionary(m).to_variant(),
    }
}

/// An object as a dictionary.
#[must_use]
pub fn to_dictionary(m: &Map<String, Value>) -> VarDictionary {
    let mut out = VarDictionary::new();
    for (k, x) in m {
        out.set(k.as_str(), &to_variant(x));
    }
    out
}

/// More values than this and the data is not read: no save comes near it, and a list that
/// holds itself would otherwise be read over and over.
pub const MAX_VALUES: usize = 1_000_000;

/// Godot data as a value (see the module's notes); an error when it holds more than
/// [`MAX_VALUES`] values (counting a list each time it is met).
pub fn from_variant(v: &Variant) -> Result<Value, String> {
    let mut budget = MAX_VALUES;
    let value = read(v, 0, &mut budget);
    if budget == 0 {
        Err(format!(
            "the data holds more than {MAX_VALUES} values (or a list that holds itself)"
        ))
    } else {
        Ok(value)
    }
}

fn float(x: f64) -> Value {
    if !x.is_finite() {
        return Value::String(if x.is_nan() {
            "nan".into()
        } else if x > 0.0 {
            "inf".into()
        } else {
            "-inf".into()
        });
    }
    if x.fract() == 0.0 && x.abs() <= EXACT_INTEGER {
        return Value::Number(Number::from(x as i64));
    }
    Number::from_f64(x).map_or(Value::Null, Value::Number)
}

fn read(v: &Variant, depth: usize, budget: &mut usize) -> Value {
    if depth > MAX_DEPTH || *budget == 0 {
        return Value::Null;
    }
    *budget -= 1;
    match v.get_type() {
        VariantType::BOOL => Value::Bool(v.to::<bool>()),
        VariantType::INT => Value::Number(Number::from(v.to::<i64>())),
        VariantType::FLOAT => float(v.to::<f64>()),
        VariantType::STRING | VariantType::STRING_NAME | VariantType::NODE_PATH => {
            Value::String(v.to_string())
        }
        VariantType::VECTOR3 => {
            let p = v.to::<Vector3>();
            Value::Array(vec![
                float(f64::from(p.x)),
                float(f64::from(p.y)),
                float(f64::from(p.z)),
            ])
        }
        VariantType::ARRAY => {
            let a = v.to::<VarArray>();
            let mut out = Vec::with_capacity(a.len().min(*budget));
            for x in a.iter_shared() {
                if *budget == 0 {
                    break;
                }
                out.push(read(&x, depth + 1, budget));
            }
            Value::Array(out)
        }
        VariantType::PACKED_FLOAT32_ARRAY => Value::Array(
            v.to::<PackedFloat32Array>()
                .as_slice()
                .iter()
                .map(|x| float(f64::from(*x)))
                .collect(),
        ),
        VariantType::PACKED_FLOAT64_ARRAY => Value::Array(
            v.to::<PackedFloat64Array>()
                .as_slice()
                .iter()
                .map(|x| float(*x))
                .collect(),
        ),
        VariantType::PACKED_INT32_ARRAY => Value::Array(
            v.to::<PackedInt32Array>()
                .as_slice()
                .iter()
                .map(|x| Value::Number(Number::from(*x)))
                .collect(),
        ),
        VariantType::PACKED_INT64_ARRAY => Value::Array(
            v.to::<PackedInt64Array>()
                .as_slice()
                .iter()
                .map(|x| Value::Number(Number::from(*x)))
                .collect(),
        ),
        VariantType::PACKED_STRING_ARRAY => Value::Array(
            v.to::<PackedStringArray>()
                .as_slice()
                .iter()
                .map(|x| Value::String(x.to_string()))
                .collect(),
        ),
        VariantType::DICTIONARY => {
            let d = v.to::<VarDictionary>();
            let mut m = Map::new();
            for (k, x) in d.iter_shared() {
                if *budget == 0 {
                    break;
                }
                m.insert(k.to_string(), read(&x, depth + 1, budget));
            }
            Value::Object(m)
        }
        _ => Value::Null,
    }
}
