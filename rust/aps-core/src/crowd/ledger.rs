//! The ledger: a fixed number of belief slots, set up once and reused (spec section 13, "Where
//! everything lives"), so steady-state perception allocates nothing.

use crate::belief::state::BeliefState;
use crate::belief::Belief;
use crate::crowd::Priority;
use crate::senses::id::Sense;
use crate::TargetId;

/// Max Tracked Targets belief slots.
#[derive(Debug, Clone, PartialEq)]
pub struct Ledger {
    slots: Vec<Option<Belief>>,
}

impl Ledger {
    /// A ledger of `capacity` empty slots.
    #[must_use]
    pub fn new(capacity: usize) -> Self {
        Ledger {
            slots: vec![None; capacity.max(1)],
        }
    }

    #[must_use]
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// How many slots hold a belief.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.iter().filter(|s| s.is_some()).count()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The slot holding `target`'s belief.
    #[must_use]
    pub fn find(&self, target: TargetId) -> Option<usize> {
        self.slots
            .iter()
            .position(|s| s.as_ref().is_some_and(|b| b.target == target))
    }

    /// [`Ledger::find`], looking in `hint` first (the slot the target held last tick). A target
    /// has at most one belief, so a belief about it in `hint` is the one `find` would return.
    #[must_use]
    pub fn find_from(&self, target: TargetId, hint: usize) -> Option<usize> {
        if self.get(hint).is_some_and(|b| b.target == target) {
            Some(hint)
        } else {
            self.find(target)
        }
    }

    #[must_use]
    pub fn get(&self, slot: usize) -> Option<&Belief> {
        self.slots.get(slot).and_then(Option::as_ref)
    }

    pub fn get_mut(&mut self, slot: usize) -> Option<&mut Belief> {
        self.slots.get_mut(slot).and_then(Option::as_mut)
    }

    /// The belief about `target`.
    #[must_use]
    pub fn belief(&self, target: TargetId) -> Option<&Belief> {
        self.find(target).and_then(|s| self.get(s))
    }

    /// Every held belief, in slot order.
    pub fn iter(&self) -> impl Iterator<Item = &Belief> {
        self.slots.iter().flatten()
    }

    /// Runs `keep` on every held belief with its slot, in slot order, and empties the slots of
    /// those it returns false for: one pass for a tick that updates every belief and frees some.
    #[inline]
    pub fn retain_mut(&mut self, mut keep: impl FnMut(usize, &mut Belief) -> bool) {
        for (slot, s) in self.slots.iter_mut().enumerate() {
            if s.as_mut().is_some_and(|b| !keep(slot, b)) {
                *s = None;
            }
        }
    }

    /// Puts a belief in `slot`, replacing whatever was there.
    pub fn put(&mut self, slot: usize, belief: Belief) {
        if let Some(s) = self.slots.get_mut(slot) {
            *s = Some(belief);
        }
    }

    /// Empties a slot, returning what it held.
    pub fn remove(&mut self, slot: usize) -> Option<Belief> {
        self.slots.get_mut(slot).and_then(Option::take)
    }

    /// A slot for a newcomer of crowd priority `priority` whose sort score would be `score`
    /// (spec section 13): a free slot; else the lowest-scoring dormant belief (Undetected and
    /// unsensed, Expired, or Remembered); else, priority first and score second, a belief
    /// that matters less than the newcomer (so whoever just shot the AI always gets a slot).
    /// `None`: nobody gives way. A place (`is_place`) never pushes out an actor the AI
    /// perceives now.
    #[must_use]
    pub fn slot_for_newcomer(
        &self,
        score: f32,
        priority: Priority,
        is_place: bool,
    ) -> Option<usize> {
        self.slot_for_newcomer_except(score, priority, is_place, &[], 0.0)
    }

