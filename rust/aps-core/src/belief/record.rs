//! The belief record: everything one AI believes about one target (spec section 1, "Belief").

use crate::belief::loss::{LossDetail, LossReason};
use crate::belief::smoothing::Phase;
use crate::belief::state::BeliefState;
use crate::belief::whereabouts::Motion;
use crate::relationship::Relationship;
use crate::senses::id::{SenseId, SenseSet, MAX_SENSES};
use crate::threat_level::ThreatLevel;
use crate::{TargetId, TargetKind};
use glam::Vec3;

/// One target's belief. Plain data: the ledger holds a fixed number of them and reuses slots.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Belief {
    pub target: TargetId,
    pub kind: TargetKind,
    pub state: BeliefState,
    /// Smoothed Confidence, 0..1: what states, events and meters use.
    pub confidence: f32,
    /// This tick's fused confidence.
    pub fused: f32,
    /// Which smoothing branch ran this tick.
    pub phase: Phase,
    /// Senses that have the target this tick.
    pub active: SenseSet,
    /// The sense that set the fused level when a sense last had the target.
    pub dominant: Option<SenseId>,
    /// The sense whose loss row applies (spec section 3, "Which sense's row applies").
    pub governing: Option<SenseId>,
    /// Seconds in the current state.
    pub time_in_state: f32,
    /// Mind time when any sense last had the target; `-inf` if never.
    pub last_sensed_at: f64,
    /// Smoothed confidence when a sense last had the target (the decay curve's start).
    pub last_active_confidence: f32,
    /// Why it was lost; cleared when found again.
    pub loss_reason: LossReason,
    /// What an OutOfRange loss meant: too far, or off the side of the cone (None otherwise).
    pub loss_detail: LossDetail,
    /// Measured direction of travel at the last loss; zero if it was not moving.
    pub loss_direction: Vec3,
    /// Where the most precise active sense last placed the target.
    pub last_known_position: Vec3,
    /// That sense's precision, 0..1.
    pub last_known_precision: f32,
    /// Estimated velocity and acceleration.
    pub motion: Motion,
    /// The heading a sense last read off the target (a scent trail's direction) and which sense.
    pub sensed_heading: Option<(SenseId, Vec3)>,
    /// The target's speed as last reported, m/s.
    pub target_speed: f32,
    /// How many times this target went from Undetected to Suspected.
    pub detections: u32,
    /// The target no longer exists: no more readings, freed once it expires.
    pub destroyed: bool,
    /// The sort score of spec section 6, as of the last tick.
    pub sort_score: f32,
    /// Long Term Memory Strength (spec section 8): builds slowly while sensed, fades far slower.
    pub long_term_strength: f32,
    /// Uncertainty Radius in metres (spec section 7).
    pub uncertainty_radius: f32,
    /// Damage this target dealt the AI, fading while unsensed (spec section 9).
    pub damage_received: f32,
    /// Who the target is to the AI.
    pub relationship: Relationship,
    /// A character rather than a plain object, as last observed: in a crowd a perceived
    /// character keeps its slot before a perceived object (see `crowd::priority`).
    pub character: bool,
    /// Threat score, 0..1, and its level.
    pub threat_score: f32,
    pub threat_level: ThreatLevel,
    /// Highest confidence since it was last noticed (for episodes).
    pub peak_confidence: f32,
    /// A sense had the target last tick (for the Memory Refresh Bonus).
    pub was_sensed: bool,
    /// Where this target's player model was last found.
    pub(crate) model_hint: u16,
    /// Mind time when the governing sense last had the target (its grace runs from it).
    pub governing_last_active: f64,
    pub(crate) sense_cue: [LossReason; MAX_SENSES],
    /// What an OutOfRange cue of each sense meant (too far, or outside the cone).
    pub(crate) sense_detail: [LossDetail; MAX_SENSES],
}

impl Belief {
    /// A fresh belief: Undetected, confidence 0, never sensed.
    #[must_use]
    pub fn new(target: TargetId, kind: TargetKind) -> Self {
        Belief {
            target,
            kind,
            state: BeliefState::Undetected,
            confidence: 0.0,
            fused: 0.0,
            phase: Phase::Holding,
            active: SenseSet::EMPTY,
            dominant: None,
            governing: None,
            time_in_state: 0.0,
            last_sensed_at: f64::NEG_INFINITY,
            last_active_confidence: 0.0,
            loss_reason: LossReason::None,
            loss_detail: LossDetail::None,
            loss_direction: Vec3::ZERO,
            last_known_position: Vec3::ZERO,
            last_known_precision: 0.0,
            motion: Motion::default(),
            sensed_heading: None,
            target_speed: 0.0,
            detections: 0,
            destroyed: false,
            sort_score: 0.0,
            long_term_strength: 0.0,
            uncertainty_radius: 0.0,
            damage_received: 0.0,
            relationship: Relationship::Unknown,
            character: false,
            threat_score: 0.0,
            threat_level: ThreatLevel::None,
            peak_confidence: 0.0,
            was_sensed: false,
            model_hint: 0,
            governing_last_active: f64::NEG_INFINITY,

            sense_cue: [LossReason::None; MAX_SENSES],
            sense_detail: [LossDetail::None; MAX_SENSES],
        }
    }

    /// Seconds since any sense had the target (infinite if never).
    #[must_use]
    pub fn time_since_sensed(&self, now: f64) -> f32 {
        (now - self.last_sensed_at) as f32
    }

    /// What `sense`'s last look found when it missed the target.
    #[must_use]
    pub fn sense_cue(&self, sense: SenseId) -> LossReason {
        self.sense_cue
            .get(sense.index())
            .copied()
            .unwrap_or(LossReason::None)
    }

    /// What `sense`'s last look said of its OutOfRange cue (too far, or outside the cone).
    #[must_use]
    pub fn sense_detail(&self, sense: SenseId) -> LossDetail {
        self.sense_detail
            .get(sense.index())
            .copied()
            .unwrap_or(LossDetail::None)
    }

    /// Estimated Velocity, m/s.
    #[must_use]
    pub fn estimated_velocity(&self) -> Vec3 {
        self.motion.velocity
    }
}
