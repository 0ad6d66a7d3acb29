//! When each AI perceives (spec sections 10, 12 and 14).
//!
//! Every physics frame each AI's clock moves on. Its level-of-detail tier (from its
//! significance, [`lod`](crate::crowd::lod)) sets how often its component ticks (every frame in
//! tiers 0 to 2, every 0.1 s in tier 3, every 0.25 s when suspended) and how many Base Update
//! Intervals lie between its full passes (1, 2, 5, 20; none when suspended, where only memory
//! fades). The frame budget, Max Perception Updates Per Frame, caps how many AI run a full pass
//! in one frame: the rest wait with their elapsed time intact, and a claim grows every frame it
//! waits, so none is starved.
//!
//! AI added in the same frame (a level loading fifty guards at once) start at distinct phases of
//! their interval, so their passes spread over the frames instead of all landing in one: the
//! k-th gets a head start of `frac(k × 0.618…)` of an interval (the golden ratio's fraction
//! spreads any number of them evenly), and the first one none. Their interval is the tier's:
//! when level of detail moves an AI to a tier that runs less often, it takes the same fraction
//! of the longer wait as a head start, so a level's guards, added together at tier 0 and
//! spread over one Base Update Interval, do not all come due in the same few frames of every
//! 5 or 20 intervals once they settle in tiers 2 and 3 (those frames were the
//! slowest 1%).

use crate::crowd::lod::{component_tick, interval_multiple, tier_for, SUSPENDED};
use crate::profile::Performance;
use crate::save::format::ScheduleSave;

/// The longest a saved clock may say an AI waited, seconds: the longest Base Update Interval
/// (10 s) times the largest quality scale (20).
const MAX_WAIT: f32 = 200.0;
use crate::id_map::IdMap;
use glam::Vec3;

/// The default of Max Perception Updates Per Frame (the `aps/max_perception_updates_per_frame`
/// project setting): at most this many full passes per frame; 0 means no cap.
#[doc(alias = "Max Perception Updates Per Frame")]
pub const DEFAULT_MAX_PERCEPTION_UPDATES_PER_FRAME: usize = 64;

/// Tiers at or beyond this run so rarely that their position is read afresh before scoring.
pub const FRESH_POSITION_TIER: u8 = 3;

/// The golden ratio's fraction: phases `k × PHASE_STEP` (mod 1) spread evenly for any k.
const PHASE_STEP: f32 = 0.618_034;

/// Clocks compare with this slack, so 1/60 s frames add up to a 0.1 s interval on the 6th.
const CLOCK_EPSILON: f32 = 1e-5;

/// One AI due for a pass this frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim {
    /// The caller's index for the AI.
    pub who: usize,
    /// Frames it has waited since it became due.
    pub waited: u32,
}

/// Chooses who runs this frame: everyone if `budget` is 0 or enough, else the `budget` claims
/// that waited longest (ties by index, so the choice is deterministic). Indices into `claims`
/// go into `out`, which is cleared first; `claims` is reordered.
pub fn grant(claims: &mut [Claim], budget: usize, out: &mut Vec<usize>) {
    out.clear();
    if budget == 0 || claims.len() <= budget {
        out.extend(claims.iter().map(|c| c.who));
        return;
    }
    claims.sort_unstable_by(|a, b| b.waited.cmp(&a.waited).then(a.who.cmp(&b.who)));
    out.extend(claims[..budget].iter().map(|c| c.who));
}

/// The head start an AI of `phase` takes on its next pass as it moves from tier `from` to
/// tier `to`: its phase of the wait the slower tier adds (`interval` seconds each Base Update
/// Interval), so AI that came due together spread over the longer wait; none for a faster
/// tier or from or to suspension.
fn pass_head_start(phase: f32, interval: f32, from: u8, to: u8) -> f32 {
    match (interval_multiple(from), interval_multiple(to)) {
        (Some(was), Some(now)) if now > was => phase * interval * (now - was) as f32,
        _ => 0.0,
    }
}

/// The head start on its next component tick an AI of `phase` takes as it moves to a tier
/// whose component ticks less often (every 0.1 s in tier 3, 0.25 s suspended), so those ticks
/// too fall on different frames.
fn tick_head_start(phase: f32, from: u8, to: u8) -> f32 {
    let (was, now) = (component_tick(from), component_tick(to));
    if now > was {
        phase * now
    } else {
        0.0
    }
}

