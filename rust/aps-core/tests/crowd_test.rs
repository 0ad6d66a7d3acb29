//! The ledger in a crowd (spec section 13): priority first, score second; a player in plain
//! view is picked up among more bystanders than slots, and a shot from out of range is always
//! believed.

use aps_core::crowd::selection::look_budget;
use aps_core::gather::target::TargetSnapshot;
use aps_core::senses::rays::{BodyId, BoxSpace};
use aps_core::senses::WorldView;
use aps_core::world::stimulus::{Damage, Ring};
use aps_core::Pose;
use aps_core::{BeliefState, PassInput, PerceptionCore, Profile, TargetId, Vec3};

const GUARD: BodyId = BodyId(1);
const PLAYER: TargetId = TargetId(999);

fn eye() -> Pose {
    Pose {
        position: Vec3::new(0.0, 1.6, 0.0),
        forward: Vec3::NEG_Z,
    }
}

/// 40 teammates standing in a fan in front of the guard, and the space with their bodies.
fn crowd(space: &mut BoxSpace) -> Vec<TargetSnapshot> {
    (0..40u64)
        .map(|i| {
            let angle = (i as f32 / 40.0 - 0.5) * 1.4;
            let d = 6.0 + (i % 5) as f32 * 4.0;
            let feet = Vec3::new(angle.sin() * d, 0.0, -angle.cos() * d);
            let body = BodyId(100 + i);
            space.add(body, feet + Vec3::Y * 0.9, Vec3::new(0.5, 1.8, 0.5));
            let mut t = TargetSnapshot::standing(TargetId(i + 1), feet, 1.8);
            t.body = Some(body);
            t.team_id = 1;
            t
        })
        .collect()
}

fn input<'a>(candidates: &'a [TargetSnapshot], world: WorldView<'a>) -> PassInput<'a> {
    PassInput {
        dt: 0.1,
        eye: eye(),
        body: Vec3::ZERO,
        own: &[GUARD],
        world,
        candidates,
        destroyed: &[],
        shared: &[],
        lod_tier: 0,
    }
}

#[test]
fn a_player_in_plain_view_is_picked_up_among_forty_bystanders() {
    let (mut core, _) = PerceptionCore::new(Profile::default());
    core.mind_mut().set_team(1);
    let mut space = BoxSpace::new();
    let mut candidates = crowd(&mut space);
    for i in 1..=20 {
        core.run(
            input(
                &candidates,
                WorldView {
                    now: f64::from(i) * 0.1,
                    ..Default::default()
                },
            ),
            &mut space,
        );
        // A bounded number looked at: the ledger's 16 and a rotation's worth of newcomers.
        assert!(
            core.last_pass().rays <= look_budget(16) as u32 * 3,
            "only {} looked at: {} rays",
            look_budget(16),
            core.last_pass().rays
        );
    }
    // The player steps into plain view, 4 m ahead, in front of the bystanders.
    let feet = Vec3::new(0.5, 0.0, -4.0);

    space.add(BodyId(5000), feet + Vec3::Y * 0.9, Vec3::new(0.5, 1.8, 0.5));
    let mut player = TargetSnapshot::standing(PLAYER, feet, 1.8);
    player.body = Some(BodyId(5000));
    candidates.push(player);
    for i in 21..=40 {
        core.run(
            input(
                &candidates,
                WorldView {
                    now: f64::from(i) * 0.1,
                    ..Default::default()
                },
            ),
            &mut space,
        );
    }
    let b = core.mind().belief(PLAYER).expect("the player got a slot");
    assert!(b.state >= BeliefState::Detected, "{:?}", b.state);
    assert_eq!(core.mind().ledger().capacity(), 16);
}

#[test]
fn a_shot_from_out_of_range_is_believed_with_every_slot_taken() {
    let mut p = Profile::default();
    p.attention.max_tracked_targets = 4;
    let (mut core, _) = PerceptionCore::new(p);
    let mut space = BoxSpace::new();
    // Four enemies in plain view fill the four slots.
    let mut candidates: Vec<TargetSnapshot> = (0..4u64)
        .map(|i| {
            let feet = Vec3::new(i as f32 - 1.5, 0.0, -8.0);
            let mut t = TargetSnapshot::standing(TargetId(i + 1), feet, 1.8);
            t.body = Some(BodyId(100 + i));
            space.add(
                BodyId(100 + i),
                feet + Vec3::Y * 0.9,
                Vec3::new(0.5, 1.8, 0.5),
            );
            t
        })
        .collect();
    for i in 1..=20 {
        core.run(
            input(
                &candidates,
                WorldView {
                    now: f64::from(i) * 0.1,
                    ..Default::default()
                },
            ),
            &mut space,
        );
    }
    assert_eq!(
        core.mind()
            .beliefs()
            .filter(|b| b.state == BeliefState::Tracked)
            .count(),
        4
    );
    // A sniper 80 m behind shoots the guard.
    let sniper = TargetSnapshot::standing(PLAYER, Vec3::new(0.0, 0.0, 80.0), 1.8);
    candidates.push(sniper);
    let mut damages = Ring::new(8);
    damages.push(Damage {
        victim: GUARD,
        instigator: Some(PLAYER),
        amount: 30.0,
        location: Vec3::new(0.0, 1.0, 80.0),
        time: 2.05,
    });
    for i in 21..=30 {
        let world = WorldView {
            now: f64::from(i) * 0.1,
            damages: Some(&damages),
            ..Default::default()
        };
        core.run(input(&candidates, world), &mut space);
    }
    let b = core.mind().belief(PLAYER).expect("the shooter took a slot");
    assert!(b.state >= BeliefState::Suspected, "{:?}", b.state);
    // 30 points, fading at 5 points/s once the hit stopped counting as sensed.
    assert!(
        b.damage_received > 25.0 && b.damage_received <= 30.0,
        "{}",
        b.damage_received
    );
}

