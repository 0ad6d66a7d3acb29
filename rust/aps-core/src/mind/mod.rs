//! One AI's perception brain: the ledger of beliefs and everything the AI makes of them
//! (awareness, attention, threat, emotion, memory, places, evidence, the player model), advanced
//! one tick at a time from the senses' readings (spec section 10, "The perception tick").
//!
//! `Perceiver::tick` is deterministic (the same inputs give the same events) and, once warm,
//! allocates nothing: the ledger and the stores are fixed and the event buffer is reused. The
//! tick itself is in `perceiver_tick.rs`, the brain step in `brain.rs`.

mod tick;

use crate::belief::Belief;
use crate::brain::attention::{sort_score, Attention};
use crate::brain::awareness::AwarenessLevel;
use crate::crowd::Priority;

use crate::belief::episodes::MemoryStore;
use crate::belief::evidence::{EvidenceKind, EvidenceStore};
use crate::belief::memory_engine::{enter_state, TickContext};
use crate::belief::places::Places;
use crate::belief::state::BeliefState;
use crate::belief::whereabouts::predicted_position;
use crate::brain::emotion::{Emotion, Emotions};
use crate::brain::player_model::PlayerModels;
use crate::brain::threat::{relationship_between, Relationship};
use crate::crowd::ledger::Ledger;
use crate::events::Event;
use crate::profile::{Profile, ProfileIssue};
use crate::senses::id::SenseId;
use crate::senses::table::{SenseSpec, SenseTable};
use crate::{TargetId, TargetKind};
use glam::Vec3;

pub(crate) const NO_OBSERVATION: u32 = u32::MAX;

/// One AI's beliefs and what it makes of them.
#[derive(Debug, Clone)]
pub struct Perceiver {
    pub(crate) profile: Profile,
    pub(crate) senses: SenseTable,
    pub(crate) ledger: Ledger,
    pub(crate) attention: Attention,
    pub(crate) awareness: AwarenessLevel,
    pub(crate) top: Option<TargetId>,
    pub(crate) now: f64,
    pub(crate) events: Vec<Event>,
    pub(crate) slot_observation: Vec<u32>,
    pub(crate) noticed_actors: usize,
    pub(crate) detections: u64,
    pub(crate) memory: MemoryStore,
    pub(crate) models: PlayerModels,
    pub(crate) evidence: EvidenceStore,
    pub(crate) places: Places,
    pub(crate) emotions: Emotions,
    pub(crate) team: i32,
    pub(crate) overrides: Vec<(TargetId, Relationship)>,
    pub(crate) pain: f32,
    pub(crate) since_maintenance: f32,
    pub(crate) facing: Vec3,
}

impl Perceiver {
    /// A perceiver tuned by `profile`, validated first; the issues found are returned so the
    /// caller can report them.
    #[must_use]
    pub fn new(profile: Profile) -> (Self, Vec<ProfileIssue>) {
        let (profile, issues) = profile.validated();
        let capacity = profile.attention.max_tracked_targets as usize;
        let perceiver = Perceiver {
            senses: SenseTable::from_profile(&profile),
            ledger: Ledger::new(capacity),
            attention: Attention::default(),
            awareness: AwarenessLevel::Unaware,
            top: None,
            now: 0.0,
            events: Vec::with_capacity(capacity * 3 + 8),
            slot_observation: vec![NO_OBSERVATION; capacity],
            noticed_actors: 0,
            detections: 0,
            memory: MemoryStore::default(),
            models: PlayerModels::default(),
            evidence: EvidenceStore::default(),
            places: Places::default(),
            emotions: Emotions::default(),
            team: 0,
            overrides: Vec::with_capacity(8),
            pain: 0.0,
            since_maintenance: 0.0,
            facing: Vec3::NEG_Z,
            profile,
        };
        (perceiver, issues)
    }

    /// Swaps the profile while playing (spec section 14, "Set Profile"), keeping every belief.
    pub fn set_profile(&mut self, profile: Profile) -> Vec<ProfileIssue> {
        let (profile, issues) = profile.validated();
        let mut senses = SenseTable::from_profile(&profile);
        senses.keep_custom_from(&self.senses);
        self.senses = senses;
        let capacity = profile.attention.max_tracked_targets as usize;
        self.ledger.resize(capacity);
        self.slot_observation = vec![NO_OBSERVATION; capacity];
        self.events.reserve(capacity * 3 + 8);
        self.profile = profile;
        if let Some(t) = self.attention.target() {
            if self.ledger.find(t).is_none() {
                self.attention.forget(t);
            }
        }
        issues
    }

