//! The grace table of spec section 3, row by row, and the vision/echolocation overlap rule.

mod common;
use aps_core::{BeliefState::*, LossReason, Profile, Sense};
use common::*;

/// Tracks `T` with `sense` alone, then goes silent; returns the state entered on the first
/// change and the seconds of silence it took.
fn silence_after_tracking(sense: Sense) -> (aps_core::BeliefState, f64, Sim) {
    let mut s = Sim::default();
    s.track_with(sense);
    let last_sensed = s.p.now();
    let before = s.changes().len();
    for _ in 0..1000 {
        s.tick(&[]);
        if s.changes().len() > before {
            let (_, new) = s.changes()[before];
            return (new, s.p.now() - last_sensed, s);
        }
    }
    panic!("no change after going silent");
}

fn assert_secs(got: f64, want: f64) {
    assert!((got - want).abs() < 1e-3, "after {got:.3} s, want {want} s");
}

#[test]
fn the_profile_defaults_are_the_spec_table() {
    let l = Profile::default().loss;
    let rows = [
        (l.vision, 0.3, true, 3.0),
        (l.echolocation, 0.6, true, 2.0),
        (l.touch, 0.5, false, 2.0),
        (l.hearing, 3.0, false, 1.0),
        (l.damage, 8.0, false, 0.5),
        (l.smell, 20.0, false, 0.3),
        (l.vibration, 0.0, false, 5.0),
    ];
    for (row, grace, cut, mult) in rows {
        assert_eq!(
            (
                row.grace_time,
                row.direct_cut,
                row.confidence_decay_multiplier
            ),
            (grace, cut, mult)
        );
    }
}

#[test]
fn vision_cuts_to_lost_after_03_s() {
    let (state, secs, _) = silence_after_tracking(Sense::Vision);
    assert_eq!(state, Lost);
    assert_secs(secs, 0.3);
}

#[test]
fn echolocation_cuts_to_lost_after_06_s() {
    let (state, secs, _) = silence_after_tracking(Sense::Echolocation);
    assert_eq!(state, Lost);
    assert_secs(secs, 0.6);
}

#[test]
fn touch_steps_down_after_05_s_without_a_cut() {
    let (state, secs, _) = silence_after_tracking(Sense::Touch);
    assert_eq!(state, Detected);
    assert_secs(secs, 0.5);
}

#[test]
fn hearing_steps_down_after_3_s() {
    let (state, secs, _) = silence_after_tracking(Sense::Hearing);
    assert_eq!(state, Detected);
    assert_secs(secs, 3.0);
}

#[test]
fn damage_steps_down_after_8_s() {
    let (state, secs, _) = silence_after_tracking(Sense::Damage);
    assert_eq!(state, Detected);
    assert_secs(secs, 8.0);
}

#[test]
fn smell_steps_down_after_20_s() {
    let (state, secs, s) = silence_after_tracking(Sense::Smell);
    assert_eq!(state, Detected);
    assert_secs(secs, 20.0);
    assert!(!s.entered().contains(&Lost));
}

#[test]
fn vibration_steps_down_at_once() {
    let (state, secs, _) = silence_after_tracking(Sense::Vibration);
    assert_eq!(state, Detected);
    assert_secs(secs, 0.1); // the first silent tick
}

#[test]
fn decay_uses_the_last_dominant_senses_multiplier() {
    for (sense, mult) in [
        (Sense::Vision, 3.0_f32),
        (Sense::Echolocation, 2.0),
        (Sense::Touch, 2.0),
        (Sense::Hearing, 1.0),
        (Sense::Damage, 0.5),
        (Sense::Smell, 0.3),
        (Sense::Vibration, 5.0),
    ] {
        let mut s = Sim::default();
        s.track_with(sense);
        let before = s.conf();
        s.tick(&[]);
        let want = before * (-0.1 * mult * 0.1).exp();
        assert!(
            close(s.conf(), want, 1e-6),
            "{sense:?}: {} vs {want}",
            s.conf()
        );
    }
}

#[test]
fn while_vision_sees_its_row_applies_even_if_hearing_leads() {
    let mut s = Sim::default();
    s.track_with(Sense::Hearing);
    s.ticks(5, &[hearing(0.9), vision(0.3)]);
    assert_eq!(s.p.belief(T).unwrap().governing, Some(Sense::Vision.id()));
    // Both go silent together: vision's row cuts straight to Lost after 0.3 s.
    s.ticks(3, &[vision_missed(LossReason::Occluded)]);
    assert_eq!(s.state(), Lost);
    assert_eq!(s.loss_reason(), LossReason::Occluded);
}

#[test]
fn a_moments_overlap_with_hearing_keeps_visions_row() {
    let mut s = Sim::default();
    s.track_with(Sense::Vision);
    // Vision loses the target; one footstep is heard at the same moment, then silence.
    s.tick(&[vision_missed(LossReason::Occluded), hearing(0.3)]);
    assert_eq!(s.p.belief(T).unwrap().governing, Some(Sense::Vision.id()));
    s.tick(&[vision_missed(LossReason::Occluded)]);
    s.tick(&[vision_missed(LossReason::Occluded)]);
    // 0.3 s after vision last saw it: Lost at once, Occluded, not a slow SoundFaded fade.
    assert_eq!(s.state(), Lost);
    assert_eq!(s.loss_reason(), LossReason::Occluded);
}

#[test]
fn after_visions_grace_hearing_takes_over_with_its_slow_fade() {
    let mut s = Sim::default();
    s.track_with(Sense::Vision);
    // Footsteps keep coming after the guard loses sight.
    for _ in 0..5 {
        s.tick(&[vision_missed(LossReason::Occluded), hearing(0.4)]);
    }
    assert_eq!(s.p.belief(T).unwrap().governing, Some(Sense::Hearing.id()));
    assert_eq!(s.state(), Tracked);
    // Then silence: hearing's 3 s grace, no direct cut, and the reason is SoundFaded.
    let (silent_from, before) = (s.p.now(), s.changes().len());
    while s.changes().len() == before {
        s.tick(&[vision_missed(LossReason::Occluded)]);
    }
    assert_eq!(s.changes()[before], (Tracked, Detected));
    assert!((s.p.now() - silent_from - 3.0).abs() < 0.11);
    s.until(Lost, 3000, &[]);
    assert_eq!(s.loss_reason(), LossReason::SoundFaded);
}
