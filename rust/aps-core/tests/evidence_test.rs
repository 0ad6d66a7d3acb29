//! Scripted belief (spec section 14): raise only, and evidence that lowers, caps, clears or
//! floors belief, kept even when the target leaves the ledger.

mod common;
use aps_core::belief::evidence::EvidenceKind;
use aps_core::{BeliefState::*, Profile, TargetId};
use common::*;

#[test]
fn a_cap_holds_confidence_down_while_it_lasts() {
    let mut s = Sim::default();
    s.p.add_evidence(T, EvidenceKind::Cap, 0.3, 2.0);
    s.ticks(19, &[vision(1.0)]);
    assert!((s.conf() - 0.3).abs() < 1e-6);
    assert_eq!(s.state(), Suspected, "0.3 is below Detect");
    s.ticks(5, &[vision(1.0)]);
    assert!(s.conf() > 0.3, "the cap expired after 2 s");
}

#[test]
fn lower_reduces_what_the_senses_report() {
    let mut s = Sim::default();
    s.p.add_evidence(T, EvidenceKind::Lower, 0.5, 60.0);
    s.ticks(60, &[vision(0.7)]);
    assert!(s.p.belief(T).unwrap().fused < 0.21 + 1e-6);
    assert_eq!(s.state(), Suspected);
}

#[test]
fn clear_drops_belief_and_the_states_step_down() {
    let mut s = Sim::default();
    s.track_with(aps_core::Sense::Vision);
    s.p.add_evidence(T, EvidenceKind::Clear, 0.0, 5.0);
    s.ticks(5, &[vision(1.0)]);
    assert_eq!(s.conf(), 0.0);
    assert_eq!(s.entered()[3..], [Detected, Suspected, Undetected]);
}

#[test]
fn a_floor_keeps_belief_up_without_senses() {
    let mut s = Sim::default();
    s.p.add_evidence(T, EvidenceKind::Floor, 0.5, 60.0);
    s.p.set_target_confidence(T, 0.5);
    s.ticks(50, &[]);
    assert_eq!(s.conf(), 0.5);
    s.p.remove_evidence(T);
    s.ticks(50, &[]);
    assert!(s.conf() < 0.5, "removed: it decays again");
}

#[test]
fn evidence_outlives_the_targets_slot() {
    let mut p = Profile::default();
    p.attention.max_tracked_targets = 1;
    let mut s = Sim::new(p);
    s.p.add_evidence(T, EvidenceKind::Cap, 0.2, 60.0);
    s.ticks(5, &[vision(1.0)]);
    // Another target takes the only slot...
    s.until(Expired, 3000, &[]);
    for _ in 0..5 {
        s.obs.clear();
        s.obs.add(TargetId(2), 0.0, &[vision(1.0)]);
        s.step();
    }
    assert!(s.p.belief(T).is_none(), "T left the ledger");
    // ...and when T is back, its cap still holds.
    s.ticks(30, &[vision(1.0)]);
    assert!((s.conf() - 0.2).abs() < 1e-6);
}
