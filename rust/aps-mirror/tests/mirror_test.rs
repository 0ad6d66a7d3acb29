//! The mirror's answers against exact geometry: a ray it calls clear hits nothing, a ray it
//! calls blocked hits that body first, in an exact engine and in one that rounds edges.

use aps_core::senses::rays::BodyId;
use aps_core::Vec3;
use aps_mirror::{Answer, Check, Local, Mirror, Placed, RayAsk};
use parry3d::math::{Pose, Vector};
use parry3d::query::Ray;
use parry3d::shape::{Cuboid, RoundCuboid, Shape};
use proptest::prelude::*;

const WALL: BodyId = BodyId(1);
const CRATE: BodyId = BodyId(2);
const GUARD: BodyId = BodyId(9);

fn placed(origin: Vec3, shape: Local) -> Placed {
    Placed {
        basis: [Vec3::X, Vec3::Y, Vec3::Z],
        origin,
        shape,
        own_margin: 0.04,
    }
}

fn fresh(_: u32) -> Check {
    Check::Fresh {
        layer: 1,
        enabled: true,
    }
}

fn ask(m: &mut Mirror, from: Vec3, to: Vec3) -> Answer {
    m.ask(
        RayAsk {
            from,
            to,
            mask: 1,
            exclude: &[],
            toward: None,
        },
        &mut fresh,
    )
}

/// A wall 4 m wide, 3 m tall and 0.2 m thick across the Z axis at z = -5.
fn walled() -> Mirror {
    let mut m = Mirror::new();
    let wall = Local::Box {
        half: Vec3::new(2.0, 1.5, 0.1),
    };
    m.add(WALL, &placed(Vec3::new(0.0, 1.5, -5.0), wall))
        .unwrap();
    m
}

#[test]
fn a_ray_through_the_middle_of_a_wall_is_blocked_by_it() {
    let mut m = walled();
    let a = ask(&mut m, Vec3::new(0.0, 1.6, 0.0), Vec3::new(0.0, 1.6, -10.0));
    assert!(matches!(a, Answer::Blocked { body: WALL, .. }), "{a:?}");
}

#[test]
fn a_ray_well_past_the_wall_is_clear() {
    let mut m = walled();
    let a = ask(&mut m, Vec3::new(3.0, 1.6, 0.0), Vec3::new(3.0, 1.6, -10.0));
    assert_eq!(a, Answer::Clear);
}

#[test]
fn a_ray_grazing_the_walls_edge_within_the_margin_goes_to_the_engine() {
    let mut m = walled();
    // 3 cm beyond the edge: inside the margin (2 cm + the shape's 4 cm).
    let a = ask(
        &mut m,
        Vec3::new(2.03, 1.6, 0.0),
        Vec3::new(2.03, 1.6, -10.0),
    );
    assert_eq!(a, Answer::Unsure);
    // 3 cm inside the edge: an engine that rounds edges may miss it.
    let a = ask(
        &mut m,
        Vec3::new(1.97, 2.97, 0.0),
        Vec3::new(1.97, 2.97, -10.0),
    );
    assert_eq!(a, Answer::Unsure);
}

#[test]
fn a_ray_that_stops_short_of_the_wall_is_clear_and_one_that_ends_in_it_is_blocked() {
    let mut m = walled();
    assert_eq!(
        ask(&mut m, Vec3::new(0.0, 1.6, 0.0), Vec3::new(0.0, 1.6, -4.5)),
        Answer::Clear
    );
    let a = ask(&mut m, Vec3::new(0.0, 1.6, 0.0), Vec3::new(0.0, 1.6, -5.0));
    assert!(matches!(a, Answer::Blocked { body: WALL, .. }), "{a:?}");
}

#[test]
fn a_ray_from_deep_inside_a_shape_passes_it_and_one_from_its_skin_goes_to_the_engine() {
    let mut m = walled();
    // The engines' rays do not hit a solid shape they start inside.
    let inside = Vec3::new(0.0, 1.6, -5.0);
    assert_eq!(ask(&mut m, inside, Vec3::new(0.0, 1.6, 5.0)), Answer::Clear);
    // 3 cm inside its face: an engine that rounds it may count the ray as starting outside.
    let skin = Vec3::new(0.0, 1.6, -4.93);
    assert_eq!(ask(&mut m, skin, Vec3::new(0.0, 1.6, 5.0)), Answer::Unsure);
}

#[test]
fn rays_of_no_length_go_to_the_engine() {
    let mut m = walled();
    assert_eq!(ask(&mut m, Vec3::ZERO, Vec3::ZERO), Answer::Unsure);
}

