//! What the senses may know about a candidate target this tick: a snapshot the adapter fills
//! from the engine (design notes: the core never holds engine objects).

use crate::senses::rays::BodyId;
use glam::Vec3;
use smallvec::SmallVec;

/// A perceivable thing, by a stable id the adapter chooses (in Godot, the instance id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct TargetId(pub u64);

/// Whether a belief is about someone or about a place (spec section 11).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
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
    /// A character: a body that moves by itself (a character body, a rigid body), which an
    /// eye goes to before a plain object in a crowd (see [`salience`](crate::crowd::salience)).
    pub character: bool,
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
            character: false,
        }
    }

    /// The same target with head, chest and feet points for a body `height` tall standing at
    /// `position` (its feet): a character.
    #[must_use]
    pub fn standing(id: TargetId, feet: Vec3, height: f32) -> Self {
        let mut t = Self::at(id, feet + Vec3::Y * height * 0.5);
        t.sample_points = standing_points(feet, height);
        t.character = true;
        t
    }

    #[must_use]
    pub fn speed(&self) -> f32 {
        self.velocity.length()
    }

    /// Whether the target stands somewhere real: its position and sample points are finite. A
    /// target at a position that is not a number cannot be perceived (see
    /// [`PerceptionCore::run`](crate::PerceptionCore::run)).
    #[must_use]
    pub fn is_finite(&self) -> bool {
        self.position.is_finite() && self.sample_points.iter().all(|p| p.is_finite())
    }
}

/// Where vision looks on a body by default, as fractions of its height from the feet: head,
/// chest and feet (spec section 4: "too few visible points" is a loss by occlusion, so a
/// shoulder past cover shows only some of them).
pub const SAMPLE_HEIGHTS: [f32; 3] = [0.9, 0.6, 0.1];

/// The heights of head, chest and feet on a shape spanning `bottom..top` vertically.
#[must_use]
pub fn sample_heights(bottom: f32, top: f32) -> [f32; 3] {
    let h = top - bottom;
    SAMPLE_HEIGHTS.map(|f| bottom + h * f)
}

/// Head, chest and feet of a body `height` tall whose feet are at `feet`.
#[must_use]
pub fn standing_points(feet: Vec3, height: f32) -> SamplePoints {
    sample_heights(0.0, height)
        .iter()
        .map(|y| feet + Vec3::Y * *y)
        .collect()
}

/// How a target lets itself be perceived, as the game describes it (in Godot, its
/// `ApsTargetComponent`): how lit it is, the light it carries, its cloak, noise and scent.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TargetTraits {
    /// How much of the world's light reaches it, 0..1 (dark clothes in shadow: 0.3).
    pub light_level: f32,
    /// Light it carries (a flashlight), 0..1: it is at least this lit.
    pub carried_light: f32,
    /// Cloak: 1 normal, 0 invisible.
    pub visibility_multiplier: f32,
    /// Scales the noise it makes.
    pub noise_multiplier: f32,
    /// Scales the scent it leaves (0: no trail).
    pub scent_multiplier: f32,
    pub team_id: i32,
}

impl Default for TargetTraits {
    fn default() -> Self {
        TargetTraits {
            light_level: 1.0,
            carried_light: 0.0,
            visibility_multiplier: 1.0,
            noise_multiplier: 1.0,
            scent_multiplier: 1.0,
            team_id: 0,
        }
    }
}

impl TargetTraits {
    /// The range of a light level: 0 (pitch dark) to 1 (fully lit).
    pub const LIGHT_RANGE: (f32, f32) = (0.0, 1.0);
    /// The range of the cloak, noise and scent multipliers.
    pub const MULTIPLIER_RANGE: (f32, f32) = (0.0, 10.0);

