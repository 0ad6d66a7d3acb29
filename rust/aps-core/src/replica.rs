//! What a multiplayer client is told of a server AI's beliefs (spec section 10: perception runs
//! on the server only): its awareness, its attention target and, per target, state,
//! confidence, threat, why it was lost and where it was last known. A [`ReplicaState`] is sent
//! when it differs from the last one sent by more than the steps below, so a still scene sends
//! nothing; a client turns each one it receives into the state changes a HUD listens for
//! ([`changes`]).

use crate::{AwarenessLevel, BeliefState, LossReason};
use glam::Vec3;
use serde::{Deserialize, Serialize};

/// A change of confidence smaller than this is not worth sending (a meter cannot show it).
pub const CONFIDENCE_STEP: f32 = 0.01;
/// Nor is a change of threat score smaller than this.
pub const THREAT_STEP: f32 = 0.01;
/// Nor a last known position that moved less than this, in metres.
pub const POSITION_STEP: f32 = 0.05;

/// One target as a client sees it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ReplicatedBelief {
    /// The target's key (see [`crate::save::Keys`]).
    pub target: String,
    pub state: BeliefState,
    pub confidence: f32,
    pub threat: f32,
    pub loss_reason: LossReason,
    pub last_known_position: Vec3,
}

/// What a client is told of one AI.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ReplicaState {
    pub awareness: AwarenessLevel,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attention: Option<String>,
    pub beliefs: Vec<ReplicatedBelief>,
}

impl ReplicaState {
    /// The belief about the target keyed `target`.
    #[must_use]
    pub fn belief(&self, target: &str) -> Option<&ReplicatedBelief> {
        self.beliefs.iter().find(|b| b.target == target)
    }

    /// Whether this differs from `sent` enough to send: any state, awareness, attention or
    /// loss reason, a target come or gone, or a number moved by its step or more.
    #[must_use]
    pub fn differs_from(&self, sent: &ReplicaState) -> bool {
        if self.awareness != sent.awareness
            || self.attention != sent.attention
            || self.beliefs.len() != sent.beliefs.len()
        {
            return true;
        }
        self.beliefs.iter().any(|b| match sent.belief(&b.target) {
            None => true,
            Some(s) => {
                b.state != s.state
                    || b.loss_reason != s.loss_reason
                    || (b.confidence - s.confidence).abs() >= CONFIDENCE_STEP
                    || (b.threat - s.threat).abs() >= THREAT_STEP
                    || b.last_known_position.distance(s.last_known_position) >= POSITION_STEP
            }
        })
    }

    /// Keeps every number finite and in its range (data from the network is not trusted).
    pub fn sanitize(&mut self) {
        let unit = |x: f32| {
            if x.is_finite() {
                x.clamp(0.0, 1.0)
            } else {
                0.0
            }
        };
        for b in &mut self.beliefs {
            b.confidence = unit(b.confidence);
            b.threat = unit(b.threat);
            if !b.last_known_position.is_finite() {
                b.last_known_position = Vec3::ZERO;
            }
        }
        let mut seen: Vec<String> = Vec::with_capacity(self.beliefs.len());
        self.beliefs.retain(|b| {
            let fresh = !seen.contains(&b.target);
            seen.push(b.target.clone());
            fresh
        });
    }
}

/// A change a client sees between two states it received.
#[derive(Debug, Clone, PartialEq)]
pub enum ReplicaChange {
    /// A target's state changed (from Undetected when it is new, to Undetected when it is no
    /// longer believed in).
    State {
        target: String,
        old: BeliefState,
        new: BeliefState,
    },
    /// The target is no longer believed in at all (forgotten).
    Forgotten { target: String },
    Awareness {
        old: AwarenessLevel,
        new: AwarenessLevel,
    },
    Attention {
        old: Option<String>,
        new: Option<String>,
    },
}

/// The changes from `old` to `new`, in the order a server AI reports them: states, then
/// awareness, then attention.
pub fn changes(old: &ReplicaState, new: &ReplicaState, out: &mut Vec<ReplicaChange>) {
    out.clear();
    for b in &new.beliefs {
        let before = old
            .belief(&b.target)
            .map_or(BeliefState::Undetected, |o| o.state);
        if before != b.state {
            out.push(ReplicaChange::State {
                target: b.target.clone(),
                old: before,
                new: b.state,
            });
        }
    }
    for o in &old.beliefs {
        if new.belief(&o.target).is_none() {
            out.push(ReplicaChange::Forgotten {
                target: o.target.clone(),
            });
        }
    }
    if old.awareness != new.awareness {
        out.push(ReplicaChange::Awareness {
            old: old.awareness,
            new: new.awareness,
        });
    }
    if old.attention != new.attention {
        out.push(ReplicaChange::Attention {
            old: old.attention.clone(),
            new: new.attention.clone(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(confidence: f32, state: BeliefState) -> ReplicaState {
        ReplicaState {
            awareness: AwarenessLevel::Alerted,
            attention: Some("id:player".into()),
            beliefs: vec![ReplicatedBelief {
                target: "id:player".into(),
                state,
                confidence,
                ..ReplicatedBelief::default()
            }],
        }
    }

    #[test]
    fn a_still_scene_sends_nothing_and_a_step_sends() {
        let a = state(0.5, BeliefState::Detected);
        assert!(!a.differs_from(&a.clone()));
        assert!(!state(0.505, BeliefState::Detected).differs_from(&a));
        assert!(state(0.52, BeliefState::Detected).differs_from(&a));
        assert!(state(0.5, BeliefState::Tracked).differs_from(&a));
        assert!(ReplicaState::default().differs_from(&a));
    }

    #[test]
    fn changes_are_states_then_awareness_then_attention() {
        let mut out = Vec::new();
        changes(
            &ReplicaState::default(),
            &state(0.5, BeliefState::Detected),
            &mut out,
        );
        assert_eq!(
            out,
            vec![
                ReplicaChange::State {
                    target: "id:player".into(),
                    old: BeliefState::Undetected,
                    new: BeliefState::Detected
                },
                ReplicaChange::Awareness {
                    old: AwarenessLevel::Unaware,
                    new: AwarenessLevel::Alerted
                },
                ReplicaChange::Attention {
                    old: None,
                    new: Some("id:player".into())
                },
            ]
        );
        changes(
            &state(0.5, BeliefState::Detected),
            &ReplicaState::default(),
            &mut out,
        );
        assert_eq!(
            out[0],
            ReplicaChange::Forgotten {
                target: "id:player".into()
            }
        );
    }

    #[test]
    fn received_numbers_are_kept_in_range_and_targets_once() {
        let mut s = state(f32::NAN, BeliefState::Lost);
        s.beliefs[0].threat = 7.0;
        s.beliefs[0].last_known_position = Vec3::splat(f32::INFINITY);
        s.beliefs.push(s.beliefs[0].clone());
        s.sanitize();
        assert_eq!(s.beliefs.len(), 1);
        assert_eq!(s.beliefs[0].confidence, 0.0);
        assert_eq!(s.beliefs[0].threat, 1.0);
        assert_eq!(s.beliefs[0].last_known_position, Vec3::ZERO);
    }
}