/// A ray along the wall test's line, with `mask`, `exclude` and what `check` confirms.
fn along(m: &mut Mirror, mask: u32, exclude: &[BodyId], check: Check) -> Answer {
    let ask = RayAsk {
        from: Vec3::new(0.0, 1.6, 0.0),
        to: Vec3::new(0.0, 1.6, -10.0),
        mask,
        exclude,
        toward: None,
    };
    m.ask(ask, &mut |_| check)
}

#[test]
fn layers_exclusions_and_disabled_shapes_are_passed() {
    let mut m = walled();
    let on = fresh(0);
    assert!(matches!(along(&mut m, 1, &[], on), Answer::Blocked { .. }));
    assert_eq!(along(&mut m, 2, &[], on), Answer::Clear, "another layer");
    assert_eq!(along(&mut m, 1, &[WALL], on), Answer::Clear, "excluded");
    // Confirmed once a frame: a new frame reads the wall switched off.
    m.begin_frame();
    let off = Check::Fresh {
        layer: 1,
        enabled: false,
    };
    assert_eq!(along(&mut m, 1, &[], off), Answer::Clear, "switched off");
    m.begin_frame();
    assert_eq!(along(&mut m, 1, &[], Check::Stale), Answer::Unsure, "stale");
}

#[test]
fn a_mover_across_the_ray_sends_it_to_the_engine_unless_it_is_the_one_looked_at() {
    let mut m = walled();
    let guard = m.add_mover(GUARD, Vec3::new(-0.3, 0.0, -2.3), Vec3::new(0.3, 1.8, -1.7));
    let (from, to) = (Vec3::new(0.0, 1.6, 0.0), Vec3::new(0.0, 1.6, -2.0));
    assert_eq!(ask(&mut m, from, to), Answer::Unsure);
    let toward = m.ask(
        RayAsk {
            from,
            to,
            mask: 1,
            exclude: &[],
            toward: Some(GUARD),
        },
        &mut fresh,
    );
    assert_eq!(toward, Answer::Reaches(GUARD));
    // Behind the wall, the guard does not matter: the wall is met first.
    m.move_mover(guard, Vec3::new(-0.3, 0.0, -7.3), Vec3::new(0.3, 1.8, -6.7));
    let a = ask(&mut m, from, Vec3::new(0.0, 1.6, -7.0));
    assert!(matches!(a, Answer::Blocked { body: WALL, .. }), "{a:?}");
    m.remove_mover(guard);
    assert_eq!(ask(&mut m, from, to), Answer::Clear);
}

#[test]
fn removed_shapes_no_longer_block() {
    let mut m = Mirror::new();
    let slot = m
        .add(
            CRATE,
            &placed(
                Vec3::new(0.0, 0.5, -3.0),
                Local::Box {
                    half: Vec3::ONE * 0.5,
                },
            ),
        )
        .unwrap();
    let (from, to) = (Vec3::new(0.0, 0.5, 0.0), Vec3::new(0.0, 0.5, -6.0));
    assert!(matches!(ask(&mut m, from, to), Answer::Blocked { .. }));
    m.remove(slot);
    assert_eq!(ask(&mut m, from, to), Answer::Clear);
    assert!(m.is_empty());
}

#[test]
fn round_shapes_scaled_unevenly_are_not_mirrored() {
    let mut m = Mirror::new();
    let p = Placed {
        basis: [Vec3::X * 2.0, Vec3::Y, Vec3::Z],
        origin: Vec3::ZERO,
        shape: Local::Sphere { radius: 1.0 },
        own_margin: 0.0,
    };
    assert!(m.add(CRATE, &p).is_err());
}

// ---- Against exact geometry, with rays aimed at edges, corners and faces ----

/// One shape of the random level: a body id, its mirrored description and the exact shape an
/// engine casts against (`rounded` rounds a box's edges by its own margin, as Jolt does).
struct Exact {
    body: BodyId,
    pose: Pose,
    shape: Box<dyn Shape>,
}

