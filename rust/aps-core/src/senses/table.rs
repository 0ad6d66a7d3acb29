//! What the belief engine knows about each sense slot: its weight, how it is lost, and the
//! reason it gives when it loses a target (spec section 14, "The sense contract": a sense states
//! how it is lost). The engine reads only this table, so a new sense changes nothing else.

use crate::belief::loss::{LossReason, SenseLoss};
use crate::profile::Profile;
use crate::senses::id::{Sense, SenseId, SenseSet, BUILTIN_SENSES, MAX_SENSES, SQUAD_SENSE};

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

/// The range of a sense weight, as the profile's Sense Weights allow.
pub const WEIGHT_RANGE: (f32, f32) = (0.0, 10.0);
/// The range of a grace time in seconds, as the profile's loss rows allow.
pub const GRACE_TIME_RANGE: (f32, f32) = (0.0, 600.0);
/// The range of a confidence decay multiplier, as the profile's loss rows allow.
pub const DECAY_MULTIPLIER_RANGE: (f32, f32) = (0.0, 100.0);

impl SenseSpec {
    /// A custom sense's contract from what its author set (spec section 14, "A sense also
    /// states how it is lost"), each value in the range the profile gives built-in senses; a
    /// value that is not a number takes 1, a missing reason is Unknown.
    #[must_use]
    pub fn custom(
        weight: f32,
        grace_time: f32,
        direct_cut: bool,
        decay_multiplier: f32,
        loss_reason: Option<LossReason>,
    ) -> SenseSpec {
        let keep = |v: f32, (lo, hi): (f32, f32)| if v.is_finite() { v } else { 1.0 }.clamp(lo, hi);
        SenseSpec {
            weight: keep(weight, WEIGHT_RANGE),
            loss: SenseLoss::new(
                keep(grace_time, GRACE_TIME_RANGE),
                direct_cut,
                keep(decay_multiplier, DECAY_MULTIPLIER_RANGE),
            ),
            loss_reason: loss_reason.unwrap_or(LossReason::Unknown),
        }
    }
}

/// The precision of a custom sense's reading that gives none: halfway between vague and exact.
pub const DEFAULT_CUSTOM_PRECISION: f32 = 0.5;

/// A custom sense's answer about one target as a reading: `confidence` kept to 0..1 (none, or
/// not a number: `None`, the sense has nothing to say and the caller warns); placed at
/// `position` if it gave a finite one, else at the target; `precision` kept to 0..1, else
/// [`DEFAULT_CUSTOM_PRECISION`]. A confidence of 0 is no reading.
#[must_use]
pub fn custom_reading(
    sense: SenseId,
    confidence: f32,
    position: Option<glam::Vec3>,
    precision: Option<f32>,
    target_position: glam::Vec3,
) -> Option<crate::SenseReading> {
    if !confidence.is_finite() {
        return None;
    }
    let confidence = confidence.clamp(0.0, 1.0);
    let position = position
        .filter(|p| p.is_finite())
        .unwrap_or(target_position);
    let precision = precision
        .filter(|p| p.is_finite())
        .unwrap_or(DEFAULT_CUSTOM_PRECISION)
        .clamp(0.0, 1.0);
    (confidence > 0.0).then(|| crate::SenseReading::new(sense, confidence).at(position, precision))
}

/// The farthest a custom sense may reach, in metres: as far as vision or hearing may.
pub const MAX_REACH: f32 = 10_000.0;

/// The range of a custom sense's reach in metres.
pub const REACH_RANGE: (f32, f32) = (0.0, MAX_REACH);

/// A custom sense's reach in metres, kept to 0..[`MAX_REACH`]; 0 when it is not a number.
#[must_use]
pub fn custom_reach(reach: f32) -> f32 {
    if reach.is_nan() {
        0.0
    } else {
        reach.clamp(REACH_RANGE.0, REACH_RANGE.1)
    }
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
            SQUAD_SENSE,
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
        for i in BUILTIN_SENSES..SQUAD_SENSE.index() {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_custom_sense_states_how_it_is_lost_within_the_profiles_ranges() {
        let s = SenseSpec::custom(1.5, 2.0, true, 3.0, Some(LossReason::SoundFaded));
        assert_eq!(s.weight, 1.5);
        assert_eq!(s.loss, SenseLoss::new(2.0, true, 3.0));
        assert_eq!(s.loss_reason, LossReason::SoundFaded);
        let wild = SenseSpec::custom(50.0, f32::NAN, false, -1.0, None);
        assert_eq!(wild.weight, 10.0);
        assert_eq!(wild.loss, SenseLoss::new(1.0, false, 0.0));
        assert_eq!(wild.loss_reason, LossReason::Unknown);
        assert_eq!(custom_reach(-3.0), 0.0);
        assert_eq!(custom_reach(f32::NAN), 0.0);
        assert_eq!(custom_reach(25.0), 25.0);
        assert_eq!(custom_reach(1.0e30), MAX_REACH);
        assert_eq!(custom_reach(f32::INFINITY), MAX_REACH);
    }

    #[test]
    fn a_custom_answer_becomes_a_reading_placed_at_the_target_unless_it_says_where() {
        let id = SenseId::custom(0);
        let at = glam::Vec3::new(1.0, 2.0, 3.0);
        let r = custom_reading(id, 0.7, None, None, at).unwrap();
        assert_eq!((r.confidence, r.position, r.precision), (0.7, at, 0.5));
        let there = glam::Vec3::X;
        let r = custom_reading(id, 3.0, Some(there), Some(2.0), at).unwrap();
        assert_eq!((r.confidence, r.position, r.precision), (1.0, there, 1.0));
        let r = custom_reading(id, 0.4, Some(glam::Vec3::NAN), Some(f32::NAN), at).unwrap();
        assert_eq!((r.position, r.precision), (at, 0.5));
        assert!(
            custom_reading(id, 0.0, None, None, at).is_none(),
            "0 is nothing"
        );
        assert!(custom_reading(id, f32::NAN, None, None, at).is_none());
        assert_eq!(r.sense, id);
    }

    #[test]
    fn the_squad_slot_uses_the_shared_grace_time() {
        let p = Profile::default();
        let t = SenseTable::from_profile(&p);
        let squad = t.get(crate::brain::squad::SQUAD_SENSE);
        assert_eq!(squad.loss.grace_time, p.squad.shared_grace_time);
        assert!(!squad.loss.direct_cut);
        assert_eq!(t.get(Sense::Vision.id()).loss, p.loss.vision);
        assert!(t.direct_cut_set().contains(Sense::Vision.id()));
    }
}
