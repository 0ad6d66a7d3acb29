//! Squad sharing (spec section 10, brain): a member that detects a target shares it with its
//! mates as a weaker reading at its last known position, after a delay. It is a reading like any
//! other, never a jump to Tracked, and losing it follows the normal rules.

use crate::profile::SquadSettings;
use crate::senses::id::SenseId;
use crate::world::stimulus::{Ring, Stimulus};
use crate::{SenseReading, TargetId};
use glam::Vec3;

/// The sense slot shared belief arrives through (the last slot).
pub const SQUAD_SENSE: SenseId = SenseId(15);

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
    pub fn post(&mut self, s: Sighting) {
        self.sightings.prune(s.time, 10.0);
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
}
