//! The spatial grid candidates come from (spec section 13): 15 m cells the world rebuilds five
//! times a second, so finding who is near one AI costs the same however many AI and bodies
//! there are. Plain sorted arrays: rebuilding reuses its memory.

use glam::Vec3;

/// Cell size in metres.
pub const CELL: f32 = 15.0;

/// Seconds between rebuilds (five times a second).
pub const REBUILD_INTERVAL: f64 = 0.2;

/// Metres a query around a perceiver looks wider than its reach: the grid's positions are up to
/// a rebuild old, and a target running at 15 m/s moves 3 m in 0.2 s.
pub const STALE_MARGIN: f32 = 3.0;

/// Items by cell, on the ground plane (x, z).
#[derive(Debug, Clone, Default)]
pub struct SpatialGrid {
    /// Every item in its cell, sorted by cell key: a row of cells (one `x`) is one run.
    cells: Vec<Placed>,
    /// Each item's position at the last rebuild.
    positions: Vec<Vec3>,
    /// Each item's key (what it is, chosen by the caller) at the last rebuild: an item number
    /// taken by something else is not read as the same thing moving.
    keys: Vec<u64>,
    /// Each item's speed between the last two rebuilds, m/s (0 when it was not in both).
    speeds: Vec<f32>,
    /// The keys and positions of the rebuild before the last one: the last one's lists,
    /// swapped aside rather than copied.
    earlier_keys: Vec<u64>,
    earlier_positions: Vec<Vec3>,
    built_at: Option<f64>,
}

/// One item in the grid, with its ground position beside it so a query reads one array.
#[derive(Debug, Clone, Copy)]
struct Placed {
    key: u64,
    item: u32,
    x: f32,
    z: f32,
}

fn cell_of(v: f32) -> i32 {
    (v / CELL).floor() as i32
}

/// A cell's key. Each coordinate is stored with its sign bit flipped, so keys sort as the
/// coordinates do (row by row in `x`, then by `z`), negative ones included: the cells of a
/// row between two `z` are one run of the sorted array.
fn key(cx: i32, cz: i32) -> u64 {
    let ordered = |c: i32| u64::from((c as u32) ^ 0x8000_0000);
    (ordered(cx) << 32) | ordered(cz)
}

impl SpatialGrid {
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether the grid is due for a rebuild at world time `now`.
    #[must_use]
    pub fn is_stale(&self, now: f64) -> bool {
        self.built_at
            .is_none_or(|at| now - at >= REBUILD_INTERVAL - 1e-9)
    }

    /// Rebuilds from `(item, key, position)`: items are small indices chosen by the caller, a
    /// key says what the item is (an item number that now stands for something else gets a
    /// new key). An item with the same key as at the last rebuild gets a speed from how far it
    /// went since ([`SpatialGrid::speed`]).
    pub fn rebuild(&mut self, items: impl Iterator<Item = (u32, u64, Vec3)>, now: f64) {
        std::mem::swap(&mut self.keys, &mut self.earlier_keys);
        std::mem::swap(&mut self.positions, &mut self.earlier_positions);
        let since = self.built_at.map_or(0.0, |at| now - at);
        self.cells.clear();
        self.positions.clear();
        self.keys.clear();
        self.speeds.clear();
        for (item, key_of_item, p) in items {
            if !p.is_finite() {
                continue;
            }
            let i = item as usize;
            if self.positions.len() <= i {
                self.positions.resize(i + 1, Vec3::NAN);
                self.keys.resize(i + 1, 0);
                self.speeds.resize(i + 1, 0.0);
            }
            self.positions[i] = p;
            self.keys[i] = key_of_item;
            let earlier = self.earlier_keys.get(i).zip(self.earlier_positions.get(i));
            self.speeds[i] = match earlier {
                Some((&k, &was)) if k == key_of_item && was.is_finite() && since > 1e-6 => {
                    (p.distance(was) as f64 / since) as f32
                }
                _ => 0.0,
            };
            self.cells.push(Placed {
                key: key(cell_of(p.x), cell_of(p.z)),
                item,
                x: p.x,
                z: p.z,
            });
        }
        self.cells.sort_unstable_by_key(|p| (p.key, p.item));
        self.built_at = Some(now);
    }

    /// Every item whose last known position is within `radius` of `center` (on the ground
    /// plane), pushed into `out`. The work is bounded by the items the grid holds whatever the
    /// radius: a query wider than the grid walks its items instead of its cells.
    pub fn query(&self, center: Vec3, radius: f32, out: &mut Vec<u32>) {
        if !center.is_finite() || radius.is_nan() || radius < 0.0 {
            return;
        }
        let r2 = radius * radius;
        let within = |p: &Placed| {
            let (dx, dz) = (p.x - center.x, p.z - center.z);
            dx * dx + dz * dz <= r2
        };
        let (x0, x1) = (cell_of(center.x - radius), cell_of(center.x + radius));
        let (z0, z1) = (cell_of(center.z - radius), cell_of(center.z + radius));
        let span = |a: i32, b: i32| (i64::from(b) - i64::from(a) + 1) as u64;
        if span(x0, x1) > self.cells.len() as u64 {
            out.extend(self.cells.iter().filter(|p| within(p)).map(|p| p.item));
            return;
        }
        // One search a row: its cells from `z0` to `z1` lie together in the sorted array.
        for cx in x0..=x1 {
            let (first, last) = (key(cx, z0), key(cx, z1));
            let start = self.cells.partition_point(|p| p.key < first);
            for p in &self.cells[start..] {
                if p.key > last {
                    break;
                }
                if within(p) {
                    out.push(p.item);
                }
            }
        }
    }

