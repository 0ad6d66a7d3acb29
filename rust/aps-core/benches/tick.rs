//! The cost of one perception tick in the core, readings supplied (no rays).
//!
//! `cargo bench -p aps-core`. Targets: one perceiver with 16 beliefs and 3 active senses each
//! under 2 µs per tick.

use aps_core::{Observations, Perceiver, Pose, Profile, Sense, SenseReading, TargetId, Vec3};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn observations(senses: &[Sense]) -> Observations {
    let mut obs = Observations::new();
    for t in 0..16u64 {
        obs.begin_target(TargetId(t + 1), Default::default(), 1.5);
        let pos = Vec3::new(t as f32, 0.0, -5.0);
        for (i, s) in senses.iter().enumerate() {
            obs.push(SenseReading::new(s.id(), 0.8 - 0.2 * i as f32).at(pos, 1.0 - 0.3 * i as f32));
        }
    }
    obs
}

fn warm(obs: &Observations) -> Perceiver {
    let (mut p, _) = Perceiver::new(Profile::default());
    for _ in 0..100 {
        p.tick(0.1, Pose::default(), obs);
    }
    p
}

fn one_perceiver(c: &mut Criterion) {
    let three = observations(&[Sense::Vision, Sense::Hearing, Sense::Smell]);
    let mut p = warm(&three);
    c.bench_function("tick: 1 perceiver, 16 beliefs, 3 senses", |b| {
        b.iter(|| black_box(p.tick(0.1, Pose::default(), black_box(&three)).len()));
    });

    let vision = observations(&[Sense::Vision]);
    let mut p = warm(&vision);
    c.bench_function("tick: 1 perceiver, 16 beliefs, vision only", |b| {
        b.iter(|| black_box(p.tick(0.1, Pose::default(), black_box(&vision)).len()));
    });
}

criterion_group!(benches, one_perceiver);
criterion_main!(benches);
