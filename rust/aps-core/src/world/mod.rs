//! What one world holds for every perceiver in it (spec section 13, "Where everything lives":
//! light, wind and weather, squads, for the world's life): its conditions, the stimuli senses
//! listen to, scent trails and what squads report. The adapter keeps one per engine world
//! (in Godot, one per `World3D`), so an AI never hears a sound made in another world.

pub mod conditions;
pub mod light_zones;
mod saved;
pub use saved::WorldKeys;
pub mod scene_light;
pub mod scent;
pub mod stats;
pub mod stimulus;

use crate::brain::squad::{Sighting, SquadBoard};
use crate::senses::contract::WorldView;
use crate::senses::sound_paths::Portal;
use crate::senses::transmission::Occluders;
use crate::TargetId;
use conditions::{keep_in_range, LightZone, WorldConditions, LEVEL_RANGE, ZONE_RADIUS_RANGE};
use glam::Vec3;
use light_zones::Refused;
use scent::ScentField;
use stimulus::{Damage, Ring, Sound, SoundBuffer, Touch, STIMULUS_RETENTION};

/// A world's surroundings: everything one world holds that senses read (the engine's record
/// of the world, its schedule and who can be perceived, is the adapter's).
#[derive(Debug, Clone, Default)]
pub struct Surroundings {
    conditions: WorldConditions,
    sounds: SoundBuffer,
    touches: Ring<Touch>,
    damages: Ring<Damage>,
    scents: ScentField,
    squads: SquadBoard,
    /// The last light zone id handed out.
    last_zone: u32,
    occluders: Occluders,
    portals: Vec<Portal>,
}

