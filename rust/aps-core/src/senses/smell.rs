//! Smell: a target's scent trail, smelled within range (spec section 1; loss reason ScentLost).
//!
//! Each point of the trail, and the target itself, smells of `strength × (1 − age / lifetime)`.
//! A point at distance d is smelled with `sensitivity × strength × (1 − d / range') × rain ×
//! dulling × the target's scent multiplier`, where range' is the Range stretched downwind and
//! shrunk upwind by `1 + wind_range_factor × wind speed × alignment` (alignment: +1 when the
//! wind blows from the point to the nose). The strongest point wins and is where the AI thinks
//! the target is, with low precision. The trail's direction there (toward the next point left
//! after it) is the reading's heading, so a scent loss points the way the trail leads.

use super::{SenseContext, SenseUnit};
use crate::gather::target::TargetSnapshot;
use crate::profile::{SmellSettings, MAX_WIND_STRETCH};
use crate::senses::id::{Sense, SenseId};
use crate::SenseReading;
use glam::Vec3;

/// Position precision of a smelled position: vague.
pub const SMELL_PRECISION: f32 = 0.2;

/// The smell sense.
#[derive(Debug, Clone)]
pub struct Smell {
    settings: SmellSettings,
}

impl Smell {
    #[must_use]
    pub fn new(settings: SmellSettings) -> Self {
        Smell { settings }
    }

    /// The range for a scent at `from` reaching a nose at `nose` in `wind`.
    #[must_use]
    pub fn range_towards(&self, from: Vec3, nose: Vec3, wind: Vec3) -> f32 {
        let s = &self.settings;
        let speed = wind.length();
        let to_nose = nose - from;
        if speed < 1e-4 || to_nose.length_squared() < 1e-8 {
            return s.range;
        }
        let alignment = to_nose.normalize().dot(wind / speed);
        let stretch = (1.0 + s.wind_range_factor * speed * alignment).clamp(0.25, MAX_WIND_STRETCH);
        s.range * stretch
    }

    /// How strongly a scent of `strength` at `at` is smelled from `nose`.
    #[must_use]
    pub fn smell_point(&self, ctx: &SenseContext, at: Vec3, strength: f32) -> f32 {
        let nose = ctx.eye.position;
        let wind = ctx.world.conditions.map_or(Vec3::ZERO, |c| c.wind);
        let range = self.range_towards(at, nose, wind);
        let d = at.distance(nose);
        if range <= 0.0 || d >= range {
            return 0.0;
        }
        self.settings.sensitivity
            * strength
            * (1.0 - d / range)
            * ctx.world.rain_factor(self.settings.rain_masking)
            * ctx.dulling.clamp(0.0, 1.0)
    }
}

impl SenseUnit for Smell {
    fn id(&self) -> SenseId {
        Sense::Smell.id()
    }

    fn listens_to(&self) -> super::Stimuli {
        super::Stimuli::SCENT
    }

    /// Downwind, a scent carries up to the range stretched as far as wind can stretch it.
    fn reach(&self) -> f32 {
        self.settings.range * MAX_WIND_STRETCH
    }

    fn evaluate(
        &mut self,
        ctx: &mut SenseContext,
        target: &TargetSnapshot,
    ) -> Option<SenseReading> {
        if !self.settings.enabled {
            return None;
        }
        let scent = target.scent_multiplier.max(0.0);
        // The target itself smells freshest; its heading is where it is going.
        let mut confidence = self.smell_point(ctx, target.position, scent);
        let (mut at, mut heading) = (target.position, target.velocity);
        if let Some(field) = ctx.world.scents {
            if let Some(trail) = field.trail(target.id) {
                let points = trail.points();
                let mut best = None;
                for (i, p) in points.iter().enumerate() {
                    let strength = field.strength_at(p, ctx.world.now) * scent;
                    let c = self.smell_point(ctx, p.position, strength);
                    if c > confidence {
                        confidence = c;
                        best = Some(i);
                    }
                }
                if let Some(p) = best.map(|i| points[i]) {
                    // The trail leads on to the next point left after this one, or to the
                    // target itself after the newest.
                    let next = points
                        .iter()
                        .filter(|q| q.time > p.time)
                        .min_by(|a, b| a.time.total_cmp(&b.time))
                        .map_or(target.position, |q| q.position);
                    at = p.position;
                    heading = next - p.position;
                }
            }
        }
        (confidence >= self.settings.min_confidence).then(|| {
            SenseReading::new(self.id(), confidence.min(1.0))
                .at(at, SMELL_PRECISION)
                .heading(heading)
        })
    }
}
