//! Which saved light zones are the zones a rebuilt level made again before the load: the same
//! place and radius, found by their numbers in a table or nearby in buckets, in a number of
//! comparisons bounded by the zones' number however they lie.

use crate::save::format::LightZoneSave;
use crate::world::conditions::LightZone;
use glam::Vec3;
use std::collections::HashMap;

/// No zone: the end of a chain.
const NO_ZONE: usize = usize::MAX;

/// Zones by key, as chains in the level's order: the first zone of each key, and after each
/// zone the next one with its key (or [`NO_ZONE`]).
type Chains<K> = (HashMap<K, usize>, Vec<usize>);

/// The chains of `current` by `key` (see [`Chains`]).
fn chains<K: std::hash::Hash + Eq>(
    current: &[LightZone],
    key: impl Fn(&LightZone) -> K,
) -> Chains<K> {
    let mut first: HashMap<K, usize> = HashMap::with_capacity(current.len());
    let mut next = vec![NO_ZONE; current.len()];
    for (i, c) in current.iter().enumerate().rev() {
        if let Some(after) = first.insert(key(c), i) {
            next[i] = after;
        }
    }
    (first, next)
}

/// Moves a chain's `head` past the zones already `taken` (each is met once, as it leaves the
/// head), counting them in `compared`.
fn skip_taken(head: &mut usize, next: &[usize], taken: &[bool], compared: &mut usize) {
    while *head != NO_ZONE && taken[*head] {
        *compared += 1;
        *head = next[*head];
    }
}

/// How near a saved zone's place and radius must be to a zone's of the level to be the same
/// zone: a little off after a text format, never another zone.
const CLOSE: f32 = 1e-4;

/// The width of a bucket of the nearby search: four times the matching distance, so that a
/// zone is near at most one edge of its bucket along each number.
const BUCKET_WIDTH: f64 = (4.0 * CLOSE) as f64;

/// A zone's exact numbers, as a table's key.
fn exact_key(center: Vec3, radius: f32) -> [u32; 4] {
    [center.x, center.y, center.z, radius].map(f32::to_bits)
}

/// The bucket a number falls in.
fn bucket(x: f32) -> i64 {
    (f64::from(x) / BUCKET_WIDTH).floor() as i64
}

/// The bucket a zone's numbers fall in.
fn bucket_key(center: Vec3, radius: f32) -> [i64; 4] {
    [
        bucket(center.x),
        bucket(center.y),
        bucket(center.z),
        bucket(radius),
    ]
}

/// Whether a zone of the level and a saved zone are at the same place with the same radius.
fn same_zone(a: &LightZone, b: &LightZoneSave) -> bool {
    a.center.distance(b.center) < CLOSE && (a.radius - b.radius).abs() < CLOSE
}

/// Along each of a saved zone's four numbers (`at`, in bucket `home`), the side of the next
/// bucket it is within a quarter of a bucket of (-1 or 1), or 0 for no edge near.
fn near_edges(at: [f32; 4], home: [i64; 4]) -> [i64; 4] {
    std::array::from_fn(|a| {
        let fraction = f64::from(at[a]) / BUCKET_WIDTH - home[a] as f64;
        if fraction < 0.25 {
            -1
        } else if fraction > 0.75 {
            1
        } else {
            0
        }
    })
}

/// The first zone of the level with exactly the numbers of `z` that is not taken yet, taken
/// ones dropped from the chain's head as they are met (each once).
fn first_exact(
    z: &LightZoneSave,
    (first, next): &mut Chains<[u32; 4]>,
    taken: &[bool],
    compared: &mut usize,
) -> Option<usize> {
    let head = first.get_mut(&exact_key(z.center, z.radius))?;
    skip_taken(head, next, taken, compared);
    if *head == NO_ZONE {
        return None;
    }
    *compared += 1;
    Some(*head)
}

/// The first zone of the level within the matching distance of `z` that is not taken yet:
/// within the matching distance means the same bucket or, where the saved zone is within a
/// quarter of a bucket of its edge, the next one on that side. Each comparison spends one of
/// the `budget`; `None` also when it runs out.
fn first_nearby(
    z: &LightZoneSave,
    current: &[LightZone],
    (first_in, next): &mut Chains<[i64; 4]>,
    taken: &[bool],
    budget: &mut usize,
    compared: &mut usize,
) -> Option<usize> {
    let home = bucket_key(z.center, z.radius);
    let side = near_edges([z.center.x, z.center.y, z.center.z, z.radius], home);
    let mut first: Option<usize> = None;
    for corner in 0..16 {
        // Each combination of edges once: a bit set along a number with no edge near
        // names the home bucket again.
        if (0..4).any(|a| corner & (1 << a) != 0 && side[a] == 0) {
            continue;
        }
        let k: [i64; 4] = std::array::from_fn(|a| {
            home[a].saturating_add(if corner & (1 << a) != 0 { side[a] } else { 0 })
        });
        let Some(head) = first_in.get_mut(&k) else {
            continue;
        };
        skip_taken(head, next, taken, compared);
        let mut at = *head;
        // Each chain runs from the level's first zone to its last: the first that matches
        // is the chain's best.
        while let Some(c) = current.get(at) {
            if *budget == 0 {
                return first;
            }
            *budget -= 1;
            *compared += 1;
            if first.is_some_and(|f| at > f) {
                break;
            }
            if !taken[at] && same_zone(c, z) {
                first = Some(at);
                break;
            }
            at = next[at];
        }
    }
    first
}

