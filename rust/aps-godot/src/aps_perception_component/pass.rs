//! One perception pass of a perception component, 3D or 2D (spec section 10), written once in
//! [`PerceiverState`]'s stages, in three steps so that no bind of the component is held while
//! scripts run:
//!
//! 1. [`PerceiverState::prepare_pass`] (bound): gather the candidates in reach from the AI's
//!    world and take the core and everything the pass reads out of the component.
//! 2. [`PreparedPass::run`] (unbound): the senses look, rays go through the world's physics
//!    space and the core runs. A custom sense's script may call back into the component, free
//!    a target, the component or the AI's body; a script's panic stays in its pass.
//! 3. [`PerceiverState::finish_pass`] (bound again, if the component still exists):
//!    the core goes back, its events wait for the signals, the squad hears what this AI saw.
//!
//! Every rule is the core's: which targets are held, the gather radius, what mates share.

use super::component::Component;
use super::perceiver::{ComponentKind, PerceiverState};
use crate::aps_world::ApsWorld;
use crate::debug_draw::flags;
use crate::dim::{Spatial, WorldOf};
use crate::physics_space::{GodotSpace, RayKind, RayQuery};
use crate::world::WorldKey;
use aps_core::brain::squad::sightings;
use aps_core::crowd::selection::Nearby;
use aps_core::gather::target::TargetSnapshot;
use aps_core::perception_core::{PassInput, PerceptionCore};
use aps_core::senses::rays::BodyId;
use aps_core::world::Surroundings;
use aps_core::{Event, Pose, SenseReading, TargetId, Vec3};
use godot::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;
use std::time::Instant;

