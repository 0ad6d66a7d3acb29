//! What a game's script may do to a mind (spec section 14, "Make it your own"): raise
//! confidence, add evidence, report places, decide relationships and force attention.

use super::Mind;
use crate::belief::evidence::EvidenceKind;
use crate::brain::attention::sort_score;
use crate::crowd::Priority;
use crate::events::Event;
use crate::relationship::Relationship;
use crate::{TargetId, TargetKind};
use glam::Vec3;

impl Mind {
    /// Drops every belief about `target` at once, with no event: it is no target of this AI's
    /// any more (its own body, after the AI moved into it). Attention lets go of it.
    pub fn forget(&mut self, target: TargetId) {
        if let Some(slot) = self.ledger.find(target) {
            self.ledger.remove(slot);
        }
        self.brain.forget(target);
    }

    /// Decides who `target` is, whatever its team (`None` clears the override). False, and
    /// nothing changed, when the AI holds relationships for
    /// [`MAX_RELATIONSHIPS`](crate::brain::relations::MAX_RELATIONSHIPS) other targets already.
    pub fn set_relationship(
        &mut self,
        target: TargetId,
        relationship: Option<Relationship>,
    ) -> bool {
        if !self.relations.set_override(target, relationship) {
            return false;
        }
        if let Some(slot) = self.ledger.find(target) {
            let team_rel = self.relationship_of(target, None);
            if let Some(b) = self.ledger.get_mut(slot) {
                b.relationship = relationship.unwrap_or(team_rel.unwrap_or(b.relationship));
            }
        }
        true
    }

    /// Forgets the relationships set for targets `keep` says no to: the game's way to free the
    /// places of targets that no longer exist.
    pub fn forget_relationships_unless(&mut self, keep: impl FnMut(TargetId) -> bool) {
        self.relations.forget_overrides_unless(keep);
    }

    /// Focus on `target` now (Force Attention Target). Returns the change, if any, as an event.
    pub fn force_attention(&mut self, target: Option<TargetId>) -> Option<Event> {
        self.brain
            .force_attention(target)
            .map(|(old, new)| Event::AttentionChanged { old, new })
    }

    /// Raises a target's confidence from script (Set Target Confidence): never lowers it. The
    /// belief is created if needed; returns false if the ledger is full and nobody gives way.
    pub fn set_target_confidence(&mut self, target: TargetId, confidence: f32) -> bool {
        self.set_target_confidence_at(target, confidence, None)
    }

    /// [`Mind::set_target_confidence`] for a target standing at `position`: a belief no sense
    /// has placed yet is placed there, where the target really is, never at the origin.
    pub fn set_target_confidence_at(
        &mut self,
        target: TargetId,
        confidence: f32,
        position: Option<Vec3>,
    ) -> bool {
        let Some(slot) = self.raise(target, TargetKind::Actor, confidence) else {
            return false;
        };
        if let (Some(b), Some(p)) = (self.ledger.get_mut(slot), position) {
            if b.dominant.is_none() && p.is_finite() {
                b.last_known_position = p;
            }
        }
        true
    }

    /// Lowers, caps, clears or floors belief in `target` from script for `duration` seconds
    /// (Add Target Evidence). The evidence outlives the belief's slot.
    pub fn add_evidence(
        &mut self,
        target: TargetId,
        kind: EvidenceKind,
        amount: f32,
        duration: f32,
    ) {
        if amount.is_finite() && duration.is_finite() {
            self.evidence.add(target, kind, amount, duration, self.now);
        }
    }

    /// Removes every piece of scripted evidence about `target`.
    pub fn remove_evidence(&mut self, target: TargetId) {
        self.evidence.remove(target);
    }

    /// A belief about a place from the game's own logic (Report Location Belief): raises the
    /// confidence of the place of `tag` at `location`, merging with a close one of the same
    /// tag. Returns the place's id, or `None` if the ledger had no room.
    pub fn report_place(
        &mut self,
        tag: u32,
        location: Vec3,
        confidence: f32,
        accuracy: f32,
    ) -> Option<TargetId> {
        if !location.is_finite() {
            return None;
        }
        let id = self.places.place_for(tag, location, accuracy);
        let slot = self.raise(id, TargetKind::Place, confidence)?;
        if let Some(b) = self.ledger.get_mut(slot) {
            b.last_known_position = self.places.get(id).map_or(location, |p| p.location);
            b.last_known_precision = 1.0 / (1.0 + accuracy.max(0.0));
        }
        Some(id)
    }

    fn raise(&mut self, target: TargetId, kind: TargetKind, confidence: f32) -> Option<usize> {
        if !confidence.is_finite() {
            return None;
        }
        let c = confidence.clamp(0.0, 1.0);
        let slot = match self.ledger.find(target) {
            Some(s) => s,
            None => {
                let score = sort_score(&self.profile.attention, c, 1.0, 0.0);
                let s = self.ledger.slot_for_newcomer(
                    score,
                    Priority::PerceivedNow,
                    kind == TargetKind::Place,
                )?;
                self.admit(s, target, kind, None);
                s
            }
        };
        if let Some(b) = self.ledger.get_mut(slot) {
            if c > b.confidence {
                b.confidence = c;
                b.last_active_confidence = c;
                b.last_sensed_at = self.now;
            }
        }
        Some(slot)
    }
}

#[cfg(test)]
mod tests {
    use crate::mind::Mind;
    use crate::{Profile, TargetId, Vec3};

    #[test]
    fn a_raised_belief_is_placed_where_the_target_is_and_can_be_forgotten() {
        let (mut mind, _) = Mind::new(Profile::default());
        let far = TargetId(7);
        let at = Vec3::new(300.0, 0.0, 40.0);
        assert!(mind.set_target_confidence_at(far, 0.5, Some(at)));
        assert_eq!(mind.belief(far).unwrap().last_known_position, at);
        assert!(mind.set_target_confidence_at(far, 0.6, Some(Vec3::NAN)));
        assert_eq!(
            mind.belief(far).unwrap().last_known_position,
            at,
            "NaN places nothing"
        );
        mind.force_attention(Some(far));
        mind.forget(far);
        assert!(mind.belief(far).is_none());
        assert_eq!(mind.attention_target(), None);
    }
}
