//! The core under random abuse (issue: nothing a game does crashes APS). A seeded generator
//! drives whole perception cores, senses and rays included, with random profiles (any setting
//! set to anything: NaN, infinities, negatives, huge), random dt (0, negative, huge, NaN),
//! targets that appear, vanish, reappear, stand at NaN, sounds, touches and damage, and every
//! script call (confidence, evidence, attention, places, relationships, profile swaps). After
//! every step it checks: no panic, every number it reports finite, confidence in 0..1, only rows
//! of the transition table, exactly one event per state entry, the ledger within its capacity.
//!
//! `cargo test` runs 10^5 steps; `cargo xtask fuzz` runs the long one (10^7 by default, or
//! `APS_FUZZ_STEPS`) in release.

use aps_core::belief::evidence::EvidenceKind;
use aps_core::belief::state::is_legal_transition;
use aps_core::brain::emotion::Emotion;
use aps_core::brain::threat::Relationship;
use aps_core::crowd::selection::Nearby;
use aps_core::gather::target::TargetSnapshot;
use aps_core::profile::Kind;
use aps_core::senses::rays::{BodyId, BoxSpace};
use aps_core::senses::WorldView;
use aps_core::world::stimulus::{Damage, Ring, Sound, Touch};
use aps_core::{
    BeliefState, Event, PassInput, PerceptionCore, Pose, Profile, SenseReading, TargetId, Vec3,
};
use std::collections::HashMap;

/// A small, fast, seeded generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
    /// Mostly ordinary numbers, sometimes the worst ones.
    fn wild(&mut self, lo: f32, hi: f32) -> f32 {
        match self.below(20) {
            0 => f32::NAN,
            1 => f32::INFINITY,
            2 => f32::NEG_INFINITY,
            3 => -self.range(0.0, 1e6),
            4 => 1e30,
            5 => 0.0,
            _ => self.range(lo, hi),
        }
    }
    fn point(&mut self, extent: f32) -> Vec3 {
        Vec3::new(
            self.range(-extent, extent),
            self.range(0.0, 3.0),
            self.range(-extent, extent),
        )
    }
}

/// A profile with random settings set to random, often illegal, values.
fn random_profile(rng: &mut Rng) -> Profile {
    let mut p = Profile::default();
    for s in Profile::SETTINGS {
        if !rng.chance(0.15) {
            continue;
        }
        match &s.kind {
            Kind::Number(n) => *(n.field)(&mut p) = rng.wild(n.min, n.max.min(1e4)),
            Kind::Count(c) => *(c.field)(&mut p) = rng.below(u64::from(c.max) * 2 + 2) as u32,
            _ => {}
        }
    }
    p.vision.enabled = rng.chance(0.8);
    p.hearing.enabled = rng.chance(0.7);
    p.smell.enabled = rng.chance(0.3);
    p.echolocation.enabled = rng.chance(0.2);
    p.vibration.enabled = rng.chance(0.3);
    p
}

/// One target of the little world: where it stands (maybe nowhere real), whether it is there.
struct Body {
    id: TargetId,
    body: BodyId,
    feet: Vec3,
    present: bool,
}

const GUARD: BodyId = BodyId(1);

struct World {
    space: BoxSpace,
    bodies: Vec<Body>,
    sounds: Ring<Sound>,
    touches: Ring<Touch>,
    damages: Ring<Damage>,
    now: f64,
}

fn world(rng: &mut Rng) -> World {
    let mut space = BoxSpace::new();
    for i in 0..6 {
        space.add(
            BodyId(10_000 + i),
            rng.point(25.0),
            Vec3::new(rng.range(0.2, 6.0), 3.0, rng.range(0.2, 6.0)),
        );
    }
    let bodies = (0..12u64)
        .map(|i| {
            let body = Body {
                id: TargetId(100 + i),
                body: BodyId(100 + i),
                feet: rng.point(30.0),
                present: rng.chance(0.7),
            };
            space.add(
                body.body,
                body.feet + Vec3::Y * 0.9,
                Vec3::new(0.5, 1.8, 0.5),
            );
            body
        })
        .collect();
    World {
        space,
        bodies,
        sounds: Ring::new(64),
        touches: Ring::new(16),
        damages: Ring::new(16),
        now: 0.0,
    }
}

/// What the checks remember between steps: each belief's state.
#[derive(Default)]
struct Seen {
    states: HashMap<TargetId, BeliefState>,
}

fn check_finite(what: &str, v: f32, step: u64) {
    assert!(v.is_finite(), "step {step}: {what} is {v}");
}

