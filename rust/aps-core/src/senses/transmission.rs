//! Surface transmission (spec section 14, "Threads and cost": sight traces with surface
//! transmission): glass that sight passes but sound mostly does not, foliage that half-hides,
//! smoke that sight barely gets through, a thin wall that stops sight and lets some sound by.
//!
//! A body the game marks as an occluder lets each medium through by its own fraction, 0
//! (opaque) to 1 (clear). A trace continues through every occluder that lets its medium
//! through, multiplying the fractions, and stops at the first body that does not; at most
//! [`Occluders::max_hits`] occluders are passed, and a ray that meets more is stopped. A body
//! that is no occluder is opaque to sight and muffles sound by the hearing's own Wall Muffle
//! Factor, as without transmission. With no occluders a trace is exactly one ray.

use crate::senses::rays::{BodyId, RayHit, Space};
use glam::Vec3;
use smallvec::SmallVec;

/// How much of each medium a body lets through, 0 (none) to 1 (all).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Transmission {
    pub sight: f32,
    pub sound: f32,
}

impl Transmission {
    /// Glass: seen through almost untouched, heard through muffled.
    pub const GLASS: Transmission = Transmission::new(0.9, 0.3);
    /// Foliage, a hedge: half seen through, heard almost as in the open.
    pub const FOLIAGE: Transmission = Transmission::new(0.5, 0.9);
    /// Smoke: barely seen through, heard as in the open.
    pub const SMOKE: Transmission = Transmission::new(0.2, 1.0);
    /// A thin wall: not seen through, heard through muffled.
    pub const THIN_WALL: Transmission = Transmission::new(0.0, 0.4);

    /// Fractions kept to 0..1 (not a number: opaque).
    #[must_use]
    pub const fn new(sight: f32, sound: f32) -> Self {
        Transmission {
            sight: unit(sight),
            sound: unit(sound),
        }
    }

    /// The fraction `medium` gets through.
    #[must_use]
    pub fn of(self, medium: Medium) -> f32 {
        match medium {
            Medium::Sight => self.sight,
            Medium::Sound => self.sound,
        }
    }
}

const fn unit(x: f32) -> f32 {
    if x.is_nan() || x < 0.0 {
        0.0
    } else if x > 1.0 {
        1.0
    } else {
        x
    }
}

/// What a trace carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Medium {
    Sight,
    Sound,
}

/// The default of the most occluders one ray passes through.
pub const DEFAULT_MAX_HITS: u8 = 4;
/// The largest limit a game may set.
pub const MAX_HITS_LIMIT: u8 = 16;

/// A world's occluders, by body.
#[derive(Debug, Clone, PartialEq)]
pub struct Occluders {
    /// Sorted by body.
    bodies: Vec<(BodyId, Transmission)>,
    max_hits: u8,
}

impl Default for Occluders {
    fn default() -> Self {
        Occluders {
            bodies: Vec::new(),
            max_hits: DEFAULT_MAX_HITS,
        }
    }
}

impl Occluders {
    /// Marks `body` as an occluder letting `t` through (replacing what it was).
    pub fn set(&mut self, body: BodyId, t: Transmission) {
        match self.bodies.binary_search_by_key(&body, |(b, _)| *b) {
            Ok(i) => self.bodies[i].1 = t,
            Err(i) => self.bodies.insert(i, (body, t)),
        }
    }

    /// `body` is no occluder any more.
    pub fn remove(&mut self, body: BodyId) {
        if let Ok(i) = self.bodies.binary_search_by_key(&body, |(b, _)| *b) {
            self.bodies.remove(i);
        }
    }

    /// What `body` lets through, if it is an occluder.
    #[must_use]
    pub fn get(&self, body: BodyId) -> Option<Transmission> {
        self.bodies
            .binary_search_by_key(&body, |(b, _)| *b)
            .ok()
            .map(|i| self.bodies[i].1)
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.bodies.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bodies.is_empty()
    }

