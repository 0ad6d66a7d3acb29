//! What the senses note while they look: the factors each reading was made of and every ray
//! they cast, so that `explain` can say why and debug drawing can show the rays.
//!
//! Notes are plain data in two flat buffers that keep their capacity, refilled every pass: once
//! warm, noting allocates nothing. A perceiver that is not noting pays one branch per factor.

use crate::senses::id::SenseId;
use crate::senses::rays::BodyId;
use crate::TargetId;
use glam::Vec3;

/// One factor a sense's confidence was multiplied by, or a count it was judged on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Factor {
    /// The sense's own sharpness (vision's Acuity, hearing's Sensitivity).
    Acuity,
    /// What distance leaves: vision `1 − (d / range)²`, hearing `1 − d / range`.
    Distance,
    /// Metres from the eyes (a measure, not a factor).
    Metres,
    /// The sense's range in metres (a measure).
    Range,
    /// Vision's angle factor: 1 on the axis, 0.85 at the main cone's edge, the peripheral
    /// factor beyond.
    Cone,
    /// Degrees off the eyes' axis (a measure).
    Degrees,
    /// The fraction of sample points a ray reached.
    Exposure,
    /// Sample points a ray reached (a count).
    VisiblePoints,
    /// Sample points tried (a count).
    SamplePoints,
    /// Vision's motion bonus for a moving target.
    Motion,
    /// Vision's light factor: the dark visibility in the dark, 1 in full light.
    Light,
    /// The light level at the target, 0..1 (a measure).
    LightLevel,
    /// The target's visibility multiplier (a cloak below 1).
    Cloak,
    /// Pain dulling the senses (1: none).
    Dulling,
    /// A sound's loudness.
    Loudness,
    /// The target's noise multiplier.
    Noise,
    /// How much of the sound's hold time is left.
    Fade,
    /// Rain masking.
    Rain,
    /// Wall muffling: the wall muffle factor when a wall stands between, else 1 (with
    /// occluders, what of the sound got through them).
    Muffling,
    /// Metres a sound took round a wall to the ear, through a doorway or a vent (a measure),
    /// when it came round.
    RouteMetres,
    /// What of the light got through the occluders between (glass, foliage, smoke): the mean
    /// over the sample points reached, 1 when nothing stood between.
    Transmission,
}

impl Factor {
    /// The name a script reads in `explain()`'s dictionary.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Factor::Acuity => "acuity",
            Factor::Distance => "distance",
            Factor::Metres => "metres",
            Factor::Range => "range",
            Factor::Cone => "cone",
            Factor::Degrees => "degrees",
            Factor::Exposure => "exposure",
            Factor::VisiblePoints => "visible_points",
            Factor::SamplePoints => "sample_points",
            Factor::Motion => "motion",
            Factor::Light => "light",
            Factor::LightLevel => "light_level",
            Factor::Cloak => "cloak",
            Factor::Dulling => "pain_dulling",
            Factor::Loudness => "loudness",
            Factor::Noise => "noise",
            Factor::Fade => "fade",
            Factor::Rain => "rain",
            Factor::Muffling => "muffling",
            Factor::Transmission => "transmission",
            Factor::RouteMetres => "route_metres",
        }
    }
}

/// One factor of one sense's reading of one target.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FactorNote {
    pub target: TargetId,
    pub sense: SenseId,
    pub factor: Factor,
    pub value: f32,
}

/// One ray a sense cast while looking at a target.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RayNote {
    pub target: TargetId,
    pub sense: SenseId,
    pub from: Vec3,
    pub to: Vec3,
    /// What stopped it, if anything. A ray stopped by the target's own body reached it.
    pub hit: Option<BodyId>,
    /// Where it stopped (the ray's end when the space does not report hit points).
    pub hit_position: Vec3,
    /// It reached what it was cast at.
    pub reached: bool,
    /// The first occluder it passed through (glass, foliage), if any.
    pub through: Option<BodyId>,
}

/// The notes of one pass.
#[derive(Debug, Clone, Default)]
pub struct Notes {
    on: bool,
    /// Who and what is being looked at now: set before each sense evaluates a target.
    target: TargetId,
    sense: SenseId,
    factors: Vec<FactorNote>,
    rays: Vec<RayNote>,
}

