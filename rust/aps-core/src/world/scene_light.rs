//! Light from the level's own lamps: how much light the scene's lights put on a point, as the
//! engine's renderer lights a white surface turned toward each of them, so that a target in a
//! lamp's pool reads lit and one in its shadow reads dark (spec section 13: light lives in the
//! world's subsystem; the light factor of vision reads it unchanged).
//!
//! The light a lamp gives at a point is its intensity (its energy times the luminance of its
//! colour, in linear light) times its fall-off. The fall-off follows Godot's forward renderer
//! (`servers/rendering/renderer_rd/shaders/scene_forward_lights_inc.glsl`,
//! `get_omni_attenuation` and the spot cone of `light_process_spot`): the renderer scales a
//! light's energy by π (`light_storage.cpp`, `update_light_buffers`, without physical light
//! units) and the Lambert term divides by π, so a white surface facing a lamp of energy 1 at
//! fall-off 1 receives exactly 1. The point is taken as facing every lamp: a target is a body,
//! and some side of it faces each lamp.
//!
//! The light at a point is then the floor (the environment's ambient light) plus what each
//! lamp gives there, unless something stands between the point and a lamp whose shadow is on;
//! [`combined`] puts that together with the world's zones and ambient light.

use super::light_zones::{LightZone, LightZones};
use glam::Vec3;
use smallvec::SmallVec;

/// How a lamp spreads its light.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Spread {
    /// Every way from its position, out to its range (`OmniLight3D`, `PointLight2D`).
    Omni,
    /// A cone from its position along `direction` (unit), out to its range (`SpotLight3D`).
    Spot {
        direction: Vec3,
        /// The cosine of the cone's half angle (`spot_angle`).
        cos_angle: f32,
        /// How sharply the cone's light fades toward its edge (`spot_angle_attenuation`).
        angle_attenuation: f32,
    },
    /// Parallel light along `direction` (unit) everywhere (`DirectionalLight3D`, the sun). A
    /// shadow is cast by what lies within `shadow_reach` metres toward the sun.
    Directional { direction: Vec3, shadow_reach: f32 },
}

/// One of the scene's lights, as plain data.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SceneLight {
    /// The adapter's id for it (in Godot, the light node's instance id).
    pub id: u64,
    pub spread: Spread,
    pub position: Vec3,
    /// Metres: no light beyond (omni and spot).
    pub range: f32,
    /// The distance fall-off's exponent (`omni_attenuation`, `spot_attenuation`): 0 none, 1
    /// linear, 2 inverse square.
    pub attenuation: f32,
    /// Energy times the luminance of its colour in linear light; below 0 for a light that
    /// takes light away (`light_negative`).
    pub intensity: f32,
    /// Whether something between a point and the light keeps the light off it.
    pub shadow: bool,
}

/// The renderer's distance fall-off of an omni or spot light at `distance` metres from it:
/// `(1 - (d/range)^4)^2` (0 past the range), times `d^-decay` (the distance taken as at least
/// 0.0001 m).
#[must_use]
pub fn omni_attenuation(distance: f32, range: f32, decay: f32) -> f32 {
    let range = range.max(0.001);
    let nd = (distance / range).powi(4);
    let edge = (1.0 - nd).max(0.0);
    edge * edge * distance.max(0.0001).powf(-decay)
}

/// The renderer's cone fall-off of a spot light for a point at cosine `cos_to_point` off its
/// axis: `1 - rim^angle_attenuation`, where the rim runs from 0 on the axis to 1 at the cone's
/// edge (and stays 1 outside it, giving nothing).
#[must_use]
pub fn spot_cone(cos_to_point: f32, cos_angle: f32, angle_attenuation: f32) -> f32 {
    let scos = cos_to_point.max(cos_angle);
    let rim = ((1.0 - scos) / (1.0 - cos_angle).max(1e-6)).max(0.0001);
    (1.0 - rim.powf(angle_attenuation)).max(0.0)
}

