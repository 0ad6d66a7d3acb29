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
