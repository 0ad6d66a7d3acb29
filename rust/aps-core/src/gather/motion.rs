//! How fast a target moves, as an observer could see it (spec section 1: confidence accounts for
//! how fast the target moves): measured between samples of its position, once per world time,
//! whether the game moves it by physics or by hand.
//!
//! This is the raw speed a snapshot carries to the senses (motion makes a target easier to see,
//! vibration needs it, the dwell rate reads it). The belief's Estimated Velocity is measured
//! separately, between the AI's own sightings ([`whereabouts`](crate::belief::whereabouts)).

use glam::Vec3;

/// Samples further apart than this (seconds) measure no speed: the target was out of sight of
/// every sampler for too long to tell how it moved.
pub const MAX_SAMPLE_GAP: f32 = 1.0;

/// The last sample of one target's position and the velocity it measured.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct VelocitySampler {
    last: Option<(Vec3, f64)>,
    velocity: Vec3,
}

impl VelocitySampler {
    /// Samples `position` at world time `now` and returns the velocity: the change since the
    /// previous sample over the time between, zero when that was longer than
    /// [`MAX_SAMPLE_GAP`]. Samples at the same world time as the last one change nothing.
    pub fn sample(&mut self, position: Vec3, now: f64) -> Vec3 {
        if !position.is_finite() || !now.is_finite() {
            return self.velocity;
        }
        match self.last {
            Some((p, t)) if now > t => {
                let gap = (now - t) as f32;
                self.velocity = if gap <= MAX_SAMPLE_GAP {
                    (position - p) / gap
                } else {
                    Vec3::ZERO
                };
                self.last = Some((position, now));
            }
            Some(_) => {}
            None => self.last = Some((position, now)),
        }
        self.velocity
    }

    /// The velocity measured at the last sample (zero before the second).
    #[must_use]
    pub fn velocity(&self) -> Vec3 {
        self.velocity
    }

    /// The last sample (position and world time) and the velocity, for a saved game.
    #[must_use]
    pub fn last_sample(&self) -> Option<(Vec3, f64, Vec3)> {
        self.last.map(|(p, t)| (p, t, self.velocity))
    }

    /// A sampler that last sampled `position` at world time `time` and measured `velocity`
    /// (from a saved game; anything not finite starts afresh).
    #[must_use]
    pub fn restored(position: Vec3, time: f64, velocity: Vec3) -> Self {
        if position.is_finite() && time.is_finite() && velocity.is_finite() {
            VelocitySampler {
                last: Some((position, time)),
                velocity,
            }
        } else {
            VelocitySampler::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn velocity_is_the_change_over_the_time_between_samples() {
        let mut s = VelocitySampler::default();
        assert_eq!(
            s.sample(Vec3::ZERO, 1.0),
            Vec3::ZERO,
            "one sample measures nothing"
        );
        let v = s.sample(Vec3::new(0.5, 0.0, 0.0), 1.1);
        assert!((v - Vec3::new(5.0, 0.0, 0.0)).length() < 1e-4, "{v}");
        // The same world time again (a second AI looking in the same frame): unchanged.
        assert_eq!(s.sample(Vec3::new(9.0, 0.0, 0.0), 1.1), v);
        assert_eq!(s.velocity(), v);
    }

    #[test]
    fn samples_more_than_a_second_apart_measure_no_speed() {
        let mut s = VelocitySampler::default();
        s.sample(Vec3::ZERO, 0.0);
        let v = s.sample(Vec3::new(6.0, 0.0, 0.0), 1.0);
        assert!(
            (v.x - 6.0).abs() < 1e-4,
            "exactly a second apart still counts: {v}"
        );
        assert_eq!(s.sample(Vec3::new(20.0, 0.0, 0.0), 2.01), Vec3::ZERO);
        // And the next close sample measures from there.
        let v = s.sample(Vec3::new(20.0, 0.0, 1.0), 2.51);
        assert!((v.z - 2.0).abs() < 1e-4, "{v}");
    }

    #[test]
    fn a_non_finite_sample_is_no_sample() {
        let mut s = VelocitySampler::default();
        s.sample(Vec3::ZERO, 0.0);
        s.sample(Vec3::X, 0.5);
        assert_eq!(s.sample(Vec3::NAN, 0.6), Vec3::new(2.0, 0.0, 0.0));
        assert!(s.sample(Vec3::X * 2.0, 1.0).is_finite());
    }
}
