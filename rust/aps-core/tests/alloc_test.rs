//! Steady-state perception allocates nothing (spec section 13): after warm-up, a perceiver with
//! a full ledger ticks through rises, losses and re-acquisitions without touching the heap.

use aps_core::{
    LossReason, Mind, Observations, Pose, Profile, Sense, SenseReading, TargetId, Vec3,
};

/// Tick `k`: 16 targets, each seen by vision, heard and smelled in a pattern that keeps
/// beliefs rising, losing and refinding targets.
fn fill(obs: &mut Observations, k: u32) {
    obs.clear();
    for t in 0..16u32 {
        let phase = (k + t * 7) % 120;
        obs.begin_target(TargetId(u64::from(t) + 1), Default::default(), 2.0);
        let pos = Vec3::new(t as f32, 0.0, (k % 50) as f32 * 0.1);
        if phase < 60 {
            obs.push(SenseReading::new(Sense::Vision.id(), 0.9).at(pos, 1.0));
            obs.push(SenseReading::new(Sense::Hearing.id(), 0.3).at(pos, 0.5));
            obs.push(SenseReading::new(Sense::Smell.id(), 0.2).at(pos, 0.1));
        } else {
            obs.push(SenseReading::missed(
                Sense::Vision.id(),
                LossReason::Occluded,
            ));
        }
    }
}

#[test]
fn a_warm_tick_allocates_nothing() {
    let (mut p, _) = Mind::new(Profile::default());
    let mut obs = Observations::new();
    let pose = Pose::default();
    for k in 0..600 {
        fill(&mut obs, k);
        p.tick(0.1, pose, &obs);
    }
    let mut events = 0;
    // Counts every allocation made on this thread while the closure runs.
    let info = allocation_counter::measure(|| {
        for k in 600..3600 {
            fill(&mut obs, k);
            events += p.tick(0.1, pose, &obs).len();
        }
    });
    assert!(
        events > 100,
        "the pattern exercises state changes ({events} events)"
    );
    assert_eq!(info.count_total, 0, "allocations during 3000 warm ticks");
}

#[test]
fn a_warm_pass_noting_and_recording_allocates_nothing() {
    use aps_core::gather::target::TargetSnapshot;
    use aps_core::senses::rays::{BodyId, BoxSpace};
    use aps_core::senses::WorldView;
    use aps_core::{PassInput, PerceptionCore};

    let (mut core, _) = PerceptionCore::new(Profile::default());
    core.set_noting(true);
    core.start_recording(5.0, 50);
    let mut space = BoxSpace::new();
    space.add(
        BodyId(1),
        Vec3::new(-5.0, 1.5, -12.0),
        Vec3::new(10.0, 3.0, 0.4),
    );
    let mut targets: Vec<TargetSnapshot> = (0..8u64)
        .map(|i| TargetSnapshot::standing(TargetId(i + 1), Vec3::ZERO, 1.8))
        .collect();
    let mut run = |core: &mut PerceptionCore, k: u32, targets: &mut Vec<TargetSnapshot>| {
        for (i, t) in targets.iter_mut().enumerate() {
            // Each walks back and forth across the wall's end.
            let x = ((k + i as u32 * 13) % 80) as f32 * 0.2 - 8.0;
            *t = TargetSnapshot::standing(t.id, Vec3::new(x, 0.0, -14.0 - i as f32), 1.8);
        }
        let input = PassInput {
            dt: 0.1,
            eye: Pose {
                position: Vec3::new(0.0, 1.6, 0.0),
                forward: Vec3::NEG_Z,
            },
            body: Vec3::ZERO,
            own: &[],
            world: WorldView {
                now: f64::from(k) * 0.1,
                ..WorldView::default()
            },
            candidates: targets,
            destroyed: &[],
            shared: &[],
            lod_tier: 0,
        };
        core.run(input, &mut space).len()
    };
    for k in 0..300 {
        run(&mut core, k, &mut targets);
    }
    let mut events = 0;
    let info = allocation_counter::measure(|| {
        for k in 300..1300 {
            events += run(&mut core, k, &mut targets);
        }
    });
    assert!(
        events > 20,
        "the pattern exercises state changes ({events} events)"
    );
    assert!(!core.notes().rays().is_empty());
    assert_eq!(info.count_total, 0, "allocations during 1000 warm passes");
}
