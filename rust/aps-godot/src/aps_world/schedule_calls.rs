//! The calls of `ApsWorld` that decide who perceives when (spec sections 10, 12 and 14): each
//! world's schedule, viewers and level of detail, the frame budget, sounds filtered by tier,
//! and the figures the debugger and benchmarks read. The core's scheduler holds every rule; the
//! driver runs the plan every physics frame, world by world.

use super::ApsWorld;
use crate::aps_driver::new_driver;
use crate::aps_significance_policy::ApsSignificancePolicy;
use crate::convert::MaybeNull;
use crate::dim::{Three, Two};
use crate::given::Given;
use crate::physics_space::{GodotSpace, RayKind, SpaceState};
use crate::settings;
use crate::world::{Granted, WorldKey};
use crate::world_key::main_world_key;
use aps_core::senses::rays::Space;
use godot::classes::Node;
use godot::prelude::*;
use std::time::Instant;

/// An AI whose component ticks this frame: who, its distance to the nearest viewer, and its
/// awareness level.
pub type Due = (InstanceId, f32, u8);

#[godot_api(secondary)]
impl ApsWorld {
    /// Sounds of `tag` are heard only by AI at level-of-detail tier `max_tier` or better
    /// (0 full rate .. 3, and 4 for suspended AI, which is every tier), in every world; a
    /// tier 2 AI ignores a sound whose max tier is 1. Default: every tier.
    #[func]
    pub fn set_sound_max_tier(&mut self, tag: StringName, max_tier: i32) {
        if !(0..=4).contains(&max_tier) {
            crate::warnings::warn("ApsWorld.set_sound_max_tier tier", None, || {
                format!("ApsWorld.set_sound_max_tier: tier {max_tier} is outside 0..4; ignored")
            });
            return;
        }
        if tag.is_empty() {
            crate::warnings::warn("ApsWorld.set_sound_max_tier tag", None, || {
                String::from("ApsWorld.set_sound_max_tier: tag is empty; ignored")
            });
            return;
        }
        self.sound_tiers.retain(|(t, _)| *t != tag);
        self.sound_tiers.push((tag, max_tier as u8));
    }

    /// The level-of-detail tier of the AI whose component is `perceiver`: 0 full rate, 1 every
    /// 2 intervals, 2 every 5, 3 every 20, 4 suspended; -1 if it is not perceiving.
    #[func]
    pub fn get_lod_tier(&self, perceiver: Given<Node>) -> i32 {
        let Some(p) = perceiver.required("ApsWorld.get_lod_tier", "perceiver", "answers -1") else {
            return -1;
        };
        let id = p.instance_id();
        self.worlds
            .iter()
            .find_map(|w| w.tier_of(id))
            .map_or(-1, i32::from)
    }

    /// What the last physics frame cost in the main scene's world: `time_usec` (APS's whole
    /// frame there), `passes` (AI that ran a full pass), `rays`, `ray_usec` (time inside those
    /// rays' queries: the rest of `time_usec` is APS's own), `mirror_rays` (of the rays, those
    /// the static mirror decided without the physics engine), `candidates`, and `perceivers`
    /// (how many AI are scheduled).
    #[func]
    pub fn get_last_frame_stats(&self) -> VarDictionary {
        frame_stats_dict(self.world(main_world_key()))
    }

    /// Measures what one ray query costs here: casts `count` rays 40 m long from points spread
    /// over `extent` metres around `around`, through the same query path perception uses, and
    /// returns microseconds per ray (for the benchmark's "own time beyond rays"). Around a
    /// [Node2D], its [World2D]'s rays, `extent` in pixels.
    #[func]
    pub fn measure_ray_cost(&self, around: Given<Node>, extent: f32, count: i32) -> f64 {
        let around = around.required("ApsWorld.measure_ray_cost", "around", "answers 0");
        // A Node2D measures its World2D's rays (`extent` then in pixels).
        let Some(node) = around.as_ref().and_then(crate::dim::Spatial::of) else {
            return 0.0;
        };
        let Some((state, _, _)) = node.physics() else {
            return 0.0;
        };
        let center = node.position();
        match node {
            crate::dim::Spatial::Three(_) => ray_cost::<Three>(state, center, extent, count),
            crate::dim::Spatial::Two(_) => {
                let extent = extent / crate::dim::pixels_per_meter();
                ray_cost::<Two>(state, center, extent, count)
            }
        }
    }
}

