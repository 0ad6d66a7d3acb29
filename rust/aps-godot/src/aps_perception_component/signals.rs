//! Turning the core's events into `ApsPerceptionComponent` signals, after the pass (design
//! notes: never while the core is borrowed). Signals are emitted through the component's
//! `Gd` with no bind held, so a handler may call back into the component, free a target,
//! free the component or the AI's whole body: each signal resolves its nodes as it is
//! emitted, a target freed by an earlier handler arrives as null, and once the component itself
//! is gone the rest of the batch has nobody to go to.

use aps_core::events::Event;
use godot::prelude::*;

/// One event of a batch, with what it needs from the component resolved while it was bound: the
/// tag of a place, as the game named it.
pub struct Outgoing {
    pub(super) event: Event,
    pub(super) place_tag: Option<StringName>,
}

macro_rules! signals {
    ($C:ident, $I:ident, $N:ident, $V:ident, $D:ident, $S:ident, $Draw:ident, $two:literal, $px:literal) => {
        impl $C {
            /// Takes the pending events out, ready to emit once the component is unbound.
            pub(super) fn take_outgoing(&mut self) -> Vec<Outgoing> {
                let events = std::mem::take(&mut self.state.pending);
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
            pub(super) fn place_tag(&self, place: aps_core::TargetId) -> StringName {
                let tag = self
                    .state
                    .core
                    .as_ref()
                    .and_then(|c| c.mind().places().get(place))
                    .map_or(0, |p| p.tag);
                ApsWorld::singleton().bind().tag_name(tag)
            }
        }

        /// Emits `batch` in order through `this`, which must not be bound.
        fn signals_emit(this: &Gd<$C>, batch: Vec<Outgoing>) {
            for out in batch {
                if !this.is_instance_valid() {
                    return;
                }
                signals_emit_one(this, out);
            }
        }

        fn signals_emit_one(this: &Gd<$C>, out: Outgoing) {
            let mut s = this.signals();
            match out.event {
                Event::StateChanged(c) if c.kind == TargetKind::Place => {
                    let tag = out.place_tag.unwrap_or_default();
                    s.location_belief_changed().emit(
                        <$D as Dim>::from_core(c.last_known_position),
                        &tag,
                        c.new as i32,
                        c.confidence,
                    );
                }
                Event::StateChanged(c) => {
                    let (old, new) = (c.old as i32, c.new as i32);
                    // Each emit looks the target up again: a handler before it may have freed it.
                    let node = live_node_as::<$N>(c.target);
                    let node = node.as_ref();
                    match c.new {
                        BeliefState::Undetected => s.target_forgotten().emit(node),
                        BeliefState::Suspected => s.target_suspected().emit(node, c.confidence),
                        BeliefState::Detected => s.target_detected().emit(node, c.confidence),
                        BeliefState::Tracked => s.target_tracked().emit(node, c.confidence),
                        BeliefState::Lost => s.target_lost().emit(
                            node,
                            c.loss_reason as i32,
                            <$D as Dim>::from_core(c.last_known_position),
                        ),
                        BeliefState::Remembered => s.target_remembered().emit(node, c.confidence),
                        BeliefState::Expired => s.target_expired().emit(node),
                    }
                    if !this.is_instance_valid() {
                        return;
                    }
                    let node = live_node_as::<$N>(c.target);
                    this.signals()
                        .target_state_changed()
                        .emit(node.as_ref(), old, new);
                }
                Event::AwarenessChanged { old, new } => {
                    s.awareness_changed().emit(old as i32, new as i32);
                }
                Event::AttentionChanged { old, new } => {
                    let old = old.and_then(live_node_as::<$N>);
                    let new = new.and_then(live_node_as::<$N>);
                    s.attention_changed().emit(old.as_ref(), new.as_ref());
                }
                Event::AllClear => s.all_clear().emit(),
                Event::PainChanged { level } => s.pain_changed().emit(level),
                Event::Damaged {
                    instigator,
                    amount,
                    location,
                } => {
                    let who = instigator.and_then(live_node_as::<$N>);
                    s.damage_taken()
                        .emit(who.as_ref(), amount, <$D as Dim>::from_core(location));
                }
                Event::Touched { target } => {
                    let who = live_node_as::<$N>(target);
                    s.touched().emit(who.as_ref());
                }
                Event::ThreatLevelChanged { target, old, new } => {
                    let who = live_node_as::<$N>(target);
                    s.threat_level_changed()
                        .emit(who.as_ref(), old as i32, new as i32);
                }
                Event::EmotionChanged { old, new } => {
                    let name = |e: Option<Emotion>| StringName::from(e.map_or("", Emotion::name));
                    s.emotion_changed().emit(&name(old), &name(new));
                }
            }
        }
    };
}
pub(crate) use signals;
