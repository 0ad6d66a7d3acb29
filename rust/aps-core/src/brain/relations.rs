//! Who each target is to one AI (spec section 9, relationships): the relationship the game set
//! for the target itself, else the profile's rule for the target's team, else the same non-zero
//! team is Teammate and anyone else takes the profile's default relationship.
//!
//! Both are looked up by key, never by walking a list: a profile holds up to
//! [`MAX_TEAM_RULES`](crate::profile::MAX_TEAM_RULES) rules and a script may set [`MAX_RELATIONSHIPS`] relationships, and the
//! answer is wanted for every candidate of every pass.

use crate::id_map::IdMap;
use crate::profile::{TeamRule, ThreatSettings};
use crate::relationship::Relationship;
use crate::TargetId;
use std::collections::HashMap;

/// The most relationships set per target (by script, or restored) one AI keeps.
pub const MAX_RELATIONSHIPS: usize = 1024;

/// How an AI of team `mine` regards a target of team `theirs` by the rules of `s`: the first
/// rule for the pair, else the same non-zero team is Teammate, else the default. Team 0 means
/// "no team". This walks the rules, for a question asked once; an AI asks its [`Relations`],
/// which look the rule up.
#[must_use]
pub fn relationship_between(s: &ThreatSettings, mine: i32, theirs: i32) -> Relationship {
    let rule = s
        .team_rules
        .iter()
        .find(|r| r.team == mine && r.other == theirs)
        .map(|r| r.relationship);
    decide(rule, s.default_relationship, mine, theirs)
}

/// The relationship a rule gives, or the one that follows from the teams without a rule.
fn decide(
    rule: Option<Relationship>,
    default: Relationship,
    mine: i32,
    theirs: i32,
) -> Relationship {
    match rule {
        Some(r) => r,
        None if mine != 0 && mine == theirs => Relationship::Teammate,
        None => default,
    }
}

/// A profile's team rules by pair of teams. The first rule for a pair wins, as when the rules
/// are read in order.
#[derive(Debug, Clone, Default)]
pub struct TeamRules {
    by_pair: HashMap<(i32, i32), Relationship>,
}

impl TeamRules {
    #[must_use]
    pub fn new(rules: &[TeamRule]) -> Self {
        let mut by_pair = HashMap::with_capacity(rules.len());
        for r in rules {
            by_pair.entry((r.team, r.other)).or_insert(r.relationship);
        }
        TeamRules { by_pair }
    }

    /// How team `mine` regards team `theirs`, `default` where no rule and no team says.
    #[must_use]
    pub fn relationship(&self, default: Relationship, mine: i32, theirs: i32) -> Relationship {
        decide(
            self.by_pair.get(&(mine, theirs)).copied(),
            default,
            mine,
            theirs,
        )
    }
}

/// Who each target is to one AI: its own team, its profile's team rules and the relationships
/// set per target, which override the rules.
#[derive(Debug, Clone, Default)]
pub struct Relations {
    team: i32,
    rules: TeamRules,
    /// Relationships set per target, in no particular order (a removal moves the last into
    /// the gap).
    overrides: Vec<(TargetId, Relationship)>,
    /// Where each target's relationship is in `overrides`.
    override_at: IdMap<TargetId, usize>,
}

impl Relations {
    /// The AI's own team (0: no team).
    #[must_use]
    pub fn team(&self) -> i32 {
        self.team
    }

    pub fn set_team(&mut self, team: i32) {
        self.team = team;
    }

    /// Takes the rules of a profile (set or swapped): looked up from now on.
    pub fn set_rules(&mut self, rules: &[TeamRule]) {
        self.rules = TeamRules::new(rules);
    }

    /// Decides who `target` is, whatever its team; `None` clears the override. False, and
    /// nothing changed, when that would be more than [`MAX_RELATIONSHIPS`] targets.
    pub fn set_override(&mut self, target: TargetId, relationship: Option<Relationship>) -> bool {
        match (self.override_at.get(&target).copied(), relationship) {
            (Some(i), Some(r)) => self.overrides[i].1 = r,
            (Some(i), None) => {
                self.overrides.swap_remove(i);
                self.override_at.remove(&target);
                if let Some((moved, _)) = self.overrides.get(i) {
                    self.override_at.insert(*moved, i);
                }
            }
            (None, Some(_)) if self.overrides.len() >= MAX_RELATIONSHIPS => return false,
            (None, Some(r)) => {
                self.override_at.insert(target, self.overrides.len());
                self.overrides.push((target, r));
            }
            (None, None) => {}
        }
        true
    }

