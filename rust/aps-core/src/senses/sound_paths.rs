//! Sound that travels around walls: when the straight line from a sound to an ear is
//! blocked, the sound also arrives along the shortest open way, through doors and round
//! corners, weakened by that way's length and heard from the last opening on it.
//!
//! The ways come from two places: the game's navigation (the engine's path between the two,
//! through [`Space::path`]), and the sound portals a designer placed (doorways, windows, vents),
//! searched here as a graph whose edges are open straight lines. The shorter way wins. With
//! neither, no way is looked for.

use crate::senses::rays::{BodyId, Space};
use glam::Vec3;
use smallvec::SmallVec;

/// A place sound passes through a wall: a doorway, a window, a vent.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Portal {
    /// The engine's id for the portal (a node), to add and remove it by.
    pub id: u64,
    pub position: Vec3,
    /// Metres around its position that count as the opening.
    pub radius: f32,
}

/// The way a sound travels to an ear.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SoundRoute {
    /// Metres along the way.
    pub length: f32,
    /// The last opening on it, where the ear hears the sound come from.
    pub opening: Vec3,
}

/// The most portals one search considers (the nearest to the sound and the ear).
pub const MAX_PORTALS: usize = 12;

/// The shortest way from the sound at `from` to the ear at `to`, no longer than `range`:
/// through the portals (each segment an open line on `mask`, ignoring `exclude`) or along the
/// engine's navigation, whichever is shorter. `rays` counts the rays cast.
#[allow(clippy::too_many_arguments)]
pub fn route(
    space: &mut dyn Space,
    portals: &[Portal],
    from: Vec3,
    to: Vec3,
    mask: u32,
    exclude: &[BodyId],
    range: f32,
    rays: &mut u32,
) -> Option<SoundRoute> {
    let by_portals = portal_route(space, portals, from, to, mask, exclude, range, rays);
    let by_navigation = navigation_route(space, from, to, range);
    match (by_portals, by_navigation) {
        (Some(a), Some(b)) => Some(if a.length <= b.length { a } else { b }),
        (a, b) => a.or(b),
    }
}

/// The engine's navigation path, if it has one that bends (a straight one is the blocked line
/// itself): its length and its last corner before the ear.
fn navigation_route(space: &mut dyn Space, from: Vec3, to: Vec3, range: f32) -> Option<SoundRoute> {
    let mut path: Vec<Vec3> = Vec::new();
    if !space.path(from, to, &mut path) || path.len() < 3 {
        return None;
    }
    // The path runs on the navigation mesh; its ends stand for the sound and the ear.
    let mut length = from.distance(path[0]) + path[path.len() - 1].distance(to);
    for w in path.windows(2) {
        length += w[0].distance(w[1]);
    }
    if !length.is_finite() || length > range {
        return None;
    }
    Some(SoundRoute {
        length,
        opening: path[path.len() - 2],
    })
}

