//! What the belief engine knows about each sense slot: its weight, how it is lost, and the
//! reason it gives when it loses a target (spec section 14, "The sense contract": a sense states
//! how it is lost). The engine reads only this table, so a new sense changes nothing else.

use crate::belief::loss::{LossReason, SenseLoss};
use crate::profile::Profile;
use crate::senses::id::{Sense, SenseId, SenseSet, MAX_SENSES};

/// One sense slot's contract with the belief engine.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SenseSpec {
    /// Sense Weight: the reading is multiplied by it before fusion.
    pub weight: f32,
    /// Its row of the grace table.
    pub loss: SenseLoss,
    /// The reason given when this sense loses a target and its last look left no cue.
    pub loss_reason: LossReason,
}

impl SenseSpec {
    /// An unused slot: weight 0, so its readings never count.
    pub const UNUSED: SenseSpec = SenseSpec {
        weight: 0.0,
        loss: SenseLoss::SCRIPTED,
        loss_reason: LossReason::Unknown,
    };
}

/// The default loss reason of each built-in sense (spec section 4). Vision and echolocation
/// answer from their last look instead, through the readings' cues.
#[must_use]
pub const fn default_loss_reason(sense: Sense) -> LossReason {
    match sense {
        Sense::Hearing => LossReason::SoundFaded,
        Sense::Smell => LossReason::ScentLost,
        Sense::Vibration => LossReason::SensorDropout,
        Sense::Vision | Sense::Echolocation | Sense::Touch | Sense::Damage | Sense::Pain => {
            LossReason::Unknown
        }
    }
}

/// Every slot's contract.
#[derive(Debug, Clone, PartialEq)]
pub struct SenseTable {
    specs: [SenseSpec; MAX_SENSES],
    weights: [f32; MAX_SENSES],
    direct_cut: SenseSet,
}

impl SenseTable {
    /// The built-in senses as the profile sets them; custom slots unused.
    #[must_use]
    pub fn from_profile(p: &Profile) -> Self {
        let mut t = SenseTable {
            specs: [SenseSpec::UNUSED; MAX_SENSES],
            weights: [0.0; MAX_SENSES],
            direct_cut: SenseSet::EMPTY,
        };
        for sense in Sense::ALL {
            t.set(
                sense.id(),
                SenseSpec {
                    weight: p.fusion.sense_weights.get(sense),
                    loss: p.loss_for(sense.id()),
                    loss_reason: default_loss_reason(sense),
                },
            );
        }
        // Shared belief from squad mates arrives through the last slot (spec section 10).
        t.set(
            crate::brain::squad::SQUAD_SENSE,
            SenseSpec {
                weight: 1.0,
                loss: SenseLoss::new(p.squad.shared_grace_time, false, 1.0),
                loss_reason: LossReason::Unknown,
            },
        );
        t
    }

    /// Sets one slot's contract (a custom sense, or an override of a built-in one).
    pub fn set(&mut self, id: SenseId, spec: SenseSpec) {
        if let Some(slot) = self.specs.get_mut(id.index()) {
            *slot = spec;
            self.weights[id.index()] = spec.weight;
            self.direct_cut.remove(id);
            if spec.loss.direct_cut {
                self.direct_cut.insert(id);
            }
        }
    }

    /// The senses whose loss allows a direct cut.
    #[must_use]
    pub fn direct_cut_set(&self) -> SenseSet {
        self.direct_cut
    }

    /// Copies the custom slots (8 up to the squad slot) from another table.
    pub fn keep_custom_from(&mut self, other: &SenseTable) {
        for i in crate::senses::id::BUILTIN_SENSES..crate::brain::squad::SQUAD_SENSE.index() {
            self.set(SenseId(i as u8), other.specs[i]);
        }
    }

    #[must_use]
    pub fn get(&self, id: SenseId) -> SenseSpec {
        self.specs
            .get(id.index())
            .copied()
            .unwrap_or(SenseSpec::UNUSED)
    }

    /// The weights, by slot, for fusion.
    #[must_use]
    pub fn weights(&self) -> &[f32; MAX_SENSES] {
        &self.weights
    }
}
