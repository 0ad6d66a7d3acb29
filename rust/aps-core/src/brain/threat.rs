//! Threat: a score per target from 0 to 1 mapped onto five levels, and the relationships it
//! weighs (spec section 9, "The threat formula").

use crate::belief::state::BeliefState;
use crate::belief::Belief;
use crate::profile::ThreatSettings;
use crate::TargetKind;

pub use super::relations::{relationship_between, Relations};
/// Relationships live below the profile, which holds the default and the team rules; the
/// threat formula weighs them, so they are named here too.
pub use crate::relationship::Relationship;
/// Levels live below the belief record and the events that hold them; the formula maps its
/// score onto them here.
pub use crate::threat_level::ThreatLevel;

/// Damage that fills the damage term.
pub const DAMAGE_FULL: f32 = 100.0;

/// The most sense slots an AI can have: the senses term divides by it.
pub const SENSE_SLOTS: f32 = 8.0;

/// Below this many damage points the damage term is zero.
pub const DAMAGE_CUTOFF: f32 = 1.0;

/// What the threat formula reads about one belief.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ThreatInput {
    pub confidence: f32,
    pub damage_received: f32,
    pub active_senses: u32,
    pub relationship: Relationship,
    pub state: BeliefState,
}

/// The approach factor as APS 3.0 computes it: 1 in contact (Detected or Tracked), 0 otherwise.
#[must_use]
pub fn approach_factor(state: BeliefState) -> f32 {
    if state.is_in_contact() {
        1.0
    } else {
        0.0
    }
}

/// The damage term's input: damage below the cutoff counts as none.
#[must_use]
pub fn damage_term(damage: f32) -> f32 {
    if damage < DAMAGE_CUTOFF {
        0.0
    } else {
        (damage / DAMAGE_FULL).clamp(0.0, 1.0)
    }
}

/// The threat score, 0..1. Friendly, Teammate and Expired targets are always 0 (None).
#[must_use]
pub fn threat_score(s: &ThreatSettings, i: &ThreatInput) -> f32 {
    if i.relationship.is_ally() || i.state == BeliefState::Expired {
        return 0.0;
    }
    let score = i.confidence * s.threat_weight_confidence
        + damage_term(i.damage_received) * s.threat_weight_damage_received
        + (i.active_senses as f32 / SENSE_SLOTS).min(1.0) * s.threat_weight_senses
        + i.relationship.modifier() * s.threat_weight_relationship
        + approach_factor(i.state) * s.threat_weight_approach;
    score.clamp(0.0, 1.0)
}

/// The damage term fading while unsensed: `damage − rate × dt`, zero below the cutoff.
#[must_use]
pub fn fade_damage(damage: f32, rate: f32, dt: f32) -> f32 {
    let d = damage - rate * dt;
    if d < DAMAGE_CUTOFF {
        0.0
    } else {
        d
    }
}

/// Rates one belief's threat (spec section 9) and returns a change of level as (old, new), for
/// actors only (places have no threat signal): the tick reports it as an event. Inlined into
/// the tick, which rates every belief.
#[inline]
pub fn rate_threat(b: &mut Belief, s: &ThreatSettings) -> Option<(ThreatLevel, ThreatLevel)> {
    let score = threat_score(
        s,
        &ThreatInput {
            confidence: b.confidence,
            damage_received: b.damage_received,
            active_senses: b.active.len(),
            relationship: b.relationship,
            state: b.state,
        },
    );
    let level = ThreatLevel::for_score(score, s);
    b.threat_score = score;
    if level == b.threat_level {
        return None;
    }
    let old = b.threat_level;
    b.threat_level = level;
    (b.kind == TargetKind::Actor).then_some((old, level))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(
        confidence: f32,
        damage: f32,
        senses: u32,
        rel: Relationship,
        state: BeliefState,
    ) -> ThreatInput {
        ThreatInput {
            confidence,
            damage_received: damage,
            active_senses: senses,
            relationship: rel,
            state,
        }
    }

    fn close(a: f32, b: f32) {
        assert!((a - b).abs() < 1e-6, "{a} != {b}");
    }

    #[test]
    fn the_formula_with_its_five_weights() {
        let s = ThreatSettings::default();
        // 0.8 × 0.35 + 0.5 × 0.30 + 2/8 × 0.15 + 1 × 0.10 + 1 × 0.10
        let v = threat_score(
            &s,
            &input(0.8, 50.0, 2, Relationship::Enemy, BeliefState::Tracked),
        );
        close(v, 0.28 + 0.15 + 0.0375 + 0.10 + 0.10);
        // Out of contact the approach factor is 0.
        let v = threat_score(
            &s,
            &input(0.8, 50.0, 2, Relationship::Enemy, BeliefState::Lost),
        );
        close(v, 0.28 + 0.15 + 0.0375 + 0.10);
    }

    #[test]
    fn damage_over_100_fills_its_term_and_below_one_point_counts_nothing() {
        close(damage_term(100.0), 1.0);
        close(damage_term(250.0), 1.0);
        close(damage_term(40.0), 0.4);
        close(damage_term(0.99), 0.0);
        close(fade_damage(10.0, 5.0, 1.0), 5.0);
        close(fade_damage(1.4, 5.0, 0.1), 0.0);
    }

    #[test]
    fn the_senses_term_divides_by_eight_not_by_the_senses_this_ai_has() {
        let s = ThreatSettings::default();
        let two = threat_score(
            &s,
            &input(0.0, 0.0, 2, Relationship::Neutral, BeliefState::Lost),
        );
        close(two, 0.25 * 0.15 + 0.3 * 0.10);
    }

    #[test]
    fn the_relationship_table() {
        use Relationship::*;
        let table = [
            (Feared, 1.5),
            (HighValue, 1.2),
            (Enemy, 1.0),
            (Unknown, 0.5),
            (Neutral, 0.3),
            (Friendly, 0.0),
            (Teammate, 0.0),
        ];
        for (r, m) in table {
            close(r.modifier(), m);
        }
    }

    #[test]
    fn friendly_teammate_and_expired_are_always_none() {
        let s = ThreatSettings::default();
        for rel in [Relationship::Friendly, Relationship::Teammate] {
            let v = threat_score(&s, &input(1.0, 500.0, 8, rel, BeliefState::Tracked));
            assert_eq!(ThreatLevel::for_score(v, &s), ThreatLevel::None);
        }
        let v = threat_score(
            &s,
            &input(1.0, 500.0, 8, Relationship::Feared, BeliefState::Expired),
        );
        assert_eq!(v, 0.0);
    }
}
