//! Which sides an AI perceives (detection by affiliation): each target is an enemy, a neutral
//! or a friendly to the AI by its relationship (spec section 9), and the profile's Sides
//! settings say which of the three its senses look at. A target of a side left out is looked
//! at by no sense, so it never gets a belief and no signal is ever about it; a belief already
//! held in one fades as any unsensed belief does.
//!
//! The spec's relationship rules decide who is who; this only decides who is perceived.

use crate::profile::SideSettings;
use crate::relationship::Relationship;

/// The side a target is on, to one AI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// Enemy, Feared or High Value.
    Enemy,
    /// Neutral or Unknown.
    Neutral,
    /// Friendly or Teammate.
    Friendly,
}

impl Side {
    /// The side of a target the AI regards as `relationship`.
    #[must_use]
    pub const fn of(relationship: Relationship) -> Side {
        match relationship {
            Relationship::Feared | Relationship::HighValue | Relationship::Enemy => Side::Enemy,
            Relationship::Unknown | Relationship::Neutral => Side::Neutral,
            Relationship::Friendly | Relationship::Teammate => Side::Friendly,
        }
    }
}

impl SideSettings {
    /// Whether an AI with these settings perceives targets on `side`.
    #[must_use]
    pub const fn detects(&self, side: Side) -> bool {
        match side {
            Side::Enemy => self.detect_enemies,
            Side::Neutral => self.detect_neutrals,
            Side::Friendly => self.detect_friendlies,
        }
    }

    /// Whether every side is perceived (the spec's behaviour): no target is left out.
    #[must_use]
    pub const fn detects_all(&self) -> bool {
        self.detect_enemies && self.detect_neutrals && self.detect_friendlies
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_relationship_is_on_one_of_three_sides() {
        use Relationship::*;
        let sides: Vec<Side> = Relationship::ALL.iter().map(|r| Side::of(*r)).collect();
        assert_eq!(
            sides,
            [
                Side::Enemy,    // Feared
                Side::Enemy,    // HighValue
                Side::Enemy,    // Enemy
                Side::Neutral,  // Unknown
                Side::Neutral,  // Neutral
                Side::Friendly, // Friendly
                Side::Friendly, // Teammate
            ]
        );
        // The friendly side is exactly the spec's allies.
        for r in [
            Feared, HighValue, Enemy, Unknown, Neutral, Friendly, Teammate,
        ] {
            assert_eq!(Side::of(r) == Side::Friendly, r.is_ally(), "{r:?}");
        }
    }

    #[test]
    fn the_default_perceives_every_side_and_a_hostile_ai_leaves_out_its_own() {
        let all = SideSettings::default();
        assert!(all.detects_all());
        let hostile = SideSettings {
            detect_friendlies: false,
            ..all
        };
        assert!(hostile.detects(Side::Enemy));
        assert!(hostile.detects(Side::Neutral));
        assert!(!hostile.detects(Side::Friendly));
        assert!(!hostile.detects_all());
    }
}
