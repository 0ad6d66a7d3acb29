//! Threat and relationships through whole ticks (spec section 9).

mod common;
use aps_core::brain::threat::{Relationship, ThreatLevel};
use aps_core::events::Event;
use aps_core::{BeliefState, Sense, SenseReading, TargetId};
use common::*;

fn damaged(amount: f32) -> Event {
    Event::Damaged {
        instigator: Some(T),
        amount,
        location: aps_core::Vec3::ZERO,
    }
}

fn hit(s: &mut Sim, amount: f32) {
    s.obs.clear();
    s.obs
        .add(T, 0.0, &[SenseReading::new(Sense::Damage.id(), 1.0)]);
    let events =
        s.p.tick_with(DT, s.pose, &s.obs, &[damaged(amount)])
            .to_vec();
    s.log.extend(events.iter().map(|e| (0.0, *e)));
}

fn levels(s: &Sim) -> Vec<ThreatLevel> {
    s.log
        .iter()
        .filter_map(|(_, e)| match e {
            Event::ThreatLevelChanged { target, new, .. } if *target == T => Some(*new),
            _ => None,
        })
        .collect()
}

#[test]
fn an_enemy_in_view_rises_through_the_levels() {
    let mut s = Sim::default();
    s.ticks(30, &[vision(1.0)]);
    let b = s.p.belief(T).unwrap();
    assert_eq!(b.relationship, Relationship::Enemy);
    // confidence 1 × 0.35 + 1/8 × 0.15 + 1 × 0.10 + contact 0.10 = 0.56875: Medium.
    assert!(
        (b.threat_score - (0.35 + 0.15 / 8.0 + 0.10 + 0.10)).abs() < 1e-4,
        "{}",
        b.threat_score
    );
    assert_eq!(b.threat_level, ThreatLevel::Medium);
    assert_eq!(levels(&s), [ThreatLevel::Low, ThreatLevel::Medium]);
}

#[test]
fn damage_raises_threat_and_fades_while_unsensed() {
    let mut s = Sim::default();
    for _ in 0..20 {
        hit(&mut s, 10.0);
    }
    let b = s.p.belief(T).unwrap();
    assert_eq!(b.damage_received, 200.0);
    assert_eq!(
        b.threat_level,
        ThreatLevel::Critical,
        "score {}",
        b.threat_score
    );
    // Unsensed, it fades at 5 points/s and is zero below one point.
    s.ticks(20, &[]);
    assert!((s.p.belief(T).unwrap().damage_received - 190.0).abs() < 1e-3);
    s.ticks(400, &[]);
    assert_eq!(s.p.belief(T).unwrap().damage_received, 0.0);
}

#[test]
fn a_teammate_stays_threat_none_while_shooting_the_ai() {
    let mut s = Sim::default();
    s.p.set_team(3);
    for _ in 0..20 {
        s.obs.clear();
        s.obs.begin_target(T, Default::default(), 0.0);
        s.obs.set_team(3);
        s.obs.push(SenseReading::new(Sense::Damage.id(), 1.0));
        s.obs.push(vision(1.0));
        s.p.tick_with(DT, s.pose, &s.obs, &[damaged(30.0)]);
    }
    let b = s.p.belief(T).unwrap();
    assert_eq!(b.relationship, Relationship::Teammate);
    assert_eq!(b.state, BeliefState::Tracked);
    assert_eq!((b.threat_score, b.threat_level), (0.0, ThreatLevel::None));
}

#[test]
fn a_per_target_override_beats_the_team_rules() {
    let mut s = Sim::default();
    s.p.set_relationship(T, Some(Relationship::Feared));
    s.ticks(30, &[vision(1.0)]);
    let b = s.p.belief(T).unwrap();
    assert_eq!(b.relationship, Relationship::Feared);
    assert!((b.threat_score - (0.35 + 0.15 / 8.0 + 0.15 + 0.10)).abs() < 1e-4);
    s.p.set_relationship(TargetId(1), Some(Relationship::Friendly));
    s.tick(&[vision(1.0)]);
    assert_eq!(s.p.belief(T).unwrap().threat_level, ThreatLevel::None);
}

#[test]
fn expired_targets_are_threat_none() {
    let mut s = Sim::default();
    s.track_with(Sense::Vision);
    s.until(BeliefState::Expired, 3000, &[]);
    assert_eq!(s.p.belief(T).unwrap().threat_level, ThreatLevel::None);
}
