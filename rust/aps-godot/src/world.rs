//! One world of APS: everything that belongs to one `World3D` (design notes: one world per
//! `World3D`, so an AI in a `SubViewport` with its own world, or in one of several matches a
//! server runs, perceives only its own world). Who can be perceived there and the spatial grid
//! over them (spec section 13), its conditions and stimuli (the core's `WorldState`), its
//! squads, its perceivers' schedule (sections 10, 12, 14), its viewers and its stats.
//!
//! Plain data owned by `ApsWorld`, which routes each call to the world of the node it concerns.

use crate::aps_perception_component::Perceiver;
use crate::convert::{instance_id, live_node_as, target_id, to_vec3, to_vector3};
use crate::dim::WorldOf;
use crate::names::Names;
use crate::physics_space::SpaceState;
use crate::registry::Registry;
use crate::snapshot::Look;
use aps_core::brain::squad::Sighting;
use aps_core::crowd::grid::SpatialGrid;
use aps_core::crowd::lod::viewer_distance;
use aps_core::crowd::scheduler::{Due, Run, Schedule};
use aps_core::crowd::selection::Nearby;
use aps_core::gather::target::TargetSnapshot;
use aps_core::save::format::ScheduleSave;
use aps_core::senses::rays::BodyId;
use aps_core::senses::transmission::Transmission;
use aps_core::world::stats::WorldStats;
use aps_core::world::WorldState;
use aps_core::{TargetId, Vec3};
use godot::classes::{Camera2D, Camera3D, World2D, World3D};
use godot::prelude::*;
use std::rc::Rc;

/// A run the frame's plan granted: the component's id, its handle if it is a perception
/// component, and the run.
pub type Granted = (InstanceId, Option<Perceiver>, Run);

/// A world's key: the instance id of its `World3D` (0: no `World3D` could be found).
pub type WorldKey = i64;

/// The most squads one world keeps.
pub const MAX_SQUADS: usize = 1024;

/// The members of each squad of one world, by squad number, with their roles.
#[derive(Debug)]
struct Squads {
    names: Names,
    members: Vec<(InstanceId, u32, StringName)>,
}

impl Default for Squads {
    fn default() -> Self {
        Squads {
            names: Names::new("squad", MAX_SQUADS),
            members: Vec::new(),
        }
    }
}

/// Everything APS keeps for one `World3D`.
pub struct World {
    key: WorldKey,
    /// Conditions and stimuli, shared with perceivers through an `Rc` for the length of a pass,
    /// so a pass reads it without borrowing `ApsWorld`.
    state: Rc<WorldState>,
    registry: Registry,
    grid: SpatialGrid,
    /// The registry's ids at the last rebuild, by grid item.
    grid_ids: Vec<InstanceId>,
    nearby: Vec<u32>,
    schedule: Schedule,
    stats: WorldStats,
    cameras: Vec<InstanceId>,
    squads: Squads,
    /// Some perceiver here smells: scent trails are worth laying.
    scent_wanted: bool,
    /// The physics frame whose once-a-frame work is done.
    last_frame: Option<u64>,
    /// How many beliefs each perceiver held after its last pass, for the monitors.
    beliefs_held: aps_core::id_map::IdMap<InstanceId, u32>,
    /// Each scheduled perceiver's node and component, found as it entered: planning reads a far
    /// AI's position, and the driver runs it, through these with a liveness check, not a lookup
    /// by id and a class test (issue 17).
    perceiver_nodes: aps_core::id_map::IdMap<InstanceId, (crate::dim::Spatial, Option<Perceiver>)>,
    /// The Area3D occluders: while there are any, rays stop at areas.
    occluder_areas: Vec<InstanceId>,
    /// Its physics space and its navigation map (if the map has regions) as of a frame, asked
    /// of the engine once a frame rather than once a pass (issue 17).
    physics: Option<(u64, SpaceState, Option<Rid>)>,
    /// Reused each frame by the schedule's planning: the viewers, the AI due, the runs.
    viewers: Vec<Vec3>,
    due: Vec<Due>,
    runs: Vec<Run>,
    /// Reused by each pass's gathering: the entries moved since the grid's rebuild.
    changed: Vec<u32>,
}