/// A guard at the origin looking along -Z, `n` bystanders (strangers, in plain view or not)
/// scattered within 35 m around it, and a player 6 m ahead who is there while `present(tick)`,
/// in plain view: no bystander stands between them. Returns the first tick the player is
/// Detected, within `ticks`.
fn ticks_to_detect(n: usize, ticks: u32, present: impl Fn(u32) -> bool) -> Option<u32> {
    let (mut core, _) = PerceptionCore::new(Profile::default());
    let mut space = BoxSpace::new();
    let mut seed = 0x9e37_79b9_u32;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed as f32 / u32::MAX as f32
    };
    let mut bystanders: Vec<TargetSnapshot> = (0..n as u64)
        .map(|i| {
            let feet = loop {
                let (angle, d) = (next() * std::f32::consts::TAU, 2.0 + next() * 33.0);
                let feet = Vec3::new(angle.sin() * d, 0.0, angle.cos() * d);
                // Keep the line from the guard to the player (0.3, -6) clear.
                let in_the_way = feet.z < -0.5 && feet.z > -7.5 && (feet.x - 0.3).abs() < 1.5;
                if !in_the_way {
                    break feet;
                }
            };
            let body = BodyId(100 + i);
            space.add(body, feet + Vec3::Y * 0.9, Vec3::new(0.5, 1.8, 0.5));
            let mut t = TargetSnapshot::standing(TargetId(i + 1), feet, 1.8);
            t.body = Some(body);
            t
        })
        .collect();
    let feet = Vec3::new(0.3, 0.0, -6.0);
    space.add(BodyId(5000), feet + Vec3::Y * 0.9, Vec3::new(0.5, 1.8, 0.5));
    let mut player = TargetSnapshot::standing(PLAYER, feet, 1.8);
    player.body = Some(BodyId(5000));
    for tick in 1..=ticks {
        let here = present(tick);
        if here && !bystanders.iter().any(|t| t.id == PLAYER) {
            bystanders.push(player.clone());
        } else if !here {
            bystanders.retain(|t| t.id != PLAYER);
        }
        let world = WorldView {
            now: f64::from(tick) * 0.1,
            ..Default::default()
        };
        core.run(input(&bystanders, world), &mut space);
        let state = core.mind().belief(PLAYER).map(|b| b.state);
        if here && state == Some(BeliefState::Detected) {
            return Some(tick);
        }
    }
    None
}

#[test]
fn a_player_in_plain_view_is_picked_up_even_with_more_bystanders_than_slots() {
    let alone = ticks_to_detect(0, 100, |_| true).expect("detected alone");
    for n in [16, 32, 64, 200] {
        let among = ticks_to_detect(n, 100, |_| true);
        assert!(
            among.is_some_and(|t| t <= alone + 1),
            "among {n} bystanders: detected at tick {among:?}, alone at {alone}"
        );
    }
}

#[test]
fn a_player_who_left_for_ten_seconds_is_picked_up_again_among_more_bystanders_than_slots() {
    // Seen from the start, gone from 3 s to 13 s, back after.
    let back = 131;
    let present = |tick: u32| !(31..back).contains(&tick);
    let alone = ticks_to_detect(0, 300, |t| t >= back).expect("detected alone") - back;
    for n in [64, 200] {
        let again = ticks_to_detect(n, 300, |t| present(t) && t >= back).map(|t| t - back);
        assert!(
            again.is_some_and(|t| t <= alone + 1),
            "among {n}: picked up again {again:?} ticks after coming back, alone {alone}"
        );
        // And with the whole history: seen, gone ten seconds, back.
        let (mut first, mut later) = (None, None);
        for limit in [back - 1, 300] {
            let t = ticks_to_detect(n, limit, |t| present(t) && (limit == back - 1 || t >= back));
            if limit == back - 1 {
                first = t;
            } else {
                later = t;
            }
        }
        assert!(first.is_some(), "among {n}: seen before it left");
        assert!(
            later.is_some_and(|t| t - back <= alone + 1),
            "among {n}: {later:?}"
        );
    }
}

