//! `ApsProfile`'s properties, derived from the core's declaration of every setting
//! (`aps_core::aps_settings!`): one exported, documented inspector property per setting, in the
//! declaration's order, groups and subgroups, the copies between those properties and the
//! core's `Profile`, and each property's inspector hint (slider, unit, choices) from the
//! setting's row of `Profile::SETTINGS`. So a property cannot disagree with the setting it edits.
//!
//! The macros only list: each setting's property, its core field, its name. What is done with
//! them is plain Rust (`bridge.rs`'s copies, the accessors by name and `inspector_hint` below),
//! which the compiler checks as written and a reader follows without expanding a macro.

use super::resource::ApsProfile;
use aps_core::profile::{Kind, Setting, Unit};
use aps_core::Profile;
use godot::builtin::GString;
use godot::classes::Curve;
use godot::obj::Gd;
use godot::register::info::{PropertyHint, PropertyHintInfo};

/// The callback `resource.rs` hands to `aps_core::aps_settings!`: declares `ApsProfile` from the
/// declaration's settings, plus the class doc and the extra fields passed through (fields that
/// are not core settings and need hand-written handling), then hands each setting's property
/// and core field to `profile_copies!` and `profile_lookup!`.
///
/// Each property's type is named for its setting's kind (see [`kinds`]), which must be in
/// scope where the macro is called.
///
/// Attributes pass through as plain tokens (not `meta` fragments) so that the `GodotClass`
/// derive recognises `#[export]` and `#[export_group]` on the fields it generates.
macro_rules! profile_resource {
    (
        pass {
            $(#[$($class_meta:tt)*])*
            extra { $( $(#[$($emeta:tt)*])* $efield:ident : $ety:ty = $einit:expr ),* $(,)? }
        }
        blocks $blocks:tt
        settings { $( {
            at [$($at:ident)+] $field:ident, ty $ty:tt, default $default:tt,
            kind $kind:ident $args:tt, inspector $inspector:ident, spec $spec:tt,
            group [$($group:tt)?], subgroup [$($subgroup:tt)?], doc [$($doc:tt)*]
        } )* }
    ) => {
        $(#[$($class_meta)*])*
        #[derive(godot::prelude::GodotClass)]
        #[class(tool, base = Resource)]
        pub struct ApsProfile {
            $(
                $(#[doc = $doc])*
                $(#[export_group(name = $group)])?
                $(#[export_subgroup(name = $subgroup)])?
                #[export]
                $inspector: $kind,
            )*
            $( $(#[$($emeta)*])* $efield: $ety, )*
            /// Bumped on every property change, so components notice edits while playing.
            pub(super) revision: u64,
            base: godot::obj::Base<godot::classes::Resource>,
        }
        $crate::aps_profile::fields::profile_copies! {
            extra [$( $efield = $einit ),*]
            settings [$( $inspector = [$($at)+] $field ),*]
        }
        $crate::aps_profile::fields::profile_lookup! { $($inspector)* }
    };
}

/// The copies between `ApsProfile`'s properties and the core's `Profile`: one line per setting,
/// pairing its property with its core field. How a value crosses is `bridge`'s, once for all.
macro_rules! profile_copies {
    (
        extra [$( $extra:ident = $init:expr ),*]
        settings [$( $property:ident = [$($at:ident)+] $field:ident ),*]
    ) => {
        impl ApsProfile {
            /// A profile holding the core's values (the spec's defaults for `Profile::default()`).
            fn from_core_values(
                p: &aps_core::Profile,
                base: godot::obj::Base<godot::classes::Resource>,
            ) -> Self {
                use $crate::aps_profile::bridge::to_property;
                ApsProfile {
                    $( $property: to_property(&p $(.$at)+ .$field), )*
                    $( $extra: $init, )*
                    revision: 0,
                    base,
                }
            }

            /// Copies the core's values into the exported properties.
            pub(super) fn read_core(&mut self, p: &aps_core::Profile) {
                use $crate::aps_profile::bridge::read;
                $( read(&mut self.$property, &p $(.$at)+ .$field); )*
            }

            /// Copies the exported properties into a core profile.
            pub(super) fn write_core(&self, p: &mut aps_core::Profile) {
                use $crate::aps_profile::bridge::write;
                $( write(&self.$property, &mut p $(.$at)+ .$field); )*
            }
        }
    };
}

/// The properties by name, as values of their kind's type: what lets code written once for
/// every setting (clamping, greying, the curves held) reach the setting a name stands for.
macro_rules! profile_lookup {
    ($( $property:ident )*) => {
        impl ApsProfile {
            /// The property named `name`, if it is a setting's.
            pub(super) fn property(&self, name: &str) -> Option<&dyn std::any::Any> {
                match name {
                    $( stringify!($property) => Some(&self.$property), )*
                    _ => None,
                }
            }

            /// The property named `name`, if it is a setting's, to store a value in.
            pub(super) fn property_mut(&mut self, name: &str) -> Option<&mut dyn std::any::Any> {
                match name {
                    $( stringify!($property) => Some(&mut self.$property), )*
                    _ => None,
                }
            }
        }
    };
}

/// The inspector's type for each kind of setting. The properties are typed with these names
/// (which is what the editor's help shows as their type), because the declaration gives each
/// setting's kind, not a Godot type.
#[allow(non_camel_case_types)]
pub(super) mod kinds {
    use godot::builtin::{Array, Vector3i};
    use godot::classes::Curve;
    use godot::obj::Gd;

    pub type number = f32;
    pub type count = i32;
    pub type flag = bool;
    pub type layers = u32;
    pub type choice = i32;
    pub type curve = Option<Gd<Curve>>;
    pub type rules = Array<Vector3i>;
}

pub(crate) use {profile_copies, profile_lookup, profile_resource};

/// A property reached by its name and taken as its kind's type: `None` for a name that is no
/// setting's, or a setting of another kind. Written once here rather than per setting in the
/// macros above, which only list the properties.
impl ApsProfile {
    /// The property named `name` if it holds a number, to store a clamped value in.
    pub(super) fn number_mut(&mut self, name: &str) -> Option<&mut kinds::number> {
        self.property_mut(name)?.downcast_mut()
    }

    /// The property named `name` if it holds a whole number: a count or a choice, which the
    /// inspector both keeps as an `i32`.
    pub(super) fn whole_mut(&mut self, name: &str) -> Option<&mut i32> {
        self.property_mut(name)?.downcast_mut()
    }

    /// The property named `name` if it holds physics layers.
    pub(super) fn layers_mut(&mut self, name: &str) -> Option<&mut kinds::layers> {
        self.property_mut(name)?.downcast_mut()
    }

    /// The value of the flag property named `name`, if it is one.
    pub(super) fn flag(&self, name: &str) -> Option<bool> {
        self.property(name)?.downcast_ref::<kinds::flag>().copied()
    }

    /// The curves among the properties that are set, in the order of the settings.
    pub(super) fn curves(&self) -> Vec<Gd<Curve>> {
        Profile::SETTINGS
            .iter()
            .filter(|s| matches!(s.kind, Kind::Curve { .. }))
            .filter_map(|s| {
                self.property(s.inspector)?
                    .downcast_ref::<kinds::curve>()?
                    .clone()
            })
            .collect()
    }
}

/// The inspector hint of a setting's property: a number's slider (its legal range, or up to
/// its soft maximum with larger values typed in) and unit, a count's range, the physics layers
/// editor, an option list. `None` keeps the hint Godot infers from the property's type.
///
/// The hint string is the one `#[export(range = ...)]` would write: `min,max,step`, then
/// `or_greater`, `degrees`, `suffix:unit`.
#[must_use]
pub fn inspector_hint(setting: &Setting) -> Option<PropertyHintInfo> {
    let (hint, text) = match &setting.kind {
        Kind::Number(n) => {
            let mut text = format!("{},{},{}", n.min, n.soft_max.unwrap_or(n.max), n.step);
            if n.soft_max.is_some() {
                text.push_str(",or_greater");
            }
            match n.unit {
                Unit::None => {}
                Unit::Degrees => text.push_str(",degrees"),
                unit => {
                    text.push_str(",suffix:");
                    text.push_str(unit.symbol());
                }
            }
            (PropertyHint::RANGE, text)
        }
        Kind::Count(n) => (PropertyHint::RANGE, format!("{},{},1", n.min, n.max)),
        Kind::Layers { .. } => (PropertyHint::LAYERS_3D_PHYSICS, String::new()),
        Kind::Choice { options, .. } => {
            let choices: Vec<String> = options
                .iter()
                .enumerate()
                .map(|(i, name)| format!("{name}:{i}"))
                .collect();
            (PropertyHint::ENUM, choices.join(","))
        }
        Kind::Flag { .. } | Kind::Curve { .. } | Kind::Rules => return None,
    };
    Some(PropertyHintInfo {
        hint,
        hint_string: GString::from(&text),
    })
}
