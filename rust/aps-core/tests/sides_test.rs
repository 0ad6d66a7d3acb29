//! Which sides an AI perceives (detection by affiliation): a guard that leaves out friendlies
//! never believes in its teammate, however plainly it stands in view, and still sees the
//! player; the spec's relationship rules (section 9) decide who is a friendly.

use aps_core::brain::threat::Relationship;
use aps_core::crowd::selection::Nearby;
use aps_core::gather::target::TargetSnapshot;
use aps_core::senses::rays::{BodyId, BoxSpace};
use aps_core::senses::WorldView;
use aps_core::{BeliefState, Event, PassInput, PerceptionCore, Pose, Profile, TargetId, Vec3};

const GUARD: BodyId = BodyId(10);
const MATE: TargetId = TargetId(1);
const PLAYER: TargetId = TargetId(2);

fn eye() -> Pose {
    Pose {
        position: Vec3::new(0.0, 1.6, 0.0),
        forward: Vec3::NEG_Z,
    }
}

/// A hostile guard of team 3: it perceives enemies and neutrals, not its own side.
fn hostile() -> Profile {
    let mut p = Profile::default();
    p.sides.detect_friendlies = false;
    p
}

/// The teammate (team 3) 6 m ahead and the player (no team) 8 m ahead, both in plain view.
fn scene(space: &mut BoxSpace) -> Vec<TargetSnapshot> {
    let mut out = Vec::new();
    for (id, team, x, z) in [(MATE, 3, -1.0, -6.0), (PLAYER, 0, 1.0, -8.0)] {
        let feet = Vec3::new(x, 0.0, z);
        let body = BodyId(100 + id.0);
        space.add(body, feet + Vec3::Y * 0.9, Vec3::new(0.6, 1.8, 0.6));
        let mut t = TargetSnapshot::standing(id, feet, 1.8);
        t.body = Some(body);
        t.team_id = team;
        out.push(t);
    }
    out
}

/// Two seconds of passes; every event, in order.
fn run(
    core: &mut PerceptionCore,
    space: &mut BoxSpace,
    candidates: &[TargetSnapshot],
) -> Vec<Event> {
    let mut events = Vec::new();
    for i in 0..20 {
        let input = PassInput {
            dt: 0.1,
            eye: eye(),
            body: Vec3::ZERO,
            own: &[GUARD],
            world: WorldView {
                now: f64::from(i) * 0.1,
                ..WorldView::default()
            },
            candidates,
            destroyed: &[],
            shared: &[],
            lod_tier: 0,
        };
        events.extend_from_slice(core.run(input, space));
    }
    events
}

fn about(events: &[Event], t: TargetId) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::StateChanged(c) if c.target == t))
        .count()
}

#[test]
fn a_hostile_guard_never_believes_in_its_teammate_and_tracks_the_player() {
    let (mut core, _) = PerceptionCore::new(hostile());
    core.mind_mut().set_team(3);
    let mut space = BoxSpace::new();
    let candidates = scene(&mut space);
    let events = run(&mut core, &mut space, &candidates);
    assert!(
        core.mind().belief(MATE).is_none(),
        "no belief in the teammate"
    );
    assert_eq!(about(&events, MATE), 0, "no signal about the teammate");
    assert_eq!(
        core.mind().belief(PLAYER).map(|b| b.state),
        Some(BeliefState::Tracked)
    );
    // Only the player's sample points cost rays.
    assert_eq!(core.last_pass().rays, 3);
}

#[test]
fn the_default_profile_perceives_every_side_as_the_spec_does() {
    // Teammates go through the states like anyone (their threat is None).
    let (mut core, _) = PerceptionCore::new(Profile::default());
    core.mind_mut().set_team(3);
    let mut space = BoxSpace::new();
    let candidates = scene(&mut space);
    let events = run(&mut core, &mut space, &candidates);
    let mate = core.mind().belief(MATE).expect("a belief in the teammate");
    assert_eq!(mate.state, BeliefState::Tracked);
    assert_eq!(mate.relationship, Relationship::Teammate);
    assert!(about(&events, MATE) > 0);
}