impl World {
    #[must_use]
    pub fn new(key: WorldKey) -> Self {
        World {
            key,
            state: Rc::default(),
            registry: Registry::default(),
            grid: SpatialGrid::new(),
            grid_ids: Vec::new(),
            nearby: Vec::new(),
            schedule: Schedule::default(),
            stats: WorldStats::default(),
            cameras: Vec::new(),
            squads: Squads::default(),
            scent_wanted: false,
            last_frame: None,
            beliefs_held: aps_core::id_map::IdMap::default(),
            perceiver_nodes: aps_core::id_map::IdMap::default(),
            occluder_areas: Vec::new(),
            physics: None,
            viewers: Vec::new(),
            due: Vec::new(),
            runs: Vec::new(),
            changed: Vec::new(),
        }
    }

    #[must_use]
    pub fn key(&self) -> WorldKey {
        self.key
    }

    /// Whether its `World3D` (or `World2D`) still exists (the world without one always does).
    #[must_use]
    pub fn is_alive(&self) -> bool {
        self.key == 0
            || InstanceId::try_from_i64(self.key).is_some_and(|id| {
                Gd::<World3D>::try_from_instance_id(id).is_ok()
                    || Gd::<World2D>::try_from_instance_id(id).is_ok()
            })
    }

    /// Whether this is a `World2D`'s world (its calls take pixels).
    #[must_use]
    pub fn is_2d(&self) -> bool {
        InstanceId::try_from_i64(self.key)
            .is_some_and(|id| Gd::<World2D>::try_from_instance_id(id).is_ok())
    }

    /// The world's conditions and stimuli, shared for a pass.
    #[must_use]
    pub fn state(&self) -> Rc<WorldState> {
        Rc::clone(&self.state)
    }

