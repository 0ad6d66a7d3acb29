//! World conditions that senses read (spec section 13: light, wind and weather live in the
//! world's subsystem): light with optional zones, wind for smell, rain that masks hearing and
//! smell.

pub use super::light_zones::{LightZone, LightZones, MAX_LIGHT_ZONES};
use glam::Vec3;
use std::sync::Arc;

/// The range of a light level (ambient, a zone's, rain): 0 (none) to 1 (full).
pub const LEVEL_RANGE: (f32, f32) = (0.0, 1.0);
/// The range of a light zone's radius in metres.
pub const ZONE_RADIUS_RANGE: (f32, f32) = (0.0, 1.0e6);

/// `value` kept within `range`; a value that is not a number becomes `fallback`.
#[must_use]
pub fn keep_in_range(value: f32, (min, max): (f32, f32), fallback: f32) -> f32 {
    if value.is_nan() {
        fallback
    } else {
        value.clamp(min, max)
    }
}

/// The conditions of one world.
#[derive(Debug, Clone, PartialEq)]
pub struct WorldConditions {
    /// Light everywhere outside zones, 0..1.
    pub ambient_light: f32,
    /// Found by place: the light at a point costs the same however many zones lie elsewhere.
    /// Shared between copies of the conditions until one changes its zones, so that a copy
    /// (the engine's world while a pass reads it) costs nothing however many zones there are.
    pub light_zones: Arc<LightZones>,
    /// Wind velocity, m/s.
    pub wind: Vec3,
    /// Rain, 0 (dry) to 1 (downpour).
    pub rain: f32,
}

impl Default for WorldConditions {
    fn default() -> Self {
        WorldConditions {
            ambient_light: 1.0,
            light_zones: Arc::default(),
            wind: Vec3::ZERO,
            rain: 0.0,
        }
    }
}

impl WorldConditions {
    /// The light level at `p`: the smallest zone containing it (the most local light wins),
    /// else the ambient light.
    #[must_use]
    pub fn light_at(&self, p: Vec3) -> f32 {
        self.light_zones
            .smallest_at(p)
            .map_or(self.ambient_light, |z| z.level)
            .clamp(0.0, 1.0)
    }

    /// How much rain leaves of a sense that rain masks by `masking` (0..1).
    #[must_use]
    pub fn rain_factor(&self, masking: f32) -> f32 {
        1.0 - self.rain.clamp(0.0, 1.0) * masking.clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_smallest_zone_wins_else_ambient() {
        let mut w = WorldConditions {
            ambient_light: 0.8,
            ..Default::default()
        };
        let zones = [(1, Vec3::ZERO, 10.0, 0.1), (2, Vec3::X, 2.0, 1.0)];
        for (id, center, radius, level) in zones {
            let zone = LightZone {
                id,
                center,
                radius,
                level,
            };
            Arc::make_mut(&mut w.light_zones).push(zone).unwrap();
        }
        assert_eq!(w.light_at(Vec3::new(50.0, 0.0, 0.0)), 0.8);
        assert_eq!(w.light_at(Vec3::new(5.0, 0.0, 0.0)), 0.1);
        assert_eq!(w.light_at(Vec3::new(1.5, 0.0, 0.0)), 1.0);
        w.rain = 0.5;
        assert!((w.rain_factor(0.6) - 0.7).abs() < 1e-6);
    }
}
