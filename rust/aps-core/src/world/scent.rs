//! Scent trails (spec section 1, smell): every perceivable target leaves points behind it as it
//! moves; a point's strength fades over the scent's lifetime. The world deposits them; smell
//! reads them.

use crate::id_map::IdMap;
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
    /// Where each target's trail is in `trails`: a trail is a couple of kilobytes, so finding
    /// one by walking them cost a cache miss a trail, for every target every frame.
    index: IdMap<u64, usize>,
    /// Seconds between points of one trail.
    pub deposit_interval: f32,
    /// Seconds until a point has faded to nothing.
    pub lifetime: f32,
}

impl Default for ScentField {
    fn default() -> Self {
        ScentField {
            trails: Vec::new(),
            index: IdMap::default(),
            deposit_interval: 0.5,
            lifetime: 60.0,
        }
    }
}

impl ScentField {
    /// Leaves a point of `target`'s scent at `position` if its last one is at least the deposit
    /// interval old.
    pub fn deposit(&mut self, target: TargetId, position: Vec3, strength: f32, now: f64) {
        if !self.is_due(target, now) {
            return;
        }
        let i = self.place_of(target);
        self.trails[i].push(ScentPoint {
            position,
            time: now,
            strength: strength.max(0.0),
        });
    }

    /// Whether a deposit for `target` at `now` would leave a point: it has no trail yet, or its
    /// last point is at least the deposit interval old.
    #[must_use]
    pub fn is_due(&self, target: TargetId, now: f64) -> bool {
        self.trail(target)
            .is_none_or(|trail| now - trail.last_deposit >= f64::from(self.deposit_interval) - 1e-6)
    }

    /// The place of `target`'s trail, a new empty one if it has none.
    fn place_of(&mut self, target: TargetId) -> usize {
        *self.index.entry(target.0).or_insert_with(|| {
            self.trails.push(Trail::new(target));
            self.trails.len() - 1
        })
    }

    /// Forgets every trail.
    pub fn clear(&mut self) {
        self.trails.clear();
        self.index.clear();
    }

    /// Every trail.
    pub fn trails(&self) -> impl Iterator<Item = &Trail> {
        self.trails.iter()
    }

    /// Adds a point to `target`'s trail as it was (from a saved game), whatever the deposit
    /// interval.
    pub fn restore_point(&mut self, target: TargetId, point: ScentPoint) {
        let i = self.place_of(target);
        self.trails[i].push(point);
    }

    /// `target`'s trail, if it left one.
    #[must_use]
    pub fn trail(&self, target: TargetId) -> Option<&Trail> {
        self.index.get(&target.0).map(|&i| &self.trails[i])
    }

    /// Forgets trails whose newest point has faded out.
    pub fn prune(&mut self, now: f64) {
        let lifetime = f64::from(self.lifetime);
        let before = self.trails.len();
        self.trails.retain(|t| now - t.newest() <= lifetime);
        if self.trails.len() != before {
            self.index.clear();
            self.index
                .extend(self.trails.iter().enumerate().map(|(i, t)| (t.target.0, i)));
        }
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
    fn a_deposit_is_due_once_a_deposit_interval_has_passed() {
        let mut f = ScentField::default();
        let t = TargetId(7);
        assert!(f.is_due(t, 0.0), "no trail yet");
        f.deposit(t, Vec3::ZERO, 1.0, 0.0);
        assert!(!f.is_due(t, 0.25));
        assert!(!f.is_due(t, 0.49));
        assert!(f.is_due(t, 0.5), "the default half second");
        f.deposit(t, Vec3::ONE, 1.0, 0.25);
        assert_eq!(f.trail(t).unwrap().points().len(), 1, "not due: no point");
    }

    #[test]
    fn trails_stay_found_after_others_fade() {
        let mut f = ScentField::default();
        for id in 1..=5u64 {
            // Targets 1 and 2 stop leaving scent at 0 s; the rest keep going to 50 s.
            f.deposit(TargetId(id), Vec3::splat(id as f32), 1.0, 0.0);
            if id > 2 {
                f.deposit(TargetId(id), Vec3::splat(id as f32), 1.0, 50.0);
            }
        }
        f.prune(70.0);
        assert!(f.trail(TargetId(1)).is_none() && f.trail(TargetId(2)).is_none());
        for id in 3..=5u64 {
            let trail = f.trail(TargetId(id)).unwrap();
            assert_eq!(trail.target, TargetId(id));
            assert_eq!(trail.points().len(), 2);
        }
        f.deposit(TargetId(4), Vec3::ZERO, 1.0, 71.0);
        assert_eq!(f.trail(TargetId(4)).unwrap().points().len(), 3);
        assert_eq!(f.trail(TargetId(5)).unwrap().points().len(), 2);
        f.clear();
        assert!(f.trail(TargetId(3)).is_none() && f.is_due(TargetId(3), 71.0));
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
