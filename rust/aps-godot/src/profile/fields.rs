//! The macro that lays out `ApsProfile`: one line per setting ties an exported, documented
//! inspector property to its place in the core profile, so the two never drift apart.

/// Attributes pass through as plain tokens (not `meta` fragments) so that the `GodotClass`
/// derive recognises `#[export]` and `#[export_group]` on the fields it generates.
///
/// Declares `ApsProfile` from a list of `property: Type = core.path` entries, each with its doc
/// comment and export attributes, plus extra fields that need hand-written handling.
macro_rules! profile_resource {
    (
        $(#[$($class_meta:tt)*])*
        settings {
            $( $(#[$($meta:tt)*])* $field:ident : $ty:ty = $($path:ident).+ ),* $(,)?
        }
        extra {
            $( $(#[$($emeta:tt)*])* $efield:ident : $ety:ty = $einit:expr ),* $(,)?
        }
    ) => {
        $(#[$($class_meta)*])*
        #[derive(godot::prelude::GodotClass)]
        #[class(tool, base = Resource)]
        pub struct ApsProfile {
            $( $(#[$($meta)*])* $field: $ty, )*
            $( $(#[$($emeta)*])* $efield: $ety, )*
            /// Bumped on every property change, so components notice edits while playing.
            pub(super) revision: u64,
            base: godot::obj::Base<godot::classes::Resource>,
        }

        impl ApsProfile {
            /// A profile holding the core's values (the spec's defaults for `Profile::default()`).
            fn from_core_values(p: &aps_core::Profile, base: godot::obj::Base<godot::classes::Resource>) -> Self {
                use $crate::profile::bridge::Bridge;
                ApsProfile {
                    $( $field: p.$($path).+.clone().bridge(), )*
                    $( $efield: $einit, )*
                    revision: 0,
                    base,
                }
            }

            /// Copies the core's values into the exported properties.
            pub(super) fn read_core(&mut self, p: &aps_core::Profile) {
                use $crate::profile::bridge::Bridge;
                $(
                    let current = self.$field.clone().bridge();
                    if $crate::profile::bridge::differs(&current, &p.$($path).+) {
                        self.$field = p.$($path).+.clone().bridge();
                    }
                )*
            }

            /// Copies the exported properties into a core profile.
            pub(super) fn write_core(&self, p: &mut aps_core::Profile) {
                use $crate::profile::bridge::Bridge;
                $( p.$($path).+ = self.$field.clone().bridge(); )*
            }

            /// Each property's name and its core TOML path, for naming bad values.
            pub(super) const PROPERTY_PATHS: &'static [(&'static str, &'static str)] = &[
                $( (stringify!($field), stringify!($($path).+)), )*
            ];
        }
    };
}

pub(crate) use profile_resource;
