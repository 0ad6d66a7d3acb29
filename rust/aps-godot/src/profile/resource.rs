//! `ApsProfile`: every setting of the core's declaration as an inspector property, grouped as
//! the spec groups them, with ranges, units and tooltips, and what the resource does with them:
//! validate, TOML, the core's `Profile`.

use super::fields::kinds::{choice, count, curve, flag, layers, number, rules};
use super::fields::{inspector_hint, profile_resource};
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
    }
}

#[godot_api]
impl IResource for ApsProfile {
    fn init(base: Base<Resource>) -> Self {
        ApsProfile::from_core_values(&Profile::default(), base)
    }

    /// Every property change passes here first; counting them lets a component notice edits
    /// made while the game runs. Returning false lets Godot store the value as usual.
    fn on_set(&mut self, _property: StringName, _value: Variant) -> bool {
        self.revision = self.revision.wrapping_add(1);
        false
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
    /// The custom senses, skipping empty entries.
    #[must_use]
    pub fn custom_senses(&self) -> Vec<Gd<crate::aps_sense::ApsSense>> {
        self.custom_senses.iter_shared().collect()
    }
}
