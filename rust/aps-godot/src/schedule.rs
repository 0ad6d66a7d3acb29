//! When each AI perceives (spec sections 10, 12 and 14): its level of detail sets how often its
//! component ticks and how many Base Update Intervals lie between its passes; the frame budget
//! caps how many run a full pass in one frame, oldest claim first. Plain data owned by
//! `ApsWorld`; `ApsDriver` runs the plan every physics frame.

use aps_core::crowd::lod::{component_tick, interval_multiple, tier_for, SUSPENDED};
use aps_core::crowd::scheduler::{grant, Claim};
use godot::prelude::*;

/// One AI's place in the schedule.
#[derive(Debug, Clone)]
pub struct Slot {
    pub id: InstanceId,
    /// Where its eyes were at its last pass.
    pub position: Vector3,
    /// Its awareness level at its last pass (0..4).
    pub awareness: u8,
    /// Its Base Update Interval (times its quality profile's scale), seconds.
    pub interval: f32,
    /// Its level of detail, 0 (full rate) .. 4 (suspended).
    pub tier: u8,
    since_tick: f32,
    elapsed: f32,
    waited: u32,
}

/// A component to run this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Run {
    pub id: InstanceId,
    /// Seconds since its last pass.
    pub dt: f32,
    /// A full pass; false: suspended, only memory fades.
    pub full: bool,
    pub tier: u8,
}

/// Every AI's schedule.
#[derive(Debug, Default)]
pub struct Schedule {
    slots: Vec<Slot>,
    due: Vec<usize>,
    claims: Vec<Claim>,
    granted: Vec<usize>,
}

impl Schedule {
    pub fn add(&mut self, id: InstanceId, position: Vector3) {
        if self.slots.iter().any(|s| s.id == id) {
            return;
        }
        self.slots.push(Slot {
            id,
            position,
            awareness: 0,
            interval: 0.1,
            tier: 0,
            since_tick: 0.0,
            elapsed: 0.0,
            waited: 0,
        });
    }

    pub fn remove(&mut self, id: InstanceId) {
        self.slots.retain(|s| s.id != id);
    }

    /// What a component tells after a pass.
    pub fn report(&mut self, id: InstanceId, position: Vector3, awareness: u8, interval: f32) {
        if let Some(s) = self.slots.iter_mut().find(|s| s.id == id) {
            s.position = position;
            s.awareness = awareness;
            s.interval = interval.max(0.001);
        }
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    #[must_use]
    pub fn tier_of(&self, id: InstanceId) -> Option<u8> {
        self.slots.iter().find(|s| s.id == id).map(|s| s.tier)
    }

    /// Phase one of a frame: every slot's clock moves on by `delta`; returns the slots whose
    /// component ticks this frame (its tier's tick rate), for scoring.
    pub fn advance(&mut self, delta: f32) -> &[usize] {
        self.due.clear();
        for (i, s) in self.slots.iter_mut().enumerate() {
            s.since_tick += delta;
            if s.since_tick + 1e-5 >= component_tick(s.tier) {
                self.due.push(i);
            }
        }
        &self.due
    }

    /// The slot at `index`, mutably (to refresh its position before scoring).
    pub fn slot_mut(&mut self, index: usize) -> &mut Slot {
        &mut self.slots[index]
    }

    /// Phase two: each ticking slot gets its tier from `scores` (same order as `advance`
    /// returned; every tier 0 when level of detail is off), and the ones due for a pass claim
    /// one; at most `budget` (0: no cap) are granted, longest waiting first. Suspended slots
    /// only let memory fade, at their own tick rate. The runs go into `out`.
    pub fn decide(&mut self, scores: &[f32], lod: bool, budget: usize, out: &mut Vec<Run>) {
        out.clear();
        self.claims.clear();
        for (k, &i) in self.due.iter().enumerate() {
            let s = &mut self.slots[i];
            s.elapsed += s.since_tick;
            s.since_tick = 0.0;
            s.tier = if lod {
                tier_for(scores.get(k).copied().unwrap_or(1.0))
            } else {
                0
            };
            match interval_multiple(s.tier) {
                None => {
                    out.push(Run {
                        id: s.id,
                        dt: s.elapsed,
                        full: false,
                        tier: SUSPENDED,
                    });
                    s.elapsed = 0.0;
                    s.waited = 0;
                }
                Some(multiple) => {
                    if s.elapsed + 1e-5 >= s.interval * multiple as f32 {
                        self.claims.push(Claim {
                            who: i,
                            waited: s.waited,
                        });
                    }
                }
            }
        }
        grant(&mut self.claims, budget, &mut self.granted);
        for c in &self.claims {
            self.slots[c.who].waited += 1;
        }
        for &i in &self.granted {
            let s = &mut self.slots[i];
            out.push(Run {
                id: s.id,
                dt: s.elapsed,
                full: true,
                tier: s.tier,
            });
            s.elapsed = 0.0;
            s.waited = 0;
        }
    }
}