    /// [`Ledger::slot_for_newcomer`] for a newcomer whose `score` counts what its senses report
    /// now: never giving away one of the slots in `keep` (beliefs admitted this very tick, which
    /// no sense has updated yet and so look dormant), and weighing each occupant the same way,
    /// by the larger of its smoothed and its last fused confidence (times
    /// `confidence_weight`, the sort weight of confidence), so a belief still rising is not
    /// pushed out by a newcomer it outranks.
    #[must_use]
    pub fn slot_for_newcomer_except(
        &self,
        score: f32,
        priority: Priority,
        is_place: bool,
        keep: &[usize],
        confidence_weight: f32,
    ) -> Option<usize> {
        if let Some(free) = self.slots.iter().position(Option::is_none) {
            return Some(free);
        }
        let protected =
            |b: &Belief| is_place && b.kind == crate::TargetKind::Actor && !b.active.is_empty();
        let dormant = is_dormant;
        let candidates = self
            .slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().map(|b| (i, b)))
            .filter(|(i, b)| !protected(b) && !keep.contains(i));
        if let Some((i, _)) = candidates
            .clone()
            .filter(|(_, b)| dormant(b))
            .min_by(|a, b| a.1.sort_score.total_cmp(&b.1.sort_score))
        {
            return Some(i);
        }
        let claim =
            |b: &Belief| b.sort_score + confidence_weight * (b.fused - b.confidence).max(0.0);
        candidates
            .map(|(i, b)| (i, occupant_priority(b), claim(b)))
            .filter(|(_, p, s)| *p > priority || (*p == priority && *s < score))
            .max_by(|a, b| a.1.cmp(&b.1).then(b.2.total_cmp(&a.2)))
            .map(|(i, _, _)| i)
    }

    /// Changes the number of slots, keeping the highest-scoring beliefs when shrinking.
    pub fn resize(&mut self, capacity: usize) {
        let capacity = capacity.max(1);
        if capacity == self.slots.len() {
            return;
        }
        let mut held: Vec<Belief> = self.slots.iter().flatten().copied().collect();
        held.sort_by(|a, b| b.sort_score.total_cmp(&a.sort_score));
        held.truncate(capacity);
        self.slots = vec![None; capacity];
        for (slot, b) in held.into_iter().enumerate() {
            self.slots[slot] = Some(b);
        }
    }
}

/// Whether a belief gives way first to a newcomer: Expired, Remembered, or Undetected with no
/// sense on it.
#[must_use]
pub fn is_dormant(b: &Belief) -> bool {
    matches!(b.state, BeliefState::Expired | BeliefState::Remembered)
        || (b.state == BeliefState::Undetected && b.active.is_empty())
}