fn level(seed: &[(u8, [f32; 3], [f32; 3])], rounded: bool) -> (Mirror, Vec<Exact>) {
    let mut m = Mirror::new();
    let mut exact = Vec::new();
    for (i, (kind, at, size)) in seed.iter().enumerate() {
        let body = BodyId(i as u64 + 1);
        let at = Vec3::from_array(*at);
        let size = Vec3::from_array(*size);
        let pose = Pose::from_translation(Vector::new(at.x, at.y, at.z));
        let (local, shape): (Local, Box<dyn Shape>) = match kind % 4 {
            0 | 1 => {
                let half = Vector::new(size.x, size.y, size.z);
                let shape: Box<dyn Shape> = if rounded {
                    let r = 0.04_f32.min(half.min_element() * 0.5);
                    Box::new(RoundCuboid {
                        inner_shape: Cuboid::new(half - Vector::splat(r)),
                        border_radius: r,
                    })
                } else {
                    Box::new(Cuboid::new(half))
                };
                (Local::Box { half: size }, shape)
            }
            2 => (
                Local::Sphere { radius: size.x },
                Box::new(parry3d::shape::Ball::new(size.x)),
            ),
            _ => (
                Local::Capsule {
                    radius: size.x,
                    height: size.y * 2.0 + size.x * 2.0,
                },
                Box::new(parry3d::shape::Capsule::new_y(size.y, size.x)),
            ),
        };
        m.add(body, &placed(at, local)).unwrap();
        exact.push(Exact { body, pose, shape });
    }
    (m, exact)
}

