//! Invariants over random sense sequences (proptest): confidence always in 0..1 and finite, only
//! rows of the transition table occur, exactly one event per state entry, never a panic, and the
//! same inputs always give the same events.

use aps_core::belief::state::is_legal_transition;
use aps_core::{
    BeliefState, Event, LossReason, Mind, Observations, Pose, Profile, SenseId, SenseReading,
    TargetId, Vec3,
};
use proptest::prelude::*;
use std::collections::HashMap;

#[derive(Debug, Clone)]
struct Tick {
    dt: f32,
    /// Per target (ids 1..=3): readings as (sense slot, confidence, cue).
    targets: Vec<Vec<(u8, f32, u8)>>,
    destroy: Option<u64>,
    script: Option<(u64, f32)>,
}

fn confidence() -> impl Strategy<Value = f32> {
    prop_oneof![
        8 => 0.0f32..=1.0,
        1 => Just(0.0f32),
        1 => prop_oneof![Just(f32::NAN), Just(-1.0f32), Just(2.0f32), Just(f32::INFINITY)],
    ]
}

fn tick() -> impl Strategy<Value = Tick> {
    (
        prop_oneof![4 => Just(0.1f32), 1 => 0.0f32..0.6],
        prop::collection::vec(
            prop::collection::vec((0u8..10, confidence(), 0u8..8), 0..4),
            0..=3,
        ),
        prop::option::weighted(0.02, 1u64..=3),
        prop::option::weighted(0.03, (1u64..=3, -0.5f32..1.5)),
    )
        .prop_map(|(dt, targets, destroy, script)| Tick {
            dt,
            targets,
            destroy,
            script,
        })
}

fn run(ticks: &[Tick]) -> Vec<Event> {
    let (mut p, _) = Mind::new(Profile::default());
    let mut obs = Observations::new();
    let mut log = Vec::new();
    let mut states: HashMap<TargetId, BeliefState> = HashMap::new();
    for t in ticks {
        if let Some((id, c)) = t.script {
            p.set_target_confidence(TargetId(id), c);
        }
        obs.clear();
        for (i, readings) in t.targets.iter().enumerate() {
            obs.begin_target(TargetId(i as u64 + 1), Default::default(), 1.0);
            for &(sense, c, cue) in readings {
                let mut r = SenseReading::new(SenseId(sense), c).at(Vec3::splat(i as f32), 0.5);
                if c <= 0.0 {
                    r.cue = LossReason::from_index(i64::from(cue)).unwrap();
                }
                obs.push(r);
            }
        }
        if let Some(id) = t.destroy {
            obs.mark_destroyed(TargetId(id));
        }
        let before: HashMap<TargetId, BeliefState> =
            p.beliefs().map(|b| (b.target, b.state)).collect();
        let events = p.tick(t.dt, Pose::default(), &obs).to_vec();

        let mut seen_change: HashMap<TargetId, usize> = HashMap::new();
        for e in &events {
            if let Event::StateChanged(c) = e {
                assert!(
                    is_legal_transition(c.old, c.new),
                    "{:?} -> {:?}",
                    c.old,
                    c.new
                );
                let prior = before
                    .get(&c.target)
                    .copied()
                    .unwrap_or(BeliefState::Undetected);
                assert_eq!(
                    c.old, prior,
                    "an event starts from the state the belief was in"
                );
                *seen_change.entry(c.target).or_default() += 1;
                states.insert(c.target, c.new);
            }
        }
        for b in p.beliefs() {
            assert!(
                b.confidence.is_finite() && (0.0..=1.0).contains(&b.confidence),
                "{}",
                b.confidence
            );
            let prior = before
                .get(&b.target)
                .copied()
                .unwrap_or(BeliefState::Undetected);
            let changes = seen_change.get(&b.target).copied().unwrap_or(0);
            if b.state != prior {
                assert_eq!(
                    changes, 1,
                    "one event per entry: {prior:?} -> {:?}",
                    b.state
                );
            } else {
                assert_eq!(changes, 0, "no event without a change");
            }
        }
        log.extend(events);
    }
    log
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn invariants_hold_for_random_sense_sequences(ticks in prop::collection::vec(tick(), 1..300)) {
        run(&ticks);
    }

    #[test]
    fn the_same_inputs_give_the_same_events(ticks in prop::collection::vec(tick(), 1..120)) {
        prop_assert_eq!(run(&ticks), run(&ticks));
    }
}
