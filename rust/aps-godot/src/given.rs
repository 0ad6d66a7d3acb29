//! What a script passed to a call that takes an object, as it was given: [`Given<T>`], and the
//! one warning a call gives when it refuses it.
//!
//! godot-rust converts a call's arguments before the call's own code runs. An argument it
//! cannot make into the declared class (a node of the other dimension, a freed node, a resource
//! where a node belongs) fails the call with godot-rust's own error, which also stops the
//! calling GDScript function. A parameter of type `Given<T>` lets every value through as the
//! Variant it came as, so the call itself decides: what is not a live `T` is refused with one
//! warning naming the call, the parameter and what it was, and the call gives its safe answer
//! (README, "What APS promises").
//!
//! To Godot such a parameter is a Variant that names its class: the editor's help shows the
//! class as its type, and GDScript, seeing a Variant, neither refuses a typed argument of
//! another class before the call nor passes it as a bare object pointer (which, for a freed
//! object, would point at freed memory).
//!
//! A script that makes the same mistake every frame is told once: the warnings of one call,
//! parameter and cause are folded, at most one a second of game time, the next saying how many
//! it stands for.

use godot::classes::{Node, Object};
use godot::meta::shape::GodotShape;
use godot::meta::{error::ConvertError, FromGodot, GodotConvert, ToGodot};
use godot::prelude::*;
use godot::register::info::{ParamMetadata, PropertyHintInfo, PropertyUsageFlags};
use std::fmt;
use std::marker::PhantomData;

/// An argument a script passed where a call takes a `T`: any value at all, unchecked until the
/// call asks for it with [`Given::get`], [`Given::required`] or [`Given::optional`].
pub struct Given<T: GodotClass> {
    value: Variant,
    class: PhantomData<fn() -> T>,
}

/// Why an argument is not a live object of the class a call takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wrong {
    Null,
    /// An object that was freed before the call.
    Freed,
    /// A live object of another class: the class, and how a warning names the object.
    Class {
        class: String,
        named: String,
    },
    /// Not an object at all (a number, a string): its type, and how a warning names it.
    Value {
        type_name: String,
        named: String,
    },
}

impl Wrong {
    /// The cause, for folding repeated warnings: one per call, parameter and cause, where a
    /// node of one class and a node of another are two mistakes.
    fn cause(&self) -> String {
        match self {
            Wrong::Null => "null".to_owned(),
            Wrong::Freed => "freed".to_owned(),
            Wrong::Class { class, .. } => format!("class {class}"),
            Wrong::Value { type_name, .. } => format!("value {type_name}"),
        }
    }
}

/// The call refused its argument and said so; it gives its safe answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused;

impl<T: GodotClass + Inherits<Object>> Given<T> {
    /// The argument as a live `T`, or why it is not one.
    pub fn get(&self) -> Result<Gd<T>, Wrong> {
        match self.value.get_type() {
            VariantType::NIL => Err(Wrong::Null),
            VariantType::OBJECT => {
                // A freed object's Variant still holds its id, which no live object has.
                let object = self
                    .value
                    .object_id_unchecked()
                    .and_then(|id| Gd::<Object>::try_from_instance_id(id).ok())
                    .ok_or(Wrong::Freed)?;
                object.try_cast::<T>().map_err(|other| Wrong::Class {
                    class: other.get_class().to_string(),
                    named: describe_class_and_place(&other),
                })
            }
            other => {
                let type_name = godot::global::type_string(i64::from(other.ord())).to_string();
                let named = format!(
                    "the {type_name} {}",
                    shortened(&self.value.stringify().to_string())
                );
                Err(Wrong::Value { type_name, named })
            }
        }
    }

    /// The live `T` a call cannot do without; anything else, null included, is refused with
    /// one warning naming `call`, `param` and what it was, and what the call does instead
    /// (`outcome`).
    pub fn required(
        &self,
        call: impl fmt::Display,
        param: &'static str,
        outcome: &str,
    ) -> Option<Gd<T>> {
        match self.get() {
            Ok(object) => Some(object),
            Err(wrong) => {
                refuse_wrong::<T>(call, param, &wrong, outcome);
                None
            }
        }
    }

    /// A `T` that may be left out: `Ok(None)` for null (which means none), `Ok(Some)` for a live
    /// `T`; anything else is refused as by [`Given::required`].
    pub fn optional(
        &self,
        call: impl fmt::Display,
        param: &'static str,
        outcome: &str,
    ) -> Result<Option<Gd<T>>, Refused> {
        match self.get() {
            Ok(object) => Ok(Some(object)),
            Err(Wrong::Null) => Ok(None),
            Err(wrong) => {
                refuse_wrong::<T>(call, param, &wrong, outcome);
                Err(Refused)
            }
        }
    }
}

