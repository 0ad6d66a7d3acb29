//! The world's conditions as scripts set them (light, light zones, wind, rain): the checks and
//! warnings `ApsWorld` (the main scene's world) and `ApsWorldState` (any world) share.

use super::*;
use aps_core::world::conditions::MAX_LIGHT_ZONES;
use aps_core::world::light_zones::Refused;

/// Warns, naming `call`, when APS used `used` instead of the `given` value in `world`: once,
/// then at most once a second while a script repeats it (see `warnings`).
fn warn_if_changed(world: &World, call: &str, given: f32, used: f32, range: (f32, f32)) {
    if given.to_bits() != used.to_bits() {
        warn(world, call, || {
            format!(
                "{call}: {given} is outside {}..{}; using {used}",
                range.0, range.1
            )
        });
    }
}

/// Warns of a mistake in `call` (and what about it) on `world`; see `warnings`.
fn warn(world: &World, call: &str, message: impl FnOnce() -> String) {
    crate::warnings::warn(call, InstanceId::try_from_i64(world.key()), message);
}

// The calls a world answers, shared by `ApsWorld` (the main scene's world) and `ApsWorldState`
// (any world), so both check and warn alike.

pub(crate) fn set_ambient_light(world: &mut World, call: &str, level: f32) {
    let used = world.state_mut().set_ambient_light(level);
    warn_if_changed(world, call, level, used, LEVEL_RANGE);
}

pub(crate) fn set_wind(world: &mut World, call: &str, wind: Vector3) {
    if !wind.is_finite() {
        warn(world, call, || {
            format!("{call}: {wind} is not finite; using no wind")
        });
    }
    world.state_mut().set_wind(to_vec3(wind));
}

/// A 2D wind in pixels per second.
pub(crate) fn set_wind_2d(world: &mut World, call: &str, wind: Vector2) {
    if !wind.is_finite() {
        warn(world, call, || {
            format!("{call}: {wind} is not finite; using no wind")
        });
    }
    world.state_mut().set_wind(crate::dim::from_pixels(wind));
}

pub(crate) fn set_rain(world: &mut World, call: &str, rain: f32) {
    let used = world.state_mut().set_rain(rain);
    warn_if_changed(world, call, rain, used, LEVEL_RANGE);
}

pub(crate) fn add_light_zone(
    world: &mut World,
    call: &str,
    center: Vector3,
    radius: f32,
    level: f32,
) -> i64 {
    if !center.is_finite() {
        let what = format!("{call} center");
        warn(world, &what, || {
            format!("{call}: center {center} is not finite; no zone added")
        });
        return 0;
    }
    add_light_zone_at(world, call, to_vec3(center), radius, level)
}

/// A 2D light zone: `center` and `radius` in pixels.
pub(crate) fn add_light_zone_2d(
    world: &mut World,
    call: &str,
    center: Vector2,
    radius: f32,
    level: f32,
) -> i64 {
    if !center.is_finite() {
        let what = format!("{call} center");
        warn(world, &what, || {
            format!("{call}: center {center} is not finite; no zone added")
        });
        return 0;
    }
    // Kept in the zones' range in pixels, and said in pixels, as the game gave it.
    let px = crate::dim::pixels_per_meter();
    let range = (ZONE_RADIUS_RANGE.0 * px, ZONE_RADIUS_RANGE.1 * px);
    let used = keep_in_range(radius, range, 0.0);
    warn_if_changed(world, &format!("{call} radius (px)"), radius, used, range);
    let radius = (used / px).clamp(ZONE_RADIUS_RANGE.0, ZONE_RADIUS_RANGE.1);
    add_light_zone_at(world, call, crate::dim::from_pixels(center), radius, level)
}

/// A light zone at `center` in the core's space, `radius` metres.
fn add_light_zone_at(world: &mut World, call: &str, center: Vec3, radius: f32, level: f32) -> i64 {
    warn_if_changed(
        world,
        &format!("{call} radius"),
        radius,
        keep_in_range(radius, ZONE_RADIUS_RANGE, 0.0),
        ZONE_RADIUS_RANGE,
    );
    warn_if_changed(
        world,
        &format!("{call} level"),
        level,
        keep_in_range(level, LEVEL_RANGE, 1.0),
        LEVEL_RANGE,
    );
    match world.state_mut().add_light_zone(center, radius, level) {
        Ok(zone) => {
            world.light_zone_added();
            i64::from(zone.id)
        }
        Err(why) => {
            if world.light_zone_refused() {
                match why {
                    Refused::Full => godot_warn!(
                        "{call}: the world holds {MAX_LIGHT_ZONES} light zones, the most it \
                         keeps; no zone added (remove some with remove_light_zone)"
                    ),
                    Refused::IdTaken => godot_warn!(
                        "{call}: every light zone id has been handed out; no zone added"
                    ),
                }
            }
            0
        }
    }
}

pub(crate) fn remove_light_zone(world: &mut World, id: i64) {
    if let Ok(id) = u32::try_from(id) {
        world.state_mut().remove_light_zone(id);
    }
}
