//! What the senses hand the mind each tick: per target, one reading per sense.
//!
//! The adapter (Godot, or a test) refills one [`Observations`] buffer every tick; it keeps its
//! capacity, so steady-state perception allocates nothing (spec section 13, "Where everything
//! lives").

use crate::belief::loss::{LossDetail, LossReason};
use crate::senses::id::SenseId;
use crate::{TargetId, TargetKind};
use glam::Vec3;

/// One sense's answer about one target for one tick (spec section 1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SenseReading {
    pub sense: SenseId,
    /// How strongly the sense believes the target is there right now, 0..1 before weighting.
    pub confidence: f32,
    /// Where the sense places the target.
    pub position: Vec3,
    /// How exact that position is, 0 (vague, a scent) to 1 (exact, a touch).
    pub precision: f32,
    /// When the sense did not perceive the target: what its look found instead (vision answers
    /// Occluded, OutOfRange or SensorDropout). [`LossReason::None`] when it perceived it or has
    /// nothing to say.
    pub cue: LossReason,
    /// What an OutOfRange cue meant (too far, or outside the cone); [`LossDetail::None`]
    /// otherwise.
    pub detail: LossDetail,
    /// Which way the sense says the target is heading, if it can tell (smell reads it off the
    /// trail); zero otherwise. Used as the loss direction when this sense loses the target.
    pub heading: Vec3,
}

impl SenseReading {
    /// A reading with a confidence and nothing else: at the origin, exact, no cue.
    #[must_use]
    pub fn new(sense: SenseId, confidence: f32) -> Self {
        SenseReading {
            sense,
            confidence,
            position: Vec3::ZERO,
            precision: 1.0,
            cue: LossReason::None,
            detail: LossDetail::None,
            heading: Vec3::ZERO,
        }
    }

    /// The same reading placed at `position` with `precision`.
    #[must_use]
    pub fn at(mut self, position: Vec3, precision: f32) -> Self {
        self.position = position;
        self.precision = precision;
        self
    }

    /// The same reading with a heading (normalized; zero if too short to tell).
    #[must_use]
    pub fn heading(mut self, heading: Vec3) -> Self {
        self.heading = heading.normalize_or_zero();
        self
    }

    /// A reading of nothing, saying why the sense missed.
    #[must_use]
    pub fn missed(sense: SenseId, cue: LossReason) -> Self {
        SenseReading {
            cue,
            ..SenseReading::new(sense, 0.0)
        }
    }

    /// A reading of nothing that went out of range, saying whether too far or outside the
    /// cone.
    #[must_use]
    pub fn out_of_range(sense: SenseId, detail: LossDetail) -> Self {
        SenseReading {
            detail,
            ..SenseReading::missed(sense, LossReason::OutOfRange)
        }
    }
}

/// One target's entry in [`Observations`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TargetObservation {
    pub target: TargetId,
    pub kind: TargetKind,
    /// The target's speed in m/s: a moving target builds confidence faster (the dwell term).
    pub speed: f32,
    /// The target's team, for relationships (0: no team).
    pub team: i32,
    /// A character rather than a plain object (see `TargetSnapshot::character`).
    pub character: bool,
    first: u32,
    len: u32,
}

/// Every reading of one tick, grouped by target.
#[derive(Debug, Clone, Default)]
pub struct Observations {
    targets: Vec<TargetObservation>,
    readings: Vec<SenseReading>,
    destroyed: Vec<TargetId>,
}

impl Observations {
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Empties the buffer, keeping its capacity.
    pub fn clear(&mut self) {
        self.targets.clear();
        self.readings.clear();
        self.destroyed.clear();
    }

    /// Starts a target; the readings pushed next belong to it.
    pub fn begin_target(&mut self, target: TargetId, kind: TargetKind, speed: f32) {
        self.targets.push(TargetObservation {
            target,
            kind,
            speed: if speed.is_finite() {
                speed.max(0.0)
            } else {
                0.0
            },
            team: 0,
            character: false,
            first: self.readings.len() as u32,
            len: 0,
        });
    }

    /// Marks the target begun last as a character (see `TargetSnapshot::character`).
    pub fn set_character(&mut self, character: bool) {
        if let Some(t) = self.targets.last_mut() {
            t.character = character;
        }
    }

    /// Sets the team of the target begun last.
    pub fn set_team(&mut self, team: i32) {
        if let Some(t) = self.targets.last_mut() {
            t.team = team;
        }
    }

    /// Adds a reading to the target begun last. Ignored if no target was begun.
    pub fn push(&mut self, reading: SenseReading) {
        if let Some(t) = self.targets.last_mut() {
            t.len += 1;
            self.readings.push(reading);
        }
    }

    /// A target and all its readings in one call.
    pub fn add(&mut self, target: TargetId, speed: f32, readings: &[SenseReading]) {
        self.begin_target(target, TargetKind::Actor, speed);
        for r in readings {
            self.push(*r);
        }
    }

    /// How many readings the buffer holds (a mark for [`Observations::readings_since`]).
    #[must_use]
    pub fn reading_count(&self) -> usize {
        self.readings.len()
    }

    /// The readings pushed since `mark`.
    #[must_use]
    pub fn readings_since(&self, mark: usize) -> &[SenseReading] {
        &self.readings[mark.min(self.readings.len())..]
    }

    /// Reports that a target no longer exists (spec section 4, TargetDestroyed).
    pub fn mark_destroyed(&mut self, target: TargetId) {
        self.destroyed.push(target);
    }

    #[must_use]
    pub fn targets(&self) -> &[TargetObservation] {
        &self.targets
    }

    /// The readings of one observed target.
    #[must_use]
    pub fn readings_of(&self, t: &TargetObservation) -> &[SenseReading] {
        let start = t.first as usize;
        &self.readings[start..start + t.len as usize]
    }

    #[must_use]
    pub fn destroyed(&self) -> &[TargetId] {
        &self.destroyed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::senses::id::Sense;

    #[test]
    fn readings_group_by_target_and_clear_keeps_capacity() {
        let mut o = Observations::new();
        o.push(SenseReading::new(Sense::Vision.id(), 0.5)); // no target yet: ignored
        o.begin_target(TargetId(1), TargetKind::Actor, 1.0);
        o.push(SenseReading::new(Sense::Vision.id(), 0.5));
        o.push(SenseReading::new(Sense::Hearing.id(), 0.2));
        o.add(
            TargetId(2),
            f32::NAN,
            &[SenseReading::new(Sense::Smell.id(), 0.1)],
        );
        assert_eq!(o.targets().len(), 2);
        assert_eq!(o.readings_of(&o.targets()[0]).len(), 2);
        assert_eq!(o.readings_of(&o.targets()[1])[0].sense, Sense::Smell.id());
        assert_eq!(o.targets()[1].speed, 0.0);
        let cap = o.readings.capacity();
        o.clear();
        assert!(o.targets().is_empty());
        assert_eq!(o.readings.capacity(), cap);
    }
}
