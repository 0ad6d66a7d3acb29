//! The core to and from its saved form (see [`crate::save`]): its mind, its senses' clocks,
//! whom it benched, and when its last pass ran.

use super::{PassStats, PerceptionCore};
use crate::crowd::priority::{LookBook, LOOK_BOOK, MAX_BENCH};
use crate::crowd::selection::CandidateSelection;
use crate::insight::timeline::Timeline;
use crate::save::format::{BenchSave, CoreSave, PainSave, SenseTimersSave};
use crate::save::{Keys, LoadIssue, MissingTargets, Repair};

impl PerceptionCore {
    /// Everything this AI holds, for a saved game (see [`crate::save`]): its mind, its
    /// senses' clocks, whom it benched, and how long before `world_now` its last pass ran.
    #[must_use]
    pub fn save(&self, keys: &dyn Keys, world_now: f64) -> CoreSave {
        let (level, reported) = self.senses.pain_state();
        let looks = &self.selection.looks;
        let mut benched: Vec<BenchSave> = looks
            .benched_until
            .iter()
            .filter(|(_, until)| **until > world_now)
            .filter_map(|(t, until)| {
                Some(BenchSave {
                    target: keys.key_of(*t)?,
                    seconds_left: *until - world_now,
                })
            })
            .collect();
        benched.sort_by(|a, b| a.target.cmp(&b.target));
        CoreSave {
            mind: self.mind.save(keys),
            pain: PainSave { level, reported },
            sense_timers: self
                .senses
                .timers()
                .map(|(id, t)| SenseTimersSave {
                    sense: id.0,
                    timers: t.to_vec(),
                })
                .collect(),
            benched,
            crowded: self.selection.crowded,
            crowd: [self.selection.crowd.0 as u32, self.selection.crowd.1 as u32],
            last_pass_seconds_ago: self.last_world_time.map(|t| (world_now - t).max(0.0)),
        }
    }

    /// Replaces everything this AI holds with `saved` (see
    /// [`Mind::restore`](crate::Mind::restore)), the world's clock now at `world_now`. Nothing
    /// is reported as an event; the timeline starts afresh. Returns how many beliefs named a
    /// target that no longer exists.
    pub fn restore(
        &mut self,
        saved: &CoreSave,
        keys: &mut dyn Keys,
        missing: MissingTargets,
        world_now: f64,
        issues: &mut Vec<LoadIssue>,
    ) -> usize {
        let lost = self.mind.restore(&saved.mind, keys, missing, issues);
        let mut fix = Repair::new(issues);
        let level = fix.unit(|| "pain.level".into(), saved.pain.level);
        let reported = fix.unit(|| "pain.reported".into(), saved.pain.reported);
        self.senses.set_pain_state(level, reported);
        for t in &saved.sense_timers {
            self.senses.set_timers(crate::SenseId(t.sense), &t.timers);
        }
        self.selection = CandidateSelection::default();
        if saved.benched.len() > LOOK_BOOK {
            fix.note(
                "benched",
                format!("more than {LOOK_BOOK}; the rest are dropped"),
            );
        }
        for (i, b) in saved.benched.iter().take(LOOK_BOOK).enumerate() {
            if let Some(t) = keys.target_of(&b.target) {
                // No bench outlasts the longest the look book gives (a save cannot blind it).
                let left = fix.time(|| format!("benched[{i}].seconds_left"), b.seconds_left);
                let bench = LookBook::bench_time(saved.crowd[0] as usize, saved.crowd[1] as usize);
                let left = left.clamp(0.0, f64::from(bench.min(MAX_BENCH)));
                self.selection
                    .looks
                    .benched_until
                    .insert(t, world_now + left);
            }
        }
        self.selection.crowded = saved.crowded;
        self.selection.crowd = (saved.crowd[0] as usize, saved.crowd[1] as usize);
        self.last_world_time = saved
            .last_pass_seconds_ago
            .map(|ago| world_now - fix.time(|| "last_pass_seconds_ago".into(), ago).max(0.0));
        self.chosen = None;
        self.observations.clear();
        self.notes.clear();
        self.last = PassStats::default();
        self.timeline = Timeline::default();
        lost
    }
}
