//! One perception pass of an `ApsPerceptionComponent` (spec section 13, "one pass"): gather
//! the candidates in reach, let the senses look (rays through the physics space), run the core,
//! and keep its events for the signals; then tell the squad what this AI saw.

use crate::convert::to_vec3;
use crate::perception_component::ApsPerceptionComponent;
use crate::physics_space::GodotSpace;
use crate::world::ApsWorld;
use aps_core::perception_core::{PassInput, PerceptionCore};
use aps_core::{Event, Pose};
use godot::classes::PhysicsRayQueryParameters3D;
use godot::prelude::*;
use std::time::Instant;

impl ApsPerceptionComponent {
    /// One perception pass: gather, senses, belief; events wait in `pending`.
    pub(crate) fn run_pass(&mut self, dt: f32, lod_tier: u8) {
        let started = Instant::now();
        let Some(world3d) = self.base().get_world_3d() else {
            return;
        };
        let Some(state) = world3d.get_direct_space_state() else {
            return;
        };
        let xform = self.base().get_global_transform();
        let eye = Pose {
            position: to_vec3(xform.origin),
            forward: to_vec3(-xform.basis.col_c()).normalize_or(aps_core::Vec3::NEG_Z),
        };
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
        let mut world = ApsWorld::singleton();
        let world_state = {
            let mut world = world.bind_mut();
            world.begin_frame();
            world.state()
        };
        let now = ApsWorld::world_time();
        self.held.clear();
        // Places are not nodes: they need no gathering and never "cease to exist".
        self.held.extend(
            core.mind()
                .beliefs()
                .filter(|b| b.kind == aps_core::TargetKind::Actor)
                .map(|b| b.target),
        );

        // Whoever just hit or touched the AI is perceived wherever it stands (spec section 13).
        let profile = core.mind().profile();
        let hit_window = f64::from(profile.damage.hold_time.max(dt));
        let touch_window = f64::from(profile.touch.contact_hold_time.max(dt));
        for d in world_state.damages.all() {
            if let Some(t) = d.instigator {
                if now - d.time <= hit_window && self.own_bodies.contains(&d.victim) {
                    self.held.push(t);
                }
            }
        }
        for t in world_state.touches.all() {
            if now - t.time <= touch_window && self.own_bodies.contains(&t.body) {
                self.held.push(t.other);
            }
        }
        // Reaches are measured from the eye, touch and vibration from the body below it.
        // Squad mates' sightings reach this AI wherever the target is (spec section 10).
        let me = self.base().instance_id();
        let squad = world.bind().squad_of(me);
        self.shared.clear();
        if let Some(squad) = squad {
            world_state.squads.shared_for(
                squad,
                me.to_i64() as u64,
                now,
                &core.mind().profile().squad,
                &mut self.shared,
            );
            self.held.extend(self.shared.iter().map(|(t, _)| *t));
        }
        core.mind_mut().set_team(self.team_id);
        let range = core.gather_range() + eye.position.distance(body);
        world.bind_mut().gather(
            xform.origin,
            range,
            &self.own_ids,
            &self.held,
            &mut self.candidates,
            &mut self.gone,
        );
        // Everything the pass reads leaves `self`, so that while it runs this component can be
        // re-entered (a GDScript sense calling back) through the `base_mut` guard below.
        let own_rids = self.own_rids.clone();
        let mut query = self.query.take().unwrap_or_else(|| {
            let mut q = PhysicsRayQueryParameters3D::new_gd();
            q.set_exclude(&own_rids);
            q
        });
        let candidates = std::mem::take(&mut self.candidates);
        let gone = std::mem::take(&mut self.gone);
        let own_bodies = std::mem::take(&mut self.own_bodies);
        let shared = std::mem::take(&mut self.shared);
        let mut pending = std::mem::take(&mut self.pending);
        self.in_pass = true;
        {
            let _reentrant = self.base_mut();
            let mut space = GodotSpace::new(state, &mut query);
            let input = PassInput {
                dt,
                eye,
                body,
                own: &own_bodies,
                world: world_state.view(now),
                candidates: &candidates,
                destroyed: &gone,
                shared: &shared,
                lod_tier,
            };
            pending.extend_from_slice(core.run(input, &mut space));
        }
        self.in_pass = false;
        self.query = Some(query);
        self.candidates = candidates;
        self.gone = gone;
        self.own_bodies = own_bodies;
        self.shared = shared;
        self.pending = pending;
        let pass = core.last_pass();
        if let Some(squad) = squad {
            post_sightings(&core, squad, me, now);
        }
        drop(world_state);
        self.core = Some(core);
        let detections = self
            .pending
            .iter()
            .filter(
                |e| matches!(e, Event::StateChanged(c) if c.new == aps_core::BeliefState::Detected),
            )
            .count() as u32;
        world.bind_mut().count_pass(
            pass.candidates,
            pass.rays,
            detections,
            started.elapsed().as_micros() as u64,
        );
    }
}

/// Tells the squad what this AI perceives itself (not what mates told it): every actor it has
/// Detected or Tracked, at its last known position.
fn post_sightings(core: &PerceptionCore, squad: u32, me: InstanceId, now: f64) {
    let mut world = ApsWorld::singleton();
    let mut world = world.bind_mut();
    for b in core.mind().beliefs() {
        let own_senses = b
            .active
            .iter()
            .any(|s| s != aps_core::brain::squad::SQUAD_SENSE);
        if b.kind == aps_core::TargetKind::Actor && b.state.is_in_contact() && own_senses {
            world.post_sighting(aps_core::brain::squad::Sighting {
                squad,
                member: me.to_i64() as u64,
                target: b.target,
                confidence: b.confidence,
                position: b.last_known_position,
                time: now,
            });
        }
    }
}
