//! Choosing whom to look at in a crowd (spec section 13, "what happens in a crowd"): with more
//! candidates than belief slots, only the ones that matter most are evaluated this tick, by the
//! priorities of [`priority`](crate::crowd::priority), and whoever was looked at and found
//! empty is benched for a crowd-sized time.

use crate::brain::attention::proximity;
use crate::crowd::priority::{CandidateInfo, LookBook, Priority};
use crate::gather::candidates::just_hit_or_touched;
use crate::gather::target::TargetSnapshot;
use crate::mind::Mind;
use crate::senses::contract::WorldView;
use crate::senses::rays::BodyId;
use crate::TargetId;
use glam::Vec3;

/// The selection's memory (who is benched) and its scratch.
#[derive(Debug, Clone, Default)]
pub struct CandidateSelection {
    looks: LookBook,
    infos: Vec<CandidateInfo>,
    chosen: Vec<usize>,
    ranking: Vec<(Priority, f32, u64, usize)>,
    /// Candidates and slots of the last choice: the bench is sized by them.
    crowd: (usize, usize),
}

/// Where the AI looks from and what it perceives with, for choosing.
#[derive(Clone, Copy)]
pub struct Chooser<'a> {
    pub mind: &'a Mind,
    pub world: &'a WorldView<'a>,
    /// The AI's own bodies (a hit on them is its own).
    pub own: &'a [BodyId],
    pub eye: Vec3,
    /// The senses' reach: a newcomer's proximity is measured against it.
    pub reach: f32,
}

impl CandidateSelection {
    /// Chooses which of `candidates` to evaluate: all of them when they fit in the mind's
    /// ledger, else the best by priority, then score. Returns whether it was a crowd.
    pub fn choose(&mut self, candidates: &[TargetSnapshot], by: Chooser) -> bool {
        let slots = by.mind.ledger().capacity();
        let n = candidates.len();
        self.crowd = (n, slots);
        self.chosen.clear();
        if n <= slots {
            self.chosen.extend(0..n);
            return false;
        }
        let profile = by.mind.profile();
        self.infos.clear();
        for t in candidates {
            let belief = by.mind.belief(t.id);
            let ally = belief.map_or_else(
                || {
                    by.mind
                        .relationship_of(t.id, Some(t.team_id))
                        .is_some_and(crate::brain::threat::Relationship::is_ally)
                },
                |b| b.relationship.is_ally(),
            );
            self.infos.push(CandidateInfo {
                target: t.id,
                hit_or_touched: just_hit_or_touched(t.id, by.world, by.own, profile),
                perceived: belief.is_some_and(|b| b.was_sensed),
                ally,
                score: belief.map_or_else(
                    || proximity(t.position.distance(by.eye), by.reach),
                    |b| b.sort_score,
                ),
            });
        }
        self.looks.select(
            &self.infos,
            slots,
            by.world.now,
            &mut self.chosen,
            &mut self.ranking,
        );
        true
    }

    /// The indices of the candidates chosen last, in order.
    #[must_use]
    pub fn chosen(&self) -> &[usize] {
        &self.chosen
    }

    /// After looking at `target` in a crowd at `now`: something found clears its bench,
    /// nothing benches it for a time sized by the crowd of the last choice.
    pub fn looked(&mut self, target: TargetId, found: bool, now: f64) {
        let (candidates, slots) = self.crowd;
        let bench = LookBook::bench_time(candidates, slots);
        self.looks.record(target, found, now, bench);
    }
}