/// The shortest way through portals: Dijkstra over the sound, the portals within reach and the
/// ear, each edge an open straight line, tested only when the search needs it.
#[allow(clippy::too_many_arguments)]
fn portal_route(
    space: &mut dyn Space,
    portals: &[Portal],
    from: Vec3,
    to: Vec3,
    mask: u32,
    exclude: &[BodyId],
    range: f32,
    rays: &mut u32,
) -> Option<SoundRoute> {
    // Only portals that could lie on a way short enough, the nearest first.
    let mut near: SmallVec<[Vec3; MAX_PORTALS]> = SmallVec::new();
    let mut reach: SmallVec<[(f32, usize); 32]> = portals
        .iter()
        .enumerate()
        .map(|(i, p)| (from.distance(p.position) + p.position.distance(to), i))
        .filter(|(d, _)| d.is_finite() && *d <= range)
        .collect();
    reach.sort_by(|a, b| a.0.total_cmp(&b.0));
    near.extend(
        reach
            .iter()
            .take(MAX_PORTALS)
            .map(|(_, i)| portals[*i].position),
    );
    if near.is_empty() {
        return None;
    }
    // Nodes: 0 the sound, 1..=n the portals, n + 1 the ear.
    let n = near.len();
    let node = |i: usize| match i {
        0 => from,
        i if i <= n => near[i - 1],
        _ => to,
    };
    let mut open = |a: Vec3, b: Vec3| {
        *rays += 1;
        space.cast_ray(a, b, mask, exclude).is_none()
    };
    let mut best = [f32::INFINITY; MAX_PORTALS + 2];
    let mut prev = [usize::MAX; MAX_PORTALS + 2];
    let mut done = [false; MAX_PORTALS + 2];
    best[0] = 0.0;
    loop {
        let u = (0..n + 2)
            .filter(|&i| !done[i] && best[i].is_finite())
            .min_by(|a, b| best[*a].total_cmp(&best[*b]))?;
        if u == n + 1 {
            break;
        }
        done[u] = true;
        // From the sound, only to portals: its straight line to the ear is the blocked one.
        for v in 1..n + 2 {
            if done[v] || (u == 0 && v == n + 1) {
                continue;
            }
            let d = best[u] + node(u).distance(node(v));
            if d < best[v] && d <= range && open(node(u), node(v)) {
                best[v] = d;
                prev[v] = u;
            }
        }
    }
    let last = prev[n + 1];
    (last != usize::MAX && last != 0).then(|| SoundRoute {
        length: best[n + 1],
        opening: node(last),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::senses::rays::BoxSpace;

    /// A wall across z = 0 from x = -10 to 10, with a vent at x = 6 (a portal there).
    fn walled() -> BoxSpace {
        let mut s = BoxSpace::new();
        s.add(
            BodyId(1),
            Vec3::new(-2.5, 1.5, 0.0),
            Vec3::new(15.0, 3.0, 0.3),
        );
        s.add(
            BodyId(2),
            Vec3::new(8.5, 1.5, 0.0),
            Vec3::new(3.0, 3.0, 0.3),
        );
        s
    }

    fn vent() -> Portal {
        Portal {
            id: 7,
            position: Vec3::new(6.0, 1.5, 0.0),
            radius: 0.5,
        }
    }

    #[test]
    fn a_sound_behind_a_wall_comes_through_the_vent() {
        let mut s = walled();
        let mut rays = 0;
        let from = Vec3::new(0.0, 1.5, 5.0);
        let to = Vec3::new(0.0, 1.5, -5.0);
        let r = route(&mut s, &[vent()], from, to, 1, &[], 40.0, &mut rays).unwrap();
        assert_eq!(r.opening, vent().position);
        let expected = from.distance(vent().position) + vent().position.distance(to);
        assert!((r.length - expected).abs() < 1e-4);
        assert!(rays <= 3, "{rays}");
    }

    #[test]
    fn a_way_longer_than_the_range_or_no_portal_is_no_way() {
        let mut s = walled();
        let mut rays = 0;
        let from = Vec3::new(0.0, 1.5, 5.0);
        let to = Vec3::new(0.0, 1.5, -5.0);
        assert!(route(&mut s, &[vent()], from, to, 1, &[], 10.0, &mut rays).is_none());
        assert!(route(&mut s, &[], from, to, 1, &[], 40.0, &mut rays).is_none());
        // A portal behind a second wall leads nowhere.
        s.add(
            BodyId(3),
            Vec3::new(6.0, 1.5, -1.0),
            Vec3::new(3.0, 3.0, 0.3),
        );
        assert!(route(&mut s, &[vent()], from, to, 1, &[], 40.0, &mut rays).is_none());
    }

    #[test]
    fn two_portals_in_a_row_make_one_way_heard_from_the_last() {
        // A second wall at z = -4 with a door at x = -6.
        let mut s = walled();
        s.add(
            BodyId(3),
            Vec3::new(2.5, 1.5, -4.0),
            Vec3::new(15.0, 3.0, 0.3),
        );
        s.add(
            BodyId(4),
            Vec3::new(-8.5, 1.5, -4.0),
            Vec3::new(3.0, 3.0, 0.3),
        );
        let door = Portal {
            id: 8,
            position: Vec3::new(-6.0, 1.5, -4.0),
            radius: 0.5,
        };
        let mut rays = 0;
        let from = Vec3::new(0.0, 1.5, 5.0);
        let to = Vec3::new(0.0, 1.5, -8.0);
        let r = route(&mut s, &[vent(), door], from, to, 1, &[], 60.0, &mut rays).unwrap();
        assert_eq!(r.opening, door.position);
    }
}
