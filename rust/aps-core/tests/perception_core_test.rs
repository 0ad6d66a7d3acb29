//! A whole AI in a world of boxes: senses, fusion, belief and events together (spec section 10).

use aps_core::gather::target::TargetSnapshot;
use aps_core::senses::rays::{BodyId, BoxSpace};
use aps_core::senses::WorldView;
use aps_core::world::stimulus::{Sound, SoundBuffer};
use aps_core::Pose;
use aps_core::{
    BeliefState, Event, LossReason, PassInput, PerceptionCore, Profile, TargetId, Vec3,
};

const GUARD: BodyId = BodyId(10);
const RUNNER: BodyId = BodyId(20);
const WALL: BodyId = BodyId(1);

fn guard_eye() -> Pose {
    Pose {
        position: Vec3::new(0.0, 1.6, 0.0),
        forward: Vec3::NEG_Z,
    }
}

fn pass<'a>(candidates: &'a [TargetSnapshot], world: WorldView<'a>) -> PassInput<'a> {
    PassInput {
        dt: 0.1,
        eye: guard_eye(),
        body: Vec3::ZERO,
        own: &[GUARD],
        world,
        candidates,
        destroyed: &[],
        shared: &[],
        lod_tier: 0,
    }
}

fn runner(feet: Vec3, velocity: Vec3) -> TargetSnapshot {
    let mut t = TargetSnapshot::standing(TargetId(1), feet, 1.8);
    t.body = Some(RUNNER);
    t.velocity = velocity;
    t
}

fn states(events: &[(f64, Event)]) -> Vec<BeliefState> {
    events
        .iter()
        .filter_map(|(_, e)| match e {
            Event::StateChanged(c) => Some(c.new),
            _ => None,
        })
        .collect()
}

#[test]
fn a_runner_seen_in_the_open_then_lost_behind_a_wall_at_the_corner() {
    let (mut core, _) = PerceptionCore::new(Profile::default());
    let mut space = BoxSpace::new();
    space.add(GUARD, Vec3::new(0.0, 0.9, 0.0), Vec3::new(0.6, 1.8, 0.6));
    // A wall whose left end is at x = 0, 12 m ahead.
    space.add(WALL, Vec3::new(-5.0, 1.5, -12.0), Vec3::new(10.0, 3.0, 0.4));
    space.add(RUNNER, Vec3::ZERO, Vec3::new(0.6, 1.8, 0.6));

    // The runner crosses from the right, 14 m ahead (behind the wall's line), moving left at
    // 3 m/s, passing behind the wall at x = 0.
    let mut log = Vec::new();
    let mut x = 8.0_f32;
    let mut t = 0.0;
    while x > -6.0 {
        let feet = Vec3::new(x, 0.0, -14.0);
        space.move_body(RUNNER, feet + Vec3::Y * 0.9);
        let snap = runner(feet, Vec3::new(-3.0, 0.0, 0.0));
        let events = core.run(pass(&[snap], WorldView::default()), &mut space);
        t += 0.1;
        log.extend(events.iter().map(|e| (t, *e)));
        x -= 0.3;
    }
    let entered = states(&log);
    assert_eq!(
        &entered[..4],
        [
            BeliefState::Suspected,
            BeliefState::Detected,
            BeliefState::Tracked,
            BeliefState::Lost
        ]
    );
    let b = core.mind().belief(TargetId(1)).unwrap();
    assert_eq!(b.loss_reason, LossReason::Occluded);
    // Last seen just before the corner, heading left.
    assert!(
        b.last_known_position.x > -0.2 && b.last_known_position.x < 1.5,
        "{:?}",
        b.last_known_position
    );
    assert!(
        (b.loss_direction - Vec3::NEG_X).length() < 0.05,
        "{:?}",
        b.loss_direction
    );
    assert!(core.last_pass().rays <= 3);
}