/// For a class's `on_set`: whether `value`, set on a property that holds a `T` or null, is to
/// be refused (with one warning naming `property`), leaving the property as it was.
pub fn refuses_setting<T: GodotClass + Inherits<Object>>(
    property: impl fmt::Display,
    value: &Variant,
) -> bool {
    Given::<T>::from_variant_unchecked(value.clone())
        .optional(property, "the value", "the setting stays as it was")
        .is_err()
}

impl<T: GodotClass> Given<T> {
    fn from_variant_unchecked(value: Variant) -> Self {
        Given {
            value,
            class: PhantomData,
        }
    }

    /// What a Rust caller passes on its own behalf: the object, or null.
    #[must_use]
    pub fn of(object: Option<&Gd<T>>) -> Self {
        Given {
            value: object.map_or_else(Variant::nil, |o| o.to_variant()),
            class: PhantomData,
        }
    }
}

impl<T: GodotClass> Clone for Given<T> {
    fn clone(&self) -> Self {
        Given {
            value: self.value.clone(),
            class: PhantomData,
        }
    }
}

impl<T: GodotClass> fmt::Debug for Given<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A freed object's Variant is safe to print: Godot prints `<Freed Object>`.
        write!(f, "Given<{}>({})", T::class_id(), self.value)
    }
}

impl<T: GodotClass> GodotConvert for Given<T> {
    type Via = Variant;

    /// A Variant to Godot (so nothing checks or converts it on the way in), named for its
    /// class (so the editor's help shows the class as the parameter's type).
    fn godot_shape() -> GodotShape {
        GodotShape::Custom {
            variant_type: VariantType::NIL,
            var_hint: PropertyHintInfo::none(),
            export_hint: PropertyHintInfo::none(),
            class_name: Some(T::class_id().to_cow_str()),
            usage_flags: PropertyUsageFlags::NIL_IS_VARIANT,
            metadata: ParamMetadata::NONE,
        }
    }
}

impl<T: GodotClass> FromGodot for Given<T> {
    fn try_from_godot(value: Variant) -> Result<Self, ConvertError> {
        Ok(Given::from_variant_unchecked(value))
    }
}

impl<T: GodotClass> ToGodot for Given<T> {
    type Pass = godot::meta::conv::ByRef;

    fn to_godot(&self) -> &Variant {
        &self.value
    }
}

/// Says that `call` refused its `param` for `wrong`, and does `outcome` instead: once per
/// call, parameter and cause (see [`refuse`]).
fn refuse_wrong<T: GodotClass>(
    call: impl fmt::Display,
    param: &'static str,
    wrong: &Wrong,
    outcome: &str,
) {
    refuse(call, param, &wrong.cause(), || {
        let expected = T::class_id().to_string();
        match wrong {
            Wrong::Null => format!("{param} is null; {outcome}"),
            Wrong::Freed => format!(
                "{param} is a freed object (check is_instance_valid before the call); {outcome}"
            ),
            Wrong::Class { named, .. } | Wrong::Value { named, .. } => format!(
                "{param} is {named}, not {}; {outcome}",
                with_article(&expected)
            ),
        }
    });
}

/// Warns `{call}: {text}` once per call, parameter and cause: repeats within a second of game
/// time are counted, and the next warning says how many it stands for (see `warnings`).
pub fn refuse(
    call: impl fmt::Display,
    param: &'static str,
    cause: &str,
    text: impl FnOnce() -> String,
) {
    let call = call.to_string();
    crate::warnings::warn(&format!("{call} {param} {cause}"), None, || {
        format!("{call}: {}", text())
    });
}

/// How a warning names a live object of the wrong class: a node by its class and where it is
/// (see [`crate::warnings::describe`]), anything else by its class.
fn describe_class_and_place(object: &Gd<Object>) -> String {
    let class = object.get_class().to_string();
    match object.clone().try_cast::<Node>() {
        Ok(node) if node.is_inside_tree() || !node.get_name().is_empty() => {
            format!("the {class} {}", crate::warnings::describe(&node))
        }
        Ok(_) => format!("{} out of the tree", with_article(&class)),
        Err(_) => with_article(&class),
    }
}

/// `a Node3D`, `an ApsProfile`.
fn with_article(class: &str) -> String {
    let vowel = class
        .chars()
        .next()
        .is_some_and(|c| "AEIOUaeiou".contains(c));
    format!("{} {class}", if vowel { "an" } else { "a" })
}

/// A value's text as a warning quotes it: at most 60 characters.
fn shortened(text: &str) -> String {
    const MAX: usize = 60;
    if text.chars().count() <= MAX {
        text.to_owned()
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head}...")
    }
}

#[cfg(test)]
mod tests {
    use super::{shortened, with_article};

    #[test]
    fn classes_are_named_with_their_article() {
        assert_eq!(with_article("Node3D"), "a Node3D");
        assert_eq!(with_article("ApsProfile"), "an ApsProfile");
        assert_eq!(with_article("Object"), "an Object");
    }

    #[test]
    fn long_values_are_shortened() {
        assert_eq!(shortened("5"), "5");
        let long = "x".repeat(100);
        assert_eq!(shortened(&long).chars().count(), 63);
    }
}
