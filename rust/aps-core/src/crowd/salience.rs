//! Which newcomer a crowd's eye goes to first (spec section 13: a player in plain view is
//! picked up whatever the crowd). A person scanning a crowd looks first at people (things
//! that move by themselves) before the things around them, and at what is near the centre of
//! their gaze before what is at its edge, near before far, and at what moves before what stands
//! still. The selection ranks newcomers so: characters before plain objects, then by a distance
//! stretched by how far off the gaze they stand and shrunk by how fast they move. How the
//! senses then judge each one is untouched: this only orders the looks.

use crate::Pose;
use glam::Vec3;

/// How much farther a newcomer seems for being off the gaze: it seems `1 + OFF_GAZE * (1 -
/// cos(angle))` times as far as it is. At 45 degrees off (the edge of the default main cone)
/// that is twice as far; straight behind, about eight times.
pub const OFF_GAZE: f32 = 3.414;

/// How much nearer a newcomer seems for moving: at [`RUN_SPEED`] and above it seems `1 +
/// MOVEMENT_PULL` times nearer (half as far), walking at a third of it a third nearer.
pub const MOVEMENT_PULL: f32 = 1.0;

/// The speed at which movement draws the eye most, m/s: a run (the spec's 600 cm/s top speed,
/// section 4).
pub const RUN_SPEED: f32 = 6.0;

/// How many times nearer a newcomer moving at `speed` m/s seems (see [`MOVEMENT_PULL`]): 1
/// standing still, `1 + MOVEMENT_PULL` at a run.
#[must_use]
pub fn movement_pull(speed: f32) -> f32 {
    let run = if speed.is_finite() {
        (speed / RUN_SPEED).clamp(0.0, 1.0)
    } else {
        0.0
    };
    1.0 + MOVEMENT_PULL * run
}

/// How far `position` seems to an eye at `eye` for ranking newcomers, for one moving at `speed`
/// m/s: its distance, stretched by how far off the gaze it stands (see [`OFF_GAZE`]) and
/// divided by [`movement_pull`]. Never less than its distance over the pull, so a ranking can
/// pass over candidates by distance alone before working out their angle. A position right at
/// the eye is 0.
#[must_use]
pub fn seeming_distance(eye: Pose, position: Vec3, speed: f32) -> f32 {
    let to = position - eye.position;
    let d = to.length();
    if d <= 1e-4 {
        return 0.0;
    }
    let cos = eye.forward.dot(to) / (d * eye.forward.length());
    let cos = if cos.is_finite() {
        cos.clamp(-1.0, 1.0)
    } else {
        -1.0
    };
    d * (1.0 + OFF_GAZE * (1.0 - cos)) / movement_pull(speed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seeming_distance0(eye: Pose, p: Vec3) -> f32 {
        seeming_distance(eye, p, 0.0)
    }

    fn eye() -> Pose {
        Pose {
            position: Vec3::ZERO,
            forward: Vec3::NEG_Z,
        }
    }

    #[test]
    fn straight_ahead_is_as_far_as_it_is_and_the_side_of_the_cone_twice_as_far() {
        assert!((seeming_distance0(eye(), Vec3::new(0.0, 0.0, -6.0)) - 6.0).abs() < 1e-5);
        let a = 45f32.to_radians();
        let side = Vec3::new(6.0 * a.sin(), 0.0, -6.0 * a.cos());
        assert!((seeming_distance0(eye(), side) - 12.0).abs() < 1e-2);
        // Behind: about eight times as far.
        assert!((seeming_distance0(eye(), Vec3::new(0.0, 0.0, 6.0)) - 6.0 * 7.828).abs() < 1e-2);
        // Never nearer than it is.
        for i in 0..36 {
            let a = (i as f32 * 10.0).to_radians();
            let p = Vec3::new(5.0 * a.sin(), 1.0, -5.0 * a.cos());
            assert!(seeming_distance0(eye(), p) >= p.length() - 1e-4);
        }
        assert_eq!(seeming_distance0(eye(), Vec3::ZERO), 0.0);
        // A gaze that is no direction leaves the distance times the worst angle.
        let blind = Pose {
            position: Vec3::ZERO,
            forward: Vec3::ZERO,
        };
        assert!(seeming_distance0(blind, Vec3::new(0.0, 0.0, -2.0)).is_finite());
    }

    #[test]
    fn a_runner_seems_half_as_far_and_a_walker_a_third_nearer() {
        let at = Vec3::new(0.0, 0.0, -12.0);
        assert!((seeming_distance(eye(), at, 6.0) - 6.0).abs() < 1e-4);
        assert!(
            (seeming_distance(eye(), at, 9.0) - 6.0).abs() < 1e-4,
            "no more than a run"
        );
        assert!((seeming_distance(eye(), at, 2.0) - 9.0).abs() < 1e-4);
        for bad in [f32::NAN, f32::INFINITY, -3.0] {
            assert!(
                (seeming_distance(eye(), at, bad) - 12.0).abs() < 1e-4,
                "{bad}"
            );
        }
        // A runner 12 m away straight ahead is looked at before a bystander 8 m away.
        assert!(
            seeming_distance(eye(), at, 6.0)
                < seeming_distance(eye(), Vec3::new(0.0, 0.0, -8.0), 0.0)
        );
    }
}
