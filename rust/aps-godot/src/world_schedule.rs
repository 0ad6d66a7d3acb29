//! The part of `ApsWorld` that decides who perceives when (spec sections 10, 12 and 14): the
//! perceivers' schedule, viewers and level of detail, the frame budget, sounds filtered by
//! tier, and the figures the debugger and benchmarks read.

use crate::convert::to_vec3;
use crate::driver::new_driver;
use crate::physics_space::GodotSpace;
use crate::schedule::Run;
use crate::settings;
use crate::significance::ApsSignificancePolicy;
use crate::world::ApsWorld;
use aps_core::senses::rays::Space;
use godot::classes::{Camera3D, Node, Node3D, PhysicsRayQueryParameters3D};
use godot::prelude::*;
use std::time::Instant;

/// An AI whose component ticks this frame: who, its distance to the nearest viewer, and its
/// awareness level.
pub type Due = (InstanceId, f32, u8);

#[godot_api(secondary)]
impl ApsWorld {
    /// Sounds of `tag` are heard only by AI at level-of-detail tier `max_tier` or better
    /// (0 full rate .. 3); a tier 2 AI ignores a sound whose max tier is 1. Default: every tier.
    #[func]
    pub fn set_sound_max_tier(&mut self, tag: StringName, max_tier: i32) {
        if !(0..=4).contains(&max_tier) {
            godot_warn!("ApsWorld.set_sound_max_tier: tier {max_tier} is outside 0..4; ignored");
            return;
        }
        let tag = self.tag_index(tag);
        self.sound_tiers.retain(|(t, _)| *t != tag);
        self.sound_tiers.push((tag, max_tier as u8));
    }

    /// The level-of-detail tier of the AI whose component is `perceiver`: 0 full rate, 1 every
    /// 2 intervals, 2 every 5, 3 every 20, 4 suspended; -1 if it is not perceiving.
    #[func]
    pub fn get_lod_tier(&self, perceiver: Option<Gd<Node>>) -> i32 {
        perceiver
            .and_then(|p| self.schedule.tier_of(p.instance_id()))
            .map_or(-1, i32::from)
    }

    /// What the last physics frame cost: `time_usec` (APS's whole frame), `passes` (AI that
    /// ran a full pass), `rays`, `candidates`, and `perceivers` (how many AI are scheduled).
    #[func]
    pub fn get_last_frame_stats(&self) -> VarDictionary {
        let f = self.frame;
        vdict! {
            "time_usec" => f.usec as i64,
            "passes" => i64::from(f.passes),
            "rays" => f.rays as i64,
            "candidates" => f.candidates as i64,
            "perceivers" => self.schedule.len() as i64,
        }
    }

    /// Measures what one ray query costs here: casts `count` rays 40 m long from points spread
    /// over `extent` metres around `around`, through the same query path perception uses, and
    /// returns microseconds per ray (for the benchmark's "own time beyond rays").
    #[func]
    pub fn measure_ray_cost(&self, around: Option<Gd<Node3D>>, extent: f32, count: i32) -> f64 {
        let Some(node) = around else {
            return 0.0;
        };
        let Some(state) = node.get_world_3d().and_then(|w| w.get_direct_space_state()) else {
            return 0.0;
        };
        let mut query = PhysicsRayQueryParameters3D::new_gd();
        let mut space = GodotSpace::new(state, &mut query);
        let center = to_vec3(node.get_global_position());
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
            let dir =
                aps_core::Vec3::new(next(), next() * 0.1, next()).normalize_or(aps_core::Vec3::X);
            std::hint::black_box(space.cast_ray(from, from + dir * 40.0, 1, &[]));
        }
        started.elapsed().as_secs_f64() * 1e6 / f64::from(count)
    }
}

impl ApsWorld {
    /// A perception component joined: schedule it, and make sure the driver runs.
    pub fn add_perceiver(&mut self, id: InstanceId, position: Vector3) {
        self.ensure_tracking();
        self.ensure_driver();
        self.schedule.add(id, position);
    }

    pub fn remove_perceiver(&mut self, id: InstanceId) {
        self.schedule.remove(id);
        self.members.retain(|(m, _, _)| *m != id);
    }

    /// What a component tells after each pass.
    pub fn report_perceiver(
        &mut self,
        id: InstanceId,
        position: Vector3,
        awareness: u8,
        interval: f32,
    ) {
        self.schedule.report(id, position, awareness, interval);
    }

    /// The max tier a sound of `tag` reaches.
    #[must_use]
    pub fn sound_max_tier(&self, tag: u32) -> u8 {
        self.sound_tiers
            .iter()
            .find(|(t, _)| *t == tag)
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
        let Some(tree) = crate::convert::scene_tree() else {
            return;
        };
        let Some(mut root) = tree.get_root() else {
            return;
        };
        let driver = new_driver();
        self.driver = Some(driver.instance_id());
        // Deferred: the tree may be busy adding the very node that asked.
        root.call_deferred("add_child", &[driver.to_variant()]);
    }

    /// Where the viewers are: every current camera; none on a dedicated server.
    fn viewers(&self) -> Vec<Vector3> {
        self.cameras
            .iter()
            .filter_map(|id| Gd::<Camera3D>::try_from_instance_id(*id).ok())
            .filter(|c| c.is_inside_tree() && c.is_current())
            .map(|c| c.get_global_position())
            .collect()
    }

    /// Phase one of a frame: clocks move on; for each AI whose component ticks now, its
    /// distance to the nearest viewer (0 with none) and awareness, for scoring; and the
    /// significance policy, if any.
    pub fn plan_advance(&mut self, delta: f32) -> (Vec<Due>, Option<Gd<ApsSignificancePolicy>>) {
        let viewers = self.viewers();
        let due: Vec<usize> = self.schedule.advance(delta).to_vec();
        let mut out = Vec::with_capacity(due.len());
        for i in due {
            let slot = self.schedule.slot_mut(i);
            // Far AI run rarely: look where they are now before scoring them.
            if slot.tier >= 3 {
                if let Ok(node) = Gd::<Node3D>::try_from_instance_id(slot.id) {
                    slot.position = node.get_global_position();
                }
            }
            let distance = viewers
                .iter()
                .map(|v| v.distance_to(slot.position))
                .fold(f32::INFINITY, f32::min);
            let distance = if distance.is_finite() { distance } else { 0.0 };
            out.push((slot.id, distance, slot.awareness));
        }
        (out, self.significance_policy.clone())
    }

    /// Phase two: tiers from the scores, claims, the frame budget.
    pub fn plan_decide(&mut self, scores: &[f32]) -> Vec<Run> {
        let lod = settings::flag(settings::LEVEL_OF_DETAIL);
        let budget = settings::number(settings::MAX_UPDATES_PER_FRAME, 64).max(0) as usize;
        let mut runs = Vec::new();
        self.schedule.decide(scores, lod, budget, &mut runs);
        runs
    }

    /// Closes a frame's figures.
    pub fn end_frame(&mut self, passes: u32, usec: u64) {
        let f = &mut self.frame;
        f.usec = usec;
        f.passes = passes;
        f.rays = std::mem::take(&mut f.rays_now);
        f.candidates = std::mem::take(&mut f.candidates_now);
    }
}
