//! A world's scene lights, found by place, and the light they put on a point.

use super::reading::{Lit, SceneReading};
use super::{Sampled, SceneLight};
use crate::world::light_zones::{LightZone, LightZones};
use glam::Vec3;
use std::sync::Arc;

/// The most sample points of one target its light is measured at (the rest read as these).
pub const MEASURED_POINTS: usize = 4;

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
    /// The textures of textured lights, by index.
    textures: Vec<Arc<Sampled>>,
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

    /// The textures the textured lights name by index.
    pub fn set_textures(&mut self, textures: Vec<Arc<Sampled>>) {
        self.textures = textures;
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

    /// The light the scene puts on a target at its sample points `points` (the first
    /// [`MEASURED_POINTS`] of them): the reading of its brightest point, as vision sees the
    /// target by its best-lit part. `blocked(light, from, to)` is asked as in
    /// [`SceneLighting::measure`], from each point. `None` without points.
    pub fn measure_brightest(
        &self,
        points: &[Vec3],
        blocked: &mut dyn FnMut(&SceneLight, Vec3, Vec3) -> bool,
    ) -> Option<SceneReading> {
        let mut best: Option<SceneReading> = None;
        for &p in points.iter().take(MEASURED_POINTS) {
            let reading = self.measure(p, &mut |light, to| blocked(light, p, to));
            if best.as_ref().is_none_or(|b| reading.sum > b.sum) {
                best = Some(reading);
            }
        }
        best
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
            let amount = light.unshadowed_at(p, &self.textures);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::scene_light::{combined, omni_attenuation, Spread};

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

    #[test]
    fn a_textured_light_gives_its_texture_tinted_by_its_colour() {
        use crate::world::scene_light::{luminance, TexturePlacement};
        use glam::{Affine2, Vec2};
        // A 4 m square texture centred on (10, 0, 0): bright on its left half, dark on its right.
        let mut texels = Vec::new();
        for _ in 0..4 {
            texels.extend([[1.0; 3], [1.0; 3], [0.0; 3], [0.0; 3]]);
        }
        let mut scene = SceneLighting::default();
        scene.set_textures(vec![Arc::new(Sampled::new(4, 4, texels).unwrap())]);
        let to_uv = Affine2::from_translation(Vec2::splat(0.5))
            * Affine2::from_scale(Vec2::splat(0.25))
            * Affine2::from_translation(Vec2::new(-10.0, 0.0));
        let color = [1.0, 0.5, 0.0];
        scene.set(
            [SceneLight {
                id: 9,
                spread: Spread::Textured {
                    texture: 0,
                    place: TexturePlacement { to_uv },
                    color,
                    center: Vec3::new(10.0, 0.0, 0.0),
                },
                position: Vec3::new(10.0, 0.0, 0.0),
                range: 2.0f32.sqrt() * 2.0,
                attenuation: 0.0,
                intensity: 2.0,
                shadow: false,
            }],
            None,
        );
        let bright = scene.measure(Vec3::new(8.5, 0.0, 0.0), &mut |_, _| false);
        assert!((bright.sum - 2.0 * luminance(color)).abs() < 1e-6);
        let dark = scene.measure(Vec3::new(11.5, 0.0, 0.0), &mut |_, _| false);
        assert_eq!(dark.sum, 0.0);
        let outside = scene.measure(Vec3::new(13.0, 0.0, 0.0), &mut |_, _| false);
        assert_eq!(outside.sum, 0.0, "beyond the texture");
    }

    #[test]
    fn a_target_reads_the_light_of_its_brightest_point() {
        let mut scene = SceneLighting::default();
        scene.set([omni(1, Vec3::new(0.0, 3.0, 0.0), 8.0, 1.0, 1.0)], None);
        let head = Vec3::new(0.0, 1.7, 1.0);
        let feet = Vec3::new(0.0, 0.1, 1.0);
        // The feet are in a shadow, the head is not.
        let reading = scene
            .measure_brightest(&[feet, head], &mut |_, from, _| from == feet)
            .unwrap();
        let expected = omni_attenuation(head.distance(Vec3::new(0.0, 3.0, 0.0)), 8.0, 1.0);
        assert!((reading.sum - expected).abs() < 1e-6);
        // Points past the first four are not measured.
        let far = [Vec3::new(50.0, 0.0, 0.0); 4];
        let mut points = far.to_vec();
        points.push(head);
        assert_eq!(
            scene
                .measure_brightest(&points, &mut |_, _, _| false)
                .unwrap()
                .sum,
            0.0
        );
        assert!(scene.measure_brightest(&[], &mut |_, _, _| false).is_none());
    }
}
