//! One AI's perception brain: the ledger of beliefs, awareness and attention, advanced one tick
//! at a time from the senses' readings (spec section 10, "The perception tick").
//!
//! `Perceiver::tick` is deterministic (the same inputs give the same events) and, once warm,
//! allocates nothing: the ledger is fixed and the event buffer is reused.

use crate::attention::{proximity, recency, sort_score, Attention, Rated};
use crate::awareness::AwarenessLevel;
use crate::belief::Belief;
use crate::events::Event;
use crate::fusion::fuse;
use crate::ledger::Ledger;
use crate::memory_engine::{enter_state, update_belief, TickContext};
use crate::profile::{Profile, ProfileIssue};
use crate::reading::{Observations, Pose, TargetId, TargetKind};
use crate::sense::SenseId;
use crate::sense_table::{SenseSpec, SenseTable};
use crate::state::BeliefState;

const NO_OBSERVATION: u32 = u32::MAX;

/// One AI's beliefs and what it makes of them.
#[derive(Debug, Clone)]
pub struct Perceiver {
    profile: Profile,
    senses: SenseTable,
    ledger: Ledger,
    attention: Attention,
    awareness: AwarenessLevel,
    top: Option<TargetId>,
    now: f64,
    events: Vec<Event>,
    slot_observation: Vec<u32>,
    noticed_actors: usize,
    detections: u64,
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
            events: Vec::with_capacity(capacity * 2 + 4),
            slot_observation: vec![NO_OBSERVATION; capacity],
            noticed_actors: 0,
            detections: 0,
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

    /// Focus on `target` now (Force Attention Target). Returns the change, if any, as an event.
    pub fn force_attention(&mut self, target: Option<TargetId>) -> Option<Event> {
        self.attention
            .force(target)
            .map(|(old, new)| Event::AttentionChanged { old, new })
    }

    /// Raises a target's confidence from script (Set Target Confidence): never lowers it. The
    /// belief is created if needed; returns false if the ledger is full and nobody gives way.
    pub fn set_target_confidence(&mut self, target: TargetId, confidence: f32) -> bool {
        if !confidence.is_finite() {
            return false;
        }
        let slot = match self.ledger.find(target) {
            Some(s) => s,
            None => {
                let score = sort_score(
                    &self.profile.attention,
                    confidence.clamp(0.0, 1.0),
                    1.0,
                    0.0,
                );
                let Some(s) = self.ledger.slot_for_newcomer(score) else {
                    return false;
                };
                self.admit(s, target, TargetKind::Actor);
                s
            }
        };
        if let Some(b) = self.ledger.get_mut(slot) {
            let c = confidence.clamp(0.0, 1.0);
            if c > b.confidence {
                b.confidence = c;
                b.last_active_confidence = c;
                b.last_sensed_at = self.now;
            }
        }
        true
    }

    fn admit(&mut self, slot: usize, target: TargetId, kind: TargetKind) {
        if let Some(old) = self.ledger.get(slot) {
            self.attention.forget(old.target);
        }
        self.ledger.put(slot, Belief::new(target, kind));
    }

    /// One perception tick of `dt` seconds: every belief is fused, smoothed and stepped through
    /// the state table, then awareness and attention follow. Returns this tick's events.
    pub fn tick(&mut self, dt: f32, pose: Pose, observations: &Observations) -> &[Event] {
        self.tick_with(dt, pose, observations, &[])
    }

