//! The perception tick of one mind (spec section 10), in the spec's order once the senses have
//! spoken: beliefs about destroyed targets and slots for newcomers; then per belief the memory
//! engine (fusion, evidence, smoothing, decay, states), where the target is, episodes, the
//! player model and threat; then the brain; then housekeeping.

use super::{Mind, NO_OBSERVATION};
use crate::belief::episodes::{Episode, MemoryStore};
use crate::belief::evidence::EvidenceEffect;
use crate::belief::loss::LossReason;
use crate::belief::memory_engine::{update_belief, TickContext};
use crate::belief::places::is_place;
use crate::belief::state::BeliefState;
use crate::brain::attention::{proximity, sort_score};
use crate::brain::player_model::PlayerModels;
use crate::brain::threat::rate_threat;
use crate::brain::{BrainInput, Changes, Survey};
use crate::crowd::ledger::is_dormant;
use crate::crowd::Priority;
use crate::events::{Event, StateChange};
use crate::fusion::fuse;
use crate::senses::id::Sense;
use crate::senses::reading::TargetObservation;
use crate::world::stimulus::MAX_DAMAGE;
use crate::{Observations, Pose, TargetId, TargetKind};
use glam::Vec3;
use smallvec::SmallVec;

impl Mind {
    /// One perception tick of `dt` seconds: every belief is fused, smoothed and stepped through
    /// the state table, then the brain follows. Returns this tick's events.
    pub fn tick(&mut self, dt: f32, pose: Pose, observations: &Observations) -> &[Event] {
        self.tick_with(dt, pose, observations, &[])
    }

    /// [`Mind::tick`], reporting `first` (events the senses fired themselves) ahead of the
    /// tick's own, and taking the damage they report into the threat's damage term.
    pub fn tick_with(
        &mut self,
        dt: f32,
        pose: Pose,
        observations: &Observations,
        first: &[Event],
    ) -> &[Event] {
        let dt = if dt.is_finite() { dt.max(0.0) } else { 0.0 };
        self.now += f64::from(dt);
        self.facing = pose.forward;
        self.events.clear();
        self.events.extend_from_slice(first);
        self.slot_observation.fill(NO_OBSERVATION);

        self.mark_destroyed(observations);
        let gather_range = self.profile.gather_range();
        self.map_observations(pose, observations, gather_range);
        self.take_damage(first);
        let input = BrainInput {
            dt,
            pose,
            gather_range,
            pain: self.pain,
            now: self.now,
        };
        let survey = self.update_beliefs(observations, &input);
        let noticed = self
            .events
            .iter()
            .filter(|e| {
                matches!(e, Event::StateChanged(c)
                    if c.old == BeliefState::Undetected && c.new == BeliefState::Suspected)
            })
            .count() as u64;
        self.detections = self.detections.saturating_add(noticed);

        let changes = self
            .brain
            .conclude(survey, &self.ledger, &self.profile, input);
        report(changes, &mut self.events);
        self.housekeeping(dt);
        &self.events
    }

    /// Beliefs about targets that no longer exist (spec section 4, TargetDestroyed).
    fn mark_destroyed(&mut self, observations: &Observations) {
        for &gone in observations.destroyed() {
            if let Some(b) = self.ledger.find(gone).and_then(|s| self.ledger.get_mut(s)) {
                b.destroyed = true;
                if matches!(b.state, BeliefState::Lost | BeliefState::Remembered) {
                    b.loss_reason = LossReason::TargetDestroyed;
                    b.loss_detail = crate::belief::loss::LossDetail::None;
                }
            }
        }
    }

    /// Finds or makes each observed target's slot. A target with no active sense gets no new
    /// belief; a place never pushes out an actor perceived now. In a full ledger a newcomer
    /// competes with its sort score as it would be with this tick's fused confidence (spec
    /// section 13: it replaces an active belief with a worse sort score), so a player in plain
    /// view takes the slot of a bystander barely seen.
    fn map_observations(&mut self, pose: Pose, observations: &Observations, gather_range: f32) {
        let mut admitted = Admitted::new();
        let targets = observations.targets();
        if self.observation_slot.len() < targets.len() {
            self.observation_slot.resize(targets.len(), NO_OBSERVATION);
        }
        let Some(first_newcomer) = self.find_held(observations, &mut admitted) else {
            return;
        };
        // Targets already held are bound first, in order; the newcomers then claim slots by
        // priority first, score second (spec section 13), not by the order they were looked
        // at: a character perceived now claims before a plain object, whoever came first.
        let mut newcomers = std::mem::take(&mut self.newcomers);
        newcomers.clear();
        for (i, o) in targets.iter().enumerate().skip(first_newcomer) {
            if let Some(s) = self.find_observed(i, o.target) {
                self.bind(i, s, o);
            } else if let Some(n) = self.newcomer(i, o, observations, pose.position, gather_range) {
                newcomers.push(n);
            }
        }
        newcomers.sort_unstable_by(|a, b| {
            a.priority
                .cmp(&b.priority)
                .then(b.score.total_cmp(&a.score))
                .then(a.observation.cmp(&b.observation))
        });
        self.admit_newcomers(&newcomers, targets, &mut admitted);
        self.newcomers = newcomers;
    }