    /// The world's conditions and stimuli to change (copied first only if a pass is reading
    /// them at this moment).
    pub fn state_mut(&mut self) -> &mut WorldState {
        Rc::make_mut(&mut self.state)
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    pub fn registry_mut(&mut self) -> &mut Registry {
        &mut self.registry
    }

    // ---- Who can be perceived (spec section 13) ----

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
            // The heads, not the entries: a flat list that stays in cache (issue 17).
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
            match self.registry.look(i as usize, now, conditions, tag) {
                Some(Look::Seen(snap)) if (eye - snap.position).length_squared() <= range_sq => {
                    out.push(Nearby {
                        id: snap.id,
                        position: snap.position,
                        team: Some(snap.team_id),
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
                    match self.registry.look(i, now, conditions, tag) {
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
        let positions = (0..registry.heads().len())
            .filter_map(|i| registry.position_in_tree(i).map(|p| (i as u32, p)));
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
        let state = Rc::make_mut(&mut self.state);
        for i in 0..self.registry.heads().len() {
            let head = self.registry.heads()[i];
            // Only a target whose trail takes a point now is looked at: a trail keeps one point
            // a deposit interval, so a dog in a crowd reads each node twice a second rather than
            // every frame (issue 17).
            if !head.perceivable || !state.scent_due(target_id(head.id), now) {
                continue;
            }
            if let Some(Look::Seen(snap)) = self.registry.look(i, now, state.conditions(), tag) {
                state.deposit_scent(snap.id, snap.position, snap.scent_multiplier, now);
            }
        }
        state.prune_scents(now);
    }

    // ---- Viewers and the schedule (spec sections 10, 12 and 14) ----

    /// A camera in this world: a viewer while it is current.
    pub fn add_camera(&mut self, id: InstanceId) {
        if !self.cameras.contains(&id) {
            self.cameras.push(id);
        }
    }

    /// Forgets a node that left the tree: as a perceivable, a camera, a perceiver.
    pub fn forget_node(&mut self, id: InstanceId) {
        self.registry.remove(id);
        self.cameras.retain(|c| *c != id);
    }

    /// Where the viewers are, into `out` (cleared first): every current camera (a `Camera2D` at
    /// the centre of the screen it shows); none on a dedicated server.
    fn viewers_into(&self, out: &mut Vec<aps_core::Vec3>) {
        out.clear();
        out.extend(self.cameras.iter().filter_map(|id| {
            if let Ok(c) = Gd::<Camera3D>::try_from_instance_id(*id) {
                return (c.is_inside_tree() && c.is_current())
                    .then(|| to_vec3(c.get_global_position()));
            }
            let c = Gd::<Camera2D>::try_from_instance_id(*id).ok()?;
            (c.is_inside_tree() && c.is_current())
                .then(|| crate::dim::from_pixels(c.get_screen_center_position()))
        }));
    }

    /// A perception component at `position` (the core's space) joins the schedule.
    pub fn add_perceiver(&mut self, node: &crate::dim::Spatial, position: Vec3) {
        let id = node.node().instance_id();
        self.schedule.add(id.to_i64() as u64, position);
        let component = Perceiver::of(&node.node());
        self.perceiver_nodes.insert(id, (node.clone(), component));
    }

    /// Takes a perception component out of the schedule and its squad.
    pub fn remove_perceiver(&mut self, id: InstanceId) {
        self.schedule.remove(id.to_i64() as u64);
        self.perceiver_nodes.remove(&id);
        self.leave_squad(id);
        self.beliefs_held.remove(&id);
    }

    /// What a component tells after each pass.
    pub fn report_perceiver(
        &mut self,
        id: InstanceId,
        position: Vec3,
        awareness: u8,
        interval: f32,
        beliefs: u32,
    ) {
        self.schedule
            .report(id.to_i64() as u64, position, awareness, interval);
        if self.schedule.tier_of(id.to_i64() as u64).is_some() {
            self.beliefs_held.insert(id, beliefs);
        }
    }

    /// Beliefs held by every perceiver here, as of each one's last pass.
    #[must_use]
    pub fn beliefs_held(&self) -> u64 {
        self.beliefs_held.values().map(|&b| u64::from(b)).sum()
    }

    #[must_use]
    pub fn perceivers(&self) -> usize {
        self.schedule.len()
    }

    /// Every perception component scheduled here.
    pub fn perceiver_ids(&self) -> impl Iterator<Item = InstanceId> + '_ {
        self.schedule
            .ids()
            .filter_map(|id| InstanceId::try_from_i64(id as i64))
    }

    /// How many AI sit in each level-of-detail tier, 0 (full rate) to 4 (suspended).
    #[must_use]
    pub fn tier_counts(&self) -> [u32; 5] {
        self.schedule.tier_counts()
    }

    #[must_use]
    pub fn tier_of(&self, id: InstanceId) -> Option<u8> {
        self.schedule.tier_of(id.to_i64() as u64)
    }

    /// Phase one of a frame: clocks move on by `delta`; for each AI whose component ticks now,
    /// its id and distance to the nearest viewer (0 with none) and awareness, for scoring, into
    /// `out` (cleared first).
    pub fn plan_advance(&mut self, delta: f32, out: &mut Vec<(InstanceId, f32, u8)>) {
        out.clear();
        let mut viewers = std::mem::take(&mut self.viewers);
        self.viewers_into(&mut viewers);
        self.schedule.advance(delta);
        let mut due = std::mem::take(&mut self.due);
        due.clear();
        due.extend(self.schedule.due());
        for d in &due {
            let Some(id) = InstanceId::try_from_i64(d.id as i64) else {
                continue;
            };
            let mut position = d.position;
            if d.wants_fresh_position() {
                let node = self.perceiver_nodes.get(&id).map(|(n, _)| n);
                if let Some(fresh) = node.filter(|n| n.is_instance_valid()).map(|n| n.position()) {
                    position = fresh;
                    self.schedule.set_position(d.id, position);
                }
            }
            out.push((id, viewer_distance(position, &viewers), d.awareness));
        }
        self.due = due;
        self.viewers = viewers;
    }

    /// Phase two: tiers from the scores (in the order `plan_advance` gave), claims, the frame
    /// budget. The runs go into `out` (cleared first), with each component's instance id and
    /// the handle kept as it entered (to check it is alive before it runs).
    pub fn plan_decide(
        &mut self,
        scores: &[f32],
        lod: bool,
        budget: usize,
        out: &mut Vec<Granted>,
    ) {
        out.clear();
        self.schedule.decide(scores, lod, budget, &mut self.runs);
        let kept = &self.perceiver_nodes;
        out.extend(self.runs.iter().filter_map(|r| {
            let id = InstanceId::try_from_i64(r.id as i64)?;
            Some((id, kept.get(&id).and_then(|(_, p)| p.clone()), *r))
        }));
    }

    // ---- Occluders (issue 15) ----

    /// Marks the collision object `id` as an occluder letting `t` through; `area`: it is an
    /// Area3D (a volume of foliage or smoke), which rays then stop at.
    pub fn add_occluder(&mut self, id: InstanceId, t: Transmission, area: bool) {
        self.state_mut()
            .occluders_mut()
            .set(BodyId(id.to_i64() as u64), t);
        if area && !self.occluder_areas.contains(&id) {
            self.occluder_areas.push(id);
        }
    }

    /// `id` is no occluder any more.
    pub fn remove_occluder(&mut self, id: InstanceId) {
        let body = BodyId(id.to_i64() as u64);
        if self.state.occluders().get(body).is_some() {
            self.state_mut().occluders_mut().remove(body);
        }
        self.occluder_areas.retain(|a| *a != id);
    }

    /// Whether rays must stop at areas: some occluder is an Area3D.
    #[must_use]
    pub fn has_occluder_areas(&self) -> bool {
        !self.occluder_areas.is_empty()
    }

    /// `aps/occluders/max_hits_per_ray`, applied when it changes.
    pub fn set_occluder_max_hits(&mut self, hits: i64) {
        let now = i64::from(self.state.occluders().max_hits());
        if now != hits.clamp(1, i64::from(aps_core::senses::transmission::MAX_HITS_LIMIT)) {
            self.state_mut().occluders_mut().set_max_hits(hits);
        }
    }

    /// Adds or moves a sound portal.
    pub fn set_portal(&mut self, portal: aps_core::senses::sound_paths::Portal) {
        self.state_mut().set_portal(portal);
    }

    /// Removes the sound portal `id`.
    pub fn remove_portal(&mut self, id: u64) {
        if self.state.portals().iter().any(|p| p.id == id) {
            self.state_mut().remove_portal(id);
        }
    }

    /// Its physics space in physics frame `frame`, and its navigation map if the map has any
    /// region (paths for sound around walls): asked of `world` (this world's `World3D` or
    /// `World2D`) the first time a frame asks, not once a pass.
    pub fn physics(&mut self, frame: u64, world: &WorldOf) -> Option<(SpaceState, Option<Rid>)> {
        if let Some((f, state, navigation)) = &self.physics {
            if *f == frame {
                return Some((state.clone(), *navigation));
            }
        }
        let (state, map) = world.physics()?;
        // A typed array of region RIDs: true when it holds any.
        let two_d = matches!(world, WorldOf::Two(_));
        let has_regions = crate::convert::navigation_server(two_d).is_some_and(|mut nav| {
            nav.call("map_get_regions", &[map.to_variant()])
                .booleanize()
        });
        let navigation = has_regions.then_some(map);
        self.physics = Some((frame, state.clone(), navigation));
        Some((state, navigation))
    }

    // ---- Saved games (issue 14) ----

    /// The schedule's clocks of perceiver `id`.
    #[must_use]
    pub fn schedule_clock(&self, id: InstanceId) -> Option<ScheduleSave> {
        self.schedule.clock(id.to_i64() as u64)
    }

    /// Sets the schedule's clocks of perceiver `id` (false if it is not scheduled here).
    pub fn set_schedule_clock(&mut self, id: InstanceId, clock: &ScheduleSave) -> bool {
        self.schedule.set_clock(id.to_i64() as u64, clock)
    }

    /// Every squad anyone is in: its number and name.
    #[must_use]
    pub fn squads(&self) -> Vec<(u32, String)> {
        let mut out: Vec<(u32, String)> = Vec::new();
        for (_, s, _) in &self.squads.members {
            if !out.iter().any(|(n, _)| n == s) {
                out.push((*s, self.squads.names.name(*s).to_string()));
            }
        }
        out
    }

    /// Every squad member: its id, squad name and role.
    pub fn squad_members_all(
        &self,
    ) -> impl Iterator<Item = (InstanceId, StringName, StringName)> + '_ {
        self.squads
            .members
            .iter()
            .map(|(m, s, r)| (*m, self.squads.names.name(*s), r.clone()))
    }

    /// Each perceivable's last motion sample: (its id, position, world time, velocity).
    pub fn motion_samples(
        &self,
    ) -> impl Iterator<Item = (InstanceId, aps_core::Vec3, f64, aps_core::Vec3)> + '_ {
        self.registry
            .entries()
            .iter()
            .filter_map(|e| e.motion.last_sample().map(|(p, t, v)| (e.id, p, t, v)))
    }

    /// Restores a perceivable's motion sample (nothing if `id` is not perceivable here).
    pub fn set_motion_sample(
        &mut self,
        id: InstanceId,
        position: aps_core::Vec3,
        time: f64,
        velocity: aps_core::Vec3,
    ) {
        self.registry.set_motion(
            id,
            aps_core::gather::motion::VelocitySampler::restored(position, time, velocity),
        );
    }

    // ---- Squads (spec section 10) ----

    /// Puts `member` in squad `name` with `role`, leaving any squad it was in. Returns false
    /// when the world has no room for another squad (warned once).
    pub fn join_squad(&mut self, member: InstanceId, name: StringName, role: StringName) -> bool {
        self.leave_squad(member);
        let squads = &mut self.squads;
        let squad = squads.names.intern(&name);
        if squad == 0 {
            return false;
        }
        squads.members.push((member, squad, role));
        true
    }

    /// Takes `member` out of its squad; a squad nobody is in any more is forgotten.
    pub fn leave_squad(&mut self, member: InstanceId) {
        let squads = &mut self.squads;
        let Some(i) = squads.members.iter().position(|(m, _, _)| *m == member) else {
            return;
        };
        let (_, squad, _) = squads.members.swap_remove(i);
        if !squads.members.iter().any(|(_, s, _)| *s == squad) {
            let name = squads.names.name(squad);
            squads.names.remove(&name);
        }
    }

    /// The members of squad `name` that still exist.
    #[must_use]
    pub fn squad_members<T: GodotClass + Inherits<Node>>(&self, name: &StringName) -> Array<Gd<T>> {
        let Some(squad) = self.squads.names.find(name) else {
            return Array::new();
        };
        self.squads
            .members
            .iter()
            .filter(|(_, s, _)| *s == squad)
            .filter_map(|(m, _, _)| Gd::<T>::try_from_instance_id(*m).ok())
            .collect()
    }

    /// The role `member` joined its squad with.
    #[must_use]
    pub fn squad_role(&self, member: InstanceId) -> Option<StringName> {
        self.squads
            .members
            .iter()
            .find(|(m, _, _)| *m == member)
            .map(|(_, _, r)| r.clone())
    }

    /// The squad a perception component is in.
    #[must_use]
    pub fn squad_of(&self, member: InstanceId) -> Option<u32> {
        self.squads
            .members
            .iter()
            .find(|(m, _, _)| *m == member)
            .map(|(_, s, _)| *s)
    }

    /// Members' reports for their mates.
    pub fn post_sightings(&mut self, sightings: impl Iterator<Item = Sighting>) {
        let mut sightings = sightings.peekable();
        if sightings.peek().is_some() {
            let state = Rc::make_mut(&mut self.state);
            for s in sightings {
                state.post_sighting(s);
            }
        }
    }

    // ---- Stats ----

    pub fn stats(&self) -> &WorldStats {
        &self.stats
    }

    pub fn stats_mut(&mut self) -> &mut WorldStats {
        &mut self.stats
    }

    /// The points of a target's scent trail still held, oldest first.
    #[must_use]
    pub fn scent_trail(&self, target: TargetId) -> PackedVector3Array {
        self.scent_points(target)
            .into_iter()
            .map(to_vector3)
            .collect()
    }

    /// The points of a target's scent trail still held, oldest first, in the core's space.
    #[must_use]
    pub fn scent_points(&self, target: TargetId) -> Vec<Vec3> {
        let Some(trail) = self.state.scents().trail(target) else {
            return Vec::new();
        };
        let mut points: Vec<_> = trail.points().to_vec();
        points.sort_by(|a, b| a.time.total_cmp(&b.time));
        points.iter().map(|p| p.position).collect()
    }
}
