//! The last state changes of one AI, oldest first, for the debugger's timeline: a
//! fixed ring, so keeping it allocates nothing once made.

use crate::events::Event;
use crate::{BeliefState, TargetId};

/// How many state changes a timeline keeps.
pub const TIMELINE_LENGTH: usize = 32;

/// One state change and when it happened.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimelineEntry {
    /// Mind time, seconds.
    pub time: f64,
    pub target: TargetId,
    pub old: BeliefState,
    pub new: BeliefState,
}

/// The last [`TIMELINE_LENGTH`] state changes.
#[derive(Debug, Clone)]
pub struct Timeline {
    entries: Vec<TimelineEntry>,
    /// Where the next entry goes once the ring is full.
    next: usize,
}

impl Default for Timeline {
    fn default() -> Self {
        Timeline {
            entries: Vec::with_capacity(TIMELINE_LENGTH),
            next: 0,
        }
    }
}

impl Timeline {
    /// Keeps every state change among `events`, which happened at `time`.
    pub fn record(&mut self, time: f64, events: &[Event]) {
        for e in events {
            if let Event::StateChanged(c) = e {
                let entry = TimelineEntry {
                    time,
                    target: c.target,
                    old: c.old,
                    new: c.new,
                };
                if self.entries.len() < TIMELINE_LENGTH {
                    self.entries.push(entry);
                } else {
                    self.entries[self.next] = entry;
                    self.next = (self.next + 1) % TIMELINE_LENGTH;
                }
            }
        }
    }

    /// The changes kept, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &TimelineEntry> + '_ {
        let (newer, older) = self.entries.split_at(self.next);
        older.iter().chain(newer)
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::StateChange;
    use crate::{LossReason, TargetKind, Vec3};

    fn change(target: u64, old: BeliefState, new: BeliefState) -> Event {
        Event::StateChanged(StateChange {
            target: TargetId(target),
            kind: TargetKind::Actor,
            old,
            new,
            confidence: 0.5,
            loss_reason: LossReason::None,
            last_known_position: Vec3::ZERO,
            loss_direction: Vec3::ZERO,
        })
    }

    #[test]
    fn it_keeps_the_last_32_changes_oldest_first() {
        let mut t = Timeline::default();
        t.record(0.0, &[Event::AllClear]);
        assert!(t.is_empty());
        for i in 0..40u64 {
            t.record(
                i as f64,
                &[change(i, BeliefState::Undetected, BeliefState::Suspected)],
            );
        }
        assert_eq!(t.len(), TIMELINE_LENGTH);
        let targets: Vec<u64> = t.iter().map(|e| e.target.0).collect();
        assert_eq!(targets, (8..40).collect::<Vec<_>>());
        assert_eq!(t.iter().next().unwrap().time, 8.0);
    }
}
