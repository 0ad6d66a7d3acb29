//! Reading saved data in one pass: a serde deserializer over the data that checks each value
//! against the type's [`Shape`] before serde reads it. A field of the wrong kind is left out
//! (its struct's default applies), a record of the wrong kind is dropped from its list, each
//! with one issue naming its path; everything else is read as it stands. Nothing is read twice
//! and the data is never copied, so the cost is the data's size, however many problems it has.

use super::check::check;
use super::shape::{Schema, Shape};
use crate::save::LoadIssue;
use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Error, Value};
use std::collections::HashSet;
use std::fmt::Write;

/// One step of the path to where the reader is.
#[derive(Debug, Clone, Copy)]
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

/// What one read has found so far.
pub struct Reading<'a> {
    schema: &'a Schema,
    path: Vec<Step<'a>>,
    pub issues: Vec<LoadIssue>,
    /// Paths of fields left out and records dropped: the comparison that follows the read
    /// neither reports them again nor lines them up with what was read.
    pub repaired: HashSet<String>,
    /// Repairs still allowed.
    budget: usize,
    /// Values looked at, each time one is.
    pub visits: usize,
}

impl<'a> Reading<'a> {
    #[must_use]
    pub fn new(schema: &'a Schema, budget: usize) -> Self {
        Reading {
            schema,
            path: Vec::new(),
            issues: Vec::new(),
            repaired: HashSet::new(),
            budget,
            visits: 0,
        }
    }

    /// Reads `T` from `value`, which must be a Dictionary; `None` when it cannot be read at
    /// all, or needs more repairs than the budget allows.
    pub fn read<T: de::DeserializeOwned>(&mut self, value: &'a Value) -> Option<T> {
        let schema = self.schema;
        if check(value, &schema.root, schema).is_err() || !value.is_object() {
            return None;
        }
        T::deserialize(Reader {
            value,
            shape: &schema.root,
            r: self,
        })
        .ok()
    }

    /// The path where the reader is, as a game's programmer writes it: `beliefs[2].confidence`.
    fn path_text(&self) -> String {
        let mut out = String::new();
        for step in &self.path {
            match step {
                Step::Key(k) => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(k);
                }
                Step::Index(i) => {
                    let _ = write!(out, "[{i}]");
                }
            }
        }
        out
    }

    /// One repair at the current path; an error (ending the read) past the budget.
    fn repair(&mut self, problem: String) -> Result<(), Error> {
        if self.budget == 0 {
            return Err(de::Error::custom("more repairs than the data may need"));
        }
        self.budget -= 1;
        let field = self.path_text();
        self.repaired.insert(field.clone());
        self.issues.push(LoadIssue { field, problem });
        Ok(())
    }
}

/// A deserializer for one value of the data, of a known shape that it has been checked to
/// have.
struct Reader<'a, 'r> {
    value: &'a Value,
    shape: &'a Shape,
    r: &'r mut Reading<'a>,
}

impl<'a> de::Deserializer<'a> for Reader<'a, '_> {
    type Error = Error;

    // Single values were checked before they got here, and maps of the game's own keys are
    // not followed: serde_json's own reader reads them as they stand.

    fn deserialize_any<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_any(self.value, v)
    }

    fn deserialize_bool<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_bool(self.value, v)
    }

    fn deserialize_i8<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_i8(self.value, v)
    }

    fn deserialize_i16<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_i16(self.value, v)
    }

    fn deserialize_i32<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_i32(self.value, v)
    }

    fn deserialize_i64<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_i64(self.value, v)
    }

    fn deserialize_i128<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_i128(self.value, v)
    }

    fn deserialize_u8<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_u8(self.value, v)
    }

    fn deserialize_u16<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_u16(self.value, v)
    }

    fn deserialize_u32<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_u32(self.value, v)
    }

    fn deserialize_u64<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_u64(self.value, v)
    }

    fn deserialize_u128<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_u128(self.value, v)
    }

    fn deserialize_f32<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_f32(self.value, v)
    }

    fn deserialize_f64<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_f64(self.value, v)
    }

    fn deserialize_char<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_char(self.value, v)
    }

    fn deserialize_str<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_str(self.value, v)
    }

    fn deserialize_string<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_string(self.value, v)
    }

    fn deserialize_bytes<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_bytes(self.value, v)
    }

    fn deserialize_byte_buf<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_byte_buf(self.value, v)
    }

    fn deserialize_unit<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_unit(self.value, v)
    }

    fn deserialize_map<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_map(self.value, v)
    }

    fn deserialize_identifier<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_identifier(self.value, v)
    }

    fn deserialize_ignored_any<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        // A field this version does not know: not walked (the comparison reports it).
        v.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'a>>(
        self,
        name: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_unit_struct(self.value, name, v)
    }

    fn deserialize_option<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        if self.value.is_null() {
            return v.visit_none();
        }
        let shape = match self.shape {
            Shape::Optional(inner) => inner,
            other => other,
        };
        v.visit_some(Reader {
            value: self.value,
            shape,
            r: self.r,
        })
    }

    fn deserialize_newtype_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'a>>(self, v: V) -> Result<V::Value, Error> {
        match (self.shape, self.value) {
            (Shape::List(element), Value::Array(items)) => v.visit_seq(Elements {
                items: items.iter().enumerate(),
                element,
                r: self.r,
            }),
            _ => de::Deserializer::deserialize_seq(self.value, v),
        }
    }

    fn deserialize_tuple<V: Visitor<'a>>(self, len: usize, v: V) -> Result<V::Value, Error> {
        match (self.shape, self.value) {
            (Shape::Tuple { items: shapes, .. }, Value::Array(items))
                if items.len() == len && shapes.len() == len =>
            {
                v.visit_seq(TupleItems {
                    items: items.iter().zip(shapes).enumerate(),
                    r: self.r,
                })
            }
            _ => de::Deserializer::deserialize_tuple(self.value, len, v),
        }
    }

    fn deserialize_tuple_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        len: usize,
        v: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_tuple(len, v)
    }

    fn deserialize_struct<V: Visitor<'a>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        let record = match self.shape {
            Shape::Record(i) => self.r.schema.records.get(*i),
            _ => None,
        };
        match (record, self.value) {
            (Some(record), Value::Object(map)) => v.visit_map(Fields {
                entries: map.iter(),
                fields: &record.fields,
                value: None,
                r: self.r,
            }),
            _ => de::Deserializer::deserialize_struct(self.value, name, fields, v),
        }
    }

    fn deserialize_enum<V: Visitor<'a>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_enum(self.value, name, variants, v)
    }
}

