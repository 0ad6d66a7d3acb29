//! One AI's mind: its ledger of beliefs and everything it makes of them (awareness, attention,
//! threat, emotion, episodes, places, evidence, the player model), advanced one tick at a time
//! from the senses' readings (spec section 10, "The perception tick").
//!
//! [`Mind::tick`] is deterministic (the same inputs give the same events) and, once warm,
//! allocates nothing: the ledger and the stores are fixed and the event buffer is reused. The
//! tick's steps are in [`tick`](self) order in `tick.rs`; the calls a game's script makes (raise
//! confidence, evidence, places, relationships, attention) are in `script.rs`.

mod restored;
mod saved;
mod script;
mod tick;

use crate::belief::episodes::MemoryStore;
use crate::belief::evidence::EvidenceStore;
use crate::belief::memory_engine::{enter_state, TickContext};
use crate::belief::places::Places;
use crate::belief::state::BeliefState;
use crate::belief::whereabouts::predicted_position;
use crate::belief::Belief;
use crate::brain::awareness::AwarenessLevel;
use crate::brain::emotion::{Emotion, Emotions};
use crate::brain::player_model::PlayerModels;
use crate::brain::relations::Relations;
use crate::brain::Brain;
use crate::crowd::ledger::Ledger;
use crate::events::Event;
use crate::profile::{Profile, ProfileIssue};
use crate::relationship::Relationship;
use crate::senses::id::SenseId;
use crate::senses::table::{SenseSpec, SenseTable};
use crate::{TargetId, TargetKind};
use glam::Vec3;

/// A ledger slot that no observation maps to this tick.
const NO_OBSERVATION: u32 = u32::MAX;

/// One AI's beliefs and what it makes of them.
#[derive(Debug, Clone)]
pub struct Mind {
    profile: Profile,
    /// What the memory engine knows of each sense slot: weight, loss row, loss reason.
    senses: SenseTable,
    ledger: Ledger,
    brain: Brain,
    memory: MemoryStore,
    models: PlayerModels,
    evidence: EvidenceStore,
    places: Places,
    relations: Relations,
    /// Seconds of perception time so far.
    now: f64,
    /// The AI's pain, 0..1, which its emotions read (the pain sense sets it each tick).
    pain: f32,
    /// Which way the AI looked at the last tick, for episodes.
    facing: Vec3,
    /// How many times any target went from Undetected to Suspected.
    detections: u64,
    /// Seconds since the last housekeeping.
    since_maintenance: f32,
    /// This tick's events, reused.
    events: Vec<Event>,
    /// Per ledger slot, the index of this tick's observation of it.
    slot_observation: Vec<u32>,
    /// Per observation index, the slot it mapped to last tick: where its target is looked for
    /// first, since the senses list the same targets in the same order tick after tick. Only a
    /// hint, checked before use, so nothing needs to reset it.
    observation_slot: Vec<u32>,
    /// This tick's newcomers waiting for a slot, by claim (reused).
    newcomers: Vec<tick::Newcomer>,
}

impl Mind {
    /// A mind tuned by `profile`, validated first; the issues found are returned so the caller
    /// can report them.
    #[must_use]
    pub fn new(profile: Profile) -> (Self, Vec<ProfileIssue>) {
        let (profile, issues) = profile.validated();
        let capacity = profile.attention.max_tracked_targets as usize;
        let mut relations = Relations::default();
        relations.set_rules(&profile.threat.team_rules);
        let mind = Mind {
            senses: SenseTable::from_profile(&profile),
            ledger: Ledger::new(capacity),
            brain: Brain::default(),
            memory: MemoryStore::default(),
            models: PlayerModels::default(),
            evidence: EvidenceStore::default(),
            places: Places::default(),
            relations,
            now: 0.0,
            pain: 0.0,
            facing: Vec3::NEG_Z,
            detections: 0,
            since_maintenance: 0.0,
            events: Vec::with_capacity(capacity * 3 + 8),
            slot_observation: vec![NO_OBSERVATION; capacity],
            observation_slot: Vec::with_capacity(capacity),
            newcomers: Vec::with_capacity(capacity),
            profile,
        };
        (mind, issues)
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
        self.relations.set_rules(&profile.threat.team_rules);
        self.profile = profile;
        if let Some(t) = self.brain.attention_target() {
            if self.ledger.find(t).is_none() {
                self.brain.forget(t);
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

    /// The events of the last tick.
    #[must_use]
    pub fn last_events(&self) -> &[Event] {
        &self.events
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
        self.brain.awareness()
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
        self.brain.top_target()
    }

    /// The target the AI commits to.
    #[must_use]
    pub fn attention_target(&self) -> Option<TargetId> {
        self.brain.attention_target()
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

    /// The place a report of `tag` at `location` belongs to (spec section 11: reports close
    /// together with the same tag merge), made if new.
    pub fn place_for(&mut self, tag: u32, location: Vec3, accuracy: f32) -> TargetId {
        self.places.place_for(tag, location, accuracy)
    }

    /// The AI's five emotions.
    #[must_use]
    pub fn emotions(&self) -> &Emotions {
        self.brain.emotions()
    }

    /// The dominant emotion, if any is above the active threshold.
    #[must_use]
    pub fn dominant_emotion(&self) -> Option<Emotion> {
        self.brain.dominant_emotion(&self.profile)
    }

    /// The AI's own team (0: no team).
    pub fn set_team(&mut self, team: i32) {
        self.relations.set_team(team);
    }

    /// The AI's pain, read by its emotions (the pain sense sets it each tick).
    pub fn set_pain(&mut self, pain: f32) {
        self.pain = if pain.is_finite() {
            pain.clamp(0.0, 1.0)
        } else {
            0.0
        };
    }

    /// Who a target of `team` is to this AI: a per-target override, else the team rules.
    /// `None` when there is no override and the team is unknown.
    #[must_use]
    pub fn relationship_of(&self, target: TargetId, team: Option<i32>) -> Option<Relationship> {
        self.relations.of(target, team, &self.profile.threat)
    }

    /// Whether this AI's senses look at `target`, of `team`, at all: its relationship puts it
    /// on a side ([`Side`](crate::brain::sides::Side)) the profile's Sides settings perceive.
    #[must_use]
    pub fn perceives(&self, target: TargetId, team: i32) -> bool {
        let sides = &self.profile.sides;
        if sides.detects_all() {
            return true;
        }
        match self.relationship_of(target, Some(team)) {
            Some(r) => sides.detects(crate::brain::sides::Side::of(r)),
            None => true,
        }
    }

    /// Puts a fresh belief about `target` in `slot`, replacing whoever was there (attention
    /// lets go of them).
    fn admit(&mut self, slot: usize, target: TargetId, kind: TargetKind, team: Option<i32>) {
        if let Some(old) = self.ledger.get(slot) {
            self.brain.forget(old.target);
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
        let ctx = TickContext::new(&self.profile, &self.senses, self.now, 0.0);
        if let Some(b) = self.ledger.get_mut(slot) {
            if b.state != state {
                enter_state(b, state, &ctx, &mut self.events);
            }
        }
        true
    }
}