/// A colour channel in sRGB (as the inspector shows it) in linear light, as Godot's
/// `Color.srgb_to_linear` gives it.
#[must_use]
pub fn srgb_to_linear(c: f32) -> f32 {
    if c < 0.04045 {
        c * (1.0 / 12.92)
    } else {
        ((c + 0.055) * (1.0 / 1.055)).powf(2.4)
    }
}

/// The luminance of a linear colour (Rec. 709 weights).
#[must_use]
pub fn luminance([r, g, b]: [f32; 3]) -> f32 {
    0.2126 * r + 0.7152 * g + 0.0722 * b
}

impl SceneLight {
    /// What it gives at `p` with nothing in the way (0 outside its range or cone).
    #[must_use]
    pub fn unshadowed_at(&self, p: Vec3) -> f32 {
        let fall_off = match self.spread {
            Spread::Directional { .. } => 1.0,
            Spread::Omni => {
                omni_attenuation(p.distance(self.position), self.range, self.attenuation)
            }
            Spread::Spot {
                direction,
                cos_angle,
                angle_attenuation,
            } => {
                let to_point = p - self.position;
                let d = to_point.length();
                let cos = if d > 0.0 {
                    to_point.dot(direction) / d
                } else {
                    1.0
                };
                omni_attenuation(d, self.range, self.attenuation)
                    * spot_cone(cos, cos_angle, angle_attenuation)
            }
        };
        if fall_off.is_finite() {
            self.intensity * fall_off
        } else {
            0.0
        }
    }

    /// Where a ray from `p` must get to unblocked for this light to reach `p`: the lamp itself,
    /// or for the sun the point its shadow reach away toward it.
    #[must_use]
    pub fn toward(&self, p: Vec3) -> Vec3 {
        match self.spread {
            Spread::Directional {
                direction,
                shadow_reach,
            } => p - direction * shadow_reach,
            _ => self.position,
        }
    }

    /// The sphere it can light (omni and spot); `None` for light that is everywhere.
    fn reach(&self) -> Option<(Vec3, f32)> {
        match self.spread {
            Spread::Directional { .. } => None,
            // Beyond a thousand kilometres every point of a level is in reach anyway; the cap
            // keeps the index's cells countable.
            _ => Some((self.position, self.range.clamp(0.0, 1.0e6))),
        }
    }
}

/// How much one light put on a point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lit {
    pub id: u64,
    /// What it gives there with nothing in the way.
    pub amount: f32,
    /// Whether something stood between: it gave nothing.
    pub shadowed: bool,
}

/// The most lights one reading names (the brightest are kept).
pub const NAMED_LIGHTS: usize = 4;

/// The light a point reads from the scene: its floor (the environment's ambient light, if the
/// scene states one) and the lights that reached it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SceneReading {
    /// The environment's ambient light, if the scene has an environment whose ambient light
    /// can be read; else the world's own ambient light stands.
    pub floor: Option<f32>,
    /// What the lights gave, summed (shadowed ones give nothing).
    pub sum: f32,
    /// The brightest lights that reached it or would have but for a shadow, brightest first.
    pub lights: SmallVec<[Lit; NAMED_LIGHTS]>,
}

impl SceneReading {
    /// The lights in words, each named by `name`: "lit by Lamp2 (0.62), in Lamp3's shadow";
    /// empty when no light reached the point.
    #[must_use]
    pub fn words(&self, name: &dyn Fn(u64) -> String) -> String {
        let lit: Vec<String> = self
            .lights
            .iter()
            .filter(|l| !l.shadowed)
            .map(|l| format!("{} ({:.2})", name(l.id), l.amount))
            .collect();
        let shade: Vec<String> = self
            .lights
            .iter()
            .filter(|l| l.shadowed)
            .map(|l| format!("{}'s", name(l.id)))
            .collect();
        let mut parts = Vec::new();
        if !lit.is_empty() {
            parts.push(format!("lit by {}", lit.join(", ")));
        }
        if !shade.is_empty() {
            parts.push(format!("in {} shadow", shade.join(" and ")));
        }
        parts.join(", ")
    }

