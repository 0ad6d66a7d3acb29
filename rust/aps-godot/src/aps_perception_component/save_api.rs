//! Saved games: `save_beliefs` and `load_beliefs`, everything the AI holds as plain
//! data and back (for the 3D component and its 2D twin alike), its targets named by keys a reloaded level finds again (see
//! `crate::saved::keys`).

use super::perceiver::{ComponentKind, PerceiverState};
use super::ApsPerceptionComponent;
use crate::aps_world::ApsWorld;
use crate::saved::keys::SceneKeys;
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
        let keys = SceneKeys::for_save(root.cloned());
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

macro_rules! save_api {
    ($C:ident, $I:ident, $N:ident, $V:ident, $D:ident, $S:ident, $Draw:ident, $two:literal, $px:literal) => {
        #[godot_api(secondary)]
        impl $C {
            /// Everything this AI holds, as plain data (numbers, strings, arrays and dictionaries) you
            /// can store with `JSON.stringify` (pass `full_precision = true` for an exact copy),
            /// `FileAccess.store_var` or your own format: every belief (state, confidence, time in
            /// state, why and where it was lost, last known and predicted position, velocity,
            /// uncertainty, long-term memory, damage, threat, grace timers), episodes, place beliefs,
            /// evidence, player models, emotions, awareness and attention. Targets are named by their
            /// [member ApsTargetComponent.persistent_id], else by their path from the current scene.
            /// The world's squads, light, wind and rain are saved by [method ApsWorld.save_state].
            #[doc = $px]
            #[func]
            pub fn save_beliefs(&mut self) -> VarDictionary {
                let Some(saved) = self.beliefs_saved(default_root().as_ref()) else {
                    return VarDictionary::new();
                };
                to_dictionary(&saved)
            }

            /// Restores what [method save_beliefs] gave, replacing everything the AI holds, so it goes
            /// on as if the game had never stopped. No state signals fire for the restored states;
            /// [signal beliefs_loaded] fires once, at the end of the frame, for your scripts to resume
            /// from them. Targets are found by persistent id, else by path from the current scene; a
            /// belief whose target no longer exists becomes a place belief at its last known position
            /// (tag `missing_target`) with `MISSING_TARGETS_AS_PLACE`, or is dropped with
            /// `MISSING_TARGETS_DROP`.
            ///
            /// Data from an older or newer APS, or damaged, loads what it can: each problem is one
            /// warning naming the field, and the field takes its default. Returns false (loading
            /// nothing) for data that is not APS beliefs at all, on a multiplayer client, or from
            /// inside a perception pass.
            #[doc = $px]
            #[func]
            pub fn load_beliefs(
                &mut self,
                data: VarDictionary,
                #[opt(default = 0)] missing_targets: i32,
            ) -> bool {
                const CALL: &str = concat!(stringify!($C), ".load_beliefs");
                if self.refuse_on_client("load_beliefs") {
                    return false;
                }
                let missing = super::save_api::missing_targets(CALL, missing_targets);
                let mut issues = Vec::new();
                let Some(saved) = read::<BeliefsSave>(CALL, &data, BELIEFS_FORMAT, &mut issues)
                else {
                    return false;
                };
                let mut keys = SceneKeys::for_load(default_root());
                let loaded = self.beliefs_restored(&saved, &mut keys, missing, &mut issues);
                warn_issues(CALL, &issues);
                loaded
            }
        }

        impl $C {
            /// This AI's saved form, its targets named from `root` (see `PerceiverState`).
            pub(crate) fn beliefs_saved(&mut self, root: Option<&Gd<Node>>) -> Option<BeliefsSave> {
                if self.refused_in_pass("save_beliefs", "nothing is saved") {
                    return None;
                }
                self.refresh_profile();
                let me = self.base().instance_id();
                Some(self.state.beliefs_saved(me, root))
            }

            /// Replaces everything this AI holds with `saved` (see `PerceiverState`); the
            /// beliefs_loaded signal is emitted at the end of the frame.
            pub(crate) fn beliefs_restored(
                &mut self,
                saved: &BeliefsSave,
                keys: &mut SceneKeys,
                missing: MissingTargets,
                issues: &mut Vec<LoadIssue>,
            ) -> bool {
                if self.refused_in_pass("load_beliefs", "nothing is loaded") {
                    return false;
                }
                self.refresh_profile();
                let me = self.base().instance_id();
                let parent = self.base().get_parent().map(|p| p.instance_id());
                let own = self
                    .state
                    .own
                    .nodes()
                    .iter()
                    .copied()
                    .chain([me])
                    .chain(parent)
                    .collect();
                let who = (me, own, self.own_team());
                if !self
                    .state
                    .beliefs_restored(who, saved, keys, missing, issues)
                {
                    return false;
                }
                // Its interval is its profile's and its awareness what it now believes (told when
                // it enters the tree, if it is not in it yet).
                if self.base().is_inside_tree() {
                    self.report_to_world(None);
                }
                // At the end of the frame, with nothing bound: a handler may free anything.
                self.base_mut()
                    .call_deferred("emit_signal", &["beliefs_loaded".to_variant()]);
                true
            }

            /// A call from inside a perception pass (a custom sense) is refused, with a warning
            /// naming the call and saying `what` becomes of it.
            fn refused_in_pass(&self, call: &str, what: &str) -> bool {
                if self.state.in_pass {
                    self.warn_call(call, "in pass", || {
                        format!("called from inside a perception pass (a custom sense); {what}")
                    });
                }
                self.state.in_pass
            }
        }
    };
}
pub(crate) use save_api;
