//! The saved form of everything an AI holds and of a world's conditions: plain serde types, so
//! a save goes through JSON or any format the game writes numbers, strings, lists and maps in.
//!
//! Targets are named by keys, never by the engine's ids: a reloaded level gives its nodes new
//! ids, and the adapter turns keys back into them (see [`Keys`](super::Keys)). Places are
//! named `place:N`, by their number in the AI's own place list. Mind times (`now`,
//! `last_sensed_at`, an episode's `time`, evidence's `expires_at`) are the AI's own clock, saved
//! with it; world times are saved as seconds before the moment of the save. A time that never
//! happened is left out (`None`), so no infinity reaches a file.

use crate::belief::evidence::EvidenceKind;
use crate::belief::loss::{LossDetail, LossReason};
use crate::belief::smoothing::Phase;
use crate::brain::awareness::AwarenessLevel;
use crate::relationship::Relationship;
use crate::threat_level::ThreatLevel;
use crate::{BeliefState, TargetKind};
use glam::Vec3;
use serde::{Deserialize, Serialize};

/// The version of the saved format this build writes. Older and newer ones load what they
/// share with it.
pub const FORMAT_VERSION: u32 = 1;

/// What `save_beliefs` gives: one AI's state, and its place in the world's schedule.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct BeliefsSave {
    /// `aps_beliefs`.
    pub format: String,
    pub version: u32,
    pub core: CoreSave,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schedule: Option<ScheduleSave>,
}

/// What `save_state` gives: a world and every perceiver under a node.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct StateSave {
    /// `aps_state`.
    pub format: String,
    pub version: u32,
    pub world: WorldSave,
    pub perceivers: Vec<PerceiverSave>,
}

/// One perceiver of a [`StateSave`], named by its key.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PerceiverSave {
    pub perceiver: String,
    pub beliefs: BeliefsSave,
}

/// The format name of [`BeliefsSave`].
pub const BELIEFS_FORMAT: &str = "aps_beliefs";
/// The format name of [`StateSave`].
pub const STATE_FORMAT: &str = "aps_state";

/// An AI's place in its world's schedule (spec section 12): its clocks and its tier.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ScheduleSave {
    /// Seconds since its component last ticked.
    pub since_tick: f32,
    /// Seconds since its last pass.
    pub elapsed: f32,
    pub tier: u8,
    /// Frames it waited for the frame budget.
    pub waited: u32,
}

/// One AI's whole state: its mind, its own senses' clocks, whom it benched, and when it last
/// read the world.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct CoreSave {
    pub mind: MindSave,
    /// The pain sense's level and the level it last reported.
    pub pain: PainSave,
    /// Per sense slot with a clock (echolocation's pulse), its timers.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sense_timers: Vec<SenseTimersSave>,
    /// Candidates sitting out after a look found nothing, with the seconds left.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub benched: Vec<BenchSave>,
    /// There were more candidates than looks at the last choice.
    pub crowded: bool,
    /// Candidates and look slots of the last choice.
    pub crowd: [u32; 2],
    /// Seconds between the AI's last pass and the save, by the world's clock: stimuli since
    /// then are still new to it. `None`: it never ran a pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_pass_seconds_ago: Option<f64>,
}

/// The pain sense's state.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PainSave {
    pub level: f32,
    pub reported: f32,
}

/// A sense's timers (seconds; `None` for "never").
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SenseTimersSave {
    pub sense: u8,
    pub timers: Vec<Option<f32>>,
}

/// A candidate benched by the look book.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct BenchSave {
    pub target: String,
    pub seconds_left: f64,
}

/// One AI's mind (spec section 13, "Where everything lives").
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct MindSave {
    /// Seconds of perception time so far: the clock every other mind time is on.
    pub now: f64,
    pub pain: f32,
    /// Which way the AI looked at its last tick.
    pub facing: Vec3,
    /// How many times any target went from Undetected to Suspected.
    pub detections: u64,
    pub since_maintenance: f32,
    pub beliefs: Vec<BeliefSave>,
    pub brain: BrainSave,
    /// Episodes, per subject.
    pub episodes: Vec<SubjectSave>,
    pub player_models: Vec<PlayerModelSave>,
    pub evidence: Vec<EvidenceSave>,
    pub places: Vec<PlaceSave>,
    /// The number the next new place gets.
    pub next_place: u64,
    pub team: i32,
    /// Relationships set per target by the game.
    pub relationships: Vec<RelationshipSave>,
}

