//! The memory store: episodes, the last encounters with each subject (spec section 8), kept per
//! subject for Memory Retention Seconds, in fixed memory.

use crate::belief::loss::LossReason;
use crate::belief::state::BeliefState;
use crate::TargetId;
use glam::Vec3;

/// Encounters kept per subject.
pub const EPISODES_PER_SUBJECT: usize = 5;

/// Subjects the store holds at once; the one remembered longest ago gives way.
pub const SUBJECTS: usize = 64;

/// One encounter, written when the AI loses a target straight from Detected or Tracked.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Episode {
    /// Mind time of the loss, seconds.
    pub time: f64,
    pub loss_reason: LossReason,
    /// Where the target was last known.
    pub location: Vec3,
    /// Which way the AI was looking.
    pub ai_facing: Vec3,
    /// Which way the target ran (zero if it was not moving).
    pub target_direction: Vec3,
    /// The state it was lost from.
    pub lost_from: BeliefState,
    /// Peak confidence during the encounter.
    pub peak_confidence: f32,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Subject {
    pub(crate) target: TargetId,
    pub(crate) episodes: [Episode; EPISODES_PER_SUBJECT],
    pub(crate) len: usize,
    pub(crate) next: usize,
    pub(crate) last: f64,
}

/// Every subject's recent episodes.
#[derive(Debug, Clone)]
pub struct MemoryStore {
    pub(crate) subjects: Vec<Subject>,
}

impl Default for MemoryStore {
    fn default() -> Self {
        MemoryStore {
            subjects: Vec::with_capacity(SUBJECTS),
        }
    }
}

impl MemoryStore {
    /// Writes an episode about `target`, dropping its oldest beyond five.
    pub fn record(&mut self, target: TargetId, episode: Episode) {
        let i = match self.subjects.iter().position(|s| s.target == target) {
            Some(i) => i,
            None => {
                let fresh = Subject {
                    target,
                    episodes: [Episode::default(); EPISODES_PER_SUBJECT],
                    len: 0,
                    next: 0,
                    last: episode.time,
                };
                if self.subjects.len() < SUBJECTS {
                    self.subjects.push(fresh);
                    self.subjects.len() - 1
                } else {
                    let oldest = self
                        .subjects
                        .iter()
                        .enumerate()
                        .min_by(|a, b| a.1.last.total_cmp(&b.1.last))
                        .map_or(0, |(i, _)| i);
                    self.subjects[oldest] = fresh;
                    oldest
                }
            }
        };
        let s = &mut self.subjects[i];
        s.episodes[s.next] = episode;
        s.next = (s.next + 1) % EPISODES_PER_SUBJECT;
        s.len = (s.len + 1).min(EPISODES_PER_SUBJECT);
        s.last = episode.time;
    }

    /// `target`'s episodes, newest first.
    pub fn episodes(&self, target: TargetId) -> impl Iterator<Item = &Episode> {
        let subject = self.subjects.iter().find(|s| s.target == target);
        let (len, next) = subject.map_or((0, 0), |s| (s.len, s.next));
        (0..len).filter_map(move |k| {
            let i = (next + EPISODES_PER_SUBJECT - 1 - k) % EPISODES_PER_SUBJECT;
            subject.map(|s| &s.episodes[i])
        })
    }

    /// `target`'s newest episode.
    #[must_use]
    pub fn last(&self, target: TargetId) -> Option<&Episode> {
        self.episodes(target).next()
    }

    /// Whether the store remembers anything of `target`.
    #[must_use]
    pub fn knows(&self, target: TargetId) -> bool {
        self.subjects.iter().any(|s| s.target == target)
    }

    /// Forgets subjects whose newest episode is older than `retention` seconds.
    pub fn prune(&mut self, now: f64, retention: f32) {
        let retention = f64::from(retention);
        self.subjects.retain(|s| now - s.last <= retention);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(time: f64) -> Episode {
        Episode {
            time,
            ..Episode::default()
        }
    }

    #[test]
    fn keeps_the_last_five_newest_first() {
        let mut m = MemoryStore::default();
        for t in 0..8 {
            m.record(TargetId(1), at(f64::from(t)));
        }
        let times: Vec<_> = m.episodes(TargetId(1)).map(|e| e.time).collect();
        assert_eq!(times, [7.0, 6.0, 5.0, 4.0, 3.0]);
        assert_eq!(m.last(TargetId(1)).unwrap().time, 7.0);
        assert_eq!(m.episodes(TargetId(2)).count(), 0);
    }

    #[test]
    fn retention_bounds_the_store() {
        let mut m = MemoryStore::default();
        m.record(TargetId(1), at(0.0));
        m.record(TargetId(2), at(250.0));
        m.prune(400.0, 300.0);
        assert!(!m.knows(TargetId(1)));
        assert!(m.knows(TargetId(2)));
    }

    #[test]
    fn a_full_store_forgets_the_longest_ago() {
        let mut m = MemoryStore::default();
        for t in 0..=SUBJECTS as u64 {
            m.record(TargetId(t), at(t as f64));
        }
        assert!(!m.knows(TargetId(0)));
        assert!(m.knows(TargetId(SUBJECTS as u64)));
    }
}
