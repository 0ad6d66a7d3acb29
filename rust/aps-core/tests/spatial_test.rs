//! Where the AI thinks the target is (spec section 7), through whole perception ticks.

mod common;
use aps_core::{BeliefState::*, LossReason, Profile, Vec3};
use common::*;

/// Runs `T` along +X at 4 m/s in view for 3 s, then loses it behind cover.
fn chase(profile: Profile) -> Sim {
    let mut s = Sim::new(profile);
    for i in 0..30 {
        let pos = Vec3::new(0.4 * i as f32, 0.0, -10.0);
        s.tick_speed(&[vision(0.95).at(pos, 1.0)], 4.0);
    }
    s.until(Lost, 10, &[vision_missed(LossReason::Occluded)]);
    s
}

#[test]
fn prediction_leads_the_last_known_position_along_the_run() {
    let mut p = Profile::default();
    p.spatial.enable_prediction = true;
    let s = chase(p);
    let b = s.p.belief(T).unwrap();
    let predicted = s.p.predicted_position(T).unwrap();
    // T = Prediction Horizon 1 s at 4 m/s: 4 m ahead along +X.
    assert!(
        (predicted - b.last_known_position - Vec3::new(4.0, 0.0, 0.0)).length() < 0.05,
        "{predicted:?} vs {:?}",
        b.last_known_position
    );
}

#[test]
fn with_prediction_off_the_guess_is_the_last_known_position() {
    let s = chase(Profile::default());
    let b = s.p.belief(T).unwrap();
    assert_eq!(s.p.predicted_position(T), Some(b.last_known_position));
}

#[test]
fn while_sensed_the_prediction_is_the_last_known_position() {
    let mut p = Profile::default();
    p.spatial.enable_prediction = true;
    let mut s = Sim::new(p);
    for i in 0..10 {
        s.tick_speed(
            &[vision(0.9).at(Vec3::new(0.4 * i as f32, 0.0, -5.0), 1.0)],
            4.0,
        );
    }
    assert_eq!(
        s.p.predicted_position(T),
        Some(s.p.belief(T).unwrap().last_known_position)
    );
}

#[test]
fn uncertainty_shrinks_while_seen_and_grows_to_five_metres_while_lost() {
    let mut s = chase(Profile::default());
    let seen = s.p.belief(T).unwrap().uncertainty_radius;
    assert!(seen < 0.3, "an exact sense keeps it small: {seen}");
    // 4 s unsensed at 0.5 m/s (a 4 m/s run doesn't scale it).
    let start = s.p.belief(T).unwrap().uncertainty_radius;
    s.ticks(40, &[]);
    let grown = s.p.belief(T).unwrap().uncertainty_radius;
    assert!((grown - start - 2.0).abs() < 0.01, "{start} -> {grown}");
    s.ticks(200, &[]);
    assert_eq!(s.p.belief(T).unwrap().uncertainty_radius, 5.0);
}

#[test]
fn a_sprinter_makes_the_uncertainty_grow_faster() {
    let mut s = Sim::default();
    for i in 0..30 {
        s.tick_speed(
            &[vision(0.95).at(Vec3::new(1.2 * i as f32, 0.0, -10.0), 1.0)],
            12.0,
        );
    }
    s.until(Lost, 10, &[vision_missed(LossReason::OutOfRange)]);
    let start = s.p.belief(T).unwrap().uncertainty_radius;
    s.ticks(10, &[]);
    let grown = s.p.belief(T).unwrap().uncertainty_radius - start;
    assert!(
        (grown - 1.0).abs() < 0.02,
        "twice 0.5 m/s at 12 m/s: {grown}"
    );
}
