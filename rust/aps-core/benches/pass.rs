//! The cost of one whole perception pass in the core: senses on 16 candidates in a world of
//! boxes (rays included, as plain-Rust slab tests), then the perceiver.
//!
//! `cargo bench -p aps-core --bench pass`. A vision-only profile is the reference point for
//! "adding senses does not slow a vision-only perceiver".

use aps_core::gather::target::TargetSnapshot;
use aps_core::senses::rays::{BodyId, BoxSpace};
use aps_core::senses::WorldView;
use aps_core::Pose;
use aps_core::{PassInput, PerceptionCore, Profile, TargetId, Vec3};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn world() -> (BoxSpace, Vec<TargetSnapshot>) {
    let mut space = BoxSpace::new();
    let mut targets = Vec::new();
    for i in 0..16u64 {
        let x = (i as f32 - 8.0) * 2.0;
        let feet = Vec3::new(x, 0.0, -12.0 - (i % 4) as f32 * 3.0);
        let body = BodyId(100 + i);
        space.add(body, feet + Vec3::Y * 0.9, Vec3::new(0.6, 1.8, 0.6));
        let mut t = TargetSnapshot::standing(TargetId(i + 1), feet, 1.8);
        t.body = Some(body);
        targets.push(t);
    }
    // A few walls in between.
    for i in 0..20u64 {
        let x = (i as f32 - 10.0) * 3.0;
        space.add(
            BodyId(1000 + i),
            Vec3::new(x, 1.0, -8.0),
            Vec3::new(1.0, 2.0, 0.3),
        );
    }
    (space, targets)
}

fn vision_only() -> Profile {
    let mut p = Profile::default();
    p.hearing.enabled = false;
    p.touch.enabled = false;
    p.damage.enabled = false;
    p.pain.enabled = false;
    p
}

fn pass(c: &mut Criterion) {
    let (mut space, targets) = world();
    let eye = Pose {
        position: Vec3::new(0.0, 1.6, 0.0),
        forward: Vec3::NEG_Z,
    };
    let (mut core, _) = PerceptionCore::new(vision_only());
    let input = PassInput {
        dt: 0.1,
        eye,
        body: Vec3::ZERO,
        own: &[],
        world: WorldView::default(),
        candidates: &targets,
        destroyed: &[],
        shared: &[],
        lod_tier: 0,
    };
    for _ in 0..50 {
        core.run(input, &mut space);
    }
    c.bench_function("pass: vision only, 16 targets, box world", |b| {
        b.iter(|| black_box(core.run(black_box(input), &mut space).len()));
    });
}

criterion_group!(benches, pass);
criterion_main!(benches);
