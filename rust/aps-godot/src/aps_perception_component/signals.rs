//! Turning the core's events into a perception component's signals (3D or 2D, written once), after the pass (design
//! notes: never while the core is borrowed). Signals are emitted through the component's
//! `Gd` with no bind held, so a handler may call back into the component, free a target,
//! free the component or the AI's whole body: each signal resolves its nodes as it is
//! emitted, a target freed by an earlier handler arrives as null, and once the component itself
//! is gone the rest of the batch has nobody to go to.

use super::perceiver::{ComponentKind, PerceiverState};
use crate::aps_world::ApsWorld;
use crate::convert::live_node_as;
use aps_core::brain::emotion::Emotion;
use aps_core::events::Event;
use aps_core::{BeliefState, TargetId, TargetKind};
use godot::prelude::*;

/// One event of a batch, with what it needs from the component resolved while it was bound: the
/// tag of a place, as the game named it.
pub struct Outgoing {
    pub(super) event: Event,
    pub(super) place_tag: Option<StringName>,
}

impl<D: ComponentKind> PerceiverState<D> {
    /// Takes the pending events out, ready to emit once the component is unbound.
    pub(super) fn take_outgoing(&mut self) -> Vec<Outgoing> {
        let events = std::mem::take(&mut self.pending);
        events
            .into_iter()
            .map(|event| Outgoing {
                place_tag: match event {
                    Event::StateChanged(c) if c.kind == TargetKind::Place => {
                        Some(self.place_tag(c.target))
                    }
                    _ => None,
                },
                event,
            })
            .collect()
    }

    /// The tag of a place this AI believes in, as the game named it.
    pub(super) fn place_tag(&self, place: TargetId) -> StringName {
        let tag = self
            .core
            .as_ref()
            .and_then(|c| c.mind().places().get(place))
            .map_or(0, |p| p.tag);
        ApsWorld::singleton().bind().tag_name(tag)
    }
}

/// Emits `batch` in order through the component `this`, which must not be bound; `D` says
/// which kind of node its signals name.
pub(super) fn emit_batch<D: ComponentKind>(this: &Gd<Node>, batch: Vec<Outgoing>) {
    for out in batch {
        if !this.is_instance_valid() {
            return;
        }
        emit_one::<D>(this, out);
    }
}

/// The node behind `t` as the component's signals name it (null once it is gone).
fn node_arg<D: ComponentKind>(t: TargetId) -> Variant {
    live_node_as::<D::Node>(t).to_variant()
}

fn emit_one<D: ComponentKind>(this: &Gd<Node>, out: Outgoing) {
    let emit = |name: &str, args: &[Variant]| {
        // A signal nobody hears runs no script; one that is heard may change what collides
        // (a door put on another layer) before the next AI's rays.
        if this.has_connections(name) {
            crate::level_mirror::scripts_may_have_run();
            this.clone().emit_signal(name, args);
        }
    };
    match out.event {
        Event::StateChanged(c) if c.kind == TargetKind::Place => {
            let tag = out.place_tag.unwrap_or_default();
            let at = D::from_core(c.last_known_position).to_variant();
            let state = (c.new as i32).to_variant();
            let args = [at, tag.to_variant(), state, c.confidence.to_variant()];
            emit("location_belief_changed", &args);
        }
        Event::StateChanged(c) => {
            let (old, new) = ((c.old as i32).to_variant(), (c.new as i32).to_variant());
            // Each emit looks the target up again: a handler before it may have freed it.
            let node = node_arg::<D>(c.target);
            let confidence = c.confidence.to_variant();
            match c.new {
                BeliefState::Undetected => emit("target_forgotten", &[node]),
                BeliefState::Suspected => emit("target_suspected", &[node, confidence]),
                BeliefState::Detected => emit("target_detected", &[node, confidence]),
                BeliefState::Tracked => emit("target_tracked", &[node, confidence]),
                BeliefState::Lost => {
                    let reason = (c.loss_reason as i32).to_variant();
                    let at = D::from_core(c.last_known_position).to_variant();
                    emit("target_lost", &[node, reason, at]);
                }
                BeliefState::Remembered => emit("target_remembered", &[node, confidence]),
                BeliefState::Expired => emit("target_expired", &[node]),
            }
            if !this.is_instance_valid() {
                return;
            }
            emit("target_state_changed", &[node_arg::<D>(c.target), old, new]);
        }
        Event::AwarenessChanged { old, new } => {
            let args = [(old as i32).to_variant(), (new as i32).to_variant()];
            emit("awareness_changed", &args);
        }
        Event::AttentionChanged { old, new } => {
            let node = |t: Option<TargetId>| t.map_or_else(Variant::nil, node_arg::<D>);
            emit("attention_changed", &[node(old), node(new)]);
        }
        Event::AllClear => emit("all_clear", &[]),
        Event::PainChanged { level } => emit("pain_changed", &[level.to_variant()]),
        Event::Damaged {
            instigator,
            amount,
            location,
        } => {
            let who = instigator.map_or_else(Variant::nil, node_arg::<D>);
            let at = D::from_core(location).to_variant();
            emit("damage_taken", &[who, amount.to_variant(), at]);
        }
        Event::Touched { target } => emit("touched", &[node_arg::<D>(target)]),
        Event::ThreatLevelChanged { target, old, new } => {
            let args = [
                node_arg::<D>(target),
                (old as i32).to_variant(),
                (new as i32).to_variant(),
            ];
            emit("threat_level_changed", &args);
        }
        Event::EmotionChanged { old, new } => {
            let name = |e: Option<Emotion>| StringName::from(e.map_or("", Emotion::name));
            emit(
                "emotion_changed",
                &[name(old).to_variant(), name(new).to_variant()],
            );
        }
    }
}
