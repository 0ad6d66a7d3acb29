//! What a saved type expects at each place, learned from the type itself.
//!
//! serde's derived code says what it wants as it reads: a struct names its fields, a list asks
//! for elements, an enum lists its variants, a number names its width. A probe (module `probe`)
//! answers each of those requests with the simplest value of the kind asked for and writes the
//! request down, once per type and whatever the data. The reader then checks saved data against
//! that shape before serde sees it, so that a value of the wrong kind is reported and left out
//! where it stands while the rest is read in the same pass.

use std::collections::HashMap;

/// The kind of value one place of a saved type takes.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    Bool,
    /// A whole number of the type `name`, from `min` to `max`.
    Int {
        name: &'static str,
        min: i128,
        max: i128,
    },
    /// A number of the type `name` (`f32` or `f64`): any number is taken.
    Float {
        name: &'static str,
    },
    Text,
    Unit,
    /// A value or null.
    Optional(Box<Shape>),
    /// A list of any length.
    List(Box<Shape>),
    /// A list of exactly these values (a `Vec3`, a `[u32; 2]`).
    Tuple {
        name: &'static str,
        items: Vec<Shape>,
    },
    /// A struct: its number in [`Schema::records`].
    Record(usize),
    /// One of the names of an enum's variants.
    Choice {
        name: &'static str,
        variants: &'static [&'static str],
    },
    /// Anything: the type reads it its own way, unchecked.
    Any,
}

impl Shape {
    /// A single value, not a container: a list of them is right or wrong as a whole.
    #[must_use]
    pub fn is_plain(&self) -> bool {
        match self {
            Shape::Bool
            | Shape::Int { .. }
            | Shape::Float { .. }
            | Shape::Text
            | Shape::Unit
            | Shape::Choice { .. } => true,
            Shape::Optional(inner) => inner.is_plain(),
            Shape::List(_) | Shape::Tuple { .. } | Shape::Record(_) | Shape::Any => false,
        }
    }
}

/// A struct's name and the shape of each of its fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    pub name: &'static str,
    pub fields: HashMap<&'static str, Shape>,
}

/// Every place of one saved type.
#[derive(Debug, Clone, PartialEq)]
pub struct Schema {
    pub records: Vec<Record>,
    pub root: Shape,
}

#[cfg(test)]
mod tests {
    use super::super::probe::learn;
    use super::*;
    use crate::save::format::{BeliefSave, BeliefsSave, StateSave};

    fn record<'s>(schema: &'s Schema, name: &str) -> &'s Record {
        schema
            .records
            .iter()
            .find(|r| r.name == name)
            .unwrap_or_else(|| panic!("no record {name}"))
    }

    #[test]
    fn a_belief_has_the_shape_its_fields_declare() {
        let schema = learn::<BeliefSave>().unwrap();
        assert_eq!(schema.root, Shape::Record(0));
        let b = record(&schema, "BeliefSave");
        assert_eq!(b.fields["confidence"], Shape::Float { name: "f32" });
        assert_eq!(
            b.fields["detections"],
            Shape::Int {
                name: "u32",
                min: 0,
                max: u32::MAX.into()
            }
        );
        assert_eq!(b.fields["target"], Shape::Text);
        assert_eq!(
            b.fields["last_known_position"],
            Shape::Tuple {
                name: "Vec3",
                items: vec![Shape::Float { name: "f32" }; 3]
            }
        );
        assert_eq!(
            b.fields["last_sensed_at"],
            Shape::Optional(Box::new(Shape::Float { name: "f64" }))
        );
        match &b.fields["state"] {
            Shape::Choice { variants, .. } => assert!(variants.contains(&"tracked")),
            other => panic!("state is {other:?}"),
        }
        match &b.fields["sense_cues"] {
            Shape::List(element) => assert!(matches!(**element, Shape::Choice { .. })),
            other => panic!("sense_cues is {other:?}"),
        }
        assert!(!b.fields["sense_cues"].is_plain() && b.fields["fused"].is_plain());
    }

    #[test]
    fn every_saved_game_type_can_be_probed_and_each_struct_is_probed_once() {
        let state = learn::<StateSave>().unwrap();
        // Every field a belief saves is known, and those it leaves out when empty too.
        let beliefs = record(&state, "BeliefSave");
        let saved = serde_json::to_value(BeliefSave::default()).unwrap();
        let written = saved.as_object().unwrap();
        assert!(written
            .keys()
            .all(|k| beliefs.fields.contains_key(k.as_str())));
        assert!(
            beliefs.fields.contains_key("dominant_sense")
                && !written.contains_key("dominant_sense")
        );
        let mut names: Vec<_> = state.records.iter().map(|r| r.name).collect();
        let all = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all, "each struct is one record");
        assert!(learn::<BeliefsSave>().is_some());
    }
}
