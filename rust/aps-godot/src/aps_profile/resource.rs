//! `ApsProfile`: every setting of the core's declaration as an inspector property, grouped as
//! the spec groups them, with ranges, units and tooltips, and what the resource does with them:
//! validate, TOML, the core's `Profile`.

use super::fields::kinds::{choice, count, curve, flag, layers, number, rules};
use super::fields::{inspector_hint, profile_resource};
use aps_core::profile::{Kind, MAX_TEAM_RULES};
use aps_core::Profile;
use godot::classes::{IResource, Resource};
use godot::prelude::*;
use godot::register::info::{PropertyInfo, PropertyUsageFlags};

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
        /// The problems with its custom senses said so far, each with the list of senses it
        /// was said for (see `warn_custom_senses_once`).
        warned_custom: std::cell::RefCell<Vec<(&'static str, u64)>> = std::cell::RefCell::new(Vec::new()),
        /// A `changed` signal is queued for the end of the frame.
        change_queued: bool = false,
        /// A sense was switched on or off: the inspector must grey its settings anew.
        list_change_queued: bool = false,
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
    /// value is left to Godot to store (returning false). Either way `changed` is emitted at
    /// the end of the frame (once for many edits), so gizmos and warnings follow.
    fn on_set(&mut self, property: StringName, value: Variant) -> bool {
        let name = property.to_string();
        // A curve set to something else than one (or null) is refused with one warning and
        // stays as it was; godot-rust's own setter would fail on it with an error.
        let curve = Profile::setting_by_inspector_name(&name)
            .is_some_and(|s| matches!(s.kind, Kind::Curve { .. }));
        if curve
            && crate::given::refuses_setting::<godot::classes::Curve>(
                format_args!("ApsProfile.{name}"),
                &value,
            )
        {
            return true;
        }
        self.revision = self.revision.wrapping_add(1);
        // A flag that puts other settings in or out of use: the inspector greys them anew.
        let switch = Profile::setting_by_inspector_name(&name).is_some_and(|s| {
            matches!(s.kind, Kind::Flag { .. })
                && (s.path.ends_with(".enabled")
                    || Profile::OCCLUSION_MASKS
                        .iter()
                        .any(|m| Profile::overridden_by(m).is_some_and(|f| f.path == s.path)))
        });
        self.queue_changed(switch);
        self.store_clamped(&name, &value)
    }

    /// A setting's slider, unit or choices come from its row of the core's settings table, so
    /// the inspector offers exactly the legal range that validation clamps to. The settings of
    /// a sense that is off are shown greyed out: they take effect only once it is on; so are
    /// the masks while the profile follows the project's occlusion layers.
    fn on_validate_property(&self, property: &mut PropertyInfo) {
        let name = property.property_name.to_string();
        let Some(setting) = Profile::setting_by_inspector_name(&name) else {
            return;
        };
        if let Some(hint) = inspector_hint(setting) {
            property.hint_info = hint;
        }
        let off = Profile::switched_by(setting.path)
            .is_some_and(|flag| self.flag(flag.inspector) == Some(false));
        // A mask the project's occlusion layers stand in for is out of use too.
        let overridden = Profile::overridden_by(setting.path)
            .is_some_and(|flag| self.flag(flag.inspector) == Some(true));
        if off || overridden {
            property.usage |= PropertyUsageFlags::READ_ONLY;
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
                    // A script editing the profile every frame makes a revision a frame.
                    let me = self.base().instance_id();
                    crate::warnings::warn("custom_senses empty slot", Some(me), || {
                        format!(
                            "ApsProfile {}: custom_senses[{i}] is empty; the slot is skipped",
                            self.source()
                        )
                    });
                }
                Err(_) => {}
            }
        }
        senses
    }

    /// Says `problem` with its custom senses (`message`, after the profile's name) once for
    /// this profile and its list of senses: every AI sharing the profile, at every rebuild of
    /// its core profile, meets the same problem, and a game needs to hear it once. An edit of
    /// the list (another sense, one more or fewer) says it again.
    pub fn warn_custom_senses_once(&self, problem: &'static str, message: impl FnOnce() -> String) {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for slot in self.custom_senses.clone().upcast_any_array().iter_shared() {
            slot.try_to::<Gd<crate::aps_sense::ApsSense>>()
                .ok()
                .map(|s| s.instance_id().to_i64())
                .hash(&mut h);
        }
        let list = h.finish();
        let mut warned = self.warned_custom.borrow_mut();
        if let Some(said) = warned.iter_mut().find(|(p, _)| *p == problem) {
            if said.1 == list {
                return;
            }
            said.1 = list;
        } else {
            warned.push((problem, list));
        }
        drop(warned);
        godot_warn!("ApsProfile {}: {}", self.source(), message());
    }

    /// The settings as they stand, unvalidated, in the core's form (for the editor's checks).
    #[must_use]
    pub fn core_values(&self) -> Profile {
        let mut p = Profile::default();
        self.write_core(&mut p);
        p
    }

    /// What a designer should fix before the game runs, one line each: a profile that perceives
    /// nothing, state thresholds out of order, empty custom sense slots.
    #[must_use]
    pub fn editor_problems(&self) -> Vec<String> {
        let p = self.core_values();
        let slots = self.custom_senses.clone().upcast_any_array();
        let empty: Vec<usize> = slots
            .iter_shared()
            .enumerate()
            .filter(|(_, slot)| slot.try_to::<Gd<crate::aps_sense::ApsSense>>().is_err())
            .map(|(i, _)| i)
            .collect();
        let mut problems = Vec::new();
        if let Some(why) = p.perceives_nothing(slots.len() - empty.len()) {
            problems.push(format!("The profile perceives nothing: {why}."));
        }
        for order in p.threshold_order_problems() {
            problems.push(format!(
                "Thresholds out of order: {order}; each must be below the next (they are raised \
                 to fit when the game runs)."
            ));
        }
        for i in empty {
            problems.push(format!(
                "Custom Senses slot {i} is empty: it is skipped. Put an ApsSense there or remove \
                 the slot."
            ));
        }
        problems
    }

    /// The resources the profile holds (its curves and custom senses), whose edits change it.
    #[must_use]
    pub fn sub_resources(&self) -> Vec<Gd<Resource>> {
        let mut held: Vec<Gd<Resource>> = self.curves().into_iter().map(Gd::upcast).collect();
        let slots = self.custom_senses.clone().upcast_any_array();
        held.extend(
            slots
                .iter_shared()
                .filter_map(|slot| slot.try_to::<Gd<crate::aps_sense::ApsSense>>().ok())
                .map(Gd::upcast),
        );
        held
    }

    /// Queues one `changed` signal for the end of the frame (and, when a sense was switched,
    /// a fresh property list, for the greyed-out settings). Only from the main thread: a
    /// profile loaded on a loader thread has no one listening yet.
    pub(super) fn queue_changed(&mut self, list_changed: bool) {
        if !godot::init::is_main_thread() {
            return;
        }
        self.list_change_queued |= list_changed;
        if self.change_queued {
            return;
        }
        self.change_queued = true;
        // Emitted unbound: a listener reads the profile back.
        self.run_deferred_gd(|mut profile: Gd<ApsProfile>| {
            let list = {
                let mut p = profile.bind_mut();
                p.change_queued = false;
                std::mem::take(&mut p.list_change_queued)
            };
            if list {
                profile.notify_property_list_changed();
            }
            profile.emit_changed();
        });
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
            Kind::Rules => self.store_rules(name, value),
            _ => false,
        }
    }

    /// Team rules past the most a profile keeps are dropped, with a warning: each AI builds a
    /// table of them when its profile is set.
    fn store_rules(&mut self, name: &str, value: &Variant) -> bool {
        // A typed array from a script or a resource, or an untyped one from a script.
        let (given, kept): (usize, Array<Vector3i>) = match value.try_to::<Array<Vector3i>>() {
            Ok(rules) => (
                rules.len(),
                rules.iter_shared().take(MAX_TEAM_RULES).collect(),
            ),
            Err(_) => match value.try_to::<VarArray>() {
                Ok(rules) => (
                    rules.len(),
                    rules
                        .iter_shared()
                        .take(MAX_TEAM_RULES)
                        .filter_map(|v| v.try_to::<Vector3i>().ok())
                        .collect(),
                ),
                Err(_) => return false,
            },
        };
        if given <= MAX_TEAM_RULES {
            return false;
        }
        let me = self.base().instance_id();
        crate::warnings::warn(name, Some(me), || {
            format!(
                "ApsProfile {}: {name}: {given} rules, more than the {MAX_TEAM_RULES} a profile \
                 keeps; the first {MAX_TEAM_RULES} are used",
                self.source()
            )
        });
        self.team_rules = kept;
        true
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

    /// Said once, then at most once a second while a script keeps setting the value.
    fn warn_clamped(&self, name: &str, given: &str, range: &str, fixed: &str) {
        let me = self.base().instance_id();
        crate::warnings::warn(name, Some(me), || {
            format!(
                "ApsProfile {}: {name}: {given} is outside {range}; using {fixed}",
                self.source()
            )
        });
    }
}
