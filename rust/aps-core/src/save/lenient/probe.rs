//! The [`Probe`]: a deserializer that answers each of serde's requests with the simplest value
//! of the kind asked for and writes the request down, so that reading a type once teaches its
//! [`Schema`].

use super::shape::{Record, Schema, Shape};
use serde::de::value::{Error, StrDeserializer};
use serde::de::{
    self, DeserializeOwned, DeserializeSeed, EnumAccess, IntoDeserializer, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};
use std::collections::HashMap;

/// The records of `T`'s structs and the shape of `T` itself; `None` if `T` reads in a way a
/// probe cannot follow.
pub(super) fn learn<T: DeserializeOwned>() -> Option<Schema> {
    let mut learner = Learner::default();
    T::deserialize(Probe { l: &mut learner }).ok()?;
    let root = learner.learned.pop()?;
    Some(Schema {
        records: learner.records,
        root,
    })
}

/// What a probe has learned so far. Each request a probe answers leaves exactly one shape on
/// `learned`; a container takes its parts' shapes back off it.
#[derive(Default)]
struct Learner {
    records: Vec<Record>,
    /// Records by their name and fields, so that a struct met again (or inside itself) is not
    /// probed again.
    known: HashMap<(&'static str, &'static [&'static str]), usize>,
    learned: Vec<Shape>,
}

/// Answers serde's requests with the simplest value of each kind, noting each request.
struct Probe<'l> {
    l: &'l mut Learner,
}

impl Probe<'_> {
    fn int<'de, V: Visitor<'de>>(
        self,
        name: &'static str,
        min: i128,
        max: i128,
        v: V,
    ) -> Result<V::Value, Error> {
        self.l.learned.push(Shape::Int { name, min, max });
        v.visit_u8(0)
    }

    fn float<'de, V: Visitor<'de>>(self, name: &'static str, v: V) -> Result<V::Value, Error> {
        self.l.learned.push(Shape::Float { name });
        v.visit_f64(0.0)
    }

    /// A list of `len` elements (one, for a list of any length), their shapes in `items`.
    fn items<'de, V: Visitor<'de>>(
        self,
        len: usize,
        v: V,
    ) -> Result<(V::Value, Vec<Shape>), Error> {
        let depth = self.l.learned.len();
        let value = v.visit_seq(ProbeItems {
            l: &mut *self.l,
            left: len,
        })?;
        Ok((value, self.l.learned.split_off(depth)))
    }
}

