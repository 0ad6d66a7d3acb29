//! Damage: being hurt reveals who did it (spec section 1: being shot is around 1.0; section 13:
//! a shot from out of range is always believed). No range check: the attacker is a reading
//! wherever it stands, placed at its own position, for the Hold Time after each hit.

use super::{SenseContext, SenseUnit};
use crate::events::Event;
use crate::gather::target::TargetSnapshot;
use crate::profile::DamageSettings;
use crate::senses::id::{Sense, SenseId};
use crate::SenseReading;

/// Position precision of an attacker revealed by a hit.
pub const DAMAGE_PRECISION: f32 = 0.9;

/// The damage sense.
#[derive(Debug, Clone)]
pub struct DamageSense {
    settings: DamageSettings,
}

impl DamageSense {
    #[must_use]
    pub fn new(settings: DamageSettings) -> Self {
        DamageSense { settings }
    }
}

impl SenseUnit for DamageSense {
    fn id(&self) -> SenseId {
        Sense::Damage.id()
    }

    fn listens_to(&self) -> super::Stimuli {
        super::Stimuli::DAMAGE
    }

    /// Damage reaches from anywhere; it does not widen the gather range.
    fn reach(&self) -> f32 {
        0.0
    }

    /// Whoever hit the AI is held wherever it stands (gather); nobody else is sensed by it.
    fn could_sense(
        &self,
        _probe: &super::Probe,
        _id: crate::TargetId,
        _position: glam::Vec3,
    ) -> bool {
        false
    }

    fn pre_tick(&mut self, ctx: &mut SenseContext) {
        if !self.settings.enabled {
            return;
        }
        // Delegate payload: one event per new hit, whoever dealt it.
        let Some(damages) = ctx.world.damages else {
            return;
        };
        for d in damages.all() {
            if ctx.is_own(d.victim) && ctx.is_new(d.time) {
                ctx.payload.push(Event::Damaged {
                    instigator: d.instigator,
                    amount: if d.amount.is_finite() {
                        d.amount.clamp(0.0, crate::world::stimulus::MAX_DAMAGE)
                    } else {
                        0.0
                    },
                    location: d.location,
                });
            }
        }
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
        let damages = ctx.world.damages?;
        let hold = f64::from(s.hold_time);
        let hit = damages.all().iter().any(|d| {
            let age = ctx.world.now - d.time;
            d.instigator == Some(target.id) && ctx.is_own(d.victim) && (0.0..=hold).contains(&age)
        });
        hit.then(|| {
            SenseReading::new(self.id(), s.confidence).at(target.position, DAMAGE_PRECISION)
        })
    }
}
