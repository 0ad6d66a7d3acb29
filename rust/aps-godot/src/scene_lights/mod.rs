//! The level's own lights read for perception (core: `world::scene_light`): every
//! `OmniLight3D`, `SpotLight3D` and `DirectionalLight3D` in a world, and its `WorldEnvironment`'s
//! ambient light as the floor, light the targets standing there.
//!
//! The light nodes are found as they enter the tree (and by one scan of the tree when lights are
//! first asked for), then read once a physics frame for each world a target is looked at in, so
//! a lamp switched off, hidden, moved or freed counts from the next look. A target's reading is
//! kept (the core's `LightMemo`) until it moves, a light changes or the reading is older than
//! `aps/lights/remeasure_interval`; a lamp whose shadow is on is asked with one ray from each
//! of the target's sample points toward it, through the same path as sight's rays (the static
//! mirror answers most of them).
//!
//! A light gives nothing when it is hidden, out of the tree, on no render layer of
//! `aps/lights/render_layers`, or has the metadata `aps_ignore` set true. With
//! `aps/lights/scene_lights` off, light is the zones' and the ambient light alone.

mod flat_reading;
mod reading;

use crate::dim::{Spatial, Three, WorldOf};
use crate::physics_space::{GodotSpace, RayKind};
use crate::world_key::WorldKey;
use aps_core::senses::rays::{BodyId, Space};
use aps_core::world::scene_light::flat::flat_blocked;
use aps_core::world::scene_light::{
    FlatOccluder, LightMemo, Sampled, SceneLight, SceneLighting, SceneReading,
    DEFAULT_REMEASURE_INTERVAL,
};
use aps_core::Vec3;
use godot::classes::World3D;
use godot::prelude::*;
use reading::Read;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// How far short of a lamp a shadow ray stops: a bulb sits inside its own fixture.
const SHORT_OF_LAMP: f32 = 0.05;

#[derive(Default)]
struct Lights {
    /// Whether the tree was scanned for lights once.
    scanned: bool,
    /// Light and environment nodes that entered the tree (freed ones are dropped as met).
    nodes: Vec<InstanceId>,
    known: HashSet<InstanceId>,
    /// Each light texture read, by the light it was read for.
    textures: HashMap<InstanceId, Arc<Sampled>>,
    worlds: HashMap<WorldKey, WorldLights>,
    /// The settings, read once a frame.
    settings: Option<(Frame, Settings)>,
}

#[derive(Clone, Copy)]
struct Settings {
    on: bool,
    interval: f32,
    shadow_layers: u32,
    render_layers: u32,
    mirror: bool,
    mirror_shadow: bool,
}

#[derive(Default)]
struct WorldLights {
    frame: Option<Frame>,
    lighting: SceneLighting,
    /// Bumped whenever what the lights give changes (0: never read).
    revision: u64,
    /// The lights as last read, to tell a change.
    read: Vec<SceneLight>,
    /// The body each lamp sits in (its fixture), passed by its shadow rays.
    fixtures: HashMap<u64, BodyId>,
    /// In a 2D world: each light's shadow mask (`shadow_item_cull_mask`).
    shadow_masks: HashMap<u64, u32>,
    /// In a 2D world: the occluders, as read this frame and as the lighting last took them.
    occluders: Vec<FlatOccluder>,
    occluders_read: Vec<FlatOccluder>,
    /// The textures the lighting holds.
    textures: Vec<Arc<Sampled>>,
    /// Targets' lights measured, and the shadow rays that took, since the world was first lit.
    measurements: u64,
    rays: u64,
}

/// What a world's scene lights hold and did, for the stats.
#[derive(Debug, Clone, Copy, Default)]
pub struct LightReport {
    /// Lights read at the last frame.
    pub lights: usize,
    pub measurements: u64,
    pub rays: u64,
}

/// The scene lights of world `key`, for the stats; `None` if no target there was lit yet.
pub fn report(key: WorldKey) -> Option<LightReport> {
    LIGHTS.with(|l| {
        let l = l.try_borrow().ok()?;
        let w = l.worlds.get(&key)?;
        Some(LightReport {
            lights: w.lighting.lights().len(),
            measurements: w.measurements,
            rays: w.rays,
        })
    })
}

/// Counts one measurement of `rays` shadow rays in world `key`.
fn count(key: WorldKey, rays: u64) {
    LIGHTS.with(|l| {
        if let Ok(mut l) = l.try_borrow_mut() {
            if let Some(w) = l.worlds.get_mut(&key) {
                w.measurements += 1;
                w.rays += rays;
            }
        }
    });
}

thread_local! {
    static LIGHTS: RefCell<Lights> = RefCell::new(Lights::default());
}

/// A node entered the tree (`ApsWorld` follows the tree): a light or an environment is read
/// from the next frame on.
pub fn entered(node: &Gd<Node>) {
    if !is_light_node(node) {
        return;
    }
    LIGHTS.with(|l| {
        if let Ok(mut l) = l.try_borrow_mut() {
            if l.scanned && l.known.insert(node.instance_id()) {
                l.nodes.push(node.instance_id());
            }
        }
    });
}

