//! What one ray costs the mirror in a level like the stress scene's: 2,000 boxes on a 300 m
//! square with a floor, 600 movers, rays of up to 40 m from eye height to chest height.

use aps_core::senses::rays::BodyId;
use aps_core::Vec3;
use aps_mirror::{Check, Local, Mirror, Placed, RayAsk};
use criterion::{criterion_group, criterion_main, Criterion};

fn level() -> (Mirror, Vec<(Vec3, Vec3)>) {
    let mut seed = 0x2545_f491_u32;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed as f32 / u32::MAX as f32
    };
    let mut m = Mirror::new();
    let placed = |origin: Vec3, half: Vec3| Placed {
        basis: [Vec3::X, Vec3::Y, Vec3::Z],
        origin,
        shape: Local::Box { half },
        own_margin: 0.04,
    };
    m.add(
        BodyId(1),
        &placed(Vec3::new(0.0, -0.5, 0.0), Vec3::new(160.0, 0.5, 160.0)),
    )
    .unwrap();
    for i in 0..2000 {
        let half = Vec3::new(0.5 + next() * 1.5, 0.5 + next(), 0.5 + next() * 1.5);
        let at = Vec3::new(next() * 300.0 - 150.0, half.y, next() * 300.0 - 150.0);
        m.add(BodyId(10 + i), &placed(at, half)).unwrap();
    }
    for i in 0..600 {
        let at = Vec3::new(next() * 300.0 - 150.0, 0.0, next() * 300.0 - 150.0);
        m.add_mover(
            BodyId(10_000 + i),
            at - Vec3::new(0.3, 0.0, 0.3),
            at + Vec3::new(0.3, 1.8, 0.3),
        );
    }
    m.begin_frame();
    let mut rays = Vec::new();
    for _ in 0..1000 {
        let from = Vec3::new(next() * 300.0 - 150.0, 1.6, next() * 300.0 - 150.0);
        let angle = next() * std::f32::consts::TAU;
        let to = from
            + Vec3::new(angle.cos(), 0.0, angle.sin()) * (next() * 40.0)
            + Vec3::new(0.0, -0.4, 0.0);
        rays.push((from, to));
    }
    (m, rays)
}

fn rays(c: &mut Criterion) {
    let (mut m, rays) = level();
    let mut fresh = |_| Check::Fresh {
        layer: 1,
        enabled: true,
    };
    c.bench_function("mirror: 1,000 rays of up to 40 m among 2,000 boxes", |b| {
        b.iter(|| {
            for (from, to) in &rays {
                std::hint::black_box(m.ask(
                    RayAsk {
                        from: *from,
                        to: *to,
                        mask: 1,
                        exclude: &[],
                        toward: None,
                    },
                    &mut fresh,
                ));
            }
        });
    });
    let s = m.stats();
    println!(
        "decided {} of {} ({:.1}%), memory about {} kB",
        s.decided(),
        s.asked(),
        100.0 * s.decided() as f64 / s.asked().max(1) as f64,
        m.memory() / 1024
    );
}

criterion_group!(benches, rays);
criterion_main!(benches);
