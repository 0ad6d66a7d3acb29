//! A recording of what one AI believed, tick by tick, over its last seconds: per
//! target its state, Smoothed and fused confidence, each sense's reading, loss reason, last
//! known and predicted position and Uncertainty Radius, and every state change.
//!
//! While recording, ticks go into rings made once, at the start ([`Recording::new`]): a tick
//! allocates nothing. [`Recording::to_file`] turns the ticks still within the window into a
//! [`RecordingFile`], plain serde data written as JSON, that [`RecordingFile::from_json`]
//! reads back so a test or the debugger can step through it.

use crate::events::Event;
use crate::mind::Mind;
use crate::senses::id::{SenseId, MAX_SENSES};
use crate::{BeliefState, LossReason, Observations, TargetId};
use glam::Vec3;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The version of [`RecordingFile`] this build writes.
pub const RECORDING_FORMAT: u32 = 1;

/// The longest window a recording may be asked to keep, seconds.
pub const MAX_RECORDING_SECONDS: f32 = 3600.0;

/// The most belief frames one recording keeps (about 30 MB): a longer window than that holds
/// keeps its newest ticks, and [`Recording::fits`] says so beforehand.
pub const MAX_FRAMES: usize = 1 << 18;

/// One belief at one tick, as recorded.
#[derive(Debug, Clone, Copy, PartialEq)]
struct BeliefFrame {
    target: TargetId,
    state: BeliefState,
    confidence: f32,
    fused: f32,
    /// Each sense slot's reading this tick; `NaN` where it gave none.
    readings: [f32; MAX_SENSES],
    loss_reason: LossReason,
    last_known: Vec3,
    predicted: Vec3,
    uncertainty: f32,
}

/// One state change at one tick.
#[derive(Debug, Clone, Copy, PartialEq)]
struct ChangeFrame {
    target: TargetId,
    old: BeliefState,
    new: BeliefState,
}

/// Where one tick's frames and changes sit in their rings.
#[derive(Debug, Clone, Copy, PartialEq)]
struct TickMark {
    time: f64,
    /// Index of its first belief frame, counted from the start of recording.
    first: u64,
    len: u32,
    first_change: u64,
    changes: u32,
}

/// A fixed ring: `push` overwrites the oldest item once full; items are addressed by the count
/// of items pushed before them.
#[derive(Debug, Clone)]
struct Ring<T> {
    items: Vec<T>,
    capacity: usize,
    pushed: u64,
}

impl<T: Copy> Ring<T> {
    fn new(capacity: usize) -> Self {
        Ring {
            items: Vec::with_capacity(capacity.max(1)),
            capacity: capacity.max(1),
            pushed: 0,
        }
    }

    fn push(&mut self, item: T) {
        let at = (self.pushed % self.capacity as u64) as usize;
        if at < self.items.len() {
            self.items[at] = item;
        } else {
            self.items.push(item);
        }
        self.pushed += 1;
    }

    /// The item pushed `index`-th, if it is still held.
    fn get(&self, index: u64) -> Option<&T> {
        let held_from = self.pushed.saturating_sub(self.capacity as u64);
        (index >= held_from && index < self.pushed)
            .then(|| &self.items[(index % self.capacity as u64) as usize])
    }

    /// Makes room for `capacity` items, keeping every item held and its index.
    fn grow(&mut self, capacity: usize) {
        if capacity <= self.capacity {
            return;
        }
        let held_from = self.pushed.saturating_sub(self.capacity as u64);
        let held: Vec<T> = (held_from..self.pushed)
            .filter_map(|i| self.get(i).copied())
            .collect();
        let Some(&first) = held.first() else {
            *self = Ring::new(capacity);
            return;
        };
        // Item i lives at i % capacity: a full-length vector so any slot can be written.
        let mut items = vec![first; capacity];
        for (k, item) in held.into_iter().enumerate() {
            items[((held_from + k as u64) % capacity as u64) as usize] = item;
        }
        self.items = items;
        self.capacity = capacity;
    }

    /// Whether items `first..first + len` are all still held.
    fn holds(&self, first: u64, len: u32) -> bool {
        len == 0 || (self.get(first).is_some() && self.get(first + u64::from(len) - 1).is_some())
    }
}

/// The last seconds of one AI's ticks.
#[derive(Debug, Clone)]
pub struct Recording {
    seconds: f32,
    ticks: Ring<TickMark>,
    frames: Ring<BeliefFrame>,
    changes: Ring<ChangeFrame>,
}