    /// Adds one light's share, keeping the brightest [`NAMED_LIGHTS`] named.
    fn add(&mut self, lit: Lit) {
        if !lit.shadowed {
            self.sum += lit.amount;
        }
        let at = self
            .lights
            .iter()
            .position(|l| l.amount.abs() < lit.amount.abs())
            .unwrap_or(self.lights.len());
        if at < NAMED_LIGHTS {
            if self.lights.len() == NAMED_LIGHTS {
                self.lights.pop();
            }
            self.lights.insert(at, lit);
        }
    }
}

/// The most lights one world's scene keeps; past it the rest give nothing (and the adapter
/// says so once).
pub const MAX_SCENE_LIGHTS: usize = 65_536;

/// The scene lights of one world, found by place: a point asks only the lamps whose range
/// covers it, and every light that is everywhere (the sun).
#[derive(Debug, Clone, Default)]
pub struct SceneLighting {
    lights: Vec<SceneLight>,
    /// Each omni or spot light's sphere of reach, by its index in `lights`.
    reach: LightZones,
    /// The indices of the lights that are everywhere.
    everywhere: Vec<u32>,
    floor: Option<f32>,
}

impl SceneLighting {
    /// The scene's lights from `lights` (the first [`MAX_SCENE_LIGHTS`] of them; lights that
    /// give nothing anywhere are left out), with the environment's ambient light `floor`.
    pub fn set(&mut self, lights: impl IntoIterator<Item = SceneLight>, floor: Option<f32>) {
        self.lights.clear();
        self.reach.clear();
        self.everywhere.clear();
        self.floor = floor.filter(|f| f.is_finite()).map(|f| f.max(0.0));
        for light in lights.into_iter().take(MAX_SCENE_LIGHTS) {
            if light.intensity == 0.0 || !light.intensity.is_finite() {
                continue;
            }
            let index = self.lights.len() as u32;
            match light.reach() {
                None => self.everywhere.push(index),
                Some((center, radius)) if center.is_finite() && radius.is_finite() => {
                    let zone = LightZone {
                        id: index,
                        center,
                        radius,
                        level: 0.0,
                    };
                    if self.reach.push(zone).is_err() {
                        continue;
                    }
                }
                Some(_) => continue,
            }
            self.lights.push(light);
        }
    }

    /// The lights kept.
    #[must_use]
    pub fn lights(&self) -> &[SceneLight] {
        &self.lights
    }

    /// The environment's ambient light, if the scene states one.
    #[must_use]
    pub fn floor(&self) -> Option<f32> {
        self.floor
    }

    /// Whether the scene says anything about light: a light or an environment's ambient.
    #[must_use]
    pub fn says_anything(&self) -> bool {
        !self.lights.is_empty() || self.floor.is_some()
    }

    /// The light the scene puts on `p`. `blocked(light, to)` says whether something stands
    /// between `p` and `to` for a light whose shadow is on; it is asked only of lights that
    /// give `p` something.
    pub fn measure(
        &self,
        p: Vec3,
        blocked: &mut dyn FnMut(&SceneLight, Vec3) -> bool,
    ) -> SceneReading {
        let mut reading = SceneReading {
            floor: self.floor,
            ..SceneReading::default()
        };
        let mut one = |light: &SceneLight| {
            let amount = light.unshadowed_at(p);
            if amount == 0.0 {
                return;
            }
            let shadowed = light.shadow && blocked(light, light.toward(p));
            reading.add(Lit {
                id: light.id,
                amount,
                shadowed,
            });
        };
        for &i in &self.everywhere {
            one(&self.lights[i as usize]);
        }
        self.reach
            .each_at(p, |zone| one(&self.lights[zone.id as usize]));
        reading
    }
}

