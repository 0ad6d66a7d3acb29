//! Who can be perceived in a world (spec section 13): the spatial grid over them, the looks at
//! them that a frame's passes share, and the scent trails laid from them each frame.

use super::*;

impl World {
    /// Gather, first step (spec section 13): every perceivable target within `range` metres of
    /// `eye`, not one of `own`, as the spatial grid places it (up to a rebuild old, with its
    /// margin), into `out`, with nothing read from the engine but the few entries added or moved
    /// since the rebuild. With `use_grid` off (`aps/use_spatial_index`), every perceivable body
    /// is looked at instead, for comparing.
    #[allow(clippy::too_many_arguments)]
    pub fn nearby(
        &mut self,
        now: f64,
        use_grid: bool,
        eye: Vec3,
        range: f32,
        own: &[InstanceId],
        tag: &mut dyn FnMut(&StringName) -> u32,
        out: &mut Vec<Nearby>,
    ) {
        out.clear();
        self.nearby.clear();
        if use_grid {
            if self.grid.is_stale(now) || self.registry.changed_overflowed() {
                self.rebuild_grid(now);
            }
            self.grid.query_around(eye, range, &mut self.nearby);
            // The heads, not the entries: a flat list that stays in cache.
            let heads = self.registry.heads();
            for &i in &self.nearby {
                let Some(head) = heads.get(i as usize) else {
                    continue;
                };
                // Moved since the rebuild: it comes from the changed entries below.
                if self.grid_ids.get(i as usize) != Some(&head.id)
                    || !head.perceivable
                    || own.contains(&head.id)
                {
                    continue;
                }
                out.push(Nearby {
                    id: target_id(head.id),
                    position: self.grid.position(i).unwrap_or(Vec3::NAN),
                    team: head.team,
                    character: head.character,
                    speed: self.grid.speed(i),
                });
            }
            // Entries added or moved since the rebuild are not in the grid where they are: each
            // is looked at for its position, so a body is a candidate from the frame it enters
            // the tree.
            let mut changed = std::mem::take(&mut self.changed);
            changed.clear();
            changed.extend(self.registry.changed().iter().copied().filter(|&i| {
                let id = self.registry.entries().get(i as usize).map(|e| e.id);
                id.is_some() && id != self.grid_ids.get(i as usize).copied()
            }));
            self.look_into(now, &changed, eye, range, own, tag, out);
            self.changed = changed;
        } else {
            self.registry.clear_changed();
            let all: Vec<u32> = (0..self.registry.entries().len() as u32).collect();
            self.look_into(now, &all, eye, range, own, tag, out);
        }
    }

    /// Looks at the entries at `indices` and adds those within `range` of `eye` to `out`.
    #[allow(clippy::too_many_arguments)]
    fn look_into(
        &mut self,
        now: f64,
        indices: &[u32],
        eye: Vec3,
        range: f32,
        own: &[InstanceId],
        tag: &mut dyn FnMut(&StringName) -> u32,
        out: &mut Vec<Nearby>,
    ) {
        let range_sq = range * range;
        let conditions = self.state.conditions();
        let mut freed = Vec::new();
        for &i in indices {
            let Some(head) = self.registry.heads().get(i as usize).copied() else {
                continue;
            };
            if !head.perceivable || own.contains(&head.id) {
                continue;
            }
            match self
                .registry
                .look(i as usize, self.key, now, conditions, tag)
            {
                Some(Look::Seen(snap)) if (eye - snap.position).length_squared() <= range_sq => {
                    out.push(Nearby {
                        id: snap.id,
                        position: snap.position,
                        team: Some(snap.team_id),
                        character: snap.character,
                        speed: snap.velocity.length(),
                    });
                }
                Some(Look::Gone) => freed.push(head.id),
                _ => {}
            }
        }
        for id in freed {
            self.registry.remove(id);
        }
    }

