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
/// holds itself would otherwise be read over and over. Every value counts: each element of a
/// list or of a packed array, each value of a dictionary (and a key that is itself a list or a
/// dictionary), each time it is met.
pub const MAX_VALUES: usize = 1_000_000;

/// Godot data as a value (see the module's notes); an error when it holds more than
/// [`MAX_VALUES`] values (counting a list each time it is met).
pub fn from_variant(v: &Variant) -> Result<Value, String> {
    let mut count = Count {
        left: MAX_VALUES,
        over: false,
    };
    let value = read(v, 0, &mut count);
    if count.over {
        Err(format!(
            "the data holds more than {MAX_VALUES} values (or a list that holds itself)"
        ))
    } else {
        Ok(value)
    }
}

/// The values a read may still take.
struct Count {
    left: usize,
    /// More were met than allowed: the read stops and the data is refused.
    over: bool,
}

impl Count {
    /// Takes `n` values; false (and over) when fewer are left.
    fn take(&mut self, n: usize) -> bool {
        if self.over || n > self.left {
            self.over = true;
            self.left = 0;
            return false;
        }
        self.left -= n;
        true
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

/// A packed array's elements as a list, if the count allows that many: a packed array is
/// counted before it is copied, so four million strings are refused without being read.
fn packed<T>(items: &[T], count: &mut Count, each: impl Fn(&T) -> Value) -> Value {
    if !count.take(items.len()) {
        return Value::Null;
    }
    Value::Array(items.iter().map(each).collect())
}

/// A dictionary's key as text. A name or a number is its text; anything else is read as data
/// (and counted) first, so that a list as a key is never turned into text whole.
fn key_text(k: &Variant, depth: usize, count: &mut Count) -> String {
    match k.get_type() {
        VariantType::STRING
        | VariantType::STRING_NAME
        | VariantType::NODE_PATH
        | VariantType::INT
        | VariantType::FLOAT
        | VariantType::BOOL => k.to_string(),
        _ => match read(k, depth + 1, count) {
            Value::String(s) => s,
            other => other.to_string(),
        },
    }
}

fn read(v: &Variant, depth: usize, count: &mut Count) -> Value {
    if depth > MAX_DEPTH || !count.take(1) {
        return Value::Null;
    }
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
            let mut out = Vec::with_capacity(a.len().min(count.left));
            for x in a.iter_shared() {
                let x = read(&x, depth + 1, count);
                if count.over {
                    break;
                }
                out.push(x);
            }
            Value::Array(out)
        }
        VariantType::PACKED_FLOAT32_ARRAY => {
            packed(v.to::<PackedFloat32Array>().as_slice(), count, |x| {
                float(f64::from(*x))
            })
        }
        VariantType::PACKED_FLOAT64_ARRAY => {
            packed(v.to::<PackedFloat64Array>().as_slice(), count, |x| {
                float(*x)
            })
        }
        VariantType::PACKED_INT32_ARRAY => {
            packed(v.to::<PackedInt32Array>().as_slice(), count, |x| {
                Value::Number(Number::from(*x))
            })
        }
        VariantType::PACKED_INT64_ARRAY => {
            packed(v.to::<PackedInt64Array>().as_slice(), count, |x| {
                Value::Number(Number::from(*x))
            })
        }
        VariantType::PACKED_STRING_ARRAY => {
            packed(v.to::<PackedStringArray>().as_slice(), count, |x| {
                Value::String(x.to_string())
            })
        }
        VariantType::DICTIONARY => {
            let d = v.to::<VarDictionary>();
            let mut m = Map::new();
            for (k, x) in d.iter_shared() {
                let key = key_text(&k, depth, count);
                let x = read(&x, depth + 1, count);
                if count.over {
                    break;
                }
                m.insert(key, x);
            }
            Value::Object(m)
        }
        _ => Value::Null,
    }
}
