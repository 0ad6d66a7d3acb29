//! Why it lost you, and which way you went (spec section 4).

mod common;
use aps_core::belief::loss::LossDetail;
use aps_core::{BeliefState::*, Event, LossReason, Sense, SenseReading, Vec3};
use common::*;

fn lost_by_vision(cue: LossReason) -> LossReason {
    let mut s = Sim::default();
    s.track_with(Sense::Vision);
    s.until(Lost, 10, &[vision_missed(cue)]);
    s.loss_reason()
}

#[test]
fn vision_answers_from_what_blocked_its_last_look() {
    assert_eq!(lost_by_vision(LossReason::Occluded), LossReason::Occluded);
    assert_eq!(
        lost_by_vision(LossReason::OutOfRange),
        LossReason::OutOfRange
    );
    assert_eq!(
        lost_by_vision(LossReason::SensorDropout),
        LossReason::SensorDropout
    );
}

#[test]
fn the_last_look_counts_not_the_first() {
    let mut s = Sim::default();
    s.track_with(Sense::Vision);
    s.tick(&[vision_missed(LossReason::Occluded)]);
    s.tick(&[vision_missed(LossReason::Occluded)]);
    s.tick(&[vision_missed(LossReason::OutOfRange)]);
    assert_eq!(s.state(), Lost);
    assert_eq!(s.loss_reason(), LossReason::OutOfRange);
}

#[test]
fn each_sense_gives_its_own_reason() {
    for (sense, want) in [
        (Sense::Hearing, LossReason::SoundFaded),
        (Sense::Smell, LossReason::ScentLost),
        (Sense::Vibration, LossReason::SensorDropout),
        (Sense::Touch, LossReason::Unknown),
        (Sense::Damage, LossReason::Unknown),
    ] {
        let mut s = Sim::default();
        s.track_with(sense);
        s.until(Lost, 5000, &[]);
        assert_eq!(s.loss_reason(), want, "{sense:?}");
    }
}

#[test]
fn a_heard_fade_after_sight_is_sound_faded_not_occluded() {
    let mut s = Sim::default();
    s.track_with(Sense::Vision);
    for _ in 0..10 {
        s.tick(&[vision_missed(LossReason::Occluded), hearing(0.5)]);
    }
    s.until(Lost, 5000, &[vision_missed(LossReason::Occluded)]);
    assert_eq!(s.loss_reason(), LossReason::SoundFaded);
}

#[test]
fn a_destroyed_target_goes_lost_with_target_destroyed_then_is_dropped() {
    let mut s = Sim::default();
    s.track_with(Sense::Vision);
    s.obs.clear();
    s.obs.mark_destroyed(T);
    let events = s.step();
    assert!(
        matches!(events[0], Event::StateChanged(c) if c.new == Lost && c.loss_reason == LossReason::TargetDestroyed)
    );
    // Readings of a destroyed target are ignored; its memory fades, then the slot is freed.
    for _ in 0..5000 {
        s.tick(&[vision(1.0)]);
        if s.p.belief(T).is_none() {
            break;
        }
        assert_eq!(s.loss_reason(), LossReason::TargetDestroyed);
    }
    assert!(s.p.belief(T).is_none());
    assert!(s.entered().ends_with(&[Lost, Remembered, Expired]));
}

#[test]
fn loss_direction_is_the_measured_travel_direction() {
    let mut s = Sim::default();
    // The target runs along +X at 3 m/s while seen.
    for i in 0..30 {
        let pos = Vec3::new(0.3 * i as f32, 0.0, 5.0);
        s.tick_speed(&[vision(0.95).at(pos, 1.0)], 3.0);
    }
    s.until(Lost, 10, &[vision_missed(LossReason::Occluded)]);
    let b = s.p.belief(T).unwrap();
    assert!(
        (b.loss_direction - Vec3::X).length() < 1e-4,
        "{:?}",
        b.loss_direction
    );
    assert!((b.estimated_velocity().x - 3.0).abs() < 1e-3);
    assert!((b.last_known_position - Vec3::new(8.7, 0.0, 5.0)).length() < 1e-4);
}

#[test]
fn loss_direction_is_zero_for_a_target_standing_still() {
    let mut s = Sim::default();
    for _ in 0..30 {
        s.tick(&[vision(0.95).at(Vec3::new(1.0, 0.0, 5.0), 1.0)]);
    }
    s.until(Lost, 10, &[vision_missed(LossReason::Occluded)]);
    assert_eq!(s.p.belief(T).unwrap().loss_direction, Vec3::ZERO);
}

