//! Why a target was lost, and how each sense lets go of a target.
//!
//! Spec section 3 ("Grace time and direct cut") and section 4 ("Why it lost you").

use serde::{Deserialize, Serialize};

/// Why the AI lost a target (spec section 4). The numeric values are stable: the Godot layer
/// exposes them as `LOSS_NONE` .. `LOSS_UNKNOWN`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum LossReason {
    /// Not lost, or never lost.
    #[default]
    None = 0,
    /// Line of sight broke behind something: a wall, too few visible points, too little exposure.
    Occluded = 1,
    /// Out of range, or out of the side of the view cone.
    OutOfRange = 2,
    /// The noise stopped.
    SoundFaded = 3,
    /// The scent faded.
    ScentLost = 4,
    /// The signal just stopped: too dark, cloaked, blinded by pain.
    SensorDropout = 5,
    /// The target no longer exists.
    TargetDestroyed = 6,
    /// No better answer.
    Unknown = 7,
}

impl LossReason {
    /// Every reason, in order of their numeric values.
    pub const ALL: [LossReason; 8] = [
        LossReason::None,
        LossReason::Occluded,
        LossReason::OutOfRange,
        LossReason::SoundFaded,
        LossReason::ScentLost,
        LossReason::SensorDropout,
        LossReason::TargetDestroyed,
        LossReason::Unknown,
    ];

    /// The spec's name for the reason.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            LossReason::None => "None",
            LossReason::Occluded => "Occluded",
            LossReason::OutOfRange => "OutOfRange",
            LossReason::SoundFaded => "SoundFaded",
            LossReason::ScentLost => "ScentLost",
            LossReason::SensorDropout => "SensorDropout",
            LossReason::TargetDestroyed => "TargetDestroyed",
            LossReason::Unknown => "Unknown",
        }
    }

    /// The reason with this numeric value, if any.
    #[must_use]
    pub fn from_index(i: i64) -> Option<LossReason> {
        usize::try_from(i)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }
}

/// What an OutOfRange loss meant, for a game that answers a target that walked off the side
/// of the view differently from one that got too far (spec section 4 gives both one reason;
/// this tells them apart without changing it). The numeric values are stable: the Godot layer
/// exposes them as `LOSS_DETAIL_NONE` .. `LOSS_DETAIL_OUTSIDE_CONE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum LossDetail {
    /// No detail: the reason says it all (or the target is not lost).
    #[default]
    None = 0,
    /// Too far: beyond the sense's range, or so far that too little of it could be made out.
    TooFar = 1,
    /// Within range, but off the side of the sense's cone (vision's peripheral cone, the
    /// echolocation pulse's).
    OutsideCone = 2,
}

impl LossDetail {
    /// Every detail, in order of their numeric values.
    pub const ALL: [LossDetail; 3] = [
        LossDetail::None,
        LossDetail::TooFar,
        LossDetail::OutsideCone,
    ];

    /// Whether there is no detail.
    #[must_use]
    pub const fn is_none(&self) -> bool {
        matches!(self, LossDetail::None)
    }

    /// The detail's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            LossDetail::None => "None",
            LossDetail::TooFar => "TooFar",
            LossDetail::OutsideCone => "OutsideCone",
        }
    }
}

/// One row of the grace table (spec section 3): how a sense lets go of a target once it stops
/// perceiving it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SenseLoss {
    /// Seconds the belief holds its state after every sense went quiet.
    pub grace_time: f32,
    /// Whether running out of grace may jump straight to Lost from Detected or Tracked.
    pub direct_cut: bool,
    /// Scales how fast confidence decays while this sense was the last dominant one.
    pub confidence_decay_multiplier: f32,
}

impl SenseLoss {
    /// A row from its three values.
    #[must_use]
    pub const fn new(grace_time: f32, direct_cut: bool, confidence_decay_multiplier: f32) -> Self {
        SenseLoss {
            grace_time,
            direct_cut,
            confidence_decay_multiplier,
        }
    }

    /// The row used when no sense ever had the target (a belief raised from script): no grace,
    /// a gradual fade at the default rate.
    pub const SCRIPTED: SenseLoss = SenseLoss::new(0.0, false, 1.0);
}

impl Default for SenseLoss {
    fn default() -> Self {
        SenseLoss::SCRIPTED
    }
}
