//! Saved games: `save_beliefs` and `load_beliefs`, everything the AI holds as plain
//! data and back (for the 3D component and its 2D twin alike), its targets named by keys a reloaded level finds again (see
//! `crate::saved::keys`).

use super::component::Component;
use super::perceiver::{ComponentKind, PerceiverState};
use super::ApsPerceptionComponent;
use crate::aps_world::{ApsWorld, WorldTags};
use crate::saved::keys::default_root;
use crate::saved::keys::SceneKeys;
use crate::saved::{read, to_dictionary, warn_issues};
use aps_core::save::format::{BeliefsSave, BELIEFS_FORMAT};
use aps_core::save::{LoadIssue, MissingTargets, FORMAT_VERSION};
use godot::prelude::*;

/// The `missing_targets` argument of `call`, a bad one warned and taken as the default.
pub fn missing_targets(call: &str, value: i32) -> MissingTargets {
    match value {
        ApsPerceptionComponent::MISSING_TARGETS_AS_PLACE => MissingTargets::AsPlace,
        ApsPerceptionComponent::MISSING_TARGETS_DROP => MissingTargets::Drop,
        _ => {
            crate::warnings::warn(&format!("{call} missing_targets"), None, || {
                format!(
                    "{call}: missing_targets {value} is not MISSING_TARGETS_AS_PLACE (0) or \
                     MISSING_TARGETS_DROP (1); MISSING_TARGETS_AS_PLACE is used"
                )
            });
            MissingTargets::AsPlace
        }
    }
}

impl<D: ComponentKind> PerceiverState<D> {
    /// This AI's saved form (the component `me`), its targets named from `root`.
    pub(super) fn beliefs_saved(&self, me: InstanceId, root: Option<&Gd<Node>>) -> BeliefsSave {
        let keys = SceneKeys::for_save(root.cloned(), &WorldTags);
        let now = ApsWorld::world_time();
        let schedule = self.world.and_then(|key| {
            ApsWorld::singleton()
                .bind()
                .world(key)
                .and_then(|w| w.schedule_clock(me))
        });
        BeliefsSave {
            format: BELIEFS_FORMAT.into(),
            version: FORMAT_VERSION,
            core: self
                .core
                .as_ref()
                .map(|c| c.save(&keys, now))
                .unwrap_or_default(),
            schedule,
        }
    }

    /// Replaces everything this AI holds with `saved`, its targets found by `keys` (made once
    /// for a whole load); `own` are the nodes it never believes in (its bodies, itself and its
    /// parent), `team` its own team. False when it has no core to restore into.
    pub(super) fn beliefs_restored(
        &mut self,
        (me, own, team): (InstanceId, Vec<InstanceId>, i32),
        saved: &BeliefsSave,
        keys: &mut SceneKeys,
        missing: MissingTargets,
        issues: &mut Vec<LoadIssue>,
    ) -> bool {
        let Some(core) = self.core.as_mut() else {
            return false;
        };
        keys.set_own(own);
        keys.set_kind(D::TWO_D);
        let mut repaired = Vec::new();
        let now = ApsWorld::world_time();
        core.restore(&saved.core, keys, missing, now, &mut repaired);
        // The core names fields from its own state; in the saved data they are under `core`.
        issues.extend(repaired.into_iter().map(|mut issue| {
            issue.field = format!("core.{}", issue.field);
            issue
        }));
        let other = keys.take_wrong_kind();
        if other > 0 {
            let (them, this) = if D::TWO_D { ("3D", "2D") } else { ("2D", "3D") };
            issues.push(LoadIssue {
                field: "core.beliefs".into(),
                problem: format!(
                    "{other} saved belief(s) name {them} nodes, which a {this} AI never \
                     perceives (another world); they are taken as missing targets"
                ),
            });
        }
        core.mind_mut().set_team(team);
        // Whatever was waiting to be said is about the beliefs just replaced.
        self.pending.clear();
        if let (Some(clock), Some(key)) = (&saved.schedule, self.world) {
            ApsWorld::singleton()
                .bind_mut()
                .world_mut(key)
                .set_schedule_clock(me, clock);
        }
        true
    }
}

/// Everything the AI holds, as a Dictionary (`save_beliefs`); empty inside a pass.
pub(super) fn save_beliefs<C: Component>(c: &mut C) -> VarDictionary {
    let Some(saved) = saved(c, default_root().as_ref()) else {
        return VarDictionary::new();
    };
    to_dictionary(&saved)
}

/// Restores what `data` holds (`load_beliefs`), `missing_targets` saying what becomes of a
/// belief whose target is gone; false, with warnings naming what was wrong, if nothing was.
pub(super) fn load_beliefs<C: Component>(c: &mut C, data: &VarDictionary, missing: i32) -> bool {
    let call = format!("{}.load_beliefs", C::CLASS);
    if c.refuse_on_client("load_beliefs") {
        return false;
    }
    let missing = missing_targets(&call, missing);
    let mut issues = Vec::new();
    let Some(saved) = read::<BeliefsSave>(&call, data, BELIEFS_FORMAT, &mut issues) else {
        return false;
    };
    let mut keys = SceneKeys::for_load(default_root(), &WorldTags);
    let loaded = restored(c, &saved, &mut keys, missing, &mut issues);
    warn_issues(&call, &issues);
    loaded
}

/// What the AI holds as plain data, its targets keyed under `root`; `None` inside a pass.
pub(crate) fn saved<C: Component>(c: &mut C, root: Option<&Gd<Node>>) -> Option<BeliefsSave> {
    if c.refused_in_pass("save_beliefs", "nothing is saved") {
        return None;
    }
    c.refresh_profile();
    let me = c.as_node().instance_id();
    Some(c.state().beliefs_saved(me, root))
}

/// Puts `saved` in place of what the AI holds; false inside a pass or with no core.
pub(crate) fn restored<C: Component>(
    c: &mut C,
    saved: &BeliefsSave,
    keys: &mut SceneKeys,
    missing: MissingTargets,
    issues: &mut Vec<LoadIssue>,
) -> bool {
    if c.refused_in_pass("load_beliefs", "nothing is loaded") {
        return false;
    }
    c.refresh_profile();
    let mut node = c.as_node();
    let me = node.instance_id();
    let parent = node.get_parent().map(|p| p.instance_id());
    let own = c
        .state()
        .own
        .nodes()
        .iter()
        .copied()
        .chain([me])
        .chain(parent)
        .collect();
    let who = (me, own, c.own_team());
    if !c
        .state_mut()
        .beliefs_restored(who, saved, keys, missing, issues)
    {
        return false;
    }
    // Its interval is its profile's and its awareness what it now believes (told when it
    // enters the tree, if it is not in it yet).
    if node.is_inside_tree() {
        super::life::report_to_world(c, None);
    }
    // At the end of the frame, with nothing bound: a handler may free anything.
    node.call_deferred("emit_signal", &["beliefs_loaded".to_variant()]);
    true
}