/// The light level at a point (0..1) where the world's zones and ambient light meet the scene's
/// light: the smallest zone around the point, if any, is the game's own word and stands as it
/// is; elsewhere the floor (the environment's ambient light if the scene states one, else the
/// world's `ambient`) plus what the scene's lights give there. Without scene light (`None`),
/// the zone or the ambient light, as before scene lights were read.
#[must_use]
pub fn combined(zone: Option<f32>, ambient: f32, scene: Option<&SceneReading>) -> f32 {
    let level = match (zone, scene) {
        (Some(zone), _) => zone,
        (None, None) => ambient,
        (None, Some(s)) => s.floor.unwrap_or(ambient) + s.sum,
    };
    if level.is_nan() {
        0.0
    } else {
        level.clamp(0.0, 1.0)
    }
}

/// How far a target moves before its light is measured again, in metres.
pub const REMEASURE_DISTANCE: f32 = 0.25;

/// How often a still target's light is measured again by default, in seconds (shadows of
/// things that move, lamps that move): a project setting.
pub const DEFAULT_REMEASURE_INTERVAL: f32 = 0.2;

/// A target's last measured scene light, kept so that a target standing still under unchanged
/// lamps costs no ray.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LightMemo {
    at: Vec3,
    time: f64,
    /// The scene's lights' revision it was measured under.
    revision: u64,
    reading: SceneReading,
}

impl LightMemo {
    /// Keeps `reading`, measured at `at` at `time` under lights of `revision`.
    pub fn keep(&mut self, at: Vec3, time: f64, revision: u64, reading: SceneReading) {
        *self = LightMemo {
            at,
            time,
            revision,
            reading,
        };
    }

    /// The reading last measured, if any.
    #[must_use]
    pub fn reading(&self) -> Option<&SceneReading> {
        (self.revision != 0).then_some(&self.reading)
    }

