//! Hearing's confidence model: loudness over distance, fading with time, muffled by walls
//! (spec section 1: a footstep two rooms away through a wall is around 0.2).

use aps_core::gather::target::TargetSnapshot;
use aps_core::profile::HearingSettings;
use aps_core::senses::rays::{BodyId, BoxSpace};
use aps_core::senses::{Hearing, SenseContext, WorldView};
use aps_core::world::stimulus::{Sound, SoundBuffer};
use aps_core::Pose;
use aps_core::{TargetId, Vec3};

fn sound(at: Vec3, loudness: f32, max_range: f32, time: f64) -> Sound {
    Sound {
        location: at,
        loudness,
        max_range,
        tag: 0,
        instigator: Some(TargetId(1)),
        time,
        max_tier: 4,
    }
}

fn heard(space: &mut BoxSpace, s: Sound, now: f64) -> Option<f32> {
    let mut buffer = SoundBuffer::default();
    buffer.push(s);
    let hearing = Hearing::new(HearingSettings::default());
    let eye = Pose {
        position: Vec3::new(0.0, 1.6, 0.0),
        forward: Vec3::NEG_Z,
    };
    let mut ctx = SenseContext::new(eye, space);
    ctx.world = WorldView {
        now,
        sounds: Some(&buffer),
        ..WorldView::default()
    };
    let target = TargetSnapshot::at(TargetId(1), s.location);
    hearing.hear_target(&mut ctx, &target).map(|r| r.confidence)
}

#[test]
fn confidence_is_loudness_over_distance() {
    let mut space = BoxSpace::new();
    let c = heard(
        &mut space,
        sound(Vec3::new(0.0, 1.6, -10.0), 0.8, 20.0, 0.0),
        0.0,
    )
    .unwrap();
    assert!((c - 0.8 * 0.5).abs() < 1e-5, "{c}");
}

#[test]
fn a_wall_muffles_by_the_profile_factor() {
    let at = Vec3::new(0.0, 1.6, -8.0);
    let mut open = BoxSpace::new();
    let clear = heard(&mut open, sound(at, 0.6, 20.0, 0.0), 0.0).unwrap();
    let mut walled = BoxSpace::new();
    walled.add(
        BodyId(1),
        Vec3::new(0.0, 1.5, -4.0),
        Vec3::new(6.0, 3.0, 0.2),
    );
    let muffled = heard(&mut walled, sound(at, 0.6, 20.0, 0.0), 0.0).unwrap();
    assert!((muffled - clear * 0.5).abs() < 1e-5);
    // The spec's footstep two rooms away through a wall: around 0.2.
    assert!((muffled - 0.2).abs() < 0.03, "{muffled}");
}

#[test]
fn out_of_range_and_stale_sounds_are_not_heard() {
    let mut space = BoxSpace::new();
    assert!(heard(
        &mut space,
        sound(Vec3::new(0.0, 1.6, -25.0), 1.0, 20.0, 0.0),
        0.0
    )
    .is_none());
    let s = sound(Vec3::new(0.0, 1.6, -5.0), 1.0, 20.0, 0.0);
    let fading = heard(&mut space, s, 0.5).unwrap();
    assert!(
        (fading - 0.75 * 0.5).abs() < 1e-5,
        "half the hold time: {fading}"
    );
    assert!(heard(&mut space, s, 1.1).is_none());
}

#[test]
fn a_footstep_on_the_floor_is_not_muffled_by_that_floor() {
    let mut space = BoxSpace::new();
    space.add(
        BodyId(1),
        Vec3::new(0.0, -0.5, 0.0),
        Vec3::new(100.0, 1.0, 100.0),
    );
    let on_floor = heard(
        &mut space,
        sound(Vec3::new(0.0, 0.0, -8.0), 0.8, 20.0, 0.0),
        0.0,
    )
    .unwrap();
    let mut open = BoxSpace::new();
    let in_air = heard(
        &mut open,
        sound(Vec3::new(0.0, 0.0, -8.0), 0.8, 20.0, 0.0),
        0.0,
    )
    .unwrap();
    assert_eq!(on_floor, in_air);
}

#[test]
fn earshot_is_range_hold_time_and_tier() {
    use aps_core::senses::hearing::in_earshot;
    let h = HearingSettings::default();
    let sound = Sound {
        location: Vec3::new(0.0, 0.0, -10.0),
        loudness: 1.0,
        max_range: 30.0,
        tag: 0,
        instigator: None,
        time: 1.0,
        max_tier: 1,
    };
    let ear = Vec3::ZERO;
    assert!(in_earshot(&h, &sound, ear, 1.0, 0));
    assert!(in_earshot(
        &h,
        &sound,
        ear,
        1.0 + f64::from(h.sound_hold_time),
        1
    ));
    // Older than the Sound Hold Time, not yet made, meant for better tiers, or too far.
    assert!(!in_earshot(
        &h,
        &sound,
        ear,
        1.01 + f64::from(h.sound_hold_time),
        0
    ));
    assert!(!in_earshot(&h, &sound, ear, 0.9, 0));
    assert!(!in_earshot(&h, &sound, ear, 1.0, 2));
    assert!(!in_earshot(&h, &sound, Vec3::new(0.0, 0.0, 25.0), 1.0, 0));
}
