//! Squad sharing (spec section 10, brain): a member that detects a target shares it with its
//! mates as a weaker reading at its last known position, after a delay. It is a reading like any
//! other, never a jump to Tracked, and losing it follows the normal rules.

use crate::mind::Mind;
use crate::profile::SquadSettings;
use crate::world::stimulus::{Ring, Stimulus, STIMULUS_RETENTION};
use crate::TargetKind;
use crate::{SenseReading, TargetId};
use glam::Vec3;

/// Sense slots are numbered below the sense table that the squad's slot is part of.
pub use crate::senses::id::SQUAD_SENSE;

/// Position precision of a mate's report.
pub const SHARED_PRECISION: f32 = 0.5;

/// One member's report of one target.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sighting {
    pub squad: u32,
    /// Who reported it (the adapter's id for the member).
    pub member: u64,
    pub target: TargetId,
    pub confidence: f32,
    pub position: Vec3,
    pub time: f64,
}

impl Stimulus for Sighting {
    fn time(&self) -> f64 {
        self.time
    }
}

/// What every squad's members have reported recently.
#[derive(Debug, Clone)]
pub struct SquadBoard {
    sightings: Ring<Sighting>,
}

impl Default for SquadBoard {
    fn default() -> Self {
        SquadBoard {
            sightings: Ring::new(512),
        }
    }
}

impl SquadBoard {
    /// Forgets every report.
    pub fn clear(&mut self) {
        self.sightings.clear();
    }

    /// Every report held.
    #[must_use]
    pub fn all(&self) -> &[Sighting] {
        self.sightings.all()
    }

    /// Records a member's report, forgetting reports older than the stimulus retention.
    pub fn post(&mut self, s: Sighting) {
        self.sightings.prune(s.time, STIMULUS_RETENTION);
        self.sightings.push(s);
    }

    /// The readings `member` of `squad` gets from its mates at `now`: per target the strongest
    /// report at least Share Delay old and at most Share Delay + Share Hold Time, times the
    /// Share Factor. Pushed into `out` (cleared first).
    pub fn shared_for(
        &self,
        squad: u32,
        member: u64,
        now: f64,
        s: &SquadSettings,
        out: &mut Vec<(TargetId, SenseReading)>,
    ) {
        out.clear();
        let (from, to) = (
            f64::from(s.share_delay),
            f64::from(s.share_delay + s.share_hold_time),
        );
        for p in self.sightings.all() {
            let age = now - p.time;
            if p.squad != squad || p.member == member || age < from - 1e-6 || age > to {
                continue;
            }
            let c = (p.confidence * s.share_factor).clamp(0.0, 1.0);
            let r = SenseReading::new(SQUAD_SENSE, c).at(p.position, SHARED_PRECISION);
            match out.iter_mut().find(|(t, _)| *t == p.target) {
                Some((_, best)) if best.confidence >= c => {}
                Some((_, best)) => *best = r,
                None => out.push((p.target, r)),
            }
        }
    }
}