#[test]
fn a_loud_sound_makes_the_guard_suspect_its_instigator_even_unseen() {
    let (mut core, _) = PerceptionCore::new(Profile::default());
    let mut space = BoxSpace::new();
    let feet = Vec3::new(0.0, 0.0, 8.0); // behind the guard: vision can't help
    space.add(RUNNER, feet + Vec3::Y * 0.9, Vec3::new(0.6, 1.8, 0.6));
    let mut sounds = SoundBuffer::default();
    sounds.push(Sound {
        location: feet,
        loudness: 1.0,
        max_range: 30.0,
        tag: 0,
        instigator: Some(TargetId(1)),
        time: 0.0,
        max_tier: 4,
    });
    let snap = runner(feet, Vec3::ZERO);
    let mut now = 0.0;
    for _ in 0..10 {
        now += 0.1;
        let world = WorldView {
            now,
            sounds: Some(&sounds),
            ..WorldView::default()
        };
        core.run(pass(std::slice::from_ref(&snap), world), &mut space);
    }
    let b = core.mind().belief(TargetId(1)).unwrap();
    assert_eq!(b.state, BeliefState::Suspected);
}

#[test]
fn a_dog_weights_smell_over_sight() {
    let mut p = Profile::default();
    p.smell.enabled = true;
    p.fusion.sense_weights.smell = 1.5;
    p.fusion.sense_weights.vision = 0.6;
    let (mut core, _) = PerceptionCore::new(p);
    let mut space = BoxSpace::new();
    let feet = Vec3::new(0.0, 0.0, -6.0);
    space.add(RUNNER, feet + Vec3::Y * 0.9, Vec3::new(0.6, 1.8, 0.6));
    let snap = runner(feet, Vec3::ZERO);
    let mut field = aps_core::world::scent::ScentField::default();
    field.deposit(TargetId(1), feet, 1.0, 0.0);
    let mut last = (0.0, None);
    for i in 1..=20 {
        let world = WorldView {
            now: f64::from(i) * 0.1,
            scents: Some(&field),
            ..WorldView::default()
        };
        core.run(pass(std::slice::from_ref(&snap), world), &mut space);
        let b = core.mind().belief(TargetId(1)).unwrap();
        last = (b.fused, b.dominant);
    }
    // Smell of the dog's nose 6 m from the target: (1 − d / 12 m) × 1.5 leads; vision,
    // weighted 0.6, only adds the corroboration bonus.
    let d = guard_eye().position.distance(snap.position);
    let smell = (1.0 - d / 12.0) * 1.5;
    assert_eq!(last.1, Some(aps_core::Sense::Smell.id()), "smell leads");
    assert!(
        (last.0 - (smell + 0.1)).abs() < 1e-5,
        "fused {} vs {}",
        last.0,
        smell + 0.1
    );
}

#[test]
fn a_mates_sighting_is_a_reading_that_climbs_the_states() {
    use aps_core::brain::squad::{Sighting, SquadBoard, SQUAD_SENSE};
    use aps_core::profile::SquadSettings;
    let (mut core, _) = PerceptionCore::new(Profile::default());
    let mut space = BoxSpace::new();
    // The target is behind this guard: only the mate can see it.
    let feet = Vec3::new(0.0, 0.0, 10.0);
    let snap = runner(feet, Vec3::ZERO);
    let mut board = SquadBoard::default();
    let mut shared = Vec::new();
    let mut log = Vec::new();
    for i in 1..=40 {
        let now = f64::from(i) * 0.1;
        board.post(Sighting {
            squad: 1,
            member: 7,
            target: TargetId(1),
            confidence: 0.95,
            position: feet,
            time: now,
        });
        board.shared_for(1, 8, now, &SquadSettings::default(), &mut shared);
        let mut input = pass(std::slice::from_ref(&snap), WorldView::default());
        input.shared = &shared;
        log.extend(core.run(input, &mut space).iter().map(|e| (now, *e)));
    }
    let entered = states(&log);
    assert_eq!(
        entered[..2],
        [BeliefState::Suspected, BeliefState::Detected],
        "no jump to Tracked"
    );
    let b = core.mind().belief(TargetId(1)).unwrap();
    assert_eq!(b.dominant, Some(SQUAD_SENSE));
    assert_eq!(
        b.last_known_position, feet,
        "at the sharer's last known position"
    );
    assert!((b.fused - 0.95 * 0.6).abs() < 1e-5);
}

