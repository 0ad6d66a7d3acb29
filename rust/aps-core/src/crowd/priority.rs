//! The ledger in a crowd (spec section 13, "Where everything lives"): when more candidates are
//! in range than the AI has belief slots, slots go by priority first, score second:
//!
//! 1. something that just hit or touched the AI;
//! 2. something it perceives right now: a character (a body that moves by itself) before a
//!    plain object, as an eye goes to a person before the things around them, so a player in
//!    plain view among a crowd of perceivable things is held (see [`salience`](super::salience));
//! 3. something it hasn't looked at yet;
//! 4. an ally (Friendly or Teammate, or the same team id with no rule);
//! 5. something it looked at and found nothing of: benched for a short, crowd-sized time, so
//!    slots rotate through a crowd instead of staying with whoever stands closest.
//!
//! Only the chosen candidates are evaluated (and cost rays) this tick.

use crate::id_map::IdMap;
use crate::TargetId;

/// Seconds a candidate found empty sits out, per ledger's worth of candidates in the crowd.
pub const BENCH_PER_CROWD: f32 = 0.5;

/// The longest a candidate sits out, however big the crowd: a bench is short.
pub const MAX_BENCH: f32 = 5.0;

/// How many benched candidates the look book remembers; past that the one whose bench ends
/// soonest is forgotten (looked at again a little early).
pub const LOOK_BOOK: usize = 1024;

/// A candidate's priority tier (lower is more urgent).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Priority {
    HitOrTouched = 1,
    /// A character perceived right now.
    PerceivedNow = 2,
    /// A plain object perceived right now.
    PerceivedObject = 3,
    NotLookedAt = 4,
    Ally = 5,
    FoundNothing = 6,
}

impl Priority {
    /// The tier of something perceived right now: a character's, or a plain object's.
    #[must_use]
    pub const fn perceived(character: bool) -> Priority {
        if character {
            Priority::PerceivedNow
        } else {
            Priority::PerceivedObject
        }
    }
}

/// What the selection knows of one candidate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CandidateInfo {
    pub target: TargetId,
    /// It just hit or touched the AI.
    pub hit_or_touched: bool,
    /// A sense had it last tick.
    pub perceived: bool,
    /// A character rather than a plain object.
    pub character: bool,
    /// Friendly or Teammate.
    pub ally: bool,
    /// The sort score (or, for a newcomer, its proximity term).
    pub score: f32,
}

/// Who the AI looked at and found nothing of, and until when they sit out (world time).
#[derive(Debug, Clone, Default)]
pub struct LookBook {
    pub(crate) benched_until: IdMap<TargetId, f64>,
}

impl LookBook {
    /// Whether `target` was looked at and is still benched at `now`.
    #[must_use]
    pub fn is_benched(&self, target: TargetId, now: f64) -> bool {
        self.benched_until
            .get(&target)
            .is_some_and(|until| now < *until)
    }

    /// Whether `target` has been looked at (and its bench has not run out).
    #[must_use]
    pub fn looked_at(&self, target: TargetId) -> bool {
        self.benched_until.contains_key(&target)
    }

    /// Records the result of looking at `target` at `now`: found (forget the bench) or not
    /// (sit out for `bench` seconds).
    pub fn record(&mut self, target: TargetId, found: bool, now: f64, bench: f32) {
        if found {
            self.benched_until.remove(&target);
            return;
        }
        if self.benched_until.len() >= LOOK_BOOK && !self.benched_until.contains_key(&target) {
            // Forget benches that ran out; if none did, the one that ends soonest.
            self.benched_until.retain(|_, until| now < *until);
            if self.benched_until.len() >= LOOK_BOOK {
                if let Some(soonest) = self
                    .benched_until
                    .iter()
                    .min_by(|a, b| a.1.total_cmp(b.1))
                    .map(|(t, _)| *t)
                {
                    self.benched_until.remove(&soonest);
                }
            }
        }
        self.benched_until.insert(target, now + f64::from(bench));
    }

    /// How many candidates are remembered.
    #[must_use]
    pub fn len(&self) -> usize {
        self.benched_until.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.benched_until.is_empty()
    }

    /// The priority of a candidate.
    #[must_use]
    pub fn priority(&self, c: &CandidateInfo, now: f64) -> Priority {
        let benched = self.is_benched(c.target, now);
        if c.hit_or_touched {
            Priority::HitOrTouched
        } else if c.ally {
            // An ally ranks below anyone not looked at yet, even while perceived, so a crowd of
            // friends never hides a stranger.
            if benched {
                Priority::FoundNothing
            } else {
                Priority::Ally
            }
        } else if c.perceived {
            Priority::perceived(c.character)
        } else if benched {
            Priority::FoundNothing
        } else {
            Priority::NotLookedAt
        }
    }

