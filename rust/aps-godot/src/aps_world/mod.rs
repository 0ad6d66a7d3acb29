//! `ApsWorld`: the APS subsystem of the running game, an engine singleton reachable from any
//! GDScript as `ApsWorld`. It keeps one [`World`] per `World3D` (design notes) and routes every
//! call to the world of the node it concerns: the perceiver, the instigator, the victim, the node
//! registered; a call with no node goes to the main scene's world. `get_world_state(node)` gives
//! a script the calls of any other world.

mod conditions;
mod light_calls;
mod lookup;
mod save_calls;
mod schedule_calls;
mod sight_calls;
mod squad_calls;
pub(crate) mod stimuli;
mod tracking;
mod two;

pub use crate::convert::target_of;
pub(crate) use conditions::{
    add_light_zone, add_light_zone_2d, remove_light_zone, set_ambient_light, set_rain, set_wind,
    set_wind_2d,
};
pub use lookup::WorldTags;
pub(crate) use schedule_calls::frame_stats_dict;

use crate::aps_significance_policy::ApsSignificancePolicy;
use crate::aps_world_state::ApsWorldState;
use crate::convert::{to_vec3, MaybeNull};
use crate::given::{refuse, Given};
use crate::names::Names;
use crate::pending::Pending;
use crate::world::World;
use crate::world_key::{main_world_key, world_key_of};
use aps_core::world::conditions::{keep_in_range, LEVEL_RANGE, ZONE_RADIUS_RANGE};
use aps_core::Vec3;
use godot::classes::{Camera2D, Camera3D, CharacterBody2D, CharacterBody3D, IObject, Node, Object};
use godot::prelude::*;

/// The most different tag names APS keeps (sounds, places).
pub const MAX_TAGS: usize = 4096;

/// The APS subsystem: who can be perceived, what happens (sounds, touches, damage, scent
/// trails), the world's conditions (light, wind, rain) and its clock.
///
/// Reach it from any script as `ApsWorld`. Every [CharacterBody3D] in the tree is perceivable
/// automatically; register anything else with [method register_perceivable] or give it an
/// [ApsTargetComponent]. Make noise with [method emit_sound], report hits with
/// [method report_damage] and contact with [method report_touch].
///
/// APS keeps one world per [World3D]: an AI inside a [SubViewport] with its own world perceives
/// only what is in that world. Each call goes to the world of the node it names (the perceiver,
/// the instigator, the victim); calls that name no node ([member ambient_light], [member wind],
/// [member rain], light zones, [method get_stats], a sound with no instigator) go to the main
/// scene's world. For another world, [method get_world_state] returns an [ApsWorldState] with
/// the same calls.
#[derive(GodotClass)]
#[class(init, singleton, tool, base = Object)]
pub struct ApsWorld {
    worlds: Vec<World>,
    /// Nodes registered while outside the tree: they join their world when they enter it.
    pending: Pending,
    /// Nodes unregistered by script that are outside the tree (taken out to be moved): they stay
    /// imperceptible when they enter it again, even as bodies.
    suppressed: Pending,
    /// Sound and place tags, by number (0 is no tag).
    #[init(val = Names::new("tag", MAX_TAGS))]
    tags: Names,
    /// Sounds of a tag reach AI at this level-of-detail tier or better, in every world.
    sound_tiers: Vec<(StringName, u8)>,
    tracking: bool,
    driver: Option<InstanceId>,
    /// Calls refused on a multiplayer client, each said once.
    refused_on_client: Vec<&'static str>,
    frame: FrameSettings,
    /// The physics frame being driven and its world time, read as it began.
    clock: (u64, f64),
    /// Whether each multiplayer API asked about this frame is the authority (perception runs
    /// only there, spec section 10), asked of the engine once a frame rather than once a pass.
    authority: Vec<(InstanceId, bool)>,
    /// Perception components whose debug drawing is redrawn every frame.
    drawing: Vec<InstanceId>,
    /// Light everywhere outside light zones, in the main scene's world (its 3D and 2D worlds
    /// alike): 0 pitch dark, 1 daylight.
    #[var(get = get_ambient_light, set = set_ambient_light)]
    ambient_light: PhantomVar<f32>,
    /// Wind velocity in m/s in the main scene's world: scent carries further downwind.
    #[var(get = get_wind, set = set_wind)]
    wind: PhantomVar<Vector3>,
    /// Rain in the main scene's world, 0 dry to 1 downpour: masks hearing and smell by each
    /// profile's Rain Masking.
    #[var(get = get_rain, set = set_rain)]
    rain: PhantomVar<f32>,
    /// Wind velocity in pixels per second in the main scene's 2D world (its [World2D]), for
    /// [ApsPerceptionComponent2D]s: [member wind] in 2D.
    #[var(get = get_wind_2d, set = set_wind_2d)]
    wind_2d: PhantomVar<Vector2>,
    /// Replaces the level-of-detail significance score with your own (null: APS's formula), in
    /// every world.
    #[var]
    significance_policy: Option<Gd<ApsSignificancePolicy>>,
    base: Base<Object>,
}

