//! What a perception component's debug drawing shows, as shapes: its cones, rays, believed
//! targets, sounds, scent trails and attention, for the 3D component and its 2D twin alike (the
//! nodes that draw them are `debug_draw`'s).

use super::perceiver::{ComponentKind, PerceiverState};
use crate::aps_world::ApsWorld;
use crate::convert::live_node_as;
use crate::debug_draw::flags;
use crate::debug_draw::scene::{BeliefMark, DrawInput, DrawScene};
use crate::dim::Spatial;
use aps_core::senses::hearing::in_earshot;
use aps_core::senses::id::Sense;
use aps_core::{BeliefState, Pose, TargetId, TargetKind, Vec3};
use godot::prelude::*;

impl<D: ComponentKind> PerceiverState<D> {
    /// The shapes of this frame's drawing with flags `f`, seen from `eye` by the component `me`.
    pub(super) fn draw_scene(&self, f: u32, eye: Pose, me: InstanceId) -> DrawScene {
        // Before its first pass it believes nothing: only its cones are drawn (apart).
        let Some(core) = &self.core else {
            return DrawScene::default();
        };
        let mind = core.mind();
        let profile = mind.profile();
        let rays: Vec<_> = core
            .notes()
            .rays()
            .iter()
            .filter(|r| r.sense == Sense::Vision.id())
            .copied()
            .collect();
        let mut beliefs = Vec::new();
        let mut trails = Vec::new();
        let aps = ApsWorld::singleton();
        let aps = aps.bind();
        let world = self.world.and_then(|k| aps.world(k));
        for b in mind.beliefs() {
            if b.state == BeliefState::Undetected && b.confidence < 0.01 {
                continue;
            }
            beliefs.push(BeliefMark {
                at: stands_at(b.target).unwrap_or(b.last_known_position),
                name: self.target_label(b.target),
                state: b.state,
                confidence: b.confidence,
                dominant: b.dominant.map_or_else(String::new, |s| self.sense_label(s)),
                last_known: b.last_known_position,
                predicted: mind
                    .predicted_position(b.target)
                    .unwrap_or(b.last_known_position),
                uncertainty: b.uncertainty_radius,
                loss: b.loss_reason,
                why: if f & flags::LABELS != 0 {
                    self.why_line(&core.explain(b.target))
                } else {
                    String::new()
                },
            });
            if f & flags::SCENT != 0 && b.kind == TargetKind::Actor {
                if let Some(w) = world {
                    let trail = w.scent_points(b.target);
                    if trail.len() > 1 {
                        trails.push(trail);
                    }
                }
            }
        }
        let sounds = if f & flags::SOUNDS != 0 && profile.hearing.enabled {
            world.map_or_else(Vec::new, |w| sound_rings(w, &profile.hearing, eye, me))
        } else {
            Vec::new()
        };
        let attention = mind.attention_target().map(|t| {
            stands_at(t)
                .or_else(|| mind.belief(t).map(|b| b.last_known_position))
                .unwrap_or(eye.position)
        });
        DrawScene::make(&DrawInput {
            flags: f,
            eye,
            up: aps_core::Vec3::Y,
            rays: &rays,
            beliefs: &beliefs,
            sounds: &sounds,
            trails: &trails,
            attention,
        })
    }
}

/// Where a target stands now, in the core's space, if it still exists and is in the tree (a
/// node out of the tree has no global transform to read).
fn stands_at(t: TargetId) -> Option<Vec3> {
    let node = live_node_as::<Node>(t)?;
    if !node.is_inside_tree() {
        return None;
    }
    Spatial::of(&node).map(|s| s.global_position())
}

/// The sounds in `me`'s earshot in `world`, seen from `eye`: each a ring that spreads over the
/// sound's hold time (its place and radius).
fn sound_rings(
    world: &crate::world::World,
    hearing: &aps_core::profile::HearingSettings,
    eye: Pose,
    me: InstanceId,
) -> Vec<(Vec3, f32)> {
    let mut sounds = Vec::new();
    let now = ApsWorld::world_time();
    let tier = world.tier_of(me).unwrap_or(0);
    let state = world.state();
    if let Some(buffer) = state.view(now).sounds {
        let hold = f64::from(hearing.sound_hold_time.max(0.01));
        for s in buffer.all() {
            if in_earshot(hearing, s, eye.position, now, tier) {
                let spread = ((now - s.time) / hold) as f32;
                sounds.push((s.location, 0.3 + 2.0 * spread));
            }
        }
    }
    sounds
}