    /// Every value in its range ([`Self::LIGHT_RANGE`], [`Self::MULTIPLIER_RANGE`]); a value
    /// that is not a number takes the default.
    #[must_use]
    pub fn checked(self) -> Self {
        let d = TargetTraits::default();
        let keep = |v: f32, fallback: f32, (lo, hi): (f32, f32)| {
            if v.is_nan() {
                fallback
            } else {
                v.clamp(lo, hi)
            }
        };
        let (light, multiplier) = (Self::LIGHT_RANGE, Self::MULTIPLIER_RANGE);
        TargetTraits {
            light_level: keep(self.light_level, d.light_level, light),
            carried_light: keep(self.carried_light, d.carried_light, light),
            visibility_multiplier: keep(
                self.visibility_multiplier,
                d.visibility_multiplier,
                multiplier,
            ),
            noise_multiplier: keep(self.noise_multiplier, d.noise_multiplier, multiplier),
            scent_multiplier: keep(self.scent_multiplier, d.scent_multiplier, multiplier),
            team_id: self.team_id,
        }
    }

    /// The light on the target where the world's light is `world_light`: lit by the world as
    /// much as the target lets it be, or by the light it carries, whichever is brighter.
    #[must_use]
    pub fn light(&self, world_light: f32) -> f32 {
        (world_light * self.light_level).max(self.carried_light)
    }

    /// Describes `snap` with these traits, lit at its position by `world_light`.
    pub fn apply(&self, snap: &mut TargetSnapshot, world_light: f32) {
        let t = self.checked();
        snap.light_level = t.light(world_light);
        snap.visibility_multiplier = t.visibility_multiplier;
        snap.noise_multiplier = t.noise_multiplier;
        snap.scent_multiplier = t.scent_multiplier;
        snap.team_id = t.team_id;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn head_chest_and_feet_sit_at_90_60_and_10_percent_of_the_height() {
        let [head, chest, feet] = sample_heights(-0.9, 0.9);
        assert!((head - 0.72).abs() < 1e-6);
        assert!((chest - 0.18).abs() < 1e-6);
        assert!((feet + 0.72).abs() < 1e-6);
        let p = standing_points(Vec3::new(1.0, 0.0, 2.0), 1.8);
        assert_eq!(p.len(), 3);
        assert!((p[0].y - 1.62).abs() < 1e-6 && (p[2].y - 0.18).abs() < 1e-6);
        assert_eq!(p[1].x, 1.0);
    }

    #[test]
    fn a_target_is_lit_by_the_world_as_it_lets_itself_be_or_by_its_own_light() {
        let dark_clothes = TargetTraits {
            light_level: 0.3,
            ..TargetTraits::default()
        };
        assert!((dark_clothes.light(1.0) - 0.3).abs() < 1e-6);
        assert!((dark_clothes.light(0.5) - 0.15).abs() < 1e-6);
        let torch = TargetTraits {
            carried_light: 0.8,
            ..dark_clothes
        };
        assert!(
            (torch.light(0.1) - 0.8).abs() < 1e-6,
            "the torch outshines the dark"
        );
        assert!((TargetTraits::default().light(0.6) - 0.6).abs() < 1e-6);
    }

    #[test]
    fn traits_out_of_range_are_kept_in_range() {
        let t = TargetTraits {
            light_level: 4.0,
            carried_light: f32::NAN,
            visibility_multiplier: -1.0,
            noise_multiplier: f32::INFINITY,
            scent_multiplier: 2.0,
            team_id: 3,
        }
        .checked();
        assert_eq!(t.light_level, 1.0);
        assert_eq!(t.carried_light, 0.0);
        assert_eq!(t.visibility_multiplier, 0.0);
        assert_eq!(t.noise_multiplier, 10.0, "infinity is kept to the maximum");
        assert_eq!(t.scent_multiplier, 2.0);
        let mut snap = TargetSnapshot::at(TargetId(1), Vec3::ZERO);
        t.apply(&mut snap, 0.5);
        assert_eq!((snap.light_level, snap.team_id), (0.5, 3));
    }
}