/// The project settings a frame runs by, read once per frame.
#[derive(Debug, Clone, Copy)]
struct FrameSettings {
    use_grid: bool,
    level_of_detail: bool,
    budget: usize,
    /// `aps/debug/draw`: every AI draws everything.
    draw_all: bool,
    /// `aps/debug/explain`: senses note their factors.
    explain: bool,
    /// `aps/occluders/max_hits_per_ray`.
    occluder_max_hits: i64,
    /// `aps/static_mirror`: rays ask the static mirror first.
    static_mirror: bool,
    /// `aps/debug/static_mirror_shadow`: the engine checks every ray the mirror decides.
    static_mirror_shadow: bool,
}

impl Default for FrameSettings {
    fn default() -> Self {
        FrameSettings {
            use_grid: true,
            level_of_detail: true,
            budget: aps_core::crowd::scheduler::DEFAULT_MAX_PERCEPTION_UPDATES_PER_FRAME,
            draw_all: false,
            explain: true,
            occluder_max_hits: i64::from(aps_core::senses::transmission::DEFAULT_MAX_HITS),
            static_mirror: true,
            static_mirror_shadow: false,
        }
    }
}

#[godot_api]
impl IObject for ApsWorld {
    /// A significance policy set to something else than one (or null) is refused with one
    /// warning, and the policy stays as it was; godot-rust's own setter would fail on it with an
    /// error.
    fn on_set(&mut self, property: StringName, value: Variant) -> bool {
        property == "significance_policy"
            && crate::given::refuses_setting::<ApsSignificancePolicy>(
                "ApsWorld.significance_policy",
                &value,
            )
    }
}

/// The build, as `build.rs` named it; the package's check finds this text in the library file.
pub const BUILD: &str = concat!("aps-build:", env!("APS_BUILD"));

#[godot_api]
impl ApsWorld {
    /// Makes `node` (a [Node3D], or a [Node2D] for 2D perceivers) perceivable (Register
    /// Perceivable Actor) in its world. Bodies of type [CharacterBody3D] and [CharacterBody2D]
    /// need no registration. A node outside the tree becomes perceivable in the world it enters.
    #[func]
    pub fn register_perceivable(&mut self, node: Given<Node>) {
        const CALL: &str = "ApsWorld.register_perceivable";
        let Some(node) = node.required(CALL, "node", "nothing registered") else {
            return;
        };
        if crate::dim::Spatial::of(&node).is_none() {
            let cause = format!("class {}", node.get_class());
            refuse(CALL, "node", &cause, || {
                format!(
                    "{} is neither a Node3D nor a Node2D, so it has no place to be perceived \
                     at; nothing registered",
                    crate::warnings::describe(&node)
                )
            });
            return;
        }
        self.ensure_tracking();
        let id = node.instance_id();
        match world_key_of(&node) {
            Some(key) => self.world_mut(key).registry_mut().register(id),
            None => self.pending.add(id),
        }
    }

    /// Makes `node` imperceptible, even a [CharacterBody3D] or [CharacterBody2D], until
    /// registered again.
    #[func]
    pub fn unregister_perceivable(&mut self, node: Given<Node>) {
        if let Some(node) =
            node.required("ApsWorld.unregister_perceivable", "node", "nothing changed")
        {
            let id = node.instance_id();
            self.pending.remove(id);
            if !node.is_inside_tree() {
                self.suppressed.add(id);
            }
            for w in &mut self.worlds {
                w.registry_mut().unregister(id);
            }
        }
    }

    /// Whether perceivers consider `node` now.
    #[func]
    pub fn is_perceivable(&mut self, node: Given<Node>) -> bool {
        self.ensure_tracking();
        let Some(node) = node.required("ApsWorld.is_perceivable", "node", "answers false") else {
            return false;
        };
        let id = node.instance_id();
        if self.pending.contains(id) {
            return true;
        }
        self.worlds
            .iter()
            .any(|w| w.registry().get(id).is_some_and(|e| e.is_perceivable()))
    }

    #[func]
    pub fn get_ambient_light(&self) -> f32 {
        self.main_world()
            .map_or(1.0, |w| w.state().conditions().ambient_light)
    }

    #[func]
    pub fn set_ambient_light(&mut self, level: f32) {
        set_ambient_light(self.main_world_mut(), "ApsWorld.ambient_light", level);
        // The main scene's 2D world is lit alike (a 2D game sets the same property).
        if let Some(w) = self.main_world_2d_mut() {
            w.state_mut().set_ambient_light(level);
        }
    }

