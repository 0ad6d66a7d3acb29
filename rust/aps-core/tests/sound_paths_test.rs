//! Sound that travels around walls: a gunshot behind a wall with an open doorway is
//! heard from the doorway, weaker the longer the way round; with the doorway closed it is
//! muffled through the wall as before; with no portals nothing changes.

use aps_core::profile::HearingSettings;
use aps_core::senses::rays::{BodyId, BoxSpace};
use aps_core::senses::sound_paths::Portal;
use aps_core::senses::{Hearing, SenseContext, WorldView};
use aps_core::world::stimulus::{Sound, SoundBuffer};
use aps_core::{Pose, Vec3};

const EAR: Vec3 = Vec3::new(0.0, 1.6, 0.0);

/// A wall across z = 5 from x = -20 to 20, with a doorway 1 m wide at x = `door` (or none).
fn wall(door: Option<f32>) -> BoxSpace {
    let mut s = BoxSpace::new();
    match door {
        None => {
            s.add(
                BodyId(1),
                Vec3::new(0.0, 1.5, 5.0),
                Vec3::new(40.0, 3.0, 0.3),
            );
        }
        Some(x) => {
            let left = (x - 0.5) - (-20.0);
            let right = 20.0 - (x + 0.5);
            s.add(
                BodyId(1),
                Vec3::new(-20.0 + left / 2.0, 1.5, 5.0),
                Vec3::new(left, 3.0, 0.3),
            );
            s.add(
                BodyId(2),
                Vec3::new(20.0 - right / 2.0, 1.5, 5.0),
                Vec3::new(right, 3.0, 0.3),
            );
        }
    }
    s
}

/// What the guard at the origin hears of a shot 10 m behind the wall, and from where.
fn shot(space: &mut BoxSpace, portals: &[Portal]) -> Option<(f32, f32, Vec3)> {
    let mut sounds = SoundBuffer::default();
    sounds.push(Sound {
        location: Vec3::new(0.0, 0.0, 10.0),
        loudness: 1.0,
        max_range: 40.0,
        tag: 0,
        instigator: None,
        time: 0.0,
        max_tier: 4,
    });
    let hearing = Hearing::new(HearingSettings::default());
    let mut ctx = SenseContext::new(
        Pose {
            position: EAR,
            forward: Vec3::NEG_Z,
        },
        space,
    );
    ctx.world = WorldView {
        now: 0.05,
        sounds: Some(&sounds),
        portals: Some(portals),
        ..WorldView::default()
    };
    let sound = sounds.all()[0];
    hearing.hear_from(&mut ctx, &sound, None)
}

fn door(x: f32) -> Portal {
    Portal {
        id: 1,
        position: Vec3::new(x, 1.0, 5.0),
        radius: 0.5,
    }
}

#[test]
fn through_an_open_doorway_the_shot_is_heard_from_the_doorway() {
    let (c, _, from) = shot(&mut wall(Some(3.0)), &[door(3.0)]).expect("heard");
    assert_eq!(from, door(3.0).position);
    // Loudness by the length of the way round, not the straight 10 m, and no muffling.
    let s = HearingSettings::default();
    let way =
        Vec3::new(0.0, 0.3, 10.0).distance(door(3.0).position) + door(3.0).position.distance(EAR);
    let expected = s.sensitivity * (1.0 - way / 40.0) * (1.0 - 0.05 / s.sound_hold_time);
    assert!((c - expected).abs() < 1e-4, "{c} vs {expected}");
    let muffled = shot(&mut wall(None), &[])
        .expect("heard through the wall")
        .0;
    assert!(
        c > muffled,
        "the way round is louder than through the wall: {c} vs {muffled}"
    );
}

#[test]
fn the_longer_the_way_round_the_fainter() {
    let near = shot(&mut wall(Some(3.0)), &[door(3.0)]).unwrap().0;
    let far = shot(&mut wall(Some(12.0)), &[door(12.0)]).unwrap().0;
    assert!(far < near, "{far} < {near}");
}

#[test]
fn with_the_door_closed_it_is_muffled_through_the_wall_from_where_it_was() {
    let open = {
        let mut s = BoxSpace::new();
        shot(&mut s, &[]).unwrap().0
    };
    // A portal in a doorway a wall now closes leads nowhere: the wall's muffling applies.
    let (c, _, from) = shot(&mut wall(None), &[door(3.0)]).unwrap();
    let muffle = HearingSettings::default().wall_muffle_factor;
    assert!((c / open - muffle).abs() < 1e-4, "{c} vs {open}");
    assert_eq!(from, Vec3::new(0.0, 0.0, 10.0));
}

#[test]
fn with_no_portals_and_no_navigation_no_ray_more_is_cast() {
    let mut s = wall(None);
    shot(&mut s, &[]).unwrap();
    assert_eq!(s.rays, 1, "the one muffling ray");
}
