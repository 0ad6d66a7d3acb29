//! The five emotions of an AI (spec section 9), by name, as plain data: how each rises and
//! falls is `brain::emotion`'s.

use serde::{Deserialize, Serialize};

/// The five emotions. The numeric values are stable (`EMOTION_FEAR` .. `EMOTION_PANIC`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Emotion {
    Fear = 0,
    Aggression = 1,
    Curiosity = 2,
    Alertness = 3,
    Panic = 4,
}

impl Emotion {
    pub const ALL: [Emotion; 5] = [
        Emotion::Fear,
        Emotion::Aggression,
        Emotion::Curiosity,
        Emotion::Alertness,
        Emotion::Panic,
    ];

    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Emotion::Fear => "fear",
            Emotion::Aggression => "aggression",
            Emotion::Curiosity => "curiosity",
            Emotion::Alertness => "alertness",
            Emotion::Panic => "panic",
        }
    }

    #[must_use]
    pub fn from_name(name: &str) -> Option<Emotion> {
        Self::ALL.iter().copied().find(|e| e.name() == name)
    }
}
