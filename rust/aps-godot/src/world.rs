//! `ApsWorld`: the APS subsystem of the running game, an engine singleton reachable from any
//! GDScript as `ApsWorld` (spec section 13: who can be perceived; section 10: sounds reach the
//! AI near them).

use crate::convert::{target_id, to_vec3, to_vector3};
use crate::registry::Registry;
use crate::schedule::Schedule;
use crate::snapshot::{look, Look};
use crate::target_component::ApsTargetComponent;
use aps_core::conditions::{LightZone, WorldConditions};
use aps_core::grid::SpatialGrid;
use aps_core::scent::ScentField;
use aps_core::senses::WorldView;
use aps_core::space::BodyId;
use aps_core::squad::{Sighting, SquadBoard};
use aps_core::stimulus::{Damage, Ring, Sound, SoundBuffer, Touch};
use aps_core::target::TargetSnapshot;
use aps_core::TargetId;
use godot::classes::{Camera3D, CharacterBody3D, Engine, IObject, Node, Node3D, Object, SceneTree};
use godot::prelude::*;
use std::rc::Rc;

/// Metres added to a grid query: the grid's positions are up to a rebuild old.
const GRID_MARGIN: f32 = 3.0;

/// Stimuli older than this are forgotten (no sense holds one longer).
const STIMULUS_MEMORY: f64 = 10.0;

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
    registry: Registry,
    state: Rc<WorldState>,
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
    squad_names: Vec<StringName>,
    /// Each member component's squad index and role.
    pub(crate) members: Vec<(InstanceId, u32, StringName)>,
    last_frame: u64,
    scent_wanted: bool,
    tags: Vec<StringName>,
    tracking: bool,
    stats: Stats,
    grid: SpatialGrid,
    grid_ids: Vec<InstanceId>,
    #[init(val = true)]
    use_grid: bool,
    nearby: Vec<u32>,
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

    /// Makes a noise at `location` that perceivers within `max_range` metres may hear.
    /// `loudness` is 1 for a loud noise at the source (a footstep is about 0.5). `tag` names
    /// the kind of sound. `instigator` is who made it: a perceivable node makes the sound a
    /// reading on that target; pass `null` for a noise with no known source.
    #[func]
    pub fn emit_sound(
        &mut self,
        location: Vector3,
        loudness: f32,
        max_range: f32,
        tag: StringName,
        instigator: Option<Gd<Node>>,
    ) {
        if !location.is_finite() {
            godot_warn!("ApsWorld.emit_sound: location {location} is not finite; sound ignored");
            return;
        }
        if !loudness.is_finite() || loudness <= 0.0 {
            godot_warn!("ApsWorld.emit_sound: loudness {loudness} must be above 0; sound ignored");
            return;
        }
        if !max_range.is_finite() || max_range <= 0.0 {
            godot_warn!(
                "ApsWorld.emit_sound: max_range {max_range} must be above 0 m; sound ignored"
            );
            return;
        }
        let instigator = instigator.map(|n| target_of(&n));
        let now = Self::world_time();
        let tag = self.tag_index(tag);
        let max_tier = self.sound_max_tier(tag);
        let state = Rc::make_mut(&mut self.state);
        state.sounds.prune(now, STIMULUS_MEMORY);

        state.sounds.push(Sound {
            location: to_vec3(location),
            loudness,
            max_range,
            tag,
            instigator,
            time: now,
            max_tier,
        });
    }

    /// Reports that `other` touched the AI whose body is `perceiver_body` (physical contact the
    /// game knows of: a bump, a grab). Its touch sense feels `other` for its Contact Hold Time.
    #[func]
    pub fn report_touch(&mut self, perceiver_body: Option<Gd<Node3D>>, other: Option<Gd<Node3D>>) {
        let (Some(body), Some(other)) = (perceiver_body, other) else {
            godot_warn!(
                "ApsWorld.report_touch: perceiver_body and other must not be null; ignored"
            );
            return;
        };
        let now = Self::world_time();
        let state = Rc::make_mut(&mut self.state);
        state.touches.prune(now, STIMULUS_MEMORY);
        state.touches.push(Touch {
            body: BodyId(body.instance_id().to_i64() as u64),
            other: target_of(&other.upcast()),
            time: now,
        });
    }

    /// Reports that `instigator` dealt `amount` damage to `victim` (an AI's body) from
    /// `location`. The victim's damage sense believes the instigator wherever it stands, and its
    /// pain rises. Pass `null` as instigator for damage with no known source.
    #[func]
    pub fn report_damage(
        &mut self,
        victim: Option<Gd<Node3D>>,
        instigator: Option<Gd<Node>>,
        amount: f32,
        location: Vector3,
    ) {
        let Some(victim) = victim else {
            godot_warn!("ApsWorld.report_damage: victim is null; ignored");
            return;
        };
        if !amount.is_finite() || amount < 0.0 {
            godot_warn!("ApsWorld.report_damage: amount {amount} must be 0 or more; ignored");
            return;
        }
        let location = if location.is_finite() {
            location
        } else {
            victim.get_global_position()
        };
        let now = Self::world_time();
        let state = Rc::make_mut(&mut self.state);
        state.damages.prune(now, STIMULUS_MEMORY);
        state.damages.push(Damage {
            victim: BodyId(victim.instance_id().to_i64() as u64),
            instigator: instigator.map(|n| target_of(&n)),
            amount,
            location: to_vec3(location),
            time: now,
        });
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

    /// Puts the AI of `perceiver` (its ApsPerceptionComponent) in squad `squad_name` with a
    /// `role` of your choosing. Mates share what they detect: each gets a weaker reading at the
    /// sharer's last known position after the profile's Share Delay.
    #[func]
    pub fn join_squad(
        &mut self,
        perceiver: Option<Gd<crate::perception_component::ApsPerceptionComponent>>,
        squad_name: StringName,
        role: StringName,
    ) {
        let Some(p) = perceiver else {
            godot_warn!("ApsWorld.join_squad: perceiver is null; ignored");
            return;
        };
        if squad_name.is_empty() {
            godot_warn!("ApsWorld.join_squad: squad_name is empty; ignored");
            return;
        }
        let squad = match self.squad_names.iter().position(|n| *n == squad_name) {
            Some(i) => i as u32,
            None => {
                self.squad_names.push(squad_name);
                (self.squad_names.len() - 1) as u32
            }
        };
        let id = p.instance_id();
        self.members.retain(|(m, _, _)| *m != id);
        self.members.push((id, squad, role));
    }

    /// Takes the AI of `perceiver` out of its squad.
    #[func]
    pub fn leave_squad(
        &mut self,
        perceiver: Option<Gd<crate::perception_component::ApsPerceptionComponent>>,
    ) {
        if let Some(p) = perceiver {
            let id = p.instance_id();
            self.members.retain(|(m, _, _)| *m != id);
        }
    }

    /// The perception components in squad `squad_name` that still exist.
    #[func]
    pub fn get_squad_members(&self, squad_name: StringName) -> Array<Gd<Node3D>> {
        let Some(squad) = self.squad_names.iter().position(|n| *n == squad_name) else {
            return Array::new();
        };
        self.members
            .iter()
            .filter(|(_, s, _)| *s as usize == squad)
            .filter_map(|(m, _, _)| Gd::<Node3D>::try_from_instance_id(*m).ok())
            .collect()
    }

    /// The role `perceiver` joined its squad with (`&""` if it is in none).
    #[func]
    pub fn get_squad_role(
        &self,
        perceiver: Option<Gd<crate::perception_component::ApsPerceptionComponent>>,
    ) -> StringName {
        perceiver
            .and_then(|p| {
                let id = p.instance_id();
                self.members.iter().find(|(m, _, _)| *m == id)
            })
            .map(|(_, _, r)| r.clone())
            .unwrap_or_default()
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
        let Some(tree) = Engine::singleton()
            .get_main_loop()
            .and_then(|l| l.try_cast::<SceneTree>().ok())
        else {
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

    /// Candidates for a perceiver with eyes at `eye` reaching `range` metres: every perceivable
    /// node in range, not one of `own`, plus every target in `held` wherever it is (beliefs
    /// already held stay on the list so memory fades smoothly). Held targets that no longer
    /// exist go to `gone`. Nodes in range come from the spatial grid (spec section 13), or from
    /// a scan of every body when `aps/use_spatial_index` is off.
    pub fn gather(
        &mut self,
        eye: Vector3,
        range: f32,
        own: &[InstanceId],
        held: &[TargetId],
        out: &mut Vec<TargetSnapshot>,
        gone: &mut Vec<TargetId>,
    ) {
        self.ensure_tracking();
        out.clear();
        gone.clear();
        let now = Self::world_time();
        let use_grid = self.use_grid;
        self.nearby.clear();
        if use_grid {
            if self.grid.is_stale(now) {
                self.rebuild_grid(now);
            }
            // The grid's positions are up to 0.2 s old: look a little wider, then exactly.
            self.grid
                .query(to_vec3(eye), range + GRID_MARGIN, &mut self.nearby);
        } else {
            self.nearby
                .extend(0..self.registry.entries_mut().len() as u32);
        }
        let range_sq = range * range;
        let conditions = &self.state.conditions;
        let tags = &mut self.tags;
        let mut tag = |t: &StringName| intern(tags, t);
        let entries = self.registry.entries_mut();
        let mut freed: Vec<InstanceId> = Vec::new();
        for &i in &self.nearby {
            let Some(entry) = entries.get_mut(i as usize) else {
                continue;
            };
            if use_grid && self.grid_ids.get(i as usize) != Some(&entry.id) {
                continue; // the registry changed since the rebuild
            }
            if !entry.is_perceivable() || own.contains(&entry.id) {
                continue;
            }
            let id = target_id(entry.id);
            match look(entry, now, conditions, &mut tag) {
                Look::Seen(snap) => {
                    let near = (to_vec3(eye) - snap.position).length_squared() <= range_sq;
                    if near || held.contains(&id) {
                        out.push(snap);
                    }
                }
                Look::Absent => {}
                Look::Gone => freed.push(entry.id),
            }
        }
        // Held targets out of range are looked at too.
        for &t in held {
            if out.iter().any(|s| s.id == t) {
                continue;
            }
            let entry = crate::convert::instance_id(t).and_then(|id| self.registry.index_of(id));
            match entry {
                Some(i) => {
                    let e = &mut self.registry.entries_mut()[i];
                    if !e.is_perceivable() {
                        continue;
                    }
                    match look(e, now, conditions, &mut tag) {
                        Look::Seen(snap) => out.push(snap),
                        Look::Absent => {}
                        Look::Gone => {
                            freed.push(e.id);
                            gone.push(t);
                        }
                    }
                }
                None if crate::convert::live_node(t).is_none() => gone.push(t),
                None => {}
            }
        }
        for id in freed {
            self.registry.remove(id);
        }
    }

    /// Puts every perceivable node in the grid at its position now.
    fn rebuild_grid(&mut self, now: f64) {
        self.grid_ids.clear();
        let entries = self.registry.entries_mut();
        self.grid_ids.extend(entries.iter().map(|e| e.id));
        let positions = entries.iter_mut().enumerate().filter_map(|(i, e)| {
            if !e.is_perceivable() {
                return None;
            }
            let node = crate::snapshot::live_node(e)?;
            node.is_inside_tree()
                .then(|| (i as u32, to_vec3(node.get_global_position())))
        });
        self.grid.rebuild(positions, now);
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

    /// Once per physics frame, whoever asks first: scent trails get their new points.
    pub fn begin_frame(&mut self) {
        let frame = Engine::singleton().get_physics_frames();
        if frame == self.last_frame {
            return;
        }
        self.last_frame = frame;
        self.ensure_tracking();
        // Settings are read once a frame, not once a pass.
        self.use_grid = crate::settings::flag(crate::settings::USE_SPATIAL_INDEX);
        if !self.scent_wanted {
            return;
        }
        let now = Self::world_time();
        let state = Rc::make_mut(&mut self.state);
        for entry in self.registry.entries_mut() {
            if !entry.is_perceivable() {
                continue;
            }
            if let Look::Seen(snap) = look(entry, now, &state.conditions, &mut |_| 0) {
                state
                    .scents
                    .deposit(snap.id, snap.position, snap.scent_multiplier, now);
            }
        }
        state.scents.prune(now);
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

    /// The squad a perception component is in.
    #[must_use]
    pub fn squad_of(&self, perceiver: InstanceId) -> Option<u32> {
        self.members
            .iter()
            .find(|(m, _, _)| *m == perceiver)
            .map(|(_, s, _)| *s)
    }

    /// A member's report for its mates.
    pub fn post_sighting(&mut self, s: Sighting) {
        Rc::make_mut(&mut self.state).squads.post(s);
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
fn intern(tags: &mut Vec<StringName>, tag: &StringName) -> u32 {
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