    /// The first pass over this tick's observations: finds each target's slot, and keeps
    /// dormant beliefs whose target a sense has again in `admitted` (they wake up themselves,
    /// with their own Expired-to-Undetected or re-detection, rather than vanish). Until the
    /// first newcomer no slot changes hands, so a target found before it is bound to its slot
    /// at once. Returns the first newcomer, where the second pass starts (none: no second
    /// pass is needed).
    fn find_held(&mut self, observations: &Observations, admitted: &mut Admitted) -> Option<usize> {
        let mut first_newcomer = None;
        for (i, o) in observations.targets().iter().enumerate() {
            let Some(s) = self.find_observed(i, o.target) else {
                first_newcomer.get_or_insert(i);
                continue;
            };
            let dormant = self.ledger.get(s).is_some_and(is_dormant);
            if dormant
                && !fuse(observations.readings_of(o), self.senses.weights(), 0.0)
                    .active
                    .is_empty()
            {
                admitted.push(s);
            }
            if first_newcomer.is_none() {
                self.bind(i, s, o);
            }
        }
        first_newcomer
    }

    /// Observation `i`, of target `o` that holds no slot, as a newcomer: its priority (spec
    /// section 13: hit or touched first) and its sort score with this tick's fused confidence,
    /// its proximity measured from `from`. `None` if no sense is active for it.
    #[inline]
    fn newcomer(
        &self,
        i: usize,
        o: &TargetObservation,
        observations: &Observations,
        from: Vec3,
        gather_range: f32,
    ) -> Option<Newcomer> {
        let readings = observations.readings_of(o);
        let bonus = self.profile.fusion.corroboration_bonus;
        let fused = fuse(readings, self.senses.weights(), bonus);
        if fused.active.is_empty() {
            return None;
        }
        let near = readings
            .iter()
            .map(|r| r.position.distance(from))
            .fold(f32::INFINITY, f32::min);
        let score = sort_score(
            &self.profile.attention,
            fused.value,
            1.0,
            proximity(near, gather_range),
        );
        let hit = readings.iter().any(|r| {
            (r.sense == Sense::Damage.id() || r.sense == Sense::Touch.id()) && r.confidence > 0.0
        });
        let priority = if hit {
            Priority::HitOrTouched
        } else {
            Priority::perceived(o.character)
        };
        Some(Newcomer {
            priority,
            score,
            observation: i as u32,
        })
    }

    /// Each newcomer, in claiming order, takes the slot the ledger gives it (spec section 13)
    /// and is bound to it; a slot in `admitted` is never given, and each one given joins it.
    fn admit_newcomers(
        &mut self,
        newcomers: &[Newcomer],
        targets: &[TargetObservation],
        admitted: &mut Admitted,
    ) {
        for n in newcomers {
            let i = n.observation as usize;
            let o = &targets[i];
            let slot = self.ledger.slot_for_newcomer_except(
                n.score,
                n.priority,
                o.kind == TargetKind::Place,
                admitted,
                self.profile.attention.sort_weight_confidence,
            );
            if let Some(s) = slot {
                self.admit(s, o.target, o.kind, Some(o.team));
                admitted.push(s);
                self.observation_slot[i] = s as u32;
                self.bind(i, s, o);
            }
        }
    }

    /// Observation `i` (of target `o`) is this tick's of `slot`: the slot's belief reads it,
    /// and an actor's relationship follows its team now.
    fn bind(&mut self, i: usize, slot: usize, o: &TargetObservation) {
        self.slot_observation[slot] = i as u32;
        if let Some(b) = self.ledger.get_mut(slot) {
            b.character = o.character;
        }
        if o.kind == TargetKind::Actor {
            if let Some(r) = self.relationship_of(o.target, Some(o.team)) {
                if let Some(b) = self.ledger.get_mut(slot) {
                    b.relationship = r;
                }
            }
        }
    }

    /// The slot of observation `i`'s target, looked for first where that observation went last
    /// tick, which it remembers.
    fn find_observed(&mut self, i: usize, target: TargetId) -> Option<usize> {
        let found = self
            .ledger
            .find_from(target, self.observation_slot[i] as usize);
        self.observation_slot[i] = found.map_or(NO_OBSERVATION, |s| s as u32);
        found
    }

    /// The damage the senses reported this tick counts toward each attacker's threat.
    fn take_damage(&mut self, first: &[Event]) {
        for e in first {
            if let Event::Damaged {
                instigator: Some(t),
                amount,
                ..
            } = *e
            {
                if let Some(b) = self.ledger.find(t).and_then(|s| self.ledger.get_mut(s)) {
                    // Damage that is not a number is no damage; absurd amounts are capped.
                    let amount = if amount.is_finite() {
                        amount.max(0.0)
                    } else {
                        0.0
                    };
                    b.damage_received = (b.damage_received + amount).min(MAX_DAMAGE);
                }
            }
        }
    }

