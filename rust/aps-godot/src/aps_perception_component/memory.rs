//! What a perception component answers beyond confidence (spec sections 7, 8, 9, 11): where it
//! thinks targets are, memory, threat, emotion, places and the player model, for the 3D
//! component and its 2D twin alike, in the kind's own units.

use super::beliefs::Replica;
use super::perceiver::{ComponentKind, PerceiverState};
use crate::aps_world::target_of;
use aps_core::belief::episodes::Episode;
use aps_core::brain::emotion::Emotion;
use aps_core::{Belief, TargetKind};
use godot::prelude::*;

impl<D: ComponentKind> PerceiverState<D> {
    /// Where the most precise sense last placed `target`.
    pub(super) fn last_known_position(
        &self,
        replica: Replica,
        target: Option<Gd<Node>>,
    ) -> D::Vector {
        if let Some(at) = replica.and_then(|id| {
            crate::aps_replicator::read(id, |r| {
                r.replicated(target.clone()).map(|b| b.last_known_position)
            })
        }) {
            return at.map_or_else(D::Vector::default, D::from_core);
        }
        self.belief_of(target)
            .map_or_else(D::Vector::default, |b| D::from_core(b.last_known_position))
    }

    /// Where the AI thinks `target` is now.
    pub(super) fn predicted_position(&self, target: Option<Gd<Node>>) -> D::Vector {
        let (Some(core), Some(t)) = (&self.core, target) else {
            return D::Vector::default();
        };
        core.mind()
            .predicted_position(target_of(&t))
            .map_or_else(D::Vector::default, D::from_core)
    }

    /// A ready-made search radius around `target`'s last known position.
    pub(super) fn uncertainty_radius(&self, target: Option<Gd<Node>>) -> f32 {
        self.belief_of(target)
            .map_or(0.0, |b| D::from_meters(b.uncertainty_radius))
    }

    /// `target`'s velocity as the AI measured it.
    pub(super) fn estimated_velocity(&self, target: Option<Gd<Node>>) -> D::Vector {
        self.belief_of(target)
            .map_or_else(D::Vector::default, |b| D::from_core(b.estimated_velocity()))
    }

    /// The last encounters with `target`, newest first.
    pub(super) fn recent_episodes(&self, target: Option<Gd<Node>>) -> Array<VarDictionary> {
        let (Some(core), Some(t)) = (&self.core, target) else {
            return Array::new();
        };
        core.mind()
            .memory()
            .episodes(target_of(&t))
            .map(episode_dict::<D>)
            .collect()
    }

    /// The newest encounter with `target`.
    pub(super) fn last_episode(&self, target: Option<Gd<Node>>) -> VarDictionary {
        let (Some(core), Some(t)) = (&self.core, target) else {
            return VarDictionary::new();
        };
        core.mind()
            .memory()
            .last(target_of(&t))
            .map_or_else(VarDictionary::new, episode_dict::<D>)
    }

    /// `target`'s threat level.
    pub(super) fn threat_level(&self, target: Option<Gd<Node>>) -> i32 {
        self.belief_of(target).map_or(0, |b| b.threat_level as i32)
    }

    /// `target`'s threat score.
    pub(super) fn threat_score(&self, replica: Replica, target: Option<Gd<Node>>) -> f32 {
        if let Some(threat) = replica.and_then(|id| {
            crate::aps_replicator::read(id, |r| r.replicated(target.clone()).map(|b| b.threat))
        }) {
            return threat.unwrap_or(0.0);
        }
        self.belief_of(target).map_or(0.0, |b| b.threat_score)
    }

    /// The emotion `e`, 0..1.
    pub(super) fn emotion(&self, e: Emotion) -> f32 {
        self.core
            .as_ref()
            .map_or(0.0, |c| c.mind().emotions().get(e))
    }

    /// The strongest emotion at or above the Emotion Active Threshold, or "".
    pub(super) fn dominant_emotion(&self) -> StringName {
        self.core
            .as_ref()
            .and_then(|c| c.mind().dominant_emotion())
            .map_or("", Emotion::name)
            .into()
    }

    /// The place belief with the highest confidence (empty if none is noticed).
    pub(super) fn strongest_location_belief(&self) -> VarDictionary {
        let Some(core) = &self.core else {
            return VarDictionary::new();
        };
        core.mind()
            .beliefs()
            .filter(|b| b.kind == TargetKind::Place && b.state.is_noticed())
            .max_by(|a, b| a.confidence.total_cmp(&b.confidence))
            .map_or_else(VarDictionary::new, |b| self.place_dict(b))
    }

    /// Every place belief.
    pub(super) fn location_beliefs(&self) -> Array<VarDictionary> {
        let Some(core) = &self.core else {
            return Array::new();
        };
        core.mind()
            .beliefs()
            .filter(|b| b.kind == TargetKind::Place)
            .map(|b| self.place_dict(b))
            .collect()
    }

    /// What the AI has learned about how `target` behaves (empty if it never met it).
    pub(super) fn player_model(&self, target: Option<Gd<Node>>) -> VarDictionary {
        let (Some(core), Some(t)) = (&self.core, target) else {
            return VarDictionary::new();
        };
        let Some(m) = core.mind().player_models().get(target_of(&t)) else {
            return VarDictionary::new();
        };
        vdict! {
            "encounters" => i64::from(m.encounters),
            "losses" => i64::from(m.losses),
            "hides" => i64::from(m.hides),
            "hide_rate" => m.hide_rate(),
            "outruns" => i64::from(m.outruns),
            "typical_speed" => m.typical_speed,
            "preferred_escape_direction" => D::direction_from_core(m.preferred_escape_direction()),
            "time_sensed" => m.time_sensed,
        }
    }

    fn place_dict(&self, b: &Belief) -> VarDictionary {
        vdict! {
            "location" => D::from_core(b.last_known_position),
            "tag" => &self.place_tag(b.target),
            "state" => b.state as i32,
            "confidence" => b.confidence,
        }
    }
}

fn episode_dict<D: ComponentKind>(e: &Episode) -> VarDictionary {
    vdict! {
        "time" => e.time,
        "loss_reason" => e.loss_reason as i32,
        "location" => D::from_core(e.location),
        "ai_facing" => D::direction_from_core(e.ai_facing),
        "target_direction" => D::direction_from_core(e.target_direction),
        "lost_from" => e.lost_from as i32,
        "peak_confidence" => e.peak_confidence,
    }
}
