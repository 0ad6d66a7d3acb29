//! A target's scene light, kept between measurements.

use super::reading::SceneReading;
use glam::Vec3;

/// How far a target moves before its light is measured again, in metres.
pub const REMEASURE_DISTANCE: f32 = 0.25;

/// How often a still target's light is measured again by default, in seconds (shadows of
/// things that move, lamps that move): a project setting.
pub const DEFAULT_REMEASURE_INTERVAL: f32 = 0.2;

/// A target's last measured scene light, kept so that a target standing still under unchanged
/// lamps costs no ray.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LightMemo {
    at: Vec3,
    time: f64,
    /// The scene's lights' revision it was measured under.
    revision: u64,
    reading: SceneReading,
}

impl LightMemo {
    /// Keeps `reading`, measured at `at` at `time` under lights of `revision`.
    pub fn keep(&mut self, at: Vec3, time: f64, revision: u64, reading: SceneReading) {
        *self = LightMemo {
            at,
            time,
            revision,
            reading,
        };
    }

    /// The reading last measured, if any.
    #[must_use]
    pub fn reading(&self) -> Option<&SceneReading> {
        (self.revision != 0).then_some(&self.reading)
    }

    /// The reading kept, if it still holds at `at` at `now` under lights of `revision`: the
    /// lights are unchanged, the target moved less than [`REMEASURE_DISTANCE`] and it is less
    /// than `interval` seconds old.
    #[must_use]
    pub fn still(&self, at: Vec3, now: f64, revision: u64, interval: f32) -> Option<&SceneReading> {
        let fresh = now - self.time < f64::from(interval.max(0.0)) && now >= self.time;
        (revision == self.revision
            && revision != 0
            && fresh
            && self.at.distance_squared(at) < REMEASURE_DISTANCE * REMEASURE_DISTANCE)
            .then_some(&self.reading)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_target_s_light_is_measured_again_when_it_moves_the_lights_change_or_it_is_old() {
        let mut memo = LightMemo::default();
        let reading = SceneReading::default();
        let at = Vec3::new(1.0, 0.0, 1.0);
        memo.keep(at, 10.0, 4, reading);
        assert!(memo.still(at, 10.1, 4, 0.2).is_some());
        assert!(memo.still(at + Vec3::X * 0.2, 10.1, 4, 0.2).is_some());
        assert!(
            memo.still(at + Vec3::X * 0.3, 10.1, 4, 0.2).is_none(),
            "moved"
        );
        assert!(memo.still(at, 10.1, 5, 0.2).is_none(), "a light changed");
        assert!(memo.still(at, 10.25, 4, 0.2).is_none(), "old");
        assert!(
            LightMemo::default()
                .still(Vec3::ZERO, 0.0, 0, 1.0)
                .is_none(),
            "never measured"
        );
    }
}