/// How much a held belief matters in a crowd (spec section 13's tiers). A target that hurt the
/// AI keeps the first tier while its damage term lasts, and one still in contact (Detected or
/// Tracked, in its grace time) counts as perceived.
#[must_use]
pub fn occupant_priority(b: &Belief) -> Priority {
    let hit = b.active.contains(Sense::Damage.id()) || b.active.contains(Sense::Touch.id());
    if hit || b.damage_received >= crate::brain::threat::DAMAGE_CUTOFF {
        Priority::HitOrTouched
    } else if b.relationship.is_ally() {
        Priority::Ally
    } else if !b.active.is_empty() || b.state.is_in_contact() {
        Priority::perceived(b.character)
    } else {
        Priority::FoundNothing
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TargetKind;

    /// A belief perceived now (by vision) unless it is dormant.
    fn belief(id: u64, state: BeliefState, score: f32) -> Belief {
        let mut b = Belief::new(TargetId(id), TargetKind::Actor);
        b.state = state;
        b.sort_score = score;
        b.character = true;
        if !matches!(state, BeliefState::Expired | BeliefState::Remembered) {
            b.active.insert(Sense::Vision.id());
        }
        b
    }

    fn full() -> Ledger {
        let mut l = Ledger::new(3);
        l.put(0, belief(1, BeliefState::Tracked, 0.9));
        l.put(1, belief(2, BeliefState::Detected, 0.4));
        l.put(2, belief(3, BeliefState::Suspected, 0.3));
        l
    }

    #[test]
    fn a_free_slot_comes_first() {
        let mut l = full();
        l.remove(1);
        assert_eq!(
            l.slot_for_newcomer(0.0, Priority::PerceivedNow, false),
            Some(1)
        );
    }

    #[test]
    fn when_full_the_lowest_scoring_expired_or_remembered_slot_is_replaced() {
        let mut l = full();
        l.put(0, belief(1, BeliefState::Remembered, 0.2));
        l.put(2, belief(3, BeliefState::Expired, 0.25));
        assert_eq!(
            l.slot_for_newcomer(0.0, Priority::PerceivedNow, false),
            Some(0)
        );
    }

    #[test]
    fn else_an_active_one_with_a_worse_sort_score() {
        let l = full();
        assert_eq!(
            l.slot_for_newcomer(0.35, Priority::PerceivedNow, false),
            Some(2)
        );
        assert_eq!(
            l.slot_for_newcomer(0.3, Priority::PerceivedNow, false),
            None
        );
    }

    #[test]
    fn priority_comes_before_score() {
        let mut l = full();
        // Whoever shoots the AI takes the lowest-scoring perceived belief's slot.
        assert_eq!(
            l.slot_for_newcomer(0.0, Priority::HitOrTouched, false),
            Some(2)
        );
        // A belief no sense has now gives way before any perceived one, whatever its score.
        let mut idle = belief(4, BeliefState::Suspected, 0.95);

        idle.active = crate::senses::id::SenseSet::EMPTY;
        l.put(0, idle);
        assert_eq!(
            l.slot_for_newcomer(0.1, Priority::PerceivedNow, false),
            Some(0)
        );
        // An ally goes before a stranger no sense has.
        let mut ally = belief(5, BeliefState::Detected, 0.1);
        ally.active = crate::senses::id::SenseSet::EMPTY;
        ally.relationship = crate::brain::threat::Relationship::Friendly;
        l.put(1, ally);
        assert_eq!(
            l.slot_for_newcomer(0.1, Priority::PerceivedNow, false),
            Some(0)
        );
    }

    #[test]
    fn a_slot_admitted_this_tick_is_kept_for_its_newcomer() {
        let mut l = full();
        l.put(2, belief(3, BeliefState::Undetected, 0.0));
        l.get_mut(2).unwrap().active = crate::senses::id::SenseSet::EMPTY;
        assert_eq!(
            l.slot_for_newcomer(0.5, Priority::PerceivedNow, false),
            Some(2)
        );
        assert_eq!(
            l.slot_for_newcomer_except(0.5, Priority::PerceivedNow, false, &[2], 0.0),
            Some(1),
            "the next newcomer takes a worse-scoring belief instead"
        );
    }

    #[test]
    fn a_belief_still_rising_is_weighed_by_what_its_senses_report() {
        let mut l = full();
        // Slot 2 was just found: smoothed 0.2, but its senses report 0.9.
        let rising = l.get_mut(2).unwrap();
        rising.confidence = 0.2;
        rising.fused = 0.9;
        // A newcomer scoring 0.5 beats its stored sort score (0.3) but not its claim
        // (0.3 + 0.5 x 0.7 = 0.65): it takes slot 1 (0.4) instead.
        assert_eq!(
            l.slot_for_newcomer_except(0.5, Priority::PerceivedNow, false, &[], 0.5),
            Some(1)
        );
    }

    #[test]
    fn a_place_never_pushes_out_a_perceived_actor() {
        let l = full();
        assert_eq!(l.slot_for_newcomer(1.0, Priority::HitOrTouched, true), None);
    }

    #[test]
    fn resize_keeps_the_best() {
        let mut l = full();
        l.resize(2);
        let ids: Vec<_> = l.iter().map(|b| b.target.0).collect();
        assert_eq!(ids, [1, 2]);
        l.resize(4);
        assert_eq!(l.capacity(), 4);
        assert_eq!(l.len(), 2);
    }
}
