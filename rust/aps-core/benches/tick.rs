//! The cost of perception ticks in the core, readings supplied (no rays).
//!
//! `cargo bench -p aps-core --bench tick`. Targets: one perceiver with 16 beliefs and 3 active
//! senses each under 2 µs per tick; 1,000 such perceivers under 2 ms on one core; no
//! allocation per tick once warm (counted before the measurements, printed).

use aps_core::{Mind, Observations, Pose, Profile, Sense, SenseReading, TargetId, Vec3};
use criterion::{black_box, criterion_group, criterion_main, Criterion};
/// 16 targets, each read by the given senses, offset by `seed` so perceivers differ.
fn observations(senses: &[Sense], seed: u64) -> Observations {
    let mut obs = Observations::new();
    for t in 0..16u64 {
        obs.begin_target(TargetId(seed * 100 + t + 1), Default::default(), 1.5);
        let pos = Vec3::new(t as f32 + seed as f32 * 0.01, 0.0, -5.0);
        for (i, s) in senses.iter().enumerate() {
            obs.push(SenseReading::new(s.id(), 0.8 - 0.2 * i as f32).at(pos, 1.0 - 0.3 * i as f32));
        }
    }
    obs
}

fn warm(obs: &Observations) -> Mind {
    let (mut p, _) = Mind::new(Profile::default());
    for _ in 0..100 {
        p.tick(0.1, Pose::default(), obs);
    }
    p
}

const THREE: [Sense; 3] = [Sense::Vision, Sense::Hearing, Sense::Smell];

fn one_perceiver(c: &mut Criterion) {
    let three = observations(&THREE, 0);
    let mut p = warm(&three);
    c.bench_function("tick: 1 perceiver, 16 beliefs, 3 senses", |b| {
        b.iter(|| black_box(p.tick(0.1, Pose::default(), black_box(&three)).len()));
    });

    let vision = observations(&[Sense::Vision], 0);
    let mut p = warm(&vision);
    c.bench_function("tick: 1 perceiver, 16 beliefs, vision only", |b| {
        b.iter(|| black_box(p.tick(0.1, Pose::default(), black_box(&vision)).len()));
    });
}

fn a_thousand_perceivers(c: &mut Criterion) {
    let obs: Vec<Observations> = (0..1000).map(|i| observations(&THREE, i)).collect();
    let mut perceivers: Vec<Mind> = obs.iter().map(warm).collect();
    let tick_all = |perceivers: &mut [Mind]| {
        let mut events = 0;
        for (p, o) in perceivers.iter_mut().zip(&obs) {
            events += p.tick(0.1, Pose::default(), o).len();
        }
        events
    };
    let info = allocation_counter::measure(|| {
        for _ in 0..50 {
            black_box(tick_all(&mut perceivers));
        }
    });
    let per_tick = info.count_total / 50;
    println!("allocations per full tick of 1,000 perceivers in steady state: {per_tick}");
    c.bench_function("tick: 1,000 perceivers x 16 beliefs, 3 senses", |b| {
        b.iter(|| black_box(tick_all(&mut perceivers)));
    });
}

criterion_group!(benches, one_perceiver, a_thousand_perceivers);
criterion_main!(benches);