    /// The most occluders one ray passes through.
    #[must_use]
    pub fn max_hits(&self) -> u8 {
        self.max_hits
    }

    /// Sets the limit, kept to 1..=[`MAX_HITS_LIMIT`]; returns the limit used.
    pub fn set_max_hits(&mut self, hits: i64) -> u8 {
        self.max_hits = hits.clamp(1, i64::from(MAX_HITS_LIMIT)) as u8;
        self.max_hits
    }
}

/// What a trace found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Trace {
    /// Nothing opaque stood between: the end (or the body it was cast at) was reached.
    pub reached: bool,
    /// The fraction of the medium that got through the occluders passed (1 with none).
    pub transmitted: f32,
    /// What stopped it, when it did not reach.
    pub blocker: Option<RayHit>,
    /// The first occluder it passed through, if any.
    pub through: Option<RayHit>,
    /// Where its last ray stopped: the body it was cast at, or what blocked it.
    pub last_hit: Option<RayHit>,
    /// Rays cast (1 plus one per occluder passed).
    pub casts: u32,
}

/// One trace to make.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TraceRay {
    pub from: Vec3,
    pub to: Vec3,
    /// The collision layers that stop it.
    pub mask: u32,
    pub medium: Medium,
    /// The body it is cast at: hitting it is reaching it.
    pub stop_at: Option<BodyId>,
}

/// Traces `ray`, ignoring `exclude`: through every occluder that lets its medium through, up
/// to the limit, stopping at the body it is cast at (reached) or at the first body that does
/// not let it through.
pub fn trace(
    space: &mut dyn Space,
    ray: TraceRay,
    exclude: &[BodyId],
    occluders: Option<&Occluders>,
) -> Trace {
    let TraceRay {
        from,
        to,
        mask,
        medium,
        stop_at,
    } = ray;
    let mut out = Trace {
        reached: false,
        transmitted: 1.0,
        blocker: None,
        through: None,
        last_hit: None,
        casts: 1,
    };
    let first = space.cast_ray_toward(from, to, mask, exclude, stop_at);
    let Some(mut hit) = first else {
        out.reached = true;
        return out;
    };
    let occluders = match occluders {
        Some(o) if !o.is_empty() => o,
        _ => return stop(out, hit, stop_at),
    };
    let mut passed: SmallVec<[BodyId; 12]> = SmallVec::from_slice(exclude);
    for _ in 0..occluders.max_hits() {
        if Some(hit.body) == stop_at {
            break;
        }
        let Some(t) = occluders.get(hit.body).map(|t| t.of(medium)) else {
            break;
        };
        if t <= 0.0 {
            break;
        }
        out.transmitted *= t;
        out.through.get_or_insert(hit);
        passed.push(hit.body);
        out.casts += 1;
        match space.cast_ray_toward(from, to, mask, &passed, stop_at) {
            None => {
                out.reached = true;
                return out;
            }
            Some(next) => hit = next,
        }
    }
    stop(out, hit, stop_at)
}