/// One AI's place in the schedule.
#[derive(Debug, Clone)]
struct Slot {
    id: u64,
    /// Where its eyes were at its last pass (or last fresh read).
    position: Vec3,
    /// Its awareness level at its last pass (0..4).
    awareness: u8,
    /// Its Base Update Interval (times its quality profile's scale), seconds.
    interval: f32,
    /// Its level of detail, 0 (full rate) .. 4 (suspended).
    tier: u8,
    since_tick: f32,
    elapsed: f32,
    waited: u32,
    /// Its phase among the AI added in its frame, 0..1: its head start is this fraction of
    /// the wait before its first pass, and of each longer wait a slower tier adds.
    phase: f32,
    /// Head starts from a move to a slower tier, on the next pass and the next component
    /// tick: they bring those sooner but are not time that passed (a pass's `dt` is real).
    pass_head: f32,
    tick_head: f32,
}

/// An AI whose component ticks this frame, as the significance score needs it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Due {
    pub id: u64,
    pub position: Vec3,
    pub awareness: u8,
    pub tier: u8,
}

impl Due {
    /// Whether its position should be read afresh before it is scored: far AI run rarely.
    #[must_use]
    pub fn wants_fresh_position(&self) -> bool {
        self.tier >= FRESH_POSITION_TIER
    }
}

/// A component to run this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Run {
    pub id: u64,
    /// Seconds since its last pass.
    pub dt: f32,
    /// A full pass; false: suspended, only memory fades.
    pub full: bool,
    pub tier: u8,
}

/// Every AI's schedule, by the caller's id for it.
#[derive(Debug, Default)]
pub struct Schedule {
    slots: Vec<Slot>,
    index: IdMap<u64, usize>,
    due: Vec<u64>,
    claims: Vec<Claim>,
    granted: Vec<usize>,
    /// AI added since the last frame began: the next one's phase.
    added_this_frame: u32,
}

impl Schedule {
    /// Schedules `id` (once), its eyes at `position`, at full rate with the default Base Update
    /// Interval until it reports its own.
    pub fn add(&mut self, id: u64, position: Vec3) {
        if self.index.contains_key(&id) {
            return;
        }
        let interval = Performance::default().base_update_interval;
        let phase = (self.added_this_frame as f32 * PHASE_STEP).fract();
        self.added_this_frame = self.added_this_frame.saturating_add(1);
        self.index.insert(id, self.slots.len());
        self.slots.push(Slot {
            id,
            position,
            awareness: 0,
            interval,
            tier: 0,
            since_tick: 0.0,
            elapsed: phase * interval,
            waited: 0,
            phase,
            pass_head: 0.0,
            tick_head: 0.0,
        });
    }

    /// Takes `id` out, at any moment (even between [`Schedule::advance`] and
    /// [`Schedule::decide`]). The others keep their order, which breaks ties in the frame
    /// budget.
    pub fn remove(&mut self, id: u64) {
        let Some(i) = self.index.remove(&id) else {
            return;
        };
        self.slots.remove(i);
        for (j, s) in self.slots.iter().enumerate().skip(i) {
            self.index.insert(s.id, j);
        }
    }

    /// What an AI tells after a pass: where its eyes are, its awareness level and its interval
    /// (seconds; kept above zero).
    pub fn report(&mut self, id: u64, position: Vec3, awareness: u8, interval: f32) {
        if let Some(s) = self.slot_mut(id) {
            s.position = position;
            s.awareness = awareness;
            s.interval = if interval.is_finite() {
                interval.max(0.001)
            } else {
                Performance::default().base_update_interval
            };
        }
    }

    /// A fresh read of where an AI's eyes are (for scoring a far AI).
    pub fn set_position(&mut self, id: u64, position: Vec3) {
        if let Some(s) = self.slot_mut(id) {
            s.position = position;
        }
    }

    fn slot_mut(&mut self, id: u64) -> Option<&mut Slot> {
        let i = *self.index.get(&id)?;
        self.slots.get_mut(i)
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Every AI scheduled, in schedule order.
    pub fn ids(&self) -> impl Iterator<Item = u64> + '_ {
        self.slots.iter().map(|s| s.id)
    }

    /// How many AI sit in each level-of-detail tier, 0 (full rate) to 4 (suspended).
    #[must_use]
    pub fn tier_counts(&self) -> [u32; 5] {
        let mut counts = [0u32; 5];
        for s in &self.slots {
            counts[usize::from(s.tier.min(4))] += 1;
        }
        counts
    }