#[test]
fn sides_follow_relationships_team_rules_and_overrides() {
    let mut space = BoxSpace::new();
    let candidates = scene(&mut space);
    // No team of its own (0): the mate on team 3 is an enemy by the default relationship.
    let (mut core, _) = PerceptionCore::new(hostile());
    run(&mut core, &mut space, &candidates);
    assert!(core.mind().belief(MATE).is_some());
    // A team rule makes team 3 Friendly to team 0: left out.
    let mut p = hostile();
    p.threat.team_rules.push(aps_core::profile::TeamRule {
        team: 0,
        other: 3,
        relationship: Relationship::Friendly,
    });
    let (mut core, _) = PerceptionCore::new(p);
    run(&mut core, &mut space, &candidates);
    assert!(core.mind().belief(MATE).is_none());
    // A script that decides the teammate is an enemy (a traitor) overrides the team: seen.
    let (mut core, _) = PerceptionCore::new(hostile());
    core.mind_mut().set_team(3);
    core.mind_mut()
        .set_relationship(MATE, Some(Relationship::Enemy));
    run(&mut core, &mut space, &candidates);
    assert!(core.mind().belief(MATE).is_some());
    // Only neutrals: Unknown and Neutral are seen, enemies are not.
    let mut p = Profile::default();
    p.sides.detect_enemies = false;
    p.sides.detect_friendlies = false;
    p.threat.default_relationship = Relationship::Neutral;
    let (mut core, _) = PerceptionCore::new(p.clone());
    run(&mut core, &mut space, &candidates);
    assert!(core.mind().belief(PLAYER).is_some(), "a neutral is seen");
    p.threat.default_relationship = Relationship::Enemy;
    let (mut core, _) = PerceptionCore::new(p);
    run(&mut core, &mut space, &candidates);
    assert!(core.mind().belief(PLAYER).is_none(), "an enemy is not");
}

#[test]
fn a_side_left_out_comes_last_once_its_team_is_known() {
    let (mut core, _) = PerceptionCore::new(hostile());
    core.mind_mut().set_team(3);
    let nearby = [
        Nearby {
            id: MATE,
            position: Vec3::new(-1.0, 0.0, -6.0),
            team: Some(3),
            character: true,
            speed: 0.0,
        },
        Nearby {
            id: PLAYER,
            position: Vec3::new(1.0, 0.0, -8.0),
            team: Some(0),
            character: true,
            speed: 0.0,
        },
        // Never looked at yet: its team is unknown, so it is a stranger.
        Nearby {
            id: TargetId(3),
            position: Vec3::new(0.0, 0.0, -9.0),
            team: None,
            character: true,
            speed: 0.0,
        },
    ];
    let mut chosen = Vec::new();
    core.choose_looks(
        &WorldView::default(),
        eye(),
        Vec3::ZERO,
        &nearby,
        &[],
        &mut chosen,
    );
    // The teammate, nearest of all, comes last: looked at only with room to spare.
    assert_eq!(chosen, [PLAYER, TargetId(3), MATE]);
    // In a crowd of strangers that fills every look, it gets none.
    let mut crowd = nearby.to_vec();
    crowd.extend((10..40).map(|i| Nearby {
        id: TargetId(i),
        position: Vec3::new(0.0, 0.0, -10.0 - i as f32 * 0.1),
        team: Some(0),
        character: true,
        speed: 0.0,
    }));
    core.choose_looks(
        &WorldView::default(),
        eye(),
        Vec3::ZERO,
        &crowd,
        &[],
        &mut chosen,
    );
    assert!(!chosen.contains(&MATE), "{chosen:?}");
    assert!(chosen.contains(&PLAYER));
}
