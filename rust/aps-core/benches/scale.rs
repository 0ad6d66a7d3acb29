//! What a script or a save can grow, at 8 or 10 times the size: reading a save whose every
//! belief is damaged, restoring a level's light zones, the light at a point among far zones,
//! and a relationship among many team rules. Each pair should cost about the size ratio apart
//! (a load) or the same (a lookup).
//!
//! `cargo bench -p aps-core --bench scale`.

use aps_core::brain::threat::Relationship;
use aps_core::mind::Mind;
use aps_core::profile::TeamRule;
use aps_core::save::format::{ConditionsSave, CoreSave, LightZoneSave};
use aps_core::save::load_lenient;
use aps_core::world::Surroundings;
use aps_core::{Profile, TargetId, Vec3};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use serde_json::{json, Value};

/// A save of `n` beliefs, each with a loss reason this build does not know.
fn damaged_save(n: usize) -> Value {
    let beliefs: Vec<Value> = (0..n)
        .map(|i| json!({"target": format!("path:N{i}"), "confidence": 0.5, "loss_reason": "smoke"}))
        .collect();
    json!({"mind": {"beliefs": beliefs}})
}

/// `n` zones 10 m apart in rows of 200, far from the origin.
fn far_zones(n: u32) -> Vec<LightZoneSave> {
    (0..n)
        .map(|i| LightZoneSave {
            id: i + 1,
            center: Vec3::new(
                100.0 + (i % 200) as f32 * 10.0,
                0.0,
                100.0 + (i / 200) as f32 * 10.0,
            ),
            radius: 3.0,
            level: 0.5,
        })
        .collect()
}

fn reads(c: &mut Criterion) {
    let mut group = c.benchmark_group("read a save with a bad value in every belief");
    group.sample_size(10);
    for n in [4_000, 32_000] {
        let data = damaged_save(n);
        group.bench_with_input(BenchmarkId::from_parameter(n), &data, |b, data| {
            b.iter(|| {
                let mut issues = Vec::new();
                let saved: CoreSave = load_lenient(black_box(data), &mut issues);
                black_box((saved.mind.beliefs.len(), issues.len()))
            });
        });
    }
    group.finish();
}

fn light_zones(c: &mut Criterion) {
    let mut group = c.benchmark_group("restore light zones a level made again");
    group.sample_size(10);
    for n in [4_000, 32_000] {
        let saved = ConditionsSave {
            light_zones: far_zones(n),
            ..ConditionsSave::default()
        };
        let mut level = Surroundings::default();
        for z in &saved.light_zones {
            let _ = level.add_light_zone(z.center, z.radius, 1.0);
        }
        group.bench_with_input(BenchmarkId::from_parameter(n), &saved, |b, saved| {
            b.iter(|| {
                let mut issues = Vec::new();
                level.restore_conditions(black_box(saved), &mut issues);
                black_box(issues.len())
            });
        });
    }
    group.finish();

    let mut group = c.benchmark_group("light at a point among far zones");
    for n in [0, 32_000] {
        let mut world = Surroundings::default();
        let _ = world.add_light_zone(Vec3::ZERO, 3.0, 0.2);
        for z in far_zones(n) {
            let _ = world.add_light_zone(z.center, z.radius, z.level);
        }
        group.bench_with_input(BenchmarkId::from_parameter(n), &world, |b, world| {
            b.iter(|| {
                black_box(
                    world
                        .conditions()
                        .light_at(black_box(Vec3::new(1.0, 0.0, 0.5))),
                )
            });
        });
    }
    group.finish();
}

fn team_rules(c: &mut Criterion) {
    let mut group = c.benchmark_group("relationship among team rules");
    for n in [10, 1_000] {
        let mut profile = Profile::default();
        profile.threat.team_rules = (0..n)
            .map(|i| TeamRule {
                team: 1,
                other: 100 + i,
                relationship: Relationship::Friendly,
            })
            .collect();
        let (mind, _) = Mind::new(profile);
        group.bench_with_input(BenchmarkId::from_parameter(n), &mind, |b, mind| {
            // A target of a team no rule names: a search would walk every rule.
            b.iter(|| black_box(mind.relationship_of(TargetId(7), Some(black_box(5)))));
        });
    }
    group.finish();
}

criterion_group!(benches, reads, light_zones, team_rules);
criterion_main!(benches);