    /// Every item that may be within `radius` of `center` now, though the grid's positions are
    /// up to a rebuild old: the query reaches [`STALE_MARGIN`] further. The caller measures the
    /// items' positions now, exactly.
    pub fn query_around(&self, center: Vec3, radius: f32, out: &mut Vec<u32>) {
        self.query(center, radius + STALE_MARGIN, out);
    }

    /// Where `item` stood at the last rebuild.
    #[must_use]
    pub fn position(&self, item: u32) -> Option<Vec3> {
        self.positions
            .get(item as usize)
            .copied()
            .filter(|p| p.is_finite())
    }

    /// How fast `item` went between the last two rebuilds, m/s: 0 when it was not in both
    /// under the same key, or is not in the grid.
    #[must_use]
    pub fn speed(&self, item: u32) -> f32 {
        self.speeds.get(item as usize).copied().unwrap_or(0.0)
    }

    /// How many items the grid holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_exactly_the_items_in_range_across_cells_and_signs() {
        let pts: Vec<Vec3> = (0..400)
            .map(|i| {
                Vec3::new(
                    (i % 20) as f32 * 7.3 - 70.0,
                    0.0,
                    (i / 20) as f32 * 6.1 - 60.0,
                )
            })
            .collect();
        let mut g = SpatialGrid::new();
        g.rebuild(
            pts.iter()
                .enumerate()
                .map(|(i, p)| (i as u32, i as u64, *p)),
            0.0,
        );
        for (center, r) in [
            (Vec3::ZERO, 20.0),
            (Vec3::new(-50.0, 3.0, 40.0), 31.0),
            (Vec3::new(100.0, 0.0, 0.0), 5.0),
        ] {
            let mut got = Vec::new();
            g.query(center, r, &mut got);
            got.sort_unstable();
            let want: Vec<u32> = pts
                .iter()
                .enumerate()
                .filter(|(_, p)| glam::Vec2::new(p.x - center.x, p.z - center.z).length() <= r)
                .map(|(i, _)| i as u32)
                .collect();
            assert_eq!(got, want, "around {center:?} within {r}");
        }
    }

    #[test]
    fn a_query_around_a_perceiver_reaches_past_positions_a_rebuild_old() {
        let mut g = SpatialGrid::new();
        g.rebuild([(0, 7, Vec3::new(42.5, 0.0, 0.0))].into_iter(), 0.0);
        let mut got = Vec::new();
        g.query(Vec3::ZERO, 40.0, &mut got);
        assert!(got.is_empty());
        g.query_around(Vec3::ZERO, 40.0, &mut got);
        assert_eq!(got, [0], "3 m of margin");
    }

    #[test]
    fn a_query_of_any_radius_costs_no_more_than_the_items() {
        let pts: Vec<Vec3> = (0..50)
            .map(|i| Vec3::new(i as f32 * 40.0, 0.0, 0.0))
            .collect();
        let mut g = SpatialGrid::new();
        g.rebuild(
            pts.iter()
                .enumerate()
                .map(|(i, p)| (i as u32, i as u64, *p)),
            0.0,
        );
        for radius in [1.0e4_f32, 1.0e5, 1.0e30, f32::INFINITY] {
            let mut got = Vec::new();
            // Walking the cells of a 1e30 m radius would never end.
            g.query(Vec3::ZERO, radius, &mut got);
            got.sort_unstable();
            assert_eq!(got.len(), 50, "radius {radius}");
        }
        let mut got = Vec::new();
        g.query(Vec3::ZERO, 100.0, &mut got);
        got.sort_unstable();
        assert_eq!(got, [0, 1, 2], "a small radius still walks cells");
        g.query(Vec3::NAN, 10.0, &mut got);
        g.query(Vec3::ZERO, f32::NAN, &mut got);
        assert_eq!(got.len(), 3, "nowhere finds nothing");
    }

    #[test]
    fn goes_stale_five_times_a_second() {
        let mut g = SpatialGrid::new();
        assert!(g.is_stale(0.0));
        g.rebuild([(0, 7, Vec3::ZERO)].into_iter(), 1.0);
        assert!(!g.is_stale(1.1));
        assert!(g.is_stale(1.2));
    }

    #[test]
    fn an_item_that_went_two_metres_in_a_rebuild_interval_moves_at_ten_metres_a_second() {
        let mut g = SpatialGrid::new();
        g.rebuild([(0, 7, Vec3::ZERO), (1, 8, Vec3::X)].into_iter(), 1.0);
        assert_eq!(g.speed(0), 0.0, "nothing to compare with yet");
        g.rebuild(
            [
                (0, 7, Vec3::new(0.0, 0.0, -2.0)),
                (1, 9, Vec3::new(5.0, 0.0, 0.0)),
            ]
            .into_iter(),
            1.2,
        );
        assert!((g.speed(0) - 10.0).abs() < 1e-3, "{}", g.speed(0));
        assert_eq!(g.speed(1), 0.0, "item 1 is something else now");
        assert_eq!(g.speed(5), 0.0, "not in the grid");
        g.rebuild([(0, 7, Vec3::new(0.0, 0.0, -2.0))].into_iter(), 1.4);
        assert_eq!(g.speed(0), 0.0, "standing still");
    }
}
