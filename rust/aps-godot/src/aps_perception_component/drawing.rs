//! What a perception component's debug drawing shows, as shapes: its cones, rays, believed
//! targets, sounds, scent trails and attention, for the 3D component and its 2D twin alike (the
//! nodes that draw them are `debug_draw`'s).

use super::component::Component;
use super::perceiver::{ComponentKind, PerceiverState};
use crate::aps_world::ApsWorld;
use crate::convert::live_node_as;
use crate::debug_draw::flags;
use crate::debug_draw::scene::{BeliefMark, DrawInput, DrawScene};
use crate::debug_draw::Drawing;
use crate::dim::Spatial;
use crate::editor::in_editor;
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
            let (light, lamps) = light_marks(&aps, b.target, f);
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
                light,
                lamps,
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

/// The level's lights on target `t` as its last measurement found them: in words, for the
/// labels, and where each lamp stands, for the rays (flags `f`).
fn light_marks(aps: &ApsWorld, t: TargetId, f: u32) -> (String, Vec<(Vec3, bool)>) {
    if f & (flags::LABELS | flags::RAYS) == 0 {
        return (String::new(), Vec::new());
    }
    let Some(reading) = live_node_as::<Node>(t).and_then(|n| aps.reading_of(&n)) else {
        return (String::new(), Vec::new());
    };
    let lamp = |id: u64| {
        InstanceId::try_from_i64(id as i64).and_then(|i| Gd::<Node>::try_from_instance_id(i).ok())
    };
    let words = if f & flags::LABELS != 0 {
        reading.words(&|id| {
            lamp(id).map_or_else(|| format!("light #{id}"), |n| n.get_name().to_string())
        })
    } else {
        String::new()
    };
    let lamps = if f & flags::RAYS != 0 {
        reading
            .lights
            .iter()
            .filter_map(|l| {
                let at = lamp(l.id).filter(|n| n.is_inside_tree())?;
                Some((Spatial::of(&at)?.global_position(), l.shadowed))
            })
            .collect()
    } else {
        Vec::new()
    };
    let text = if words.is_empty() {
        String::new()
    } else {
        format!("light: {words}")
    };
    (text, lamps)
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

/// What its drawing drew last frame, for `get_debug_draw_counts`.
pub(super) fn draw_counts<C: Component>(c: &C) -> VarDictionary {
    let counts = c
        .state()
        .draw
        .as_ref()
        .map(Drawing::counts)
        .unwrap_or_default();
    vdict! {
        "drawing" => is_drawing(c),
        "green_rays" => i64::from(counts.green_rays),
        "red_rays" => i64::from(counts.red_rays),
        "labels" => i64::from(counts.labels),
        "lines" => i64::from(counts.lines),
        "cone_lines" => i64::from(counts.cone_lines),
        "circles" => i64::from(counts.circles),
    }
}

/// The debugger's tab asks to draw this AI (or no longer).
pub(super) fn set_drawn_by_debugger<C: Component>(c: &mut C, on: bool) {
    c.state_mut().drawn_by_debugger = on;
    let node = c.as_node();
    if on && node.is_inside_tree() {
        ApsWorld::singleton()
            .bind_mut()
            .add_drawing(node.instance_id());
    }
}

/// Whether its drawing is shown.
pub(super) fn is_drawing<C: Component>(c: &C) -> bool {
    c.state().draw.as_ref().is_some_and(Drawing::is_shown)
}

/// Draws what this AI perceives and believes, for the flags it or the project asks
/// (`draw_all`); false when nothing is drawn.
pub(super) fn redraw<C: Component>(c: &mut C, draw_all: bool) -> bool {
    let f = c.state().draw_flags(c.knobs().debug_draw as u32, draw_all);
    let mut me = c.node();
    if in_editor() || !me.clone().upcast::<Node>().is_inside_tree() {
        super::life::stop_drawing(c);
        return false;
    }
    if f == 0 {
        if let Some(d) = c.state_mut().draw.as_mut() {
            d.set_shown(false);
        }
        return false;
    }
    // A script freed its nodes (they are children like any other): made anew.
    if c.state().draw.as_ref().is_some_and(|d| !d.is_intact()) {
        super::life::stop_drawing(c);
    }
    let id = c.as_node().instance_id();
    let state = c.state_mut();
    state
        .draw
        .get_or_insert_with(|| Drawing::new(&mut me))
        .set_shown(true);
    let (vision, hearing) = state.core.as_ref().map_or((None, None), |core| {
        let p = core.mind().profile();
        let v = &p.vision;
        (
            v.enabled
                .then_some((v.max_range, v.main_cone_half_angle, v.peripheral_half_angle)),
            p.hearing.enabled.then_some(p.hearing.max_range),
        )
    });
    let now = state.core.as_ref().map_or(-1.0, |core| core.mind().now());
    // The shapes first, the nodes after: the drawing stays in the state whatever happens.
    let stale = state.draw.as_ref().is_some_and(|d| d.is_stale(f, now));
    // The eye is read from the engine only when there is something new to draw from it.
    let scene = stale.then(|| c.state().draw_scene(f, c.eye(), id));
    let Some(draw) = c.state_mut().draw.as_mut() else {
        return false;
    };
    let (range, main, peripheral) = vision.unwrap_or_default();
    draw.draw_cones(f, [range, main, peripheral, hearing.unwrap_or(0.0)], || {
        DrawScene::cones(vision, hearing)
    });
    if let Some(scene) = scene {
        draw.draw(&mut me, f, now, &scene);
    }
    true
}