/// What an engine's ray says: the first body hit, a shape the ray starts inside not counted.
fn engine(exact: &[Exact], from: Vec3, to: Vec3) -> Option<BodyId> {
    let ray = Ray::new(
        Vector::new(from.x, from.y, from.z),
        Vector::new(to.x - from.x, to.y - from.y, to.z - from.z),
    );
    exact
        .iter()
        .filter(|e| !e.shape.contains_point(&e.pose, ray.origin))
        .filter_map(|e| {
            e.shape
                .cast_ray(&e.pose, &ray, 1.0, true)
                .map(|t| (e.body, t))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(b, _)| b)
}

fn arb_shape() -> impl Strategy<Value = (u8, [f32; 3], [f32; 3])> {
    (
        0u8..4,
        [-6.0f32..6.0, -2.0f32..2.0, -6.0f32..6.0],
        [0.05f32..1.5, 0.05f32..1.5, 0.05f32..1.5],
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Rays between random points and rays aimed at the corners, edges and faces of the level's
    /// shapes (give or take a few centimetres): every decided answer is the engine's, in an
    /// exact engine and in one that rounds box edges.
    #[test]
    fn every_decided_answer_is_the_engines(
        seed in prop::collection::vec(arb_shape(), 1..12),
        from in [-8.0f32..8.0, -3.0f32..3.0, -8.0f32..8.0],
        aim in (0usize..12, [-1.0f32..1.0, -1.0f32..1.0, -1.0f32..1.0], -0.06f32..0.06),
        beyond in 0.2f32..2.0,
    ) {
        for rounded in [false, true] {
            let (mut m, exact) = level(&seed, rounded);
            let from = Vec3::from_array(from);
            // Aim at a point on the shape's bounds: a corner, an edge or a face, nudged.
            let (i, dir, nudge) = aim;
            let (kind, at, size) = seed[i % seed.len()];
            let snap = |x: f32| if x > 0.5 { 1.0 } else if x < -0.5 { -1.0 } else { x };
            let d = Vec3::from_array(dir);
            let on = Vec3::from_array(at) + Vec3::from_array(size) * Vec3::new(snap(d.x), snap(d.y), snap(d.z));
            let _ = kind;
            let target = on + (on - from).normalize_or_zero() * beyond + Vec3::splat(nudge);
            for to in [target, on + Vec3::splat(nudge)] {
                let truth = engine(&exact, from, to);
                match ask(&mut m, from, to) {
                    Answer::Clear => prop_assert_eq!(truth, None, "clear but the engine hits"),
                    Answer::Blocked { body, .. } => prop_assert_eq!(truth, Some(body)),
                    Answer::Reaches(_) => prop_assert!(false, "no mover here"),
                    Answer::Unsure => {}
                }
            }
        }
    }
}

#[test]
fn most_rays_in_an_open_level_are_decided() {
    // A 40 m square of crates a metre tall, rays from eye height to random points between
    // 0.2 and 1.8 m: the mirror must decide the great majority (the rest graze an edge or end
    // within the margin of a crate).
    let mut seed = Vec::new();
    let mut x = 12345u32;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        (x as f32 / u32::MAX as f32) * 2.0 - 1.0
    };
    for _ in 0..60 {
        seed.push((0u8, [next() * 20.0, 0.5, next() * 20.0], [1.0, 0.5, 1.0]));
    }
    let (mut m, exact) = level(&seed, false);
    for _ in 0..2000 {
        let from = Vec3::new(next() * 20.0, 1.6, next() * 20.0);
        let to = Vec3::new(next() * 20.0, 0.2 + next().abs() * 1.6, next() * 20.0);
        let truth = engine(&exact, from, to);
        match ask(&mut m, from, to) {
            Answer::Clear => assert_eq!(truth, None),
            Answer::Blocked { body, .. } => assert_eq!(truth, Some(body)),
            _ => {}
        }
    }
    let s = m.stats();
    assert!(
        s.decided() * 100 >= s.asked() * 85,
        "only {} of {} decided",
        s.decided(),
        s.asked()
    );
}

/// A one-sided sheet as Godot winds it (clockwise seen from the front): two triangles, the
/// first facing +Z, the second facing up and back.
fn sheet(double_sided: bool) -> Mirror {
    let mut m = Mirror::new();
    let faces = vec![
        Vec3::new(-2.0, 0.0, 0.0),
        Vec3::new(0.0, 2.0, 0.0),
        Vec3::new(2.0, 0.0, 0.0),
        Vec3::new(-2.0, 0.0, 0.0),
        Vec3::new(2.0, 0.0, 0.0),
        Vec3::new(0.0, 0.5, 1.5),
    ];
    let shape = Local::Concave {
        faces,
        double_sided,
    };
    m.add(WALL, &placed(Vec3::new(-12.0, 0.5, 0.0), shape))
        .unwrap();
    m
}

#[test]
fn a_one_sided_mesh_is_sure_only_from_the_front() {
    let mut m = sheet(false);
    // Above the second triangle, in the middle of the first.
    let at = Vec3::new(-12.0, 1.5, 0.0);
    // From +Z, the first triangle's front.
    let front = ask(
        &mut m,
        at + Vec3::new(0.0, 0.0, 3.0),
        at - Vec3::new(0.0, 0.0, 3.0),
    );
    assert!(
        matches!(front, Answer::Blocked { body: WALL, .. }),
        "{front:?}"
    );
    // From -Z, its back: the engine decides.
    let back = ask(
        &mut m,
        at - Vec3::new(0.0, 0.0, 3.0),
        at + Vec3::new(0.0, 0.0, 0.3),
    );
    assert_eq!(back, Answer::Unsure);
    // A ray that comes down onto the second triangle from behind and stops short of the first.
    let graze = ask(
        &mut m,
        Vec3::new(-13.933_987, 1.481_194_7, 4.914_573),
        Vec3::new(-11.968_606, 0.574_527, 0.044_950_195),
    );
    assert_eq!(graze, Answer::Unsure);
    let mut both = sheet(true);
    let back = ask(
        &mut both,
        at - Vec3::new(0.0, 0.0, 3.0),
        at + Vec3::new(0.0, 0.0, 0.3),
    );
    assert!(
        matches!(back, Answer::Blocked { body: WALL, .. }),
        "{back:?}"
    );
}

#[test]
fn a_mover_held_as_its_shape_sends_only_the_rays_that_come_near_it_to_the_engine() {
    let mut m = walled();
    // A capsule leaning 45 degrees: its box is much larger than it.
    let lean = std::f32::consts::FRAC_PI_4;
    let p = Placed {
        basis: [
            Vec3::new(lean.cos(), lean.sin(), 0.0),
            Vec3::new(-lean.sin(), lean.cos(), 0.0),
            Vec3::Z,
        ],
        origin: Vec3::new(0.0, 1.0, -2.0),
        shape: Local::Capsule {
            radius: 0.2,
            height: 2.0,
        },
        own_margin: 0.0,
    };
    let slot = m.add_mover_shape(GUARD, &p).unwrap();
    // Through a corner of its box the capsule leaves empty.
    let corner = ask(
        &mut m,
        Vec3::new(0.55, 1.55, 0.0),
        Vec3::new(0.55, 1.55, -4.0),
    );
    assert_eq!(corner, Answer::Clear);
    // Through it.
    let through = ask(&mut m, Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 1.0, -4.0));
    assert_eq!(through, Answer::Unsure);
    // Moved aside, the ray through its old place is clear.
    let mut aside = p.clone();
    aside.origin = Vec3::new(10.0, 1.0, -2.0);
    m.move_mover_shape(slot, &aside).unwrap();
    assert_eq!(
        ask(&mut m, Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 1.0, -4.0)),
        Answer::Clear
    );
}

/// `n` one-metre crates in a row along X, 3 m apart, 5 m ahead: bodies 100, 101, ...
fn row_of_crates(m: &mut Mirror, n: u64) -> Vec<aps_mirror::Slot> {
    (0..n)
        .map(|i| {
            let at = Vec3::new(i as f32 * 3.0, 0.5, -5.0);
            let crate_box = Local::Box {
                half: Vec3::splat(0.5),
            };
            m.add(BodyId(100 + i), &placed(at, crate_box)).unwrap()
        })
        .collect()
}

