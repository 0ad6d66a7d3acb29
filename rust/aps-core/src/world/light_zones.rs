//! A world's light zones, found by place: the light at a point costs a few lookups however
//! many zones the world holds elsewhere, since every target's light is read on every look.
//!
//! Zones are sorted into grids of cubic cells by size: a zone goes to the first grid whose
//! cells are at least twice as wide as the zone, into each cell its bounding box overlaps (one
//! or two along each axis: three or four cells on average, eight at most, so the index stays
//! small enough to build quickly). A zone around a point then lies in the point's own cell of
//! its grid, so the light at a point is one lookup per grid in use, and a grid is in use only
//! while it holds a zone. Cells double in width from grid to grid, so a world of lamps of a
//! few metres uses one or two grids, and a zone the size of a county one more. A level's
//! handful of lamps is simply looked through.

use glam::Vec3;
use smallvec::SmallVec;
use std::collections::HashMap;

/// The most light zones one world keeps: far beyond a level's lamps and dark corners, and a
/// few megabytes of index at most.
pub const MAX_LIGHT_ZONES: usize = 65_536;

/// A sphere of its own light level: a lamp's pool, a dark corner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LightZone {
    pub id: u32,
    pub center: Vec3,
    pub radius: f32,
    /// 0 pitch dark to 1 fully lit.
    pub level: f32,
}

impl LightZone {
    /// Whether `p` is inside the zone (its surface included).
    #[must_use]
    pub fn contains(&self, p: Vec3) -> bool {
        self.center.distance_squared(p) <= self.radius * self.radius
    }
}

/// The width of the cells of the smallest grid, in metres.
const SMALLEST_CELL: f64 = 2.0;

/// Grids: the largest has cells of 2^21 × 2 m, twice as wide as the largest zone (a radius of
/// 1,000 km).
const GRIDS: usize = 22;

/// Up to this many zones (holes included), the light at a point looks at each of them: cheaper
/// than a lookup for a level's handful of lamps.
const SCAN_UP_TO: usize = 16;

/// A cell: its grid and its place in it, in one number (hashed in one go).
type Cell = u128;

fn cell(grid: usize, at: [i32; 3]) -> Cell {
    let [x, y, z] = at.map(|c| u128::from(c as u32));
    (grid as u128) << 96 | x << 64 | y << 32 | z
}

/// Why a zone was not added.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The world holds [`MAX_LIGHT_ZONES`] zones.
    Full,
    /// A zone with this id is held already.
    IdTaken,
}

/// The light zones of one world, in the order they were added, found by place and by id.
#[derive(Debug, Clone, Default)]
pub struct LightZones {
    /// The zones in the order they were added; a removed zone leaves a hole until there are
    /// more holes than zones, when the list is closed up (so removing is constant time on
    /// average, and the order is kept).
    slots: Vec<Option<LightZone>>,
    live: usize,
    /// Each zone's slot, by id.
    by_id: HashMap<u32, usize>,
    /// The slots of the zones overlapping each cell.
    cells: HashMap<Cell, SmallVec<[u32; 4]>>,
    /// How many zones each grid holds.
    per_grid: [u32; GRIDS],
}

impl PartialEq for LightZones {
    /// The same zones in the same order.
    fn eq(&self, other: &Self) -> bool {
        self.iter().eq(other.iter())
    }
}

