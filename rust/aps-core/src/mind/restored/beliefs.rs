//! A mind's beliefs from their saved form: the strongest a ledger holds, each about the target
//! its key names now, and the places they are about (places live as beliefs, spec section 13).

use super::target_named;
use crate::belief::places::{is_place, Place, Places, MAX_PLACE_NUMBER, PLACE_BIT};
use crate::belief::whereabouts::Motion;
use crate::belief::Belief;
use crate::crowd::ledger::Ledger;
use crate::relationship::Relationship;
use crate::save::format::{BeliefSave, MindSave, PlaceSave};
use crate::save::{place_number, Keys, MissingTargets, Repair, MISSING_TARGET_TAG};
use crate::senses::id::{SenseId, SenseSet, MAX_SENSES};
use crate::{LossReason, TargetId, TargetKind};
use std::collections::HashSet;

/// Which saved beliefs to read, in their saved order. The ledger holds Max Tracked Targets
/// beliefs: only the strongest that many are read (so a save of thousands costs no more than
/// one of a full ledger), those about targets that still exist first.
pub(super) fn beliefs_to_read(
    saved: &MindSave,
    capacity: usize,
    keys: &dyn Keys,
    fix: &mut Repair,
) -> Vec<usize> {
    let mut order: Vec<usize> = (0..saved.beliefs.len()).collect();
    if order.len() <= capacity {
        return order;
    }
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
    order
}

/// The beliefs at `order`, each about the target its key names now. One about the AI itself,
/// a second about the same target, or about a place not saved is dropped; one about a target
/// that no longer exists is counted, and kept as a place where it was last known if `missing`
/// says so. Returns the beliefs kept and how many named a target that no longer exists.
pub(super) fn read_beliefs(
    saved: &MindSave,
    order: &[usize],
    places: &mut Places,
    keys: &mut dyn Keys,
    missing: MissingTargets,
    fix: &mut Repair,
) -> (Vec<Belief>, usize) {
    let mut held: Vec<Belief> = Vec::with_capacity(saved.beliefs.len());
    let mut lost = 0;
    let mut as_places: Vec<(Belief, f32)> = Vec::new();
    for &i in order {
        let s = &saved.beliefs[i];
        let field = |name: &str| format!("mind.beliefs[{i}].{name}");
        let mut b = restore_belief(s, fix, &field);
        match target_named(places, &s.target, keys) {
            Some(id) if keys.is_own(id) => {
                fix.note(
                    field("target"),
                    format!(
                        "{} is this AI's own body; an AI never perceives itself, so the \
                         belief is dropped",
                        s.target
                    ),
                );
            }
            Some(id) if held.iter().any(|h| h.target == id) => {
                fix.note(
                    field("target"),
                    format!("{} is believed in twice; the second is dropped", s.target),
                );
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
    place_lost_targets(&mut held, as_places, places, tag);
    (held, lost)
}

/// Beliefs about targets that no longer exist, each turned into a belief about a place (tagged
/// `tag`) where the target was last known, within its uncertainty.
fn place_lost_targets(
    held: &mut Vec<Belief>,
    lost: Vec<(Belief, f32)>,
    places: &mut Places,
    tag: u32,
) {
    for (mut b, accuracy) in lost {
        let id = places.place_for(tag, b.last_known_position, accuracy);
        if held.iter().any(|h| h.target == id) {
            continue; // two lost targets close together: one place
        }
        b.target = id;
        b.kind = TargetKind::Place;
        b.relationship = Relationship::Unknown;
        held.push(b);
    }
}

/// A ledger of `capacity` slots holding `held` in order; if they are more, the ones with the
/// highest sort score.
pub(super) fn fill_ledger(mut held: Vec<Belief>, capacity: usize, fix: &mut Repair) -> Ledger {
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
    let mut ledger = Ledger::new(capacity);
    for (slot, b) in held.into_iter().enumerate() {
        ledger.put(slot, b);
    }
    ledger
}

/// The places of a save that `wanted` names, each number once and below the place bit.
pub(super) fn restore_places(
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
    restore_sense_cues(&mut b, s, fix, field);
    b
}

/// Why each sense lost the target, and what an OutOfRange loss meant, one per sense slot.
fn restore_sense_cues(
    b: &mut Belief,
    s: &BeliefSave,
    fix: &mut Repair,
    field: &dyn Fn(&str) -> String,
) {
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
}