thread_local! {
    /// Perception passes under way on this thread (a custom sense's script runs inside one).
    static PASSES_RUNNING: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Whether a perception pass is under way: calls that save or replace what AI hold are refused
/// from inside one (a custom sense's script).
pub(crate) fn a_pass_is_running() -> bool {
    PASSES_RUNNING.with(|n| n.get() > 0)
}

/// What a pass fills and reuses: the ray query (its exclusion list holds the AI's own bodies),
/// the AI's own bodies as the core knows them, the candidates, the believed targets that no
/// longer exist, the held targets, and what squad mates shared. Nothing in it is made through
/// the engine until a pass needs it, so taking it out for a pass costs no engine call.
pub struct PassBuffers<D: RayKind> {
    pub(super) query: Option<RayQuery<D>>,
    pub(super) own: Vec<BodyId>,
    pub(super) candidates: Vec<TargetSnapshot>,
    pub(super) gone: Vec<TargetId>,
    pub(super) held: Vec<TargetId>,
    pub(super) shared: Vec<(TargetId, SenseReading)>,
    pub(super) nearby: Vec<Nearby>,
    pub(super) chosen: Vec<TargetId>,
}

impl<D: RayKind> Default for PassBuffers<D> {
    fn default() -> Self {
        PassBuffers {
            query: None,
            own: Vec::new(),
            candidates: Vec::new(),
            gone: Vec::new(),
            held: Vec::new(),
            shared: Vec::new(),
            nearby: Vec::new(),
            chosen: Vec::new(),
        }
    }
}

impl<D: RayKind> PassBuffers<D> {
    /// Rays skip these bodies (the AI's own) from now on.
    pub fn exclude(&mut self, rids: &Array<Rid>) {
        if let Some(q) = &mut self.query {
            D::set_exclude(q, rids);
        }
    }

    /// The reused query; a new one skips `rids`.
    pub fn take_query(&mut self, rids: &Array<Rid>) -> RayQuery<D> {
        self.query.take().unwrap_or_else(|| D::new_query(rids))
    }
}

/// A pass taken out of its component, ready to run with the component unbound.
pub struct PreparedPass<D: RayKind> {
    pub(super) core: PerceptionCore,
    pub(super) buffers: PassBuffers<D>,
    pub(super) query: RayQuery<D>,
    pub(super) space_state: Gd<D::Space>,
    pub(super) world: WorldKey,
    pub(super) surroundings: Rc<Surroundings>,
    pub(super) squad: Option<u32>,
    pub(super) eye: Pose,
    pub(super) body: Vec3,
    pub(super) dt: f32,
    pub(super) lod_tier: u8,
    pub(super) now: f64,
    pub(super) started: Instant,
    pub(super) events: Vec<Event>,
    /// The core panicked (a script's bad answer gdext could not convert, say).
    pub(super) panicked: bool,
    /// Time spent inside ray queries.
    pub(super) ray_time: std::time::Duration,
    /// Debug drawing shows the rays: read where each one stopped.
    pub(super) hit_points: bool,
    /// The world has Area3D occluders: rays stop at areas.
    pub(super) occluder_areas: bool,
    /// The world's navigation map, if it has regions: paths for sound around walls.
    pub(super) navigation: Option<Rid>,
    /// Which body each part of a perceivable body belongs to, for the rays.
    pub(super) part_owners: crate::parts::PartOwners,
    /// The world whose static mirror rays ask first, and whether the engine checks it.
    pub(super) mirror: Option<(WorldKey, bool)>,
}

impl<D: RayKind> PreparedPass<D> {
    /// The senses look and the core runs. Nothing of the component is touched.
    pub fn run(&mut self) {
        let view = self.surroundings.view(self.now);
        let b = &self.buffers;
        let input = PassInput {
            dt: self.dt,
            eye: self.eye,
            body: self.body,
            own: &b.own,
            world: view,
            candidates: &b.candidates,
            destroyed: &b.gone,
            shared: &b.shared,
            lod_tier: self.lod_tier,
        };
        let areas = self
            .occluder_areas
            .then(|| self.surroundings.occluders().clone());
        let mut space = GodotSpace::<D>::new(self.space_state.clone(), &mut self.query)
            .with_hit_points(self.hit_points)
            .with_own_count(b.own.len())
            .with_occluder_areas(areas)
            .with_navigation(self.navigation)
            .with_part_owners(std::rc::Rc::clone(&self.part_owners))
            .with_mirror(self.mirror);
        let core = &mut self.core;
        let events = &mut self.events;
        // Counted while the senses run (a custom sense's script may call back into APS); a
        // panic is caught, so the count always comes back down.
        PASSES_RUNNING.with(|n| n.set(n.get() + 1));
        let run = catch_unwind(AssertUnwindSafe(|| {
            events.extend_from_slice(core.run(input, &mut space));
        }));
        PASSES_RUNNING.with(|n| n.set(n.get().saturating_sub(1)));
        self.panicked = run.is_err();
        self.ray_time = space.ray_time;
    }
}

/// What a pass needs of its component beyond its state, read by the class as the pass starts:
/// who it is, where it is, where its eye looks, its team and its own drawing flags.
pub struct ComponentView {
    pub id: InstanceId,
    pub spatial: Spatial,
    /// The class's name, in warnings.
    pub class: &'static str,
    pub eye: Pose,
    pub team: i32,
    /// Its `debug_draw` flags.
    pub draw_flags: u32,
}

impl<D: ComponentKind> PerceiverState<D> {
    /// What is drawn now: the component's own flags, or everything while the project setting
    /// (`draw_all`) or the debugger asks.
    pub(super) fn draw_flags(&self, own: u32, draw_all: bool) -> u32 {
        if self.drawn_by_debugger || draw_all {
            flags::ALL
        } else {
            own
        }
    }

    /// Step 1: gather and take out what the pass reads. `None` when there is nothing to run
    /// (no world, no physics space, no core, or an AI that is nowhere real).
    pub(super) fn prepare_pass(
        &mut self,
        me: &ComponentView,
        (key, world_of): (WorldKey, WorldOf),
        (dt, lod_tier): (f32, u8),
        started: Instant,
    ) -> Option<PreparedPass<D>> {
        let eye = me.eye;
        // Its parent never changes while it is in the tree: found as it entered.
        let body = self.own.parent_position().unwrap_or(eye.position);
        if !self.somewhere_real(me, body) {
            return None;
        }
        let mut aps = ApsWorld::singleton();
        let mut aps = aps.bind_mut();
        // The frame's clock, read once as the frame began.
        let (frame, now) = aps.frame_clock();
        let (space_state, navigation) = aps.world_mut(key).physics(frame, &world_of)?;
        let space_state = D::space_of(space_state)?;
        let mut core = self.core.take()?;
        let (surroundings, squad, occluder_areas) = begin_world_frame(&mut aps, key, me.id);
        let mirror = aps.mirror_for(key, occluder_areas);
        let view = surroundings.view(now);
        let mut buffers = std::mem::take(&mut self.buffers);
        let b = &mut buffers;
        let mate = squad.map(|squad| (squad, me.id.to_i64() as u64));
        shared_sightings(&core, &surroundings, mate, now, &mut b.shared);
        core.held_targets(&view, self.own.bodies(), &b.shared, &mut b.held);
        core.mind_mut().set_team(me.team);
        // Senses note what made each reading for explain() and the drawing. Drawing wanted,
        // shown or not yet: a drawing turned on between passes shows this pass's rays where
        // they stopped.
        let drawn = self.draw_flags(me.draw_flags, aps.draws_all()) != 0;
        core.set_noting(aps.notes_factors() || drawn);
        let range = core.gather_radius(eye.position, body);
        let use_grid = aps.uses_grid();
        let (world, tags) = aps.world_and_tags(key);
        let mut tag = |t: &StringName| tags.intern(t);
        let looking = Looking {
            view: &view,
            eye,
            body,
            range,
            use_grid,
        };
        look_around(&mut core, world, &looking, self.own.nodes(), &mut tag, b);
        let part_owners = world.registry().part_owners();
        b.own.clear();
        b.own.extend_from_slice(self.own.bodies());
        let query = b.take_query(self.own.rids());
        self.in_pass = true;
        Some(PreparedPass {
            core,
            buffers,
            query,
            space_state,
            world: key,
            surroundings,
            squad,
            eye,
            body,
            dt,
            lod_tier,
            now,
            started,
            events: std::mem::take(&mut self.pending),
            panicked: false,
            ray_time: std::time::Duration::ZERO,
            hit_points: drawn,
            occluder_areas,
            navigation,
            part_owners,
            mirror,
        })
    }

    /// Whether the AI is somewhere real (its eye and `body` are positions). One that is not
    /// perceives nothing: it skips its pass, said once while it stays there (and at most once
    /// a second should it keep coming and going).
    fn somewhere_real(&mut self, me: &ComponentView, body: Vec3) -> bool {
        if me.eye.position.is_finite() && body.is_finite() {
            self.warned_nowhere = false;
            return true;
        }
        if !self.warned_nowhere {
            self.warned_nowhere = true;
            crate::warnings::warn("nowhere", Some(me.id), || {
                format!(
                    "{} {}: it is at {}, which is not a position; it skips its perception \
                     passes until it is somewhere real",
                    me.class,
                    me.spatial.node().get_path(),
                    me.spatial.position_text()
                )
            });
        }
        false
    }

    /// Step 3: everything goes back; events wait for the signals; the squad and the stats hear
    /// of the pass.
    pub(super) fn finish_pass(&mut self, me: (InstanceId, &Gd<Node>, &str), pass: PreparedPass<D>) {
        let (id, node, class) = me;
        let PreparedPass {
            core,
            mut buffers,
            query,
            world,
            surroundings,
            squad,
            now,
            started,
            events,
            panicked,
            ray_time,
            ..
        } = pass;
        self.in_pass = false;
        buffers.query = Some(query);
        self.buffers = buffers;
        // Reparented by a script during the pass: its rays skip the bodies it has now.
        if std::mem::take(&mut self.exclude_stale) {
            self.buffers.exclude(self.own.rids());
        }
        self.pending = events;
        if panicked {
            // A sense that fails every pass is one cause: said at most once a second.
            crate::warnings::error("pass failed", Some(id), || {
                format!(
                    "{class} {}: its perception pass failed (see the error above); its beliefs \
                     are kept as they were and the next pass runs as usual",
                    node.get_path()
                )
            });
        }
        let stats = core.last_pass();
        // The pass no longer reads the world's state: posting to it copies nothing.
        drop(surroundings);
        {
            let mut aps = ApsWorld::singleton();
            let mut aps = aps.bind_mut();
            let world = aps.world_mut(world);
            if let Some(squad) = squad {
                let me_id = id.to_i64() as u64;
                world.post_sightings(sightings(core.mind(), squad, me_id, now));
            }
            if !panicked {
                let stats_of = world.stats_mut();
                stats_of.count_pass(stats, started.elapsed().as_micros() as u64);
                stats_of.count_ray_time(ray_time.as_nanos() as u64);
            }
        }
        self.core = Some(core);
    }
}

/// What squad mates saw, for the AI `mate` (its squad and id; none: it is in no squad): their
/// sightings reach it wherever the target is (spec section 10).
fn shared_sightings(
    core: &PerceptionCore,
    surroundings: &Surroundings,
    mate: Option<(u32, u64)>,
    now: f64,
    shared: &mut Vec<(TargetId, SenseReading)>,
) {
    shared.clear();
    if let Some((squad, me)) = mate {
        let profile = &core.mind().profile().squad;
        surroundings
            .squads()
            .shared_for(squad, me, now, profile, shared);
    }
}

/// Where and how far a pass looks.
struct Looking<'a> {
    view: &'a aps_core::senses::contract::WorldView<'a>,
    eye: Pose,
    body: Vec3,
    range: f32,
    use_grid: bool,
}

