//! What a perception component answers about its beliefs, awareness and attention (spec
//! sections 3 to 6), for the 3D component and its 2D twin alike: positions, directions and
//! lengths in the kind's own units, targets as the kind's nodes. On a multiplayer client with a
//! replicator (`replica`), what the server replicated answers instead.

use super::constants::sense_ids;
use super::perceiver::{ComponentKind, PerceiverState};
use crate::aps_world::target_of;
use crate::convert::live_node_as;
use aps_core::Belief;
use godot::prelude::*;

/// A replicator answering on a multiplayer client, if one does: its instance id.
pub type Replica = Option<InstanceId>;

impl<D: ComponentKind> PerceiverState<D> {
    /// The belief about `target`, if it holds one.
    pub(super) fn belief_of(&self, target: Option<Gd<Node>>) -> Option<&Belief> {
        let id = target_of(&target?);
        self.core.as_ref()?.mind().belief(id)
    }

    /// The state of the belief about `target` (Undetected if none).
    pub(super) fn belief_state(&self, replica: Replica, target: Option<Gd<Node>>) -> i32 {
        if let Some(state) = replicated(replica, &target, |b| b.state as i32) {
            return state.unwrap_or(0);
        }
        self.belief_of(target).map_or(0, |b| b.state as i32)
    }

    /// Smoothed confidence that `target` is there.
    pub(super) fn confidence(&self, replica: Replica, target: Option<Gd<Node>>) -> f32 {
        if let Some(c) = replicated(replica, &target, |b| b.confidence) {
            return c.unwrap_or(0.0);
        }
        self.belief_of(target).map_or(0.0, |b| b.confidence)
    }

    /// Why `target` was lost (None if it is not).
    pub(super) fn loss_reason(&self, replica: Replica, target: Option<Gd<Node>>) -> i32 {
        if let Some(reason) = replicated(replica, &target, |b| b.loss_reason as i32) {
            return reason.unwrap_or(0);
        }
        self.belief_of(target).map_or(0, |b| b.loss_reason as i32)
    }

    /// What an OutOfRange loss of `target` meant.
    pub(super) fn loss_detail(&self, target: Option<Gd<Node>>) -> i32 {
        self.belief_of(target).map_or(0, |b| b.loss_detail as i32)
    }

    /// The direction `target` was travelling when it was lost, in the kind's axes.
    pub(super) fn loss_direction(&self, target: Option<Gd<Node>>) -> D::Vector {
        self.belief_of(target).map_or_else(D::Vector::default, |b| {
            D::direction_from_core(b.loss_direction)
        })
    }

    /// Everything believed about `target` (empty if nothing), in the kind's units.
    pub(super) fn belief_data(&self, target: Option<Gd<Node>>) -> VarDictionary {
        let Some(b) = self.belief_of(target) else {
            return VarDictionary::new();
        };
        let now = self.core.as_ref().map_or(0.0, |c| c.mind().now());
        vdict! {
            "confidence" => b.confidence,
            "state" => b.state as i32,
            "state_name" => b.state.name(),
            "loss_reason" => b.loss_reason as i32,
            "loss_reason_name" => b.loss_reason.name(),
            "loss_detail" => b.loss_detail as i32,
            "loss_direction" => D::direction_from_core(b.loss_direction),
            "last_known_position" => D::from_core(b.last_known_position),
            "active_senses" => &sense_ids(b.active),
            "fused" => b.fused,
            "estimated_velocity" => D::from_core(b.estimated_velocity()),
            "time_in_state" => b.time_in_state,
            "time_since_sensed" => b.time_since_sensed(now).min(f32::MAX),
            "detections" => i64::from(b.detections),
            "sort_score" => b.sort_score,
            "long_term_memory" => b.long_term_strength,
            "uncertainty_radius" => D::from_meters(b.uncertainty_radius),
            "threat_score" => b.threat_score,
            "threat_level" => b.threat_level as i32,
            "relationship" => b.relationship as i32,
            "damage_received" => b.damage_received,
            "dominant_sense" => b.dominant.map_or(-1, |s| i32::from(s.0)),
            "governing_sense" => b.governing.map_or(-1, |s| i32::from(s.0)),
        }
    }

    /// Every target it holds a belief about that still exists.
    pub(super) fn known_targets(&self) -> Array<Gd<D::Node>> {
        let mut out = Array::new();
        if let Some(core) = &self.core {
            for b in core.mind().beliefs() {
                if let Some(node) = live_node_as::<D::Node>(b.target) {
                    out.push(&node);
                }
            }
        }
        out
    }

    /// The AI's awareness, from its top target's confidence.
    pub(super) fn awareness_level(&self, replica: Replica) -> i32 {
        if let Some(level) =
            replica.and_then(|id| crate::aps_replicator::read(id, |r| r.awareness()))
        {
            return level as i32;
        }
        self.core
            .as_ref()
            .map_or(0, |c| c.mind().awareness() as i32)
    }

    /// The awareness `target` alone would give.
    pub(super) fn awareness_for(&self, target: Option<Gd<Node>>) -> i32 {
        let (Some(core), Some(t)) = (&self.core, target) else {
            return 0;
        };
        core.mind().awareness_for(target_of(&t)) as i32
    }

    /// Whoever scores highest now.
    pub(super) fn top_target(&self) -> Option<Gd<D::Node>> {
        self.core
            .as_ref()
            .and_then(|c| c.mind().top_target())
            .and_then(live_node_as::<D::Node>)
    }

    /// The target the AI commits to.
    pub(super) fn attention_target(&self, replica: Replica) -> Option<Gd<D::Node>> {
        if let Some(attention) =
            replica.and_then(|id| crate::aps_replicator::read(id, |r| r.attention()))
        {
            return attention.and_then(|n| n.try_cast::<D::Node>().ok());
        }
        self.core
            .as_ref()
            .and_then(|c| c.mind().attention_target())
            .and_then(live_node_as::<D::Node>)
    }
}

/// What the replicator `replica` holds about `target`, read by `f`: `None` where no replicator
/// answers, `Some(None)` where it holds nothing about the target.
fn replicated<T>(
    replica: Replica,
    target: &Option<Gd<Node>>,
    f: impl FnOnce(&aps_core::replica::ReplicatedBelief) -> T,
) -> Option<Option<T>> {
    let id = replica?;
    crate::aps_replicator::read(id, |r| r.replicated(target.clone()).map(f))
}
