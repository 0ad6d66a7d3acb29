//! Touch: physical contact (spec section 1). A body within reach of the AI's own touches it, and
//! so does a contact the game reports with `report_touch`. Contact is exact: precision 1.

use super::{SenseContext, SenseUnit};
use crate::events::Event;
use crate::gather::target::TargetSnapshot;
use crate::profile::TouchSettings;
use crate::senses::id::{Sense, SenseId};
use crate::SenseReading;

/// Confidence of a contact.
pub const CONTACT_CONFIDENCE: f32 = 1.0;

/// The touch sense.
#[derive(Debug, Clone)]
pub struct TouchSense {
    settings: TouchSettings,
}

impl TouchSense {
    #[must_use]
    pub fn new(settings: TouchSettings) -> Self {
        TouchSense { settings }
    }
}

impl SenseUnit for TouchSense {
    fn id(&self) -> SenseId {
        Sense::Touch.id()
    }

    fn listens_to(&self) -> super::Stimuli {
        super::Stimuli::TOUCH
    }

    fn reach(&self) -> f32 {
        self.settings.reach
    }

    fn evaluate(
        &mut self,
        ctx: &mut SenseContext,
        target: &TargetSnapshot,
    ) -> Option<SenseReading> {
        let s = &self.settings;
        if !s.enabled {
            return None;
        }
        let mut touched = ctx.body.distance(target.position) <= s.reach;
        if let Some(touches) = ctx.world.touches {
            for t in touches.all() {
                if t.other != target.id || !ctx.is_own(t.body) {
                    continue;
                }
                let age = ctx.world.now - t.time;
                if (0.0..=f64::from(s.contact_hold_time)).contains(&age) {
                    touched = true;
                    if ctx.is_new(t.time) {
                        ctx.payload.push(Event::Touched { target: target.id });
                    }
                }
            }
        }
        touched.then(|| SenseReading::new(self.id(), CONTACT_CONFIDENCE).at(target.position, 1.0))
    }
}