fn check(core: &PerceptionCore, events: &[Event], seen: &mut Seen, step: u64) {
    let mind = core.mind();
    let ledger = mind.ledger();
    assert!(
        ledger.len() <= ledger.capacity(),
        "step {step}: ledger over capacity"
    );
    // One event per state entry, each a row of the table.
    let mut changes: HashMap<TargetId, u32> = HashMap::new();
    for e in events {
        if let Event::StateChanged(c) = e {
            assert!(
                is_legal_transition(c.old, c.new),
                "step {step}: {:?} -> {:?} is no row of the table",
                c.old,
                c.new
            );
            let before = seen.states.get(&c.target).copied();
            let n = changes.entry(c.target).or_default();
            *n += 1;
            if *n == 1 {
                if let Some(before) = before {
                    assert_eq!(
                        before, c.old,
                        "step {step}: the event's old state is the last one"
                    );
                }
            }
            check_finite("state change confidence", c.confidence, step);
            assert!(
                c.last_known_position.is_finite(),
                "step {step}: change position"
            );
            assert!(c.loss_direction.is_finite(), "step {step}: loss direction");
            seen.states.insert(c.target, c.new);
        }
    }
    for b in mind.beliefs() {
        assert!(
            (0.0..=1.0).contains(&b.confidence),
            "step {step}: confidence {} out of 0..1",
            b.confidence
        );
        for (what, v) in [
            ("fused", b.fused),
            ("sort score", b.sort_score),
            ("threat", b.threat_score),
            ("damage", b.damage_received),
            ("long-term memory", b.long_term_strength),
            ("uncertainty", b.uncertainty_radius),
            ("time in state", b.time_in_state),
            ("last active confidence", b.last_active_confidence),
        ] {
            check_finite(what, v, step);
        }
        assert!(
            b.last_known_position.is_finite(),
            "step {step}: last known position"
        );
        assert!(b.estimated_velocity().is_finite(), "step {step}: velocity");
        assert!(b.loss_direction.is_finite(), "step {step}: loss direction");
        let predicted = mind.predicted_position(b.target).unwrap();
        assert!(
            predicted.is_finite(),
            "step {step}: predicted position {predicted}"
        );
        // A belief that changed state this step did so exactly once; one that did not keeps
        // the state it had.
        match seen.states.get(&b.target) {
            Some(s) => assert_eq!(
                *s, b.state,
                "step {step}: a state entered without its event"
            ),
            None => assert_eq!(
                b.state,
                BeliefState::Undetected,
                "step {step}: a new belief starts Undetected"
            ),
        }
        seen.states.insert(b.target, b.state);
    }
    for (t, n) in changes {
        assert!(
            n <= 1,
            "step {step}: {n} state changes for {t:?} in one tick"
        );
    }
    seen.states.retain(|t, _| mind.belief(*t).is_some());
    for e in Emotion::ALL {
        let v = mind.emotions().get(e);
        assert!((0.0..=1.0).contains(&v), "step {step}: emotion {e:?} = {v}");
    }
    check_finite("pain", core.pain(), step);
}