/// The fields of a struct: each one the type knows is checked first, and left out (so that
/// its default applies) if it is not of its kind.
struct Fields<'a, 'r> {
    entries: serde_json::map::Iter<'a>,
    fields: &'a std::collections::HashMap<&'static str, Shape>,
    /// The value of the key just given, its shape, and whether its key is on the path.
    value: Option<(&'a Value, &'a Shape, bool)>,
    r: &'r mut Reading<'a>,
}

/// The shape of a field the type does not know: serde skips it.
static UNKNOWN: Shape = Shape::Any;

impl<'a> MapAccess<'a> for Fields<'a, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'a>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        for (key, value) in self.entries.by_ref() {
            self.r.visits += 1;
            let Some(shape) = self.fields.get(key.as_str()) else {
                self.value = Some((value, &UNKNOWN, false));
                return seed.deserialize(key.as_str().into_deserializer()).map(Some);
            };
            self.r.path.push(Step::Key(key));
            if let Err(e) = check(value, shape, self.r.schema) {
                self.r.repair(format!("{e}; the default is used"))?;
                self.r.path.pop();
                continue;
            }
            self.value = Some((value, shape, true));
            return seed.deserialize(key.as_str().into_deserializer()).map(Some);
        }
        Ok(None)
    }

    fn next_value_seed<S: DeserializeSeed<'a>>(&mut self, seed: S) -> Result<S::Value, Error> {
        let Some((value, shape, on_path)) = self.value.take() else {
            return Err(de::Error::custom("a value asked for before its key"));
        };
        let read = seed.deserialize(Reader {
            value,
            shape,
            r: &mut *self.r,
        });
        if on_path {
            self.r.path.pop();
        }
        read
    }
}

/// The elements of a list: a record that is not a Dictionary, or an element of the wrong kind
/// in a list of lists, is dropped.
struct Elements<'a, 'r> {
    items: std::iter::Enumerate<std::slice::Iter<'a, Value>>,
    element: &'a Shape,
    r: &'r mut Reading<'a>,
}

impl<'a> SeqAccess<'a> for Elements<'a, '_> {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'a>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Error> {
        for (i, value) in self.items.by_ref() {
            self.r.visits += 1;
            self.r.path.push(Step::Index(i));
            if let Err(e) = check(value, self.element, self.r.schema) {
                let problem = if matches!(self.element, Shape::Record(_)) {
                    format!("{e}; it is not a Dictionary, so it is dropped")
                } else {
                    format!("{e}; it is dropped")
                };
                self.r.repair(problem)?;
                self.r.path.pop();
                continue;
            }
            let read = seed.deserialize(Reader {
                value,
                shape: self.element,
                r: &mut *self.r,
            });
            self.r.path.pop();
            return read.map(Some);
        }
        Ok(None)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// The values of a fixed-length list, each of its own shape (checked with the list).
struct TupleItems<'a, 'r> {
    items: std::iter::Enumerate<
        std::iter::Zip<std::slice::Iter<'a, Value>, std::slice::Iter<'a, Shape>>,
    >,
    r: &'r mut Reading<'a>,
}

impl<'a> SeqAccess<'a> for TupleItems<'a, '_> {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'a>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Error> {
        let Some((i, (value, shape))) = self.items.next() else {
            return Ok(None);
        };
        self.r.visits += 1;
        self.r.path.push(Step::Index(i));
        let read = seed.deserialize(Reader {
            value,
            shape,
            r: &mut *self.r,
        });
        self.r.path.pop();
        read.map(Some)
    }
}
