//! A mind restored from its saved form ([`MindSave`]): the whole mind is replaced, what is out
//! of range is repaired and reported as an issue, and beliefs about targets that no longer
//! exist are handled as the caller asks. Nothing is reported as an event: the states restored
//! were reported when they were entered.

use super::{Mind, NO_OBSERVATION};
use crate::belief::episodes::{Episode, Subject, EPISODES_PER_SUBJECT, SUBJECTS};
use crate::belief::evidence::{Evidence, EVIDENCE_SLOTS};
use crate::belief::places::{is_place, Place, Places, MAX_PLACE_NUMBER, PLACE_BIT};
use crate::belief::whereabouts::Motion;
use crate::belief::Belief;
use crate::brain::emotion::Emotion;
use crate::brain::player_model::{PlayerModel, MODELS};
use crate::relationship::Relationship;
use crate::save::format::{BeliefSave, BrainSave, MindSave, PlaceSave};
use crate::save::{
    place_number, Keys, LoadIssue, MissingTargets, Repair, MAX_RELATIONSHIPS, MISSING_TARGET_TAG,
};
use crate::senses::id::{SenseId, SenseSet, MAX_SENSES};
use crate::{LossReason, TargetId, TargetKind};
use std::collections::HashSet;

impl Mind {
    /// Replaces everything this mind holds with `saved`, its keys turned into targets by
    /// `keys`. A belief about a target that no longer exists is handled as `missing` says;
    /// what the AI knew of it otherwise (episodes, models, evidence) is dropped. Numbers out of
    /// range are repaired and every repair is an issue. Returns how many beliefs named a
    /// target that no longer exists.
    pub fn restore(
        &mut self,
        saved: &MindSave,
        keys: &mut dyn Keys,
        missing: MissingTargets,
        issues: &mut Vec<LoadIssue>,
    ) -> usize {
        let mut fix = Repair::new(issues);
        self.now = fix.time(|| "mind.now".into(), saved.now).max(0.0);
        self.pain = fix.unit(|| "mind.pain".into(), saved.pain);
        self.facing = fix.vec3(|| "mind.facing".into(), saved.facing);
        self.detections = saved.detections;
        self.since_maintenance =
            fix.non_negative(|| "mind.since_maintenance".into(), saved.since_maintenance);
        // The ledger holds Max Tracked Targets beliefs: only the strongest that many are read
        // (so a save of thousands costs no more than one of a full ledger).
        let capacity = self.ledger.capacity();
        let mut order: Vec<usize> = (0..saved.beliefs.len()).collect();
        if order.len() > capacity {
            fix.note(
                "mind.beliefs",
                format!(
                    "{} beliefs but Max Tracked Targets is {capacity}; the {capacity} with the \
                     highest sort score are kept",
                    order.len()
                ),
            );
            // Beliefs in targets that still exist come first, then by sort score.
            let saved_places: HashSet<u64> = saved.places.iter().map(|p| p.number).collect();
            let exists: Vec<bool> = saved
                .beliefs
                .iter()
                .map(|b| match place_number(&b.target) {
                    Some(n) => saved_places.contains(&n),
                    None => keys.target_of(&b.target).is_some(),
                })
                .collect();
            let score = |i: usize| {
                let s = saved.beliefs[i].sort_score;
                if s.is_finite() {
                    s
                } else {
                    f32::MIN
                }
            };
            order.sort_by(|a, b| {
                exists[*b]
                    .cmp(&exists[*a])
                    .then(score(*b).total_cmp(&score(*a)))
            });
            order.truncate(capacity);
            order.sort_unstable();
        }
        // Only the places these beliefs are about are worth restoring.
        let wanted: HashSet<u64> = order
            .iter()
            .filter_map(|&i| place_number(&saved.beliefs[i].target))
            .collect();
        self.places = restore_places(&saved.places, saved.next_place, &wanted, keys, &mut fix);

        // Beliefs first: who exists decides the rest.
        let mut held: Vec<Belief> = Vec::with_capacity(saved.beliefs.len());
        let mut lost = 0;
        let mut as_places: Vec<(Belief, f32)> = Vec::new();
        for &i in &order {
            let s = &saved.beliefs[i];
            let field = |name: &str| format!("mind.beliefs[{i}].{name}");
            let mut b = restore_belief(s, &mut fix, &field);
            match target_named(&self.places, &s.target, keys) {
                Some(id) if keys.is_own(id) => {
                    fix.note(
                        field("target"),
                        format!(
                            "{} is this AI's own body; an AI never perceives itself, so the \
                             belief is dropped",
                            s.target
                        ),
                    );
                    continue;
                }
                Some(id) if held.iter().any(|h| h.target == id) => {
                    fix.note(
                        field("target"),
                        format!("{} is believed in twice; the second is dropped", s.target),
                    );
                    continue;
                }
                Some(id) => {
                    b.target = id;
                    b.kind = if is_place(id) {
                        TargetKind::Place
                    } else {
                        TargetKind::Actor
                    };
                    held.push(b);
                }
                None if place_number(&s.target).is_some() => {
                    fix.note(
                        field("target"),
                        format!("{} is not among the saved places; dropped", s.target),
                    );
                }
                None => {
                    lost += 1;
                    if missing == MissingTargets::AsPlace {
                        as_places.push((b, s.uncertainty_radius));
                    }
                }
            }
        }
        let tag = keys.tag_of(MISSING_TARGET_TAG);
        for (mut b, accuracy) in as_places {
            let id = self.places.place_for(tag, b.last_known_position, accuracy);
            if held.iter().any(|h| h.target == id) {
                continue; // two lost targets close together: one place
            }
            b.target = id;
            b.kind = TargetKind::Place;
            b.relationship = Relationship::Unknown;
            held.push(b);
        }
        let capacity = self.ledger.capacity();
        if held.len() > capacity {
            fix.note(
                "mind.beliefs",
                format!(
                    "{} beliefs but Max Tracked Targets is {capacity}; the {capacity} with the \
                     highest sort score are kept",
                    held.len()
                ),
            );
            held.sort_by(|a, b| b.sort_score.total_cmp(&a.sort_score));
            held.truncate(capacity);
        }
        self.ledger = crate::crowd::ledger::Ledger::new(capacity);
        for (slot, b) in held.into_iter().enumerate() {
            self.ledger.put(slot, b);
        }
        // A place no belief is about is forgotten (places live as beliefs, spec section 13).
        let ledger = &self.ledger;
        self.places.retain(|id| ledger.find(id).is_some());
        let believed = |id: TargetId| self.ledger.find(id).is_some();

        // The brain: attention only on an actor still believed in.
        let b: &BrainSave = &saved.brain;
        self.brain.awareness = b.awareness;
        self.brain.attention.target = b
            .attention_target
            .as_deref()
            .and_then(|k| target_named(&self.places, k, keys))
            .filter(|t| !is_place(*t) && believed(*t));
        self.brain.attention.held =
            fix.non_negative(|| "mind.brain.attention_held".into(), b.attention_held);
        self.brain.attention.forced = b.attention_forced && self.brain.attention.target.is_some();
        self.brain.top = b
            .top_target
            .as_deref()
            .and_then(|k| target_named(&self.places, k, keys))
            .filter(|t| believed(*t));
        self.brain.noticed_actors = b.noticed_actors as usize;
        let e = &b.emotions;
        let values = [e.fear, e.aggression, e.curiosity, e.alertness, e.panic];
        for (emotion, v) in Emotion::ALL.into_iter().zip(values) {
            self.brain.emotions.values[emotion as usize] = fix.unit(
                || format!("mind.brain.emotions.{}", emotion_key(emotion)),
                v,
            );
        }

        // Episodes, models, evidence and relationships of targets that still exist.
        self.memory.subjects.clear();
        for (i, s) in saved.episodes.iter().enumerate() {
            let Some(target) = target_named(&self.places, &s.target, keys) else {
                continue;
            };
            if self.memory.subjects.len() >= SUBJECTS {
                fix.note(
                    format!("mind.episodes[{i}]"),
                    format!("more than {SUBJECTS} subjects; the rest are dropped"),
                );
                break;
            }
            let kept = s.episodes.len().min(EPISODES_PER_SUBJECT);
            if s.episodes.len() > kept {
                fix.note(
                    format!("mind.episodes[{i}].episodes"),
                    format!("more than {EPISODES_PER_SUBJECT} episodes; the newest are kept"),
                );
            }
            let mut subject = Subject {
                target,
                episodes: [Episode::default(); EPISODES_PER_SUBJECT],
                len: kept,
                next: kept % EPISODES_PER_SUBJECT,
                last: fix.time(|| format!("mind.episodes[{i}].last"), s.last),
            };
            for (k, e) in s.episodes[s.episodes.len() - kept..].iter().enumerate() {
                let f = |n: &str| format!("mind.episodes[{i}].episodes[{k}].{n}");
                subject.episodes[k] = Episode {
                    time: fix.time(|| f("time"), e.time),
                    loss_reason: e.loss_reason,
                    location: fix.vec3(|| f("location"), e.location),
                    ai_facing: fix.vec3(|| f("ai_facing"), e.ai_facing),
                    target_direction: fix.vec3(|| f("target_direction"), e.target_direction),
                    lost_from: e.lost_from,
                    peak_confidence: fix.unit(|| f("peak_confidence"), e.peak_confidence),
                };
            }
            self.memory.subjects.push(subject);
        }
        self.models.models.clear();
        self.models.last = 0;
        for (i, m) in saved.player_models.iter().enumerate() {
            let Some(target) = target_named(&self.places, &m.target, keys) else {
                continue;
            };
            if self.models.models.len() >= MODELS {
                fix.note(
                    format!("mind.player_models[{i}]"),
                    format!("more than {MODELS} models; the rest are dropped"),
                );
                break;
            }
            let f = |n: &str| format!("mind.player_models[{i}].{n}");
            self.models.models.push(PlayerModel {
                target,
                encounters: m.encounters,
                losses: m.losses,
                hides: m.hides.min(m.losses),
                outruns: m.outruns.min(m.losses),
                typical_speed: fix.non_negative(|| f("typical_speed"), m.typical_speed),
                escape_sum: fix.vec3(|| f("escape_sum"), m.escape_sum),
                time_sensed: fix.non_negative(|| f("time_sensed"), m.time_sensed),
                last_sensed: fix.time(|| f("last_sensed"), m.last_sensed),
            });
        }
        self.evidence.items.clear();
        for (i, e) in saved.evidence.iter().enumerate() {
            let Some(target) = target_named(&self.places, &e.target, keys) else {
                continue;
            };
            if self.evidence.items.len() >= EVIDENCE_SLOTS {
                fix.note(
                    format!("mind.evidence[{i}]"),
                    format!("more than {EVIDENCE_SLOTS} pieces; the rest are dropped"),
                );
                break;
            }
            self.evidence.items.push(Evidence {
                target,
                kind: e.kind,
                amount: fix.unit(|| format!("mind.evidence[{i}].amount"), e.amount),
                expires_at: fix.time(|| format!("mind.evidence[{i}].expires_at"), e.expires_at),
            });
        }
        self.relations.set_team(saved.team);
        self.relations.clear_overrides();
        if saved.relationships.len() > MAX_RELATIONSHIPS {
            fix.note(
                "mind.relationships",
                format!("more than {MAX_RELATIONSHIPS}; the rest are dropped"),
            );
        }
        for r in saved.relationships.iter().take(MAX_RELATIONSHIPS) {
            if let Some(target) = target_named(&self.places, &r.target, keys) {
                self.relations.set_override(target, Some(r.relationship));
            }
        }

        self.events.clear();
        self.slot_observation = vec![NO_OBSERVATION; capacity];
        lost
    }
}

