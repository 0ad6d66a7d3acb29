//! How senses combine (spec section 2): the strongest weighted active sense sets the level and
//! every other active sense adds the flat Corroboration Bonus. Senses never average and never
//! multiply, so a silent sense can only ever add nothing.

use crate::senses::id::{SenseId, SenseSet, MAX_SENSES};
use crate::SenseReading;

/// The result of fusing one target's readings for one tick.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Fused {
    /// The fused confidence, 0..1.
    pub value: f32,
    /// The sense whose weighted confidence set the level, if any sense was active.
    pub dominant: Option<SenseId>,
    /// Every sense with a weighted confidence above zero.
    pub active: SenseSet,
}

/// A weighted confidence: the reading times its sense's weight, kept in 0..1. A non-finite
/// confidence counts as silence.
#[must_use]
pub fn weighted(confidence: f32, weight: f32) -> f32 {
    let w = confidence * weight;
    if w.is_finite() {
        w.clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// Fusion taken in one active sense at a time: the strongest weighted confidence so far and its
/// sense (the lower slot on a tie), and every active sense. [`fuse`] feeds it a target's
/// readings; the memory engine feeds it from the one pass it makes over them for everything
/// else they say, so the spec's rule is written once and the readings are read once.
#[derive(Debug, Clone, Copy, Default)]
pub struct Fusion {
    best: f32,
    dominant: Option<SenseId>,
    active: SenseSet,
}

impl Fusion {
    /// Takes in `sense` with its weighted confidence `w`, which is above 0 (an active sense).
    #[inline]
    pub fn add(&mut self, sense: SenseId, w: f32) {
        self.active.insert(sense);
        let wins = match self.dominant {
            None => true,
            Some(d) => w > self.best || (w == self.best && sense < d),
        };
        if wins {
            self.best = w;
            self.dominant = Some(sense);
        }
    }

    /// The fused confidence: the strongest plus `corroboration_bonus` for every other active
    /// sense, at most 1.
    #[inline]
    #[must_use]
    pub fn finish(self, corroboration_bonus: f32) -> Fused {
        let others = self.active.len().saturating_sub(1) as f32;
        Fused {
            value: (self.best + corroboration_bonus * others).min(1.0),
            dominant: self.dominant,
            active: self.active,
        }
    }
}

/// Fuses one target's readings. `weights` holds each sense slot's weight. Several readings of
/// the same sense count once, at their strongest.
#[must_use]
pub fn fuse(
    readings: &[SenseReading],
    weights: &[f32; MAX_SENSES],
    corroboration_bonus: f32,
) -> Fused {
    let mut fusion = Fusion::default();
    for r in readings {
        let Some(&weight) = weights.get(r.sense.index()) else {
            continue;
        };
        let w = weighted(r.confidence, weight);
        if w > 0.0 {
            fusion.add(r.sense, w);
        }
    }
    fusion.finish(corroboration_bonus)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::senses::id::Sense;

    fn r(sense: Sense, c: f32) -> SenseReading {
        SenseReading::new(sense.id(), c)
    }

    fn fused(readings: &[SenseReading]) -> Fused {
        fuse(readings, &[1.0; MAX_SENSES], 0.1)
    }

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 1e-6
    }

    // The five rows of the fusion table, spec section 2, Corroboration Bonus 0.1.

    #[test]
    fn vision_alone() {
        let f = fused(&[r(Sense::Vision, 0.8)]);
        assert!(close(f.value, 0.80));
        assert_eq!(f.dominant, Some(Sense::Vision.id()));
    }

    #[test]
    fn vision_and_hearing() {
        let f = fused(&[r(Sense::Vision, 0.8), r(Sense::Hearing, 0.3)]);
        assert!(close(f.value, 0.90), "{}", f.value);
        assert_eq!(f.active.len(), 2);
    }

    #[test]
    fn vision_hearing_and_smell_clamp_to_one() {
        let f = fused(&[
            r(Sense::Vision, 0.8),
            r(Sense::Hearing, 0.3),
            r(Sense::Smell, 0.2),
        ]);
        assert!(close(f.value, 1.00), "{}", f.value);
    }

    #[test]
    fn hearing_alone() {
        let f = fused(&[r(Sense::Hearing, 0.3)]);
        assert!(close(f.value, 0.30));
        assert_eq!(f.dominant, Some(Sense::Hearing.id()));
    }

    #[test]
    fn blocked_vision_never_drags_hearing_down() {
        let f = fused(&[r(Sense::Vision, 0.0), r(Sense::Hearing, 0.3)]);
        assert!(close(f.value, 0.30));
        assert_eq!(f.active.len(), 1);
    }

    #[test]
    fn weights_scale_each_sense_and_a_dog_smells_first() {
        let mut w = [1.0; MAX_SENSES];
        w[Sense::Smell.id().index()] = 1.5;
        w[Sense::Vision.id().index()] = 0.6;
        let f = fuse(&[r(Sense::Vision, 0.5), r(Sense::Smell, 0.4)], &w, 0.1);
        assert_eq!(f.dominant, Some(Sense::Smell.id()));
        assert!(close(f.value, 0.6 + 0.1), "{}", f.value);
    }

    #[test]
    fn repeated_sense_counts_once_and_nan_is_silence() {
        let f = fused(&[
            r(Sense::Hearing, 0.2),
            r(Sense::Hearing, 0.4),
            r(Sense::Smell, f32::NAN),
        ]);
        assert!(close(f.value, 0.4));
        assert_eq!(f.active.len(), 1);
        assert_eq!(fused(&[]), Fused::default());
    }
}
