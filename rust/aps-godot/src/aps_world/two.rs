//! The calls of `ApsWorld` for 2D games: the twins of its 3D calls that take
//! `Vector2` positions, with positions, ranges, radii and speeds in pixels (turned into the
//! profiles' metres by `aps/2d/pixels_per_meter`). Each goes to the `World2D` of the node it
//! names, or to the main scene's `World2D` when it names none.

use super::{add_light_zone_2d, remove_light_zone, stats_dict, target_of, ApsWorld};
use crate::dim::{from_pixels, pixels_per_meter, to_pixels};
use crate::given::Given;
use crate::world_key::{main_world_key_2d, world_key_of_2d};
use godot::prelude::*;

#[godot_api(secondary)]
impl ApsWorld {
    /// Makes a noise at `location` (pixels) in a 2D world, heard within `max_range` pixels:
    /// [method emit_sound] for [ApsPerceptionComponent2D]s. The sound is made in the
    /// instigator's [World2D], or the main scene's without one.
    #[func]
    pub fn emit_sound_2d(
        &mut self,
        location: Vector2,
        loudness: f32,
        max_range: f32,
        tag: StringName,
        instigator: Given<Node>,
    ) {
        const CALL: &str = "ApsWorld.emit_sound_2d";
        let Ok(instigator) = instigator.optional(CALL, "instigator", "sound ignored") else {
            return;
        };
        if self.refuse_on_client(CALL, instigator.as_ref()) {
            return;
        }
        let key = instigator
            .as_ref()
            .and_then(world_key_of_2d)
            .unwrap_or_else(main_world_key_2d);
        self.emit_sound_2d_in(key, CALL, location, loudness, max_range, tag, instigator);
    }

    /// Reports that `instigator` dealt `amount` damage to `victim` (a 2D AI's body) from
    /// `location` (pixels): [method report_damage] in 2D.
    #[func]
    pub fn report_damage_2d(
        &mut self,
        victim: Given<Node2D>,
        instigator: Given<Node>,
        amount: f32,
        location: Vector2,
    ) {
        const CALL: &str = "ApsWorld.report_damage_2d";
        let Some(victim) = victim.required(CALL, "victim", "ignored") else {
            return;
        };
        let Ok(instigator) = instigator.optional(CALL, "instigator", "ignored") else {
            return;
        };
        if self.refuse_on_client(CALL, Some(&victim.clone().upcast())) {
            return;
        }
        let Some(amount) = super::stimuli::checked_damage(CALL, amount) else {
            return;
        };
        if instigator
            .as_ref()
            .is_some_and(|i| super::stimuli::wrong_kind(CALL, i, true))
        {
            return;
        }
        let location = if location.is_finite() {
            location
        } else {
            victim.get_global_position()
        };
        self.report_damage_at(&victim.upcast(), instigator, amount, from_pixels(location));
    }

    /// Adds a circle of its own light level (`center` and `radius` in pixels) to the main
    /// scene's 2D world: [method add_light_zone] in 2D. Returns the zone's id for
    /// [method remove_light_zone_2d] (0, with one warning, when the world holds 65,536 zones
    /// already).
    #[func]
    pub fn add_light_zone_2d(&mut self, center: Vector2, radius: f32, level: f32) -> i64 {
        let world = self.world_mut(main_world_key_2d());
        add_light_zone_2d(world, "ApsWorld.add_light_zone_2d", center, radius, level)
    }

    /// Removes a light zone added by [method add_light_zone_2d].
    #[func]
    pub fn remove_light_zone_2d(&mut self, id: i64) {
        remove_light_zone(self.world_mut(main_world_key_2d()), id);
    }

    /// The points (pixels) of `target`'s scent trail still held in its 2D world, oldest first.
    #[func]
    pub fn get_scent_trail_2d(&self, target: Given<Node2D>) -> PackedVector2Array {
        let call = "ApsWorld.get_scent_trail_2d";
        let Some(t) = target.required(call, "target", "answers an empty trail") else {
            return PackedVector2Array::new();
        };
        let t = t.upcast::<Node>();
        let key = world_key_of_2d(&t).unwrap_or_else(main_world_key_2d);
        self.world(key).map_or_else(PackedVector2Array::new, |w| {
            w.scent_points(target_of(&t))
                .into_iter()
                .map(to_pixels)
                .collect()
        })
    }

    /// [method get_stats] of the main scene's 2D world.
    #[func]
    pub fn get_stats_2d(&self) -> VarDictionary {
        stats_dict(self.world(main_world_key_2d()))
    }

    /// Starts the counters of [method get_stats_2d] from zero.
    #[func]
    pub fn reset_stats_2d(&mut self) {
        self.world_mut(main_world_key_2d()).stats_mut().reset();
    }

    /// How many nodes are perceivable now in the main scene's 2D world.
    #[func]
    pub fn get_perceivable_count_2d(&mut self) -> i64 {
        self.ensure_tracking();
        self.world(main_world_key_2d())
            .map_or(0, |w| w.registry().len() as i64)
    }
}

impl ApsWorld {
    /// A sound at `location` (pixels) in the 2D world of `key`, heard within `max_range`
    /// pixels; `call` names the script call in warnings.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn emit_sound_2d_in(
        &mut self,
        key: crate::world::WorldKey,
        call: &str,
        location: Vector2,
        loudness: f32,
        max_range: f32,
        tag: StringName,
        instigator: Option<Gd<Node>>,
    ) {
        if instigator
            .as_ref()
            .is_some_and(|i| super::stimuli::wrong_kind(call, i, true))
        {
            return;
        }
        if !location.is_finite() {
            crate::warnings::warn(
                &format!("{call} location"),
                instigator.as_ref().map(|i| i.instance_id()),
                || format!("{call}: location {location} is not finite; sound ignored"),
            );
            return;
        }
        if !max_range.is_finite() || max_range <= 0.0 {
            crate::warnings::warn(
                &format!("{call} max_range"),
                instigator.as_ref().map(|i| i.instance_id()),
                || format!("{call}: max_range {max_range} must be above 0 px; sound ignored"),
            );
            return;
        }
        let range = max_range / pixels_per_meter();
        let at = from_pixels(location);
        self.emit_sound_in(key, call, at, loudness, range, tag, instigator);
    }
}
