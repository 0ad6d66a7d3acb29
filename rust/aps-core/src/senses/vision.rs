//! Vision: a range, a main cone and a peripheral cone, rays to the target's sample points
//! (spec section 1: around 0.9 at 5 m in full view and bright light, around 0.15 at 30 m with
//! only a shoulder showing).
//!
//! Confidence = acuity × exposure × distance × angle × motion × light × cloak × dulling, where
//! exposure is the fraction of sample points a ray reaches, distance is `1 − (d / range)²`,
//! the angle factor eases from 1 on the axis to 0.85 at the edge of the main cone and is the
//! peripheral factor (halving toward the edge) outside it, motion adds up to the motion bonus
//! at 6 m/s, and light runs from the dark visibility to 1.
//!
//! A look that finds nothing says why (spec section 4): outside the range or the cones is
//! OutOfRange; no point reached, or too little exposure, is Occluded; in view but too faint
//! (dark, cloaked, dulled by pain) is SensorDropout.

use super::{SenseContext, SenseUnit};
use crate::belief::loss::{LossDetail, LossReason};
use crate::gather::target::TargetSnapshot;
use crate::insight::notes::Factor;
use crate::profile::VisionSettings;
use crate::senses::id::{Sense, SenseId};
use crate::senses::transmission::{Medium, TraceRay};
use crate::SenseReading;
use glam::Vec3;

/// Speed in m/s at which a target gets the whole motion bonus.
pub const MOTION_FULL_SPEED: f32 = 6.0;

/// The angle factor at the edge of the main cone.
pub const MAIN_CONE_EDGE_FACTOR: f32 = 0.85;

/// The vision sense.
#[derive(Debug, Clone)]
pub struct Vision {
    settings: VisionSettings,
}

impl Vision {
    #[must_use]
    pub fn new(settings: VisionSettings) -> Self {
        Vision { settings }
    }

    /// The angle factor for a target `angle` degrees off the eye's axis, `None` outside both
    /// cones.
    #[must_use]
    pub fn angle_factor(&self, angle: f32) -> Option<f32> {
        let v = &self.settings;
        if angle <= v.main_cone_half_angle {
            let t = if v.main_cone_half_angle > 0.0 {
                angle / v.main_cone_half_angle
            } else {
                0.0
            };
            Some(1.0 + (MAIN_CONE_EDGE_FACTOR - 1.0) * t)
        } else if angle <= v.peripheral_half_angle {
            let band = (v.peripheral_half_angle - v.main_cone_half_angle).max(1e-3);
            let t = (angle - v.main_cone_half_angle) / band;
            Some(v.peripheral_factor * (1.0 - 0.5 * t))
        } else {
            None
        }
    }

    /// How much distance leaves of confidence: `1 − (d / range)²`.
    #[must_use]
    pub fn distance_factor(&self, distance: f32) -> f32 {
        let r = self.settings.max_range.max(1e-3);
        (1.0 - (distance / r).powi(2)).max(0.0)
    }

    /// The light factor for a target lit at `light` (0..1).
    #[must_use]
    pub fn light_factor(&self, light: f32) -> f32 {
        let dark = self.settings.dark_visibility;
        dark + (1.0 - dark) * light.clamp(0.0, 1.0)
    }

    /// The motion factor for a target moving at `speed` m/s.
    #[must_use]
    pub fn motion_factor(&self, speed: f32) -> f32 {
        1.0 + self.settings.motion_bonus * (speed / MOTION_FULL_SPEED).clamp(0.0, 1.0)
    }

    /// Looks at one target, noting every factor and ray when the AI is noting.
    pub fn look(&self, ctx: &mut SenseContext, target: &TargetSnapshot) -> SenseReading {
        let v = &self.settings;
        let id = Sense::Vision.id();
        let eye = ctx.eye.position;
        let to = target.position - eye;
        let distance = to.length();
        ctx.note(Factor::Metres, distance);
        ctx.note(Factor::Range, v.max_range);
        // Cull by range and cone before any ray.
        if distance > v.max_range {
            return SenseReading::out_of_range(id, LossDetail::TooFar);
        }
        let angle = if distance > 1e-4 {
            ctx.eye.forward.angle_between(to).to_degrees()
        } else {
            0.0
        };
        ctx.note(Factor::Degrees, angle);
        let Some(angle_factor) = self.angle_factor(angle) else {
            return SenseReading::out_of_range(id, LossDetail::OutsideCone);
        };

        let (rays, visible) = self.sight_lines(ctx, eye, target);
        if visible <= 0.0 {
            return SenseReading::missed(id, LossReason::Occluded);
        }
        let exposure = visible / rays as f32;

        let distance_factor = self.distance_factor(distance);
        let motion = self.motion_factor(target.speed());
        ctx.note(Factor::Acuity, v.acuity);
        ctx.note(Factor::Exposure, exposure);
        ctx.note(Factor::Distance, distance_factor);
        ctx.note(Factor::Cone, angle_factor);
        ctx.note(Factor::Motion, motion);
        let geometric = v.acuity * exposure * distance_factor * angle_factor * motion;
        if geometric < v.min_confidence {
            return too_faint(id, exposure, distance_factor, angle_factor);
        }
        let confidence = self.lit_confidence(ctx, target, geometric);
        if confidence < v.min_confidence {
            return SenseReading::missed(id, LossReason::SensorDropout);
        }
        let precision = if angle <= v.main_cone_half_angle {
            1.0
        } else {
            0.7
        };
        SenseReading::new(id, confidence.min(1.0)).at(target.position, precision)
    }