    /// The level-of-detail tier of `id`.
    #[must_use]
    pub fn tier_of(&self, id: u64) -> Option<u8> {
        self.index.get(&id).map(|&i| self.slots[i].tier)
    }

    /// `id`'s clocks, for a saved game: a restored AI then runs its passes on the frames it
    /// would have.
    #[must_use]
    pub fn clock(&self, id: u64) -> Option<ScheduleSave> {
        let s = &self.slots[*self.index.get(&id)?];
        Some(ScheduleSave {
            since_tick: s.since_tick,
            elapsed: s.elapsed,
            tier: s.tier,
            waited: s.waited,
        })
    }

    /// Sets `id`'s clocks from a saved game (each kept finite and in range). False if `id` is
    /// not scheduled.
    pub fn set_clock(&mut self, id: u64, clock: &ScheduleSave) -> bool {
        let Some(&i) = self.index.get(&id) else {
            return false;
        };
        let seconds = |x: f32| if x.is_finite() { x.max(0.0) } else { 0.0 };
        let s = &mut self.slots[i];
        s.since_tick = seconds(clock.since_tick);
        s.elapsed = seconds(clock.elapsed);
        s.tier = clock.tier.min(SUSPENDED);
        s.waited = clock.waited;
        // The interval and the awareness are the AI's own (its profile and its beliefs
        // report them); a saved clock is kept within the longest wait a schedule has.
        s.since_tick = s.since_tick.min(MAX_WAIT);
        s.elapsed = s.elapsed.min(MAX_WAIT);
        true
    }

    /// Phase one of a frame: every clock moves on by `delta` seconds. Returns how many AI have
    /// their component tick this frame; [`Schedule::due`] lists them, for scoring.
    pub fn advance(&mut self, delta: f32) -> usize {
        let delta = if delta.is_finite() {
            delta.max(0.0)
        } else {
            0.0
        };
        self.added_this_frame = 0;
        self.due.clear();
        for s in &mut self.slots {
            s.since_tick += delta;
            if s.since_tick + s.tick_head + CLOCK_EPSILON >= component_tick(s.tier) {
                self.due.push(s.id);
            }
        }
        self.due.len()
    }

    /// The AI whose component ticks this frame, in the order [`Schedule::decide`] expects their
    /// scores. An AI removed since [`Schedule::advance`] is left out.
    pub fn due(&self) -> impl Iterator<Item = Due> + '_ {
        self.due.iter().filter_map(|id| {
            let s = &self.slots[*self.index.get(id)?];
            Some(Due {
                id: s.id,
                position: s.position,
                awareness: s.awareness,
                tier: s.tier,
            })
        })
    }

    /// Phase two: each ticking AI gets its tier from its significance in `scores` (the order
    /// of [`Schedule::due`]; every tier 0 when `lod` is off), and the ones due for a pass claim
    /// one; at most `budget` (0: no cap) are granted, longest waiting first. Suspended AI only
    /// let memory fade, at their own tick rate. The runs go into `out` (cleared first).
    pub fn decide(&mut self, scores: &[f32], lod: bool, budget: usize, out: &mut Vec<Run>) {
        out.clear();
        self.claims.clear();
        let mut k = 0;
        for id in &self.due {
            let Some(&i) = self.index.get(id) else {
                continue; // removed since advance: it was given no score either
            };
            let score = scores.get(k).copied().unwrap_or(1.0);
            k += 1;
            let s = &mut self.slots[i];
            s.elapsed += s.since_tick;
            s.since_tick = 0.0;
            let tier = if lod { tier_for(score) } else { 0 };
            s.pass_head += pass_head_start(s.phase, s.interval, s.tier, tier);
            s.tick_head = tick_head_start(s.phase, s.tier, tier);
            s.tier = tier;
            match interval_multiple(s.tier) {
                None => {
                    out.push(Run {
                        id: s.id,
                        dt: s.elapsed,
                        full: false,
                        tier: SUSPENDED,
                    });
                    s.elapsed = 0.0;
                    s.pass_head = 0.0;
                    s.waited = 0;
                }
                Some(multiple) => {
                    if s.elapsed + s.pass_head + CLOCK_EPSILON >= s.interval * multiple as f32 {
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
            self.slots[c.who].waited = self.slots[c.who].waited.saturating_add(1);
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
            s.pass_head = 0.0;
            s.waited = 0;
        }
    }
}
