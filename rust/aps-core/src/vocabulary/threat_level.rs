//! The five threat levels a threat score maps onto (spec section 9), as plain data: the score is
//! `brain::threat`'s, the mapping from it `threat_level`'s.

use serde::{Deserialize, Serialize};

/// The five threat levels. The numeric values are stable (`THREAT_NONE` .. `THREAT_CRITICAL`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum ThreatLevel {
    #[default]
    None = 0,
    Low = 1,
    Medium = 2,
    High = 3,
    Critical = 4,
}

impl ThreatLevel {
    pub const ALL: [ThreatLevel; 5] = [
        ThreatLevel::None,
        ThreatLevel::Low,
        ThreatLevel::Medium,
        ThreatLevel::High,
        ThreatLevel::Critical,
    ];

    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ThreatLevel::None => "None",
            ThreatLevel::Low => "Low",
            ThreatLevel::Medium => "Medium",
            ThreatLevel::High => "High",
            ThreatLevel::Critical => "Critical",
        }
    }
}
