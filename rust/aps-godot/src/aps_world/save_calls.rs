//! The calls of `ApsWorld` for saved games: a world's conditions, squads and motion
//! samples, and every perceiver under a node, as plain data and back.

use super::ApsWorld;
use super::WorldTags;
use crate::aps_perception_component::pass::a_pass_is_running;
use crate::aps_perception_component::saving::missing_targets;
use crate::aps_perception_component::Perceiver;
use crate::convert::target_id;
use crate::given::Given;
use crate::saved::keys::{node_at, path_key, SceneKeys, WorldSceneKeys};
use crate::saved::{read, to_dictionary, warn_issues};
use crate::world_key::world_key_of;
use aps_core::save::format::{
    MotionSampleSave, PerceiverSave, SquadMemberSave, StateSave, WorldSave, STATE_FORMAT,
};
use aps_core::save::{Keys, LoadIssue, MissingTargets, FORMAT_VERSION};
use godot::classes::Node;
use godot::prelude::*;

/// `root` and every perception component (3D or 2D) under it.
fn perceivers_under(root: &Gd<Node>) -> Vec<Perceiver> {
    let mut out: Vec<Perceiver> = Vec::new();
    out.extend(Perceiver::of(root));
    for class in ["ApsPerceptionComponent", "ApsPerceptionComponent2D"] {
        let found = root.find_children_ex("*").type_(class).owned(false).done();
        out.extend(found.iter_shared().filter_map(|n| Perceiver::of(&n)));
    }
    out
}

/// The world a saved level's `root` is in: a `Node3D`'s or a `Node2D`'s own; a plain `Node`
/// (a `Main` node over the level) holding only 2D perceivers stands for its viewport's
/// `World2D`, else for its `World3D`.
fn world_key_of_root(root: &Gd<Node>) -> Option<crate::world::WorldKey> {
    if crate::dim::Spatial::of(root).is_some() {
        return world_key_of(root);
    }
    let under = perceivers_under(root);
    let all_2d = !under.is_empty() && under.iter().all(|p| matches!(p, Perceiver::Two(_)));
    if all_2d {
        crate::world_key::world_key_of_2d(root)
    } else {
        world_key_of(root)
    }
}

/// Whether `node` is `root` or under it.
fn is_under(root: &Gd<Node>, node: &Gd<Node>) -> bool {
    root == node || root.is_ancestor_of(node)
}

#[godot_api(secondary)]
impl ApsWorld {
    /// Everything APS holds under `root` (usually the level's root node), as plain data you
    /// can store like [method ApsPerceptionComponent.save_beliefs]'s: each perceiver's beliefs,
    /// named by its path from `root`, and `root`'s world: light (ambient and zones, with their
    /// ids), wind, rain, who is in which squad with which role, how each target was moving, and
    /// what happened in the last seconds that still counts (sounds still ringing, contacts and
    /// damage not yet felt, scent trails, squad reports). Targets are named by
    /// [member ApsTargetComponent.persistent_id], else by their path from `root`.
    #[func]
    pub fn save_state(&mut self, root: Given<Node>) -> VarDictionary {
        const CALL: &str = "ApsWorld.save_state";
        let Some(root) = root.required(CALL, "root", "nothing is saved") else {
            return VarDictionary::new();
        };
        if !root.is_inside_tree() {
            crate::warnings::warn("ApsWorld.save_state root out of the tree", None, || {
                format!("{CALL}: root is not in the tree; nothing is saved")
            });
            return VarDictionary::new();
        }
        if a_pass_is_running() {
            crate::warnings::warn("ApsWorld.save_state in pass", None, || {
                String::from(
                    "ApsWorld.save_state: called from inside a perception pass (a custom sense); \
                 nothing is saved",
                )
            });
            return VarDictionary::new();
        }
        let keys = SceneKeys::for_save(Some(root.clone()), &WorldTags);
        let now = Self::world_time();
        let mut world = WorldSave::default();
        if let Some(w) = world_key_of_root(&root).and_then(|k| self.world(k)) {
            world.conditions = w.state().save_conditions();
            world.squads = w
                .squad_members_all()
                .filter_map(|(id, squad, role)| {
                    let node = Gd::<Node>::try_from_instance_id(id).ok()?;
                    is_under(&root, &node).then(|| SquadMemberSave {
                        perceiver: path_key(Some(&root), &node),
                        squad: squad.to_string(),
                        role: role.to_string(),
                    })
                })
                .collect();
            world.motion_samples = w
                .motion_samples()
                .filter_map(|(id, position, time, velocity)| {
                    let node = Gd::<Node>::try_from_instance_id(id).ok()?;
                    is_under(&root, &node).then_some(())?;
                    Some(MotionSampleSave {
                        target: keys.key_of(target_id(id))?,
                        position,
                        seconds_ago: (now - time).max(0.0),
                        velocity,
                    })
                })
                .collect();
        }
        if let Some(key) = world_key_of_root(&root) {
            let (w, tags) = self.world_and_tags(key);
            let squads = w.squads();
            let wk = WorldSceneKeys::new(&keys, tags, squads);
            world.stimuli = w.state().save_stimuli(now, &wk);
        }
        // The components bind this singleton themselves (tags, their schedule): let them.
        let _reentrant = self.base_mut();
        let perceivers = perceivers_under(&root)
            .into_iter()
            .filter_map(|mut p| {
                Some(PerceiverSave {
                    perceiver: path_key(Some(&root), &p.node()),
                    beliefs: p.beliefs_saved(Some(&root))?,
                })
            })
            .collect();
        let saved = StateSave {
            format: STATE_FORMAT.into(),
            version: FORMAT_VERSION,
            world,
            perceivers,
        };
        to_dictionary(&saved)
    }