/// What `member` of `squad` tells its mates at `now` (spec section 10, squad sharing): every
/// actor it is in contact with (Detected or Tracked) that its own senses perceive, not only what
/// mates told it, at its last known position and confidence.
pub fn sightings(
    mind: &Mind,
    squad: u32,
    member: u64,
    now: f64,
) -> impl Iterator<Item = Sighting> + '_ {
    mind.beliefs()
        .filter(|b| {
            b.kind == TargetKind::Actor
                && b.state.is_in_contact()
                && b.active.iter().any(|s| s != SQUAD_SENSE)
        })
        .map(move |b| Sighting {
            squad,
            member,
            target: b.target,
            confidence: b.confidence,
            position: b.last_known_position,
            time: now,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(member: u64, confidence: f32, time: f64) -> Sighting {
        Sighting {
            squad: 1,
            member,
            target: TargetId(9),
            confidence,
            position: Vec3::X,
            time,
        }
    }

    #[test]
    fn mates_get_a_weaker_reading_after_the_delay() {
        let s = SquadSettings::default(); // factor 0.6, delay 0.5, hold 0.5
        let mut b = SquadBoard::default();
        b.post(seen(1, 0.9, 10.0));
        let mut out = Vec::new();
        b.shared_for(1, 2, 10.3, &s, &mut out);
        assert!(out.is_empty(), "not before the delay");
        b.shared_for(1, 2, 10.6, &s, &mut out);
        assert_eq!(out.len(), 1);
        assert!((out[0].1.confidence - 0.54).abs() < 1e-6);
        assert_eq!(out[0].1.sense, SQUAD_SENSE);
        b.shared_for(1, 1, 10.6, &s, &mut out);
        assert!(out.is_empty(), "not to the member who saw it");
        b.shared_for(2, 2, 10.6, &s, &mut out);
        assert!(out.is_empty(), "not to another squad");
        b.shared_for(1, 2, 11.2, &s, &mut out);
        assert!(out.is_empty(), "gone after the hold time");
    }

    #[test]
    fn a_member_shares_what_its_own_senses_have_in_contact() {
        use crate::senses::id::Sense;
        use crate::{BeliefState, Observations, Pose, Profile, SenseReading};
        let (mut mind, _) = Mind::new(Profile::default());
        let pose = Pose {
            position: Vec3::ZERO,
            forward: Vec3::NEG_Z,
        };
        let mut obs = Observations::new();
        let seen = SenseReading::new(Sense::Vision.id(), 0.9).at(Vec3::new(0.0, 0.0, -5.0), 1.0);
        let told = SenseReading::new(SQUAD_SENSE, 0.9).at(Vec3::new(3.0, 0.0, -5.0), 0.5);
        for _ in 0..20 {
            obs.clear();
            obs.add(TargetId(1), 0.0, &[seen]);
            obs.add(TargetId(2), 0.0, &[told]);
            mind.tick(0.1, pose, &obs);
        }
        assert!(mind.belief(TargetId(1)).unwrap().state.is_in_contact());
        assert!(mind.belief(TargetId(2)).unwrap().state.is_in_contact());
        let shared: Vec<Sighting> = sightings(&mind, 4, 77, 2.0).collect();
        assert_eq!(shared.len(), 1, "only what it perceives itself: {shared:?}");
        let s = shared[0];
        assert_eq!(
            (s.squad, s.member, s.target, s.time),
            (4, 77, TargetId(1), 2.0)
        );
        assert_eq!(s.position, Vec3::new(0.0, 0.0, -5.0));
        // A Suspected target is not shared: only contact is.
        let (mut faint, _) = Mind::new(Profile::default());
        for _ in 0..10 {
            obs.clear();
            obs.add(
                TargetId(3),
                0.0,
                &[SenseReading::new(Sense::Vision.id(), 0.2)],
            );
            faint.tick(0.1, pose, &obs);
        }
        assert_eq!(
            faint.belief(TargetId(3)).unwrap().state,
            BeliefState::Suspected
        );
        assert_eq!(sightings(&faint, 4, 78, 0.1).count(), 0);
    }

    #[test]
    fn reports_are_forgotten_after_the_stimulus_retention() {
        let s = SquadSettings {
            share_delay: 0.0,
            share_hold_time: 100.0,
            ..SquadSettings::default()
        };
        let mut b = SquadBoard::default();
        b.post(seen(1, 0.9, 0.0));
        b.post(seen(3, 0.5, STIMULUS_RETENTION + 0.5));
        let mut out = Vec::new();
        b.shared_for(1, 2, STIMULUS_RETENTION + 0.5, &s, &mut out);
        assert_eq!(out.len(), 1);
        assert!((out[0].1.confidence - 0.5 * s.share_factor).abs() < 1e-6);
    }
}
