//! `ApsWorld`: the APS subsystem of the running game, an engine singleton reachable from any
//! GDScript as `ApsWorld` (spec section 13: who can be perceived; section 10: sounds reach the
//! AI near them).

use crate::convert::{target_id, to_vec3, to_vector3};
use crate::registry::Registry;
use crate::schedule::Schedule;
use crate::target_component::ApsTargetComponent;
use aps_core::brain::squad::SquadBoard;
use aps_core::crowd::grid::SpatialGrid;
use aps_core::senses::WorldView;
use aps_core::world::conditions::{LightZone, WorldConditions};
use aps_core::world::scent::ScentField;
use aps_core::world::stimulus::{Damage, Ring, SoundBuffer, Touch};
use aps_core::TargetId;
use godot::classes::{Camera3D, CharacterBody3D, Engine, IObject, Node, Node3D, Object};
use godot::prelude::*;
use std::rc::Rc;

/// Everything the world holds that senses read: conditions and recent stimuli. Shared with
/// perceivers through an `Rc` for the length of a pass, so a pass reads it without borrowing
/// `ApsWorld`; changes copy it only if a pass is reading it at that moment.
#[derive(Debug, Clone, Default)]
pub struct WorldState {
    pub conditions: WorldConditions,
    pub sounds: SoundBuffer,
    pub touches: Ring<Touch>,
    pub damages: Ring<Damage>,
    pub scents: ScentField,
    pub squads: SquadBoard,
}

impl WorldState {
    /// The view senses get, at world time `now`.
    #[must_use]
    pub fn view(&self, now: f64) -> WorldView<'_> {
        WorldView {
            now,
            conditions: Some(&self.conditions),
            sounds: Some(&self.sounds),
            scents: Some(&self.scents),
            touches: Some(&self.touches),
            damages: Some(&self.damages),
        }
    }
}

/// The APS subsystem: who can be perceived, what happens (sounds, touches, damage, scent
/// trails), the world's conditions (light, wind, rain) and its clock.
///
/// Reach it from any script as `ApsWorld`. Every [CharacterBody3D] in the tree is perceivable
/// automatically; register anything else with [method register_perceivable] or give it an
/// [ApsTargetComponent]. Make noise with [method emit_sound], report hits with
/// [method report_damage] and contact with [method report_touch].
#[derive(GodotClass)]
#[class(init, singleton, tool, base = Object)]
pub struct ApsWorld {
    pub(crate) registry: Registry,
    pub(crate) state: Rc<WorldState>,
    /// Light everywhere outside light zones: 0 pitch dark, 1 daylight.
    #[var(get = get_ambient_light, set = set_ambient_light)]
    #[init(val = 1.0)]
    ambient_light: f32,
    /// Wind velocity in m/s: scent carries further downwind.
    #[var(get = get_wind, set = set_wind)]
    wind: Vector3,
    /// Rain, 0 dry to 1 downpour: masks hearing and smell by each profile's Rain Masking.
    #[var(get = get_rain, set = set_rain)]
    rain: f32,
    next_zone: u32,
    /// Squad names, by index.
    pub(crate) squad_names: Vec<StringName>,
    /// Each member component's squad index and role.
    pub(crate) members: Vec<(InstanceId, u32, StringName)>,
    pub(crate) last_frame: u64,
    pub(crate) scent_wanted: bool,
    pub(crate) tags: Vec<StringName>,
    tracking: bool,
    stats: Stats,
    pub(crate) grid: SpatialGrid,
    pub(crate) grid_ids: Vec<InstanceId>,
    #[init(val = true)]
    pub(crate) use_grid: bool,
    pub(crate) nearby: Vec<u32>,
    pub(crate) schedule: Schedule,
    pub(crate) driver: Option<InstanceId>,
    pub(crate) cameras: Vec<InstanceId>,
    pub(crate) sound_tiers: Vec<(u32, u8)>,
    pub(crate) frame: FrameStats,
    /// Replaces the level-of-detail significance score with your own (null: APS's formula).
    #[var]
    pub(crate) significance_policy: Option<Gd<crate::significance::ApsSignificancePolicy>>,
    base: Base<Object>,
}

/// What the last physics frame cost.
#[derive(Debug, Default, Clone, Copy)]
pub struct FrameStats {
    pub usec: u64,
    pub passes: u32,
    pub rays: u64,
    pub candidates: u64,
    /// Rays and candidates counted so far in the frame under way.
    pub rays_now: u64,
    pub candidates_now: u64,
}

/// Counters since the last call to `get_stats`.
#[derive(Debug, Default, Clone, Copy)]
pub struct Stats {
    pub perceivers_run: u64,
    pub rays_cast: u64,
    pub candidates_gathered: u64,
    pub detections: u64,
    pub usec: u64,
}

#[godot_api]
impl IObject for ApsWorld {}

