//! Scent trails (spec section 1, smell): every perceivable target leaves points behind it as it
//! moves; a point's strength fades over the scent's lifetime. The world deposits them; smell
//! reads them.

use crate::TargetId;
use glam::Vec3;

/// Points kept per trail: at the default half-second spacing, half a minute of trail.
pub const TRAIL_POINTS: usize = 64;

/// One point of a trail.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ScentPoint {
    pub position: Vec3,
    /// World time it was left.
    pub time: f64,
    /// Strength when fresh (the target's scent multiplier).
    pub strength: f32,
}

/// One target's trail, in a fixed ring.
#[derive(Debug, Clone)]
pub struct Trail {
    pub target: TargetId,
    points: [ScentPoint; TRAIL_POINTS],
    len: usize,
    next: usize,
    last_deposit: f64,
}

impl Trail {
    fn new(target: TargetId) -> Self {
        Trail {
            target,
            points: [ScentPoint::default(); TRAIL_POINTS],
            len: 0,
            next: 0,
            last_deposit: f64::NEG_INFINITY,
        }
    }

    /// Every point held, in no particular order.
    #[must_use]
    pub fn points(&self) -> &[ScentPoint] {
        &self.points[..self.len]
    }

    fn push(&mut self, p: ScentPoint) {
        self.points[self.next] = p;
        self.next = (self.next + 1) % TRAIL_POINTS;
        self.len = (self.len + 1).min(TRAIL_POINTS);
        self.last_deposit = p.time;
    }

    /// The newest point's time.
    #[must_use]
    pub fn newest(&self) -> f64 {
        self.last_deposit
    }
}

/// Every trail in a world.
#[derive(Debug, Clone)]
pub struct ScentField {
    trails: Vec<Trail>,
    /// Seconds between points of one trail.
    pub deposit_interval: f32,
    /// Seconds until a point has faded to nothing.
    pub lifetime: f32,
}

impl Default for ScentField {
    fn default() -> Self {
        ScentField {
            trails: Vec::new(),
            deposit_interval: 0.5,
            lifetime: 60.0,
        }
    }
}

impl ScentField {
    /// Leaves a point of `target`'s scent at `position` if its last one is at least the deposit
    /// interval old.
    pub fn deposit(&mut self, target: TargetId, position: Vec3, strength: f32, now: f64) {
        let i = match self.trails.iter().position(|t| t.target == target) {
            Some(i) => i,
            None => {
                self.trails.push(Trail::new(target));
                self.trails.len() - 1
            }
        };
        let trail = &mut self.trails[i];
        if now - trail.last_deposit >= f64::from(self.deposit_interval) - 1e-6 {
            trail.push(ScentPoint {
                position,
                time: now,
                strength: strength.max(0.0),
            });
        }
    }

    /// Forgets every trail.
    pub fn clear(&mut self) {
        self.trails.clear();
    }

    /// Every trail.
    pub fn trails(&self) -> impl Iterator<Item = &Trail> {
        self.trails.iter()
    }

    /// Adds a point to `target`'s trail as it was (from a saved game), whatever the deposit
    /// interval.
    pub fn restore_point(&mut self, target: TargetId, point: ScentPoint) {
        let i = match self.trails.iter().position(|t| t.target == target) {
            Some(i) => i,
            None => {
                self.trails.push(Trail::new(target));
                self.trails.len() - 1
            }
        };
        self.trails[i].push(point);
    }

    /// `target`'s trail, if it left one.
    #[must_use]
    pub fn trail(&self, target: TargetId) -> Option<&Trail> {
        self.trails.iter().find(|t| t.target == target)
    }

    /// Forgets trails whose newest point has faded out.
    pub fn prune(&mut self, now: f64) {
        let lifetime = f64::from(self.lifetime);
        self.trails.retain(|t| now - t.newest() <= lifetime);
    }

    /// A point's strength at `now`: linear fade over the lifetime.
    #[must_use]
    pub fn strength_at(&self, p: &ScentPoint, now: f64) -> f32 {
        let age = (now - p.time) as f32;
        if age < 0.0 || self.lifetime <= 0.0 {
            return 0.0;
        }
        p.strength * (1.0 - age / self.lifetime).max(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deposits_at_the_interval_and_fades_linearly() {
        let mut f = ScentField::default();
        let t = TargetId(1);
        for i in 0..10 {
            f.deposit(t, Vec3::new(i as f32, 0.0, 0.0), 1.0, f64::from(i) * 0.25);
        }
        assert_eq!(
            f.trail(t).unwrap().points().len(),
            5,
            "one point per half second"
        );
        let p = f.trail(t).unwrap().points()[0];
        assert!((f.strength_at(&p, 30.0) - 0.5).abs() < 1e-6);
        f.prune(100.0);
        assert!(f.trail(t).is_none());
    }

    #[test]
    fn a_trail_keeps_its_newest_points() {
        let mut f = ScentField::default();
        for i in 0..(TRAIL_POINTS + 10) {
            f.deposit(TargetId(1), Vec3::ZERO, 1.0, i as f64);
        }
        let trail = f.trail(TargetId(1)).unwrap();
        assert_eq!(trail.points().len(), TRAIL_POINTS);
        let oldest = trail
            .points()
            .iter()
            .map(|p| p.time)
            .fold(f64::INFINITY, f64::min);
        assert_eq!(oldest, 10.0);
    }
}
