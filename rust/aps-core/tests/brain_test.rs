//! Awareness (spec section 5), attention and the top target (section 6), all clear, scripted
//! confidence, and the ledger under a full load, through whole perception ticks.

mod common;
use aps_core::{AwarenessLevel, BeliefState::*, Event, Profile, Sense, TargetId, Vec3};
use common::*;

fn awareness_changes(s: &Sim) -> Vec<AwarenessLevel> {
    s.log
        .iter()
        .filter_map(|(_, e)| match e {
            Event::AwarenessChanged { new, .. } => Some(*new),
            _ => None,
        })
        .collect()
}

fn attention_changes(s: &Sim) -> Vec<(Option<TargetId>, Option<TargetId>)> {
    s.log
        .iter()
        .filter_map(|(_, e)| match e {
            Event::AttentionChanged { old, new } => Some((*old, *new)),
            _ => None,
        })
        .collect()
}

#[test]
fn awareness_climbs_with_the_top_targets_confidence_and_returns_to_unaware() {
    let mut s = Sim::default();
    s.ticks(40, &[vision(1.0)]);
    assert_eq!(s.p.awareness(), AwarenessLevel::FullyAware);
    s.until(Expired, 3000, &[]);
    use AwarenessLevel::*;
    assert_eq!(
        awareness_changes(&s),
        [Peripheral, Suspicious, Alerted, FullyAware, Alerted, Suspicious, Peripheral, Unaware]
    );
}

#[test]
fn awareness_for_a_target_reads_that_target_alone() {
    let mut s = Sim::default();
    s.ticks(5, &[vision(0.5)]);
    let c = s.conf();
    assert_eq!(
        s.p.awareness_for(T),
        AwarenessLevel::for_confidence(Some(c), &Profile::default().thresholds)
    );
    assert_eq!(s.p.awareness_for(TargetId(99)), AwarenessLevel::Unaware);
}

#[test]
fn an_undetected_target_is_not_the_top_target_and_takes_no_attention() {
    let mut s = Sim::default();
    s.tick(&[vision(0.1)]);
    assert_eq!(s.state(), Undetected);
    assert_eq!(s.p.top_target(), None);
    assert_eq!(s.p.attention_target(), None);
    assert_eq!(s.p.awareness(), AwarenessLevel::Unaware);
}

/// Two targets, `A` seen at `a` confidence and `B` at `b`, for one tick.
fn two(s: &mut Sim, a: f32, b: f32) {
    let (ta, tb) = (TargetId(1), TargetId(2));
    s.obs.clear();
    if a > 0.0 {
        s.obs
            .add(ta, 0.0, &[vision(a).at(Vec3::new(0.0, 0.0, -10.0), 1.0)]);
    }
    if b > 0.0 {
        s.obs
            .add(tb, 0.0, &[vision(b).at(Vec3::new(0.0, 0.0, -10.0), 1.0)]);
    }
    s.step();
}

#[test]
fn attention_sticks_for_two_seconds_then_moves_to_a_clearly_better_rival() {
    let mut s = Sim::default();
    while s.p.attention_target().is_none() {
        two(&mut s, 0.4, 0.0);
    }
    let committed_at = s.p.now();
    assert_eq!(s.p.attention_target(), Some(TargetId(1)));
    // B appears at once, far clearer: it becomes the top target within a second, but
    // attention holds on A until the 2 s of stickiness have passed.
    for _ in 0..60 {
        two(&mut s, 0.4, 1.0);
        let held = s.p.now() - committed_at;
        if held < 2.0 - 1e-3 {
            assert_eq!(
                s.p.attention_target(),
                Some(TargetId(1)),
                "after {held:.1} s"
            );
        } else {
            assert_eq!(
                s.p.attention_target(),
                Some(TargetId(2)),
                "after {held:.1} s"
            );
        }
        if held < 1.0 - 1e-3 {
            continue;
        }
        assert_eq!(s.p.top_target(), Some(TargetId(2)), "after {held:.1} s");
    }
    assert_eq!(
        attention_changes(&s),
        [
            (None, Some(TargetId(1))),
            (Some(TargetId(1)), Some(TargetId(2)))
        ]
    );
}

#[test]
fn a_close_rival_does_not_take_attention() {
    let mut s = Sim::default();
    for _ in 0..30 {
        two(&mut s, 0.6, 0.0);
    }
    for _ in 0..100 {
        two(&mut s, 0.6, 0.7);
    }
    assert_eq!(s.p.attention_target(), Some(TargetId(1)));
}

#[test]
fn all_clear_fires_once_when_the_last_noticed_actor_is_forgotten() {
    let mut s = Sim::default();
    s.track_with(Sense::Vision);
    s.until(Expired, 3000, &[]);
    let clears: Vec<_> = s
        .log
        .iter()
        .filter(|(_, e)| matches!(e, Event::AllClear))
        .collect();
    assert_eq!(clears.len(), 1);
    assert_eq!(clears[0].0, s.p.now(), "on the tick it expired");
}

#[test]
fn forced_attention_is_reported_and_holds() {
    let mut s = Sim::default();
    s.ticks(20, &[vision(0.9)]);
    let e = s.p.force_attention(Some(TargetId(7)));
    assert_eq!(
        e,
        Some(Event::AttentionChanged {
            old: Some(T),
            new: Some(TargetId(7))
        })
    );
    s.ticks(19, &[vision(0.9)]);
    assert_eq!(s.p.attention_target(), Some(TargetId(7)));
    s.tick(&[vision(0.9)]);
    assert_eq!(s.p.attention_target(), Some(T));
}

#[test]
fn set_target_confidence_only_raises() {
    let mut s = Sim::default();
    assert!(s.p.set_target_confidence(T, 0.5));
    assert_eq!(s.conf(), 0.5);
    assert!(s.p.set_target_confidence(T, 0.2));
    assert_eq!(s.conf(), 0.5);
    s.tick(&[]);
    assert_eq!(s.entered(), [Suspected]);
    s.tick(&[]);
    assert_eq!(s.entered(), [Suspected, Detected]);
}

#[test]
fn a_full_ledger_reuses_dormant_slots_first() {
    let mut p = Profile::default();
    p.attention.max_tracked_targets = 2;
    let mut s = Sim::new(p);
    // Target 1 is forgotten (Expired), target 2 is Tracked.
    s.track_with(Sense::Vision);
    s.until(Expired, 3000, &[]);
    for _ in 0..20 {
        s.obs.clear();
        s.obs.add(TargetId(2), 0.0, &[vision(0.9)]);
        s.step();
    }
    // A third target takes target 1's slot, not the tracked one's.
    s.obs.clear();
    s.obs.add(TargetId(2), 0.0, &[vision(0.9)]);
    s.obs.add(TargetId(3), 0.0, &[vision(0.9)]);
    s.step();
    assert!(s.p.belief(TargetId(1)).is_none());
    assert_eq!(s.p.belief(TargetId(2)).unwrap().state, Tracked);
    assert!(s.p.belief(TargetId(3)).is_some());
}

#[test]
fn a_teammate_in_plain_view_neither_alarms_nor_takes_attention() {
    let mut s = Sim::default();
    s.p.set_team(2);
    for _ in 0..30 {
        s.obs.clear();
        s.obs.begin_target(T, Default::default(), 0.0);
        s.obs.set_team(2);
        s.obs.push(vision(1.0));
        s.step();
    }
    assert_eq!(s.state(), Tracked, "it is seen, and believed");
    assert_eq!(s.p.awareness(), AwarenessLevel::Unaware);
    assert_eq!(s.p.attention_target(), None);
    assert_eq!(s.p.top_target(), None);
}