#[godot_api]
impl ApsWorld {
    /// Makes `node` perceivable (Register Perceivable Actor). Bodies of type
    /// [CharacterBody3D] need no registration.
    #[func]
    pub fn register_perceivable(&mut self, node: Option<Gd<Node3D>>) {
        let Some(node) = node else {
            godot_warn!("ApsWorld.register_perceivable: node is null; nothing registered");
            return;
        };
        self.ensure_tracking();
        self.registry.register(node.instance_id());
    }

    /// Makes `node` imperceptible, even a [CharacterBody3D], until registered again.
    #[func]
    pub fn unregister_perceivable(&mut self, node: Option<Gd<Node3D>>) {
        if let Some(node) = node {
            self.registry.unregister(node.instance_id());
        }
    }

    /// Whether perceivers consider `node` now.
    #[func]
    pub fn is_perceivable(&mut self, node: Option<Gd<Node3D>>) -> bool {
        self.ensure_tracking();
        node.and_then(|n| {
            self.registry
                .get(n.instance_id())
                .map(|e| e.is_perceivable())
        })
        .unwrap_or(false)
    }

    #[func]
    pub fn get_ambient_light(&self) -> f32 {
        self.ambient_light
    }

    #[func]
    pub fn set_ambient_light(&mut self, level: f32) {
        let level = checked("ambient_light", level, 0.0, 1.0, 1.0);
        self.ambient_light = level;
        Rc::make_mut(&mut self.state).conditions.ambient_light = level;
    }

    #[func]
    pub fn get_wind(&self) -> Vector3 {
        self.wind
    }

    #[func]
    pub fn set_wind(&mut self, wind: Vector3) {
        let wind = if wind.is_finite() {
            wind
        } else {
            godot_warn!("ApsWorld.wind: {wind} is not finite; using no wind");
            Vector3::ZERO
        };
        self.wind = wind;
        Rc::make_mut(&mut self.state).conditions.wind = to_vec3(wind);
    }

    #[func]
    pub fn get_rain(&self) -> f32 {
        self.rain
    }

    #[func]
    pub fn set_rain(&mut self, rain: f32) {
        let rain = checked("rain", rain, 0.0, 1.0, 0.0);
        self.rain = rain;
        Rc::make_mut(&mut self.state).conditions.rain = rain;
    }

    /// Adds a sphere of its own light level (a lamp's pool, a dark corner); the smallest zone
    /// around a target sets its light. Returns the zone's id for [method remove_light_zone].
    #[func]
    pub fn add_light_zone(&mut self, center: Vector3, radius: f32, level: f32) -> i64 {
        let radius = checked("light zone radius", radius, 0.0, 1.0e6, 0.0);
        let level = checked("light zone level", level, 0.0, 1.0, 1.0);
        self.next_zone += 1;
        let id = self.next_zone;
        Rc::make_mut(&mut self.state)
            .conditions
            .light_zones
            .push(LightZone {
                id,
                center: to_vec3(center),
                radius,
                level,
            });
        i64::from(id)
    }

    /// Removes a light zone added by [method add_light_zone].
    #[func]
    pub fn remove_light_zone(&mut self, id: i64) {
        Rc::make_mut(&mut self.state)
            .conditions
            .light_zones
            .retain(|z| i64::from(z.id) != id);
    }

    /// The light level at `position`: its smallest light zone's, else the ambient light.
    #[func]
    pub fn get_light_at(&self, position: Vector3) -> f32 {
        self.state.conditions.light_at(to_vec3(position))
    }

    /// The points of `target`'s scent trail still held, oldest first (for debugging drawings).
    #[func]
    pub fn get_scent_trail(&self, target: Option<Gd<Node>>) -> PackedVector3Array {
        let Some(t) = target else {
            return PackedVector3Array::new();
        };
        let Some(trail) = self.state.scents.trail(target_of(&t)) else {
            return PackedVector3Array::new();
        };
        let mut points: Vec<_> = trail.points().to_vec();
        points.sort_by(|a, b| a.time.total_cmp(&b.time));
        points.iter().map(|p| to_vector3(p.position)).collect()
    }

    /// Seconds of game time: physics frames over physics ticks per second.
    #[func]
    pub fn get_world_time(&self) -> f64 {
        Self::world_time()
    }

    /// How many nodes are perceivable now.
    #[func]
    pub fn get_perceivable_count(&mut self) -> i64 {
        self.ensure_tracking();
        self.registry.len() as i64
    }

    /// Counters since the start or the last reset_stats: `perceivers_run` (full passes),
    /// `rays_cast`, `candidates_gathered`, `detections` (targets that became Detected),
    /// `time_usec` (time spent in perception passes). Reading them changes nothing, so a
    /// debugger and a HUD can both read them.
    #[func]
    pub fn get_stats(&self) -> VarDictionary {
        let s = self.stats;
        vdict! {
            "perceivers_run" => s.perceivers_run as i64,
            "rays_cast" => s.rays_cast as i64,
            "candidates_gathered" => s.candidates_gathered as i64,
            "detections" => s.detections as i64,
            "time_usec" => s.usec as i64,
        }
    }