impl<'de> de::Deserializer<'de> for Probe<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.l.learned.push(Shape::Any);
        v.visit_unit()
    }

    fn deserialize_bool<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.l.learned.push(Shape::Bool);
        v.visit_bool(false)
    }

    fn deserialize_i8<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.int("i8", i8::MIN.into(), i8::MAX.into(), v)
    }

    fn deserialize_i16<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.int("i16", i16::MIN.into(), i16::MAX.into(), v)
    }

    fn deserialize_i32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.int("i32", i32::MIN.into(), i32::MAX.into(), v)
    }

    fn deserialize_i64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.int("i64", i64::MIN.into(), i64::MAX.into(), v)
    }

    fn deserialize_u8<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.int("u8", 0, u8::MAX.into(), v)
    }

    fn deserialize_u16<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.int("u16", 0, u16::MAX.into(), v)
    }

    fn deserialize_u32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.int("u32", 0, u32::MAX.into(), v)
    }

    fn deserialize_u64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.int("u64", 0, u64::MAX.into(), v)
    }

    fn deserialize_f32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.float("f32", v)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.float("f64", v)
    }

    fn deserialize_char<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        // One character in a string: the type checks that itself.
        self.l.learned.push(Shape::Any);
        v.visit_char(' ')
    }

    fn deserialize_str<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.l.learned.push(Shape::Text);
        v.visit_str("")
    }

    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.deserialize_str(v)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.l.learned.push(Shape::Any);
        v.visit_bytes(&[])
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(v)
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let l = self.l;
        let value = v.visit_some(Probe { l: &mut *l })?;
        let inner = l.learned.pop().unwrap_or(Shape::Any);
        l.learned.push(Shape::Optional(Box::new(inner)));
        Ok(value)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.l.learned.push(Shape::Unit);
        v.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(v)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        // The wrapper is not in the data: its inner value's shape is its own.
        v.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let l = self.l;
        let (value, mut items) = Probe { l: &mut *l }.items(1, v)?;
        let element = items.pop().unwrap_or(Shape::Any);
        l.learned.push(Shape::List(Box::new(element)));
        Ok(value)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, v: V) -> Result<V::Value, Error> {
        self.deserialize_tuple_struct("", len, v)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        v: V,
    ) -> Result<V::Value, Error> {
        let l = self.l;
        let (value, items) = Probe { l: &mut *l }.items(len, v)?;
        l.learned.push(Shape::Tuple { name, items });
        Ok(value)
    }

    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        // A map of the game's own keys: read as it is.
        let l = self.l;
        let value = v.visit_map(ProbeFields {
            l: &mut *l,
            fields: &[],
            next: 0,
        })?;
        l.learned.push(Shape::Any);
        Ok(value)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        let l = self.l;
        if let Some(&i) = l.known.get(&(name, fields)) {
            // Known already (or being probed, one level up): its fields take their defaults.
            let value = v.visit_map(ProbeFields {
                l: &mut *l,
                fields: &[],
                next: 0,
            })?;
            l.learned.push(Shape::Record(i));
            return Ok(value);
        }
        let i = l.records.len();
        l.records.push(Record {
            name,
            fields: HashMap::new(),
        });
        l.known.insert((name, fields), i);
        let depth = l.learned.len();
        let value = v.visit_map(ProbeFields {
            l: &mut *l,
            fields,
            next: 0,
        })?;
        let shapes = l.learned.split_off(depth);
        if shapes.len() != fields.len() {
            return Err(de::Error::custom("a field was not read"));
        }
        l.records[i].fields = fields.iter().copied().zip(shapes).collect();
        l.learned.push(Shape::Record(i));
        Ok(value)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        let Some(first) = variants.first() else {
            return Err(de::Error::custom("an enum with no variants"));
        };
        let value = v.visit_enum(ProbeVariant { name: first })?;
        self.l.learned.push(Shape::Choice { name, variants });
        Ok(value)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.deserialize_str(v)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.deserialize_any(v)
    }
}

/// The elements of a probed list: `left` more.
struct ProbeItems<'l> {
    l: &'l mut Learner,
    left: usize,
}

impl<'de> SeqAccess<'de> for ProbeItems<'_> {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(Probe { l: &mut *self.l }).map(Some)
    }
}

/// The fields of a probed struct, each named once.
struct ProbeFields<'l> {
    l: &'l mut Learner,
    fields: &'static [&'static str],
    next: usize,
}

impl<'de> MapAccess<'de> for ProbeFields<'_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some(field) = self.fields.get(self.next) else {
            return Ok(None);
        };
        self.next += 1;
        let key: StrDeserializer<'_, Error> = field.into_deserializer();
        seed.deserialize(key).map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Error> {
        seed.deserialize(Probe { l: &mut *self.l })
    }
}

/// An enum's first variant, which must hold nothing (every saved enum is a plain choice).
struct ProbeVariant {
    name: &'static str,
}

impl<'de> EnumAccess<'de> for ProbeVariant {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Self), Error> {
        let key: StrDeserializer<'_, Error> = self.name.into_deserializer();
        Ok((seed.deserialize(key)?, self))
    }
}

impl<'de> VariantAccess<'de> for ProbeVariant {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, _seed: S) -> Result<S::Value, Error> {
        Err(de::Error::custom("an enum variant holding a value"))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _v: V) -> Result<V::Value, Error> {
        Err(de::Error::custom("an enum variant holding values"))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        _v: V,
    ) -> Result<V::Value, Error> {
        Err(de::Error::custom("an enum variant holding fields"))
    }
}
