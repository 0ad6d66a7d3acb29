//! Turning the core's events into `ApsPerceptionComponent` signals, after the pass (design
//! notes: never while the core is borrowed; a handler may call back into the component).

use super::ApsPerceptionComponent;
use crate::aps_world::ApsWorld;
use crate::convert::{live_node, to_vector3};
use aps_core::brain::emotion::Emotion;
use aps_core::events::Event;
use aps_core::TargetKind;
use godot::prelude::*;

impl ApsPerceptionComponent {
    /// Turns the pending events into signals. Called with no borrow of the core held, so a
    /// handler may call back into this component.
    pub(crate) fn emit_pending(&mut self) {
        let events = std::mem::take(&mut self.pending);
        for e in &events {
            match *e {
                Event::StateChanged(c) if c.kind == TargetKind::Place => {
                    let tag = self.place_tag(c.target);
                    self.signals().location_belief_changed().emit(
                        to_vector3(c.last_known_position),
                        &tag,
                        c.new as i32,
                        c.confidence,
                    );
                }
                Event::StateChanged(c) => {
                    let node = live_node(c.target);
                    let node = node.as_ref();
                    let (old, new) = (c.old as i32, c.new as i32);
                    use aps_core::BeliefState as S;
                    let mut signals = self.signals();
                    match c.new {
                        S::Undetected => signals.target_forgotten().emit(node),
                        S::Suspected => signals.target_suspected().emit(node, c.confidence),
                        S::Detected => signals.target_detected().emit(node, c.confidence),
                        S::Tracked => signals.target_tracked().emit(node, c.confidence),
                        S::Lost => signals.target_lost().emit(
                            node,
                            c.loss_reason as i32,
                            to_vector3(c.last_known_position),
                        ),
                        S::Remembered => signals.target_remembered().emit(node, c.confidence),
                        S::Expired => signals.target_expired().emit(node),
                    }
                    self.signals().target_state_changed().emit(node, old, new);
                }
                Event::AwarenessChanged { old, new } => {
                    self.signals()
                        .awareness_changed()
                        .emit(old as i32, new as i32);
                }
                Event::AttentionChanged { old, new } => {
                    let old = old.and_then(live_node);
                    let new = new.and_then(live_node);
                    self.signals()
                        .attention_changed()
                        .emit(old.as_ref(), new.as_ref());
                }
                Event::AllClear => self.signals().all_clear().emit(),
                Event::PainChanged { level } => self.signals().pain_changed().emit(level),
                Event::Damaged {
                    instigator,
                    amount,
                    location,
                } => {
                    let who = instigator.and_then(live_node);
                    self.signals()
                        .damage_taken()
                        .emit(who.as_ref(), amount, to_vector3(location));
                }
                Event::Touched { target } => {
                    let who = live_node(target);
                    self.signals().touched().emit(who.as_ref());
                }
                Event::ThreatLevelChanged { target, old, new } => {
                    let who = live_node(target);
                    self.signals().threat_level_changed().emit(
                        who.as_ref(),
                        old as i32,
                        new as i32,
                    );
                }
                Event::EmotionChanged { old, new } => {
                    let name = |e: Option<Emotion>| StringName::from(e.map_or("", Emotion::name));
                    self.signals()
                        .emotion_changed()
                        .emit(&name(old), &name(new));
                }
            }
        }
        let mut events = events;
        events.clear();
        if self.pending.is_empty() {
            self.pending = events;
        }
    }

    /// The tag of a place this AI believes in, as the game named it.
    pub(crate) fn place_tag(&self, place: aps_core::TargetId) -> StringName {
        let tag = self
            .core
            .as_ref()
            .and_then(|c| c.mind().places().get(place))
            .map_or(0, |p| p.tag);
        ApsWorld::singleton().bind().tag_name(tag)
    }
}