/// A world's last frame as `get_last_frame_stats` gives it.
pub(crate) fn frame_stats_dict(world: Option<&crate::world::World>) -> VarDictionary {
    let f = world.map(|w| w.stats().last_frame()).unwrap_or_default();
    vdict! {
        "time_usec" => f.usec as i64,
        "passes" => i64::from(f.passes),
        "rays" => f.rays as i64,
        "candidates" => f.candidates as i64,
        "ray_usec" => f.ray_usec as i64,
        "perceivers" => world.map_or(0, |w| w.perceivers() as i64),
        "mirror_rays" => world.map_or(0, |w| crate::level_mirror::frame_decided(w.key()) as i64),
    }
}

impl ApsWorld {
    /// Whether senses note their factors this frame (the project setting `aps/debug/explain`).
    #[must_use]
    pub fn notes_factors(&self) -> bool {
        self.frame.explain
    }

    /// The static mirror that rays in world `key` ask first, ready for them, and whether the
    /// engine checks each answer it gives (`aps/static_mirror`,
    /// `aps/debug/static_mirror_shadow`): none with the setting off, while the world has area
    /// occluders (rays then stop at areas, which the mirror does not hold), or in a world it
    /// cannot mirror.
    #[must_use]
    pub fn mirror_for(&self, key: WorldKey, occluder_areas: bool) -> Option<(WorldKey, bool)> {
        let (frame, _) = self.frame_clock();
        (self.frame.static_mirror && !occluder_areas && crate::level_mirror::prepare(key, frame))
            .then_some((key, self.frame.static_mirror_shadow))
    }

    /// Whether every AI draws everything this frame (the project setting `aps/debug/draw`).
    #[must_use]
    pub fn draws_all(&self) -> bool {
        self.frame.draw_all
    }
}

impl ApsWorld {
    /// A perception component entered the tree: schedule it in its world, and make sure the
    /// driver runs.
    pub fn add_perceiver(
        &mut self,
        component: &crate::dim::Spatial,
        scheduled: crate::world::Perceiver,
    ) {
        self.ensure_tracking();
        self.ensure_driver();
        let key = component.world_key().unwrap_or_else(main_world_key);
        let at = component.position();
        let id = component.node().instance_id();
        self.world_mut(key).add_perceiver(id, at, scheduled);
    }

    /// A perception component left the tree: out of every schedule and squad.
    pub fn remove_perceiver(&mut self, id: InstanceId) {
        for w in &mut self.worlds {
            w.remove_perceiver(id);
        }
    }

    /// What a component tells after each pass, in the world `key`.
    pub fn report_perceiver(
        &mut self,
        key: WorldKey,
        id: InstanceId,
        position: aps_core::Vec3,
        awareness: u8,
        interval: f32,
        beliefs: u32,
    ) {
        if let Some(w) = self.worlds.iter_mut().find(|w| w.key() == key) {
            w.report_perceiver(id, position, awareness, interval, beliefs);
        }
    }

    /// The debug drawing of the component `id` wants redrawing every frame.
    pub fn add_drawing(&mut self, id: InstanceId) {
        if !self.drawing.contains(&id) {
            self.drawing.push(id);
        }
    }

    /// The components to redraw this frame: those drawing, and every one while the project
    /// setting draws all. Those that stop drawing leave with [`ApsWorld::remove_drawing`].
    pub fn drawing_now(&mut self) -> (bool, Vec<InstanceId>) {
        let all = self.frame.draw_all;
        if all {
            // Every perceiver joins, each once (a search per id would be quadratic in a crowd).
            self.drawing.extend(
                self.worlds
                    .iter()
                    .flat_map(crate::world::World::perceiver_ids),
            );
            self.drawing.sort_unstable_by_key(|id| id.to_i64());
            self.drawing.dedup();
        }
        (all, self.drawing.clone())
    }

    pub fn remove_drawing(&mut self, id: InstanceId) {
        self.drawing.retain(|d| *d != id);
    }

    /// Every perception component in every world.
    #[must_use]
    pub fn all_perceivers(&self) -> Vec<InstanceId> {
        self.worlds.iter().flat_map(|w| w.perceiver_ids()).collect()
    }

    /// The max tier a sound of `tag` reaches.
    #[must_use]
    pub fn sound_max_tier(&self, tag: &StringName) -> u8 {
        self.sound_tiers
            .iter()
            .find(|(t, _)| t == tag)
            .map_or(aps_core::crowd::lod::SUSPENDED, |(_, m)| *m)
    }

