//! The Perception Profile: every setting of one kind of AI, with the spec's defaults.
//!
//! The blocks mirror the spec's groups (thresholds, fusion, smoothing, loss per sense,
//! attention, performance, then each sense's own settings). Distances are metres, times seconds,
//! rates per second. A profile loads and saves as TOML ([`Profile::from_toml_str`],
//! [`Profile::to_toml_string`]) and validates itself ([`Profile::validate`]): a bad value is
//! reported by name and replaced by the nearest legal one, never accepted silently.
//!
//! Each setting is written once, in the declaration of `settings.rs`
//! ([`aps_settings!`](crate::aps_settings)): its block, type, default, legal range, unit,
//! inspector name, spec name and doc. The block structs (`blocks.rs`) and the table of every
//! setting, [`Profile::SETTINGS`] (`setting.rs`), are derived from it, and so is the Godot
//! adapter's `ApsProfile`. What stays here is written by hand: the plain row types the
//! declaration describes per row ([`SenseWeights`], and `SenseLoss` in `belief::loss`),
//! [`TeamRule`], and the profile's lookups.

mod blocks;
mod checks;
mod setting;
mod settings;
mod toml_io;
mod validate;

pub use blocks::{
    AttentionSettings, DamageSettings, EcholocationSettings, EmotionSettings, Fusion,
    HearingSettings, LossSettings, MemorySettings, OcclusionSettings, PainSettings, Performance,
    Profile, SideSettings, SmellSettings, Smoothing, SpatialSettings, SquadSettings,
    ThreatSettings, Thresholds, TouchSettings, VibrationSettings, VisionSettings,
};
pub use setting::{Above, Count, Kind, Number, Setting, Unit};
pub use toml_io::ProfileError;
pub use validate::ProfileIssue;

use crate::belief::loss::SenseLoss;
use crate::relationship::Relationship;
use crate::senses::id::{Sense, SenseId};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// The Sense Weights of a profile: a guard dog might have smell 1.5 and vision 0.6. The
/// weights' defaults, ranges and docs are declared with the fusion block.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SenseWeights {
    pub vision: f32,
    pub hearing: f32,
    pub smell: f32,
    pub touch: f32,
    pub vibration: f32,
    pub damage: f32,
    pub pain: f32,
    pub echolocation: f32,
}

impl Default for SenseWeights {
    /// The declaration's weights (all 1), which a partial `[fusion.sense_weights]` table fills
    /// in from.
    fn default() -> Self {
        Fusion::default().sense_weights
    }
}

impl SenseWeights {
    /// The weight of a built-in sense.
    #[must_use]
    pub fn get(&self, sense: Sense) -> f32 {
        match sense {
            Sense::Vision => self.vision,
            Sense::Hearing => self.hearing,
            Sense::Smell => self.smell,
            Sense::Touch => self.touch,
            Sense::Vibration => self.vibration,
            Sense::Damage => self.damage,
            Sense::Pain => self.pain,
            Sense::Echolocation => self.echolocation,
        }
    }

    /// The weight of a built-in sense, mutably.
    pub fn get_mut(&mut self, sense: Sense) -> &mut f32 {
        match sense {
            Sense::Vision => &mut self.vision,
            Sense::Hearing => &mut self.hearing,
            Sense::Smell => &mut self.smell,
            Sense::Touch => &mut self.touch,
            Sense::Vibration => &mut self.vibration,
            Sense::Damage => &mut self.damage,
            Sense::Pain => &mut self.pain,
            Sense::Echolocation => &mut self.echolocation,
        }
    }
}

impl LossSettings {
    /// The row of a built-in sense; pain is the AI's own and never loses a target.
    #[must_use]
    pub fn get(&self, sense: Sense) -> Option<SenseLoss> {
        self.row(sense).copied()
    }

    fn row(&self, sense: Sense) -> Option<&SenseLoss> {
        Some(match sense {
            Sense::Vision => &self.vision,
            Sense::Echolocation => &self.echolocation,
            Sense::Touch => &self.touch,
            Sense::Hearing => &self.hearing,
            Sense::Damage => &self.damage,
            Sense::Smell => &self.smell,
            Sense::Vibration => &self.vibration,
            Sense::Pain => return None,
        })
    }