/// One belief (spec section 1, "Belief").
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct BeliefSave {
    pub target: String,
    pub kind: TargetKind,
    pub state: BeliefState,
    /// Smoothed confidence, 0..1.
    pub confidence: f32,
    /// The last tick's fused confidence.
    pub fused: f32,
    pub phase: Phase,
    /// Sense slots that had the target at the last tick, as bits.
    pub active_senses: u16,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dominant_sense: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub governing_sense: Option<u8>,
    pub time_in_state: f32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_sensed_at: Option<f64>,
    pub last_active_confidence: f32,
    pub loss_reason: LossReason,
    /// What an OutOfRange loss meant (too far, or outside the cone); written only when there
    /// is one, so data from before details loads without a word.
    #[serde(skip_serializing_if = "LossDetail::is_none")]
    pub loss_detail: LossDetail,
    pub loss_direction: Vec3,
    pub last_known_position: Vec3,
    pub last_known_precision: f32,
    /// Where the AI predicted the target was at the save (spec section 7). Written for the
    /// game's reading; a load computes it again from the position and the motion.
    pub predicted_position: Vec3,
    pub motion: MotionSave,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sensed_heading: Option<HeadingSave>,
    pub target_speed: f32,
    pub detections: u32,
    pub destroyed: bool,
    pub sort_score: f32,
    pub long_term_memory_strength: f32,
    pub uncertainty_radius: f32,
    pub damage_received: f32,
    pub relationship: Relationship,
    pub threat_score: f32,
    pub threat_level: ThreatLevel,
    pub peak_confidence: f32,
    pub was_sensed: bool,
    /// Mind time the governing sense last had the target: its grace time runs from it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub governing_last_active: Option<f64>,
    /// What each sense slot's last look found when it missed.
    pub sense_cues: Vec<LossReason>,
    /// What each sense slot's OutOfRange cue meant; written only when one has a detail.
    #[serde(skip_serializing_if = "no_details")]
    pub sense_details: Vec<LossDetail>,
}

/// Whether no sense slot has a detail to save.
fn no_details(details: &[LossDetail]) -> bool {
    details.iter().all(|d| d.is_none())
}

/// The running motion estimate of a belief.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct MotionSave {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sample_time: Option<f64>,
    pub sample_position: Vec3,
    pub has_velocity: bool,
    pub velocity: Vec3,
    pub acceleration: Vec3,
}

/// A heading a sense read off the target (a scent trail's direction).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct HeadingSave {
    pub sense: u8,
    pub direction: Vec3,
}

/// Awareness, attention and emotion (spec section 10, "Brain").
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct BrainSave {
    pub awareness: AwarenessLevel,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attention_target: Option<String>,
    /// Seconds attention has held its target: its stickiness runs from it.
    pub attention_held: f32,
    pub attention_forced: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top_target: Option<String>,
    pub noticed_actors: u32,
    pub emotions: EmotionsSave,
}

/// The five emotions, 0..1.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct EmotionsSave {
    pub fear: f32,
    pub aggression: f32,
    pub curiosity: f32,
    pub alertness: f32,
    pub panic: f32,
}

/// One subject's episodes, oldest first.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SubjectSave {
    pub target: String,
    pub episodes: Vec<EpisodeSave>,
    /// Mind time of its newest episode.
    pub last: f64,
}

/// One encounter (spec section 8).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct EpisodeSave {
    pub time: f64,
    pub loss_reason: LossReason,
    pub location: Vec3,
    pub ai_facing: Vec3,
    pub target_direction: Vec3,
    pub lost_from: BeliefState,
    pub peak_confidence: f32,
}

/// What the AI learned about one target.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayerModelSave {
    pub target: String,
    pub encounters: u32,
    pub losses: u32,
    pub hides: u32,
    pub outruns: u32,
    pub typical_speed: f32,
    pub escape_sum: Vec3,
    pub time_sensed: f32,
    pub last_sensed: f64,
}

