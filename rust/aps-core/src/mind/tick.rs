//! The perception tick of one AI (spec section 10): the senses' readings become beliefs, in
//! the spec's order: fusion and evidence, memory (smoothing, decay, states), where the target
//! is, threat, the player model; then the brain (`brain.rs`) and housekeeping.

use crate::brain::attention::{proximity, sort_score};
use crate::crowd::Priority;
use crate::events::{Event, StateChange};
use crate::senses::id::Sense;

use crate::belief::episodes::Episode;
use crate::belief::memory_engine::{update_belief, TickContext};
use crate::belief::places::is_place;
use crate::belief::state::BeliefState;
use crate::brain::threat::{threat_score, ThreatInput, ThreatLevel};
use crate::fusion::fuse;
use crate::mind::{Perceiver, NO_OBSERVATION};
use crate::{Observations, Pose, TargetId, TargetKind};

impl Perceiver {
    /// One perception tick of `dt` seconds: every belief is fused, smoothed and stepped through
    /// the state table, then the brain follows. Returns this tick's events.
    pub fn tick(&mut self, dt: f32, pose: Pose, observations: &Observations) -> &[Event] {
        self.tick_with(dt, pose, observations, &[])
    }

    /// [`Perceiver::tick`], reporting `first` (events the senses fired themselves) ahead of the
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
        for e in first {
            if let Event::Damaged {
                instigator: Some(t),
                amount,
                ..
            } = *e
            {
                if let Some(b) = self.ledger.find(t).and_then(|s| self.ledger.get_mut(s)) {
                    b.damage_received += amount.max(0.0);
                }
            }
        }

        for slot in 0..self.ledger.capacity() {
            self.update_slot(slot, dt, observations);
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
        self.housekeeping(dt);
        &self.events
    }

    fn mark_destroyed(&mut self, observations: &Observations) {
        for &gone in observations.destroyed() {
            if let Some(b) = self.ledger.find(gone).and_then(|s| self.ledger.get_mut(s)) {
                b.destroyed = true;
                if matches!(b.state, BeliefState::Lost | BeliefState::Remembered) {
                    b.loss_reason = crate::belief::loss::LossReason::TargetDestroyed;
                }
            }
        }
    }

    /// Finds or makes each observed target's slot. A target with no active sense gets no new
    /// belief; a place never pushes out an actor perceived now.
    fn map_observations(&mut self, pose: Pose, observations: &Observations, gather_range: f32) {
        for (i, o) in observations.targets().iter().enumerate() {
            let slot = match self.ledger.find(o.target) {
                Some(s) => Some(s),
                None => {
                    let readings = observations.readings_of(o);
                    if fuse(readings, self.senses.weights(), 0.0).active.is_empty() {
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
                        let place = o.kind == TargetKind::Place;
                        let hit = readings.iter().any(|r| {
                            (r.sense == Sense::Damage.id() || r.sense == Sense::Touch.id())
                                && r.confidence > 0.0
                        });
                        let priority = if hit {
                            Priority::HitOrTouched
                        } else {
                            Priority::PerceivedNow
                        };
                        let slot = self.ledger.slot_for_newcomer(score, priority, place);
                        if let Some(s) = slot {
                            self.admit(s, o.target, o.kind, Some(o.team));
                        }
                        slot
                    }
                }
            };
            if let Some(s) = slot {
                self.slot_observation[s] = i as u32;
                if o.kind == TargetKind::Actor {
                    if let Some(r) = self.relationship_of(o.target, Some(o.team)) {
                        if let Some(b) = self.ledger.get_mut(s) {
                            b.relationship = r;
                        }
                    }
                }
            }
        }
    }

    /// One belief's tick: the memory engine, then episodes, the player model and threat.
    fn update_slot(&mut self, slot: usize, dt: f32, observations: &Observations) {
        let (readings, speed) = match self.slot_observation[slot] {
            NO_OBSERVATION => (&[][..], None),
            i => {
                let o = &observations.targets()[i as usize];
                (observations.readings_of(o), Some(o.speed))
            }
        };
        let now = self.now;
        let evidence = match self.ledger.get(slot) {
            Some(b) if !self.evidence.is_empty() => self.evidence.effect(b.target, now),
            Some(_) => crate::belief::evidence::EvidenceEffect::NONE,
            None => return,
        };
        let ctx = TickContext {
            profile: &self.profile,
            senses: &self.senses,
            now,
            dt,
        };
        let before = self.events.len();
        let Some(b) = self.ledger.get_mut(slot) else {
            return;
        };
        let speed = speed.unwrap_or(b.target_speed);
        update_belief(b, readings, speed, evidence, &ctx, &mut self.events);

        let (target, kind, peak, mut hint) = (b.target, b.kind, b.peak_confidence, b.model_hint);
        let sensed_speed =
            (!b.active.is_empty() && b.motion.has_estimate()).then(|| b.motion.velocity.length());
        if kind == TargetKind::Actor {
            for i in before..self.events.len() {
                if let Event::StateChanged(c) = self.events[i] {
                    self.remember_change(target, peak, &c);
                }
            }
            if let Some(speed) = sensed_speed {
                self.models.sensed(target, &mut hint, speed, dt, now);
                if let Some(b) = self.ledger.get_mut(slot) {
                    b.model_hint = hint;
                }
            }
        }
        self.rate_threat(slot);

        if let Some(b) = self.ledger.get(slot) {
            let gone = b.destroyed || (is_place(b.target) && b.state == BeliefState::Expired);
            if gone && matches!(b.state, BeliefState::Expired | BeliefState::Undetected) {
                self.ledger.remove(slot);
            }
        }
    }

    /// Episodes and the player model learn from a state change (spec sections 8 and 10).
    fn remember_change(&mut self, target: TargetId, peak_confidence: f32, c: &StateChange) {
        let now = self.now;
        match (c.old, c.new) {
            (BeliefState::Undetected, BeliefState::Suspected) => self.models.noticed(target, now),
            (old, BeliefState::Lost) => {
                self.models
                    .lost(target, c.loss_reason, c.loss_direction, now);
                if old.is_in_contact() {
                    self.memory.record(
                        target,
                        Episode {
                            time: now,
                            loss_reason: c.loss_reason,
                            location: c.last_known_position,
                            ai_facing: self.facing,
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

    /// The threat score and level of one belief (spec section 9), reporting level changes of
    /// actors.
    fn rate_threat(&mut self, slot: usize) {
        let s = &self.profile.threat;
        let Some(b) = self.ledger.get_mut(slot) else {
            return;
        };
        let score = threat_score(
            s,
            &ThreatInput {
                confidence: b.confidence,
                damage_received: b.damage_received,
                active_senses: b.active.len(),
                relationship: b.relationship,
                state: b.state,
            },
        );
        let level = ThreatLevel::for_score(score, s);
        b.threat_score = score;
        if level != b.threat_level {
            let old = b.threat_level;
            b.threat_level = level;
            if b.kind == TargetKind::Actor {
                self.events.push(Event::ThreatLevelChanged {
                    target: b.target,
                    old,
                    new: level,
                });
            }
        }
    }

    /// Every Maintenance Interval: stores bounded by time are pruned.
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