/// Runs `steps` random steps from `seed`; panics on the first broken invariant.
fn fuzz(seed: u64, steps: u64) {
    let mut rng = Rng(seed | 1);
    let mut w = world(&mut rng);
    let (mut core, _) = PerceptionCore::new(random_profile(&mut rng));
    let mut seen = Seen::default();
    let mut candidates: Vec<TargetSnapshot> = Vec::new();
    let mut destroyed: Vec<TargetId> = Vec::new();
    let mut shared: Vec<(TargetId, SenseReading)> = Vec::new();
    let mut chosen = Vec::new();
    let mut nearby = Vec::new();
    for step in 0..steps {
        // The world moves on, by a dt that is sometimes absurd.
        let dt = match rng.below(40) {
            0 => f32::NAN,
            1 => -rng.range(0.0, 5.0),
            2 => 0.0,
            3 => rng.range(10.0, 1e6),
            _ => rng.range(0.01, 0.3),
        };
        if dt.is_finite() && dt > 0.0 {
            w.now += f64::from(dt.min(10.0));
        }
        for b in &mut w.bodies {
            if rng.chance(0.01) {
                b.present = !b.present;
            }
            if rng.chance(0.2) {
                b.feet += Vec3::new(rng.range(-1.0, 1.0), 0.0, rng.range(-1.0, 1.0));
                w.space.move_body(b.body, b.feet + Vec3::Y * 0.9);
            }
            if rng.chance(0.003) {
                b.feet = Vec3::new(f32::NAN, 0.0, 0.0);
            } else if !b.feet.is_finite() && rng.chance(0.05) {
                b.feet = rng.point(30.0);
            }
        }
        if rng.chance(0.05) {
            let b = &w.bodies[rng.below(w.bodies.len() as u64) as usize];
            w.sounds.push(Sound {
                location: if rng.chance(0.9) {
                    b.feet
                } else {
                    rng.point(40.0)
                },
                loudness: rng.wild(0.0, 2.0),
                max_range: rng.wild(0.0, 60.0),
                tag: rng.below(4) as u32,
                instigator: rng.chance(0.7).then_some(b.id),
                time: w.now,
                max_tier: rng.below(5) as u8,
            });
        }
        if rng.chance(0.02) {
            let b = &w.bodies[rng.below(w.bodies.len() as u64) as usize];
            w.damages.push(Damage {
                victim: if rng.chance(0.8) { GUARD } else { b.body },
                instigator: rng.chance(0.8).then_some(b.id),
                amount: rng.wild(0.0, 200.0),
                location: rng.point(50.0),
                time: w.now,
            });
        }
        if rng.chance(0.02) {
            let b = &w.bodies[rng.below(w.bodies.len() as u64) as usize];
            w.touches.push(Touch {
                body: GUARD,
                other: b.id,
                time: w.now,
            });
        }
        // The game's script does something now and then.
        let mind = core.mind_mut();
        let some_target = TargetId(100 + rng.below(14));
        match rng.below(60) {
            0 => {
                mind.set_target_confidence(some_target, rng.wild(0.0, 1.0));
            }
            1 => {
                let kind = EvidenceKind::ALL[rng.below(4) as usize];
                mind.add_evidence(some_target, kind, rng.wild(0.0, 1.0), rng.wild(0.0, 20.0));
            }
            2 => mind.remove_evidence(some_target),
            3 => {
                let _ = mind.force_attention(rng.chance(0.8).then_some(some_target));
            }
            4 => {
                let _ = mind.report_place(
                    rng.below(4) as u32,
                    rng.point(30.0),
                    rng.wild(0.0, 1.0),
                    rng.wild(0.0, 10.0),
                );
            }
            5 => {
                let r = Relationship::ALL[rng.below(7) as usize];
                mind.set_relationship(some_target, rng.chance(0.7).then_some(r));
            }
            6 => mind.set_team(rng.below(3) as i32),
            7 if rng.chance(0.3) => {
                core.set_profile(random_profile(&mut rng));
            }
            _ => {}
        }
        // The candidates this pass: the bodies there, some of them gone for good.
        candidates.clear();
        destroyed.clear();
        for b in &w.bodies {
            if b.present {
                let mut t = TargetSnapshot::standing(b.id, b.feet, 1.8);
                t.body = Some(b.body);
                t.velocity = Vec3::new(rng.range(-6.0, 6.0), 0.0, rng.range(-6.0, 6.0));
                t.team_id = (b.id.0 % 3) as i32;
                t.light_level = rng.wild(0.0, 1.0);
                t.visibility_multiplier = rng.wild(0.0, 2.0);
                candidates.push(t);
            } else if rng.chance(0.01) {
                destroyed.push(b.id);
            }
        }
        shared.clear();
        if rng.chance(0.05) {
            shared.push((
                TargetId(100 + rng.below(12)),
                SenseReading::new(aps_core::brain::squad::SQUAD_SENSE, rng.wild(0.0, 1.0))
                    .at(rng.point(30.0), 0.5),
            ));
        }
        let eye = Pose {
            position: Vec3::new(0.0, 1.6, 0.0),
            forward: Vec3::new(rng.range(-1.0, 1.0), 0.0, -1.0).normalize_or(Vec3::NEG_Z),
        };
        let view = WorldView {
            now: w.now,
            sounds: Some(&w.sounds),
            touches: Some(&w.touches),
            damages: Some(&w.damages),
            ..WorldView::default()
        };
        // Sometimes the adapter's way: choose first, then look at the chosen only.
        if rng.chance(0.5) {
            nearby.clear();
            nearby.extend(candidates.iter().map(|t| Nearby {
                id: t.id,
                position: t.position,
                team: Some(t.team_id),
                character: t.character,
                speed: t.velocity.length(),
            }));
            let held: Vec<TargetId> = core.mind().beliefs().map(|b| b.target).collect();
            core.choose_looks(&view, eye, Vec3::ZERO, &nearby, &held, &mut chosen);
            candidates.retain(|t| chosen.contains(&t.id));
        }
        // A script call may have pushed a belief out of its slot: it starts over if it comes back.
        let mind = core.mind();
        seen.states.retain(|t, _| mind.belief(*t).is_some());
        let events: Vec<Event> = if rng.chance(0.05) {
            core.fade(dt, eye).to_vec()
        } else {
            let input = PassInput {
                dt,
                eye,
                body: Vec3::ZERO,
                own: &[GUARD],
                world: view,
                candidates: &candidates,
                destroyed: &destroyed,
                shared: &shared,
                lod_tier: rng.below(5) as u8,
            };
            core.run(input, &mut w.space).to_vec()
        };
        check(&core, &events, &mut seen, step);
    }
}

#[test]
fn a_hundred_thousand_random_steps_break_nothing() {
    for seed in 0..10 {
        fuzz(0x5eed_0000 + seed, 10_000);
    }
}

/// The long run: `cargo xtask fuzz` (or `APS_FUZZ_STEPS=... cargo test --release --test
/// fuzz_test -- --ignored`).
#[test]
#[ignore = "long: run by cargo xtask fuzz"]
fn ten_million_random_steps_break_nothing() {
    let steps: u64 = std::env::var("APS_FUZZ_STEPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000_000);
    let per_seed = 100_000;
    let seeds = steps.div_ceil(per_seed);
    let started = std::time::Instant::now();
    for seed in 0..seeds {
        fuzz(0xf022_0000 + seed, per_seed.min(steps - seed * per_seed));
    }
    println!(
        "fuzz: {steps} steps over {seeds} seeds, every invariant held ({:.0} s)",
        started.elapsed().as_secs_f64()
    );
}