/// One piece of scripted evidence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EvidenceSave {
    pub target: String,
    pub kind: EvidenceKind,
    pub amount: f32,
    pub expires_at: f64,
}

impl Default for EvidenceSave {
    fn default() -> Self {
        EvidenceSave {
            target: String::new(),
            kind: EvidenceKind::Clear,
            amount: 0.0,
            expires_at: 0.0,
        }
    }
}

/// A place the AI believes in (spec section 11).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PlaceSave {
    /// Its number: the belief about it is keyed `place:N`.
    pub number: u64,
    pub tag: String,
    pub location: Vec3,
    pub accuracy: f32,
}

/// A relationship the game set for one target.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct RelationshipSave {
    pub target: String,
    pub relationship: Relationship,
}

/// A world's conditions (spec section 13: light, wind, weather live in the world).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ConditionsSave {
    pub ambient_light: f32,
    pub light_zones: Vec<LightZoneSave>,
    /// The last light zone id handed out.
    pub last_light_zone: u32,
    pub wind: Vec3,
    pub rain: f32,
}

impl Default for ConditionsSave {
    /// Daylight, no zones, no wind, dry: a world no one changed.
    fn default() -> Self {
        ConditionsSave {
            ambient_light: 1.0,
            light_zones: Vec::new(),
            last_light_zone: 0,
            wind: Vec3::ZERO,
            rain: 0.0,
        }
    }
}

/// A light zone.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct LightZoneSave {
    pub id: u32,
    pub center: Vec3,
    pub radius: f32,
    pub level: f32,
}

/// One member of a squad (spec section 10), its perceiver named by a key.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SquadMemberSave {
    pub perceiver: String,
    pub squad: String,
    pub role: String,
}

/// How a target has been moving, as the world samples it for the senses.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct MotionSampleSave {
    pub target: String,
    pub position: Vec3,
    /// Seconds between the sample and the save.
    pub seconds_ago: f64,
    pub velocity: Vec3,
}

/// A sound still ringing at the save: hearing goes on hearing it after a load.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SoundSave {
    pub location: Vec3,
    pub loudness: f32,
    pub max_range: f32,
    pub tag: String,
    /// Who made it; none for a sound with no known source.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instigator: Option<String>,
    /// Seconds between the sound and the save.
    pub seconds_ago: f64,
    pub max_tier: u8,
}

/// A contact reported and perhaps not yet felt.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct TouchSave {
    /// The body of the perceiver touched.
    pub body: String,
    pub other: String,
    pub seconds_ago: f64,
}

/// Damage reported and perhaps not yet felt.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct DamageSave {
    /// The body of the perceiver hurt.
    pub victim: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instigator: Option<String>,
    pub amount: f32,
    pub location: Vec3,
    pub seconds_ago: f64,
}

/// One point of a scent trail.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ScentPointSave {
    pub position: Vec3,
    pub seconds_ago: f64,
    pub strength: f32,
}

/// One target's scent trail, oldest point first.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct TrailSave {
    pub target: String,
    pub points: Vec<ScentPointSave>,
}

/// A squad member's report its mates have not all had yet (spec section 10).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SightingSave {
    pub squad: String,
    /// The perceiver that reported it.
    pub member: String,
    pub target: String,
    pub confidence: f32,
    pub position: Vec3,
    pub seconds_ago: f64,
}

/// What happened in a world recently and still counts: sounds still ringing, contacts and
/// damage not yet felt, scent trails, squad reports. Times are seconds before the save.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct StimuliSave {
    pub sounds: Vec<SoundSave>,
    pub touches: Vec<TouchSave>,
    pub damages: Vec<DamageSave>,
    pub scent_trails: Vec<TrailSave>,
    pub sightings: Vec<SightingSave>,
}

/// A world: its conditions, squads, motion samples and recent stimuli.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct WorldSave {
    pub conditions: ConditionsSave,
    pub squads: Vec<SquadMemberSave>,
    pub motion_samples: Vec<MotionSampleSave>,
    pub stimuli: StimuliSave,
}
