//! `ApsDriver`: the one node that runs perception each physics frame (spec section 10: the
//! component ticks, but perception runs every Base Update Interval, scaled by level of detail;
//! section 14: a frame budget). ApsWorld adds it to the scene tree's root when the first
//! perception component appears; it runs after the game's own nodes, world by world.

use crate::aps_perception_component::Perceiver;
use crate::aps_significance_policy::{default_score, policy_score};
use crate::aps_world::ApsWorld;
use crate::world::{Granted, WorldKey};
use godot::classes::{INode, Node};
use godot::prelude::*;
use std::time::Instant;

/// Runs APS perception once per physics frame. APS adds it itself, so the class is internal:
/// registered with Godot but kept out of the Create Node dialog and the class reference.
#[derive(GodotClass)]
#[class(init, internal, base = Node)]
pub struct ApsDriver {
    buffers: DriveBuffers,
    base: Base<Node>,
}

/// What a frame's drive fills, kept from frame to frame so a frame allocates nothing.
#[derive(Default)]
struct DriveBuffers {
    keys: Vec<WorldKey>,
    due: Vec<(InstanceId, f32, u8)>,
    scores: Vec<f32>,
    runs: Vec<Granted>,
}

#[godot_api]
impl INode for ApsDriver {
    fn ready(&mut self) {
        crate::monitors::register();
    }

    fn physics_process(&mut self, delta: f64) {
        // Taken out for the frame: scripts run inside it, and nothing of the driver is bound.
        let mut buffers = std::mem::take(&mut self.buffers);
        drive(delta as f32, &mut buffers);
        self.buffers = buffers;
        redraw();
        crate::debugger::frame(delta);
    }
}

/// One frame: for each world, plan who perceives (no GDScript runs while `ApsWorld` is
/// borrowed), score with the significance policy if one is set, then run the granted
/// components.
fn drive(delta: f32, b: &mut DriveBuffers) {
    let mut world = ApsWorld::singleton();
    world.bind_mut().begin_drive(&mut b.keys);
    for &key in &b.keys {
        let started = Instant::now();
        let policy = world.bind_mut().plan_advance(key, delta, &mut b.due);
        b.scores.clear();
        b.scores.extend(
            b.due
                .iter()
                .map(|&(id, distance, awareness)| match &policy {
                    Some(p) => {
                        let node = crate::dim::Spatial::from_id(id);
                        policy_score(p, node, distance, i32::from(awareness))
                    }
                    None => default_score(distance, i32::from(awareness)),
                }),
        );
        world.bind_mut().plan_decide(key, &b.scores, &mut b.runs);
        let mut passes = 0u32;
        for (id, kept, run) in &b.runs {
            // Anything may have been freed by the runs before it this frame.
            match kept.as_ref().filter(|c| c.is_instance_valid()) {
                Some(c) => {
                    c.run_scheduled(run.dt, run.full, run.tier);
                    passes += u32::from(run.full);
                }
                None => world.bind_mut().remove_perceiver(*id),
            }
        }
        world
            .bind_mut()
            .end_frame(key, passes, started.elapsed().as_micros() as u64);
    }
}

/// Redraws the debug drawing of every AI that draws, after perception.
fn redraw() {
    let mut world = ApsWorld::singleton();
    let (draw_all, ids) = world.bind_mut().drawing_now();
    for id in ids {
        let drawing = Perceiver::from_id(id).is_some_and(|mut c| c.redraw(draw_all));
        if !drawing {
            world.bind_mut().remove_drawing(id);
        }
    }
}

/// Makes the driver node, ready to be added to the tree.
#[must_use]
pub fn new_driver() -> Gd<Node> {
    let mut d = ApsDriver::new_alloc();
    d.set_name("ApsDriver");
    // After the game's own nodes have moved things this frame.
    d.set_physics_process_priority(1000);
    d.upcast()
}
