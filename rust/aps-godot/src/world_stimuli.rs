//! The part of `ApsWorld` the game reports what happens through (spec section 10): noises,
//! touches and damage, each kept for the senses that listen to it.

use crate::convert::to_vec3;
use crate::world::{target_of, ApsWorld};
use aps_core::senses::rays::BodyId;
use aps_core::world::stimulus::{Damage, Sound, Touch};
use godot::prelude::*;
use std::rc::Rc;

/// Stimuli older than this are forgotten (no sense holds one longer).
const STIMULUS_MEMORY: f64 = 10.0;

#[godot_api(secondary)]
impl ApsWorld {
    /// Makes a noise at `location` that perceivers within `max_range` metres may hear.
    /// `loudness` is 1 for a loud noise at the source (a footstep is about 0.5). `tag` names
    /// the kind of sound. `instigator` is who made it: a perceivable node makes the sound a
    /// reading on that target; pass `null` for a noise with no known source.
    #[func]
    pub fn emit_sound(
        &mut self,
        location: Vector3,
        loudness: f32,
        max_range: f32,
        tag: StringName,
        instigator: Option<Gd<Node>>,
    ) {
        if !location.is_finite() {
            godot_warn!("ApsWorld.emit_sound: location {location} is not finite; sound ignored");
            return;
        }
        if !loudness.is_finite() || loudness <= 0.0 {
            godot_warn!("ApsWorld.emit_sound: loudness {loudness} must be above 0; sound ignored");
            return;
        }
        if !max_range.is_finite() || max_range <= 0.0 {
            godot_warn!(
                "ApsWorld.emit_sound: max_range {max_range} must be above 0 m; sound ignored"
            );
            return;
        }
        let instigator = instigator.map(|n| target_of(&n));
        let now = Self::world_time();
        let tag = self.tag_index(tag);
        let max_tier = self.sound_max_tier(tag);
        let state = Rc::make_mut(&mut self.state);
        state.sounds.prune(now, STIMULUS_MEMORY);

        state.sounds.push(Sound {
            location: to_vec3(location),
            loudness,
            max_range,
            tag,
            instigator,
            time: now,
            max_tier,
        });
    }

    /// Reports that `other` touched the AI whose body is `perceiver_body` (physical contact the
    /// game knows of: a bump, a grab). Its touch sense feels `other` for its Contact Hold Time.
    #[func]
    pub fn report_touch(&mut self, perceiver_body: Option<Gd<Node3D>>, other: Option<Gd<Node3D>>) {
        let (Some(body), Some(other)) = (perceiver_body, other) else {
            godot_warn!(
                "ApsWorld.report_touch: perceiver_body and other must not be null; ignored"
            );
            return;
        };
        let now = Self::world_time();
        let state = Rc::make_mut(&mut self.state);
        state.touches.prune(now, STIMULUS_MEMORY);
        state.touches.push(Touch {
            body: BodyId(body.instance_id().to_i64() as u64),
            other: target_of(&other.upcast()),
            time: now,
        });
    }

    /// Reports that `instigator` dealt `amount` damage to `victim` (an AI's body) from
    /// `location`. The victim's damage sense believes the instigator wherever it stands, and its
    /// pain rises. Pass `null` as instigator for damage with no known source.
    #[func]
    pub fn report_damage(
        &mut self,
        victim: Option<Gd<Node3D>>,
        instigator: Option<Gd<Node>>,
        amount: f32,
        location: Vector3,
    ) {
        let Some(victim) = victim else {
            godot_warn!("ApsWorld.report_damage: victim is null; ignored");
            return;
        };
        if !amount.is_finite() || amount < 0.0 {
            godot_warn!("ApsWorld.report_damage: amount {amount} must be 0 or more; ignored");
            return;
        }
        let location = if location.is_finite() {
            location
        } else {
            victim.get_global_position()
        };
        let now = Self::world_time();
        let state = Rc::make_mut(&mut self.state);
        state.damages.prune(now, STIMULUS_MEMORY);
        state.damages.push(Damage {
            victim: BodyId(victim.instance_id().to_i64() as u64),
            instigator: instigator.map(|n| target_of(&n)),
            amount,
            location: to_vec3(location),
            time: now,
        });
    }
}
