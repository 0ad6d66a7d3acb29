//! What a perception tick reports: plain data the adapter turns into signals after the tick
//! (spec section 10, "Events": each change of state fires an event).

use crate::belief::loss::LossReason;
use crate::belief::state::BeliefState;
use crate::brain::awareness::AwarenessLevel;
use crate::brain::emotion::Emotion;
use crate::threat_level::ThreatLevel;
use crate::{TargetId, TargetKind};
use glam::Vec3;

/// A belief entered a state (spec section 3: one event per entry, up or down).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StateChange {
    pub target: TargetId,
    pub kind: TargetKind,
    pub old: BeliefState,
    pub new: BeliefState,
    /// Smoothed Confidence at the change.
    pub confidence: f32,
    /// Why it was lost; [`LossReason::None`] unless the belief is Lost or fading from a loss.
    pub loss_reason: LossReason,
    pub last_known_position: Vec3,
    /// The target's measured direction of travel at the loss; zero when it was not moving.
    pub loss_direction: Vec3,
}

/// One thing that happened during a tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Event {
    StateChanged(StateChange),
    AwarenessChanged {
        old: AwarenessLevel,
        new: AwarenessLevel,
    },
    AttentionChanged {
        old: Option<TargetId>,
        new: Option<TargetId>,
    },
    /// No actor is noticed any more (all Undetected or Expired): the AI can stand down.
    AllClear,
    /// The AI's own pain changed (fired by pain in Pre Tick).
    PainChanged {
        level: f32,
    },
    /// The AI was hurt (fired by damage when a new hit arrives).
    Damaged {
        instigator: Option<TargetId>,
        amount: f32,
        location: Vec3,
    },
    /// Someone touched the AI (fired by touch on a reported contact).
    Touched {
        target: TargetId,
    },
    /// A target's threat level changed (spec section 9).
    ThreatLevelChanged {
        target: TargetId,
        old: ThreatLevel,
        new: ThreatLevel,
    },
    /// The dominant emotion changed (`None`: no emotion is above the active threshold).
    EmotionChanged {
        old: Option<Emotion>,
        new: Option<Emotion>,
    },
}
