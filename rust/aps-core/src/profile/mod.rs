//! The Perception Profile: every setting of one kind of AI, with the spec's defaults.
//!
//! The blocks mirror the spec's groups (thresholds, fusion, smoothing, loss per sense,
//! attention, performance, then each sense's own settings). Distances are metres, times seconds,
//! rates per second. A profile loads and saves as TOML ([`Profile::from_toml_str`],
//! [`Profile::to_toml_string`]) and validates itself ([`Profile::validate`]): a bad value is
//! reported by name and replaced by the nearest legal one, never accepted silently.

mod brain;
mod senses;
mod toml_io;
mod validate;
mod validate_brain;
mod validate_senses;

pub use brain::{
    EmotionSettings, MemorySettings, SpatialSettings, SquadSettings, TeamRule, ThreatSettings,
};
pub use senses::{
    DamageSettings, EcholocationSettings, HearingSettings, PainSettings, SmellSettings,
    TouchSettings, VibrationSettings, VisionSettings,
};
pub use toml_io::ProfileError;
pub use validate::ProfileIssue;

use crate::belief::decay_curve::DecayCurve;
use crate::belief::loss::SenseLoss;
use crate::senses::id::{Sense, SenseId};
use serde::{Deserialize, Serialize};

/// Everything one kind of AI is tuned by.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Profile {
    pub thresholds: Thresholds,
    pub fusion: Fusion,
    pub smoothing: Smoothing,
    pub loss: LossSettings,
    pub attention: AttentionSettings,
    pub performance: Performance,
    pub spatial: SpatialSettings,
    pub memory: MemorySettings,
    pub threat: ThreatSettings,
    pub emotion: EmotionSettings,
    pub squad: SquadSettings,
    pub vision: VisionSettings,
    pub hearing: HearingSettings,
    pub smell: SmellSettings,
    pub touch: TouchSettings,
    pub vibration: VibrationSettings,
    pub damage: DamageSettings,
    pub pain: PainSettings,
    pub echolocation: EcholocationSettings,
}

/// The state thresholds (spec section 3) that awareness reuses (section 5).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Thresholds {
    /// Confidence at which a target becomes Suspected.
    pub suspect_threshold: f32,
    /// Confidence at which a target becomes Detected.
    pub detect_threshold: f32,
    /// Confidence at which a Detected target may become Tracked.
    pub track_threshold: f32,
    /// Confidence of the top target at which the AI is Fully Aware.
    pub full_aware_threshold: f32,
    /// Confidence below which a Remembered target expires.
    pub memory_expire_threshold: f32,
    /// Seconds a target must spend in Detected before it can become Tracked.
    pub min_track_duration: f32,
    /// Seconds a target stays Lost at least, before it can fade to Remembered.
    pub min_time_in_lost: f32,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            suspect_threshold: 0.15,
            detect_threshold: 0.35,
            track_threshold: 0.60,
            full_aware_threshold: 0.85,
            memory_expire_threshold: 0.05,
            min_track_duration: 0.5,
            min_time_in_lost: 3.0,
        }
    }
}

/// How senses combine (spec section 2).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Fusion {
    /// Flat bonus each active sense adds beside the strongest one.
    pub corroboration_bonus: f32,
    /// Each sense's weight: its confidence is multiplied by it before fusion.
    pub sense_weights: SenseWeights,
}

impl Default for Fusion {
    fn default() -> Self {
        Fusion {
            corroboration_bonus: 0.1,
            sense_weights: SenseWeights::default(),
        }
    }
}

/// The Sense Weights of a profile: a guard dog might have smell 1.5 and vision 0.6.
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
    fn default() -> Self {
        SenseWeights {
            vision: 1.0,
            hearing: 1.0,
            smell: 1.0,
            touch: 1.0,
            vibration: 1.0,
            damage: 1.0,
            pain: 1.0,
            echolocation: 1.0,
        }
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

/// How fused confidence becomes Smoothed Confidence (spec section 2, "Rise, hold, decay").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Smoothing {
    /// How fast smoothed confidence closes the gap to a higher fused value, per second.
    pub confidence_rise_rate: f32,
    /// Extra rise per second per unit of fused confidence while the target stands still.
    pub standing_dwell_rate: f32,
    /// Extra rise per second per unit of fused confidence while the target moves at 6 m/s or more.
    pub moving_dwell_rate: f32,
    /// Exponential decay rate per second with no sense active (times the sense's multiplier).
    pub default_decay_exponent: f32,
    /// When present, decay follows this curve of seconds since last sensed instead.
    pub decay_curve: Option<DecayCurve>,
}

impl Default for Smoothing {
    fn default() -> Self {
        Smoothing {
            confidence_rise_rate: 2.0,
            standing_dwell_rate: 0.05,
            moving_dwell_rate: 0.2,
            default_decay_exponent: 0.1,
            decay_curve: None,
        }
    }
}

/// The grace table of spec section 3: one row per sense that can lose a target.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LossSettings {
    pub vision: SenseLoss,
    pub echolocation: SenseLoss,
    pub touch: SenseLoss,
    pub hearing: SenseLoss,
    pub damage: SenseLoss,
    pub smell: SenseLoss,
    pub vibration: SenseLoss,
}

impl Default for LossSettings {
    fn default() -> Self {
        LossSettings {
            vision: SenseLoss::new(0.3, true, 3.0),
            echolocation: SenseLoss::new(0.6, true, 2.0),
            touch: SenseLoss::new(0.5, false, 2.0),
            hearing: SenseLoss::new(3.0, false, 1.0),
            damage: SenseLoss::new(8.0, false, 0.5),
            smell: SenseLoss::new(20.0, false, 0.3),
            vibration: SenseLoss::new(0.0, false, 5.0),
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

/// Which target the AI commits to (spec section 6).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AttentionSettings {
    /// Least seconds on one attention target before switching is even considered.
    pub attention_stickiness_time: f32,
    /// How much better a rival's sort score must be to take attention.
    pub attention_switch_threshold: f32,
    /// Belief slots in the ledger.
    pub max_tracked_targets: u32,
    /// Sort score weight of confidence.
    pub sort_weight_confidence: f32,
    /// Sort score weight of recency (1 when sensed now, halving after a second unsensed).
    pub sort_weight_recency: f32,
    /// Sort score weight of proximity (1 on top of the AI, 0 at the gather range).
    pub sort_weight_proximity: f32,
}

impl Default for AttentionSettings {
    fn default() -> Self {
        AttentionSettings {
            attention_stickiness_time: 2.0,
            attention_switch_threshold: 0.2,
            max_tracked_targets: 16,
            sort_weight_confidence: 0.5,
            sort_weight_recency: 0.3,
            sort_weight_proximity: 0.2,
        }
    }
}

/// How often perception runs (spec section 10).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Performance {
    /// Seconds between perception ticks at full detail.
    pub base_update_interval: f32,
    /// Seconds between housekeeping passes.
    pub maintenance_interval: f32,
}

impl Default for Performance {
    fn default() -> Self {
        Performance {
            base_update_interval: 0.1,
            maintenance_interval: 0.5,
        }
    }
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
        reach(
            self.smell.enabled,
            self.smell.range * crate::senses::smell::MAX_WIND_STRETCH,
        );
        reach(self.touch.enabled, self.touch.reach);
        reach(
            self.vibration.enabled,
            self.vibration.vibration_detect_range,
        );
        reach(self.echolocation.enabled, self.echolocation.echo_range);
        r
    }
}