    /// Chooses which of `candidates` to evaluate this tick: all of them if they fit in `slots`,
    /// else the `slots` best by priority, then score (ties by target id). Benched candidates
    /// are left out entirely while their bench lasts. Indices go into `out` (cleared first);
    /// `scratch` is reused memory.
    pub fn select(
        &self,
        candidates: &[CandidateInfo],
        slots: usize,
        now: f64,
        out: &mut Vec<usize>,
        scratch: &mut Vec<(Priority, f32, u64, usize)>,
    ) {
        out.clear();
        if candidates.len() <= slots {
            out.extend(0..candidates.len());
            return;
        }
        scratch.clear();
        for (i, c) in candidates.iter().enumerate() {
            let p = self.priority(c, now);
            if p != Priority::FoundNothing {
                scratch.push((p, -c.score, c.target.0, i));
            }
        }
        scratch
            .sort_unstable_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)).then(a.2.cmp(&b.2)));
        out.extend(scratch.iter().take(slots).map(|e| e.3));
        out.sort_unstable();
    }

    /// The bench time for a crowd of `candidates` around `slots` belief slots: half a second
    /// per ledger's worth of candidates, at most [`MAX_BENCH`].
    #[must_use]
    pub fn bench_time(candidates: usize, slots: usize) -> f32 {
        let crowd = candidates.div_ceil(slots.max(1));
        (BENCH_PER_CROWD * crowd.max(1) as f32).min(MAX_BENCH)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(id: u64, score: f32) -> CandidateInfo {
        CandidateInfo {
            target: TargetId(id),
            hit_or_touched: false,
            perceived: false,
            character: true,
            ally: false,
            score,
        }
    }

    #[test]
    fn everyone_is_evaluated_when_they_fit() {
        let book = LookBook::default();
        let cands: Vec<_> = (0..4).map(|i| cand(i, 0.5)).collect();
        let (mut out, mut scratch) = (Vec::new(), Vec::new());
        book.select(&cands, 16, 0.0, &mut out, &mut scratch);
        assert_eq!(out, [0, 1, 2, 3]);
    }

    #[test]
    fn priority_first_then_score() {
        let mut book = LookBook::default();
        let mut cands: Vec<_> = (0..6).map(|i| cand(i, i as f32 / 10.0)).collect();
        cands[0].hit_or_touched = true; // lowest score, but it shot the AI
        cands[1].perceived = true;
        cands[5].ally = true; // best score, but an ally
        book.record(TargetId(4), false, 0.0, 5.0); // looked at, nothing: benched
        let (mut out, mut scratch) = (Vec::new(), Vec::new());
        book.select(&cands, 3, 1.0, &mut out, &mut scratch);
        // 0 (hit), 1 (perceived), then the best not-looked-at: 3 (0.3) over 2 (0.2).
        assert_eq!(out, [0, 1, 3]);
        book.select(&cands, 4, 1.0, &mut out, &mut scratch);
        assert_eq!(
            out,
            [0, 1, 2, 3],
            "the ally comes after everyone not looked at"
        );
        book.select(&cands, 5, 1.0, &mut out, &mut scratch);
        assert_eq!(out, [0, 1, 2, 3, 5], "the benched one sits out");
        book.select(&cands, 5, 6.0, &mut out, &mut scratch);
        assert!(out.contains(&4), "back after its bench");
    }

    #[test]
    fn benches_are_crowd_sized_and_slots_rotate() {
        assert_eq!(LookBook::bench_time(40, 16), 1.5);
        assert_eq!(LookBook::bench_time(10, 16), 0.5);
        // 40 bystanders, 16 slots: everyone is looked at within three rounds.
        let mut book = LookBook::default();
        let cands: Vec<_> = (0..40).map(|i| cand(i, 1.0 - i as f32 / 100.0)).collect();
        let (mut out, mut scratch) = (Vec::new(), Vec::new());
        let mut seen = std::collections::BTreeSet::new();
        for round in 0..3 {
            let now = f64::from(round) * 0.1;
            book.select(&cands, 16, now, &mut out, &mut scratch);
            for &i in &out {
                seen.insert(i);
                book.record(cands[i].target, false, now, LookBook::bench_time(40, 16));
            }
        }
        assert_eq!(seen.len(), 40);
    }

    #[test]
    fn a_bench_is_short_however_big_the_crowd() {
        assert_eq!(LookBook::bench_time(10_000, 16), MAX_BENCH);
    }

    #[test]
    fn the_look_book_is_bounded() {
        let mut book = LookBook::default();
        for i in 0..(LOOK_BOOK as u64 * 3) {
            book.record(TargetId(i), false, i as f64 * 0.001, 100.0);
        }
        assert_eq!(book.len(), LOOK_BOOK);
        assert!(
            book.is_benched(TargetId(LOOK_BOOK as u64 * 3 - 1), 1.0),
            "the newest stays"
        );
    }

    #[test]
    fn a_found_target_leaves_the_bench() {
        let mut book = LookBook::default();
        book.record(TargetId(1), false, 0.0, 5.0);
        assert!(book.is_benched(TargetId(1), 1.0));
        book.record(TargetId(1), true, 1.0, 5.0);
        assert!(!book.looked_at(TargetId(1)));
    }
}
