//! Where the AI thinks the target is (spec section 7): Estimated Velocity and Acceleration,
//! measured between the perceiver's own samples over the real time between them; the Predicted
//! Position while lost; the Uncertainty Radius.

use crate::profile::SpatialSettings;
use glam::Vec3;

/// A normal run (m/s): faster targets make the uncertainty grow faster.
pub const RUN_SPEED: f32 = 6.0;

/// Per second, how fast the uncertainty radius settles toward its sensed value.
pub const UNCERTAINTY_SETTLE_RATE: f32 = 2.0;

/// Samples further apart than this (seconds) start the estimate afresh.
pub const MAX_SAMPLE_GAP: f64 = 1.5;

/// Speed (m/s) below which a target counts as not moving (the spec's "about 10 cm/s").
pub const MOVING_SPEED: f32 = 0.1;

/// The running motion estimate of one belief.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Motion {
    pub(crate) sample: Option<(f64, Vec3)>,
    pub(crate) has_velocity: bool,
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
        self.observe_in_tick(now, position, ema, 0.0, 0.0);
    }

    /// [`Motion::observe`] in a tick of `dt` seconds, `per_dt` being `1 / dt` as the tick
    /// worked it out once: a sample taken one tick after the last, the usual case, then needs
    /// no division of its own, and gets the very same rates.
    #[inline]
    pub fn observe_in_tick(&mut self, now: f64, position: Vec3, ema: f32, dt: f32, per_dt: f32) {
        if let Some((t0, p0)) = self.sample {
            let gap = now - t0;
            if gap > MAX_SAMPLE_GAP {
                *self = Motion::default();
            } else if gap > 1e-6 {
                // One division for both rates, and none when the gap is the tick's: divisions
                // here stood one after the other in every belief's tick, its slowest chain.
                let gap = gap as f32;
                let per_second = if gap == dt { per_dt } else { 1.0 / gap };
                let measured = (position - p0) * per_second;
                if self.has_velocity {
                    // The velocity moves by `change`; the acceleration measured is that change
                    // over the gap, taken from `change` itself rather than from the new velocity
                    // less the old (shorter, and no cancellation when the change is small).
                    let change = (measured - self.velocity) * ema;
                    let measured_accel = change * per_second;
                    self.acceleration = lerp(self.acceleration, measured_accel, ema);
                    self.velocity += change;
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

    /// Whether two samples close enough together have measured a velocity yet.
    #[must_use]
    pub fn has_estimate(&self) -> bool {
        self.has_velocity
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

/// How much faster the uncertainty grows for a target last moving at `speed` m/s: 1 up to a
/// normal run (6 m/s), 2 at 12 m/s, 3 at 18 m/s and above.
#[must_use]
pub fn uncertainty_multiplier(s: &SpatialSettings, speed: f32) -> f32 {
    if s.velocity_scaled_uncertainty {
        (speed / RUN_SPEED).clamp(1.0, 3.0)
    } else {
        1.0
    }
}

/// One tick of the Uncertainty Radius (spec section 7). While sensed it settles toward
/// `(1 − precision) × Max Uncertainty Radius`; unsensed it grows at the Uncertainty Growth Rate
/// (times the speed multiplier of Velocity Scaled Uncertainty) up to Max Uncertainty Radius.
#[must_use]
pub fn update_uncertainty(
    s: &SpatialSettings,
    radius: f32,
    sensed_precision: Option<f32>,
    speed: f32,
    dt: f32,
) -> f32 {
    let max = s.max_uncertainty_radius;
    match sensed_precision {
        Some(precision) => {
            let goal = (1.0 - precision.clamp(0.0, 1.0)) * max;
            radius + (goal - radius) * (UNCERTAINTY_SETTLE_RATE * dt).clamp(0.0, 1.0)
        }
        None => {
            (radius + s.uncertainty_growth_rate * uncertainty_multiplier(s, speed) * dt).min(max)
        }
    }
}

/// The Predicted Position: the last known one while sensed or with prediction off; while lost,
/// `LastKnown + v·T + ½·a·T²` with `T = clamp(Prediction Horizon, 0.1, Max Prediction Time)`
/// and the acceleration capped so that over T it changes the speed by at most half. Only for a
/// target moving faster than about 10 cm/s.
#[must_use]
pub fn predicted_position(
    s: &SpatialSettings,
    last_known: Vec3,
    motion: &Motion,
    sensed: bool,
) -> Vec3 {
    let v = motion.velocity;
    if sensed || !s.enable_prediction || v.length() < MOVING_SPEED {
        return last_known;
    }
    let t = s
        .prediction_horizon
        .clamp(0.1, s.max_prediction_time.max(0.1));
    let mut a = motion.acceleration;
    let speed_change = a.length() * t;
    let limit = 0.5 * v.length();
    if speed_change > limit {
        a *= limit / speed_change;
    }
    last_known + v * t + 0.5 * a * t * t
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
    fn a_tick_measures_the_same_rates_with_its_inverse_as_by_division() {
        // Ticks of 0.1 s at 2, then 3, then 3 m/s; one sample after a skipped tick (0.2 s).
        let path = [(0.1, 0.2), (0.2, 0.5), (0.3, 0.8), (0.5, 1.4)];
        let (mut by_division, mut by_tick) = (Motion::default(), Motion::default());
        by_division.observe(0.0, Vec3::ZERO, 0.5);
        by_tick.observe_in_tick(0.0, Vec3::ZERO, 0.5, 0.1, 1.0 / 0.1);
        for (now, x) in path {
            let p = Vec3::new(x, 0.0, 0.0);
            by_division.observe(now, p, 0.5);
            by_tick.observe_in_tick(now, p, 0.5, 0.1, 1.0 / 0.1);
            assert_eq!(by_tick, by_division, "at {now} s");
        }
        // 2 m/s, then each 3 m/s sample blends in at the EMA weight: 2.5, 2.75, 2.875.
        assert!((by_tick.velocity.x - 2.875).abs() < 1e-4, "{by_tick:?}");
        // Each change of velocity over its gap (5, 2.5, then 0.625 m/s²) blends in the same way.
        assert!(
            (by_tick.acceleration.x - 1.5625).abs() < 1e-4,
            "{by_tick:?}"
        );
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

#[cfg(test)]
mod model_tests {
    use super::*;

    fn on() -> SpatialSettings {
        SpatialSettings {
            enable_prediction: true,
            ..SpatialSettings::default()
        }
    }

    fn moving(v: Vec3, a: Vec3) -> Motion {
        Motion {
            velocity: v,
            acceleration: a,
            ..Motion::default()
        }
    }

    #[test]
    fn prediction_is_last_known_while_sensed_off_or_still() {
        let m = moving(Vec3::X * 4.0, Vec3::ZERO);
        assert_eq!(predicted_position(&on(), Vec3::ZERO, &m, true), Vec3::ZERO);
        assert_eq!(
            predicted_position(&SpatialSettings::default(), Vec3::ZERO, &m, false),
            Vec3::ZERO
        );
        let still = moving(Vec3::X * 0.05, Vec3::ZERO);
        assert_eq!(
            predicted_position(&on(), Vec3::ZERO, &still, false),
            Vec3::ZERO
        );
    }

    #[test]
    fn prediction_follows_the_formula_with_t_clamped() {
        let m = moving(Vec3::X * 4.0, Vec3::X * 1.0);
        // T = 1: 4 + ½ × 1 = 4.5 (the acceleration changes speed by 1 of at most 2).
        assert!((predicted_position(&on(), Vec3::ZERO, &m, false).x - 4.5).abs() < 1e-5);
        let long = SpatialSettings {
            prediction_horizon: 10.0,
            ..on()
        };
        // T clamped to Max Prediction Time 3: a·T = 3 > 2, so a is capped to 2/3:
        // 4 × 3 + ½ × (2/3) × 9 = 15.
        assert!((predicted_position(&long, Vec3::ZERO, &m, false).x - 15.0).abs() < 1e-4);
        let short = SpatialSettings {
            prediction_horizon: 0.0,
            ..on()
        };
        assert!((predicted_position(&short, Vec3::ZERO, &m, false).x - (0.4 + 0.005)).abs() < 1e-5);
    }

    #[test]
    fn uncertainty_multipliers_by_speed() {
        let s = SpatialSettings::default();
        assert_eq!(uncertainty_multiplier(&s, 3.0), 1.0);
        assert_eq!(
            uncertainty_multiplier(&s, 6.0),
            1.0,
            "a normal run doesn't change it"
        );
        assert_eq!(uncertainty_multiplier(&s, 12.0), 2.0);
        assert_eq!(uncertainty_multiplier(&s, 18.0), 3.0);
        assert_eq!(uncertainty_multiplier(&s, 30.0), 3.0);
        let off = SpatialSettings {
            velocity_scaled_uncertainty: false,
            ..s
        };
        assert_eq!(uncertainty_multiplier(&off, 30.0), 1.0);
    }

    #[test]
    fn uncertainty_grows_at_half_a_metre_a_second_to_five_metres_and_shrinks_when_sensed() {
        let s = SpatialSettings::default();
        let mut r = 0.0;
        for _ in 0..40 {
            r = update_uncertainty(&s, r, None, 3.0, 0.1);
        }
        assert!((r - 2.0).abs() < 1e-4, "4 s at 0.5 m/s: {r}");
        for _ in 0..100 {
            r = update_uncertainty(&s, r, None, 3.0, 0.1);
        }
        assert_eq!(r, 5.0);
        let fast = update_uncertainty(&s, 0.0, None, 12.0, 1.0);
        assert!((fast - 1.0).abs() < 1e-6, "twice as fast at 12 m/s");
        for _ in 0..50 {
            r = update_uncertainty(&s, r, Some(1.0), 0.0, 0.1);
        }
        assert!(r < 0.01, "an exact sense shrinks it toward 0: {r}");
    }
}