    /// Casts a ray to each of the target's sample points (at most Max Rays Per Target; to its
    /// position alone when it has none) and notes how many reached. Returns how many rays were
    /// cast and how much of the target they saw.
    #[inline]
    fn sight_lines(
        &self,
        ctx: &mut SenseContext,
        eye: Vec3,
        target: &TargetSnapshot,
    ) -> (u32, f32) {
        let points = target
            .sample_points
            .iter()
            .take(self.settings.max_rays_per_target.max(1) as usize);
        let mut rays = 0u32;
        let mut reached = 0u32;
        let mut visible = 0.0f32;
        for &point in points {
            rays += 1;
            if let Some(fraction) = self.sight_line(ctx, eye, target, point) {
                reached += 1;
                visible += fraction;
            }
        }
        if rays == 0 {
            // No sample points: judge by the body's position alone.
            rays = 1;
            if let Some(fraction) = self.sight_line(ctx, eye, target, target.position) {
                reached = 1;
                visible = fraction;
            }
        }
        ctx.note(Factor::VisiblePoints, reached as f32);
        ctx.note(Factor::SamplePoints, rays as f32);
        if reached > 0 && visible < reached as f32 {
            ctx.note(Factor::Transmission, visible / reached as f32);
        }
        (rays, visible)
    }

    /// One ray from the eye to a point of the target. It reaches the point when nothing
    /// opaque, only the target's own body or what lets sight through (glass, foliage, smoke),
    /// stands between; the point then counts as the fraction of it that got through (1 in the
    /// open).
    #[inline]
    fn sight_line(
        &self,
        ctx: &mut SenseContext,
        eye: Vec3,
        target: &TargetSnapshot,
        point: Vec3,
    ) -> Option<f32> {
        let ray = TraceRay {
            from: eye,
            to: point,
            mask: self.settings.collision_mask,
            medium: Medium::Sight,
            stop_at: target.body,
        };
        let t = ctx.trace(ray);
        ctx.note_trace(&ray, &t);
        if t.reached {
            Some(t.transmitted)
        } else {
            None
        }
    }

    /// The confidence of a look that made the target out (`geometric`), under the target's
    /// light, its cloak and the AI's dulling, each noted.
    #[inline]
    fn lit_confidence(
        &self,
        ctx: &mut SenseContext,
        target: &TargetSnapshot,
        geometric: f32,
    ) -> f32 {
        let light = self.light_factor(target.light_level);
        let cloak = target.visibility_multiplier.clamp(0.0, 2.0);
        let dulling = ctx.dulling.clamp(0.0, 1.0);
        ctx.note(Factor::LightLevel, target.light_level);
        ctx.note(Factor::Light, light);
        ctx.note(Factor::Cloak, cloak);
        ctx.note(Factor::Dulling, dulling);
        geometric * light * cloak * dulling
    }
}

/// Why a target mostly in view is yet too faint to make out (spec section 4): too little of
/// it showing is Occluded; otherwise too far, or too far off the axis at the fringe of the
/// peripheral cone, whichever took more of it.
#[inline]
fn too_faint(id: SenseId, exposure: f32, distance_factor: f32, angle_factor: f32) -> SenseReading {
    if exposure < 0.5 {
        SenseReading::missed(id, LossReason::Occluded)
    } else if distance_factor <= angle_factor {
        SenseReading::out_of_range(id, LossDetail::TooFar)
    } else {
        SenseReading::out_of_range(id, LossDetail::OutsideCone)
    }
}

impl SenseUnit for Vision {
    fn id(&self) -> SenseId {
        Sense::Vision.id()
    }

    fn reach(&self) -> f32 {
        self.settings.max_range
    }

    /// Within range of the peripheral cone (the wider of the two).
    fn could_sense(
        &self,
        probe: &super::Probe,
        _id: crate::TargetId,
        position: glam::Vec3,
    ) -> bool {
        let v = &self.settings;
        v.enabled
            && probe.in_cone(
                position,
                v.peripheral_half_angle.max(v.main_cone_half_angle),
                v.max_range,
            )
    }

    fn evaluate(
        &mut self,
        ctx: &mut SenseContext,
        target: &TargetSnapshot,
    ) -> Option<SenseReading> {
        if !self.settings.enabled {
            return None;
        }
        Some(self.look(ctx, target))
    }
}
