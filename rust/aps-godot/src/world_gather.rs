//! The part of `ApsWorld` that finds what a perceiver could perceive (spec section 13): the
//! spatial grid of 15 m cells, the gathering of candidates in reach, and the once-a-frame work
//! (settings, scent trails) done by whoever asks first.

use crate::convert::{target_id, to_vec3};
use crate::snapshot::{look, Look};
use crate::world::{intern, ApsWorld};
use aps_core::gather::target::TargetSnapshot;
use aps_core::TargetId;
use godot::classes::Engine;
use godot::prelude::*;
use std::rc::Rc;

/// Metres added to a grid query: the grid's positions are up to a rebuild old.
const GRID_MARGIN: f32 = 3.0;

impl ApsWorld {
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
}