    #[func]
    pub fn get_wind(&self) -> Vector3 {
        self.main_world().map_or(Vector3::ZERO, |w| {
            crate::convert::to_vector3(w.state().conditions().wind)
        })
    }

    #[func]
    pub fn set_wind(&mut self, wind: Vector3) {
        set_wind(self.main_world_mut(), "ApsWorld.wind", wind);
    }

    /// The wind of the main scene's 2D world, in pixels per second: scent carries further
    /// downwind. ([member wind] is the 3D world's, in metres per second; [member ambient_light]
    /// and [member rain] light and wet both.)
    #[func]
    pub fn get_wind_2d(&self) -> Vector2 {
        self.world(crate::world_key::main_world_key_2d())
            .map_or(Vector2::ZERO, |w| {
                crate::dim::to_pixels(w.state().conditions().wind)
            })
    }

    #[func]
    pub fn set_wind_2d(&mut self, wind: Vector2) {
        set_wind_2d(
            self.world_mut(crate::world_key::main_world_key_2d()),
            "ApsWorld.wind_2d",
            wind,
        );
    }

    #[func]
    pub fn get_rain(&self) -> f32 {
        self.main_world()
            .map_or(0.0, |w| w.state().conditions().rain)
    }

    #[func]
    pub fn set_rain(&mut self, rain: f32) {
        set_rain(self.main_world_mut(), "ApsWorld.rain", rain);
        if let Some(w) = self.main_world_2d_mut() {
            w.state_mut().set_rain(rain);
        }
    }

    /// Adds a sphere of its own light level (a lamp's pool, a dark corner) to the main scene's
    /// world; the smallest zone around a target sets its light. Returns the zone's id for
    /// [method remove_light_zone]. A world keeps at most 65,536 zones: past that the zone is
    /// not added, 0 is returned and one warning says so. Zones are found by place, so the light
    /// at a target costs the same however many zones lie elsewhere.
    #[func]
    pub fn add_light_zone(&mut self, center: Vector3, radius: f32, level: f32) -> i64 {
        add_light_zone(
            self.main_world_mut(),
            "ApsWorld.add_light_zone",
            center,
            radius,
            level,
        )
    }

    /// Removes a light zone added by [method add_light_zone].
    #[func]
    pub fn remove_light_zone(&mut self, id: i64) {
        remove_light_zone(self.main_world_mut(), id);
    }

    /// The points of `target`'s scent trail still held in its world, oldest first (for
    /// debugging drawings).
    #[func]
    pub fn get_scent_trail(&self, target: Given<Node3D>) -> PackedVector3Array {
        let call = "ApsWorld.get_scent_trail";
        let Some(t) = target.required(call, "target", "answers an empty trail") else {
            return PackedVector3Array::new();
        };
        let t = t.upcast::<Node>();
        let key = world_key_of(&t).unwrap_or_else(main_world_key);
        self.world(key)
            .map_or_else(PackedVector3Array::new, |w| w.scent_trail(target_of(&t)))
    }

    /// Seconds of game time: physics frames over physics ticks per second.
    #[func]
    pub fn get_world_time(&self) -> f64 {
        Self::world_time()
    }

    /// How many nodes are perceivable now in the main scene's world.
    #[func]
    pub fn get_perceivable_count(&mut self) -> i64 {
        self.ensure_tracking();
        self.main_world().map_or(0, |w| w.registry().len() as i64)
    }

    /// Which build of the library is running: `aps-build:`, then `opt` and how far it is
    /// optimised (3 for the packaged libraries, 0 for a development build), then `+checks`
    /// where its debug checks are on (the library an editor loads).
    #[func]
    pub fn get_build() -> GString {
        GString::from(BUILD)
    }

    /// Counters of the main scene's world since the start or the last reset_stats:
    /// `perceivers_run` (full passes), `rays_cast`, `occluder_hits` (of the rays, those cast on
    /// through an ApsOccluder), `candidates_gathered`, `detections`
    /// (targets that became Detected), `time_usec` (time spent in perception passes),
    /// `ray_usec` (of it, time inside ray queries); and as of the last physics frame:
    /// `frame_passes`, `frame_rays`, `frame_usec` (APS's whole frame), `frame_ray_usec`,
    /// `perceivers_tier_0` .. `perceivers_tier_4` (AI per level-of-detail tier) and `beliefs`
    /// (beliefs held, as of each AI's last pass). The static mirror (project setting
    /// `aps/static_mirror`): `mirror_rays` (rays it decided without the engine), `mirror_unsure`
    /// (rays it passed to the engine), `mirror_checks` (shapes whose layers and switch it
    /// confirmed with the engine, once a frame each for the shapes rays meet),
    /// `frame_mirror_rays`, `mirror_disagreements` (with `aps/debug/static_mirror_shadow` on:
    /// answers the engine contradicted; 0 is expected), `mirror_shapes` (static shapes),
    /// `mirror_movers` (shapes of bodies that move), `mirror_bytes` (an estimate of its memory)
    /// and `mirror_off` (why the world is not mirrored, or ""; a soft body, the old `TileMap`
    /// node, a `TileMapLayer` with kinematic bodies or whose script rewrites its tiles' data, or
    /// a tile map layer, grid map or CSG tree whose cells or result changed this frame). The
    /// level's own lights (project setting
    /// `aps/lights/scene_lights`): `scene_lights` (lights read in the world at the last frame),
    /// `light_measurements` (targets' light measured) and `light_rays` (shadow rays they cast,
    /// through the same path as sight's). The monitors under APS in the debugger show
    /// the last frame's figures. Reading them changes nothing, so a debugger and a HUD can both
    /// read them. Another world's: `get_world_state(node).get_stats()`.
    #[func]
    pub fn get_stats(&self) -> VarDictionary {
        stats_dict(self.main_world())
    }

