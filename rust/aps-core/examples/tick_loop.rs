//! Ticks one perceiver with 16 beliefs and 3 senses many times: a target for profilers
//! (`valgrind --tool=callgrind target/release/examples/tick_loop`).

use aps_core::{Observations, Perceiver, Pose, Profile, Sense, SenseReading, TargetId, Vec3};

fn main() {
    let mut obs = Observations::new();
    for t in 0..16u64 {
        obs.begin_target(TargetId(t + 1), Default::default(), 1.5);
        let pos = Vec3::new(t as f32, 0.0, -5.0);
        for (i, s) in [Sense::Vision, Sense::Hearing, Sense::Smell]
            .iter()
            .enumerate()
        {
            obs.push(SenseReading::new(s.id(), 0.8 - 0.2 * i as f32).at(pos, 1.0 - 0.3 * i as f32));
        }
    }
    let (mut p, _) = Perceiver::new(Profile::default());
    let mut events = 0;
    for _ in 0..20_000 {
        events += p.tick(0.1, Pose::default(), &obs).len();
    }
    println!("{events}");
}