#[test]
fn a_shot_with_no_shooter_becomes_a_belief_about_a_place() {
    let (mut core, _) = PerceptionCore::new(Profile::default());
    let mut space = BoxSpace::new();
    let mut sounds = SoundBuffer::default();
    let at = Vec3::new(10.0, 1.0, 5.0);
    for k in 0..3 {
        sounds.push(Sound {
            location: at + Vec3::X * 0.3 * k as f32,
            loudness: 1.0,
            max_range: 40.0,
            tag: 4,
            instigator: None,
            time: 0.4 * f64::from(k),
            max_tier: 4,
        });
    }
    let mut entered = Vec::new();
    for i in 1..=20 {
        let world = WorldView {
            now: f64::from(i) * 0.1,
            sounds: Some(&sounds),
            ..WorldView::default()
        };
        for e in core.run(pass(&[], world), &mut space) {
            if let Event::StateChanged(c) = e {
                entered.push((c.kind, c.new));
            }
        }
    }
    let places: Vec<_> = core
        .mind()
        .beliefs()
        .filter(|b| b.kind == aps_core::TargetKind::Place)
        .collect();
    assert_eq!(places.len(), 1, "three close shots, one place");
    let place = core.mind().places().get(places[0].target).unwrap();
    assert_eq!(place.tag, 4);
    assert!(
        entered.contains(&(aps_core::TargetKind::Place, BeliefState::Suspected)),
        "{entered:?}"
    );
    assert_eq!(core.mind().attention_target(), None);
}

#[test]
fn a_core_knows_which_stimuli_its_senses_listen_to() {
    use aps_core::senses::Stimuli;
    let (guard, _) = PerceptionCore::new(Profile::default());
    let heard = guard.listens_to();
    assert!(
        heard.contains(Stimuli::SOUND)
            && heard.contains(Stimuli::TOUCH)
            && heard.contains(Stimuli::DAMAGE)
    );
    assert!(!heard.contains(Stimuli::SCENT));
    let mut p = Profile::default();
    p.smell.enabled = true;
    p.hearing.enabled = false;
    let (dog, _) = PerceptionCore::new(p);
    assert!(dog.listens_to().contains(Stimuli::SCENT));
    assert!(!dog.listens_to().contains(Stimuli::SOUND));
}

#[test]
fn each_hit_is_reported_by_exactly_one_pass() {
    use aps_core::world::stimulus::{Damage, Ring};
    let (mut core, _) = PerceptionCore::new(Profile::default());
    let mut space = BoxSpace::new();
    let mut damages = Ring::new(64);
    let mut reported = 0;
    // Passes every 6 frames of 1/60 s; a hit lands on every 7th frame, at any moment between.
    for frame in 1..=600u32 {
        let now = f64::from(frame) / 60.0;
        if frame % 7 == 0 {
            damages.push(Damage {
                victim: GUARD,
                instigator: None,
                amount: 1.0,
                location: Vec3::ZERO,
                time: now,
            });
        }
        if frame % 6 == 0 {
            let world = WorldView {
                now,
                damages: Some(&damages),
                ..WorldView::default()
            };
            let mut input = pass(&[], world);
            input.dt = 6.0_f32 * (1.0 / 60.0);
            reported += core
                .run(input, &mut space)
                .iter()
                .filter(|e| matches!(e, Event::Damaged { .. }))
                .count();
        }
    }
    assert_eq!(reported, 600 / 7);
}