impl LightZones {
    /// How many zones are held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.live
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// The zones, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = &LightZone> + '_ {
        self.slots.iter().flatten()
    }

    /// The zone `id`, if held.
    #[must_use]
    pub fn get(&self, id: u32) -> Option<&LightZone> {
        let slot = *self.by_id.get(&id)?;
        self.slots.get(slot)?.as_ref()
    }

    /// Adds `zone` after the others.
    pub fn push(&mut self, zone: LightZone) -> Result<(), Refused> {
        if self.live >= MAX_LIGHT_ZONES {
            return Err(Refused::Full);
        }
        if self.by_id.contains_key(&zone.id) {
            return Err(Refused::IdTaken);
        }
        self.append(zone);
        Ok(())
    }

    /// Puts `zone` in the next slot and indexes it; the caller has checked the cap and the id.
    fn append(&mut self, zone: LightZone) {
        let slot = self.slots.len();
        self.slots.push(Some(zone));
        self.live += 1;
        self.by_id.insert(zone.id, slot);
        self.index(&zone, slot);
    }

    /// Removes the zone `id`; `None` if there is none.
    pub fn remove(&mut self, id: u32) -> Option<LightZone> {
        let slot = self.by_id.remove(&id)?;
        let zone = self.slots.get_mut(slot)?.take()?;
        self.live -= 1;
        let (grid, cells) = cells_of(&zone);
        self.per_grid[grid] -= 1;
        for cell in cells {
            if let Some(list) = self.cells.get_mut(&cell) {
                list.retain(|s| *s as usize != slot);
                if list.is_empty() {
                    self.cells.remove(&cell);
                }
            }
        }
        let holes = self.slots.len() - self.live;
        if holes > self.live && holes > 64 {
            self.close_up();
        }
        Some(zone)
    }

    /// Removes every zone.
    pub fn clear(&mut self) {
        self.slots.clear();
        self.live = 0;
        self.by_id.clear();
        self.cells.clear();
        self.per_grid = [0; GRIDS];
    }

    /// The smallest zone around `p` (the first added of those as small), if any.
    #[must_use]
    pub fn smallest_at(&self, p: Vec3) -> Option<&LightZone> {
        self.search(p).0
    }

    /// Calls `f` with every zone around `p` (its surface included), each once, in no set order.
    pub fn each_at(&self, p: Vec3, mut f: impl FnMut(&LightZone)) {
        self.slots_near(p, |slot| {
            if let Some(Some(zone)) = self.slots.get(slot) {
                if zone.contains(p) {
                    f(zone);
                }
            }
        });
    }

    /// [`LightZones::smallest_at`], and how many zones it tested (for the tests of its cost).
    fn search(&self, p: Vec3) -> (Option<&LightZone>, u32) {
        let mut best: Option<(usize, &LightZone)> = None;
        let mut tested = 0;
        self.slots_near(p, |slot| tested += self.consider(slot, p, &mut best));
        (best.map(|(_, zone)| zone), tested)
    }

    /// Calls `f` with the slot of each zone that may hold `p`, each once: every slot while
    /// there are few, else those of `p`'s cell in each grid in use (a zone is indexed in one
    /// grid only, so none is met twice).
    fn slots_near(&self, p: Vec3, mut f: impl FnMut(usize)) {
        if self.live == 0 {
            return;
        }
        if self.slots.len() <= SCAN_UP_TO {
            (0..self.slots.len()).for_each(f);
            return;
        }
        for grid in 0..GRIDS {
            if self.per_grid[grid] == 0 {
                continue;
            }
            let width = cell_width(grid);
            let at = [0, 1, 2].map(|a| cell_index(f64::from(p[a]), width));
            for &slot in self.cells.get(&cell(grid, at)).into_iter().flatten() {
                f(slot as usize);
            }
        }
    }

    /// Makes the zone in `slot` the `best` if it holds `p` and is smaller (or as small and
    /// added earlier). 1 if there is a zone in `slot` to test, else 0.
    fn consider<'z>(
        &'z self,
        slot: usize,
        p: Vec3,
        best: &mut Option<(usize, &'z LightZone)>,
    ) -> u32 {
        let Some(Some(zone)) = self.slots.get(slot) else {
            return 0;
        };
        if !zone.contains(p) {
            return 1;
        }
        let better = match best {
            None => true,
            Some((best_slot, b)) => match zone.radius.total_cmp(&b.radius) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Equal => slot < *best_slot,
                std::cmp::Ordering::Greater => false,
            },
        };
        if better {
            *best = Some((slot, zone));
        }
        1
    }

    fn index(&mut self, zone: &LightZone, slot: usize) {
        let (grid, cells) = cells_of(zone);
        self.per_grid[grid] += 1;
        for cell in cells {
            self.cells.entry(cell).or_default().push(slot as u32);
        }
    }

    /// Closes up the holes removed zones left, keeping the order.
    fn close_up(&mut self) {
        let zones: Vec<LightZone> = self.slots.drain(..).flatten().collect();
        self.clear();
        for zone in zones {
            self.append(zone);
        }
    }
}

