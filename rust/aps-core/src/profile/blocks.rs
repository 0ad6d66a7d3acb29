//! The profile's structs and its settings table, derived from the declaration (`settings.rs`).
//!
//! From each block: a struct with one documented public field per setting (its legal range and
//! unit added to its doc, and the spec's name, also as a `doc(alias)` so that searching the docs
//! for "Min Track Duration" finds `min_track_duration`), serde's TOML shape (`default`,
//! `deny_unknown_fields`), and a `Default` holding the spec's values. From each setting: one
//! row of [`Profile::SETTINGS`].

use super::setting::{Above, Count, Kind, Number, Setting, Unit};
use super::{SenseWeights, TeamRule};
use crate::belief::decay_curve::DecayCurve;
use crate::belief::loss::SenseLoss;
use crate::relationship::Relationship;
use serde::{Deserialize, Serialize};

/// The core's callback for [`aps_settings!`](crate::aps_settings).
macro_rules! profile_blocks {
    (
        pass {}
        blocks { $( {
            attrs [$($battr:tt)*] block $block:ident : $Block:ident
            fields [ $( {
                doc [$($doc:tt)*] spec [$($spec:tt)?] kind $fkind:ident $fargs:tt
                $field:ident : $ty:ty = $default:expr
            } )* ]
            rows [ $( {
                doc [$($rdoc:tt)*] $row:ident : $Row:ident =
                    { $( $rfield:ident : $rdefault:expr ),* }
            } )* ]
        } )* }
        settings { $( {
            at [$($at:ident)+] $sfield:ident, ty [$sty:ty], default [$sdefault:expr],
            kind $kind:ident $args:tt, inspector $inspector:ident, spec [$($sspec:tt)?],
            group [$($group:tt)?], subgroup [$($subgroup:tt)?], doc [$($sdoc:tt)*]
        } )* }
    ) => {
        /// Everything one kind of AI is tuned by.
        #[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct Profile {
            $( pub $block: $Block, )*
        }

        $(
            $($battr)*
            #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
            #[serde(default, deny_unknown_fields)]
            pub struct $Block {
                $(
                    $(#[doc = $doc])*
                    #[doc = ""]
                    #[doc = range_doc!($fkind $fargs)]
                    $(
                        #[doc = concat!("The spec calls it *", $spec, "*.")]
                        #[doc(alias = $spec)]
                    )?
                    pub $field: $ty,
                )*
                $(
                    $(#[doc = $rdoc])*
                    pub $row: $Row,
                )*
            }

            impl Default for $Block {
                fn default() -> Self {
                    $Block {
                        $( $field: $default, )*
                        $( $row: $Row { $( $rfield: $rdefault, )* }, )*
                    }
                }
            }
        )*

        impl Profile {
            /// Every setting, in the order of the declaration (the TOML file's and the
            /// inspector's order).
            pub const SETTINGS: &'static [Setting] = &[
                $( Setting {
                    path: setting_path!([$($at)+] $sfield),
                    inspector: stringify!($inspector),
                    spec: option!($($sspec)?),
                    doc: &[$($sdoc),*],
                    group: option!($($group)?),
                    subgroup: option!($($subgroup)?),
                    kind: setting_kind!($kind $args, [$($at)+] $sfield, $sty, $sdefault),
                }, )*
            ];
        }
    };
}

/// The doc line giving a number's legal range and unit (empty for other kinds).
macro_rules! range_doc {
    (number($min:tt ..= $max:tt $(, soft_max $soft:tt)?, step $step:tt $(, unit $unit:ident)?
        $(, above $other:ident $(+ $margin:tt)?)?)) => {
        concat!(
            "Legal range ", stringify!($min), " to ", stringify!($max),
            $(" ", unit_symbol!($unit),)?
            $("; at least `", stringify!($other), "`", $(" + ", stringify!($margin),)?)? "."
        )
    };
    (count($min:tt ..= $max:tt)) => {
        concat!("Legal range ", stringify!($min), " to ", stringify!($max), ".")
    };
    ($kind:ident $args:tt) => {
        ""
    };
}

/// [`Unit::symbol`] as a literal, for doc lines.
macro_rules! unit_symbol {
    (Seconds) => {
        "s"
    };
    (Metres) => {
        "m"
    };
    (MetresPerSecond) => {
        "m/s"
    };
    (PerSecond) => {
        "per second"
    };
    (Degrees) => {
        "degrees"
    };
}

/// `loss.vision.grace_time` from `[loss vision] grace_time`.
macro_rules! setting_path {
    ([$($at:ident)+] $field:ident) => {
        concat!($(stringify!($at), ".",)+ stringify!($field))
    };
}

macro_rules! option {
    () => {
        None
    };
    ($value:expr) => {
        Some($value)
    };
}

macro_rules! unit {
    () => {
        Unit::None
    };
    ($unit:ident) => {
        Unit::$unit
    };
}

/// A function reaching a setting of a profile, `&mut p.loss.vision.grace_time`.
macro_rules! field_fn {
    ([$($at:ident)+] $field:ident : $ty:ty) => {{
        fn field(p: &mut Profile) -> &mut $ty {
            &mut p $(.$at)+ .$field
        }
        field
    }};
}

/// The lower bound another setting of the same block sets (`above other + margin`).
macro_rules! above {
    ([$($at:ident)+]) => {
        None
    };
    ([$($at:ident)+] $other:ident $($margin:tt)?) => {
        Some(Above {
            path: setting_path!([$($at)+] $other),
            margin: margin!($($margin)?),
            value: {
                fn value(p: &Profile) -> f32 {
                    p $(.$at)+ .$other
                }
                value
            },
        })
    };
}

macro_rules! margin {
    () => {
        0.0
    };
    ($margin:tt) => {
        $margin
    };
}

/// The [`Kind`] of one setting, from its `kind(args)` in the declaration.
macro_rules! setting_kind {
    (
        number($min:tt ..= $max:tt $(, soft_max $soft:tt)?, step $step:tt $(, unit $unit:ident)?
            $(, above $other:ident $(+ $margin:tt)?)?),
        [$($at:ident)+] $field:ident, $ty:ty, $default:expr
    ) => {
        Kind::Number(Number {
            default: $default,
            min: $min,
            max: $max,
            soft_max: option!($($soft)?),
            step: $step,
            unit: unit!($($unit)?),
            above: above!([$($at)+] $($other $($margin)?)?),
            field: field_fn!([$($at)+] $field: f32),
        })
    };
    (count($min:tt ..= $max:tt), [$($at:ident)+] $field:ident, $ty:ty, $default:expr) => {
        Kind::Count(Count {
            default: $default,
            min: $min,
            max: $max,
            field: field_fn!([$($at)+] $field: u32),
        })
    };
    (flag(), [$($at:ident)+] $field:ident, $ty:ty, $default:expr) => {
        Kind::Flag { default: $default }
    };
    (layers(), [$($at:ident)+] $field:ident, $ty:ty, $default:expr) => {
        Kind::Layers { default: $default }
    };
    (choice(), [$($at:ident)+] $field:ident, $ty:ty, $default:expr) => {
        Kind::Choice {
            default: $default as usize,
            options: &<$ty>::NAMES,
        }
    };
    (curve(), [$($at:ident)+] $field:ident, $ty:ty, $default:expr) => {
        Kind::Curve {
            field: field_fn!([$($at)+] $field: Option<DecayCurve>),
        }
    };
    (rules(), [$($at:ident)+] $field:ident, $ty:ty, $default:expr) => {
        Kind::Rules
    };
}

crate::aps_settings!(profile_blocks);