    /// Every belief's tick, in slot order: the memory engine, then episodes, the player model
    /// and threat, and last the brain's rating of the belief (its sort score; the brain decides
    /// once all are rated). The mind is taken apart once for the whole ledger, so what the
    /// beliefs share is looked up once per tick, not once per belief.
    fn update_beliefs(&mut self, observations: &Observations, input: &BrainInput) -> Survey {
        let Mind {
            profile,
            senses,
            ledger,
            memory,
            models,
            evidence,
            now,
            facing,
            events,
            slot_observation,
            ..
        } = self;
        let (now, facing, dt) = (*now, *facing, input.dt);
        let mut survey = Survey::new(input.pain);
        let ctx = TickContext::new(profile, senses, now, dt);
        ledger.retain_mut(|slot, b| {
            let (readings, speed) = match slot_observation[slot] {
                NO_OBSERVATION => (&[][..], b.target_speed),
                i => {
                    let o = &observations.targets()[i as usize];
                    (observations.readings_of(o), o.speed)
                }
            };
            let evidence = if evidence.is_empty() {
                EvidenceEffect::NONE
            } else {
                evidence.effect(b.target, now)
            };
            let before = events.len();
            update_belief(b, readings, speed, evidence, &ctx, events);

            if b.kind == TargetKind::Actor {
                for e in &events[before..] {
                    if let Event::StateChanged(c) = e {
                        remember_change(
                            memory,
                            models,
                            facing,
                            now,
                            b.target,
                            b.peak_confidence,
                            c,
                        );
                    }
                }
                if !b.active.is_empty() && b.motion.has_estimate() {
                    let speed = b.motion.velocity.length();
                    models.sensed(b.target, &mut b.model_hint, speed, dt, now);
                }
            }
            if let Some((old, new)) = rate_threat(b, &profile.threat) {
                events.push(Event::ThreatLevelChanged {
                    target: b.target,
                    old,
                    new,
                });
            }

            // A destroyed target's belief, or a place's, is freed once it expires.
            let gone = b.destroyed || (is_place(b.target) && b.state == BeliefState::Expired);
            let freed = gone && matches!(b.state, BeliefState::Expired | BeliefState::Undetected);
            if !freed {
                survey.rate(b, &profile.attention, input);
            }
            !freed
        });
        survey
    }

    /// Every Maintenance Interval (spec section 10, "Housekeeping"): stores bounded by time are
    /// pruned, and places no belief refers to any more are dropped.
    fn housekeeping(&mut self, dt: f32) {
        self.since_maintenance += dt;
        if self.since_maintenance < self.profile.performance.maintenance_interval {
            return;
        }
        self.since_maintenance = 0.0;
        self.memory
            .prune(self.now, self.profile.memory.memory_retention_seconds);
        self.evidence.prune(self.now);
        let ledger = &self.ledger;
        self.places.retain(|id| ledger.find(id).is_some());
    }
}

/// Episodes and the player model learn from a state change (spec sections 8 and 10).
fn remember_change(
    memory: &mut MemoryStore,
    models: &mut PlayerModels,
    facing: Vec3,
    now: f64,
    target: TargetId,
    peak_confidence: f32,
    c: &StateChange,
) {
    match (c.old, c.new) {
        (BeliefState::Undetected, BeliefState::Suspected) => models.noticed(target, now),
        (old, BeliefState::Lost) => {
            models.lost(target, c.loss_reason, c.loss_direction, now);
            if old.is_in_contact() {
                memory.record(
                    target,
                    Episode {
                        time: now,
                        loss_reason: c.loss_reason,
                        location: c.last_known_position,
                        ai_facing: facing,
                        target_direction: c.loss_direction,
                        lost_from: old,
                        peak_confidence,
                    },
                );
            }
        }
        _ => {}
    }
}

/// Slots a newcomer may not take this tick: those given to newcomers this tick, and dormant
/// beliefs whose target a sense has again.
type Admitted = SmallVec<[usize; 16]>;

/// A target seen this tick that holds no slot yet, waiting to claim one.
#[derive(Debug, Clone, Copy)]
pub(super) struct Newcomer {
    priority: Priority,
    /// Its sort score with this tick's fused confidence.
    score: f32,
    /// Its index among this tick's observations.
    observation: u32,
}
/// The brain step's changes as events, in the order the brain decides them: awareness,
/// attention, all clear, emotion.
fn report(changes: Changes, events: &mut Vec<Event>) {
    if let Some((old, new)) = changes.awareness {
        events.push(Event::AwarenessChanged { old, new });
    }
    if let Some((old, new)) = changes.attention {
        events.push(Event::AttentionChanged { old, new });
    }
    if changes.all_clear {
        events.push(Event::AllClear);
    }
    if let Some((old, new)) = changes.emotion {
        events.push(Event::EmotionChanged { old, new });
    }
}
