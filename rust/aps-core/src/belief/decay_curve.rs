//! The optional Decay Curve of the smoothing settings (spec section 2, "Rise, hold, decay").
//!
//! A curve maps seconds since the target was last sensed to a factor of the confidence it had
//! then. Designers draw it in the editor; the core keeps it as sampled points and interpolates
//! linearly between them.

use serde::{Deserialize, Serialize};

/// A piecewise-linear curve through `(seconds, factor)` points, sorted by time.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DecayCurve {
    points: Vec<[f32; 2]>,
}

impl DecayCurve {
    /// A curve through the given `(seconds, factor)` points. Use [`DecayCurve::sanitize`] (as
    /// profile validation does) before sampling points that came from outside.
    #[must_use]
    pub fn new(points: Vec<[f32; 2]>) -> Self {
        DecayCurve { points }
    }

    /// The points, sorted by time once sanitized.
    #[must_use]
    pub fn points(&self) -> &[[f32; 2]] {
        &self.points
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// Drops points that are not finite, clamps times to 0 or more and factors to 0..1, and
    /// sorts by time. Returns how many points were dropped or changed, for the profile's report.
    pub fn sanitize(&mut self) -> usize {
        let before = self.points.clone();
        self.points.retain(|[t, f]| t.is_finite() && f.is_finite());
        let mut changed = before.len() - self.points.len();
        for p in &mut self.points {
            let fixed = [p[0].max(0.0), p[1].clamp(0.0, 1.0)];
            if fixed != *p {
                changed += 1;
                *p = fixed;
            }
        }
        self.points.sort_by(|a, b| a[0].total_cmp(&b[0]));
        changed
    }

    /// The factor at `seconds`: linear between points, flat before the first and after the last.
    /// An empty curve gives 1.
    #[must_use]
    pub fn sample(&self, seconds: f32) -> f32 {
        let pts = &self.points;
        let Some(first) = pts.first() else {
            return 1.0;
        };
        if seconds <= first[0] {
            return first[1];
        }
        for pair in pts.windows(2) {
            let ([t0, f0], [t1, f1]) = (pair[0], pair[1]);
            if seconds <= t1 {
                let span = t1 - t0;
                if span <= f32::EPSILON {
                    return f1;
                }
                return f0 + (f1 - f0) * ((seconds - t0) / span);
            }
        }
        pts[pts.len() - 1][1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_linearly_and_flat_outside() {
        let c = DecayCurve::new(vec![[0.0, 1.0], [4.0, 0.5], [8.0, 0.0]]);
        assert_eq!(c.sample(-1.0), 1.0);
        assert_eq!(c.sample(0.0), 1.0);
        assert!((c.sample(2.0) - 0.75).abs() < 1e-6);
        assert!((c.sample(6.0) - 0.25).abs() < 1e-6);
        assert_eq!(c.sample(100.0), 0.0);
        assert_eq!(DecayCurve::default().sample(3.0), 1.0);
    }

    #[test]
    fn sanitize_drops_and_clamps() {
        let mut c = DecayCurve::new(vec![[5.0, 2.0], [f32::NAN, 0.5], [-1.0, 0.5], [1.0, 0.9]]);
        assert_eq!(c.sanitize(), 3);
        assert_eq!(c.points(), &[[0.0, 0.5], [1.0, 0.9], [5.0, 1.0]]);
    }
}