/// The end of a trace at `hit`: reached if it is the body cast at, else blocked there.
fn stop(mut out: Trace, hit: RayHit, stop_at: Option<BodyId>) -> Trace {
    out.last_hit = Some(hit);
    if Some(hit.body) == stop_at {
        out.reached = true;
    } else {
        out.blocker = Some(hit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::senses::rays::BoxSpace;

    const GLASS: BodyId = BodyId(1);
    const HEDGE: BodyId = BodyId(2);
    const WALL: BodyId = BodyId(3);

    fn space() -> BoxSpace {
        let mut s = BoxSpace::new();
        s.add(GLASS, Vec3::new(0.0, 0.0, -2.0), Vec3::new(4.0, 4.0, 0.1));
        s.add(HEDGE, Vec3::new(0.0, 0.0, -4.0), Vec3::new(4.0, 4.0, 1.0));
        s.add(WALL, Vec3::new(0.0, 0.0, -8.0), Vec3::new(4.0, 4.0, 0.3));
        s
    }

    fn ray(to: Vec3, medium: Medium, stop_at: Option<BodyId>) -> TraceRay {
        TraceRay {
            from: Vec3::ZERO,
            to,
            mask: 1,
            medium,
            stop_at,
        }
    }

    fn occluders() -> Occluders {
        let mut o = Occluders::default();
        o.set(GLASS, Transmission::GLASS);
        o.set(HEDGE, Transmission::FOLIAGE);
        o
    }

    #[test]
    fn presets_are_the_issues_numbers() {
        assert_eq!(Transmission::GLASS, Transmission::new(0.9, 0.3));
        assert_eq!(Transmission::FOLIAGE, Transmission::new(0.5, 0.9));
        assert_eq!(Transmission::SMOKE, Transmission::new(0.2, 1.0));
        assert_eq!(Transmission::THIN_WALL, Transmission::new(0.0, 0.4));
        assert_eq!(
            Transmission::new(f32::NAN, 7.0),
            Transmission::new(0.0, 1.0)
        );
    }

    #[test]
    fn sight_passes_glass_and_foliage_multiplying_and_stops_at_a_wall() {
        let mut s = space();
        let o = occluders();
        let end = Vec3::new(0.0, 0.0, -6.0);
        let t = trace(&mut s, ray(end, Medium::Sight, None), &[], Some(&o));
        assert!(t.reached);
        assert!((t.transmitted - 0.45).abs() < 1e-6);
        assert_eq!(t.through.map(|h| h.body), Some(GLASS));
        assert_eq!(t.casts, 3);
        let far = Vec3::new(0.0, 0.0, -10.0);
        let t = trace(&mut s, ray(far, Medium::Sight, None), &[], Some(&o));
        assert!(!t.reached);
        assert_eq!(t.blocker.map(|h| h.body), Some(WALL));
        let t = trace(&mut s, ray(end, Medium::Sound, None), &[], Some(&o));
        assert!((t.transmitted - 0.27).abs() < 1e-6, "sound: 0.3 x 0.9");
    }

    #[test]
    fn without_occluders_a_trace_is_one_ray_as_before() {
        let mut s = space();
        let t = trace(
            &mut s,
            ray(Vec3::new(0.0, 0.0, -6.0), Medium::Sight, None),
            &[],
            None,
        );
        assert!(!t.reached);
        assert_eq!(t.blocker.map(|h| h.body), Some(GLASS));
        assert_eq!((t.casts, s.rays), (1, 1));
        let empty = Occluders::default();
        let t = trace(
            &mut s,
            ray(Vec3::new(0.0, 0.0, -6.0), Medium::Sight, None),
            &[],
            Some(&empty),
        );
        assert_eq!((t.casts, s.rays), (1, 2));
    }

    #[test]
    fn a_ray_meeting_more_occluders_than_the_limit_is_stopped() {
        let mut s = space();
        let mut o = occluders();
        o.set_max_hits(1);
        let t = trace(
            &mut s,
            ray(Vec3::new(0.0, 0.0, -6.0), Medium::Sight, None),
            &[],
            Some(&o),
        );
        assert!(!t.reached);
        assert_eq!(t.blocker.map(|h| h.body), Some(HEDGE));
        assert_eq!(o.set_max_hits(0), 1);
        assert_eq!(o.set_max_hits(1000), MAX_HITS_LIMIT);
    }

    #[test]
    fn the_body_cast_at_counts_as_reached_behind_glass() {
        let mut s = space();
        s.add(
            BodyId(9),
            Vec3::new(0.0, 0.0, -3.0),
            Vec3::new(0.5, 0.5, 0.5),
        );
        let o = occluders();
        let t = trace(
            &mut s,
            ray(Vec3::new(0.0, 0.0, -3.0), Medium::Sight, Some(BodyId(9))),
            &[],
            Some(&o),
        );
        assert!(t.reached);
        assert!((t.transmitted - 0.9).abs() < 1e-6);
    }
}
