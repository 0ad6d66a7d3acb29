//! Scripted evidence (spec section 14, "Lower, cap or clear belief from script"): per target,
//! until it expires or is removed, kept even when the target leaves the ledger.
//!
//! | kind | while active |
//! |---|---|
//! | Lower | the fused confidence is reduced by the amount (a disguise, a good excuse) |
//! | Cap | smoothed confidence can't exceed the amount |
//! | Clear | smoothed confidence is held at 0 (the AI was told it was nothing) |
//! | Floor | smoothed confidence can't fall below the amount |

use crate::TargetId;
use serde::{Deserialize, Serialize};

/// Most evidence entries held at once; adding more replaces the one expiring soonest.
pub const EVIDENCE_SLOTS: usize = 32;

/// What a piece of evidence does. The numeric values are stable (`EVIDENCE_LOWER` ..).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum EvidenceKind {
    Lower = 0,
    Cap = 1,
    Clear = 2,
    Floor = 3,
}

impl EvidenceKind {
    pub const ALL: [EvidenceKind; 4] = [
        EvidenceKind::Lower,
        EvidenceKind::Cap,
        EvidenceKind::Clear,
        EvidenceKind::Floor,
    ];

    #[must_use]
    pub fn from_index(i: i64) -> Option<EvidenceKind> {
        usize::try_from(i)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }

    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EvidenceKind::Lower => "Lower",
            EvidenceKind::Cap => "Cap",
            EvidenceKind::Clear => "Clear",
            EvidenceKind::Floor => "Floor",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Evidence {
    pub(crate) target: TargetId,
    pub(crate) kind: EvidenceKind,
    pub(crate) amount: f32,
    pub(crate) expires_at: f64,
}

/// What the active evidence about one target does this tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EvidenceEffect {
    /// Subtracted from the fused confidence.
    pub lower: f32,
    /// Smoothed confidence at most this.
    pub cap: f32,
    /// Smoothed confidence at least this.
    pub floor: f32,
}

impl EvidenceEffect {
    pub const NONE: EvidenceEffect = EvidenceEffect {
        lower: 0.0,
        cap: 1.0,
        floor: 0.0,
    };

    /// Applies cap and floor to a smoothed confidence (the cap wins if they cross).
    #[must_use]
    pub fn bound(&self, confidence: f32) -> f32 {
        confidence.max(self.floor).min(self.cap)
    }
}

/// Every piece of scripted evidence.
#[derive(Debug, Clone)]
pub struct EvidenceStore {
    pub(crate) items: Vec<Evidence>,
}

impl Default for EvidenceStore {
    fn default() -> Self {
        EvidenceStore {
            items: Vec::with_capacity(EVIDENCE_SLOTS),
        }
    }
}

impl EvidenceStore {
    /// Adds evidence about `target` lasting `duration` seconds from `now`.
    pub fn add(
        &mut self,
        target: TargetId,
        kind: EvidenceKind,
        amount: f32,
        duration: f32,
        now: f64,
    ) {
        let e = Evidence {
            target,
            kind,
            amount: amount.clamp(0.0, 1.0),
            expires_at: now + f64::from(duration.max(0.0)),
        };
        if self.items.len() < EVIDENCE_SLOTS {
            self.items.push(e);
        } else if let Some(soonest) = self
            .items
            .iter_mut()
            .min_by(|a, b| a.expires_at.total_cmp(&b.expires_at))
        {
            *soonest = e;
        }
    }

    /// Removes every piece of evidence about `target`.
    pub fn remove(&mut self, target: TargetId) {
        self.items.retain(|e| e.target != target);
    }

    /// Forgets expired evidence.
    pub fn prune(&mut self, now: f64) {
        self.items.retain(|e| e.expires_at > now);
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Whether any evidence concerns `target`.
    #[must_use]
    pub fn concerns(&self, target: TargetId) -> bool {
        self.items.iter().any(|e| e.target == target)
    }

    /// The combined effect of `target`'s active evidence at `now`.
    #[must_use]
    pub fn effect(&self, target: TargetId, now: f64) -> EvidenceEffect {
        let mut fx = EvidenceEffect::NONE;
        for e in self
            .items
            .iter()
            .filter(|e| e.target == target && e.expires_at > now)
        {
            match e.kind {
                EvidenceKind::Lower => fx.lower += e.amount,
                EvidenceKind::Cap => fx.cap = fx.cap.min(e.amount),
                EvidenceKind::Clear => fx.cap = 0.0,
                EvidenceKind::Floor => fx.floor = fx.floor.max(e.amount),
            }
        }
        fx
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effects_combine_and_expire() {
        let mut s = EvidenceStore::default();
        let t = TargetId(1);
        s.add(t, EvidenceKind::Lower, 0.2, 5.0, 0.0);
        s.add(t, EvidenceKind::Lower, 0.1, 5.0, 0.0);
        s.add(t, EvidenceKind::Cap, 0.4, 2.0, 0.0);
        let fx = s.effect(t, 1.0);
        assert!((fx.lower - 0.3).abs() < 1e-6);
        assert_eq!(fx.cap, 0.4);
        assert_eq!(fx.bound(0.9), 0.4);
        assert_eq!(s.effect(t, 3.0).cap, 1.0, "the cap expired");
        assert_eq!(s.effect(TargetId(2), 1.0), EvidenceEffect::NONE);
        s.add(t, EvidenceKind::Clear, 0.0, 1.0, 3.0);
        assert_eq!(s.effect(t, 3.5).bound(0.8), 0.0);
        s.prune(10.0);
        assert!(s.is_empty());
    }

    #[test]
    fn removal_drops_all_of_a_targets_evidence() {
        let mut s = EvidenceStore::default();
        s.add(TargetId(1), EvidenceKind::Floor, 0.5, 9.0, 0.0);
        s.add(TargetId(2), EvidenceKind::Floor, 0.5, 9.0, 0.0);
        s.remove(TargetId(1));
        assert!(!s.concerns(TargetId(1)));
        assert!(s.concerns(TargetId(2)));
    }
}
