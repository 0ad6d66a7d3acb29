//! Vision's confidence model and its three loss answers, against a world of boxes
//! (spec section 1's examples, section 4's reasons).

use aps_core::gather::target::TargetSnapshot;
use aps_core::profile::VisionSettings;
use aps_core::senses::rays::{BodyId, BoxSpace};
use aps_core::senses::{SenseContext, Vision};
use aps_core::Pose;
use aps_core::{LossReason, SenseReading, TargetId, Vec3};

const TARGET_BODY: BodyId = BodyId(100);
const WALL: BodyId = BodyId(1);

fn eye() -> Pose {
    Pose {
        position: Vec3::new(0.0, 1.6, 0.0),
        forward: Vec3::NEG_Z,
    }
}

/// A 1.8 m target standing `distance` m ahead (or at `feet`), with a capsule-ish box body.
fn target_at(feet: Vec3, space: &mut BoxSpace) -> TargetSnapshot {
    space.add(TARGET_BODY, feet + Vec3::Y * 0.9, Vec3::new(0.6, 1.8, 0.6));
    let mut t = TargetSnapshot::standing(TargetId(1), feet, 1.8);
    t.body = Some(TARGET_BODY);
    t
}

fn look(space: &mut BoxSpace, t: &TargetSnapshot) -> (SenseReading, u32) {
    let vision = Vision::new(VisionSettings::default());
    let mut ctx = SenseContext::new(eye(), space);
    let r = vision.look(&mut ctx, t);
    (r, ctx.rays)
}

#[test]
fn five_metres_in_full_view_and_bright_light_is_about_09() {
    let mut s = BoxSpace::new();
    let t = target_at(Vec3::new(0.0, 0.0, -5.0), &mut s);
    let (r, rays) = look(&mut s, &t);
    assert!((r.confidence - 0.9).abs() < 0.03, "{}", r.confidence);
    assert_eq!(rays, 3);
    assert_eq!(r.cue, LossReason::None);
}

#[test]
fn thirty_metres_with_only_a_shoulder_showing_is_about_015() {
    let mut s = BoxSpace::new();
    let t = target_at(Vec3::new(0.0, 0.0, -30.0), &mut s);
    // Cover hides the chest and feet; the head and shoulder show over it.
    s.add(WALL, Vec3::new(0.0, 0.6, -28.0), Vec3::new(3.0, 1.5, 0.3));
    let (r, _) = look(&mut s, &t);
    assert!((r.confidence - 0.15).abs() < 0.03, "{}", r.confidence);
}

#[test]
fn behind_a_wall_is_occluded() {
    let mut s = BoxSpace::new();
    let t = target_at(Vec3::new(0.0, 0.0, -10.0), &mut s);
    s.add(WALL, Vec3::new(0.0, 1.5, -6.0), Vec3::new(4.0, 3.0, 0.3));
    let (r, _) = look(&mut s, &t);
    assert_eq!((r.confidence, r.cue), (0.0, LossReason::Occluded));
}

#[test]
fn beyond_range_or_behind_is_out_of_range_and_casts_no_ray() {
    let mut s = BoxSpace::new();
    let far = target_at(Vec3::new(0.0, 0.0, -41.0), &mut s);
    assert_eq!(
        look(&mut s, &far),
        (SenseReading::missed(far_id(), LossReason::OutOfRange), 0)
    );
    let behind = target_at(Vec3::new(0.0, 0.0, 5.0), &mut s);
    assert_eq!(
        look(&mut s, &behind),
        (SenseReading::missed(far_id(), LossReason::OutOfRange), 0)
    );
}

fn far_id() -> aps_core::SenseId {
    aps_core::Sense::Vision.id()
}

#[test]
fn the_peripheral_cone_sees_less_than_the_main_cone() {
    let mut s = BoxSpace::new();
    let ahead = target_at(Vec3::new(0.0, 0.0, -8.0), &mut s);
    let (main, _) = look(&mut s, &ahead);
    let mut s = BoxSpace::new();
    let side = target_at(Vec3::new(8.0, 0.0, -3.0), &mut s); // about 69° off axis
    let (peripheral, _) = look(&mut s, &side);
    assert!(peripheral.confidence > 0.0);
    assert!(
        peripheral.confidence < main.confidence * 0.5,
        "{} vs {}",
        peripheral.confidence,
        main.confidence
    );
    assert!(peripheral.precision < main.precision);
}

#[test]
fn darkness_lowers_confidence_and_a_cloak_drops_out() {
    let mut s = BoxSpace::new();
    let mut t = target_at(Vec3::new(0.0, 0.0, -10.0), &mut s);
    let (lit, _) = look(&mut s, &t);
    t.light_level = 0.0;
    let (dark, _) = look(&mut s, &t);
    assert!((dark.confidence / lit.confidence - 0.15).abs() < 1e-3);
    t.light_level = 1.0;
    t.visibility_multiplier = 0.0;
    let (cloaked, _) = look(&mut s, &t);
    assert_eq!(
        (cloaked.confidence, cloaked.cue),
        (0.0, LossReason::SensorDropout)
    );
}

#[test]
fn a_moving_target_is_easier_to_see() {
    let mut s = BoxSpace::new();
    let mut t = target_at(Vec3::new(0.0, 0.0, -15.0), &mut s);
    let (still, _) = look(&mut s, &t);
    t.velocity = Vec3::new(6.0, 0.0, 0.0);
    let (moving, _) = look(&mut s, &t);
    assert!((moving.confidence / still.confidence - 1.15).abs() < 1e-3);
}
