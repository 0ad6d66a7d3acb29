//! `ApsProfile`: every setting of the core's declaration as an inspector property, grouped as
//! the spec groups them, with ranges, units and tooltips, and what the resource does with them:
//! validate, TOML, the core's `Profile`.

use super::fields::kinds::{choice, count, curve, flag, layers, number, rules};
use super::fields::{inspector_hint, profile_resource};
use aps_core::profile::Kind;
use aps_core::Profile;
use godot::classes::{IResource, Resource};
use godot::prelude::*;
use godot::register::info::PropertyInfo;

// Every setting's property comes from the core's declaration (`aps_core::aps_settings!`): its
// name, type, doc, group and, through `on_validate_property` below, its slider and unit.
aps_core::aps_settings! {
    profile_resource,
    /// How one kind of AI perceives: thresholds, fusion, smoothing, loss, attention and each
    /// sense's settings, on one resource.
    ///
    /// Make one per kind of AI (guard, dog, camera) and assign it to
    /// [ApsPerceptionComponent.profile]. Every value has the APS defaults until you change it.
    /// Out-of-range values are clamped with a warning naming the property when the profile is
    /// used. [method save_toml] and [method load_toml] exchange the same settings as TOML.
    extra {
        /// Senses of your own, written in GDScript (extend ApsSense). Up to 7; each takes part
        /// in fusion, states and loss like a built-in sense.
        #[export_group(name = "Custom Senses")]
        #[export]
        custom_senses: Array<Gd<crate::aps_sense::ApsSense>> = Array::new(),
        /// The revision whose empty custom sense slot was warned of.
        warned_empty_slot: std::cell::Cell<Option<u64>> = std::cell::Cell::new(None),
    }
}

#[godot_api]
impl IResource for ApsProfile {
    fn init(base: Base<Resource>) -> Self {
        ApsProfile::from_core_values(&Profile::default(), base)
    }

    /// Every property change passes here first; counting them lets a component notice edits
    /// made while the game runs. A value outside its setting's legal range is stored clamped,
    /// with a warning, so what the inspector or a script reads back is what APS uses; any other
    /// value is left to Godot to store (returning false).
    fn on_set(&mut self, property: StringName, value: Variant) -> bool {
        self.revision = self.revision.wrapping_add(1);
        self.store_clamped(&property.to_string(), &value)
    }

    /// A setting's slider, unit or choices come from its row of the core's settings table, so
    /// the inspector offers exactly the legal range that validation clamps to.
    fn on_validate_property(&self, property: &mut PropertyInfo) {
        let name = property.property_name.to_string();
        if let Some(hint) = Profile::setting_by_inspector_name(&name).and_then(inspector_hint) {
            property.hint_info = hint;
        }
    }
}

// The profile's methods for scripts live in `api.rs`.
#[godot_api]
impl ApsProfile {}

impl ApsProfile {
    /// The custom senses, skipping empty slots (what the inspector's Add Element leaves) with
    /// one warning per edit of the profile, however many AI use it.
    #[must_use]
    pub fn custom_senses(&self) -> Vec<Gd<crate::aps_sense::ApsSense>> {
        let mut senses = Vec::new();
        let slots = self.custom_senses.clone().upcast_any_array();
        for (i, slot) in slots.iter_shared().enumerate() {
            match slot.try_to::<Gd<crate::aps_sense::ApsSense>>() {
                Ok(sense) => senses.push(sense),
                Err(_) if self.warned_empty_slot.get() != Some(self.revision) => {
                    self.warned_empty_slot.set(Some(self.revision));
                    godot_warn!(
                        "ApsProfile {}: custom_senses[{i}] is empty; the slot is skipped",
                        self.source()
                    );
                }
                Err(_) => {}
            }
        }
        senses
    }

    /// Where the profile is saved, for messages.
    fn source(&self) -> String {
        let path = self.base().get_path();
        if path.is_empty() {
            String::from("(unsaved)")
        } else {
            path.to_string()
        }
    }

    /// Stores a number, count or choice set outside its legal range as the nearest legal value
    /// (a NaN as the default), with a warning naming the property. Returns whether it did.
    fn store_clamped(&mut self, name: &str, value: &Variant) -> bool {
        let Some(setting) = Profile::setting_by_inspector_name(name) else {
            return false;
        };
        match &setting.kind {
            Kind::Number(n) => {
                let Ok(given) = value.try_to::<f32>() else {
                    return false;
                };
                let fixed = if given.is_nan() {
                    n.default
                } else {
                    given.clamp(n.min, n.max)
                };
                if fixed.to_bits() == given.to_bits() {
                    return false;
                }
                self.warn_clamped(
                    name,
                    &given.to_string(),
                    &format!("{}..{}", n.min, n.max),
                    &fixed.to_string(),
                );
                self.number_mut(name).map(|f| *f = fixed).is_some()
            }
            Kind::Count(c) => self.store_whole(name, value, i64::from(c.min), i64::from(c.max)),
            Kind::Choice { options, .. } => {
                self.store_whole(name, value, 0, options.len() as i64 - 1)
            }
            // Physics layers are 32 bits: a number beyond them (-1 for "all layers", say) keeps
            // its low 32 bits.
            Kind::Layers { .. } => {
                let Ok(given) = value.try_to::<i64>() else {
                    return false;
                };
                if (0..=i64::from(u32::MAX)).contains(&given) {
                    return false;
                }
                let fixed = (given & 0xFFFF_FFFF) as u32;
                self.warn_clamped(
                    name,
                    &given.to_string(),
                    "0..4294967295",
                    &fixed.to_string(),
                );
                self.layers_mut(name).map(|f| *f = fixed).is_some()
            }
            _ => false,
        }
    }

    fn store_whole(&mut self, name: &str, value: &Variant, min: i64, max: i64) -> bool {
        let Ok(given) = value.try_to::<i64>() else {
            return false;
        };
        let fixed = given.clamp(min, max);
        if fixed == given {
            return false;
        }
        self.warn_clamped(
            name,
            &given.to_string(),
            &format!("{min}..{max}"),
            &fixed.to_string(),
        );
        let fixed = i32::try_from(fixed).unwrap_or(0);
        self.whole_mut(name).map(|f| *f = fixed).is_some()
    }

    fn warn_clamped(&self, name: &str, given: &str, range: &str, fixed: &str) {
        godot_warn!(
            "ApsProfile {}: {name}: {given} is outside {range}; using {fixed}",
            self.source()
        );
    }
}
