//! Smoothed Confidence: rise, hold, decay (spec section 2, "Rise, hold, decay").
//!
//! While any sense is active, confidence never falls: ray sampling makes the fused value dip a
//! little between ticks, and holding keeps the AI from flickering.

use crate::belief::decay_curve::DecayCurve;
use crate::profile::Smoothing;

/// Speed in m/s at which the dwell rate reaches its moving value (the spec's 600 cm/s).
pub const DWELL_FULL_SPEED: f32 = 6.0;

/// A fused value below this counts as no sense at all for smoothing.
pub const DECAY_FLOOR: f32 = 0.02;

/// Which branch smoothing took this tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Rising,
    #[default]
    Holding,
    Decaying,
}

/// What smoothing needs to know about one belief this tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SmoothingInput {
    pub smoothed: f32,
    pub fused: f32,
    pub any_sense_active: bool,
    /// The target's speed in m/s.
    pub target_speed: f32,
    pub dt: f32,
    /// The Confidence Decay Multiplier of the last dominant sense.
    pub decay_multiplier: f32,
    /// Smoothed confidence when a sense last had the target (for the decay curve).
    pub last_active_confidence: f32,
    /// Seconds since any sense last had the target (for the decay curve).
    pub time_since_sensed: f32,
}

fn lerp(a: f32, b: f32, t: f32) -> f32 {
    a + (b - a) * t
}

/// The dwell rate for a target moving at `speed` m/s.
#[must_use]
pub fn dwell_rate(s: &Smoothing, speed: f32) -> f32 {
    lerp(
        s.standing_dwell_rate,
        s.moving_dwell_rate,
        (speed / DWELL_FULL_SPEED).clamp(0.0, 1.0),
    )
}

/// Rising: `Lerp(Smoothed, Fused, clamp(RiseRate × dt))`, then `+= DwellRate × Fused × dt`.
#[must_use]
pub fn rise(s: &Smoothing, smoothed: f32, fused: f32, speed: f32, dt: f32) -> f32 {
    let lerped = lerp(
        smoothed,
        fused,
        (s.confidence_rise_rate * dt).clamp(0.0, 1.0),
    );
    lerped + dwell_rate(s, speed) * fused * dt
}

/// Decaying without a curve: `Smoothed × exp(−DefaultDecayExponent × Multiplier × dt)`.
#[must_use]
pub fn decay_exponential(s: &Smoothing, smoothed: f32, multiplier: f32, dt: f32) -> f32 {
    smoothed * (-s.default_decay_exponent * multiplier * dt).exp()
}

/// Decaying with a curve: `Lerp(Smoothed, LastActive × Curve(TimeSinceSensed),
/// clamp(Multiplier × dt))`.
#[must_use]
pub fn decay_with_curve(
    curve: &DecayCurve,
    smoothed: f32,
    last_active_confidence: f32,
    time_since_sensed: f32,
    multiplier: f32,
    dt: f32,
) -> f32 {
    lerp(
        smoothed,
        last_active_confidence * curve.sample(time_since_sensed),
        (multiplier * dt).clamp(0.0, 1.0),
    )
}