    /// Gather, last step: a snapshot of each target of `ids` (what the core chose to look at),
    /// into `out`: those within `range` of `eye` by where they are now, and those of `held`
    /// wherever they are (beliefs already held stay on the list so memory fades smoothly).
    /// Held targets that no longer exist go to `gone`. Never one of `own`.
    #[allow(clippy::too_many_arguments)]
    pub fn look_at(
        &mut self,
        now: f64,
        eye: Vec3,
        range: f32,
        ids: &[TargetId],
        held: &[TargetId],
        own: &[InstanceId],
        tag: &mut dyn FnMut(&StringName) -> u32,
        out: &mut Vec<TargetSnapshot>,
        gone: &mut Vec<TargetId>,
    ) {
        out.clear();
        gone.clear();
        let range_sq = range * range;
        let conditions = self.state.conditions();
        let mut freed: Vec<InstanceId> = Vec::new();
        for &t in ids {
            let is_held = held.contains(&t);
            if own.iter().any(|o| target_id(*o) == t) || out.iter().any(|s| s.id == t) {
                continue;
            }
            match instance_id(t).and_then(|id| self.registry.index_of(id)) {
                Some(i) => {
                    let head = self.registry.heads()[i];
                    if !head.perceivable {
                        continue;
                    }
                    match self.registry.look(i, self.key, now, conditions, tag) {
                        Some(Look::Seen(snap)) => {
                            let near = (eye - snap.position).length_squared() <= range_sq;
                            if near || is_held {
                                out.push(snap);
                            }
                        }
                        Some(Look::Absent) | None => {}
                        Some(Look::Gone) => {
                            freed.push(head.id);
                            if is_held {
                                gone.push(t);
                            }
                        }
                    }
                }
                None if is_held && live_node_as::<Node>(t).is_none() => gone.push(t),
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
        self.grid_ids
            .extend(self.registry.heads().iter().map(|h| h.id));
        let registry = &mut self.registry;
        // Keyed by instance id, so the grid tells a body that moved from another that took its
        // place in the list.
        let positions = (0..registry.heads().len()).filter_map(|i| {
            let key = registry.heads()[i].id.to_i64() as u64;
            registry.position_in_tree(i).map(|p| (i as u32, key, p))
        });
        self.grid.rebuild(positions, now);
        self.registry.clear_changed();
    }

    /// Some perceiver here smells: lay scent trails from now on.
    pub fn want_scent(&mut self) {
        self.scent_wanted = true;
    }

    /// Once per physics frame `frame`, whoever asks first: scent trails get their new points.
    /// The looks this takes are the frame's looks for every pass after it, so evidence tags are
    /// numbered by `tag`, the world's own numbering, as in any other look.
    pub fn begin_frame(&mut self, frame: u64, now: f64, tag: &mut dyn FnMut(&StringName) -> u32) {
        if self.last_frame == Some(frame) {
            return;
        }
        self.last_frame = Some(frame);
        if !self.scent_wanted {
            return;
        }
        let key = self.key;
        let state = Rc::make_mut(&mut self.state);
        for i in 0..self.registry.heads().len() {
            let head = self.registry.heads()[i];
            // Only a target whose trail takes a point now is looked at: a trail keeps one point
            // a deposit interval, so a dog in a crowd reads each node twice a second rather than
            // every frame.
            if !head.perceivable || !state.scent_due(target_id(head.id), now) {
                continue;
            }
            if let Some(Look::Seen(snap)) = self.registry.look(i, key, now, state.conditions(), tag)
            {
                state.deposit_scent(snap.id, snap.position, snap.scent_multiplier, now);
            }
        }
        state.prune_scents(now);
    }
}

impl World {
    /// The team `node` is on as the perceivers of this world see it: its last look's, else as
    /// a look would work it out now (core: `gather::team`).
    #[must_use]
    pub fn team_of(&self, node: &Gd<Node>) -> i32 {
        let entry = self.registry.get(node.instance_id());
        if let Some((_, snap)) = entry.and_then(|e| e.seen.as_ref()) {
            return snap.team_id;
        }
        // A target component's own team, when the node is described by one.
        let described = entry
            .and_then(|e| e.component.as_ref().map(|(c, _)| *c))
            .and_then(|c| Gd::<Node>::try_from_instance_id(c).ok())
            .and_then(|c| c.get("team_id").try_to::<i32>().ok())
            .unwrap_or(0);
        aps_core::gather::team::target_team(
            crate::teams::group_team(node),
            described,
            entry.and_then(|e| e.ai_team),
        )
    }
}
