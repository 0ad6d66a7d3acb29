//! Which newcomer a crowd's eye goes to first (spec section 13: a player in plain view is
//! picked up whatever the crowd). A person scanning a crowd looks first at people (things
//! that move by themselves) before the things around them, and at what is near the centre of
//! their gaze before what is at its edge, near before far. The selection ranks newcomers so:
//! characters before plain objects, then by a distance stretched by how far off the gaze they
//! stand. How the senses then judge each one is untouched: this only orders the looks.

use crate::Pose;
use glam::Vec3;

/// How much farther a newcomer seems for being off the gaze: it seems `1 + OFF_GAZE * (1 -
/// cos(angle))` times as far as it is. At 45 degrees off (the edge of the default main cone)
/// that is twice as far; straight behind, about eight times.
pub const OFF_GAZE: f32 = 3.414;

/// How far `position` seems to an eye at `eye` for ranking newcomers: its distance, stretched
/// by how far off the gaze it stands (see [`OFF_GAZE`]); never less than its distance, so a
/// ranking can pass over candidates by distance alone before working out their angle. A
/// position right at the eye is 0.
#[must_use]
pub fn seeming_distance(eye: Pose, position: Vec3) -> f32 {
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
    d * (1.0 + OFF_GAZE * (1.0 - cos))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eye() -> Pose {
        Pose {
            position: Vec3::ZERO,
            forward: Vec3::NEG_Z,
        }
    }

    #[test]
    fn straight_ahead_is_as_far_as_it_is_and_the_side_of_the_cone_twice_as_far() {
        assert!((seeming_distance(eye(), Vec3::new(0.0, 0.0, -6.0)) - 6.0).abs() < 1e-5);
        let a = 45f32.to_radians();
        let side = Vec3::new(6.0 * a.sin(), 0.0, -6.0 * a.cos());
        assert!((seeming_distance(eye(), side) - 12.0).abs() < 1e-2);
        // Behind: about eight times as far.
        assert!((seeming_distance(eye(), Vec3::new(0.0, 0.0, 6.0)) - 6.0 * 7.828).abs() < 1e-2);
        // Never nearer than it is.
        for i in 0..36 {
            let a = (i as f32 * 10.0).to_radians();
            let p = Vec3::new(5.0 * a.sin(), 1.0, -5.0 * a.cos());
            assert!(seeming_distance(eye(), p) >= p.length() - 1e-4);
        }
        assert_eq!(seeming_distance(eye(), Vec3::ZERO), 0.0);
        // A gaze that is no direction leaves the distance times the worst angle.
        let blind = Pose {
            position: Vec3::ZERO,
            forward: Vec3::ZERO,
        };
        assert!(seeming_distance(blind, Vec3::new(0.0, 0.0, -2.0)).is_finite());
    }
}
