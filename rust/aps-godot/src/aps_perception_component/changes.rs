//! The calls a game's script makes to change what an AI believes (spec sections 6, 8, 9 and
//! 11): attention, confidence, relationships, scripted evidence and place beliefs, for the 3D
//! component and its 2D twin alike. Each refuses, with one warning naming the call, what it
//! cannot do: a freed or wrong target, the AI's own body, a multiplayer client, a value out of
//! range.

use super::component::Component;
use super::perceiver::ComponentKind;
use crate::aps_world::{target_of, ApsWorld};
use crate::convert::live_node_as;
use crate::dim::Dim;
use crate::given::Given;
use aps_core::belief::evidence::EvidenceKind;
use aps_core::brain::emotion::Emotion;
use aps_core::relationship::Relationship;
use godot::prelude::*;

/// A target given to a call that changes belief, as a plain node.
type Target<C> = Given<<<C as Component>::Kind as ComponentKind>::Node>;

/// Focus on `target` now, whatever it scores; `None` lets the AI choose again. Emits
/// `attention_changed` if it changes, after the bind on `this` is let go.
pub(super) fn force_attention<C: Component>(mut this: Gd<C>, target: Target<C>) {
    const CALL: &str = "force_attention_target";
    let Ok(target) = target.optional(format_args!("{}.{CALL}", C::CLASS), "target", "ignored")
    else {
        return;
    };
    let outgoing = {
        let mut c = this.bind_mut();
        let target = target.map(Gd::upcast::<Node>);
        if c.refuse_on_client(CALL) || target.as_ref().is_some_and(|t| c.refuse_own(CALL, t)) {
            return;
        }
        let id = target.map(|t| target_of(&t));
        let Some(mind) = c.core_mut(CALL) else {
            return;
        };
        let Some(e) = mind.force_attention(id) else {
            return;
        };
        c.state_mut().pending.push(e);
        c.state_mut().take_outgoing()
    };
    super::signals::emit_batch::<C::Kind>(&this.upcast(), outgoing);
}

/// Raises confidence in `target` to at least `confidence`, placing a belief no sense has placed
/// yet where the target stands; false if it could not.
pub(super) fn set_target_confidence<C: Component>(
    c: &mut C,
    target: Target<C>,
    confidence: f32,
) -> bool {
    const CALL: &str = "set_target_confidence";
    let Some(t) = c.given(CALL, &target, "returns false") else {
        return false;
    };
    let spatial = C::Kind::spatial(t);
    let t = spatial.node();
    if c.refuse_on_client(CALL) || c.refuse_own(CALL, &t) {
        return false;
    }
    if !confidence.is_finite() {
        c.warn_call(CALL, "confidence", || {
            format!("confidence {confidence} is not a number; ignored")
        });
        return false;
    }
    let at = spatial.position();
    if !at.is_finite() {
        c.warn_call(CALL, "target position", || {
            format!(
                "{} is at {}, which is not a position; ignored",
                crate::warnings::describe(&t),
                spatial.position_text()
            )
        });
        return false;
    }
    let id = target_of(&t);
    c.core_mut(CALL)
        .is_some_and(|m| m.set_target_confidence_at(id, confidence, Some(at)))
}

/// Who `target` is to this AI: a per-target override, else the profile's team rules for the
/// team `target` is on.
pub(super) fn relationship<C: Component>(c: &C, target: &Target<C>) -> Relationship {
    let Some(t) = c.named("get_relationship", target) else {
        return Relationship::Unknown;
    };
    let id = target_of(&t);
    let perceiver = c.state().core.as_ref().map(|core| core.mind());
    perceiver
        .and_then(|p| p.belief(id).map(|b| b.relationship))
        .or_else(|| {
            let team = ApsWorld::singleton()
                .bind_mut()
                .world_of_mut(Some(&t))
                .team_of(&t);
            perceiver.and_then(|p| p.relationship_of(id, Some(team)))
        })
        .unwrap_or(Relationship::Unknown)
}

