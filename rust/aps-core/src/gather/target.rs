//! What the senses may know about a candidate target this tick: a snapshot the adapter fills
//! from the engine (design notes: the core never holds engine objects).

use crate::senses::rays::BodyId;
use glam::Vec3;
use smallvec::SmallVec;

/// A perceivable thing, by a stable id the adapter chooses (in Godot, the instance id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct TargetId(pub u64);

/// Whether a belief is about someone or about a place (spec section 11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TargetKind {
    /// A body or registered object.
    #[default]
    Actor,
    /// A place: a noise with no known source, a body, a forced lock.
    Place,
}

/// The sample points vision looks at, in world space (head, chest, feet by default).
pub type SamplePoints = SmallVec<[Vec3; 4]>;

/// One candidate target as the world shows it this tick.
#[derive(Debug, Clone, PartialEq)]
pub struct TargetSnapshot {
    pub id: TargetId,
    pub kind: TargetKind,
    /// The physics body a ray hits when it reaches the target, if it has one.
    pub body: Option<BodyId>,
    pub position: Vec3,
    pub velocity: Vec3,
    /// World-space points vision casts rays to.
    pub sample_points: SamplePoints,
    /// 0 (pitch dark) to 1 (fully lit).
    pub light_level: f32,
    /// Cloak: 1 normal, 0 invisible.
    pub visibility_multiplier: f32,
    /// Scales the noise the target makes.
    pub noise_multiplier: f32,
    /// Scales the scent the target leaves.
    pub scent_multiplier: f32,
    /// Standing on the ground (it shakes the ground when it moves).
    pub grounded: bool,
    /// Discovered evidence (a body, a forced lock): perceiving it makes a belief about a place
    /// of this tag (spec section 11) instead of about the object.
    pub evidence_tag: Option<u32>,
    pub team_id: i32,
}

impl TargetSnapshot {
    /// A target at `position` with one sample point there, lit, not cloaked.
    #[must_use]
    pub fn at(id: TargetId, position: Vec3) -> Self {
        let mut sample_points = SamplePoints::new();
        sample_points.push(position);
        TargetSnapshot {
            id,
            kind: TargetKind::Actor,
            body: None,
            position,
            velocity: Vec3::ZERO,
            sample_points,
            light_level: 1.0,
            visibility_multiplier: 1.0,
            noise_multiplier: 1.0,
            scent_multiplier: 1.0,
            grounded: true,
            evidence_tag: None,
            team_id: 0,
        }
    }

    /// The same target with head, chest and feet points for a body `height` tall standing at
    /// `position` (its feet).
    #[must_use]
    pub fn standing(id: TargetId, feet: Vec3, height: f32) -> Self {
        let mut t = Self::at(id, feet + Vec3::Y * height * 0.5);
        t.sample_points = standing_points(feet, height);
        t
    }

    #[must_use]
    pub fn speed(&self) -> f32 {
        self.velocity.length()
    }
}

/// Head, chest and feet of a body `height` tall whose feet are at `feet`.
#[must_use]
pub fn standing_points(feet: Vec3, height: f32) -> SamplePoints {
    let mut p = SamplePoints::new();
    p.push(feet + Vec3::Y * height * 0.9);
    p.push(feet + Vec3::Y * height * 0.6);
    p.push(feet + Vec3::Y * height * 0.1);
    p
}
