//! `ApsWorldState`: the calls of one world of APS, for scripts that work with a world other than
//! the main scene's (a `SubViewport` with its own `World3D`, one of several matches a server
//! runs).

use crate::aps_world::{
    add_light_zone, remove_light_zone, set_ambient_light, set_rain, set_wind, stats_dict, ApsWorld,
};
use crate::convert::{to_vec3, to_vector3};
use crate::given::Given;
use crate::world::{World, WorldKey};
use godot::classes::{Node, Node2D, Node3D, RefCounted};
use godot::prelude::*;

/// One world of APS: the light, wind, rain, light zones, sounds, squads and stats of one
/// [World3D], or of one [World2D] (its calls ending in `_2d` take pixels).
///
/// Get one with [method ApsWorld.get_world_state], passing any node of that world. The calls of
/// [ApsWorld] that name no node (its [member ApsWorld.ambient_light], light zones, stats, a sound
/// with no instigator) act on the main scene's world; these act on this one. Once the [World3D]
/// is freed APS drops the world with everything in it, and this object answers with neutral
/// values ([method is_valid] is false).
#[derive(GodotClass)]
#[class(no_init, base = RefCounted)]
pub struct ApsWorldState {
    key: WorldKey,
    /// Light everywhere outside light zones: 0 pitch dark, 1 daylight.
    #[var(get = get_ambient_light, set = set_ambient_light)]
    ambient_light: PhantomVar<f32>,
    /// Wind velocity in m/s: scent carries further downwind.
    #[var(get = get_wind, set = set_wind)]
    wind: PhantomVar<Vector3>,
    /// Rain, 0 dry to 1 downpour: masks hearing and smell by each profile's Rain Masking.
    #[var(get = get_rain, set = set_rain)]
    rain: PhantomVar<f32>,
    /// Wind velocity in pixels per second, in a 2D world.
    #[var(get = get_wind_2d, set = set_wind_2d)]
    wind_2d: PhantomVar<Vector2>,
    base: Base<RefCounted>,
}

#[godot_api]
impl ApsWorldState {
    /// Whether APS still holds this world (its [World3D] exists).
    #[func]
    pub fn is_valid(&self) -> bool {
        self.read(|_| true).unwrap_or(false)
    }

    #[func]
    pub fn get_ambient_light(&self) -> f32 {
        self.read(|w| w.state().conditions().ambient_light)
            .unwrap_or(1.0)
    }

    #[func]
    pub fn set_ambient_light(&mut self, level: f32) {
        self.write(|w| set_ambient_light(w, "ApsWorldState.ambient_light", level));
    }

    #[func]
    pub fn get_wind(&self) -> Vector3 {
        self.read(|w| to_vector3(w.state().conditions().wind))
            .unwrap_or(Vector3::ZERO)
    }

    #[func]
    pub fn set_wind(&mut self, wind: Vector3) {
        if !self.is_kind("ApsWorldState.wind", false) {
            return;
        }
        self.write(|w| set_wind(w, "ApsWorldState.wind", wind));
    }

    #[func]
    pub fn get_rain(&self) -> f32 {
        self.read(|w| w.state().conditions().rain).unwrap_or(0.0)
    }

    #[func]
    pub fn set_rain(&mut self, rain: f32) {
        self.write(|w| set_rain(w, "ApsWorldState.rain", rain));
    }

    /// Adds a sphere of its own light level to this world; see [method ApsWorld.add_light_zone]
    /// (at most 65,536 zones a world; past that 0 is returned, with one warning).
    #[func]
    pub fn add_light_zone(&mut self, center: Vector3, radius: f32, level: f32) -> i64 {
        if !self.is_kind("ApsWorldState.add_light_zone", false) {
            return 0;
        }
        self.write(|w| add_light_zone(w, "ApsWorldState.add_light_zone", center, radius, level))
            .unwrap_or(0)
    }

    /// Removes a light zone added by [method add_light_zone].
    #[func]
    pub fn remove_light_zone(&mut self, id: i64) {
        self.write(|w| remove_light_zone(w, id));
    }

    /// The light level at `position` in this world.
    #[func]
    pub fn get_light_at(&self, position: Vector3) -> f32 {
        self.read(|w| w.state().conditions().light_at(to_vec3(position)))
            .unwrap_or(1.0)
    }

    // ---- The same in a 2D world (a World2D's), in pixels ----

    /// Adds a circle of its own light level (`center`, `radius` in pixels) to this 2D world;
    /// see [method ApsWorld.add_light_zone_2d]. Remove it with [method remove_light_zone].
    #[func]
    pub fn add_light_zone_2d(&mut self, center: Vector2, radius: f32, level: f32) -> i64 {
        if !self.is_kind("ApsWorldState.add_light_zone_2d", true) {
            return 0;
        }
        self.write(|w| {
            crate::aps_world::add_light_zone_2d(
                w,
                "ApsWorldState.add_light_zone_2d",
                center,
                radius,
                level,
            )
        })
        .unwrap_or(0)
    }

    /// The light level at `position` (pixels) in this 2D world.
    #[func]
    pub fn get_light_at_2d(&self, position: Vector2) -> f32 {
        self.read(|w| {
            w.state()
                .conditions()
                .light_at(crate::dim::from_pixels(position))
        })
        .unwrap_or(1.0)
    }

    /// The wind of this 2D world in pixels per second.
    #[func]
    pub fn get_wind_2d(&self) -> Vector2 {
        self.read(|w| crate::dim::to_pixels(w.state().conditions().wind))
            .unwrap_or(Vector2::ZERO)
    }

