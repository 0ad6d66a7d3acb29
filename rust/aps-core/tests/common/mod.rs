//! A small driver for perceiver scenarios: one perceiver, one target by default, 0.1 s ticks.
#![allow(dead_code)]

use aps_core::{
    BeliefState, Event, LossReason, Mind, Observations, Pose, Profile, Sense, SenseReading,
    TargetId, Vec3,
};

pub const T: TargetId = TargetId(1);
pub const DT: f32 = 0.1;

pub struct Sim {
    pub p: Mind,
    pub obs: Observations,
    pub log: Vec<(f64, Event)>,
    pub pose: Pose,
}

impl Sim {
    pub fn new(profile: Profile) -> Self {
        let (p, issues) = Mind::new(profile);
        assert!(issues.is_empty(), "{issues:?}");
        Sim {
            p,
            obs: Observations::new(),
            log: Vec::new(),
            pose: Pose {
                position: Vec3::ZERO,
                forward: Vec3::NEG_Z,
            },
        }
    }

    pub fn default() -> Self {
        Self::new(Profile::default())
    }

    /// One tick with these readings of target `T` (none: `T` is not observed at all).
    pub fn tick(&mut self, readings: &[SenseReading]) -> Vec<Event> {
        self.tick_speed(readings, 0.0)
    }

    pub fn tick_speed(&mut self, readings: &[SenseReading], speed: f32) -> Vec<Event> {
        self.obs.clear();
        if !readings.is_empty() {
            self.obs.add(T, speed, readings);
        }
        self.step()
    }

    /// One tick with whatever is in `self.obs`.
    pub fn step(&mut self) -> Vec<Event> {
        let events = self.p.tick(DT, self.pose, &self.obs).to_vec();
        let now = self.p.now();
        self.log.extend(events.iter().map(|e| (now, *e)));
        events
    }

    /// `n` ticks with the same readings.
    pub fn ticks(&mut self, n: usize, readings: &[SenseReading]) {
        for _ in 0..n {
            self.tick(readings);
        }
    }

    /// Ticks until `T` is in `state` or `limit` ticks pass; returns the ticks taken.
    pub fn until(&mut self, state: BeliefState, limit: usize, readings: &[SenseReading]) -> usize {
        for n in 1..=limit {
            self.tick(readings);
            if self.state() == state {
                return n;
            }
        }
        panic!(
            "{:?} not reached in {limit} ticks; now {:?} at {}",
            state,
            self.state(),
            self.conf()
        );
    }

    pub fn state(&self) -> BeliefState {
        self.p
            .belief(T)
            .map_or(BeliefState::Undetected, |b| b.state)
    }

    pub fn conf(&self) -> f32 {
        self.p.belief(T).map_or(0.0, |b| b.confidence)
    }

    pub fn loss_reason(&self) -> LossReason {
        self.p.belief(T).map_or(LossReason::None, |b| b.loss_reason)
    }

    /// Every state change of `T` so far, as (old, new).
    pub fn changes(&self) -> Vec<(BeliefState, BeliefState)> {
        self.log
            .iter()
            .filter_map(|(_, e)| match e {
                Event::StateChanged(c) if c.target == T => Some((c.old, c.new)),
                _ => None,
            })
            .collect()
    }

    /// The states `T` entered, in order.
    pub fn entered(&self) -> Vec<BeliefState> {
        self.changes().into_iter().map(|(_, new)| new).collect()
    }

    /// Brings `T` to Tracked with a strong reading of `sense`.
    pub fn track_with(&mut self, sense: Sense) {
        self.until(BeliefState::Tracked, 100, &[reading(sense, 0.95)]);
    }
}

pub fn reading(sense: Sense, c: f32) -> SenseReading {
    SenseReading::new(sense.id(), c)
}

pub fn vision(c: f32) -> SenseReading {
    reading(Sense::Vision, c)
}

pub fn hearing(c: f32) -> SenseReading {
    reading(Sense::Hearing, c)
}

/// Vision's look found nothing, for this reason.
pub fn vision_missed(cue: LossReason) -> SenseReading {
    SenseReading::missed(Sense::Vision.id(), cue)
}

pub fn close(a: f32, b: f32, eps: f32) -> bool {
    (a - b).abs() <= eps
}