    /// [`Perceiver::tick`], reporting `first` (events the senses fired themselves) ahead of the
    /// tick's own.
    pub fn tick_with(
        &mut self,
        dt: f32,
        pose: Pose,
        observations: &Observations,
        first: &[Event],
    ) -> &[Event] {
        let dt = if dt.is_finite() { dt.max(0.0) } else { 0.0 };
        self.now += f64::from(dt);
        self.events.clear();
        self.events.extend_from_slice(first);
        self.slot_observation.fill(NO_OBSERVATION);

        for &gone in observations.destroyed() {
            if let Some(slot) = self.ledger.find(gone) {
                if let Some(b) = self.ledger.get_mut(slot) {
                    b.destroyed = true;
                    if matches!(b.state, BeliefState::Lost | BeliefState::Remembered) {
                        b.loss_reason = crate::loss::LossReason::TargetDestroyed;
                    }
                }
            }
        }

        let gather_range = self.profile.gather_range();
        for (i, o) in observations.targets().iter().enumerate() {
            let slot = match self.ledger.find(o.target) {
                Some(s) => Some(s),
                None => {
                    let readings = observations.readings_of(o);
                    let fused = fuse(readings, self.senses.weights(), 0.0);
                    if fused.active.is_empty() {
                        None
                    } else {
                        let near = readings
                            .iter()
                            .map(|r| r.position.distance(pose.position))
                            .fold(f32::INFINITY, f32::min);
                        let score = sort_score(
                            &self.profile.attention,
                            0.0,
                            1.0,
                            proximity(near, gather_range),
                        );
                        let slot = self.ledger.slot_for_newcomer(score);
                        if let Some(s) = slot {
                            self.admit(s, o.target, o.kind);
                        }
                        slot
                    }
                }
            };
            if let Some(s) = slot {
                self.slot_observation[s] = i as u32;
            }
        }

        let ctx = TickContext {
            profile: &self.profile,
            senses: &self.senses,
            now: self.now,
            dt,
        };
        for slot in 0..self.ledger.capacity() {
            let (readings, speed) = match self.slot_observation[slot] {
                NO_OBSERVATION => (&[][..], 0.0),
                i => {
                    let o = &observations.targets()[i as usize];
                    (observations.readings_of(o), o.speed)
                }
            };
            let Some(b) = self.ledger.get_mut(slot) else {
                continue;
            };
            let speed = if self.slot_observation[slot] == NO_OBSERVATION {
                b.target_speed
            } else {
                speed
            };
            update_belief(b, readings, speed, &ctx, &mut self.events);
            if b.destroyed && matches!(b.state, BeliefState::Expired | BeliefState::Undetected) {
                self.ledger.remove(slot);
            }
        }

        self.detections += self
            .events
            .iter()
            .filter(|e| {
                matches!(e, Event::StateChanged(c)
                    if c.old == BeliefState::Undetected && c.new == BeliefState::Suspected)
            })
            .count() as u64;
        self.think(dt, pose, gather_range);
        &self.events
    }

    /// The brain step: sort scores, top target, awareness, attention, all clear.
    fn think(&mut self, dt: f32, pose: Pose, gather_range: f32) {
        let settings = self.profile.attention;
        let now = self.now;
        let mut top: Option<Rated> = None;
        let mut top_confidence = None;
        let mut noticed = 0;
        for b in self.ledger.iter_mut() {
            b.sort_score = sort_score(
                &settings,
                b.confidence,
                recency(b.time_since_sensed(now)),
                proximity(b.last_known_position.distance(pose.position), gather_range),
            );
            if b.kind != TargetKind::Actor || !b.state.is_noticed() {
                continue;
            }
            noticed += 1;
            if top.is_none_or(|t| b.sort_score > t.score) {
                top = Some(Rated {
                    target: b.target,
                    state: b.state,
                    score: b.sort_score,
                });
                top_confidence = Some(b.confidence);
            }
        }
        self.top = top.map(|t| t.target);

        let awareness = AwarenessLevel::for_confidence(top_confidence, &self.profile.thresholds);
        if awareness != self.awareness {
            self.events.push(Event::AwarenessChanged {
                old: self.awareness,
                new: awareness,
            });
            self.awareness = awareness;
        }

        let current = self.attention.target().and_then(|t| {
            self.ledger.belief(t).map(|b| Rated {
                target: t,
                state: b.state,
                score: b.sort_score,
            })
        });
        if let Some((old, new)) = self.attention.update(dt, top, current, &settings) {
            self.events.push(Event::AttentionChanged { old, new });
        }

        if self.noticed_actors > 0 && noticed == 0 {
            self.events.push(Event::AllClear);
        }
        self.noticed_actors = noticed;
    }

    /// Moves a belief straight into a state, reporting it like any other entry. Used by
    /// scripted evidence and tests; the state table is not consulted.
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
