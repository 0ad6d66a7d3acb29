//! What the profile knows about each of its settings: one row of [`Profile::SETTINGS`] per
//! setting, derived from the declaration in `settings.rs` like the settings blocks themselves.
//!
//! The table is what validation walks (each setting's legal range, its default for a NaN), what
//! the Godot adapter reads for the inspector (its property name, slider and unit) and for naming
//! bad values, and what tests iterate to prove every setting is consistent with itself.

use super::Profile;
use crate::belief::decay_curve::DecayCurve;

/// One setting of the profile.
#[derive(Debug, Clone, Copy)]
pub struct Setting {
    /// Its TOML path, e.g. `loss.vision.grace_time`: the serde field names, nesting as in the file.
    pub path: &'static str,
    /// Its property name on the Godot inspector's `ApsProfile`, e.g. `vision_grace_time`.
    pub inspector: &'static str,
    /// Its name in the behaviour spec, where the spec names it (e.g. "Min Track Duration").
    pub spec: Option<&'static str>,
    /// Its doc comment, one entry per line.
    pub doc: &'static [&'static str],
    /// The inspector group this setting opens, if it is the first of one; the settings after it
    /// sit in that group until the next opens (see [`Profile::inspector_place`]).
    pub group: Option<&'static str>,
    /// The inspector subgroup this setting opens, if it is the first of one.
    pub subgroup: Option<&'static str>,
    /// What kind of value it is, with what the kind needs: range, unit, default.
    pub kind: Kind,
}

/// The kinds of value a setting can hold.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// A number with a legal range (most settings).
    Number(Number),
    /// A whole number with a legal range (slots, rays).
    Count(Count),
    /// On or off.
    Flag { default: bool },
    /// A set of physics layers (a bit mask); every value is legal.
    Layers { default: u32 },
    /// One of a few named options, stored by index.
    Choice {
        default: usize,
        options: &'static [&'static str],
    },
    /// The optional decay curve; its points are sanitised, not clamped to a range.
    Curve {
        field: fn(&mut Profile) -> &mut Option<DecayCurve>,
    },
    /// A list of team rules; the validation cuts a list past its cap on its own, not by row.
    Rules,
}

/// A number setting: its legal range, the inspector's slider, and where it lives.
#[derive(Debug, Clone, Copy)]
pub struct Number {
    /// The spec's default, also what a NaN is replaced by.
    pub default: f32,
    /// The least legal value.
    pub min: f32,
    /// The greatest legal value.
    pub max: f32,
    /// Where the inspector's slider ends when it is shorter than the legal range; values up to
    /// `max` can still be typed in. `None`: the slider spans the legal range.
    pub soft_max: Option<f32>,
    /// The inspector's step.
    pub step: f32,
    pub unit: Unit,
    /// Another setting this one may not be below (the thresholds' order, spec section 3).
    pub above: Option<Above>,
    /// The setting's place in a profile.
    pub field: fn(&mut Profile) -> &mut f32,
}

/// A whole-number setting: its legal range and where it lives.
#[derive(Debug, Clone, Copy)]
pub struct Count {
    pub default: u32,
    pub min: u32,
    pub max: u32,
    pub field: fn(&mut Profile) -> &mut u32,
}

/// A lower bound taken from another setting: this one may not be below `value + margin`.
#[derive(Debug, Clone, Copy)]
pub struct Above {
    /// The other setting's TOML path.
    pub path: &'static str,
    /// How far above the other setting the least legal value is.
    pub margin: f32,
    /// The other setting's value in a profile.
    pub value: fn(&Profile) -> f32,
}

/// The unit a number is in. Distances are metres, times seconds, rates per second (the spec's
/// centimetres converted, see the design notes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    None,
    Seconds,
    Metres,
    MetresPerSecond,
    PerSecond,
    Degrees,
}

impl Unit {
    /// The unit's symbol, as the inspector shows it after a value.
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self {
            Unit::None => "",
            Unit::Seconds => "s",
            Unit::Metres => "m",
            Unit::MetresPerSecond => "m/s",
            Unit::PerSecond => "/s",
            Unit::Degrees => "°",
        }
    }
}

impl Setting {
    /// The doc comment as one paragraph.
    #[must_use]
    pub fn doc_text(&self) -> String {
        let lines: Vec<&str> = self.doc.iter().map(|l| l.trim()).collect();
        lines.join(" ")
    }

    /// The number setting's range and place, if it is one.
    #[must_use]
    pub fn number(&self) -> Option<&Number> {
        match &self.kind {
            Kind::Number(n) => Some(n),
            _ => None,
        }
    }
}

impl Profile {
    /// The setting at a TOML path, e.g. `thresholds.suspect_threshold`.
    #[must_use]
    pub fn setting(path: &str) -> Option<&'static Setting> {
        Self::SETTINGS.iter().find(|s| s.path == path)
    }

    /// The setting behind an inspector property name, e.g. `vision_grace_time`.
    #[must_use]
    pub fn setting_by_inspector_name(name: &str) -> Option<&'static Setting> {
        Self::SETTINGS.iter().find(|s| s.inspector == name)
    }

    /// The inspector group and subgroup the setting at a TOML path sits in: the last ones opened
    /// at or before it (a new group starts with no subgroup, as in Godot's inspector).
    #[must_use]
    pub fn inspector_place(path: &str) -> Option<(&'static str, &'static str)> {
        let end = Self::SETTINGS.iter().position(|s| s.path == path)?;
        let (mut group, mut subgroup) = ("", "");
        for s in &Self::SETTINGS[..=end] {
            if let Some(g) = s.group {
                (group, subgroup) = (g, "");
            }
            if let Some(sg) = s.subgroup {
                subgroup = sg;
            }
        }
        Some((group, subgroup))
    }

    /// The on/off flag of the sense the setting at a TOML path belongs to (`vision.enabled`
    /// for `vision.max_range` and for `loss.vision.grace_time`), so an editor can show a
    /// sense's settings as idle while the sense is off. `None` for the flag itself and for
    /// settings of no one sense.
    #[must_use]
    pub fn switched_by(path: &str) -> Option<&'static Setting> {
        let mut parts = path.split('.');
        let block = match parts.next()? {
            "loss" => parts.next()?,
            block => block,
        };
        let flag = Self::SETTINGS.iter().find(|s| {
            matches!(s.kind, Kind::Flag { .. }) && s.path.strip_suffix(".enabled") == Some(block)
        })?;
        (flag.path != path).then_some(flag)
    }

    /// The TOML paths of the settings that say which physics layers stop a sense's rays:
    /// vision's, hearing's and echolocation's masks.
    pub const OCCLUSION_MASKS: [&'static str; 3] = [
        "vision.collision_mask",
        "hearing.occlusion_mask",
        "echolocation.collision_mask",
    ];

    /// The flag that, when on, puts the setting at a TOML path out of use: the project's
    /// occlusion layers stand in for each of [`Profile::OCCLUSION_MASKS`] while
    /// `occlusion.use_project_layers` is on. `None` for every other setting.
    #[must_use]
    pub fn overridden_by(path: &str) -> Option<&'static Setting> {
        if Self::OCCLUSION_MASKS.contains(&path) {
            Self::setting("occlusion.use_project_layers")
        } else {
            None
        }
    }

    /// The inspector property name of the setting at a TOML path.
    #[must_use]
    pub fn inspector_name(path: &str) -> Option<&'static str> {
        Self::setting(path).map(|s| s.inspector)
    }
}