#[test]
fn more_slots_while_playing_let_the_benched_in_at_once() {
    let mut profile = Profile::default();
    profile.attention.max_tracked_targets = 1;
    let (mut core, _) = PerceptionCore::new(profile.clone());
    let mut space = BoxSpace::new();
    let targets: Vec<_> = (0..6u64)
        .map(|i| {
            TargetSnapshot::standing(TargetId(i + 1), Vec3::new(i as f32 - 3.0, 0.0, -6.0), 1.8)
        })
        .collect();
    let mut run = |core: &mut PerceptionCore, k: u32| {
        let world = WorldView {
            now: f64::from(k) * 0.1,
            ..WorldView::default()
        };
        core.run(input(&targets, world), &mut space);
    };
    for k in 0..10 {
        run(&mut core, k);
    }
    assert_eq!(core.mind().beliefs().count(), 1);
    profile.attention.max_tracked_targets = 8;
    core.set_profile(profile);
    for k in 10..13 {
        run(&mut core, k);
    }
    // Six in plain view 6 m ahead, eight slots: every one believed within three passes.
    assert_eq!(core.mind().beliefs().count(), 6);
}

/// Two passes of the adapter's way: choose among `nearby` first, then evaluate only the chosen.
fn choose_and_run(
    core: &mut PerceptionCore,
    space: &mut BoxSpace,
    all: &[TargetSnapshot],
    now: f64,
) {
    use aps_core::crowd::selection::Nearby;
    let view = WorldView {
        now,
        ..Default::default()
    };
    let nearby: Vec<Nearby> = all
        .iter()
        .map(|t| Nearby {
            id: t.id,
            position: t.position,
            team: None,
            character: t.character,
            speed: t.velocity.length(),
        })
        .collect();
    let held: Vec<TargetId> = core.mind().beliefs().map(|b| b.target).collect();
    let mut chosen = Vec::new();
    core.choose_looks(&view, eye(), Vec3::ZERO, &nearby, &held, &mut chosen);
    let looked: Vec<TargetSnapshot> = all
        .iter()
        .filter(|t| chosen.contains(&t.id))
        .cloned()
        .collect();
    core.run(input(&looked, view), space);
}

#[test]
fn a_runner_in_plain_view_is_picked_up_among_a_thousand_perceived_markers() {
    // Markers: plain objects (no body, nothing moves them) scattered densely in front of the
    // guard, every one in plain view and perceived; the runner stands 6 m ahead among them
    // from the start. A person's eye goes to the person first: so does the selection, and a
    // perceived character keeps its slot before a perceived object.
    let alone = {
        let (mut core, _) = PerceptionCore::new(Profile::default());
        let mut space = BoxSpace::new();
        let runner = runner_at(&mut space);
        let mut n = 0;
        while core.mind().belief(PLAYER).is_none_or_below_detected() {
            n += 1;
            choose_and_run(
                &mut core,
                &mut space,
                std::slice::from_ref(&runner),
                f64::from(n) * 0.1,
            );
            assert!(n < 50);
        }
        n
    };
    let (mut core, _) = PerceptionCore::new(Profile::default());
    let mut space = BoxSpace::new();
    let mut all: Vec<TargetSnapshot> = (0..1000u64)
        .map(|i| {
            let x = (i % 40) as f32 * 0.5 - 10.0;
            let z = -1.0 - (i / 40) as f32 * 0.6;
            TargetSnapshot::at(TargetId(10_000 + i), Vec3::new(x, 0.5, z))
        })
        .collect();
    all.push(runner_at(&mut space));
    let mut n = 0;
    while core.mind().belief(PLAYER).is_none_or_below_detected() {
        n += 1;
        choose_and_run(&mut core, &mut space, &all, f64::from(n) * 0.1);
        assert!(
            n <= alone + 1,
            "not detected within a pass of its time alone ({alone})"
        );
    }
    // Markers fill the rest of the ledger: the crowd is still perceived.
    assert_eq!(core.mind().ledger().len(), 16);
}

/// The runner (a character) standing 6 m ahead, with its body in `space`.
fn runner_at(space: &mut BoxSpace) -> TargetSnapshot {
    let feet = Vec3::new(0.3, 0.0, -6.0);
    space.add(BodyId(5000), feet + Vec3::Y * 0.9, Vec3::new(0.5, 1.8, 0.5));
    let mut t = TargetSnapshot::standing(PLAYER, feet, 1.8);
    t.body = Some(BodyId(5000));
    t
}

/// Whether there is no belief, or one below Detected.
trait BelowDetected {
    fn is_none_or_below_detected(&self) -> bool;
}

impl BelowDetected for Option<&aps_core::Belief> {
    fn is_none_or_below_detected(&self) -> bool {
        !matches!(self, Some(b) if b.state >= BeliefState::Detected)
    }
}
