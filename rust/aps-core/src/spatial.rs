//! Where the AI thinks the target is going (spec section 7): Estimated Velocity and
//! Acceleration, measured between the perceiver's own samples over the real time between them.

use glam::Vec3;

/// Samples further apart than this (seconds) start the estimate afresh.
pub const MAX_SAMPLE_GAP: f64 = 1.5;

/// Speed (m/s) below which a target counts as not moving (the spec's "about 10 cm/s").
pub const MOVING_SPEED: f32 = 0.1;

/// The running motion estimate of one belief.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Motion {
    sample: Option<(f64, Vec3)>,
    has_velocity: bool,
    /// Estimated Velocity, m/s.
    pub velocity: Vec3,
    /// Estimated Acceleration, m/s².
    pub acceleration: Vec3,
}

fn lerp(a: Vec3, b: Vec3, t: f32) -> Vec3 {
    a + (b - a) * t
}

impl Motion {
    /// Takes a position sample at time `now`. `ema` is the Velocity EMA Weight.
    pub fn observe(&mut self, now: f64, position: Vec3, ema: f32) {
        if let Some((t0, p0)) = self.sample {
            let gap = now - t0;
            if gap > MAX_SAMPLE_GAP {
                *self = Motion::default();
            } else if gap > 1e-6 {
                let gap_s = gap as f32;
                let measured = (position - p0) / gap_s;
                if self.has_velocity {
                    let v = lerp(self.velocity, measured, ema);
                    let measured_accel = (v - self.velocity) / gap_s;
                    self.acceleration = lerp(self.acceleration, measured_accel, ema);
                    self.velocity = v;
                } else {
                    self.velocity = measured;
                    self.has_velocity = true;
                }
            } else {
                return;
            }
        }
        self.sample = Some((now, position));
    }

    /// The direction of travel, or zero when slower than [`MOVING_SPEED`] (spec section 4: the
    /// loss direction is zero when the target wasn't moving).
    #[must_use]
    pub fn direction(&self) -> Vec3 {
        if self.velocity.length() >= MOVING_SPEED {
            self.velocity.normalize()
        } else {
            Vec3::ZERO
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn velocity_is_measured_over_real_time_between_samples() {
        let mut m = Motion::default();
        m.observe(0.0, Vec3::ZERO, 0.5);
        m.observe(0.5, Vec3::new(1.0, 0.0, 0.0), 0.5);
        assert!((m.velocity - Vec3::new(2.0, 0.0, 0.0)).length() < 1e-5);
        // A sample at 4 m/s blends in at the EMA weight.
        m.observe(1.0, Vec3::new(3.0, 0.0, 0.0), 0.5);
        assert!((m.velocity.x - 3.0).abs() < 1e-5);
        assert!(
            (m.acceleration.x - 1.0).abs() < 1e-5,
            "{:?}",
            m.acceleration
        );
        assert_eq!(m.direction(), Vec3::X);
    }

    #[test]
    fn samples_more_than_one_and_a_half_seconds_apart_start_afresh() {
        let mut m = Motion::default();
        m.observe(0.0, Vec3::ZERO, 0.5);
        m.observe(0.5, Vec3::new(1.0, 0.0, 0.0), 0.5);
        m.observe(2.1, Vec3::new(50.0, 0.0, 0.0), 0.5);
        assert_eq!(m.velocity, Vec3::ZERO);
        m.observe(2.6, Vec3::new(50.0, 0.0, 1.0), 0.5);
        assert!((m.velocity - Vec3::new(0.0, 0.0, 2.0)).length() < 1e-5);
    }

    #[test]
    fn a_still_target_has_no_direction() {
        let mut m = Motion::default();
        m.observe(0.0, Vec3::ONE, 0.5);
        m.observe(1.0, Vec3::ONE + Vec3::new(0.05, 0.0, 0.0), 0.5);
        assert_eq!(m.direction(), Vec3::ZERO);
    }
}