    /// Starts the counters of get_stats from zero.
    #[func]
    pub fn reset_stats(&mut self) {
        self.main_world_mut().stats_mut().reset();
    }

    /// The calls of the world `node` is in (null: the main scene's world), for a world other
    /// than the main scene's: a [SubViewport] with its own [World3D], one of several matches.
    #[func]
    pub fn get_world_state(&mut self, node: Given<Node>) -> Gd<ApsWorldState> {
        let node = node
            .optional(
                "ApsWorld.get_world_state",
                "node",
                "answers the main scene's world",
            )
            .ok()
            .flatten();
        let key = node
            .as_ref()
            .and_then(world_key_of)
            .unwrap_or_else(main_world_key);
        self.world_mut(key);
        ApsWorldState::for_key(key)
    }

    /// How many worlds APS keeps now: one per [World3D] that has something APS knows of. A
    /// world whose [World3D] is freed is dropped, with everything in it, at the next frame.
    #[func]
    pub fn get_world_count(&self) -> i64 {
        self.worlds.len() as i64
    }

    /// Every perception component in every world, as the debugger's APS tab lists them (the
    /// `aps:perceivers` message): each `id`, `name`, `path`, `awareness`, `beliefs` (how many
    /// it holds) and `drawing` (whether its debug drawing is on).
    #[func]
    pub fn get_debug_perceivers(&self) -> VarArray {
        crate::debugger::summaries(&self.all_perceivers())
    }
}

/// A world's counters as `get_stats` gives them (zeros for a world APS holds nothing of).
pub(crate) fn stats_dict(world: Option<&World>) -> VarDictionary {
    let s = world.map(|w| w.stats().totals()).unwrap_or_default();
    let f = world.map(|w| w.stats().last_frame()).unwrap_or_default();
    let tiers = world.map(World::tier_counts).unwrap_or_default();
    let mut d = vdict! {
        "perceivers_run" => s.perceivers_run as i64,
        "rays_cast" => s.rays_cast as i64,
        "occluder_hits" => s.occluder_hits as i64,
        "candidates_gathered" => s.candidates_gathered as i64,
        "detections" => s.detections as i64,
        "time_usec" => s.usec as i64,
        "ray_usec" => s.ray_usec as i64,
        "frame_passes" => i64::from(f.passes),
        "frame_rays" => f.rays as i64,
        "frame_usec" => f.usec as i64,
        "frame_ray_usec" => f.ray_usec as i64,
        "beliefs" => world.map_or(0, |w| w.beliefs_held() as i64),
    };
    for (tier, n) in tiers.iter().enumerate() {
        d.set(format!("perceivers_tier_{tier}"), i64::from(*n));
    }
    let mirror = world.and_then(|w| crate::level_mirror::report(w.key()));
    let m = mirror.map(|m| m.totals).unwrap_or_default();
    d.set("mirror_rays", m.decided() as i64);
    d.set("mirror_unsure", m.unsure as i64);
    d.set("mirror_checks", m.checks as i64);
    d.set(
        "mirror_disagreements",
        mirror.map_or(0, |m| m.disagreements as i64),
    );
    d.set(
        "frame_mirror_rays",
        mirror.map_or(0, |m| m.frame_decided as i64),
    );
    d.set("mirror_shapes", mirror.map_or(0, |m| m.shapes as i64));
    d.set("mirror_movers", mirror.map_or(0, |m| m.movers as i64));
    d.set("mirror_bytes", mirror.map_or(0, |m| m.memory as i64));
    d.set("mirror_off", mirror.and_then(|m| m.off).unwrap_or(""));
    let lights = world
        .and_then(|w| crate::scene_lights::report(w.key()))
        .unwrap_or_default();
    d.set("scene_lights", lights.lights as i64);
    d.set("light_measurements", lights.measurements as i64);
    d.set("light_rays", lights.rays as i64);
    d
}
