//! Which way an AI looks (its gaze) when no node of the game turns with it, and a watch on
//! whether a gaze that comes from a node ever follows the AI's body.
//!
//! The adapter gives the eye's position and, when the gaze comes from a node, the node's axis.
//! Two things here are about how other people build their games, not about the spec's model:
//!
//! - [`MovementGaze`]: a body that never turns (its rotation locked, a 2D sprite flipped rather
//!   than turned) still has a way it goes: the gaze follows the body's movement, keeping its
//!   last direction while the body stands still.
//! - [`GazeWatch`]: an eye placed under a node that never turns, or looking along the wrong
//!   axis, goes unnoticed until a player walks past a blind guard. A body that keeps moving
//!   away from where its eye looks while that eye never turns is said once.

use crate::gather::motion::VelocitySampler;
use glam::Vec3;

/// Speed in m/s below which a gaze that follows movement keeps its last direction: a body
/// standing still, or shuffling in place, does not turn its head.
pub const MIN_GAZE_SPEED: f32 = 0.3;

/// How far in degrees a gaze must turn from where it first looked to count as following its
/// body at all.
pub const GAZE_TURN_DEGREES: f32 = 20.0;

/// Metres a body must travel against its gaze (more than [`BACKWARD_DEGREES`] off it), while the
/// gaze never turned, before [`GazeWatch`] concludes the gaze does not follow the body.
pub const BACKWARD_TRAVEL: f32 = 4.0;

/// How far off the gaze in degrees a step must go to count as going against it.
pub const BACKWARD_DEGREES: f32 = 120.0;

/// Steps longer than this (metres between two observations) are jumps, not walking: a respawn
/// or a script placing the AI counts for nothing.
pub const MAX_STEP: f32 = 5.0;

/// A gaze along the way a body moves, measured from the eye's positions.
#[derive(Debug, Clone, Default)]
pub struct MovementGaze {
    sampler: VelocitySampler,
    last: Option<Vec3>,
}

impl MovementGaze {
    /// The gaze once the eye has reached `position` at world time `now`: along the body's own
    /// velocity where the engine gives one (`own`), else the velocity measured since the last
    /// sample, less its part along `up` where the body's up is known (a walker looks ahead, not
    /// at the ground it falls to), or the last such direction while slower than
    /// [`MIN_GAZE_SPEED`]. `rest` until the body first moves.
    pub fn follow(
        &mut self,
        position: Vec3,
        now: f64,
        own: Option<Vec3>,
        up: Option<Vec3>,
        rest: Vec3,
    ) -> Vec3 {
        let sampled = self.sampler.sample(position, now);
        // A body's own velocity is there from its first frame; a sample needs two passes.
        let mut velocity = own.filter(|v| v.is_finite()).unwrap_or(sampled);
        if let Some(up) = up.and_then(|u| u.try_normalize()) {
            velocity -= up * velocity.dot(up);
        }
        if velocity.is_finite() && velocity.length() >= MIN_GAZE_SPEED {
            self.last = Some(velocity.normalize());
        }
        self.direction().unwrap_or(rest)
    }

    /// The direction it last moved in, if it has moved.
    #[must_use]
    pub fn direction(&self) -> Option<Vec3> {
        self.last
    }
}

/// Watches one AI's gaze against the way its body travels; see the module doc.
#[derive(Debug, Clone, Default)]
pub struct GazeWatch {
    first: Option<Vec3>,
    last_position: Option<Vec3>,
    backward: f32,
    /// Settled: the gaze turned (it follows something), or it was said once.
    settled: bool,
}

impl GazeWatch {
    /// Records the eye at `position` looking along `forward` (a unit vector). True once, at
    /// the observation that settles it: the body has travelled [`BACKWARD_TRAVEL`] metres
    /// against a gaze that never turned by [`GAZE_TURN_DEGREES`].
    pub fn observe(&mut self, position: Vec3, forward: Vec3) -> bool {
        if self.settled || !position.is_finite() || !forward.is_finite() {
            return false;
        }
        let Some(forward) = forward.try_normalize() else {
            return false;
        };
        let first = *self.first.get_or_insert(forward);
        if first.angle_between(forward).to_degrees() > GAZE_TURN_DEGREES {
            self.settled = true;
            return false;
        }
        if let Some(last) = self.last_position.replace(position) {
            let step = position - last;
            let length = step.length();
            let against = step
                .try_normalize()
                .is_some_and(|d| d.angle_between(forward).to_degrees() > BACKWARD_DEGREES);
            if length <= MAX_STEP && against {
                self.backward += length;
            }
        }
        if self.backward >= BACKWARD_TRAVEL {
            self.settled = true;
            return true;
        }
        false
    }

