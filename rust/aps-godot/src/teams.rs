//! Which team a node is on, the way a Godot game says it: the groups of the project setting
//! `aps/teams/groups`, an `ApsTargetComponent`'s Team Id, the Team Id of the
//! `ApsPerceptionComponent` a body carries. Which of them wins is the core's rule
//! (`aps_core::gather::team`); this reads the groups.

use godot::classes::Node;

/// The team of the first group of `aps/teams/groups` that `node` is in, if any. One engine
/// call a listed group; none when the project lists no groups.
#[must_use]
pub fn group_team(node: &Node) -> Option<i32> {
    let groups = crate::settings::team_groups();
    groups
        .iter()
        .find(|(group, _)| node.is_in_group(group))
        .map(|(_, team)| *team)
}
