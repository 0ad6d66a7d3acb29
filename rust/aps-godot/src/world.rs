//! `ApsWorld`: the APS subsystem of the running game, an engine singleton reachable from any
//! GDScript as `ApsWorld` (spec section 13: who can be perceived; section 10: sounds reach the
//! AI near them).

use crate::convert::{target_id, to_vec3};
use crate::registry::Registry;
use crate::snapshot::{look, Look};
use crate::target_component::ApsTargetComponent;
use aps_core::stimulus::{Sound, SoundBuffer};
use aps_core::target::TargetSnapshot;
use aps_core::TargetId;
use godot::classes::{CharacterBody3D, Engine, IObject, Node, Node3D, Object, SceneTree};
use godot::prelude::*;

/// Sounds older than this are forgotten (no hearing holds a sound longer).
const SOUND_MEMORY: f64 = 10.0;

/// The APS subsystem: who can be perceived, the sounds made, and the world's clock.
///
/// Reach it from any script as `ApsWorld`. Every [CharacterBody3D] in the tree is perceivable
/// automatically; register anything else with [method register_perceivable] or give it an
/// [ApsTargetComponent]. Make noise with [method emit_sound].
#[derive(GodotClass)]
#[class(init, singleton, tool, base = Object)]
pub struct ApsWorld {
    registry: Registry,
    #[init(val = SoundBuffer::new(512))]
    sounds: SoundBuffer,
    tags: Vec<StringName>,
    tracking: bool,
    stats: Stats,
    base: Base<Object>,
}

/// Counters since the last call to `get_stats`.
#[derive(Debug, Default, Clone, Copy)]
pub struct Stats {
    pub perceivers_run: u64,
    pub rays_cast: u64,
    pub candidates_gathered: u64,
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
        self.sounds.prune(now, SOUND_MEMORY);
        self.sounds.push(Sound {
            location: to_vec3(location),
            loudness,
            max_range,
            tag,
            instigator,
            time: now,
        });
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

    /// Counters since the last call: `perceivers_run`, `rays_cast`, `candidates_gathered`,
    /// `time_usec` (time spent perceiving).
    #[func]
    pub fn get_stats(&mut self) -> VarDictionary {
        let s = std::mem::take(&mut self.stats);
        vdict! {
            "perceivers_run" => s.perceivers_run as i64,
            "rays_cast" => s.rays_cast as i64,
            "candidates_gathered" => s.candidates_gathered as i64,
            "time_usec" => s.usec as i64,
        }
    }

    #[func]
    fn _on_node_added(&mut self, node: Gd<Node>) {
        if node.clone().try_cast::<CharacterBody3D>().is_ok() {
            self.registry.add_auto(node.instance_id());
        }
    }

    #[func]
    fn _on_node_removed(&mut self, node: Gd<Node>) {
        self.registry.remove(node.instance_id());
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

    fn scan(&mut self, node: Gd<Node>) {
        if node.clone().try_cast::<CharacterBody3D>().is_ok() {
            self.registry.add_auto(node.instance_id());
        }
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
    /// exist go to `gone`.
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
        let range_sq = range * range;
        let mut freed: Vec<InstanceId> = Vec::new();
        for entry in self.registry.entries_mut() {
            if !entry.is_perceivable() || own.contains(&entry.id) {
                continue;
            }
            let id = target_id(entry.id);
            match look(entry, now) {
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
        for id in freed {
            self.registry.remove(id);
        }
        for &t in held {
            if out.iter().any(|s| s.id == t) {
                continue;
            }
            if crate::convert::live_node(t).is_none() {
                gone.push(t);
            }
        }
    }

    /// The sounds made recently.
    #[must_use]
    pub fn sounds(&self) -> &SoundBuffer {
        &self.sounds
    }

    /// Adds one perception pass to the stats.
    pub fn count_pass(&mut self, candidates: u32, rays: u32, usec: u64) {
        self.stats.perceivers_run += 1;
        self.stats.candidates_gathered += u64::from(candidates);
        self.stats.rays_cast += u64::from(rays);
        self.stats.usec += usec;
    }

    fn tag_index(&mut self, tag: StringName) -> u32 {
        if let Some(i) = self.tags.iter().position(|t| *t == tag) {
            return i as u32;
        }
        self.tags.push(tag);
        (self.tags.len() - 1) as u32
    }
}
