//! Which team a target is on, from what a game engine can say of it (spec section 9's
//! relationships then follow from the teams: the same non-zero team is Teammate, the profile's
//! team rules and default relationship the rest).
//!
//! A target's team, the first that applies:
//! 1. the team of a group the game names as a team (in Godot, `aps/teams/groups`): a game
//!    that names its sides by groups means them for every node;
//! 2. the non-zero team its target description gives (an `ApsTargetComponent`);
//! 3. the team of the AI whose body it is, so that AI see each other on their own teams;
//! 4. 0, no team.
//!
//! An AI's own team: its group's team, else the team set on it. Every AI starts on
//! [`DEFAULT_AI_TEAM`], so two AI are Teammates and a target on no team is their enemy by the
//! default relationship, until a game says otherwise.

/// The team every AI is on until told otherwise.
pub const DEFAULT_AI_TEAM: i32 = 1;

/// A target's team from its group's team, its description's team and the team of the AI it
/// is the body of; see the module doc.
#[must_use]
pub fn target_team(group: Option<i32>, described: i32, ai: Option<i32>) -> i32 {
    group
        .or((described != 0).then_some(described))
        .or(ai)
        .unwrap_or(0)
}

/// An AI's own team from its body's group's team and the team set on it.
#[must_use]
pub fn ai_team(group: Option<i32>, own: i32) -> i32 {
    group.unwrap_or(own)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brain::threat::{relationship_between, Relationship};
    use crate::profile::ThreatSettings;

    #[test]
    fn a_group_wins_then_the_description_then_the_ai_it_carries() {
        assert_eq!(target_team(Some(7), 3, Some(1)), 7);
        assert_eq!(target_team(None, 3, Some(1)), 3);
        assert_eq!(target_team(None, 0, Some(2)), 2);
        assert_eq!(target_team(None, 0, None), 0);
        assert_eq!(ai_team(Some(4), DEFAULT_AI_TEAM), 4);
        assert_eq!(ai_team(None, 5), 5);
    }

    #[test]
    fn two_ai_left_as_they_come_are_teammates_and_the_player_their_enemy() {
        let s = ThreatSettings::default();
        let guard = ai_team(None, DEFAULT_AI_TEAM);
        let other_guard = target_team(None, 0, Some(DEFAULT_AI_TEAM));
        let player = target_team(None, 0, None);
        assert_eq!(
            relationship_between(&s, guard, other_guard),
            Relationship::Teammate
        );
        assert_eq!(relationship_between(&s, guard, player), Relationship::Enemy);
    }
}