/// Decides who `target` is to this AI whatever its team; -1 goes back to the team rules.
/// Refused, with one warning, past the most relationships an AI keeps.
pub(super) fn set_relationship<C: Component>(c: &mut C, target: Target<C>, relationship: i32) {
    const CALL: &str = "set_relationship";
    let Some(t) = c.given(CALL, &target, "ignored") else {
        return;
    };
    let t = t.upcast::<Node>();
    if c.refuse_on_client(CALL) {
        return;
    }
    let rel = match relationship {
        -1 => None,
        r => {
            let Some(rel) = Relationship::from_index(i64::from(r)) else {
                c.warn_call(CALL, "relationship", || {
                    format!("relationship {r} is not a RELATIONSHIP_* value (0..6) or -1; ignored")
                });
                return;
            };
            Some(rel)
        }
    };
    let id = target_of(&t);
    let Some(p) = c.core_mut(CALL) else {
        return;
    };
    let mut set = p.set_relationship(id, rel);
    if !set {
        // Targets freed since their relationship was set hold no place any more.
        p.forget_relationships_unless(|t| live_node_as::<Node>(t).is_some());
        set = p.set_relationship(id, rel);
    }
    let state = c.state_mut();
    if set {
        state.warned_relationships_full = false;
    } else if !std::mem::replace(&mut state.warned_relationships_full, true) {
        godot_warn!(
            "{}.{CALL}: this AI holds relationships for {} targets that still exist, the most \
             it keeps; {} keeps its team's relationship (clear one with -1 first)",
            C::CLASS,
            aps_core::brain::relations::MAX_RELATIONSHIPS,
            crate::warnings::describe(&t)
        );
    }
}

/// One of the AI's emotions by `name`, 0..1; a name that is none is warned of and answers 0.
pub(super) fn emotion<C: Component>(c: &C, name: &StringName) -> f32 {
    let Some(e) = Emotion::from_name(&name.to_string()) else {
        c.warn_call("get_emotion", "emotion", || {
            format!(
                "no emotion named \"{name}\" (fear, aggression, curiosity, alertness, panic); 0 \
                 is answered"
            )
        });
        return 0.0;
    };
    c.state().emotion(e)
}

/// Lowers, caps, clears or floors belief in `target` for `duration` seconds (`kind` an
/// `EVIDENCE_*` value, `amount` 0..1).
pub(super) fn add_evidence<C: Component>(
    c: &mut C,
    target: Target<C>,
    (kind, amount, duration): (i32, f32, f32),
) {
    const CALL: &str = "add_target_evidence";
    let Some(t) = c.given(CALL, &target, "ignored") else {
        return;
    };
    let t = t.upcast::<Node>();
    if c.refuse_on_client(CALL) || c.refuse_own(CALL, &t) {
        return;
    }
    let Some(kind) = EvidenceKind::from_index(i64::from(kind)) else {
        c.warn_call(CALL, "kind", || {
            format!("kind {kind} is not an EVIDENCE_* value (0..3); ignored")
        });
        return;
    };
    if !amount.is_finite() || !duration.is_finite() || duration < 0.0 {
        c.warn_call(CALL, "amount", || {
            format!(
                "amount {amount} and duration {duration} must be numbers, duration 0 or more; \
                 ignored"
            )
        });
        return;
    }
    let id = target_of(&t);
    if let Some(p) = c.core_mut(CALL) {
        p.add_evidence(id, kind, amount, duration);
    }
}

/// Removes every piece of scripted evidence about `target`.
pub(super) fn remove_evidence<C: Component>(c: &mut C, target: Target<C>) {
    const CALL: &str = "remove_target_evidence";
    let Some(t) = c.given(CALL, &target, "ignored") else {
        return;
    };
    if c.refuse_on_client(CALL) {
        return;
    }
    let id = target_of(&t.upcast());
    if let Some(p) = c.core_mut(CALL) {
        p.remove_evidence(id);
    }
}

/// A belief about a place from the game's own logic; false if there was no room.
pub(super) fn report_place<C: Component>(
    c: &mut C,
    (location, tag): (<C::Kind as Dim>::Vector, StringName),
    (confidence, accuracy): (f32, f32),
) -> bool {
    const CALL: &str = "report_location_belief";
    if c.refuse_on_client(CALL) {
        return false;
    }
    let at = C::Kind::to_core(location);
    if !at.is_finite() || !confidence.is_finite() {
        c.warn_call(CALL, "location", || {
            format!(
                "location {} and confidence {confidence} must be finite; ignored",
                location.to_variant()
            )
        });
        return false;
    }
    let accuracy = if accuracy.is_finite() && accuracy >= 0.0 {
        C::Kind::to_meters(accuracy)
    } else {
        let used = aps_core::belief::places::MERGE_RADIUS;
        let unit = if C::Kind::TWO_D { "px" } else { "m" };
        c.warn_call(CALL, "accuracy", || {
            format!(
                "accuracy {accuracy} must be 0 {unit} or more; using {} {unit}",
                C::Kind::from_meters(used)
            )
        });
        used
    };
    let tag = ApsWorld::singleton().bind_mut().tag_index(tag);
    c.core_mut(CALL)
        .and_then(|p| p.report_place(tag, at, confidence, accuracy))
        .is_some()
}