impl Recording {
    /// A recording of the last `seconds`, made for at most `ticks` ticks in that time, each
    /// with at most `beliefs` beliefs (the AI's Max Tracked Targets and its places).
    #[must_use]
    pub fn new(seconds: f32, ticks: usize, beliefs: usize) -> Self {
        let frames = ticks.saturating_mul(beliefs.max(1)).min(MAX_FRAMES);
        Recording {
            seconds: if seconds.is_finite() {
                seconds.max(0.0)
            } else {
                0.0
            },
            ticks: Ring::new(ticks),
            frames: Ring::new(frames),
            changes: Ring::new(frames),
        }
    }

    /// Makes room for `beliefs` beliefs a tick (the AI's Max Tracked Targets grew), keeping
    /// everything recorded.
    pub fn grow_for(&mut self, beliefs: usize) {
        let frames = self
            .ticks
            .capacity
            .saturating_mul(beliefs.max(1))
            .min(MAX_FRAMES);
        self.frames.grow(frames);
        self.changes.grow(frames);
    }

    /// Whether `ticks` ticks of `beliefs` beliefs each fit in one recording; if not, it keeps
    /// the newest [`MAX_FRAMES`] belief frames.
    #[must_use]
    pub fn fits(ticks: usize, beliefs: usize) -> bool {
        ticks.saturating_mul(beliefs.max(1)) <= MAX_FRAMES
    }

    /// The seconds it keeps.
    #[must_use]
    pub fn seconds(&self) -> f32 {
        self.seconds
    }

    /// Keeps one tick: every belief `mind` holds after it, the readings of `observations`,
    /// and the state changes among `events`.
    pub fn record(&mut self, mind: &Mind, observations: &Observations, events: &[Event]) {
        let first = self.frames.pushed;
        let first_change = self.changes.pushed;
        let mut len = 0u32;
        for b in mind.beliefs() {
            let mut readings = [f32::NAN; MAX_SENSES];
            if let Some(t) = observations.targets().iter().find(|t| t.target == b.target) {
                for r in observations.readings_of(t) {
                    if let Some(slot) = readings.get_mut(r.sense.index()) {
                        *slot = if slot.is_nan() {
                            r.confidence
                        } else {
                            slot.max(r.confidence)
                        };
                    }
                }
            }
            self.frames.push(BeliefFrame {
                target: b.target,
                state: b.state,
                confidence: b.confidence,
                fused: b.fused,
                readings,
                loss_reason: b.loss_reason,
                last_known: b.last_known_position,
                predicted: mind
                    .predicted_position(b.target)
                    .unwrap_or(b.last_known_position),
                uncertainty: b.uncertainty_radius,
            });
            len += 1;
        }
        let mut changes = 0u32;
        for e in events {
            if let Event::StateChanged(c) = e {
                self.changes.push(ChangeFrame {
                    target: c.target,
                    old: c.old,
                    new: c.new,
                });
                changes += 1;
            }
        }
        self.ticks.push(TickMark {
            time: mind.now(),
            first,
            len,
            first_change,
            changes,
        });
    }

    /// How many ticks it holds now (some may be older than its window).
    #[must_use]
    pub fn held_ticks(&self) -> usize {
        self.ticks.items.len()
    }

    /// The ticks within the last [`Recording::seconds`] before the newest, as plain data.
    /// `target_name` names each target (the game's id or node path) and `sense_name` each
    /// sense slot.
    #[must_use]
    pub fn to_file(
        &self,
        perceiver: &str,
        target_name: &dyn Fn(TargetId) -> String,
        sense_name: &dyn Fn(SenseId) -> String,
    ) -> RecordingFile {
        let newest = self
            .ticks
            .get(self.ticks.pushed.wrapping_sub(1))
            .map_or(0.0, |t| t.time);
        let from = newest - f64::from(self.seconds);
        let start = self.ticks.pushed.saturating_sub(self.ticks.capacity as u64);
        let mut ticks = Vec::new();
        for i in start..self.ticks.pushed {
            let Some(mark) = self.ticks.get(i) else {
                continue;
            };
            if mark.time < from
                || !self.frames.holds(mark.first, mark.len)
                || !self.changes.holds(mark.first_change, mark.changes)
            {
                continue;
            }
            let beliefs = (0..u64::from(mark.len))
                .filter_map(|k| self.frames.get(mark.first + k))
                .map(|f| BeliefFile {
                    target: target_name(f.target),
                    state: f.state.name().to_string(),
                    confidence: f.confidence,
                    fused: f.fused,
                    readings: f
                        .readings
                        .iter()
                        .enumerate()
                        .filter(|(_, r)| !r.is_nan())
                        .map(|(slot, r)| (sense_name(SenseId(slot as u8)), *r))
                        .collect(),
                    loss_reason: f.loss_reason.name().to_string(),
                    last_known_position: f.last_known.to_array(),
                    predicted_position: f.predicted.to_array(),
                    uncertainty: f.uncertainty,
                })
                .collect();
            let changes = (0..u64::from(mark.changes))
                .filter_map(|k| self.changes.get(mark.first_change + k))
                .map(|c| ChangeFile {
                    target: target_name(c.target),
                    old: c.old.name().to_string(),
                    new: c.new.name().to_string(),
                })
                .collect();
            ticks.push(TickFile {
                time: mark.time,
                beliefs,
                changes,
            });
        }
        RecordingFile {
            format: RECORDING_FORMAT,
            perceiver: perceiver.to_string(),
            seconds: self.seconds,
            ticks,
        }
    }
}