    /// Registers a custom sense's contract in a slot (8 and up), or overrides a built-in one.
    pub fn set_sense(&mut self, id: SenseId, spec: SenseSpec) {
        self.senses.set(id, spec);
    }

    #[must_use]
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    #[must_use]
    pub fn senses(&self) -> &SenseTable {
        &self.senses
    }

    /// Seconds of perception time so far.
    #[must_use]
    pub fn now(&self) -> f64 {
        self.now
    }

    #[must_use]
    pub fn belief(&self, target: TargetId) -> Option<&Belief> {
        self.ledger.belief(target)
    }

    /// Every belief held, in slot order.
    pub fn beliefs(&self) -> impl Iterator<Item = &Belief> {
        self.ledger.iter()
    }

    #[must_use]
    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    #[must_use]
    pub fn awareness(&self) -> AwarenessLevel {
        self.awareness
    }

    /// The awareness one target alone would give (Get Awareness Level for Target).
    #[must_use]
    pub fn awareness_for(&self, target: TargetId) -> AwarenessLevel {
        AwarenessLevel::for_confidence(
            self.belief(target)
                .filter(|b| b.state.is_noticed())
                .map(|b| b.confidence),
            &self.profile.thresholds,
        )
    }

    /// Whoever scored highest this update among noticed actors.
    #[must_use]
    pub fn top_target(&self) -> Option<TargetId> {
        self.top
    }

    /// The target the AI commits to.
    #[must_use]
    pub fn attention_target(&self) -> Option<TargetId> {
        self.attention.target()
    }

    /// How many times any target went from Undetected to Suspected.
    #[must_use]
    pub fn detections(&self) -> u64 {
        self.detections
    }

    /// Where the AI predicts `target` is (spec section 7).
    #[must_use]
    pub fn predicted_position(&self, target: TargetId) -> Option<Vec3> {
        self.belief(target).map(|b| {
            predicted_position(
                &self.profile.spatial,
                b.last_known_position,
                &b.motion,
                !b.active.is_empty(),
            )
        })
    }

    /// The episodes and recent encounters with each subject (spec section 8).
    #[must_use]
    pub fn memory(&self) -> &MemoryStore {
        &self.memory
    }

    /// What the AI has learned about each target's behaviour.
    #[must_use]
    pub fn player_models(&self) -> &PlayerModels {
        &self.models
    }

    /// The places the AI believes in.
    #[must_use]
    pub fn places(&self) -> &Places {
        &self.places
    }

    /// The AI's five emotions.
    #[must_use]
    pub fn emotions(&self) -> &Emotions {
        &self.emotions
    }

    /// The dominant emotion, if any is above the active threshold.
    #[must_use]
    pub fn dominant_emotion(&self) -> Option<Emotion> {
        self.emotions.dominant(&self.profile.emotion)
    }

    /// The AI's own team (0: no team).
    pub fn set_team(&mut self, team: i32) {
        self.team = team;
    }

    /// The AI's pain, read by its emotions (the pain sense sets it each tick).
    pub fn set_pain(&mut self, pain: f32) {
        self.pain = if pain.is_finite() {
            pain.clamp(0.0, 1.0)
        } else {
            0.0
        };
    }

    /// Decides who `target` is, whatever its team (`None` clears the override).
    pub fn set_relationship(&mut self, target: TargetId, relationship: Option<Relationship>) {
        self.overrides.retain(|(t, _)| *t != target);
        if let Some(r) = relationship {
            self.overrides.push((target, r));
        }
        if let Some(slot) = self.ledger.find(target) {
            let team_rel = self.relationship_of(target, None);
            if let Some(b) = self.ledger.get_mut(slot) {
                b.relationship = relationship.unwrap_or(team_rel.unwrap_or(b.relationship));
            }
        }
    }