/// One tick of smoothing: the new Smoothed Confidence (kept in 0..1) and the branch taken.
/// Inlined into the memory engine, which runs it for every belief every tick.
#[inline]
#[must_use]
pub fn smooth(s: &Smoothing, i: &SmoothingInput) -> (f32, Phase) {
    let (value, phase) = if !i.any_sense_active || i.fused < DECAY_FLOOR {
        let v = match &s.decay_curve {
            Some(curve) => decay_with_curve(
                curve,
                i.smoothed,
                i.last_active_confidence,
                i.time_since_sensed,
                i.decay_multiplier,
                i.dt,
            ),
            None => decay_exponential(s, i.smoothed, i.decay_multiplier, i.dt),
        };
        (v, Phase::Decaying)
    } else if i.fused > i.smoothed {
        (
            rise(s, i.smoothed, i.fused, i.target_speed, i.dt),
            Phase::Rising,
        )
    } else {
        (i.smoothed, Phase::Holding)
    };
    let value = if value.is_finite() {
        value.clamp(0.0, 1.0)
    } else {
        0.0
    };
    (value, phase)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(smoothed: f32, fused: f32, active: bool) -> SmoothingInput {
        SmoothingInput {
            smoothed,
            fused,
            any_sense_active: active,
            target_speed: 0.0,
            dt: 0.1,
            decay_multiplier: 1.0,
            last_active_confidence: smoothed,
            time_since_sensed: 0.0,
        }
    }

    fn close(a: f32, b: f32) {
        assert!((a - b).abs() < 1e-6, "{a} != {b}");
    }

    #[test]
    fn rising_follows_the_formula_for_a_standing_target() {
        let s = Smoothing::default(); // rise 2.0, standing dwell 0.05
        let (v, phase) = smooth(&s, &input(0.2, 0.8, true));
        // Lerp(0.2, 0.8, 0.2) = 0.32, + 0.05 × 0.8 × 0.1 = 0.004
        close(v, 0.324);
        assert_eq!(phase, Phase::Rising);
    }

    #[test]
    fn dwell_rate_lerps_by_speed_over_six_metres_per_second() {
        let s = Smoothing::default(); // standing 0.05, moving 0.2
        close(dwell_rate(&s, 0.0), 0.05);
        close(dwell_rate(&s, 3.0), 0.125);
        close(dwell_rate(&s, 6.0), 0.2);
        close(dwell_rate(&s, 20.0), 0.2);
        let mut i = input(0.2, 0.8, true);
        i.target_speed = 3.0;
        // 0.32 + 0.125 × 0.8 × 0.1 = 0.33
        close(smooth(&s, &i).0, 0.33);
    }

    #[test]
    fn holds_while_a_sense_is_active_and_fused_is_not_higher() {
        let s = Smoothing::default();
        assert_eq!(smooth(&s, &input(0.6, 0.5, true)), (0.6, Phase::Holding));
        assert_eq!(smooth(&s, &input(0.6, 0.6, true)), (0.6, Phase::Holding));
    }

    #[test]
    fn decays_exponentially_with_the_sense_multiplier() {
        let s = Smoothing::default(); // exponent 0.1
        let mut i = input(0.8, 0.0, false);
        i.decay_multiplier = 3.0; // vision's row
        close(smooth(&s, &i).0, 0.8 * (-0.1_f32 * 3.0 * 0.1).exp());
        assert_eq!(smooth(&s, &i).1, Phase::Decaying);
    }

    #[test]
    fn fused_below_two_percent_decays_even_with_a_sense_active() {
        let s = Smoothing::default();
        let (v, phase) = smooth(&s, &input(0.5, 0.01, true));
        assert_eq!(phase, Phase::Decaying);
        close(v, 0.5 * (-0.1_f32 * 0.1).exp());
    }

    #[test]
    fn decays_along_the_curve_when_one_is_set() {
        let s = Smoothing {
            decay_curve: Some(DecayCurve::new(vec![[0.0, 1.0], [10.0, 0.0]])),
            ..Smoothing::default()
        };
        let mut i = input(0.7, 0.0, false);
        i.last_active_confidence = 0.9;
        i.time_since_sensed = 5.0; // curve gives 0.5: goal 0.45
        i.decay_multiplier = 2.0; // lerp factor 0.2
        close(smooth(&s, &i).0, 0.7 + (0.45 - 0.7) * 0.2);
    }

    #[test]
    fn result_stays_in_unit_range() {
        let s = Smoothing {
            moving_dwell_rate: 10.0,
            ..Smoothing::default()
        };
        let mut i = input(0.99, 1.0, true);
        i.target_speed = 10.0;
        assert_eq!(smooth(&s, &i).0, 1.0);
    }
}
