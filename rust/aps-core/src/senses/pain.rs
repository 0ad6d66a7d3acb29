//! Pain: the AI's own pain from damage taken (spec section 10: own senses, pain fires its event;
//! then pain dulling of every other sense).
//!
//! Pre Tick adds `pain_per_damage × amount` for each new hit on the AI's own bodies, lets pain
//! fall at the decay rate, fires `PainChanged` when it moved by the event step (or reached 0),
//! and sets the tick's dulling: above the dulling threshold, the other senses keep
//! `1 − dulling_factor × pain` of their confidence. Vision dulled below its minimum answers
//! SensorDropout (spec section 4: blotted out by pain). Pain reads no target.

use super::{SenseContext, SenseUnit};
use crate::events::Event;
use crate::gather::target::TargetSnapshot;
use crate::profile::PainSettings;
use crate::senses::id::{Sense, SenseId};
use crate::SenseReading;

/// The pain sense and the AI's pain level.
#[derive(Debug, Clone)]
pub struct Pain {
    settings: PainSettings,
    level: f32,
    reported: f32,
}

impl Pain {
    /// The level and the level last reported.
    #[must_use]
    pub fn state(&self) -> (f32, f32) {
        (self.level, self.reported)
    }

    /// Sets the level and the level last reported (each kept in 0..1).
    pub fn set_state(&mut self, level: f32, reported: f32) {
        let unit = |x: f32| {
            if x.is_finite() {
                x.clamp(0.0, 1.0)
            } else {
                0.0
            }
        };
        self.level = unit(level);
        self.reported = unit(reported);
    }

    #[must_use]
    pub fn new(settings: PainSettings) -> Self {
        Pain {
            settings,
            level: 0.0,
            reported: 0.0,
        }
    }

    /// New settings (a profile swap), keeping the pain the AI is in.
    pub fn set_settings(&mut self, settings: PainSettings) {
        self.settings = settings;
    }

    /// Pain now, 0..1.
    #[must_use]
    pub fn level(&self) -> f32 {
        self.level
    }

    /// What pain leaves of the other senses' confidence.
    #[must_use]
    pub fn dulling(&self) -> f32 {
        let s = &self.settings;
        if self.level > s.dulling_threshold {
            (1.0 - s.dulling_factor * self.level).clamp(0.0, 1.0)
        } else {
            1.0
        }
    }
}

impl SenseUnit for Pain {
    fn id(&self) -> SenseId {
        Sense::Pain.id()
    }

    fn listens_to(&self) -> super::Stimuli {
        if self.settings.enabled {
            super::Stimuli::DAMAGE
        } else {
            super::Stimuli::NONE
        }
    }

    fn reach(&self) -> f32 {
        0.0
    }

    /// Pain is the AI's own: it senses no target.
    fn could_sense(
        &self,
        _probe: &super::Probe,
        _id: crate::TargetId,
        _position: glam::Vec3,
    ) -> bool {
        false
    }

    fn pre_tick(&mut self, ctx: &mut SenseContext) {
        let s = self.settings;
        if !s.enabled {
            return;
        }
        self.level = (self.level - s.decay_rate * ctx.dt).max(0.0);
        if let Some(damages) = ctx.world.damages {
            for d in damages.all() {
                if ctx.is_own(d.victim) && ctx.is_new(d.time) {
                    self.level += s.pain_per_damage * d.amount.max(0.0);
                }
            }
        }
        self.level = self.level.min(1.0);
        let moved = (self.level - self.reported).abs() >= s.event_step;
        let settled = self.level == 0.0 && self.reported != 0.0;
        if moved || settled {
            self.reported = self.level;
            ctx.payload.push(Event::PainChanged { level: self.level });
        }
        ctx.dulling *= self.dulling();
    }

    fn evaluate(
        &mut self,
        _ctx: &mut SenseContext,
        _target: &TargetSnapshot,
    ) -> Option<SenseReading> {
        None
    }
}