/// The scene's light on a target at `points` (its sample points, in the core's space) in the
/// world `key` that `node` is in, at world time `now`, kept in `memo` and measured again only
/// when it no longer holds; `body` (the target's own body) never shadows it. `None` when scene
/// lights are off, or the world has neither a light nor an environment to read.
///
/// Looks come many a frame: with nothing to read this costs no call into the engine, and the
/// world's lights are read at its first look of each frame (a new world time).
pub fn reading_for(
    key: WorldKey,
    node: &Spatial,
    points: &[Vec3],
    body: Option<BodyId>,
    memo: &mut LightMemo,
    now: f64,
) -> Option<SceneReading> {
    let frame = Frame::Time(now.to_bits());
    let settings = settings(frame)?;
    let flat = matches!(node, Spatial::Two(_));
    let (revision, says) = lights_of(key, frame, flat, settings)?;
    if !says {
        return None;
    }
    let at = points.first().copied()?;
    if let Some(kept) = memo.still(at, now, revision, settings.interval) {
        return Some(kept.clone());
    }
    let (_, world) = node.world()?;
    let reading = measure_in(&world, key, points, body, settings)?;
    memo.keep(at, now, revision, reading.clone());
    Some(reading)
}

/// The scene's light at `point` in `world`, nothing excluded from its shadows (for
/// `ApsWorld.get_light_at`). `None` as for [`reading_for`].
pub fn reading_at(world: &WorldOf, point: Vec3) -> Option<SceneReading> {
    let frame = Frame::Physics(godot::classes::Engine::singleton().get_physics_frames());
    let settings = settings(frame)?;
    let key = key_of(world);
    let flat = matches!(world, WorldOf::Two(_));
    let (_, says) = lights_of(key, frame, flat, settings)?;
    if !says {
        return None;
    }
    measure_in(world, key, &[point], None, settings)
}

/// Which frame a call comes in: by the world time of a look, or by the engine's physics frame
/// count for a script's call. Either way, a new one reads the lights again.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Frame {
    Time(u64),
    Physics(u64),
}

/// The key of `world`.
fn key_of(world: &WorldOf) -> WorldKey {
    match world {
        WorldOf::Three(w) => w.instance_id().to_i64(),
        WorldOf::Two(w) => w.instance_id().to_i64(),
    }
}

/// The revision of world `key`'s lights, and whether the scene says anything about light
/// there: the lights read again first if this is a new `frame`.
fn lights_of(key: WorldKey, frame: Frame, flat: bool, settings: Settings) -> Option<(u64, bool)> {
    LIGHTS.with(|l| {
        let mut l = l.try_borrow_mut().ok()?;
        let l = &mut *l;
        if !l.scanned {
            l.scanned = true;
            scan(l);
        }
        let lights = l.worlds.entry(key).or_default();
        if lights.frame != Some(frame) {
            lights.frame = Some(frame);
            let found = Found {
                nodes: &mut l.nodes,
                known: &mut l.known,
                textures: &mut l.textures,
            };
            refresh(lights, found, key, flat, settings.render_layers);
        }
        Some((lights.revision, lights.lighting.says_anything()))
    })
}

/// The reading at the brightest of `points` in `world`.
fn measure_in(
    world: &WorldOf,
    key: WorldKey,
    points: &[Vec3],
    body: Option<BodyId>,
    settings: Settings,
) -> Option<SceneReading> {
    let mut rays = 0;
    let reading = match world {
        WorldOf::Three(w) => measure(w, key, points, body, settings, &mut rays),
        WorldOf::Two(_) => measure_flat(key, points, &mut rays),
    };
    count(key, rays);
    reading
}

/// The reading at the brightest of `points` in a 3D world: shadows are what the physics
/// bodies on the shadow layers stop.
fn measure(
    world: &Gd<World3D>,
    key: WorldKey,
    points: &[Vec3],
    body: Option<BodyId>,
    settings: Settings,
    rays: &mut u64,
) -> Option<SceneReading> {
    let state = world.get_direct_space_state()?;
    let frame = godot::classes::Engine::singleton().get_physics_frames();
    let mirror = (settings.mirror && crate::level_mirror::prepare(key, frame))
        .then_some((key, settings.mirror_shadow));
    let mut query = Three::new_query(&Array::new());
    let mut space = GodotSpace::<Three>::new(state, &mut query).with_mirror(mirror);
    LIGHTS.with(|l| {
        let l = l.try_borrow().ok()?;
        let lights = l.worlds.get(&key)?;
        lights
            .lighting
            .measure_brightest(points, &mut |light, p, to| {
                let way = to - p;
                let length = way.length();
                if length <= SHORT_OF_LAMP {
                    return false;
                }
                let end = p + way * ((length - SHORT_OF_LAMP) / length);
                *rays += 1;
                let mut exclude: smallvec::SmallVec<[BodyId; 2]> = body.into_iter().collect();
                exclude.extend(lights.fixtures.get(&light.id).copied());
                space
                    .cast_ray(p, end, settings.shadow_layers, &exclude)
                    .is_some()
            })
    })
}