    /// Starts the counters of get_stats from zero.
    #[func]
    pub fn reset_stats(&mut self) {
        self.stats = Stats::default();
    }

    #[func]
    fn _on_node_added(&mut self, node: Gd<Node>) {
        self.track(&node);
    }

    #[func]
    fn _on_node_removed(&mut self, node: Gd<Node>) {
        let id = node.instance_id();
        self.registry.remove(id);
        self.cameras.retain(|c| *c != id);
    }
}

/// The target a node stands for: the parent of a target component, else the node itself.
pub fn target_of(node: &Gd<Node>) -> TargetId {
    if node.clone().try_cast::<ApsTargetComponent>().is_ok() {
        if let Some(parent) = node.get_parent() {
            return target_id(parent.instance_id());
        }
    }
    target_id(node.instance_id())
}

impl ApsWorld {
    /// Game time in seconds, deterministic under a fixed frame rate.
    #[must_use]
    pub fn world_time() -> f64 {
        let engine = Engine::singleton();
        let tps = engine.get_physics_ticks_per_second().max(1);
        engine.get_physics_frames() as f64 / f64::from(tps)
    }

    /// Starts following the scene tree for `CharacterBody3D`s, once.
    pub fn ensure_tracking(&mut self) {
        if self.tracking {
            return;
        }
        let Some(tree) = crate::convert::scene_tree() else {
            return;
        };
        self.tracking = true;
        let me = self.to_gd();
        let mut tree = tree;
        tree.connect(
            "node_added",
            &Callable::from_object_method(&me, "_on_node_added"),
        );
        tree.connect(
            "node_removed",
            &Callable::from_object_method(&me, "_on_node_removed"),
        );
        if let Some(root) = tree.get_root() {
            self.scan(root.upcast());
        }
    }

    /// Notes a node that entered the tree: bodies are perceivable, cameras are viewers.
    fn track(&mut self, node: &Gd<Node>) {
        if node.clone().try_cast::<CharacterBody3D>().is_ok() {
            self.registry.add_auto(node.instance_id());
        } else if node.clone().try_cast::<Camera3D>().is_ok() {
            self.cameras.push(node.instance_id());
        }
    }

    fn scan(&mut self, node: Gd<Node>) {
        self.track(&node);
        for child in node.get_children().iter_shared() {
            self.scan(child);
        }
    }

    pub fn attach_component(&mut self, target: InstanceId, component: InstanceId) {
        self.ensure_tracking();
        self.registry.attach_component(target, component);
    }

    pub fn detach_component(&mut self, target: InstanceId, component: InstanceId) {
        self.registry.detach_component(target, component);
    }

    /// The world's conditions and stimuli, shared for a pass.
    #[must_use]
    pub fn state(&self) -> Rc<WorldState> {
        Rc::clone(&self.state)
    }

    /// Some perceiver smells: scent trails are worth leaving.
    pub fn want_scent(&mut self) {
        self.scent_wanted = true;
    }

    /// Adds one perception pass to the stats.
    pub fn count_pass(&mut self, candidates: u32, rays: u32, detections: u32, usec: u64) {
        self.stats.perceivers_run += 1;
        self.stats.detections += u64::from(detections);
        self.stats.candidates_gathered += u64::from(candidates);
        self.stats.rays_cast += u64::from(rays);
        self.stats.usec += usec;
        self.frame.rays_now += u64::from(rays);
        self.frame.candidates_now += u64::from(candidates);
    }

    /// The tag a sound or place was reported with (`&""` for none).
    #[must_use]
    pub fn tag_name(&self, tag: u32) -> StringName {
        tag.checked_sub(1)
            .and_then(|i| self.tags.get(i as usize).cloned())
            .unwrap_or_default()
    }

    /// The small number standing for `tag` (0 for none).
    pub fn tag_index(&mut self, tag: StringName) -> u32 {
        intern(&mut self.tags, &tag)
    }
}

/// The small number standing for `tag` in `tags` (0 for none), adding it if new.
pub(crate) fn intern(tags: &mut Vec<StringName>, tag: &StringName) -> u32 {
    if tag.is_empty() {
        return 0;
    }
    if let Some(i) = tags.iter().position(|t| t == tag) {
        return i as u32 + 1;
    }
    tags.push(tag.clone());
    tags.len() as u32
}

/// `value` kept within `min..=max`, with a warning naming `what` when it was not (a NaN becomes
/// `fallback`).
fn checked(what: &str, value: f32, min: f32, max: f32, fallback: f32) -> f32 {
    let fixed = if value.is_nan() {
        fallback
    } else {
        value.clamp(min, max)
    };
    if fixed != value {
        godot_warn!("ApsWorld.{what}: {value} is outside {min}..{max}; using {fixed}");
    }
    fixed
}
