//! The memory engine: one belief, one tick. Fusion, then smoothing, then the state table, with
//! the grace rules of spec section 3 and the loss bookkeeping of section 4.

use crate::belief::evidence::EvidenceEffect;
use crate::belief::loss::{LossDetail, LossReason, SenseLoss};
use crate::belief::smoothing::{smooth, SmoothingInput};
use crate::belief::state::{next_state, BeliefState, TransitionInput};
use crate::belief::whereabouts::update_uncertainty;
use crate::belief::Belief;
use crate::brain::threat::fade_damage;
use crate::events::{Event, StateChange};
use crate::fusion::{weighted, Fused, Fusion};
use crate::profile::Profile;
use crate::senses::id::SenseId;
use crate::senses::table::SenseTable;
use crate::SenseReading;
use glam::Vec3;

/// Durations compare with this slack, so 0.1 s ticks reach a 0.3 s grace on the third tick.
const TIME_EPSILON: f64 = 1e-4;

/// What one tick shares across beliefs.
pub(crate) struct TickContext<'a> {
    pub profile: &'a Profile,
    pub senses: &'a SenseTable,
    pub now: f64,
    pub dt: f32,
    /// `1 / dt` (0 for a tick of no time), worked out once for every belief's motion.
    pub per_dt: f32,
}

impl<'a> TickContext<'a> {
    /// The context of a tick of `dt` seconds (finite, not negative) ending at `now`.
    pub fn new(profile: &'a Profile, senses: &'a SenseTable, now: f64, dt: f32) -> Self {
        let per_dt = if dt > 0.0 { 1.0 / dt } else { 0.0 };
        TickContext {
            profile,
            senses,
            now,
            dt,
            per_dt,
        }
    }

    fn row(&self, sense: Option<SenseId>) -> SenseLoss {
        sense.map_or(SenseLoss::SCRIPTED, |s| self.senses.get(s).loss)
    }
}

/// The sense whose loss row applies (spec section 3, "Which sense's row applies"):
/// - a sense allowing a direct cut (by default vision or echolocation) leads while it perceives
///   the target, even if another sense is stronger;
/// - when it loses the target, its row is kept for its own grace time, so a moment's overlap
///   with hearing doesn't turn ducking behind cover into a slow fade;
/// - after that, the sense that has the target now, or else the last one that had it.
fn governing_sense(
    b: &Belief,
    ctx: &TickContext,
    direct_cut_now: Option<SenseId>,
    dominant_now: Option<SenseId>,
) -> Option<SenseId> {
    if direct_cut_now.is_some() {
        return direct_cut_now;
    }
    if let Some(g) = b.governing {
        let row = ctx.row(Some(g));
        let since = ctx.now - b.governing_last_active;
        if row.direct_cut && since + TIME_EPSILON < f64::from(row.grace_time) {
            return Some(g);
        }
    }
    dominant_now.or(b.governing)
}

/// The loss reason the governing sense gives: its last look's cue, else its own reason.
fn loss_reason(b: &Belief, ctx: &TickContext) -> LossReason {
    if b.destroyed {
        return LossReason::TargetDestroyed;
    }
    let Some(g) = b.governing else {
        return LossReason::Unknown;
    };
    match b.sense_cue(g) {
        LossReason::None => match ctx.senses.get(g).loss_reason {
            LossReason::None => LossReason::Unknown,
            r => r,
        },
        cue => cue,
    }
}

/// What the governing sense's last look said of an OutOfRange loss (too far, or outside the
/// cone); nothing for any other reason.
fn loss_detail(b: &Belief) -> LossDetail {
    match b.governing {
        Some(g) if b.loss_reason == LossReason::OutOfRange && b.sense_cue(g) == b.loss_reason => {
            b.sense_detail(g)
        }
        _ => LossDetail::None,
    }
}

/// Whether a sense's heading says something: not zero, and finite. Read off the bit patterns
/// shifted past their sign bits, without branches: any bit left is a nonzero (or NaN) part, and
/// finite parts sort below infinity.
fn is_heading(heading: Vec3) -> bool {
    let [x, y, z] = heading.to_array().map(|c| c.to_bits() << 1);
    (x | y | z) != 0 && x.max(y).max(z) < f32::INFINITY.to_bits() << 1
}

