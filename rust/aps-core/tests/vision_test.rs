//! Vision's confidence model and its three loss answers, against a world of boxes
//! (spec section 1's examples, section 4's reasons).

use aps_core::belief::loss::LossDetail;
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
        (SenseReading::out_of_range(far_id(), LossDetail::TooFar), 0)
    );
    // Off the side of the view cone is OutOfRange too (spec section 4); its detail tells it
    // from too far.
    let behind = target_at(Vec3::new(0.0, 0.0, 5.0), &mut s);
    assert_eq!(
        look(&mut s, &behind),
        (
            SenseReading::out_of_range(far_id(), LossDetail::OutsideCone),
            0
        )
    );
    let beside = target_at(Vec3::new(14.0, 0.0, 1.0), &mut s); // 94 degrees off, 14 m of 40
    let (r, rays) = look(&mut s, &beside);
    assert_eq!(
        (r.cue, r.detail, rays),
        (LossReason::OutOfRange, LossDetail::OutsideCone, 0)
    );
    assert_eq!(r.cue.name(), "OutOfRange");
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

#[test]
fn a_faint_look_at_the_fringe_says_which_took_more_of_it() {
    // In full view but below Min Confidence: at the far end of the range, too far; at the
    // edge of the peripheral cone, nearer, outside the cone.
    let mut s = BoxSpace::new();
    let far = target_at(Vec3::new(0.0, 0.0, -39.8), &mut s);
    let (r, _) = look(&mut s, &far);
    assert_eq!(
        (r.cue, r.detail),
        (LossReason::OutOfRange, LossDetail::TooFar)
    );
    // A dim-eyed AI (acuity 0.3) 79.9 degrees off its axis at 29 m: the cone leaves 0.20 of
    // the look, the distance 0.47; 0.3 x 0.47 x 0.20 is below Min Confidence (0.03).
    let mut s = BoxSpace::new();
    let a = 79.9_f32.to_radians();
    let fringe = target_at(Vec3::new(29.0 * a.sin(), 0.0, -29.0 * a.cos()), &mut s);
    let vision = Vision::new(VisionSettings {
        acuity: 0.3,
        ..VisionSettings::default()
    });
    let mut ctx = SenseContext::new(eye(), &mut s);
    let r = vision.look(&mut ctx, &fringe);
    assert_eq!(
        (r.cue, r.detail),
        (LossReason::OutOfRange, LossDetail::OutsideCone)
    );
}

#[test]
fn walls_on_any_layer_stop_sight_under_the_project_occlusion_layers() {
    use aps_core::profile::ALL_LAYERS;
    use aps_core::senses::rays::Block;
    use aps_core::Profile;
    // A wall on layer 16, as a game may put its level, between the eye and a target 10 m ahead.
    let layer_16 = 1 << 15;
    let mut s = BoxSpace::new();
    let t = target_at(Vec3::new(0.0, 0.0, -10.0), &mut s);
    s.blocks.push(Block {
        body: WALL,
        min: Vec3::new(-2.0, 0.0, -6.2),
        max: Vec3::new(2.0, 3.0, -5.8),
        layers: layer_16,
    });
    let look_with = |profile: Profile, s: &mut BoxSpace| {
        let vision = Vision::new(profile.vision);
        let mut ctx = SenseContext::new(eye(), s);
        vision.look(&mut ctx, &t)
    };
    // By default a profile follows the project's layers, every layer unless the project
    // changes them: the wall stops sight.
    let p = Profile::default();
    assert!(p.occlusion.use_project_layers);
    let r = look_with(p.clone().with_project_layers(ALL_LAYERS), &mut s);
    assert_eq!((r.confidence, r.cue), (0.0, LossReason::Occluded));
    // A project whose walls are on layer 1 only: the wall on 16 is no wall.
    let r = look_with(p.clone().with_project_layers(1), &mut s);
    assert!(r.confidence > 0.5, "{}", r.confidence);
    // A profile that keeps its own mask (layer 1) ignores the project's layers.
    let mut own = p.clone();
    own.occlusion.use_project_layers = false;
    let own = own.with_project_layers(ALL_LAYERS);
    assert_eq!(own.vision.collision_mask, 1);
    assert_eq!(own.hearing.occlusion_mask, 1);
    assert_eq!(own.echolocation.collision_mask, 1);
    let r = look_with(own, &mut s);
    assert!(r.confidence > 0.5, "{}", r.confidence);
    // Following the project, all three senses take its layers.
    let followed = p.with_project_layers(layer_16 | 1);
    assert_eq!(
        (
            followed.vision.collision_mask,
            followed.hearing.occlusion_mask,
            followed.echolocation.collision_mask
        ),
        (layer_16 | 1, layer_16 | 1, layer_16 | 1)
    );
}
