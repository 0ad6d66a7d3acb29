//! The calls of `ApsWorld` the game reports what happens through (spec section 10): noises,
//! touches and damage, each kept in the world of the node it concerns for the senses that
//! listen to it.

use super::{target_of, ApsWorld};
use crate::convert::to_vec3;
use crate::given::{refuse, Given};
use crate::world::World;
use crate::world_key::world_key_of;
use aps_core::senses::rays::BodyId;
use aps_core::world::stimulus::{Damage, Sound, Touch, MAX_DAMAGE};
use godot::prelude::*;

#[godot_api(secondary)]
impl ApsWorld {
    /// Makes a noise at `location` that perceivers within `max_range` metres may hear.
    /// `loudness` is 1 for a loud noise at the source (a footstep is about 0.5). `tag` names
    /// the kind of sound. `instigator` is who made it: a perceivable node makes the sound a
    /// reading on that target; pass `null` for a noise with no known source. The sound is made
    /// in the instigator's world, or the main scene's without one (for another world,
    /// `get_world_state(node).emit_sound(...)`).
    #[func]
    pub fn emit_sound(
        &mut self,
        location: Vector3,
        loudness: f32,
        max_range: f32,
        tag: StringName,
        instigator: Given<Node>,
    ) {
        let Ok(instigator) =
            instigator.optional("ApsWorld.emit_sound", "instigator", "sound ignored")
        else {
            return;
        };
        if self.refuse_on_client("ApsWorld.emit_sound", instigator.as_ref()) {
            return;
        }
        if instigator
            .as_ref()
            .is_some_and(|i| wrong_kind("ApsWorld.emit_sound", i, false))
        {
            return;
        }
        let key = instigator.as_ref().and_then(world_key_of);
        let key = key.unwrap_or_else(crate::world_key::main_world_key);
        if !location.is_finite() {
            crate::warnings::warn(
                "ApsWorld.emit_sound location",
                instigator.as_ref().map(|i| i.instance_id()),
                || format!("ApsWorld.emit_sound: location {location} is not finite; sound ignored"),
            );
            return;
        }
        self.emit_sound_in(
            key,
            "ApsWorld.emit_sound",
            to_vec3(location),
            loudness,
            max_range,
            tag,
            instigator,
        );
    }

    /// Reports that `other` touched the AI whose body is `perceiver_body` (physical contact the
    /// game knows of: a bump, a grab). Its touch sense feels `other` for its Contact Hold Time.
    /// In 2D alike: both are then 2D nodes.
    #[func]
    pub fn report_touch(&mut self, perceiver_body: Given<Node>, other: Given<Node>) {
        const CALL: &str = "ApsWorld.report_touch";
        let Some(body) = perceiver_body.required(CALL, "perceiver_body", "ignored") else {
            return;
        };
        let Some(other) = other.required(CALL, "other", "ignored") else {
            return;
        };
        if self.refuse_on_client("ApsWorld.report_touch", Some(&body)) {
            return;
        }
        if mixed_kinds("ApsWorld.report_touch", &body, &other) {
            return;
        }
        let now = Self::world_time();
        let touch = Touch {
            body: BodyId(body.instance_id().to_i64() as u64),
            other: target_of(&other),
            time: now,
        };
        self.world_of_mut(Some(&body))
            .state_mut()
            .report_touch(touch);
    }

    /// Reports that `instigator` dealt `amount` damage to `victim` (an AI's body) from
    /// `location`. The victim's damage sense believes the instigator wherever it stands, and its
    /// pain rises. Pass `null` as instigator for damage with no known source.
    #[func]
    pub fn report_damage(
        &mut self,
        victim: Given<Node3D>,
        instigator: Given<Node>,
        amount: f32,
        location: Vector3,
    ) {
        const CALL: &str = "ApsWorld.report_damage";
        let Some(victim) = victim.required(CALL, "victim", "ignored") else {
            return;
        };
        let Ok(instigator) = instigator.optional(CALL, "instigator", "ignored") else {
            return;
        };
        if self.refuse_on_client("ApsWorld.report_damage", Some(&victim.clone().upcast())) {
            return;
        }
        let Some(amount) = checked_damage("ApsWorld.report_damage", amount) else {
            return;
        };
        if instigator
            .as_ref()
            .is_some_and(|i| wrong_kind("ApsWorld.report_damage", i, false))
        {
            return;
        }
        let location = if location.is_finite() {
            to_vec3(location)
        } else {
            to_vec3(victim.get_global_position())
        };
        self.report_damage_at(&victim.upcast(), instigator, amount, location);
    }
}