    /// Forgets every relationship set per target.
    pub fn clear_overrides(&mut self) {
        self.overrides.clear();
        self.override_at.clear();
    }

    /// Forgets the relationships set for targets `keep` says no to (those that no longer
    /// exist, so that they do not hold places the living need).
    pub fn forget_overrides_unless(&mut self, mut keep: impl FnMut(TargetId) -> bool) {
        self.overrides.retain(|(t, _)| keep(*t));
        self.override_at.clear();
        for (i, (t, _)) in self.overrides.iter().enumerate() {
            self.override_at.insert(*t, i);
        }
    }

    /// The relationships set per target.
    #[must_use]
    pub fn overrides(&self) -> &[(TargetId, Relationship)] {
        &self.overrides
    }

    /// Who a target of `team` is: a per-target override, else the team rules, with the
    /// default relationship of `s`. `None` when there is no override and the team is unknown.
    #[must_use]
    pub fn of(
        &self,
        target: TargetId,
        team: Option<i32>,
        s: &ThreatSettings,
    ) -> Option<Relationship> {
        if let Some(&i) = self.override_at.get(&target) {
            return self.overrides.get(i).map(|(_, r)| *r);
        }
        team.map(|team| {
            self.rules
                .relationship(s.default_relationship, self.team, team)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(team: i32, other: i32, relationship: Relationship) -> TeamRule {
        TeamRule {
            team,
            other,
            relationship,
        }
    }

    #[test]
    fn relationships_from_team_ids_and_rules() {
        let mut s = ThreatSettings::default();
        assert_eq!(relationship_between(&s, 1, 1), Relationship::Teammate);
        assert_eq!(relationship_between(&s, 1, 2), Relationship::Enemy);
        assert_eq!(
            relationship_between(&s, 0, 0),
            Relationship::Enemy,
            "team 0 is no team"
        );
        s.team_rules.push(rule(1, 3, Relationship::Friendly));
        assert_eq!(relationship_between(&s, 1, 3), Relationship::Friendly);
        assert_eq!(
            relationship_between(&s, 3, 1),
            Relationship::Enemy,
            "rules are one-way"
        );
    }

    #[test]
    fn the_rules_looked_up_answer_as_the_rules_read_in_order() {
        let s = ThreatSettings {
            team_rules: vec![
                rule(1, 3, Relationship::Friendly),
                rule(1, 3, Relationship::Feared),
                rule(2, 2, Relationship::Enemy),
                rule(4, 1, Relationship::Neutral),
            ],
            ..ThreatSettings::default()
        };
        let mut relations = Relations::default();
        relations.set_rules(&s.team_rules);
        for mine in 0..6 {
            relations.set_team(mine);
            for theirs in 0..6 {
                assert_eq!(
                    relations.of(TargetId(9), Some(theirs), &s),
                    Some(relationship_between(&s, mine, theirs)),
                    "{mine} to {theirs}"
                );
            }
        }
        assert_eq!(relations.of(TargetId(9), None, &s), None);
    }

    #[test]
    fn relationships_set_per_target_override_and_stop_at_the_most_kept() {
        let s = ThreatSettings::default();
        let mut relations = Relations::default();
        for t in 0..MAX_RELATIONSHIPS as u64 {
            assert!(relations.set_override(TargetId(t), Some(Relationship::Friendly)));
        }
        assert!(
            !relations.set_override(TargetId(5_000), Some(Relationship::Feared)),
            "full"
        );
        assert!(
            relations.set_override(TargetId(7), Some(Relationship::Feared)),
            "a change is no new target"
        );
        assert!(relations.set_override(TargetId(3), None));
        assert_eq!(
            relations.of(TargetId(3), Some(1), &s),
            Some(Relationship::Enemy)
        );
        assert_eq!(
            relations.of(TargetId(7), Some(1), &s),
            Some(Relationship::Feared)
        );
        assert_eq!(
            relations.of(TargetId(1_023), None, &s),
            Some(Relationship::Friendly),
            "the last one moved into the hole is still found"
        );
        relations.forget_overrides_unless(|t| t.0 % 2 == 0);
        assert_eq!(relations.overrides().len(), 512);
        assert_eq!(
            relations.of(TargetId(7), Some(1), &s),
            Some(Relationship::Enemy)
        );
        assert_eq!(
            relations.of(TargetId(8), None, &s),
            Some(Relationship::Friendly)
        );
        assert!(relations.set_override(TargetId(5_000), Some(Relationship::Feared)));
    }
}