/// Advances one belief by one tick and pushes an event if it entered a state: fusion (spec
/// section 2), what each sense said, where the target is (section 7), which sense governs,
/// smoothing, memory, and the state table (section 3).
///
/// Inlined into the tick's slot loop, its one caller, like each of its steps: there the tick's
/// shared values stay in registers from one belief to the next, where a call would spill them
/// (measurably slower).
#[inline]
pub(crate) fn update_belief(
    b: &mut Belief,
    readings: &[SenseReading],
    speed: f32,
    evidence: EvidenceEffect,
    ctx: &TickContext,
    events: &mut Vec<Event>,
) {
    let readings = if b.destroyed { &[][..] } else { readings };
    // One pass over the readings: fusion (spec section 2, the rule `fusion::Fusion` holds) and
    // what each sense said.
    let (fused, look) = note_senses(b, readings, ctx.senses);
    let mut fused = fused.finish(ctx.profile.fusion.corroboration_bonus);
    // When the governing sense last had the target: now, if it is among the active senses.
    if b.governing.is_some_and(|g| fused.active.contains(g)) {
        b.governing_last_active = ctx.now;
    }
    // Scripted evidence that lowers belief acts on what the senses report (spec section 14).
    fused.value = (fused.value - evidence.lower).max(0.0);
    take_in(b, &fused, look, speed, ctx);
    let any_active = !fused.active.is_empty();
    let confidence = settle_confidence(b, fused.value, any_active, speed, evidence, ctx);
    remember(b, any_active, ctx);
    step_state(b, confidence, any_active, ctx, events);
}

/// What this tick's readings say beyond their fusion.
#[derive(Debug, Clone, Copy)]
struct Look {
    /// The strongest sense allowing a direct cut that has the target now.
    direct_cut: Option<SenseId>,
    /// The most precise active position and its precision (spec section 7).
    most_precise: Option<(Vec3, f32)>,
}

/// Goes over the readings once, sense by sense: an active sense is taken into the fusion,
/// clears its loss cue and may give a heading; a silent one keeps the cue its look found.
/// Returns the fusion and which direct-cut sense has the target and the most precise position. An active reading's weighted confidence is
/// above 0, so each "best so far" starts at a value every first candidate beats.
#[inline]
fn note_senses(b: &mut Belief, readings: &[SenseReading], senses: &SenseTable) -> (Fusion, Look) {
    let weights = senses.weights();
    let direct_cut = senses.direct_cut_set();
    let mut fusion = Fusion::default();
    let mut direct_cut_now: Option<SenseId> = None;
    let mut direct_cut_best = 0.0_f32;
    let mut most_precise: Option<Vec3> = None;
    let (mut precise_best, mut precise_w) = (f32::NEG_INFINITY, 0.0_f32);
    for r in readings {
        let i = r.sense.index();
        let Some(&weight) = weights.get(i) else {
            continue;
        };
        let w = weighted(r.confidence, weight);
        if w > 0.0 {
            fusion.add(r.sense, w);
            b.sense_cue[i] = LossReason::None;
            b.sense_detail[i] = LossDetail::None;
            if is_heading(r.heading) {
                b.sensed_heading = Some((r.sense, r.heading));
            }
            if w > direct_cut_best && direct_cut.contains(r.sense) {
                direct_cut_best = w;
                direct_cut_now = Some(r.sense);
            }
            let precision = if r.precision.is_finite() {
                r.precision
            } else {
                0.0
            };
            if (precision > precise_best || (precision == precise_best && w > precise_w))
                && r.position.is_finite()
            {
                (precise_best, precise_w) = (precision, w);
                most_precise = Some(r.position);
            }
        } else if r.cue != LossReason::None {
            b.sense_cue[i] = r.cue;
            b.sense_detail[i] = r.detail;
        }
    }
    let look = Look {
        direct_cut: direct_cut_now,
        most_precise: most_precise.map(|p| (p, precise_best)),
    };
    (fusion, look)
}

/// Takes the fused readings into the belief: which senses have it, where it is and how it
/// moves (spec section 7), and which sense's loss row governs.
#[inline]
fn take_in(b: &mut Belief, fused: &Fused, look: Look, speed: f32, ctx: &TickContext) {
    b.fused = fused.value;
    b.active = fused.active;
    b.target_speed = speed;
    if !fused.active.is_empty() {
        b.last_sensed_at = ctx.now;
        b.dominant = fused.dominant;
        if let Some((position, precision)) = look.most_precise {
            b.last_known_position = position;
            b.last_known_precision = precision.clamp(0.0, 1.0);
            b.motion.observe_in_tick(
                ctx.now,
                position,
                ctx.profile.spatial.velocity_ema_weight,
                ctx.dt,
                ctx.per_dt,
            );
        }
    }
    let governing = governing_sense(b, ctx, look.direct_cut, fused.dominant);
    if governing != b.governing {
        // A sense only takes over while it has the target.
        b.governing = governing;
        b.governing_last_active = ctx.now;
    }
}

