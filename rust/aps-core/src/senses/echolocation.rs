//! Echolocation: pulses of rays, blind to light (spec section 1; its loss row: 0.6 s grace with
//! direct cut, "the pulse missed").
//!
//! Every Pulse Interval the AI pulses: each target in range and within the pulse's half-angle
//! gets one ray to its middle sample point; a clear ray (or one that hits the target) echoes
//! with `strength × (1 − d / range) × dulling`. Between pulses the last echo holds, so a target
//! stays sensed while the pulses keep finding it and is missed on the first pulse that doesn't:
//! Occluded behind something, OutOfRange beyond the range or the angle.

use super::{SenseContext, SenseUnit};
use crate::belief::loss::{LossDetail, LossReason};
use crate::gather::target::TargetSnapshot;
use crate::profile::EcholocationSettings;
use crate::senses::id::{Sense, SenseId};
use crate::{SenseReading, TargetId};

/// Position precision of an echo.
pub const ECHO_PRECISION: f32 = 0.8;

/// The echolocation sense: pulse timing and the last pulse's echoes.
#[derive(Debug, Clone)]
pub struct Echolocation {
    settings: EcholocationSettings,
    since_pulse: f32,
    pulsing: bool,
    echoes: Vec<(TargetId, SenseReading)>,
}

impl Echolocation {
    #[must_use]
    pub fn new(settings: EcholocationSettings) -> Self {
        Echolocation {
            settings,
            since_pulse: f32::INFINITY,
            pulsing: false,
            echoes: Vec::with_capacity(16),
        }
    }

    fn pulse(&self, ctx: &mut SenseContext, target: &TargetSnapshot) -> SenseReading {
        let s = &self.settings;
        let id = self.id();
        let aim = target
            .sample_points
            .get(target.sample_points.len() / 2)
            .copied()
            .unwrap_or(target.position);
        let to = aim - ctx.eye.position;
        let d = to.length();
        if d > s.echo_range {
            return SenseReading::out_of_range(id, LossDetail::TooFar);
        }
        if s.half_angle < 180.0
            && d > 1e-4
            && ctx.eye.forward.angle_between(to).to_degrees() > s.half_angle
        {
            return SenseReading::out_of_range(id, LossDetail::OutsideCone);
        }
        match ctx.cast_ray(ctx.eye.position, aim, s.collision_mask) {
            Some(hit) if Some(hit.body) != target.body => {
                SenseReading::missed(id, LossReason::Occluded)
            }
            _ => {
                let c =
                    s.strength * (1.0 - d / s.echo_range.max(1e-3)) * ctx.dulling.clamp(0.0, 1.0);
                if c > 0.0 {
                    SenseReading::new(id, c).at(target.position, ECHO_PRECISION)
                } else {
                    SenseReading::out_of_range(id, LossDetail::TooFar)
                }
            }
        }
    }
}

impl SenseUnit for Echolocation {
    fn id(&self) -> SenseId {
        Sense::Echolocation.id()
    }

    /// Seconds since the last pulse (`None` before the first) and whether the last tick
    /// pulsed. The last pulse's echoes are not kept: they were read in the tick that heard them.
    fn timers(&self) -> smallvec::SmallVec<[Option<f32>; 2]> {
        let since = self.since_pulse.is_finite().then_some(self.since_pulse);
        smallvec::smallvec![since, Some(if self.pulsing { 1.0 } else { 0.0 })]
    }

    fn set_timers(&mut self, timers: &[Option<f32>]) {
        if let Some(since) = timers.first() {
            self.since_pulse = since
                .filter(|s| s.is_finite())
                .map_or(f32::INFINITY, |s| s.max(0.0));
        }
        if let Some(pulsing) = timers.get(1) {
            self.pulsing = pulsing.is_some_and(|p| p > 0.5);
        }
    }

    fn reach(&self) -> f32 {
        self.settings.echo_range
    }

    /// Within range of the pulse's cone.
    fn could_sense(
        &self,
        probe: &super::Probe,
        _id: crate::TargetId,
        position: glam::Vec3,
    ) -> bool {
        let s = &self.settings;
        s.enabled && probe.in_cone(position, s.half_angle, s.echo_range)
    }

    fn pre_tick(&mut self, ctx: &mut SenseContext) {
        self.since_pulse += ctx.dt;
        self.pulsing =
            self.settings.enabled && self.since_pulse + 1e-4 >= self.settings.pulse_interval;
        if self.pulsing {
            self.since_pulse = 0.0;
            self.echoes.clear();
        }
    }

    fn evaluate(
        &mut self,
        ctx: &mut SenseContext,
        target: &TargetSnapshot,
    ) -> Option<SenseReading> {
        if !self.settings.enabled {
            return None;
        }
        if self.pulsing {
            let r = self.pulse(ctx, target);
            self.echoes.push((target.id, r));
            return Some(r);
        }
        // Between pulses the last echo holds; a target new since the pulse waits for the next.
        self.echoes
            .iter()
            .find(|(t, _)| *t == target.id)
            .map(|(_, r)| *r)
    }
}
