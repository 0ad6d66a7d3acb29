//! One perception pass of an `ApsPerceptionComponent` (spec section 10): gather the candidates
//! in reach from the AI's world, let the senses look (rays through the world's physics space),
//! run the core, and keep its events for the signals; then tell the squad what this AI saw.
//! Every rule is the core's: which targets are held, the gather radius, what mates share.

use super::ApsPerceptionComponent;
use crate::aps_world::{intern, ApsWorld};
use crate::convert::to_vec3;
use crate::physics_space::GodotSpace;
use aps_core::brain::squad::sightings;
use aps_core::gather::target::TargetSnapshot;
use aps_core::perception_core::PassInput;
use aps_core::{SenseReading, TargetId};
use godot::classes::{Engine, PhysicsRayQueryParameters3D};
use godot::prelude::*;
use std::time::Instant;

/// What a pass fills and reuses: the ray query (its exclusion list holds the AI's own bodies),
/// the candidates, the believed targets that no longer exist, the held targets, and what squad
/// mates shared.
#[derive(Default)]
pub struct PassBuffers {
    query: Option<Gd<PhysicsRayQueryParameters3D>>,
    exclude: Array<Rid>,
    candidates: Vec<TargetSnapshot>,
    gone: Vec<TargetId>,
    held: Vec<TargetId>,
    shared: Vec<(TargetId, SenseReading)>,
}

impl PassBuffers {
    /// Rays skip these bodies (the AI's own).
    pub fn exclude(&mut self, rids: &Array<Rid>) {
        self.exclude = rids.clone();
        if let Some(q) = &mut self.query {
            q.set_exclude(&self.exclude);
        }
    }

    fn take_query(&mut self) -> Gd<PhysicsRayQueryParameters3D> {
        let exclude = &self.exclude;
        self.query.take().unwrap_or_else(|| {
            let mut q = PhysicsRayQueryParameters3D::new_gd();
            q.set_exclude(exclude);
            q
        })
    }
}

impl ApsPerceptionComponent {
    /// One perception pass: gather, senses, belief; events wait in `pending`.
    pub(super) fn run_pass(&mut self, dt: f32, lod_tier: u8) {
        let started = Instant::now();
        let Some(world3d) = self.base().get_world_3d() else {
            return;
        };
        let Some(space_state) = world3d.get_direct_space_state() else {
            return;
        };
        let key = world3d.instance_id().to_i64();
        let eye = self.eye();
        let body = self
            .base()
            .get_parent()
            .and_then(|p| p.try_cast::<Node3D>().ok())
            .map_or(eye.position, |p| to_vec3(p.get_global_position()));
        // The core leaves `self` for the pass: a GDScript sense may call back into this
        // component (it then reads no beliefs) without meeting a borrowed core.
        let Some(mut core) = self.core.take() else {
            return;
        };
        let me = self.base().instance_id();
        let now = ApsWorld::world_time();
        let frame = Engine::singleton().get_physics_frames();
        let mut aps = ApsWorld::singleton();
        let (world_state, squad) = {
            let mut aps = aps.bind_mut();
            let world = aps.world_mut(key);
            world.begin_frame(frame, now);
            (world.state(), world.squad_of(me))
        };
        let view = world_state.view(now);

        // Squad mates' sightings reach this AI wherever the target is (spec section 10).
        let b = &mut self.buffers;
        b.shared.clear();
        if let Some(squad) = squad {
            world_state.squads().shared_for(
                squad,
                me.to_i64() as u64,
                now,
                &core.mind().profile().squad,
                &mut b.shared,
            );
        }
        core.held_targets(&view, self.own.bodies(), &b.shared, &mut b.held);
        core.mind_mut().set_team(self.team_id);
        let range = core.gather_radius(eye.position, body);
        {
            let mut aps = aps.bind_mut();
            let use_grid = aps.uses_grid();
            let (world, tags) = aps.world_and_tags(key);
            world.gather(
                now,
                use_grid,
                crate::convert::to_vector3(eye.position),
                range,
                self.own.nodes(),
                &b.held,
                &mut |t| intern(tags, t),
                &mut b.candidates,
                &mut b.gone,
            );
        }
        // Everything the pass reads leaves `self`, so that while it runs this component can be
        // re-entered (a GDScript sense calling back) through the `base_mut` guard below.
        let mut query = b.take_query();
        let buffers = std::mem::take(&mut self.buffers);
        let own = std::mem::take(&mut self.own);
        let mut pending = std::mem::take(&mut self.pending);
        self.in_pass = true;
        {
            let _reentrant = self.base_mut();
            let mut space = GodotSpace::new(space_state, &mut query);
            let input = PassInput {
                dt,
                eye,
                body,
                own: own.bodies(),
                world: view,
                candidates: &buffers.candidates,
                destroyed: &buffers.gone,
                shared: &buffers.shared,
                lod_tier,
            };
            pending.extend_from_slice(core.run(input, &mut space));
        }
        self.in_pass = false;
        self.buffers = buffers;
        self.buffers.query = Some(query);
        self.own = own;
        self.pending = pending;
        let pass = core.last_pass();
        // The pass no longer reads the world's state: posting to it copies nothing.
        drop(world_state);
        let mut aps = aps.bind_mut();
        let world = aps.world_mut(key);
        if let Some(squad) = squad {
            world.post_sightings(sightings(core.mind(), squad, me.to_i64() as u64, now));
        }
        world
            .stats_mut()
            .count_pass(pass, started.elapsed().as_micros() as u64);
        self.core = Some(core);
    }
}