    /// Restores what [method save_state] gave under `root`: each perceiver found at its saved
    /// path gets its beliefs back as [method ApsPerceptionComponent.load_beliefs] does (no
    /// state signals, one beliefs_loaded each), and `root`'s world its light, wind, rain,
    /// squads, motion samples and recent stimuli, which replace the world's own (a light zone
    /// the rebuilt level made again at the same place keeps the id the level holds now).
    /// `missing_targets` is as for load_beliefs. Damaged, older or
    /// newer data loads what it can, one warning per problem naming the field. Returns false
    /// (loading nothing) for data that is not APS state, a null root, or on a multiplayer
    /// client.
    #[func]
    pub fn load_state(
        &mut self,
        root: Given<Node>,
        data: VarDictionary,
        #[opt(default = 0)] missing_targets: i32,
    ) -> bool {
        const CALL: &str = "ApsWorld.load_state";
        let Some(root) = root.required(CALL, "root", "nothing is loaded") else {
            return false;
        };
        if self.load_refused(CALL, &root) {
            return false;
        }
        let missing = self::missing_targets(CALL, missing_targets);
        let mut issues = Vec::new();
        let Some(saved) = read::<StateSave>(CALL, &data, STATE_FORMAT, &mut issues) else {
            return false;
        };
        let now = Self::world_time();
        let mut keys = SceneKeys::for_load(Some(root.clone()), &WorldTags);
        {
            let key = world_key_of_root(&root).unwrap_or_else(crate::world_key::main_world_key);
            let world = self.world_mut(key);
            world
                .state_mut()
                .restore_conditions(&saved.world.conditions, &mut issues);
            restore_motion(
                world,
                &saved.world.motion_samples,
                &mut keys,
                now,
                &mut issues,
            );
        }
        let under = perceivers_under(&root);
        // The perceivers' loads bind this singleton themselves: let them.
        let guard = self.base_mut();
        restore_perceivers(&root, &saved.perceivers, &mut keys, missing, &mut issues);
        let mut aps = guard.clone().cast::<ApsWorld>();
        rejoin_squads(&mut aps, &root, &under, &saved.world.squads, &mut issues);
        drop(guard);
        // Stimuli last: a squad report needs its squad joined.
        if let Some(key) = world_key_of_root(&root) {
            let (w, tags) = self.world_and_tags(key);
            let squads = w.squads();
            let mut wk = WorldSceneKeys::new(&keys, tags, squads);
            w.state_mut()
                .restore_stimuli(&saved.world.stimuli, now, &mut wk, &mut issues);
        }
        warn_issues(CALL, &issues);
        true
    }
}