#[test]
fn a_tree_rebuilt_with_few_shapes_left_keeps_their_places() {
    // Forty crates added, all but two removed, the tree built whole at the next frame: the two
    // left keep answering by their own slots.
    let mut m = Mirror::new();
    let slots = row_of_crates(&mut m, 40);
    for s in &slots[..38] {
        m.remove(*s);
    }
    let g1 = m.add_mover(
        GUARD,
        Vec3::new(200.0, 0.0, 0.0),
        Vec3::new(201.0, 2.0, 1.0),
    );
    m.begin_frame();
    let a = ask(
        &mut m,
        Vec3::new(38.0 * 3.0, 0.5, 0.0),
        Vec3::new(38.0 * 3.0, 0.5, -10.0),
    );
    assert!(
        matches!(
            a,
            Answer::Blocked {
                body: BodyId(138),
                ..
            }
        ),
        "{a:?}"
    );
    m.remove_mover(g1);
    m.begin_frame();
    assert_eq!(m.len(), (2, 0));
    m.remove(slots[38]);
    let a = ask(
        &mut m,
        Vec3::new(38.0 * 3.0, 0.5, 0.0),
        Vec3::new(38.0 * 3.0, 0.5, -10.0),
    );
    assert_eq!(a, Answer::Clear);
}

#[test]
fn a_tree_rebuilt_whole_still_removes_and_moves_by_slot() {
    let mut m = Mirror::new();
    let slots = row_of_crates(&mut m, 50);
    let movers: Vec<_> = (0..40)
        .map(|i| {
            let x = i as f32 * 3.0;
            m.add_mover(
                BodyId(1000 + i),
                Vec3::new(x, 0.0, 10.0),
                Vec3::new(x + 0.5, 2.0, 10.5),
            )
        })
        .collect();
    m.begin_frame();
    m.remove(slots[7]);
    let a = ask(
        &mut m,
        Vec3::new(21.0, 0.5, 0.0),
        Vec3::new(21.0, 0.5, -10.0),
    );
    assert_eq!(a, Answer::Clear);
    // Every mover moved across the crates' row: the tree is rebuilt from where they are.
    for _ in 0..5 {
        for (i, s) in movers.iter().enumerate() {
            let x = i as f32 * 3.0;
            m.move_mover(
                *s,
                Vec3::new(x - 0.3, 0.0, -2.3),
                Vec3::new(x + 0.3, 2.0, -1.7),
            );
        }
        m.begin_frame();
    }
    let a = ask(&mut m, Vec3::new(9.0, 0.5, 0.0), Vec3::new(9.0, 0.5, -10.0));
    assert_eq!(a, Answer::Unsure, "a mover now stands in the way");
}

/// Two crates side by side, each 2 m wide, meeting at x = 0.
fn side_by_side(joined: bool) -> Mirror {
    let mut m = Mirror::new();
    let crate_box = Local::Box {
        half: Vec3::new(1.0, 1.0, 1.0),
    };
    for x in [-1.0, 1.0] {
        let p = placed(Vec3::new(x, 1.0, 0.0), crate_box.clone());
        if joined {
            m.add_joined(CRATE, &p).unwrap();
        } else {
            m.add(CRATE, &p).unwrap();
        }
    }
    m
}

#[test]
fn a_ray_from_deep_inside_a_shape_passes_out_of_it_into_its_neighbour() {
    // Apart, the engine's rays do not hit the shape they start in, but hit the next one.
    let mut m = side_by_side(false);
    let a = ask(&mut m, Vec3::new(-1.0, 1.0, 0.0), Vec3::new(3.0, 1.0, 0.0));
    assert!(matches!(a, Answer::Blocked { body: CRATE, .. }), "{a:?}");
}

#[test]
fn a_ray_from_inside_a_joined_shape_goes_to_the_engine() {
    // Joined (tiles the engine merges), there is no face between them to hit.
    let mut m = side_by_side(true);
    let a = ask(&mut m, Vec3::new(-1.0, 1.0, 0.0), Vec3::new(3.0, 1.0, 0.0));
    assert_eq!(a, Answer::Unsure);
    // From outside, their union's face is hit first as before.
    let a = ask(&mut m, Vec3::new(-5.0, 1.0, 0.0), Vec3::new(5.0, 1.0, 0.0));
    assert!(matches!(a, Answer::Blocked { body: CRATE, .. }), "{a:?}");
}