/// The smoothed confidence (spec section 2), with the Memory Refresh Bonus (section 8) and
/// scripted bounds, written into the belief and returned.
#[inline]
fn settle_confidence(
    b: &mut Belief,
    fused: f32,
    any_active: bool,
    speed: f32,
    evidence: EvidenceEffect,
    ctx: &TickContext,
) -> f32 {
    let p = ctx.profile;
    // The decay multiplier is the last dominant sense's.
    let (confidence, phase) = smooth(
        &p.smoothing,
        &SmoothingInput {
            smoothed: b.confidence,
            fused,
            any_sense_active: any_active,
            target_speed: speed,
            dt: ctx.dt,
            decay_multiplier: ctx.row(b.dominant).confidence_decay_multiplier,
            last_active_confidence: b.last_active_confidence,
            time_since_sensed: b.time_since_sensed(ctx.now),
        },
    );
    // Memory Refresh Bonus: a head start when a lost target is found again (spec section 8).
    let refreshed = any_active
        && !b.was_sensed
        && matches!(b.state, BeliefState::Lost | BeliefState::Remembered);
    let confidence = if refreshed {
        (confidence + p.memory.memory_refresh_bonus).min(1.0)
    } else {
        confidence
    };
    // Scripted caps, clears and floors bound the result.
    let confidence = evidence.bound(confidence);
    b.confidence = confidence;
    b.phase = phase;
    if any_active {
        b.last_active_confidence = confidence;
    }
    b.was_sensed = any_active;
    b.peak_confidence = b.peak_confidence.max(confidence);
    confidence
}

/// The state table (spec section 3) under the governing sense's grace and direct cut; a
/// destroyed target in contact is Lost at once (section 4).
#[inline]
fn step_state(
    b: &mut Belief,
    confidence: f32,
    any_active: bool,
    ctx: &TickContext,
    events: &mut Vec<Event>,
) {
    b.time_in_state += ctx.dt;
    let row = ctx.row(b.governing);
    let last_for_grace = match b.governing {
        Some(_) => b.governing_last_active,
        None => b.last_sensed_at,
    };
    let grace_ran_out =
        !any_active && ctx.now - last_for_grace + TIME_EPSILON >= f64::from(row.grace_time);
    let next = if b.destroyed
        && matches!(
            b.state,
            BeliefState::Suspected | BeliefState::Detected | BeliefState::Tracked
        ) {
        Some(BeliefState::Lost)
    } else {
        next_state(
            b.state,
            &TransitionInput {
                confidence,
                sense_active: any_active,
                grace_ran_out,
                direct_cut: row.direct_cut,
                time_in_state: b.time_in_state,
            },
            &ctx.profile.thresholds,
        )
    };
    if let Some(new) = next {
        enter_state(b, new, ctx, events);
    }
}

/// What the belief keeps beyond confidence: long-term strength (spec section 8), the
/// uncertainty radius (section 7) and the fading damage term (section 9). Inlined, like its
/// caller.
#[inline]
fn remember(b: &mut Belief, sensed: bool, ctx: &TickContext) {
    let p = ctx.profile;
    let dt = ctx.dt;
    b.long_term_strength = if sensed {
        (b.long_term_strength + p.memory.long_term_build_rate * b.confidence * dt).min(1.0)
    } else {
        (b.long_term_strength - p.memory.long_term_decay_rate * dt).max(0.0)
    };
    b.uncertainty_radius = update_uncertainty(
        &p.spatial,
        b.uncertainty_radius,
        sensed.then_some(b.last_known_precision),
        b.motion.velocity.length(),
        dt,
    );
    if !sensed {
        b.damage_received = fade_damage(b.damage_received, p.threat.threat_damage_decay_rate, dt);
    }
}

/// Moves a belief into `new`, doing what entering that state means, and reports it.
pub(crate) fn enter_state(
    b: &mut Belief,
    new: BeliefState,
    ctx: &TickContext,
    events: &mut Vec<Event>,
) {
    let old = b.state;
    match new {
        BeliefState::Lost => {
            b.loss_reason = loss_reason(b, ctx);
            b.loss_detail = loss_detail(b);
            // The measured travel direction, or the heading the governing sense read off the
            // target (smell follows the trail).
            b.loss_direction = match b.sensed_heading {
                Some((sense, heading)) if Some(sense) == b.governing => heading,
                _ => b.motion.direction(),
            };
        }
        BeliefState::Detected if matches!(old, BeliefState::Lost | BeliefState::Remembered) => {
            b.loss_reason = LossReason::None;
            b.loss_detail = LossDetail::None;
            b.loss_direction = Vec3::ZERO;
        }
        BeliefState::Suspected if old == BeliefState::Undetected => {
            b.detections = b.detections.saturating_add(1);
            b.peak_confidence = b.confidence;
        }
        BeliefState::Undetected if old == BeliefState::Expired => {
            // Perceived again: the belief starts over from nothing.
            let detections = b.detections;
            *b = Belief::new(b.target, b.kind);
            b.detections = detections;
        }
        _ => {}
    }
    b.state = new;
    b.time_in_state = 0.0;
    events.push(Event::StateChanged(StateChange {
        target: b.target,
        kind: b.kind,
        old,
        new,
        confidence: b.confidence,
        loss_reason: b.loss_reason,
        last_known_position: b.last_known_position,
        loss_direction: b.loss_direction,
    }));
}