/// Who is in reach, from the grid; whom to look at, chosen by the core before anything is
/// read; then a look at just those, into `b`'s candidates (and the targets gone since).
fn look_around<D: RayKind>(
    core: &mut PerceptionCore,
    world: &mut crate::world::World,
    l: &Looking,
    own: &[InstanceId],
    tag: &mut dyn FnMut(&StringName) -> u32,
    b: &mut PassBuffers<D>,
) {
    let now = l.view.now;
    let at = l.eye.position;
    world.nearby(now, l.use_grid, at, l.range, own, tag, &mut b.nearby);
    core.choose_looks(l.view, l.eye, l.body, &b.nearby, &b.held, &mut b.chosen);
    world.look_at(
        now,
        at,
        l.range,
        &b.chosen,
        &b.held,
        own,
        tag,
        &mut b.candidates,
        &mut b.gone,
    );
}

/// The world's frame begun (its clock read, its stimuli taken in, once a frame whoever asks
/// first): its state as of now, the squad of the perceiver `me`, and whether some occluder is
/// an area.
fn begin_world_frame(
    aps: &mut ApsWorld,
    key: WorldKey,
    me: InstanceId,
) -> (Rc<Surroundings>, Option<u32>, bool) {
    let (frame, now) = aps.frame_clock();
    let (world, tags) = aps.world_and_tags(key);
    world.begin_frame(frame, now, &mut |t| tags.intern(t));
    (
        world.state(),
        world.squad_of(me),
        world.has_occluder_areas(),
    )
}

/// Step 1 (see the module): the component as the pass sees it, and the pass.
pub(super) fn prepare<C: Component>(
    c: &mut C,
    dt: f32,
    lod_tier: u8,
) -> Option<PreparedPass<C::Kind>> {
    let started = Instant::now();
    let world = c.spatial().world()?;
    let me = view(c);
    c.state_mut()
        .prepare_pass(&me, world, (dt, lod_tier), started)
}

/// Step 3 (see the module).
pub(super) fn finish<C: Component>(c: &mut C, pass: PreparedPass<C::Kind>) {
    let node = c.as_node();
    c.state_mut()
        .finish_pass((node.instance_id(), &node, C::CLASS), pass);
}

/// The component as a pass sees it, its eye read as of the frame's clock.
fn view<C: Component>(c: &mut C) -> ComponentView {
    let (_, now) = ApsWorld::singleton().bind().frame_clock();
    ComponentView {
        id: c.as_node().instance_id(),
        spatial: c.spatial(),
        class: C::CLASS,
        eye: c.eye_now(now),
        team: c.own_team(),
        draw_flags: c.knobs().debug_draw as u32,
    }
}
