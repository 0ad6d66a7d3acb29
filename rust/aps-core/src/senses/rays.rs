//! The seam between the core and an engine's physics: ray queries (design notes, "The shape").
//!
//! The Godot adapter implements [`Space`] with `PhysicsDirectSpaceState3D`; [`BoxSpace`] is a
//! plain-Rust world of boxes for the core's own tests and benchmarks.

use glam::Vec3;

/// A physics body, by a stable id the adapter chooses (in Godot, the collider's instance id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct BodyId(pub u64);

/// What a ray hit first.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RayHit {
    pub body: BodyId,
    /// Where, if the space reports it (the Godot adapter gives the ray's end: no sense needs
    /// the point, and reading it costs time on every ray).
    pub position: Vec3,
}

/// Ray queries against the world.
pub trait Space {
    /// The first body between `from` and `to` on any layer of `mask`, ignoring `exclude`.
    fn cast_ray(&mut self, from: Vec3, to: Vec3, mask: u32, exclude: &[BodyId]) -> Option<RayHit>;

    /// [`Space::cast_ray`] for a ray cast toward the body `toward` (a target's sample point
    /// inside it): reaching it and hitting nothing mean the same to the caller, so a space
    /// may answer either where it cannot tell which. By default the plain cast.
    fn cast_ray_toward(
        &mut self,
        from: Vec3,
        to: Vec3,
        mask: u32,
        exclude: &[BodyId],
        toward: Option<BodyId>,
    ) -> Option<RayHit> {
        let _ = toward;
        self.cast_ray(from, to, mask, exclude)
    }

    /// The game's navigation path from `from` to `to` into `out` (cleared first), if the world
    /// has navigation; false if it has none or no path joins them. None by default.
    fn path(&mut self, _from: Vec3, _to: Vec3, _out: &mut Vec<Vec3>) -> bool {
        false
    }

    /// Whether [`Space::path`] can give paths at all (the world has navigation).
    fn has_paths(&self) -> bool {
        false
    }
}

/// An axis-aligned box in a [`BoxSpace`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Block {
    pub body: BodyId,
    pub min: Vec3,
    pub max: Vec3,
    pub layers: u32,
}

/// A world of axis-aligned boxes: enough for walls, crates and bodies in tests.
#[derive(Debug, Clone, Default)]
pub struct BoxSpace {
    pub blocks: Vec<Block>,
    /// Rays cast so far.
    pub rays: u64,
}

impl BoxSpace {
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a box centred at `center` with full size `size` on layer 1.
    pub fn add(&mut self, body: BodyId, center: Vec3, size: Vec3) -> &mut Self {
        self.blocks.push(Block {
            body,
            min: center - size * 0.5,
            max: center + size * 0.5,
            layers: 1,
        });
        self
    }

    /// Moves every box of `body` so that its centre is at `center`.
    pub fn move_body(&mut self, body: BodyId, center: Vec3) {
        for b in self.blocks.iter_mut().filter(|b| b.body == body) {
            let half = (b.max - b.min) * 0.5;
            b.min = center - half;
            b.max = center + half;
        }
    }

    /// Where along the ray `from + t·dir` (t in 0..=1) it enters the box, if it does.
    fn enter(b: &Block, from: Vec3, dir: Vec3) -> Option<f32> {
        let mut t0 = 0.0_f32;
        let mut t1 = 1.0_f32;
        for axis in 0..3 {
            let (o, d, lo, hi) = (from[axis], dir[axis], b.min[axis], b.max[axis]);
            if d.abs() < 1e-9 {
                if o < lo || o > hi {
                    return None;
                }
                continue;
            }
            let (mut a, mut c) = ((lo - o) / d, (hi - o) / d);
            if a > c {
                std::mem::swap(&mut a, &mut c);
            }
            t0 = t0.max(a);
            t1 = t1.min(c);
            if t0 > t1 {
                return None;
            }
        }
        Some(t0)
    }
}

impl Space for BoxSpace {
    fn cast_ray(&mut self, from: Vec3, to: Vec3, mask: u32, exclude: &[BodyId]) -> Option<RayHit> {
        self.rays += 1;
        let dir = to - from;
        self.blocks
            .iter()
            .filter(|b| b.layers & mask != 0 && !exclude.contains(&b.body))
            .filter_map(|b| Self::enter(b, from, dir).map(|t| (t, b.body)))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(t, body)| RayHit {
                body,
                position: from + dir * t,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_hit_the_nearest_box_and_respect_exclusions_and_masks() {
        let mut s = BoxSpace::new();
        s.add(BodyId(1), Vec3::new(0.0, 0.0, -5.0), Vec3::ONE);
        s.add(BodyId(2), Vec3::new(0.0, 0.0, -10.0), Vec3::ONE);
        let hit = s
            .cast_ray(Vec3::ZERO, Vec3::new(0.0, 0.0, -20.0), 1, &[])
            .unwrap();
        assert_eq!(hit.body, BodyId(1));
        assert!((hit.position.z + 4.5).abs() < 1e-5);
        let hit = s
            .cast_ray(Vec3::ZERO, Vec3::new(0.0, 0.0, -20.0), 1, &[BodyId(1)])
            .unwrap();
        assert_eq!(hit.body, BodyId(2));
        assert!(s
            .cast_ray(Vec3::ZERO, Vec3::new(0.0, 0.0, -20.0), 2, &[])
            .is_none());
        assert!(s
            .cast_ray(Vec3::ZERO, Vec3::new(0.0, 0.0, -3.0), 1, &[])
            .is_none());
        assert!(s
            .cast_ray(Vec3::ZERO, Vec3::new(5.0, 0.0, 0.0), 1, &[])
            .is_none());
        assert_eq!(s.rays, 5);
    }
}
