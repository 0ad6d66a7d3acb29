//! Beliefs about places (spec section 11): same states, own confidence, merged reports; they
//! never take attention, change awareness or stop all clear, and never push out a perceived
//! actor.

mod common;
use aps_core::belief::places::is_place;
use aps_core::events::Event;
use aps_core::{AwarenessLevel, BeliefState::*, Profile, TargetKind, Vec3};
use common::*;

#[test]
fn close_reports_with_the_same_tag_merge_into_one_place() {
    let mut s = Sim::default();
    let a =
        s.p.report_place(1, Vec3::new(10.0, 0.0, 0.0), 0.5, 1.0)
            .unwrap();
    let b =
        s.p.report_place(1, Vec3::new(11.0, 0.0, 0.5), 0.6, 1.0)
            .unwrap();
    let c =
        s.p.report_place(2, Vec3::new(10.0, 0.0, 0.0), 0.5, 1.0)
            .unwrap();
    assert!(is_place(a));
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert_eq!(s.p.belief(a).unwrap().confidence, 0.6);
    assert_eq!(s.p.belief(a).unwrap().kind, TargetKind::Place);
}

#[test]
fn a_place_has_the_states_but_no_attention_awareness_or_all_clear() {
    let mut s = Sim::default();
    let place =
        s.p.report_place(1, Vec3::new(5.0, 0.0, 0.0), 0.9, 1.0)
            .unwrap();
    s.ticks(5, &[]);
    let b = s.p.belief(place).unwrap();
    assert_eq!(b.state, Detected, "a place climbs the states like a target");
    assert_eq!(s.p.attention_target(), None);
    assert_eq!(s.p.top_target(), None);
    assert_eq!(s.p.awareness(), AwarenessLevel::Unaware);
    // A person seen meanwhile takes attention; the place never does.
    s.ticks(30, &[vision(0.5)]);
    assert_eq!(s.p.attention_target(), Some(T));
    s.until(Expired, 3000, &[]);
    let clears = s
        .log
        .iter()
        .filter(|(_, e)| matches!(e, Event::AllClear))
        .count();
    assert_eq!(
        clears, 1,
        "all clear came although the place was still believed"
    );
}

#[test]
fn a_place_never_pushes_out_an_actor_it_perceives() {
    let mut p = Profile::default();
    p.attention.max_tracked_targets = 1;
    let mut s = Sim::new(p);
    s.ticks(10, &[vision(0.9)]);
    assert_eq!(s.p.report_place(1, Vec3::ZERO, 1.0, 1.0), None, "no room");
    assert_eq!(s.state(), Tracked);
}
