//! Numbers set on a setting, kept within its range with one warning naming the setting, where
//! it is and the value.

use godot::classes::Object;
use godot::prelude::*;

/// A number set on the property `what` of `on`, kept within `range` (a NaN becomes
/// `fallback`), with a warning naming the property, where `on` is and the value when it had to
/// change (said once, then at most once a second while a script keeps setting it; see
/// `warnings`). Returns the value to store.
#[must_use]
pub fn kept_in_range(
    what: &str,
    on: &Gd<Object>,
    given: f32,
    (min, max): (f32, f32),
    fallback: f32,
) -> f32 {
    let fixed = if given.is_nan() {
        fallback
    } else {
        given.clamp(min, max)
    };
    if fixed.to_bits() != given.to_bits() {
        crate::warnings::warn_on(what, on, || {
            format!("{what}: {given} is outside {min}..{max}; using {fixed}")
        });
    }
    fixed
}

/// For `on_set`: when `value` is a number outside the range of the property `field` (named
/// `what`) of `on` points to, stores it there clamped, with a warning (see [`kept_in_range`]),
/// and returns true (the property is set); otherwise returns false and Godot stores the value
/// as usual.
pub fn store_kept(
    what: &str,
    on: &Gd<Object>,
    field: Option<(&mut f32, (f32, f32), f32)>,
    value: &Variant,
) -> bool {
    let (Some((field, range, fallback)), Ok(given)) = (field, value.try_to::<f32>()) else {
        return false;
    };
    let fixed = kept_in_range(what, on, given, range, fallback);
    if fixed.to_bits() == given.to_bits() {
        return false;
    }
    *field = fixed;
    true
}