    /// Adds the driver node to the tree's root if it is not there.
    fn ensure_driver(&mut self) {
        if self
            .driver
            .is_some_and(|id| Gd::<Node>::try_from_instance_id(id).is_ok())
        {
            return;
        }
        let Some(tree) = crate::world_key::scene_tree() else {
            return;
        };
        let Some(mut root) = tree.get_root().maybe_null() else {
            return;
        };
        let driver = new_driver();
        self.driver = Some(driver.instance_id());
        // Deferred: the tree may be busy adding the very node that asked.
        root.call_deferred("add_child", &[driver.to_variant()]);
    }

    /// The start of a physics frame: the project settings are read, worlds whose `World3D` is
    /// gone are dropped with everything in them, and registrations of freed nodes are
    /// forgotten. The worlds to drive go into `keys`.
    pub fn begin_drive(&mut self, keys: &mut Vec<WorldKey>) {
        self.frame = super::FrameSettings {
            use_grid: settings::flag(settings::USE_SPATIAL_INDEX),
            level_of_detail: settings::flag(settings::LEVEL_OF_DETAIL),
            budget: settings::number(
                settings::MAX_UPDATES_PER_FRAME,
                aps_core::crowd::scheduler::DEFAULT_MAX_PERCEPTION_UPDATES_PER_FRAME as i64,
            )
            .max(0) as usize,
            draw_all: settings::flag_or(settings::DEBUG_DRAW, false),
            explain: settings::flag_or(settings::DEBUG_EXPLAIN, true),
            occluder_max_hits: settings::number(
                settings::OCCLUDER_MAX_HITS,
                i64::from(aps_core::senses::transmission::DEFAULT_MAX_HITS),
            ),
            static_mirror: settings::flag_or(settings::STATIC_MIRROR, true),
            static_mirror_shadow: settings::flag_or(settings::STATIC_MIRROR_SHADOW, false),
        };
        settings::read_pixels_per_meter();
        settings::read_occlusion_and_teams();
        self.clock = Self::physics_clock();
        self.authority.clear();
        self.worlds.retain(crate::world::World::is_alive);
        let hits = self.frame.occluder_max_hits;
        for w in &mut self.worlds {
            w.set_occluder_max_hits(hits);
        }
        self.pending.forget_freed();
        self.suppressed.forget_freed();
        keys.clear();
        keys.extend(self.worlds.iter().map(crate::world::World::key));
    }

    /// Phase one of a world's frame: its clocks move on; the AI whose component ticks now, for
    /// scoring; and the significance policy, if any.
    pub fn plan_advance(
        &mut self,
        key: WorldKey,
        delta: f32,
        out: &mut Vec<Due>,
    ) -> Option<Gd<ApsSignificancePolicy>> {
        out.clear();
        if let Some(w) = self.worlds.iter_mut().find(|w| w.key() == key) {
            w.plan_advance(delta, out);
        }
        self.significance_policy.clone()
    }

    /// Phase two: tiers from the scores, claims, the frame budget; the runs into `out`.
    pub fn plan_decide(&mut self, key: WorldKey, scores: &[f32], out: &mut Vec<Granted>) {
        out.clear();
        let frame = self.frame;
        if let Some(w) = self.worlds.iter_mut().find(|w| w.key() == key) {
            w.plan_decide(scores, frame.level_of_detail, frame.budget, out);
        }
    }

    /// Closes a world's frame figures.
    pub fn end_frame(&mut self, key: WorldKey, passes: u32, usec: u64) {
        if let Some(w) = self.worlds.iter_mut().find(|w| w.key() == key) {
            w.stats_mut().end_frame(passes, usec);
        }
    }
}

/// The mean time of `count` rays of 40 m in random directions from random points within
/// `extent` metres of `center`, in microseconds; 0 for a world of the other kind.
fn ray_cost<D: RayKind>(state: SpaceState, center: aps_core::Vec3, extent: f32, count: i32) -> f64 {
    let Some(state) = D::space_of(state) else {
        return 0.0;
    };
    let mut query = D::new_query(&Array::new());
    let mut space = GodotSpace::<D>::new(state, &mut query);
    let mut seed = 0x2545_f491_u32;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        (seed as f32 / u32::MAX as f32) * 2.0 - 1.0
    };
    let count = count.max(1);
    let started = Instant::now();
    for _ in 0..count {
        let from = center + aps_core::Vec3::new(next() * extent, 1.5, next() * extent);
        let dir = aps_core::Vec3::new(next(), next() * 0.1, next()).normalize_or(aps_core::Vec3::X);
        std::hint::black_box(space.cast_ray(from, from + dir * 40.0, 1, &[]));
    }
    started.elapsed().as_secs_f64() * 1e6 / f64::from(count)
}