impl ApsWorld {
    /// Whether a load under `root` is refused, with one warning naming `call`: a root out of the
    /// tree, a multiplayer client, or a call from inside a perception pass.
    fn load_refused(&mut self, call: &'static str, root: &Gd<Node>) -> bool {
        if !root.is_inside_tree() {
            crate::warnings::warn("ApsWorld.load_state root out of the tree", None, || {
                format!("{call}: root is not in the tree; nothing is loaded")
            });
            return true;
        }
        if self.refuse_on_client(call, Some(root)) {
            return true;
        }
        if a_pass_is_running() {
            crate::warnings::warn("ApsWorld.load_state in pass", None, || {
                format!(
                    "{call}: called from inside a perception pass (a custom sense); nothing is \
                     loaded"
                )
            });
            return true;
        }
        false
    }
}

/// Gives the world's targets their saved motion samples (how fast each was going), `now`
/// being the world's time; a sample that is no finite number is dropped with an issue.
fn restore_motion(
    world: &mut crate::world::World,
    samples: &[MotionSampleSave],
    keys: &mut SceneKeys,
    now: f64,
    issues: &mut Vec<LoadIssue>,
) {
    for (i, s) in samples.iter().enumerate() {
        let Some(node) = keys.node(&s.target) else {
            continue;
        };
        if !(s.position.is_finite() && s.velocity.is_finite()) {
            issues.push(LoadIssue {
                field: format!("world.motion_samples[{i}]"),
                problem: "not a finite position or velocity; the sample is dropped".into(),
            });
            continue;
        }
        if !s.seconds_ago.is_finite() {
            issues.push(LoadIssue {
                field: format!("world.motion_samples[{i}].seconds_ago"),
                problem: "not a finite number; the sample is dropped".into(),
            });
            continue;
        }
        let ago = s.seconds_ago.max(0.0);
        world.set_motion_sample(node.instance_id(), s.position, now - ago, s.velocity);
    }
}

/// Restores each saved perceiver under `root` (each once); one not found there is an issue.
/// Runs with `ApsWorld` unbound: each load binds it.
fn restore_perceivers(
    root: &Gd<Node>,
    saved: &[PerceiverSave],
    keys: &mut SceneKeys,
    missing: MissingTargets,
    issues: &mut Vec<LoadIssue>,
) {
    let mut loaded: std::collections::HashSet<InstanceId> = std::collections::HashSet::new();
    for (i, p) in saved.iter().enumerate() {
        let found = node_at(Some(root), &p.perceiver)
            .filter(|n| is_under(root, n))
            .and_then(|n| Perceiver::of(&n));
        let Some(mut perceiver) = found else {
            issues.push(LoadIssue {
                field: format!("perceivers[{i}].perceiver"),
                problem: format!(
                    "no perception component at {} under {} (a perceiver outside the root is \
                     not changed); its beliefs are not loaded",
                    p.perceiver,
                    root.get_path()
                ),
            });
            continue;
        };
        if !loaded.insert(perceiver.instance_id()) {
            issues.push(LoadIssue {
                field: format!("perceivers[{i}].perceiver"),
                problem: format!("{} is listed twice; it is loaded once", p.perceiver),
            });
            continue;
        }
        let mut own = Vec::new();
        perceiver.beliefs_restored(&p.beliefs, keys, missing, &mut own);
        issues.extend(own.into_iter().map(|mut issue| {
            issue.field = format!("perceivers[{i}].beliefs.{}", issue.field);
            issue
        }));
    }
}

/// Squads: who is under the root (`under`) is in the squads the save says, and only those.
fn rejoin_squads(
    aps: &mut Gd<ApsWorld>,
    root: &Gd<Node>,
    under: &[Perceiver],
    squads: &[SquadMemberSave],
    issues: &mut Vec<LoadIssue>,
) {
    for p in under {
        aps.bind_mut().leave_squad(Given::of(Some(&p.node())));
    }
    for (i, m) in squads.iter().enumerate() {
        let found = node_at(Some(root), &m.perceiver).filter(|n| Perceiver::of(n).is_some());
        match found {
            Some(p) if !m.squad.is_empty() => aps.bind_mut().join_squad(
                Given::of(Some(&p)),
                StringName::from(m.squad.as_str()),
                StringName::from(m.role.as_str()),
            ),
            _ => issues.push(LoadIssue {
                field: format!("world.squads[{i}]"),
                problem: format!(
                    "no perception component at {} (or no squad name); not rejoined",
                    m.perceiver
                ),
            }),
        }
    }
}
