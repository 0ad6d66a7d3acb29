//! The seven states driven through whole perception ticks (spec section 3).

mod common;
use aps_core::{BeliefState::*, Event, LossReason, Profile, Sense};
use common::*;

#[test]
fn a_target_in_view_rises_through_suspected_detected_tracked_one_event_each() {
    let mut s = Sim::default();
    s.until(Tracked, 50, &[vision(0.9)]);
    assert_eq!(s.entered(), [Suspected, Detected, Tracked]);
    // Holding: more ticks in view fire nothing more.
    s.ticks(20, &[vision(0.9)]);
    assert_eq!(s.entered().len(), 3);
}

#[test]
fn tracked_needs_min_track_duration_in_detected() {
    let mut s = Sim::default();
    s.until(Detected, 50, &[vision(1.0)]);
    // Confidence passes Track well before 0.5 s in Detected, but Tracked waits for it.
    let ticks = s.until(Tracked, 50, &[vision(1.0)]);
    assert_eq!(ticks, 5, "Tracked after exactly 0.5 s in Detected");
}

#[test]
fn vision_loss_cuts_straight_to_lost_then_remembered_then_expired() {
    let mut s = Sim::default();
    s.track_with(Sense::Vision);
    s.until(Lost, 10, &[vision_missed(LossReason::Occluded)]);
    assert_eq!(s.loss_reason(), LossReason::Occluded);
    let lost_at = s.p.now();
    s.until(Remembered, 1000, &[]);
    assert!(s.conf() < 0.15);
    assert!(s.p.now() - lost_at >= 3.0 - 1e-6, "Min Time in Lost");
    s.until(Expired, 1000, &[]);
    assert!(s.conf() < 0.05);
    assert_eq!(
        s.entered(),
        [Suspected, Detected, Tracked, Lost, Remembered, Expired]
    );
}

#[test]
fn tracked_steps_down_to_detected_at_031_not_before() {
    // Hearing has a 3 s grace, so the state holds while confidence decays; a fast decay brings
    // it through 0.31 inside the grace time.
    let mut p = Profile::default();
    p.smoothing.default_decay_exponent = 3.0;
    let mut s = Sim::new(p);
    s.track_with(Sense::Hearing);
    loop {
        let before = s.conf();
        s.tick(&[]);
        if s.state() == Detected {
            assert!(
                s.conf() < 0.31 && before >= 0.31,
                "{before} -> {}",
                s.conf()
            );
            break;
        }
        assert!(s.conf() >= 0.31, "still Tracked at {}", s.conf());
    }
}

#[test]
fn without_direct_cut_the_loss_steps_down_through_the_states() {
    let mut s = Sim::default();
    s.track_with(Sense::Hearing);
    s.until(Lost, 2000, &[]);
    assert_eq!(
        s.entered(),
        [Suspected, Detected, Tracked, Detected, Suspected, Lost]
    );
    assert_eq!(s.loss_reason(), LossReason::SoundFaded);
}

#[test]
fn detected_drops_to_suspected_only_below_suspect_minus_margin() {
    let mut p = Profile::default();
    p.smoothing.default_decay_exponent = 1.0;
    let mut s = Sim::new(p);
    s.until(Detected, 50, &[hearing(0.45)]);
    loop {
        let before = s.conf();
        s.tick(&[]);
        if s.state() == Suspected {
            assert!(
                s.conf() < 0.11 && before >= 0.11,
                "{before} -> {}",
                s.conf()
            );
            break;
        }
    }
}

#[test]
fn suspected_falls_back_to_undetected_only_below_half_suspect_with_a_sense_active() {
    let mut p = Profile::default();
    p.smoothing.default_decay_exponent = 2.0;
    let mut s = Sim::new(p);
    s.until(Suspected, 50, &[hearing(0.2)]);
    // A sense active but below 0.02 fused: confidence decays while a sense is active.
    loop {
        let before = s.conf();
        s.tick(&[hearing(0.01)]);
        if s.state() == Undetected {
            assert!(
                s.conf() < 0.075 && before >= 0.075,
                "{before} -> {}",
                s.conf()
            );
            break;
        }
    }
}

#[test]
fn refinding_a_lost_target_needs_detect_not_suspect() {
    let mut s = Sim::default();
    s.track_with(Sense::Vision);
    s.until(Lost, 10, &[vision_missed(LossReason::Occluded)]);
    // Let confidence fall well below Detect first (the Memory Refresh Bonus of 0.1 comes on
    // top of it at re-contact).
    while s.conf() >= 0.2 {
        s.tick(&[]);
    }
    // A faint re-contact (vision 0.2): confidence rises toward 0.2 but never reaches Detect.
    s.ticks(30, &[vision(0.2)]);
    assert_eq!(s.state(), Lost);
    // A clear one does, and clears the loss reason.
    s.until(Detected, 50, &[vision(0.9)]);
    assert_eq!(s.loss_reason(), LossReason::None);
    assert_eq!(s.changes().last(), Some(&(Lost, Detected)));
}

#[test]
fn remembered_is_refound_at_detect() {
    let mut s = Sim::default();
    s.track_with(Sense::Vision);
    s.until(Remembered, 1000, &[vision_missed(LossReason::Occluded)]);
    s.until(Detected, 50, &[vision(0.9)]);
    assert_eq!(s.changes().last(), Some(&(Remembered, Detected)));
}

#[test]
fn expired_goes_back_to_undetected_only_when_perceived_and_starts_over() {
    let mut s = Sim::default();
    s.track_with(Sense::Vision);
    s.until(Expired, 3000, &[]);
    s.ticks(50, &[]);
    assert_eq!(s.state(), Expired, "silence never revives it");
    s.tick(&[vision(0.9)]);
    assert_eq!(s.state(), Undetected);
    assert_eq!(s.conf(), 0.0, "the belief starts over from nothing");
    s.until(Suspected, 20, &[vision(0.9)]);
    assert_eq!(s.p.belief(T).unwrap().detections, 2);
}

#[test]
fn every_state_entry_fires_one_event_with_old_and_new() {
    let mut s = Sim::default();
    s.track_with(Sense::Vision);
    s.until(Expired, 3000, &[vision_missed(LossReason::OutOfRange)]);
    let changes = s.changes();
    for w in changes.windows(2) {
        assert_eq!(w[0].1, w[1].0, "each event starts where the last ended");
    }
    assert!(s
        .log
        .iter()
        .all(|(_, e)| !matches!(e, Event::StateChanged(c) if c.old == c.new)));
}
