//! The settings of what the AI believes beyond confidence (spec sections 7, 8, 9, 10): where
//! the target is, memory, threat and relationships, emotion, squads.

use crate::brain::threat::Relationship;
use serde::{Deserialize, Serialize};

/// Where the AI thinks the target is (spec section 7).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SpatialSettings {
    /// Weight of each new velocity sample in the Estimated Velocity average (0..1].
    pub velocity_ema_weight: f32,
    /// While lost, predict where the target's run took it (off: a patrol guard; on: a pursuer).
    pub enable_prediction: bool,
    /// Seconds ahead the prediction looks.
    pub prediction_horizon: f32,
    /// The most seconds ahead the prediction may look.
    pub max_prediction_time: f32,
    /// Metres per second the uncertainty radius grows while the target is unsensed.
    pub uncertainty_growth_rate: f32,
    /// The most the uncertainty radius grows to, in metres.
    pub max_uncertainty_radius: f32,
    /// A target faster than 6 m/s makes the radius grow faster (×2 at 12 m/s, ×3 from 18).
    pub velocity_scaled_uncertainty: bool,
}

impl Default for SpatialSettings {
    fn default() -> Self {
        SpatialSettings {
            velocity_ema_weight: 0.5,
            enable_prediction: false,
            prediction_horizon: 1.0,
            max_prediction_time: 3.0,
            uncertainty_growth_rate: 0.5,
            max_uncertainty_radius: 5.0,
            velocity_scaled_uncertainty: true,
        }
    }
}

/// Memory beyond smoothed confidence (spec section 8).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MemorySettings {
    /// Long Term Memory Strength gained per second while sensed, times confidence.
    pub long_term_build_rate: f32,
    /// Long Term Memory Strength lost per second while unsensed (far slower than confidence).
    pub long_term_decay_rate: f32,
    /// Confidence added at once when a Lost or Remembered target is sensed again.
    pub memory_refresh_bonus: f32,
    /// Seconds the memory store keeps a subject's episodes after its last one.
    pub memory_retention_seconds: f32,
}

impl Default for MemorySettings {
    fn default() -> Self {
        MemorySettings {
            long_term_build_rate: 0.05,
            long_term_decay_rate: 0.002,
            memory_refresh_bonus: 0.1,
            memory_retention_seconds: 300.0,
        }
    }
}

/// How one team regards another (the relationship table, spec section 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamRule {
    pub team: i32,
    pub other: i32,
    pub relationship: Relationship,
}

/// Threat (spec section 9): the formula's weights, the levels, relationships.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ThreatSettings {
    pub threat_weight_confidence: f32,
    pub threat_weight_damage_received: f32,
    pub threat_weight_senses: f32,
    pub threat_weight_relationship: f32,
    pub threat_weight_approach: f32,
    /// Damage points per second the damage term loses while the target is unsensed.
    pub threat_damage_decay_rate: f32,
    pub threat_threshold_low: f32,
    pub threat_threshold_medium: f32,
    pub threat_threshold_high: f32,
    pub threat_threshold_critical: f32,
    /// Between teams with no rule (and for team 0, no team).
    pub default_relationship: Relationship,
    /// How one team regards another; the same non-zero team is Teammate unless a rule says
    /// otherwise.
    pub team_rules: Vec<TeamRule>,
}

impl Default for ThreatSettings {
    fn default() -> Self {
        ThreatSettings {
            threat_weight_confidence: 0.35,
            threat_weight_damage_received: 0.30,
            threat_weight_senses: 0.15,
            threat_weight_relationship: 0.10,
            threat_weight_approach: 0.10,
            threat_damage_decay_rate: 5.0,
            threat_threshold_low: 0.15,
            threat_threshold_medium: 0.35,
            threat_threshold_high: 0.60,
            threat_threshold_critical: 0.85,
            default_relationship: Relationship::Enemy,
            team_rules: Vec::new(),
        }
    }
}

/// Emotion (spec section 9): a cap per emotion (all 0: a robot feels nothing) and the level the
/// strongest must reach to be dominant.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EmotionSettings {
    pub fear_cap: f32,
    pub aggression_cap: f32,
    pub curiosity_cap: f32,
    pub alertness_cap: f32,
    pub panic_cap: f32,
    /// The strongest emotion at or above this is the dominant one.
    pub emotion_active_threshold: f32,
}

impl Default for EmotionSettings {
    fn default() -> Self {
        EmotionSettings {
            fear_cap: 1.0,
            aggression_cap: 1.0,
            curiosity_cap: 1.0,
            alertness_cap: 1.0,
            panic_cap: 1.0,
            emotion_active_threshold: 0.3,
        }
    }
}

/// Squad sharing (spec section 10, brain: squad sharing).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SquadSettings {
    /// A mate's confidence is shared times this.
    pub share_factor: f32,
    /// Seconds before a mate's sighting reaches this AI.
    pub share_delay: f32,
    /// Seconds a shared sighting keeps counting after it arrives.
    pub share_hold_time: f32,
    /// Row of the grace table for shared belief.
    pub shared_grace_time: f32,
}

impl Default for SquadSettings {
    fn default() -> Self {
        SquadSettings {
            share_factor: 0.6,
            share_delay: 0.5,
            share_hold_time: 0.5,
            shared_grace_time: 2.0,
        }
    }
}