/// Which saved zones (by saved id) are zones the level holds now (by their id now): the same
/// place and radius, each zone of the level taken by the first saved zone that matches it.
///
/// A zone made again from the same numbers is found by those numbers, in a table: the first
/// of the level's zones with exactly them that is not taken yet. A zone whose numbers went
/// through a text format and came back a little off is looked for nearby: zones are sorted
/// into buckets four times the matching distance wide, and the saved zone looks into its own
/// bucket and, along each of the four numbers it is near an edge in, the next one. However
/// the zones lie, the comparisons a load makes are bounded by a multiple of the zones' number
/// (a save of thousands of zones in one spot cannot make it compare every pair); past that
/// bound a zone is not matched and keeps its saved id, or gets a new one. Also how many pairs
/// were compared, for the tests of its cost.
pub(super) fn same_zones(
    current: &[LightZone],
    saved: &[LightZoneSave],
) -> (HashMap<u32, u32>, usize) {
    let mut renamed = HashMap::new();
    let mut compared = 0;
    if current.is_empty() {
        return (renamed, compared);
    }
    let mut budget = 16 * (current.len() + saved.len());
    // The level's zones by their exact numbers.
    let mut exact = chains(current, |c| exact_key(c.center, c.radius));
    let mut taken = vec![false; current.len()];
    // Buckets of the nearby search, made only if a zone is not found exactly.
    let mut near: Option<Chains<[i64; 4]>> = None;
    for z in saved {
        let found = match first_exact(z, &mut exact, &taken, &mut compared) {
            Some(i) => Some(i),
            None if budget == 0 => None,
            None => {
                let near =
                    near.get_or_insert_with(|| chains(current, |c| bucket_key(c.center, c.radius)));
                first_nearby(z, current, near, &taken, &mut budget, &mut compared)
            }
        };
        if let Some(i) = found {
            taken[i] = true;
            renamed.entry(z.id).or_insert(current[i].id);
        }
    }
    (renamed, compared)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(in crate::world::saved) fn zones(n: u32, level: f32) -> Vec<LightZone> {
        (0..n)
            .map(|i| LightZone {
                id: i + 1,
                center: Vec3::new((i % 180) as f32 * 5.0, 0.0, (i / 180) as f32 * 5.0),
                radius: 2.0,
                level,
            })
            .collect()
    }

    pub(in crate::world::saved) fn saved(zones: &[LightZone]) -> Vec<LightZoneSave> {
        zones.iter().map(LightZoneSave::from).collect()
    }

    /// A level that made its 32,000 zones again before the load: each saved zone is matched
    /// with the level's by looking at the few zones near it, not at all of them.
    #[test]
    fn zones_made_again_are_matched_by_place_not_by_scanning() {
        let now = zones(32_000, 1.0);
        // Saved in the reverse order, and one moved away, so ids change hands.
        let mut before = saved(&now);
        before.reverse();
        before[0].center.x += 1.0;
        let (renamed, compared) = same_zones(&now, &before);
        assert_eq!(renamed.len(), 31_999);
        assert_eq!(renamed.get(&5), Some(&5));
        assert!(compared <= 2 * 32_000, "{compared} pairs compared");
        // Zones within the matching distance across a bucket's edge still match.
        let edge = [LightZone {
            id: 9,
            center: Vec3::new(2e-4, 0.0, 0.0),
            radius: 1.0,
            level: 1.0,
        }];
        let mut near = saved(&edge);
        near[0].id = 4;
        near[0].center.x = 1.1e-4;
        assert_eq!(same_zones(&edge, &near).0.get(&4), Some(&9));
        near[0].center.x = 0.9e-4;
        assert_eq!(same_zones(&edge, &near).0.get(&4), None, "too far");
    }

    /// Thousands of zones in one spot, in the level and in the save: matched in order by their
    /// numbers, and those a little off in one spot cost a bounded number of comparisons.
    #[test]
    fn zones_in_one_spot_are_matched_without_comparing_every_pair() {
        let spot = |n: u32, dx: f32| -> Vec<LightZone> {
            (0..n)
                .map(|i| LightZone {
                    id: i + 1,
                    center: Vec3::new(1.0 + dx, 0.0, 1.0),
                    radius: 2.0,
                    level: 0.5,
                })
                .collect()
        };
        let now = spot(20_000, 0.0);
        let (renamed, compared) = same_zones(&now, &saved(&now));
        assert_eq!(renamed.len(), 20_000);
        assert_eq!(renamed.get(&7), Some(&7), "in order");
        assert!(compared <= 2 * 20_000, "{compared} pairs compared");
        // A little off: matched through the buckets, as cheaply.
        let off = saved(&spot(20_000, 5e-5));
        let (renamed, compared) = same_zones(&now, &off);
        assert_eq!(renamed.len(), 20_000);
        assert_eq!(renamed.get(&7), Some(&7), "in order");
        assert!(compared <= 3 * 20_000, "{compared} pairs compared");
        // Half a spot a little off, half another spot: whatever the data, the comparisons
        // stop at a bound.
        let mut mixed = spot(10_000, 0.0);
        mixed.extend(spot(10_000, 3e-4));
        let (_, compared) = same_zones(&mixed, &off);
        assert!(
            compared <= 16 * 40_000 + 40_000,
            "{compared} pairs compared"
        );
    }
}