    #[func]
    pub fn set_wind_2d(&mut self, wind: Vector2) {
        if !self.is_kind("ApsWorldState.wind_2d", true) {
            return;
        }
        self.write(|w| crate::aps_world::set_wind_2d(w, "ApsWorldState.set_wind_2d", wind));
    }

    /// Makes a noise at `location` (pixels) in this 2D world, heard within `max_range` pixels;
    /// see [method ApsWorld.emit_sound_2d].
    #[func]
    pub fn emit_sound_2d(
        &mut self,
        location: Vector2,
        loudness: f32,
        max_range: f32,
        tag: StringName,
        instigator: Given<Node>,
    ) {
        const CALL: &str = "ApsWorldState.emit_sound_2d";
        let Ok(instigator) = instigator.optional(CALL, "instigator", "sound ignored") else {
            return;
        };
        if !self.is_valid() {
            crate::warnings::warn(
                "ApsWorldState.emit_sound_2d gone",
                Some(self.base().instance_id()),
                || format!("{CALL}: the world is gone; sound ignored"),
            );
            return;
        }
        if !self.is_kind(CALL, true) {
            return;
        }
        ApsWorld::singleton().bind_mut().emit_sound_2d_in(
            self.key, CALL, location, loudness, max_range, tag, instigator,
        );
    }

    /// The [ApsPerceptionComponent2D]s in squad `squad_name` of this 2D world that still exist.
    #[func]
    pub fn get_squad_members_2d(&self, squad_name: StringName) -> Array<Gd<Node2D>> {
        self.read(|w| w.squad_members(&squad_name))
            .unwrap_or_default()
    }

    /// Makes a noise in this world; see [method ApsWorld.emit_sound]. `instigator` may be null
    /// (a noise with no known source: a belief about a place).
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
            instigator.optional("ApsWorldState.emit_sound", "instigator", "sound ignored")
        else {
            return;
        };
        if !self.is_valid() {
            crate::warnings::warn(
                "ApsWorldState.emit_sound gone",
                Some(self.base().instance_id()),
                || String::from("ApsWorldState.emit_sound: the world is gone; sound ignored"),
            );
            return;
        }
        if !self.is_kind("ApsWorldState.emit_sound", false) {
            return;
        }
        if !location.is_finite() {
            crate::warnings::warn(
                "ApsWorldState.emit_sound location",
                Some(self.base().instance_id()),
                || {
                    format!("ApsWorldState.emit_sound: location {location} is not finite; sound ignored")
                },
            );
            return;
        }
        if instigator.as_ref().is_some_and(|i| {
            crate::aps_world::stimuli::wrong_kind("ApsWorldState.emit_sound", i, false)
        }) {
            return;
        }
        ApsWorld::singleton().bind_mut().emit_sound_in(
            self.key,
            "ApsWorldState.emit_sound",
            crate::convert::to_vec3(location),
            loudness,
            max_range,
            tag,
            instigator,
        );
    }

    /// The perception components in squad `squad_name` of this world that still exist.
    #[func]
    pub fn get_squad_members(&self, squad_name: StringName) -> Array<Gd<Node3D>> {
        self.read(|w| w.squad_members(&squad_name))
            .unwrap_or_default()
    }

    /// How many nodes are perceivable now in this world.
    #[func]
    pub fn get_perceivable_count(&self) -> i64 {
        self.read(|w| w.registry().len() as i64).unwrap_or(0)
    }

    /// This world's counters; see [method ApsWorld.get_stats].
    #[func]
    pub fn get_stats(&self) -> VarDictionary {
        let world = ApsWorld::singleton();
        let world = world.bind();
        stats_dict(world.world(self.key))
    }

    /// Starts this world's counters from zero.
    #[func]
    pub fn reset_stats(&mut self) {
        self.write(|w| w.stats_mut().reset());
    }

    /// This world's last physics frame; see [method ApsWorld.get_last_frame_stats].
    #[func]
    pub fn get_last_frame_stats(&self) -> VarDictionary {
        let world = ApsWorld::singleton();
        let world = world.bind();
        crate::aps_world::frame_stats_dict(world.world(self.key))
    }
}

impl ApsWorldState {
    /// A handle on the world of `key`.
    #[must_use]
    pub fn for_key(key: WorldKey) -> Gd<ApsWorldState> {
        Gd::from_init_fn(|base| ApsWorldState {
            key,
            ambient_light: PhantomVar::default(),
            wind: PhantomVar::default(),
            rain: PhantomVar::default(),
            wind_2d: PhantomVar::default(),
            base,
        })
    }

    fn read<T>(&self, f: impl FnOnce(&World) -> T) -> Option<T> {
        let world = ApsWorld::singleton();
        let world = world.bind();
        world.world(self.key).filter(|w| w.is_alive()).map(f)
    }

    /// Whether this world is of the kind `call` is for (`two_d`: a World2D's); said, naming
    /// `call`, when it is not.
    fn is_kind(&self, call: &str, two_d: bool) -> bool {
        let Some(is_two_d) = self.read(World::is_two_d) else {
            return true;
        };
        if is_two_d != two_d {
            let (is, other) = if is_two_d {
                ("a World2D's", "the _2d call")
            } else {
                (
                    "a World3D's",
                    "a node of the 2D level to ApsWorld.get_world_state",
                )
            };
            crate::warnings::warn(
                &format!("{call} kind"),
                Some(self.base().instance_id()),
                || format!("{call}: this is {is} world; use {other}; ignored"),
            );
        }
        is_two_d == two_d
    }

    fn write<T>(&mut self, f: impl FnOnce(&mut World) -> T) -> Option<T> {
        let mut world = ApsWorld::singleton();
        let mut world = world.bind_mut();
        world
            .world_existing_mut(self.key)
            .filter(|w| w.is_alive())
            .map(f)
    }
}