#[test]
fn last_known_position_comes_from_the_most_precise_sense_not_the_strongest() {
    let mut s = Sim::default();
    let scent = SenseReading::new(Sense::Smell.id(), 0.9).at(Vec3::new(10.0, 0.0, 0.0), 0.1);
    let shot = SenseReading::new(Sense::Hearing.id(), 0.2).at(Vec3::new(3.0, 0.0, 0.0), 0.9);
    s.tick(&[scent, shot]);
    assert_eq!(
        s.p.belief(T).unwrap().last_known_position,
        Vec3::new(3.0, 0.0, 0.0)
    );
}

#[test]
fn a_scent_loss_points_the_way_the_trail_leads() {
    let mut s = Sim::default();
    // The dog keeps smelling the same spot of trail, which leads off along -X.
    let scent = SenseReading::new(Sense::Smell.id(), 0.8)
        .at(Vec3::new(2.0, 0.0, 0.0), 0.2)
        .heading(Vec3::new(-3.0, 0.0, 0.0));
    s.until(Tracked, 100, &[scent]);
    s.until(Lost, 5000, &[]);
    let b = s.p.belief(T).unwrap();
    assert_eq!(b.loss_reason, LossReason::ScentLost);
    assert_eq!(b.loss_direction, Vec3::NEG_X);
    assert_eq!(
        b.estimated_velocity(),
        Vec3::ZERO,
        "the smelled spot itself never moved"
    );
}

/// Tracked by vision, then lost to one OutOfRange look of `detail` (or a plain miss of `cue`).
fn lost_to(reading: SenseReading) -> Sim {
    let mut s = Sim::default();
    s.track_with(Sense::Vision);
    s.until(Lost, 10, &[reading]);
    s
}

fn detail(s: &Sim) -> LossDetail {
    s.p.belief(T).map_or(LossDetail::None, |b| b.loss_detail)
}

#[test]
fn out_of_range_says_whether_too_far_or_outside_the_cone() {
    let eye = Sense::Vision.id();
    // Leaving the side of the cone is OutOfRange (spec section 4), told apart by its detail.
    let s = lost_to(SenseReading::out_of_range(eye, LossDetail::OutsideCone));
    assert_eq!(s.loss_reason(), LossReason::OutOfRange);
    assert_eq!(detail(&s), LossDetail::OutsideCone);
    let s = lost_to(SenseReading::out_of_range(eye, LossDetail::TooFar));
    assert_eq!(s.loss_reason(), LossReason::OutOfRange);
    assert_eq!(detail(&s), LossDetail::TooFar);
    // Any other reason has no detail.
    let s = lost_to(vision_missed(LossReason::Occluded));
    assert_eq!(detail(&s), LossDetail::None);
}

#[test]
fn the_last_look_gives_the_detail_and_finding_it_again_clears_it() {
    let eye = Sense::Vision.id();
    let mut s = Sim::default();
    s.track_with(Sense::Vision);
    s.tick(&[SenseReading::out_of_range(eye, LossDetail::TooFar)]);
    s.tick(&[SenseReading::out_of_range(eye, LossDetail::TooFar)]);
    s.tick(&[SenseReading::out_of_range(eye, LossDetail::OutsideCone)]);
    assert_eq!(s.state(), Lost);
    assert_eq!(detail(&s), LossDetail::OutsideCone);
    // Found again (Detect Threshold while Lost): the reason and its detail are cleared.
    s.until(Detected, 20, &[vision(0.9)]);
    assert_eq!(s.loss_reason(), LossReason::None);
    assert_eq!(detail(&s), LossDetail::None);
}

#[test]
fn a_sound_faded_after_leaving_the_cone_has_no_detail() {
    // Hearing took over from vision and then faded: SoundFaded, which needs no detail.
    let eye = Sense::Vision.id();
    let mut s = Sim::default();
    s.track_with(Sense::Vision);
    s.ticks(
        5,
        &[
            SenseReading::out_of_range(eye, LossDetail::OutsideCone),
            hearing(0.5),
        ],
    );
    s.until(Lost, 200, &[]);
    assert_eq!(s.loss_reason(), LossReason::SoundFaded);
    assert_eq!(detail(&s), LossDetail::None);
}
