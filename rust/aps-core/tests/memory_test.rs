//! Memory beyond confidence (spec section 8): episodes, long-term strength, the refresh bonus,
//! and what the player model learns (section 10).

mod common;
use aps_core::{BeliefState::*, LossReason, Profile, Sense, Vec3};
use common::*;

fn encounter(s: &mut Sim, x: f32) {
    for i in 0..20 {
        s.tick_speed(
            &[vision(0.95).at(Vec3::new(x + 0.3 * i as f32, 0.0, -8.0), 1.0)],
            3.0,
        );
    }
    s.until(Lost, 10, &[vision_missed(LossReason::Occluded)]);
    s.until(Expired, 3000, &[]);
}

#[test]
fn an_episode_is_written_at_each_loss_from_contact_and_five_are_kept() {
    let mut s = Sim::default();
    for k in 0..7 {
        encounter(&mut s, k as f32 * 10.0);
    }
    let episodes: Vec<_> = s.p.memory().episodes(T).copied().collect();
    assert_eq!(episodes.len(), 5);
    let last = s.p.memory().last(T).unwrap();
    assert_eq!(last.loss_reason, LossReason::Occluded);
    assert_eq!(last.lost_from, Tracked);
    assert!(
        (last.location.x - (60.0 + 5.7)).abs() < 0.01,
        "{:?}",
        last.location
    );
    assert_eq!(last.ai_facing, Vec3::NEG_Z);
    assert!((last.target_direction - Vec3::X).length() < 1e-3);
    assert!(
        episodes.windows(2).all(|w| w[0].time > w[1].time),
        "newest first"
    );
}

#[test]
fn a_loss_from_suspected_writes_no_episode() {
    let mut s = Sim::default();
    s.until(Suspected, 20, &[hearing(0.2)]);
    s.until(Lost, 200, &[]);
    assert!(s.p.memory().last(T).is_none());
}

#[test]
fn long_term_strength_builds_while_sensed_and_outlasts_confidence() {
    let mut s = Sim::default();
    s.ticks(100, &[vision(0.9)]); // 10 s in view
    let built = s.p.belief(T).unwrap().long_term_strength;
    assert!(built > 0.3 && built < 1.0, "builds slowly: {built}");
    s.until(Expired, 3000, &[]);
    let b = s.p.belief(T).unwrap();
    assert!(b.confidence < 0.05);
    assert!(
        b.long_term_strength > built * 0.9,
        "fades far more slowly: {}",
        b.long_term_strength
    );
}

#[test]
fn the_refresh_bonus_gives_a_head_start_on_refinding() {
    let mut with = Sim::default();
    let mut without = Sim::new({
        let mut p = Profile::default();
        p.memory.memory_refresh_bonus = 0.0;
        p
    });
    for s in [&mut with, &mut without] {
        s.track_with(Sense::Vision);
        s.until(Lost, 10, &[vision_missed(LossReason::Occluded)]);
        s.ticks(20, &[]);
        s.tick(&[vision(0.5)]);
    }
    assert!(
        (with.conf() - without.conf() - 0.1).abs() < 1e-5,
        "{} vs {}",
        with.conf(),
        without.conf()
    );
}

#[test]
fn the_player_model_learns_how_a_target_hides_and_runs() {
    let mut s = Sim::default();
    encounter(&mut s, 0.0);
    encounter(&mut s, 10.0);
    let m = s.p.player_models().get(T).unwrap();
    assert_eq!((m.encounters, m.losses, m.hides), (2, 2, 2));
    assert_eq!(m.hide_rate(), 1.0);
    assert!((m.typical_speed - 3.0).abs() < 0.1, "{}", m.typical_speed);
    assert!((m.preferred_escape_direction() - Vec3::X).length() < 1e-3);
}