/// The target a saved key names now: a restored place by its number, else what the engine
/// finds.
fn target_named(places: &Places, key: &str, keys: &dyn Keys) -> Option<TargetId> {
    match place_number(key) {
        Some(n) => places
            .places
            .iter()
            .find(|p| p.id.0 == PLACE_BIT | n)
            .map(|p| p.id),
        None => keys.target_of(key),
    }
}

/// The key of an emotion's field.
fn emotion_key(e: Emotion) -> &'static str {
    match e {
        Emotion::Fear => "fear",
        Emotion::Aggression => "aggression",
        Emotion::Curiosity => "curiosity",
        Emotion::Alertness => "alertness",
        Emotion::Panic => "panic",
    }
}

/// The places of a save, each number once.
/// The places of a save that `wanted` names, each number once and below the place bit.
fn restore_places(
    saved: &[PlaceSave],
    next: u64,
    wanted: &HashSet<u64>,
    keys: &mut dyn Keys,
    fix: &mut Repair,
) -> Places {
    let mut places = Places::default();
    let mut seen: HashSet<u64> = HashSet::new();
    for (i, p) in saved.iter().enumerate() {
        let id = TargetId(PLACE_BIT | (p.number & MAX_PLACE_NUMBER));
        if p.number == 0 || p.number > MAX_PLACE_NUMBER || !seen.insert(p.number) {
            fix.note(
                format!("mind.places[{i}].number"),
                format!(
                    "{} is not a new place number; the place is dropped",
                    p.number
                ),
            );
            continue;
        }
        if !wanted.contains(&p.number) {
            continue;
        }
        places.places.push(Place {
            id,
            tag: keys.tag_of(&p.tag),
            location: fix.vec3(|| format!("mind.places[{i}].location"), p.location),
            accuracy: fix.non_negative(|| format!("mind.places[{i}].accuracy"), p.accuracy),
        });
    }
    let highest = places
        .places
        .iter()
        .map(|p| p.id.0 & !PLACE_BIT)
        .max()
        .unwrap_or(0);
    places.next = next.min(MAX_PLACE_NUMBER).max(highest);
    places
}