/// Whether `node` is of the other kind than the call's (a `Node2D` for a 3D call, a `Node3D`
/// for a `_2d` one): said once (see `given`), naming `call`, and the call is then ignored (2D
/// and 3D are two worlds, so a sound or a hit of one never reaches the other).
pub(crate) fn wrong_kind(call: &str, node: &Gd<Node>, two_d: bool) -> bool {
    use crate::dim::Spatial;
    let wrong = match Spatial::of(node) {
        Some(Spatial::Three(_)) => two_d,
        Some(Spatial::Two(_)) => !two_d,
        None => false,
    };
    if wrong {
        let (is, wants) = if two_d {
            ("a Node3D", "2D")
        } else {
            ("a Node2D", "3D")
        };
        refuse(call, "instigator", "dimension", || {
            format!(
                "{} is {is}, and this call is for {wants} worlds; ignored (use the {} call)",
                crate::warnings::describe(node),
                if two_d { "3D" } else { "_2d" }
            )
        });
    }
    wrong
}

/// Whether `a` and `b` are one a `Node3D` and the other a `Node2D`: said once (see `given`),
/// naming `call`.
pub(super) fn mixed_kinds(call: &str, a: &Gd<Node>, b: &Gd<Node>) -> bool {
    use crate::dim::Spatial;
    // Each way round is its own mistake, said once.
    let cause = match (Spatial::of(a), Spatial::of(b)) {
        (Some(Spatial::Three(_)), Some(Spatial::Two(_))) => "3D with 2D",
        (Some(Spatial::Two(_)), Some(Spatial::Three(_))) => "2D with 3D",
        _ => return false,
    };
    refuse(call, "other", cause, || {
        format!(
            "{} and {} are one 3D and one 2D node, in two worlds that never meet; ignored",
            crate::warnings::describe(a),
            crate::warnings::describe(b)
        )
    });
    true
}

/// The damage to report: `amount` kept at most MAX_DAMAGE, or `None` (warned, naming `call`)
/// when it is below 0 or no number.
pub(super) fn checked_damage(call: &str, amount: f32) -> Option<f32> {
    if !amount.is_finite() || amount < 0.0 {
        crate::warnings::warn(&format!("{call} amount below"), None, || {
            format!("{call}: amount {amount} must be 0 or more; ignored")
        });
        return None;
    }
    if amount > MAX_DAMAGE {
        crate::warnings::warn(&format!("{call} amount above"), None, || {
            format!("{call}: amount {amount} is more than {MAX_DAMAGE}; using {MAX_DAMAGE}")
        });
        return Some(MAX_DAMAGE);
    }
    Some(amount)
}

impl ApsWorld {
    /// Damage to the AI whose body is `victim`, from `location` in the core's space.
    pub(super) fn report_damage_at(
        &mut self,
        victim: &Gd<Node>,
        instigator: Option<Gd<Node>>,
        amount: f32,
        location: aps_core::Vec3,
    ) {
        let damage = Damage {
            victim: BodyId(victim.instance_id().to_i64() as u64),
            instigator: instigator.map(|n| target_of(&n)),
            amount,
            location,
            time: Self::world_time(),
        };
        self.world_of_mut(Some(victim))
            .state_mut()
            .report_damage(damage);
    }

    /// A sound in the world of `key` at `location` in the core's space, heard within
    /// `max_range` metres; `call` names the script call in warnings.
    #[allow(clippy::too_many_arguments)]
    pub fn emit_sound_in(
        &mut self,
        key: crate::world::WorldKey,
        call: &str,
        location: aps_core::Vec3,
        loudness: f32,
        max_range: f32,
        tag: StringName,
        instigator: Option<Gd<Node>>,
    ) {
        if !location.is_finite() {
            crate::warnings::warn(
                &format!("{call} location"),
                instigator.as_ref().map(|i| i.instance_id()),
                || format!("{call}: location {location} is not finite; sound ignored"),
            );
            return;
        }
        if !loudness.is_finite() || loudness <= 0.0 {
            crate::warnings::warn(
                &format!("{call} loudness"),
                instigator.as_ref().map(|i| i.instance_id()),
                || format!("{call}: loudness {loudness} must be above 0; sound ignored"),
            );
            return;
        }
        if !max_range.is_finite() || max_range <= 0.0 {
            crate::warnings::warn(
                &format!("{call} max_range"),
                instigator.as_ref().map(|i| i.instance_id()),
                || format!("{call}: max_range {max_range} must be above 0 m; sound ignored"),
            );
            return;
        }
        let max_tier = self.sound_max_tier(&tag);
        let tag = self.tag_index(tag);
        let sound = Sound {
            location,
            loudness,
            max_range,
            tag,
            instigator: instigator.map(|n| target_of(&n)),
            time: Self::world_time(),
            max_tier,
        };
        let world: &mut World = self.world_mut(key);
        world.state_mut().emit_sound(sound);
    }
}