    /// Whether the watch has concluded either way.
    #[must_use]
    pub fn is_settled(&self) -> bool {
        self.settled
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_movement_gaze_looks_the_way_the_body_goes_and_holds_it_when_still() {
        let mut g = MovementGaze::default();
        let rest = Vec3::NEG_Z;
        let up = Some(Vec3::Y);
        assert_eq!(g.follow(Vec3::ZERO, 0.0, None, up, rest), rest);
        // 1 m/s along +X, falling at 3 m/s: the fall is left out.
        let d = g.follow(Vec3::new(0.1, -0.3, 0.0), 0.1, None, up, rest);
        assert!((d - Vec3::X).length() < 1e-5, "{d}");
        // Standing still: still looking along +X.
        let d = g.follow(Vec3::new(0.1, -0.3, 0.0), 0.2, None, up, rest);
        assert!((d - Vec3::X).length() < 1e-5, "{d}");
        // Slower than the least speed: no turn.
        let d = g.follow(Vec3::new(0.1, -0.3, 0.02), 0.3, None, up, rest);
        assert!((d - Vec3::X).length() < 1e-5, "{d}");
        // Back the other way.
        let d = g.follow(Vec3::new(-0.2, -0.3, 0.02), 0.4, None, up, rest);
        assert!((d - Vec3::NEG_X).length() < 1e-5, "{d}");
        // With no up (a top-down 2D body) the whole velocity counts.
        let mut g = MovementGaze::default();
        g.follow(Vec3::ZERO, 0.0, None, None, rest);
        let d = g.follow(Vec3::new(0.0, 0.0, 0.5), 0.1, None, None, rest);
        assert!((d - Vec3::Z).length() < 1e-5, "{d}");
        // A body's own velocity counts from the first pass, before any sample could.
        let mut g = MovementGaze::default();
        let d = g.follow(Vec3::ZERO, 0.0, Some(Vec3::new(-2.0, 0.0, 0.0)), up, rest);
        assert!((d - Vec3::NEG_X).length() < 1e-5, "{d}");
        // and over what the positions say (a body carried by a platform it stands on).
        let d = g.follow(
            Vec3::new(1.0, 0.0, 0.0),
            0.1,
            Some(Vec3::new(0.0, 0.0, 1.0)),
            up,
            rest,
        );
        assert!((d - Vec3::Z).length() < 1e-5, "{d}");
        // One that is no number is not used.
        let d = g.follow(Vec3::new(1.0, 0.0, 0.0), 0.2, Some(Vec3::NAN), up, rest);
        assert!((d - Vec3::Z).length() < 1e-5, "{d}");
    }

    /// Walks `steps` steps of `step` metres each along `along`, the eye looking along `gaze`.
    fn walk(
        w: &mut GazeWatch,
        from: Vec3,
        along: Vec3,
        step: f32,
        steps: usize,
        gaze: Vec3,
    ) -> (Vec3, bool) {
        let mut at = from;
        let mut said = false;
        for _ in 0..steps {
            at += along * step;
            said |= w.observe(at, gaze);
        }
        (at, said)
    }

    #[test]
    fn a_gaze_that_never_turns_is_said_once_the_body_has_gone_four_metres_against_it() {
        let mut w = GazeWatch::default();
        // Forward along the gaze never counts.
        let (at, said) = walk(&mut w, Vec3::ZERO, Vec3::NEG_Z, 0.5, 40, Vec3::NEG_Z);
        assert!(!said);
        // Sideways neither (90 degrees off).
        let (at, said) = walk(&mut w, at, Vec3::X, 0.5, 40, Vec3::NEG_Z);
        assert!(!said);
        // Backwards: 3.5 m is not yet enough, the eighth half-metre step is.
        let (at, said) = walk(&mut w, at, Vec3::Z, 0.5, 7, Vec3::NEG_Z);
        assert!(!said);
        assert!(w.observe(at + Vec3::Z * 0.5, Vec3::NEG_Z));
        assert!(w.is_settled());
        // Once only.
        let (_, said) = walk(&mut w, at, Vec3::Z, 0.5, 40, Vec3::NEG_Z);
        assert!(!said);
    }

    #[test]
    fn a_gaze_that_turns_settles_the_watch_without_a_word() {
        let mut w = GazeWatch::default();
        w.observe(Vec3::ZERO, Vec3::NEG_Z);
        let turned = Vec3::new(0.5, 0.0, -1.0).normalize(); // 26.6 degrees
        assert!(!w.observe(Vec3::ZERO, turned));
        assert!(w.is_settled());
        let (_, said) = walk(&mut w, Vec3::ZERO, Vec3::Z, 0.5, 40, Vec3::NEG_Z);
        assert!(!said);
        // 15 degrees is not a turn.
        let mut w = GazeWatch::default();
        w.observe(Vec3::ZERO, Vec3::NEG_Z);
        let slight = Vec3::new((15f32).to_radians().tan(), 0.0, -1.0).normalize();
        w.observe(Vec3::ZERO, slight);
        assert!(!w.is_settled());
    }

    #[test]
    fn jumps_and_positions_that_are_no_number_count_for_nothing() {
        let mut w = GazeWatch::default();
        w.observe(Vec3::ZERO, Vec3::NEG_Z);
        // A respawn 20 m behind, twice over.
        assert!(!w.observe(Vec3::new(0.0, 0.0, 20.0), Vec3::NEG_Z));
        assert!(!w.observe(Vec3::new(0.0, 0.0, 40.0), Vec3::NEG_Z));
        assert!(!w.observe(Vec3::NAN, Vec3::NEG_Z));
        assert!(!w.observe(Vec3::new(0.0, 0.0, 41.0), Vec3::ZERO));
        assert!(!w.is_settled());
    }
}