/// A belief from its saved form, every number repaired (its target is set by the caller).
fn restore_belief(s: &BeliefSave, fix: &mut Repair, field: &dyn Fn(&str) -> String) -> Belief {
    let sense = |s: u8| (usize::from(s) < MAX_SENSES).then_some(SenseId(s));
    let mut b = Belief::new(TargetId(0), s.kind);
    b.state = s.state;
    b.confidence = fix.unit(|| field("confidence"), s.confidence);
    b.fused = fix.unit(|| field("fused"), s.fused);
    b.phase = s.phase;
    b.active = SenseSet(s.active_senses);
    b.dominant = s.dominant_sense.and_then(sense);
    b.governing = s.governing_sense.and_then(sense);
    b.time_in_state = fix.non_negative(|| field("time_in_state"), s.time_in_state);
    b.last_sensed_at = s.last_sensed_at.map_or(f64::NEG_INFINITY, |t| {
        fix.time(|| field("last_sensed_at"), t)
    });
    b.last_active_confidence =
        fix.unit(|| field("last_active_confidence"), s.last_active_confidence);
    b.loss_reason = s.loss_reason;
    // A detail says what an OutOfRange loss meant; with any other reason it is none.
    if s.loss_reason == LossReason::OutOfRange {
        b.loss_detail = s.loss_detail;
    }
    b.loss_direction = fix.vec3(|| field("loss_direction"), s.loss_direction);
    b.last_known_position = fix.vec3(|| field("last_known_position"), s.last_known_position);
    b.last_known_precision = fix.unit(|| field("last_known_precision"), s.last_known_precision);
    let m = &s.motion;
    b.motion = Motion {
        sample: m.sample_time.map(|t| {
            (
                fix.time(|| field("motion.sample_time"), t),
                fix.vec3(|| field("motion.sample_position"), m.sample_position),
            )
        }),
        has_velocity: m.has_velocity,
        velocity: fix.vec3(|| field("motion.velocity"), m.velocity),
        acceleration: fix.vec3(|| field("motion.acceleration"), m.acceleration),
    };
    b.sensed_heading = s.sensed_heading.and_then(|h| {
        Some((
            sense(h.sense)?,
            fix.vec3(|| field("sensed_heading.direction"), h.direction),
        ))
    });
    b.target_speed = fix.non_negative(|| field("target_speed"), s.target_speed);
    b.detections = s.detections;
    b.destroyed = s.destroyed;
    b.sort_score = fix.finite(|| field("sort_score"), s.sort_score);
    b.long_term_strength = fix.unit(
        || field("long_term_memory_strength"),
        s.long_term_memory_strength,
    );
    b.uncertainty_radius = fix.non_negative(|| field("uncertainty_radius"), s.uncertainty_radius);
    b.damage_received = fix.non_negative(|| field("damage_received"), s.damage_received);
    b.relationship = s.relationship;
    b.threat_score = fix.unit(|| field("threat_score"), s.threat_score);
    b.threat_level = s.threat_level;
    b.peak_confidence = fix.unit(|| field("peak_confidence"), s.peak_confidence);
    b.was_sensed = s.was_sensed;
    b.governing_last_active = s.governing_last_active.map_or(f64::NEG_INFINITY, |t| {
        fix.time(|| field("governing_last_active"), t)
    });
    if s.sense_cues.len() > MAX_SENSES {
        fix.note(
            field("sense_cues"),
            format!("more than {MAX_SENSES} senses; the rest are ignored"),
        );
    }
    let mut cues = [LossReason::None; MAX_SENSES];
    for (c, s) in cues.iter_mut().zip(&s.sense_cues) {
        *c = *s;
    }
    b.sense_cue = cues;
    if s.sense_details.len() > MAX_SENSES {
        fix.note(
            field("sense_details"),
            format!("more than {MAX_SENSES} senses; the rest are ignored"),
        );
    }
    for (d, s) in b.sense_detail.iter_mut().zip(&s.sense_details) {
        *d = *s;
    }
    b
}
