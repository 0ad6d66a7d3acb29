//! Level of detail (spec section 12): every AI is scored for significance, 0 to 1, and the
//! score picks its tier, which sets how often it perceives.
//!
//! Significance = 0.6 × (1 − distance to the nearest viewer / 300 m)
//!              + 0.55 if the AI is Suspicious or more alert
//!              + 0.25 × awareness level / 4

use crate::brain::awareness::AwarenessLevel;
use glam::Vec3;

/// Distance at which the distance term reaches 0 (the spec's 30000 cm).
pub const SIGNIFICANCE_RANGE: f32 = 300.0;

/// The lowest score of tiers 0..3; below the last, tier 4 (suspended).
pub const TIER_FLOORS: [f32; 4] = [0.75, 0.50, 0.30, 0.15];

/// Perception runs every this many Base Update Intervals in tiers 0..3.
pub const TIER_INTERVALS: [u32; 4] = [1, 2, 5, 20];

/// The suspended tier: no senses, memory still fades.
pub const SUSPENDED: u8 = 4;

/// How often the component itself ticks in tier 3 and when suspended (seconds); tiers 0..2
/// tick every frame.
pub const TIER3_TICK: f32 = 0.1;
pub const SUSPENDED_TICK: f32 = 0.25;

/// The significance score for an AI `distance` metres from the nearest viewer (0 when there is
/// no viewer, as on a dedicated server).
#[must_use]
pub fn significance(distance: f32, awareness: AwarenessLevel) -> f32 {
    let distance_term = 0.6 * (1.0 - distance.max(0.0) / SIGNIFICANCE_RANGE).max(0.0);
    let alert = if awareness >= AwarenessLevel::Suspicious {
        0.55
    } else {
        0.0
    };
    let level = 0.25 * f32::from(awareness as u8) / 4.0;
    (distance_term + alert + level).clamp(0.0, 1.0)
}

/// Distance from `position` to the nearest of `viewers` (every local player camera, spec
/// section 12). With no viewer at all, as on a dedicated server, every AI scores as if at zero
/// distance.
#[must_use]
pub fn viewer_distance(position: Vec3, viewers: &[Vec3]) -> f32 {
    let d = viewers
        .iter()
        .map(|v| v.distance(position))
        .fold(f32::INFINITY, f32::min);
    if d.is_finite() {
        d
    } else {
        0.0
    }
}

/// A significance a policy of the game's returned, kept to 0..1; not a number: `fallback` (APS's
/// own formula).
#[must_use]
pub fn checked_significance(score: f32, fallback: f32) -> f32 {
    if score.is_finite() {
        score.clamp(0.0, 1.0)
    } else {
        fallback
    }
}

/// The tier for a score: 0 (full rate) .. 4 (suspended).
#[must_use]
pub fn tier_for(score: f32) -> u8 {
    TIER_FLOORS
        .iter()
        .position(|floor| score >= *floor)
        .map_or(SUSPENDED, |t| t as u8)
}

/// How many Base Update Intervals apart perception runs in `tier` (`None`: suspended).
#[must_use]
pub fn interval_multiple(tier: u8) -> Option<u32> {
    TIER_INTERVALS.get(usize::from(tier)).copied()
}

/// How often the component itself ticks in `tier`, in seconds (0: every frame).
#[must_use]
pub fn component_tick(tier: u8) -> f32 {
    match tier {
        0..=2 => 0.0,
        3 => TIER3_TICK,
        _ => SUSPENDED_TICK,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use AwarenessLevel::*;

    #[test]
    fn the_formula() {
        assert!((significance(0.0, Unaware) - 0.6).abs() < 1e-6);
        assert!((significance(150.0, Peripheral) - (0.3 + 0.0625)).abs() < 1e-6);
        assert!((significance(0.0, FullyAware) - 1.0).abs() < 1e-6);
        assert!((significance(600.0, Suspicious) - (0.55 + 0.125)).abs() < 1e-6);
    }

    #[test]
    fn an_idle_ai_tops_out_at_06_and_its_tiers_end_at_50_150_225_m() {
        assert_eq!(tier_for(significance(0.0, Unaware)), 1, "never tier 0");
        assert_eq!(tier_for(significance(50.0, Unaware)), 1);
        assert_eq!(tier_for(significance(50.5, Unaware)), 2);
        assert_eq!(tier_for(significance(150.0, Unaware)), 2);
        assert_eq!(tier_for(significance(150.5, Unaware)), 3);
        assert_eq!(tier_for(significance(225.0, Unaware)), 3);
        assert_eq!(tier_for(significance(225.5, Unaware)), SUSPENDED);
    }

    #[test]
    fn an_engaged_ai_stays_tier_0_to_about_260_m_and_tier_1_beyond() {
        assert_eq!(tier_for(significance(262.0, Suspicious)), 0);
        assert_eq!(tier_for(significance(263.0, Suspicious)), 1);
        assert_eq!(tier_for(significance(10_000.0, Suspicious)), 1);
        assert_eq!(
            tier_for(significance(10_000.0, FullyAware)),
            0,
            "0.55 + 0.25 = 0.8"
        );
    }

    #[test]
    fn distance_is_to_the_nearest_viewer_and_zero_without_one() {
        let viewers = [Vec3::new(100.0, 0.0, 0.0), Vec3::new(0.0, 0.0, 30.0)];
        assert!((viewer_distance(Vec3::ZERO, &viewers) - 30.0).abs() < 1e-6);
        assert_eq!(viewer_distance(Vec3::new(5.0, 0.0, 0.0), &[]), 0.0);
        // A dedicated server: an idle AI anywhere scores 0.6, tier 1.
        assert_eq!(
            tier_for(significance(
                viewer_distance(Vec3::splat(1e4), &[]),
                Unaware
            )),
            1
        );
    }

    #[test]
    fn a_policy_score_is_kept_to_0_1_and_nan_falls_back() {
        assert_eq!(checked_significance(1.7, 0.3), 1.0);
        assert_eq!(checked_significance(-2.0, 0.3), 0.0);
        assert_eq!(checked_significance(f32::NAN, 0.3), 0.3);
        assert_eq!(checked_significance(f32::INFINITY, 0.3), 0.3);
    }

    #[test]
    fn the_tier_table() {
        assert_eq!(
            [
                tier_for(0.75),
                tier_for(0.5),
                tier_for(0.3),
                tier_for(0.15),
                tier_for(0.149)
            ],
            [0, 1, 2, 3, 4]
        );
        assert_eq!(
            (0..5).map(interval_multiple).collect::<Vec<_>>(),
            [Some(1), Some(2), Some(5), Some(20), None]
        );
        assert_eq!(
            (0..5).map(component_tick).collect::<Vec<_>>(),
            [0.0, 0.0, 0.0, 0.1, 0.25]
        );
    }
}