/// The reading at the brightest of `points` in a 2D world: shadows are what the
/// `LightOccluder2D`s cast for each light's shadow mask.
fn measure_flat(key: WorldKey, points: &[Vec3], rays: &mut u64) -> Option<SceneReading> {
    LIGHTS.with(|l| {
        let l = l.try_borrow().ok()?;
        let lights = l.worlds.get(&key)?;
        let plane = |v: Vec3| glam::Vec2::new(v.x, v.z);
        lights
            .lighting
            .measure_brightest(points, &mut |light, p, to| {
                let mask = lights.shadow_masks.get(&light.id).copied().unwrap_or(0);
                *rays += 1;
                flat_blocked(&lights.occluders, plane(p), plane(to), mask)
            })
    })
}

/// The settings, read once a frame; `None` with scene lights off.
fn settings(frame: Frame) -> Option<Settings> {
    let kept = LIGHTS.with(|l| {
        l.try_borrow()
            .ok()
            .and_then(|l| l.settings.filter(|(f, _)| *f == frame).map(|(_, s)| s))
    });
    let read = kept.unwrap_or_else(|| {
        use crate::settings::{self as s};
        let read = Settings {
            on: s::flag_or(s::SCENE_LIGHTS, true),
            interval: s::float_or(s::LIGHT_REMEASURE_INTERVAL, DEFAULT_REMEASURE_INTERVAL),
            shadow_layers: s::number(s::LIGHT_SHADOW_LAYERS, i64::from(u32::MAX)) as u32,
            render_layers: s::number(s::LIGHT_RENDER_LAYERS, i64::from(u32::MAX)) as u32,
            mirror: s::flag_or(s::STATIC_MIRROR, true),
            mirror_shadow: s::flag_or(s::STATIC_MIRROR_SHADOW, false),
        };
        LIGHTS.with(|l| {
            if let Ok(mut l) = l.try_borrow_mut() {
                l.settings = Some((frame, read));
            }
        });
        read
    });
    read.on.then_some(read)
}

/// Finds every light and environment already in the tree.
fn scan(l: &mut Lights) {
    let Some(root) = crate::world_key::scene_tree()
        .and_then(|t| crate::convert::MaybeNull::maybe_null(t.get_root()))
    else {
        return;
    };
    let mut stack: Vec<Gd<Node>> = vec![root.upcast()];
    while let Some(node) = stack.pop() {
        if is_light_node(&node) && l.known.insert(node.instance_id()) {
            l.nodes.push(node.instance_id());
        }
        stack.extend(node.get_children().iter_shared());
    }
}

/// What the tree holds for the lights, lent to a world's refresh.
struct Found<'a> {
    nodes: &'a mut Vec<InstanceId>,
    known: &'a mut HashSet<InstanceId>,
    textures: &'a mut HashMap<InstanceId, Arc<Sampled>>,
}

/// Reads the lights of world `key` (a 2D world if `flat`) again; a change bumps its revision.
fn refresh(
    world: &mut WorldLights,
    found: Found<'_>,
    key: WorldKey,
    flat: bool,
    render_layers: u32,
) {
    let mut lights = Vec::new();
    let mut floor = None;
    let mut textures: Vec<Arc<Sampled>> = Vec::new();
    world.fixtures.clear();
    world.shadow_masks.clear();
    world.occluders.clear();
    let Found {
        nodes,
        known,
        textures: cache,
    } = found;
    nodes.retain(|&id| {
        let Ok(node) = Gd::<Node>::try_from_instance_id(id) else {
            known.remove(&id);
            cache.remove(&id);
            return false;
        };
        if crate::world_key::world_key_of(&node) != Some(key) {
            return true;
        }
        let read = if flat {
            flat_reading::read(&node, &mut textures, cache)
        } else {
            reading::read(&node, render_layers)
        };
        match read {
            Read::Light(light, fixture) => {
                if let Some(f) = fixture {
                    world.fixtures.insert(light.id, f);
                }
                lights.push(light);
            }
            Read::FlatLight(light, mask) => {
                world.shadow_masks.insert(light.id, mask);
                lights.push(light);
            }
            Read::Occluder(o) => world.occluders.push(o),
            Read::Floor(f) => floor = floor.or(Some(f)),
            Read::Nothing => {}
        }
        true
    });
    let floor = floor.flatten();
    let same_textures = textures.len() == world.textures.len()
        && textures
            .iter()
            .zip(&world.textures)
            .all(|(a, b)| Arc::ptr_eq(a, b));
    if lights != world.read
        || floor != world.lighting.floor()
        || !same_textures
        || world.occluders != world.occluders_read
        || world.revision == 0
    {
        world.revision += 1;
        world.lighting.set(lights.iter().copied(), floor);
        world.lighting.set_textures(textures.clone());
        world.textures = textures;
        world.read = lights;
        world.occluders_read = world.occluders.clone();
    }
}

/// Whether `node` is one the scene's light is read from, in 3D or 2D.
fn is_light_node(node: &Gd<Node>) -> bool {
    reading::is_light_node(node) || flat_reading::is_light_node(node)
}