impl Surroundings {
    /// The view senses get, at world time `now`.
    #[must_use]
    pub fn view(&self, now: f64) -> WorldView<'_> {
        WorldView {
            now,
            conditions: Some(&self.conditions),
            sounds: Some(&self.sounds),
            scents: Some(&self.scents),
            touches: Some(&self.touches),
            damages: Some(&self.damages),
            occluders: Some(&self.occluders),
            portals: Some(&self.portals),
        }
    }

    /// Adds or moves a sound portal (by its `id`).
    pub fn set_portal(&mut self, portal: Portal) {
        match self.portals.iter_mut().find(|p| p.id == portal.id) {
            Some(p) => *p = portal,
            None => self.portals.push(portal),
        }
    }

    /// Removes the sound portal `id`.
    pub fn remove_portal(&mut self, id: u64) {
        self.portals.retain(|p| p.id != id);
    }

    /// The sound portals.
    #[must_use]
    pub fn portals(&self) -> &[Portal] {
        &self.portals
    }

    /// The bodies that let sight or sound through.
    #[must_use]
    pub fn occluders(&self) -> &Occluders {
        &self.occluders
    }

    /// Marks bodies as occluders and sets the most each ray passes.
    pub fn occluders_mut(&mut self) -> &mut Occluders {
        &mut self.occluders
    }

    #[must_use]
    pub fn conditions(&self) -> &WorldConditions {
        &self.conditions
    }

    /// Light everywhere outside light zones, kept to 0..1 (not a number: daylight, 1).
    /// Returns the level used.
    pub fn set_ambient_light(&mut self, level: f32) -> f32 {
        self.conditions.ambient_light = keep_in_range(level, LEVEL_RANGE, 1.0);
        self.conditions.ambient_light
    }

    /// Wind velocity in m/s (not finite: no wind). Returns the wind used.
    pub fn set_wind(&mut self, wind: Vec3) -> Vec3 {
        self.conditions.wind = if wind.is_finite() { wind } else { Vec3::ZERO };
        self.conditions.wind
    }

    /// Rain, kept to 0 (dry) .. 1 (downpour); not a number: dry. Returns the rain used.
    pub fn set_rain(&mut self, rain: f32) -> f32 {
        self.conditions.rain = keep_in_range(rain, LEVEL_RANGE, 0.0);
        self.conditions.rain
    }

    /// Adds a sphere of its own light level; the radius is kept to 0..1,000 km, the level to 0..1.
    /// Returns the zone as added, with its id; refused when the world holds
    /// [`MAX_LIGHT_ZONES`](light_zones::MAX_LIGHT_ZONES) zones, or has handed out every id and
    /// still holds the last one.
    pub fn add_light_zone(
        &mut self,
        center: Vec3,
        radius: f32,
        level: f32,
    ) -> Result<LightZone, Refused> {
        // Checked here as well as by the zones themselves: a refusal must not copy a full
        // set of zones that a pass still shares.
        if self.conditions.light_zones.len() >= light_zones::MAX_LIGHT_ZONES {
            return Err(Refused::Full);
        }
        // Ids are never reused; a world that ran out (a save said so) keeps the last one.
        self.last_zone = self.last_zone.saturating_add(1);
        let zone = LightZone {
            id: self.last_zone,
            center,
            radius: keep_in_range(radius, ZONE_RADIUS_RANGE, 0.0),
            level: keep_in_range(level, LEVEL_RANGE, 1.0),
        };
        std::sync::Arc::make_mut(&mut self.conditions.light_zones).push(zone)?;
        Ok(zone)
    }

    /// Removes the light zone `id` (nothing if there is none).
    pub fn remove_light_zone(&mut self, id: u32) {
        if self.conditions.light_zones.get(id).is_some() {
            std::sync::Arc::make_mut(&mut self.conditions.light_zones).remove(id);
        }
    }

    /// The sounds of the last [`STIMULUS_RETENTION`] seconds, oldest first.
    #[must_use]
    pub fn sounds(&self) -> &[Sound] {
        self.sounds.all()
    }

    /// Records a sound, forgetting the ones older than [`STIMULUS_RETENTION`].
    pub fn emit_sound(&mut self, sound: Sound) {
        self.sounds.prune(sound.time, STIMULUS_RETENTION);
        self.sounds.push(sound);
    }

    /// Records a contact the game reported.
    pub fn report_touch(&mut self, touch: Touch) {
        self.touches.prune(touch.time, STIMULUS_RETENTION);
        self.touches.push(touch);
    }

    /// Records damage the game reported.
    pub fn report_damage(&mut self, damage: Damage) {
        self.damages.prune(damage.time, STIMULUS_RETENTION);
        self.damages.push(damage);
    }

    #[must_use]
    pub fn scents(&self) -> &ScentField {
        &self.scents
    }

    /// A target left scent at `position` at `now`, `strength` times a normal trail.
    pub fn deposit_scent(&mut self, target: TargetId, position: Vec3, strength: f32, now: f64) {
        self.scents.deposit(target, position, strength, now);
    }

    /// Whether `target`'s trail takes a point at `now` (see [`ScentField::is_due`]).
    #[must_use]
    pub fn scent_due(&self, target: TargetId, now: f64) -> bool {
        self.scents.is_due(target, now)
    }

    /// Forgets scent that has faded by `now`.
    pub fn prune_scents(&mut self, now: f64) {
        self.scents.prune(now);
    }

    #[must_use]
    pub fn squads(&self) -> &SquadBoard {
        &self.squads
    }

    /// A squad member's report for its mates.
    pub fn post_sighting(&mut self, sighting: Sighting) {
        self.squads.post(sighting);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sound(time: f64) -> Sound {
        stimulus::sound_at(time)
    }

    #[test]
    fn stimuli_are_kept_for_the_retention_and_no_longer() {
        let mut w = Surroundings::default();
        w.emit_sound(sound(0.0));
        w.emit_sound(sound(STIMULUS_RETENTION));
        assert_eq!(
            w.view(0.0).sounds.unwrap().all().len(),
            2,
            "exactly 10 s old is kept"
        );
        w.emit_sound(sound(STIMULUS_RETENTION + 0.5));
        assert_eq!(
            w.view(0.0).sounds.unwrap().all().len(),
            2,
            "older than 10 s is gone"
        );
        w.report_touch(Touch {
            body: crate::senses::rays::BodyId(1),
            other: TargetId(2),
            time: 0.0,
        });
        w.report_touch(Touch {
            body: crate::senses::rays::BodyId(1),
            other: TargetId(3),
            time: 10.5,
        });
        assert_eq!(w.view(0.0).touches.unwrap().all().len(), 1);
    }

    #[test]
    fn conditions_are_kept_in_range() {
        let mut w = Surroundings::default();
        assert_eq!(w.set_ambient_light(1.5), 1.0);
        assert_eq!(w.set_ambient_light(f32::NAN), 1.0);
        assert_eq!(w.set_ambient_light(0.2), 0.2);
        assert_eq!(w.set_rain(-1.0), 0.0);
        assert_eq!(w.set_rain(f32::NAN), 0.0);
        assert_eq!(w.set_wind(Vec3::new(f32::INFINITY, 0.0, 0.0)), Vec3::ZERO);
        let a = w.add_light_zone(Vec3::ZERO, 5.0, 3.0).unwrap();
        let b = w.add_light_zone(Vec3::ONE, -2.0, 0.1).unwrap();
        assert_ne!(a.id, b.id);
        assert_eq!((a.level, b.radius), (1.0, 0.0));
        assert_eq!(w.conditions().light_at(Vec3::ZERO), 1.0);
        w.remove_light_zone(a.id);
        assert_eq!(
            w.conditions().light_at(Vec3::ZERO),
            0.2,
            "back to the ambient light"
        );
    }
}