/// A recording as plain data: what is written to and read from a file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct RecordingFile {
    pub format: u32,
    /// Who was recorded (the node path of its component).
    pub perceiver: String,
    /// The window it kept, seconds.
    pub seconds: f32,
    pub ticks: Vec<TickFile>,
}

/// One tick in a [`RecordingFile`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct TickFile {
    /// Mind time, seconds.
    pub time: f64,
    pub beliefs: Vec<BeliefFile>,
    /// The state changes of this tick, in the order they happened.
    pub changes: Vec<ChangeFile>,
}

/// One belief at one tick in a [`RecordingFile`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct BeliefFile {
    pub target: String,
    pub state: String,
    pub confidence: f32,
    pub fused: f32,
    /// Each sense's reading by the sense's name.
    pub readings: BTreeMap<String, f32>,
    pub loss_reason: String,
    pub last_known_position: [f32; 3],
    pub predicted_position: [f32; 3],
    pub uncertainty: f32,
}

/// One state change in a [`RecordingFile`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct ChangeFile {
    pub target: String,
    pub old: String,
    pub new: String,
}

impl RecordingFile {
    /// A recording of no ticks, in this build's format.
    #[must_use]
    pub fn empty() -> Self {
        RecordingFile {
            format: RECORDING_FORMAT,
            ..RecordingFile::default()
        }
    }

    /// As JSON, the same bytes for the same recording.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads a recording written by [`RecordingFile::to_json`]. A newer format is read as far as
    /// its fields are known; anything that is not a recording is an error naming why.
    pub fn from_json(text: &str) -> Result<RecordingFile, String> {
        let file: RecordingFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if file.format == 0 {
            return Err("it has no format number: not an APS recording".into());
        }
        Ok(file)
    }

    /// Seconds from the first tick to the last.
    #[must_use]
    pub fn duration(&self) -> f64 {
        match (self.ticks.first(), self.ticks.last()) {
            (Some(a), Some(b)) => b.time - a.time,
            _ => 0.0,
        }
    }

    /// Every state change, in order, with the time of its tick.
    pub fn changes(&self) -> impl Iterator<Item = (f64, &ChangeFile)> + '_ {
        self.ticks
            .iter()
            .flat_map(|t| t.changes.iter().map(move |c| (t.time, c)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ring_keeps_its_newest_items_and_grows_without_losing_any() {
        let mut r: Ring<u64> = Ring::new(4);
        for i in 0..10 {
            r.push(i);
        }
        assert_eq!(r.get(5), None);
        assert_eq!(r.get(6), Some(&6));
        assert_eq!(r.get(9), Some(&9));
        assert!(r.holds(6, 4) && !r.holds(5, 2));
        r.grow(7);
        assert_eq!(
            (6..10).map(|i| r.get(i).copied()).collect::<Vec<_>>(),
            [Some(6), Some(7), Some(8), Some(9)]
        );
        for i in 10..13 {
            r.push(i);
        }
        // Seven held now, the oldest 6.
        assert_eq!(r.get(5), None);
        assert_eq!((6..13).filter_map(|i| r.get(i).copied()).count(), 7);
        assert_eq!(r.get(12), Some(&12));
        r.push(13);
        assert_eq!(r.get(6), None);
        assert_eq!(r.get(7), Some(&7));
        let mut empty: Ring<u64> = Ring::new(2);
        empty.grow(5);
        empty.push(1);
        assert_eq!(empty.get(0), Some(&1));
    }
}