fn cell_width(grid: usize) -> f64 {
    SMALLEST_CELL * f64::from(1u32 << grid)
}

/// The cell holding coordinate `x` in cells of `width`. Far beyond any level the cells
/// saturate at the edge of the grid: a cell there holds more, but nothing is missed.
fn cell_index(x: f64, width: f64) -> i32 {
    (x / width).floor() as i32
}

/// The grid of `zone` (the first whose cells are at least twice as wide as the zone), and the
/// cells its bounding box overlaps there.
fn cells_of(zone: &LightZone) -> (usize, SmallVec<[Cell; 8]>) {
    // A margin keeps a point on the zone's surface, or a rounding away from it, in its box.
    let reach = f64::from(zone.radius.max(0.0)) * (1.0 + 1e-6) + 1e-6;
    let mut grid = 0;
    while grid + 1 < GRIDS && cell_width(grid) < 4.0 * reach {
        grid += 1;
    }
    let width = cell_width(grid);
    let c = zone.center;
    let span = [0, 1, 2].map(|a| {
        let x = f64::from(c[a]);
        (cell_index(x - reach, width), cell_index(x + reach, width))
    });
    let mut cells = SmallVec::new();
    for x in span[0].0..=span[0].1 {
        for y in span[1].0..=span[1].1 {
            for z in span[2].0..=span[2].1 {
                cells.push(cell(grid, [x, y, z]));
            }
        }
    }
    (grid, cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zone(id: u32, center: Vec3, radius: f32, level: f32) -> LightZone {
        LightZone {
            id,
            center,
            radius,
            level,
        }
    }

    /// The smallest zone around `p` by looking at every zone, as the spec says it.
    fn by_scanning(zones: &LightZones, p: Vec3) -> Option<u32> {
        zones
            .iter()
            .filter(|z| z.contains(p))
            .min_by(|a, b| a.radius.total_cmp(&b.radius))
            .map(|z| z.id)
    }

    #[test]
    fn every_zone_around_a_point_is_met_once() {
        let mut zones = LightZones::default();
        for i in 0..300u32 {
            let f = i as f32;
            let center = Vec3::new((f * 7.3) % 60.0 - 30.0, 0.0, (f * 13.1) % 60.0 - 30.0);
            let radius = [0.5, 2.0, 3.99, 9.0, 40.0][i as usize % 5];
            zones.push(zone(i + 1, center, radius, 0.5)).unwrap();
        }
        for i in 0..500u32 {
            let f = i as f32;
            let p = Vec3::new((f * 3.1) % 70.0 - 35.0, 0.0, (f * 5.9) % 70.0 - 35.0);
            let mut met = Vec::new();
            zones.each_at(p, |z| met.push(z.id));
            met.sort_unstable();
            let mut scanned: Vec<u32> = zones
                .iter()
                .filter(|z| z.contains(p))
                .map(|z| z.id)
                .collect();
            scanned.sort_unstable();
            assert_eq!(met, scanned, "at {p}");
        }
    }

    #[test]
    fn the_index_finds_what_scanning_finds() {
        let mut zones = LightZones::default();
        let mut id = 0;
        // Zones of every size from a point to a county, on and across cell edges, some of a
        // size with others (the first added wins).
        for i in 0..400u32 {
            id += 1;
            let f = i as f32;
            let center = Vec3::new(
                (f * 7.3) % 90.0 - 45.0,
                (f * 1.7) % 6.0,
                (f * 13.1) % 80.0 - 40.0,
            );
            let radius = [0.0, 0.5, 1.0, 2.0, 3.99, 4.0, 17.0, 250.0, 9.0e5][i as usize % 9];
            zones.push(zone(id, center, radius, f / 400.0)).unwrap();
        }
        for i in 0..2_000u32 {
            let f = i as f32;
            let p = Vec3::new(
                (f * 3.1) % 100.0 - 50.0,
                (f * 0.7) % 8.0 - 1.0,
                (f * 5.9) % 90.0 - 45.0,
            );
            assert_eq!(
                zones.smallest_at(p).map(|z| z.id),
                by_scanning(&zones, p),
                "at {p}"
            );
        }
        // Exactly on a zone's surface, and at its centre when it is a point.
        assert_eq!(
            zones
                .smallest_at(Vec3::new(-45.0, 0.0, -40.0))
                .map(|z| z.id),
            Some(1)
        );
        let edge = zones.get(2).unwrap();
        let on_surface = edge.center + Vec3::X * edge.radius;
        assert_eq!(
            zones.smallest_at(on_surface).map(|z| z.id),
            by_scanning(&zones, on_surface)
        );
    }

    #[test]
    fn removing_keeps_the_order_and_the_index() {
        let mut zones = LightZones::default();
        for id in 1..=300 {
            zones
                .push(zone(id, Vec3::new(id as f32, 0.0, 0.0), 2.0, 0.5))
                .unwrap();
        }
        for id in 1..=250 {
            if id % 5 != 0 {
                assert!(zones.remove(id).is_some());
            }
        }
        assert_eq!(zones.remove(1), None, "gone already");
        let ids: Vec<u32> = zones.iter().map(|z| z.id).collect();
        let expected: Vec<u32> = (1..=300).filter(|id| *id > 250 || id % 5 == 0).collect();
        assert_eq!(ids, expected);
        assert_eq!(zones.len(), expected.len());
        assert_eq!(
            zones.smallest_at(Vec3::new(10.0, 0.0, 0.0)).map(|z| z.id),
            Some(10)
        );
        assert_eq!(
            zones.smallest_at(Vec3::new(21.0, 0.0, 0.0)).map(|z| z.id),
            Some(20)
        );
        assert_eq!(zones.smallest_at(Vec3::new(-5.0, 0.0, 0.0)), None);
    }

    #[test]
    fn a_full_world_and_a_taken_id_refuse_the_zone() {
        let mut zones = LightZones::default();
        for id in 1..=MAX_LIGHT_ZONES as u32 {
            zones.push(zone(id, Vec3::ZERO, 1.0, 0.5)).unwrap();
        }
        let one_more = zone(u32::MAX, Vec3::ZERO, 1.0, 0.5);
        assert_eq!(zones.push(one_more), Err(Refused::Full));
        zones.remove(7);
        assert_eq!(
            zones.push(zone(8, Vec3::ZERO, 1.0, 0.5)),
            Err(Refused::IdTaken)
        );
        assert_eq!(zones.push(one_more), Ok(()));
    }

    /// The light at a point tests the zones in its cell, however many zones lie elsewhere:
    /// 32,000 lamps far away cost the look what one lamp costs.
    #[test]
    fn far_zones_cost_a_look_nothing() {
        let looks = |far: u32| {
            let mut zones = LightZones::default();
            zones.push(zone(1, Vec3::ZERO, 3.0, 0.2)).unwrap();
            for i in 0..far {
                let at = Vec3::new(
                    100.0 + (i % 200) as f32 * 10.0,
                    0.0,
                    100.0 + (i / 200) as f32 * 10.0,
                );
                zones.push(zone(2 + i, at, 3.0, 0.9)).unwrap();
            }
            let mut tested = 0;
            for i in 0..1_000 {
                let p = Vec3::new((i % 5) as f32 * 0.5, 0.0, 0.0);
                let (found, n) = zones.search(p);
                assert_eq!(found.map(|z| z.id), Some(1));
                tested += n;
            }
            tested
        };
        assert_eq!(looks(0), 1_000, "one zone tested a look");
        assert_eq!(looks(32_000), looks(0));
        assert_eq!(looks(20), looks(0), "past the few zones scanned, too");
    }
}
