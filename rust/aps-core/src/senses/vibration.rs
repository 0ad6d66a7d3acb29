//! Vibration: a target moving on the ground nearby (spec section 1; its loss row: 0 s grace,
//! decay multiplier 5: you stopped moving, the signal is gone).
//!
//! Confidence = sensitivity × clamp((speed − min) / (full − min)) × (1 − d / range) × dulling,
//! for a grounded target within the Vibration Detect Range, measured from the AI's body.

use super::{SenseContext, SenseUnit};
use crate::gather::target::TargetSnapshot;
use crate::profile::VibrationSettings;
use crate::senses::id::{Sense, SenseId};
use crate::SenseReading;

/// Position precision of a felt position.
pub const VIBRATION_PRECISION: f32 = 0.4;

/// The vibration sense.
#[derive(Debug, Clone)]
pub struct Vibration {
    settings: VibrationSettings,
}

impl Vibration {
    #[must_use]
    pub fn new(settings: VibrationSettings) -> Self {
        Vibration { settings }
    }

    /// The confidence for a grounded target moving at `speed` m/s, `distance` m away.
    #[must_use]
    pub fn feel(&self, speed: f32, distance: f32) -> f32 {
        let s = &self.settings;
        if distance >= s.vibration_detect_range || speed <= s.min_speed {
            return 0.0;
        }
        let span = (s.full_speed - s.min_speed).max(1e-3);
        s.sensitivity
            * ((speed - s.min_speed) / span).clamp(0.0, 1.0)
            * (1.0 - distance / s.vibration_detect_range)
    }
}

impl SenseUnit for Vibration {
    fn id(&self) -> SenseId {
        Sense::Vibration.id()
    }

    fn reach(&self) -> f32 {
        self.settings.vibration_detect_range
    }

    fn evaluate(
        &mut self,
        ctx: &mut SenseContext,
        target: &TargetSnapshot,
    ) -> Option<SenseReading> {
        if !self.settings.enabled || !target.grounded {
            return None;
        }
        let horizontal = |v: glam::Vec3| glam::Vec2::new(v.x, v.z);
        let speed = horizontal(target.velocity).length();
        let distance = ctx.body.distance(target.position);
        let c = self.feel(speed, distance) * ctx.dulling.clamp(0.0, 1.0);
        (c > 0.0).then(|| {
            SenseReading::new(self.id(), c.min(1.0)).at(target.position, VIBRATION_PRECISION)
        })
    }
}
