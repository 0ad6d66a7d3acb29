//! A perception component's life in the tree and in the world's schedule: entering and leaving
//! it, its own bodies, its turn to perceive, what its setters set off, and its replicator
//! children; the same for the 3D component and its 2D twin.

use super::component::Component;
use super::perceiver::ComponentKind;
use super::ReplicaRows;
use crate::aps_profile::ApsProfile;
use crate::aps_quality_profile::ApsQualityProfile;
use crate::aps_world::ApsWorld;
use crate::convert::live_node_as;
use crate::debug_draw::Drawing;
use crate::dim::Dim;
use crate::editor::in_editor;
use aps_core::profile::Performance;
use aps_core::Vec3;
use godot::prelude::*;

/// When it is ready in a running game: its own bodies found (warned of if there is none) and
/// the world's driver running.
pub(super) fn ready<C: Component>(c: &mut C) {
    if in_editor() {
        return;
    }
    find_own_bodies(c);
    if c.state().own.is_empty() {
        godot_warn!(
            "{} {}: no physics body above it. Place it under the AI's body (e.g. a {}) so its \
             rays and candidates skip the AI itself.",
            C::CLASS,
            c.as_node().get_path(),
            C::Kind::USUAL_BODY
        );
    }
    ApsWorld::singleton().bind_mut().ensure_tracking();
}

/// Entering the tree (again): its own bodies may be others now; in a game it joins its world's
/// schedule, its body's team is told, and its drawing resumes.
pub(super) fn enter_tree<C: Component>(c: &mut C) {
    find_own_bodies(c);
    if in_editor() {
        watch_profile(c);
        return;
    }
    let me = c.spatial();
    c.state_mut().world = me.world_key();
    let mut aps = ApsWorld::singleton();
    let mut aps = aps.bind_mut();
    aps.add_perceiver(&me, std::rc::Rc::new(c.perceiver()));
    if let Some(body) = c.state().own.body() {
        aps.world_of_mut(Some(body))
            .registry_mut()
            .set_ai_team(body.instance_id(), Some(c.knobs().team_id));
    }
    if c.knobs().debug_draw != 0 {
        aps.add_drawing(me.node().instance_id());
    }
}

/// Leaving the tree: out of the schedule, its body on no team, its drawing freed.
pub(super) fn exit_tree<C: Component>(c: &mut C) {
    if in_editor() {
        c.state_mut().watch.stop();
        return;
    }
    let id = c.as_node().instance_id();
    let mut aps = ApsWorld::singleton();
    let mut aps = aps.bind_mut();
    aps.remove_perceiver(id);
    if let Some(body) = c.state().own.body() {
        aps.world_of_mut(Some(body))
            .registry_mut()
            .set_ai_team(body.instance_id(), None);
    }
    drop(aps);
    c.state_mut().world = None;
    stop_drawing(c);
}

/// A profile or quality profile set to something else than one (or null) is refused with one
/// warning, and the setting stays as it was; godot-rust's own setter would fail on it with an
/// error. Every other value goes on to the setters as usual.
pub(super) fn refuses_setting<C: Component>(property: &StringName, value: &Variant) -> bool {
    if *property == "profile" {
        crate::given::refuses_setting::<ApsProfile>(format_args!("{}.profile", C::CLASS), value)
    } else if *property == "quality_profile" {
        crate::given::refuses_setting::<ApsQualityProfile>(
            format_args!("{}.quality_profile", C::CLASS),
            value,
        )
    } else {
        false
    }
}

/// The Scene dock's warnings (see `editor/warnings.rs`).
pub(super) fn setup_warnings<C: Component>(c: &C) -> PackedStringArray {
    crate::editor::warnings::perception(
        &c.as_node(),
        c.profile(),
        !c.state().own.is_empty(),
        c.knobs().gaze.is_some(),
        C::Kind::TWO_D,
    )
}

/// After its profile is set: in the editor, its gizmo and warnings follow the new one.
pub(super) fn profile_set<C: Component>(c: &mut C) {
    if in_editor() && c.as_node().is_inside_tree() {
        watch_profile(c);
    }
}

/// After its gaze is set: in the editor its gizmo and warnings follow at once.
pub(super) fn gaze_set<C: Component>(c: &C) {
    if in_editor() {
        crate::editor::watch::refresh(&c.node());
    }
}

/// Keeps the `DRAW_*` bits of `flags` (-1: all of them), warning of any other once; what is
/// kept is what it draws.
pub(super) fn draw_flags_kept<C: Component>(c: &C, flags: i64) -> i64 {
    let all = i64::from(crate::debug_draw::flags::ALL);
    let kept = flags & all;
    // -1 is how a script says "every flag": all bits set, none unknown meant.
    if flags != kept && flags != -1 {
        c.warn_call("debug_draw", "bits", || {
            format!("{flags} has bits beyond DRAW_ALL ({all}); using {kept}")
        });
    }
    kept
}

/// After its drawing flags are set: a running game draws it from the next physics frame.
pub(super) fn debug_draw_set<C: Component>(c: &C) {
    let node = c.as_node();
    if c.knobs().debug_draw != 0 && !in_editor() && node.is_inside_tree() {
        ApsWorld::singleton()
            .bind_mut()
            .add_drawing(node.instance_id());
    }
}

/// After its team is set: its mind and the team other AI see its body on follow.
pub(super) fn team_set<C: Component>(c: &mut C) {
    let own = c.own_team();
    if let Some(core) = c.state_mut().core.as_mut() {
        core.mind_mut().set_team(own);
    }
    if in_editor() || !c.as_node().is_inside_tree() {
        return;
    }
    if let Some(body) = c.state().own.body() {
        ApsWorld::singleton()
            .bind_mut()
            .world_of_mut(Some(body))
            .registry_mut()
            .set_ai_team(body.instance_id(), Some(c.knobs().team_id));
    }
}