    /// Who a target of `team` is to this AI: a per-target override, else the team rules.
    /// `None` when there is no override and the team is unknown.
    #[must_use]
    pub fn relationship_of(&self, target: TargetId, team: Option<i32>) -> Option<Relationship> {
        if let Some((_, r)) = self.overrides.iter().find(|(t, _)| *t == target) {
            return Some(*r);
        }
        team.map(|team| relationship_between(&self.profile.threat, self.team, team))
    }

    /// Focus on `target` now (Force Attention Target). Returns the change, if any, as an event.
    pub fn force_attention(&mut self, target: Option<TargetId>) -> Option<Event> {
        self.attention
            .force(target)
            .map(|(old, new)| Event::AttentionChanged { old, new })
    }

    /// Raises a target's confidence from script (Set Target Confidence): never lowers it. The
    /// belief is created if needed; returns false if the ledger is full and nobody gives way.
    pub fn set_target_confidence(&mut self, target: TargetId, confidence: f32) -> bool {
        self.raise(target, TargetKind::Actor, confidence).is_some()
    }

    /// Lowers, caps, clears or floors belief in `target` from script for `duration` seconds
    /// (Add Target Evidence). The evidence outlives the belief's slot.
    pub fn add_evidence(
        &mut self,
        target: TargetId,
        kind: EvidenceKind,
        amount: f32,
        duration: f32,
    ) {
        if amount.is_finite() && duration.is_finite() {
            self.evidence.add(target, kind, amount, duration, self.now);
        }
    }

    /// Removes every piece of scripted evidence about `target`.
    pub fn remove_evidence(&mut self, target: TargetId) {
        self.evidence.remove(target);
    }

    /// A belief about a place from the game's own logic (Report Location Belief): raises the
    /// confidence of the place of `tag` at `location`, merging with a close one of the same
    /// tag. Returns the place's id, or `None` if the ledger had no room.
    pub fn report_place(
        &mut self,
        tag: u32,
        location: Vec3,
        confidence: f32,
        accuracy: f32,
    ) -> Option<TargetId> {
        if !location.is_finite() {
            return None;
        }
        let id = self.places.place_for(tag, location, accuracy);
        let slot = self.raise(id, TargetKind::Place, confidence)?;
        if let Some(b) = self.ledger.get_mut(slot) {
            b.last_known_position = self.places.get(id).map_or(location, |p| p.location);
            b.last_known_precision = 1.0 / (1.0 + accuracy.max(0.0));
        }
        Some(id)
    }

    fn raise(&mut self, target: TargetId, kind: TargetKind, confidence: f32) -> Option<usize> {
        if !confidence.is_finite() {
            return None;
        }
        let c = confidence.clamp(0.0, 1.0);
        let slot = match self.ledger.find(target) {
            Some(s) => s,
            None => {
                let score = sort_score(&self.profile.attention, c, 1.0, 0.0);
                let s = self.ledger.slot_for_newcomer(
                    score,
                    Priority::PerceivedNow,
                    kind == TargetKind::Place,
                )?;
                self.admit(s, target, kind, None);
                s
            }
        };
        if let Some(b) = self.ledger.get_mut(slot) {
            if c > b.confidence {
                b.confidence = c;
                b.last_active_confidence = c;
                b.last_sensed_at = self.now;
            }
        }
        Some(slot)
    }

    pub(crate) fn admit(
        &mut self,
        slot: usize,
        target: TargetId,
        kind: TargetKind,
        team: Option<i32>,
    ) {
        if let Some(old) = self.ledger.get(slot) {
            self.attention.forget(old.target);
        }
        let mut b = Belief::new(target, kind);
        b.relationship = self
            .relationship_of(target, team.or(Some(0)))
            .unwrap_or(Relationship::Unknown);
        self.ledger.put(slot, b);
    }

    /// Moves a belief straight into a state, reporting it like any other entry. Used by
    /// tests; the state table is not consulted.
    pub fn force_state(&mut self, target: TargetId, state: BeliefState) -> bool {
        let Some(slot) = self.ledger.find(target) else {
            return false;
        };
        let ctx = TickContext {
            profile: &self.profile,
            senses: &self.senses,
            now: self.now,
            dt: 0.0,
        };
        if let Some(b) = self.ledger.get_mut(slot) {
            if b.state != state {
                enter_state(b, state, &ctx, &mut self.events);
            }
        }
        true
    }
}
