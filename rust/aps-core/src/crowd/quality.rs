//! Quality profiles (spec section 14, "Scale cost without resetting belief"): scale how often an
//! AI perceives and how many rays it casts, on top of its profile, keeping its beliefs.

use crate::profile::Profile;

/// The range of the interval scale: 10x as often down to 20x as rarely.
pub const INTERVAL_SCALE_RANGE: (f32, f32) = (0.1, 20.0);
/// The range of the ray scale: none of a target's sample points (still one ray) to all.
pub const RAY_SCALE_RANGE: (f32, f32) = (0.0, 1.0);

/// How much cheaper (or dearer) an AI perceives.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct QualityScale {
    /// Multiplies the Base Update Interval: 2 perceives half as often.
    pub interval_scale: f32,
    /// Multiplies the rays per target (vision's Max Rays Per Target), at least one each.
    pub ray_scale: f32,
}

impl Default for QualityScale {
    fn default() -> Self {
        QualityScale {
            interval_scale: 1.0,
            ray_scale: 1.0,
        }
    }
}

impl QualityScale {
    /// Each scale in its range; one that is not a number is 1 (full quality).
    #[must_use]
    pub fn checked(self) -> Self {
        let keep = |v: f32, (lo, hi): (f32, f32)| if v.is_finite() { v.clamp(lo, hi) } else { 1.0 };
        QualityScale {
            interval_scale: keep(self.interval_scale, INTERVAL_SCALE_RANGE),
            ray_scale: keep(self.ray_scale, RAY_SCALE_RANGE),
        }
    }

    /// Applies the scales to `profile`.
    pub fn apply(&self, profile: &mut Profile) {
        let q = self.checked();
        profile.performance.base_update_interval *= q.interval_scale;
        let rays = (profile.vision.max_rays_per_target as f32 * q.ray_scale).round() as u32;
        profile.vision.max_rays_per_target = rays.max(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_quality_perceives_half_as_often_with_half_the_rays() {
        let mut p = Profile::default();
        QualityScale {
            interval_scale: 2.0,
            ray_scale: 0.5,
        }
        .apply(&mut p);
        assert!((p.performance.base_update_interval - 0.2).abs() < 1e-6);
        // 3 rays × 0.5 = 1.5, rounded to 2.
        assert_eq!(p.vision.max_rays_per_target, 2);
    }

    #[test]
    fn every_target_keeps_at_least_one_ray_and_scales_stay_in_range() {
        let mut p = Profile::default();
        QualityScale {
            interval_scale: 100.0,
            ray_scale: 0.0,
        }
        .apply(&mut p);
        assert_eq!(p.vision.max_rays_per_target, 1);
        assert!(
            (p.performance.base_update_interval - 2.0).abs() < 1e-6,
            "at most 20x"
        );
        let q = QualityScale {
            interval_scale: f32::NAN,
            ray_scale: -3.0,
        }
        .checked();
        assert_eq!((q.interval_scale, q.ray_scale), (1.0, 0.0));
    }

    #[test]
    fn full_quality_changes_nothing() {
        let mut p = Profile::default();
        QualityScale::default().apply(&mut p);
        assert_eq!(p, Profile::default());
    }
}