impl Notes {
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Starts or stops noting; stopping empties the notes.
    pub fn set_on(&mut self, on: bool) {
        self.on = on;
        if !on {
            self.clear();
        }
    }

    #[must_use]
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Empties the buffers for a new pass, keeping their capacity.
    pub fn clear(&mut self) {
        self.factors.clear();
        self.rays.clear();
    }

    /// What the notes that follow are about.
    pub fn about(&mut self, target: TargetId, sense: SenseId) {
        self.target = target;
        self.sense = sense;
    }

    /// Notes a factor of the current sense's reading of the current target.
    pub fn factor(&mut self, factor: Factor, value: f32) {
        if self.on {
            self.factors.push(FactorNote {
                target: self.target,
                sense: self.sense,
                factor,
                value,
            });
        }
    }

    /// Notes a ray of the current sense toward the current target.
    pub fn ray(&mut self, from: Vec3, to: Vec3, hit: Option<(BodyId, Vec3)>, reached: bool) {
        self.ray_through(from, to, hit, reached, None);
    }

    /// A ray that passed through an occluder on its way.
    pub fn ray_through(
        &mut self,
        from: Vec3,
        to: Vec3,
        hit: Option<(BodyId, Vec3)>,
        reached: bool,
        through: Option<BodyId>,
    ) {
        if self.on {
            self.rays.push(RayNote {
                target: self.target,
                sense: self.sense,
                from,
                to,
                hit: hit.map(|h| h.0),
                hit_position: hit.map_or(to, |h| h.1),
                reached,
                through,
            });
        }
    }

    /// Every factor noted this pass.
    #[must_use]
    pub fn factors(&self) -> &[FactorNote] {
        &self.factors
    }

    /// Every ray noted this pass.
    #[must_use]
    pub fn rays(&self) -> &[RayNote] {
        &self.rays
    }

    /// The factors of `sense`'s reading of `target`, in the order noted.
    pub fn factors_of(
        &self,
        target: TargetId,
        sense: SenseId,
    ) -> impl Iterator<Item = &FactorNote> + '_ {
        self.factors
            .iter()
            .filter(move |f| f.target == target && f.sense == sense)
    }

    /// The value of one factor, if noted.
    #[must_use]
    pub fn value(&self, target: TargetId, sense: SenseId, factor: Factor) -> Option<f32> {
        self.factors_of(target, sense)
            .find(|f| f.factor == factor)
            .map(|f| f.value)
    }

    /// The rays `sense` cast at `target`.
    pub fn rays_of(&self, target: TargetId, sense: SenseId) -> impl Iterator<Item = &RayNote> + '_ {
        self.rays
            .iter()
            .filter(move |r| r.target == target && r.sense == sense)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::senses::id::Sense;

    #[test]
    fn nothing_is_noted_while_off_and_clearing_keeps_capacity() {
        let mut n = Notes::new();
        n.about(TargetId(1), Sense::Vision.id());
        n.factor(Factor::Light, 0.2);
        n.ray(Vec3::ZERO, Vec3::X, None, true);
        assert!(n.factors().is_empty() && n.rays().is_empty());
        n.set_on(true);
        n.factor(Factor::Light, 0.2);
        n.ray(Vec3::ZERO, Vec3::X, Some((BodyId(7), Vec3::X * 0.5)), false);
        assert_eq!(
            n.value(TargetId(1), Sense::Vision.id(), Factor::Light),
            Some(0.2)
        );
        assert_eq!(
            n.value(TargetId(2), Sense::Vision.id(), Factor::Light),
            None
        );
        let ray = n.rays_of(TargetId(1), Sense::Vision.id()).next().unwrap();
        assert_eq!(
            (ray.hit, ray.hit_position),
            (Some(BodyId(7)), Vec3::X * 0.5)
        );
        let cap = n.factors.capacity();
        n.clear();
        assert!(n.factors().is_empty() && n.rays().is_empty());
        assert_eq!(n.factors.capacity(), cap);
    }
}