/// In the editor: redraws the gizmo and re-asks the warnings now and whenever the profile or
/// one of its sub-resources changes.
fn watch_profile<C: Component>(c: &mut C) {
    let me = c.as_node();
    let profile = c.profile().cloned();
    c.state_mut().watch.watch(&me, profile.as_ref(), |node| {
        if let Ok(mut c) = node.try_cast::<C>() {
            // The node may be freed before the end of the frame (an undo, a closed scene).
            c.run_deferred_gd(|c| {
                if c.is_instance_valid() && c.clone().upcast::<Node>().is_inside_tree() {
                    let mut c = c;
                    watch_profile(&mut *c.bind_mut());
                }
            });
        }
    });
    crate::editor::watch::refresh(&me);
}

/// Every collision body among its ancestors: never a candidate, never hit by its rays. A belief
/// it held about one of them (before it was reparented into it) is dropped.
fn find_own_bodies<C: Component>(c: &mut C) {
    let me = c.as_node();
    let state = c.state_mut();
    state.own.find(&me, C::Kind::TWO_D);
    state.eyes.reset(state.own.body(), C::Kind::TWO_D);
    state.buffers.exclude(state.own.rids());
    state.exclude_stale = state.in_pass;
    if let Some(core) = state.core.as_mut() {
        for node in state.own.nodes() {
            core.mind_mut().forget(crate::convert::target_id(*node));
        }
    }
}

/// Frees its drawing.
pub(super) fn stop_drawing<C: Component>(c: &mut C) {
    if let Some(d) = c.state_mut().draw.take() {
        d.free();
    }
}

/// Called by the driver when this AI's turn comes (its level of detail and the frame budget
/// decide when): a full pass over `dt` seconds, or for a suspended AI (`full` false) only the
/// fading of memory; then its signals. `this` must not be bound: scripts (custom senses, signal
/// handlers) run with no bind held, and may free anything.
pub(super) fn run_scheduled<C: Component>(mut this: Gd<C>, dt: f32, full: bool, tier: u8) {
    // Where the eyes were this pass, for the schedule (read again if none ran).
    let mut at = None;
    let prepared = {
        let mut c = this.bind_mut();
        if c.knobs().enabled && c.runs_here() {
            c.refresh_profile();
            if full {
                super::pass::prepare(&mut *c, dt, tier)
            } else {
                let eye = c.eye();
                at = Some(eye.position);
                let state = c.state_mut();
                if let Some(core) = state.core.as_mut() {
                    state.pending.extend_from_slice(core.fade(dt, eye));
                }
                None
            }
        } else {
            None
        }
    };
    if let Some(mut pass) = prepared {
        at = Some(pass.eye.position);
        pass.run();
        if !this.is_instance_valid() {
            return; // a custom sense freed the AI: its core goes with the pass
        }
        super::pass::finish(&mut *this.bind_mut(), pass);
    }
    let outgoing = {
        let mut c = this.bind_mut();
        report_to_world(&mut *c, at);
        c.state_mut().take_outgoing()
    };
    super::signals::emit_batch::<C::Kind>(&this.upcast(), outgoing);
}

/// Tells the schedule where the AI is (`at`, in the core's space, if this frame's pass already
/// read it), how aware it is and how often it perceives.
pub(super) fn report_to_world<C: Component>(c: &mut C, at: Option<Vec3>) {
    // Before a core exists, the schedule keeps the default Base Update Interval.
    let (awareness, interval, beliefs) = c.state().core.as_ref().map_or(
        (0, Performance::default().base_update_interval, 0),
        |core| {
            let m = core.mind();
            (
                m.awareness() as u8,
                m.profile().performance.base_update_interval,
                m.ledger().len() as u32,
            )
        },
    );
    let id = c.as_node().instance_id();
    let at = at.unwrap_or_else(|| c.spatial().global_position());
    if let Some(key) = c.state().world {
        ApsWorld::singleton()
            .bind_mut()
            .report_perceiver(key, id, at, awareness, interval, beliefs);
    }
}

/// A replicator child left: if it was the one answering, another child replicator (if any)
/// answers instead.
pub(super) fn replicator_removed<C: Component>(c: &mut C, replicator: InstanceId) {
    if c.state().replicator != Some(replicator) {
        return;
    }
    c.state_mut().replicator = c
        .as_node()
        .get_children()
        .iter_shared()
        .filter(|n| n.instance_id() != replicator && !n.is_queued_for_deletion())
        .find(crate::aps_replicator::is_replicator)
        .map(|n| n.instance_id());
}

/// What a replicator sends of this AI: awareness, attention, and each believed actor that still
/// exists (its key is filled in by the replicator).
pub(super) fn replica_rows<C: Component>(c: &C) -> ReplicaRows {
    let Some(core) = c.state().core.as_ref() else {
        return (aps_core::AwarenessLevel::Unaware, None, Vec::new());
    };
    let mind = core.mind();
    let rows = mind
        .beliefs()
        .filter(|b| b.kind == aps_core::TargetKind::Actor)
        .filter_map(|b| {
            let node = live_node_as::<Node>(b.target)?;
            Some((
                node,
                aps_core::replica::ReplicatedBelief {
                    target: String::new(),
                    state: b.state,
                    confidence: b.confidence,
                    threat: b.threat_score,
                    loss_reason: b.loss_reason,
                    last_known_position: b.last_known_position,
                },
            ))
        })
        .collect();
    let attention = mind.attention_target().and_then(live_node_as::<Node>);
    (mind.awareness(), attention, rows)
}