    /// The reading kept, if it still holds at `at` at `now` under lights of `revision`: the
    /// lights are unchanged, the target moved less than [`REMEASURE_DISTANCE`] and it is less
    /// than `interval` seconds old.
    #[must_use]
    pub fn still(&self, at: Vec3, now: f64, revision: u64, interval: f32) -> Option<&SceneReading> {
        let fresh = now - self.time < f64::from(interval.max(0.0)) && now >= self.time;
        (revision == self.revision
            && revision != 0
            && fresh
            && self.at.distance_squared(at) < REMEASURE_DISTANCE * REMEASURE_DISTANCE)
            .then_some(&self.reading)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn omni(id: u64, at: Vec3, range: f32, attenuation: f32, intensity: f32) -> SceneLight {
        SceneLight {
            id,
            spread: Spread::Omni,
            position: at,
            range,
            attenuation,
            intensity,
            shadow: true,
        }
    }

    #[test]
    fn an_omni_light_falls_off_as_the_renderer_has_it() {
        // Range 5, inverse-linear decay 1, at 2 m: (1 - 0.4^4)^2 / 2.
        let expected = (1.0f32 - 0.4f32.powi(4)).powi(2) / 2.0;
        assert!((omni_attenuation(2.0, 5.0, 1.0) - expected).abs() < 1e-6);
        assert!((omni_attenuation(2.0, 5.0, 1.0) - 0.4744).abs() < 1e-3);
        // Decay 2 at 3 m of range 10: (1 - 0.3^4)^2 / 9.
        assert!((omni_attenuation(3.0, 10.0, 2.0) - 0.98386 / 9.0).abs() < 1e-4);
        // No decay: only the edge fall-off.
        assert!((omni_attenuation(2.5, 5.0, 0.0) - 0.87890625).abs() < 1e-6);
        assert_eq!(omni_attenuation(5.0, 5.0, 1.0), 0.0, "at the range");
        assert_eq!(omni_attenuation(7.0, 5.0, 1.0), 0.0, "beyond it");
    }

    #[test]
    fn a_spot_light_lights_inside_its_cone_and_not_outside() {
        let spot = SceneLight {
            id: 1,
            spread: Spread::Spot {
                direction: Vec3::NEG_Y,
                cos_angle: 30f32.to_radians().cos(),
                angle_attenuation: 1.0,
            },
            position: Vec3::new(0.0, 4.0, 0.0),
            range: 10.0,
            attenuation: 1.0,
            intensity: 2.0,
            shadow: false,
        };
        let below = spot.unshadowed_at(Vec3::ZERO);
        // On the axis the rim is 0.0001: 2 × omni(4) × (1 - 0.0001).
        let expected = 2.0 * omni_attenuation(4.0, 10.0, 1.0) * (1.0 - 0.0001);
        assert!((below - expected).abs() < 1e-5, "{below} vs {expected}");
        // 20 degrees off the axis: the rim is (1 - cos 20°) / (1 - cos 30°).
        let off = Vec3::new(4.0 * 20f32.to_radians().tan(), 0.0, 0.0);
        let rim = (1.0 - 20f32.to_radians().cos()) / (1.0 - 30f32.to_radians().cos());
        let d = off.distance(spot.position);
        let expected = 2.0 * omni_attenuation(d, 10.0, 1.0) * (1.0 - rim);
        assert!((spot.unshadowed_at(off) - expected).abs() < 1e-4);
        // 40 degrees off: outside the cone.
        let outside = Vec3::new(4.0 * 40f32.to_radians().tan(), 0.0, 0.0);
        assert_eq!(spot.unshadowed_at(outside), 0.0);
        // Behind the lamp.
        assert_eq!(spot.unshadowed_at(Vec3::new(0.0, 6.0, 0.0)), 0.0);
    }

    #[test]
    fn colours_count_by_their_luminance_in_linear_light() {
        assert!((luminance([1.0, 1.0, 1.0]) - 1.0).abs() < 1e-6);
        assert!((srgb_to_linear(1.0) - 1.0).abs() < 1e-6);
        assert!((srgb_to_linear(0.5) - 0.21404).abs() < 1e-4);
        assert!((srgb_to_linear(0.02) - 0.02 / 12.92).abs() < 1e-7);
        assert!((luminance([1.0, 0.0, 0.0]) - 0.2126).abs() < 1e-6);
    }

    #[test]
    fn a_shadowed_light_gives_nothing_but_is_named() {
        let mut scene = SceneLighting::default();
        scene.set(
            [
                omni(7, Vec3::new(0.0, 3.0, 0.0), 8.0, 1.0, 1.0),
                omni(8, Vec3::new(2.0, 3.0, 0.0), 8.0, 1.0, 1.0),
            ],
            Some(0.05),
        );
        let p = Vec3::ZERO;
        let open = scene.measure(p, &mut |_, _| false);
        let a = omni_attenuation(3.0, 8.0, 1.0);
        let b = omni_attenuation(13f32.sqrt(), 8.0, 1.0);
        assert!((open.sum - (a + b)).abs() < 1e-6);
        assert_eq!(open.lights[0].id, 7, "the brightest first");
        let blocked = scene.measure(p, &mut |light, to| {
            assert_eq!(to, light.position);
            light.id == 7
        });
        assert!((blocked.sum - b).abs() < 1e-6);
        assert!(blocked.lights.iter().any(|l| l.id == 7 && l.shadowed));
        assert!((combined(None, 1.0, Some(&blocked)) - (0.05 + b)).abs() < 1e-6);
    }

    #[test]
    fn a_reading_names_its_lights_and_shadows() {
        let mut reading = SceneReading::default();
        reading.add(Lit {
            id: 2,
            amount: 0.62,
            shadowed: false,
        });
        reading.add(Lit {
            id: 3,
            amount: 0.4,
            shadowed: true,
        });
        let name = |id: u64| format!("Lamp{id}");
        assert_eq!(reading.words(&name), "lit by Lamp2 (0.62), in Lamp3's shadow");
        assert_eq!(SceneReading::default().words(&name), "");
    }

    #[test]
    fn only_lamps_whose_range_covers_a_point_are_asked() {
        let mut scene = SceneLighting::default();
        scene.set(
            (0..200).map(|i| omni(i, Vec3::new(i as f32 * 20.0, 3.0, 0.0), 5.0, 1.0, 1.0)),
            None,
        );
        let mut asked = 0;
        let reading = scene.measure(Vec3::new(40.0, 0.0, 0.0), &mut |_, _| {
            asked += 1;
            false
        });
        assert_eq!(asked, 1, "only the lamp above the point");
        assert_eq!(reading.lights.len(), 1);
        assert_eq!(reading.lights[0].id, 2);
    }

    #[test]
    fn the_sun_reaches_everywhere_and_casts_shadows_toward_itself() {
        let mut scene = SceneLighting::default();
        let down = Vec3::new(0.0, -1.0, 0.0);
        scene.set(
            [SceneLight {
                id: 3,
                spread: Spread::Directional {
                    direction: down,
                    shadow_reach: 100.0,
                },
                position: Vec3::ZERO,
                range: 0.0,
                attenuation: 0.0,
                intensity: 0.8,
                shadow: true,
            }],
            Some(0.1),
        );
        let p = Vec3::new(1000.0, 2.0, -400.0);
        let reading = scene.measure(p, &mut |_, to| {
            assert_eq!(to, p + Vec3::new(0.0, 100.0, 0.0));
            false
        });
        assert!((combined(None, 1.0, Some(&reading)) - 0.9).abs() < 1e-6);
    }

    #[test]
    fn zones_stand_and_the_world_s_ambient_is_the_floor_without_an_environment() {
        let reading = SceneReading {
            floor: None,
            sum: 0.3,
            lights: SmallVec::new(),
        };
        assert_eq!(
            combined(Some(0.2), 1.0, Some(&reading)),
            0.2,
            "a zone stands"
        );
        assert!((combined(None, 0.1, Some(&reading)) - 0.4).abs() < 1e-6);
        assert_eq!(combined(None, 1.0, Some(&reading)), 1.0, "never above 1");
        assert_eq!(combined(None, 0.6, None), 0.6, "no scene light: as before");
        let negative = SceneReading {
            floor: Some(0.1),
            sum: -0.5,
            lights: SmallVec::new(),
        };
        assert_eq!(combined(None, 1.0, Some(&negative)), 0.0, "never below 0");
    }

    #[test]
    fn a_target_s_light_is_measured_again_when_it_moves_the_lights_change_or_it_is_old() {
        let mut memo = LightMemo::default();
        let reading = SceneReading::default();
        let at = Vec3::new(1.0, 0.0, 1.0);
        memo.keep(at, 10.0, 4, reading);
        assert!(memo.still(at, 10.1, 4, 0.2).is_some());
        assert!(memo.still(at + Vec3::X * 0.2, 10.1, 4, 0.2).is_some());
        assert!(
            memo.still(at + Vec3::X * 0.3, 10.1, 4, 0.2).is_none(),
            "moved"
        );
        assert!(memo.still(at, 10.1, 5, 0.2).is_none(), "a light changed");
        assert!(memo.still(at, 10.25, 4, 0.2).is_none(), "old");
        assert!(
            LightMemo::default()
                .still(Vec3::ZERO, 0.0, 0, 1.0)
                .is_none(),
            "never measured"
        );
    }

    #[test]
    fn lights_that_give_nothing_or_are_nowhere_are_left_out() {
        let mut scene = SceneLighting::default();
        scene.set(
            [
                omni(1, Vec3::ZERO, 5.0, 1.0, 0.0),
                omni(2, Vec3::NAN, 5.0, 1.0, 1.0),
                omni(3, Vec3::ZERO, f32::INFINITY, 1.0, 1.0),
                omni(4, Vec3::ZERO, 5.0, 1.0, f32::NAN),
                omni(5, Vec3::ZERO, 5.0, 1.0, 1.0),
            ],
            Some(f32::NAN),
        );
        // A lamp of endless range reaches as far as any level goes.
        let kept: Vec<u64> = scene.lights().iter().map(|l| l.id).collect();
        assert_eq!(kept, [3, 5]);
        assert_eq!(scene.floor(), None);
        assert!(scene.says_anything());
    }
}