    /// The row of a built-in sense, mutably.
    pub fn get_mut(&mut self, sense: Sense) -> Option<&mut SenseLoss> {
        Some(match sense {
            Sense::Vision => &mut self.vision,
            Sense::Echolocation => &mut self.echolocation,
            Sense::Touch => &mut self.touch,
            Sense::Hearing => &mut self.hearing,
            Sense::Damage => &mut self.damage,
            Sense::Smell => &mut self.smell,
            Sense::Vibration => &mut self.vibration,
            Sense::Pain => return None,
        })
    }
}

impl Profile {
    /// The profile as its senses use it in a project whose occlusion layers (the project
    /// setting `aps/occlusion_layers`) are `project_layers`: with Use Project Occlusion Layers
    /// on, sight, sound and echoes stop at those layers rather than at the profile's own
    /// masks, so one project setting makes every profile (the presets too) fit the game's
    /// walls.
    #[must_use]
    pub fn with_project_layers(mut self, project_layers: u32) -> Profile {
        if self.occlusion.use_project_layers {
            self.vision.collision_mask = project_layers;
            self.hearing.occlusion_mask = project_layers;
            self.echolocation.collision_mask = project_layers;
        }
        self
    }

    /// The physics layers that stop each sense's rays, by the senses that are on and cast
    /// them: `(sense name, mask)` for vision, hearing and echolocation.
    #[must_use]
    pub fn occlusion_masks(&self) -> SmallVec<[(&'static str, u32); 3]> {
        let mut masks = SmallVec::new();
        if self.vision.enabled {
            masks.push(("sight", self.vision.collision_mask));
        }
        if self.hearing.enabled {
            masks.push(("sound", self.hearing.occlusion_mask));
        }
        if self.echolocation.enabled {
            masks.push(("echoes", self.echolocation.collision_mask));
        }
        masks
    }
}

/// Every physics layer: the default of the project setting `aps/occlusion_layers`, so that a
/// game's walls stop sight whatever layer it puts them on.
pub const ALL_LAYERS: u32 = u32::MAX;

/// The most wind can stretch the smell range (and the least it can shrink it, as 1 / 4 of it).
/// A rule of smell, not a setting, kept here because the gather range must reach as far as a
/// scent carries downwind.
pub const MAX_WIND_STRETCH: f32 = 3.0;

/// The most team rules a profile keeps: every pair of 32 teams, both ways.
pub const MAX_TEAM_RULES: usize = 1024;

/// How one team regards another (the relationship table, spec section 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamRule {
    pub team: i32,
    pub other: i32,
    pub relationship: Relationship,
}

impl Profile {
    /// The loss row for a sense slot. Built-in senses read the profile's table; pain and custom
    /// slots without a row fall back to [`SenseLoss::SCRIPTED`].
    #[must_use]
    pub fn loss_for(&self, sense: SenseId) -> SenseLoss {
        sense
            .builtin()
            .and_then(|s| self.loss.get(s))
            .unwrap_or(SenseLoss::SCRIPTED)
    }

    /// The farthest any of the profile's senses reaches, in metres (spec section 13: the gather
    /// range). Proximity in the sort score is measured against it.
    #[must_use]
    pub fn gather_range(&self) -> f32 {
        let mut r: f32 = 1.0;
        let mut reach = |enabled: bool, range: f32| {
            if enabled {
                r = r.max(range);
            }
        };
        reach(self.vision.enabled, self.vision.max_range);
        reach(self.hearing.enabled, self.hearing.max_range);
        reach(self.smell.enabled, self.smell.range * MAX_WIND_STRETCH);
        reach(self.touch.enabled, self.touch.reach);
        reach(
            self.vibration.enabled,
            self.vibration.vibration_detect_range,
        );
        reach(self.echolocation.enabled, self.echolocation.echo_range);
        r
    }
}
