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

pub mod flat;
mod lighting;
mod memo;
mod reading;

pub use flat::{FlatOccluder, Sampled, TexturePlacement};

pub use lighting::{SceneLighting, MAX_SCENE_LIGHTS, MEASURED_POINTS};
pub use memo::{LightMemo, DEFAULT_REMEASURE_INTERVAL, REMEASURE_DISTANCE};
pub use reading::{combined, Lit, SceneReading, NAMED_LIGHTS};

use glam::Vec3;

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
    /// As a texture says, centred on `center` (`PointLight2D`): its light at a point is the
    /// texture there, `texture` of the world's textures, placed by `place`, tinted by `color`.
    /// It reaches `range` metres from `center`.
    Textured {
        texture: u32,
        place: TexturePlacement,
        color: [f32; 3],
        center: Vec3,
    },
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
    /// What it gives at `p` with nothing in the way (0 outside its range or cone), a textured
    /// light's texture being one of `textures`.
    #[must_use]
    pub fn unshadowed_at(&self, p: Vec3, textures: &[std::sync::Arc<Sampled>]) -> f32 {
        let fall_off = match self.spread {
            Spread::Directional { .. } => 1.0,
            Spread::Textured {
                texture,
                place,
                color,
                ..
            } => {
                let Some(t) = textures.get(texture as usize) else {
                    return 0.0;
                };
                let texel = t.at(place.to_uv.transform_point2(glam::Vec2::new(p.x, p.z)));
                luminance([0, 1, 2].map(|i| color[i] * texel[i]))
            }
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
    pub(crate) fn reach(&self) -> Option<(Vec3, f32)> {
        match self.spread {
            Spread::Directional { .. } => None,
            // Beyond a thousand kilometres every point of a level is in reach anyway; the cap
            // keeps the index's cells countable.
            Spread::Textured { center, .. } => Some((center, self.range.clamp(0.0, 1.0e6))),
            _ => Some((self.position, self.range.clamp(0.0, 1.0e6))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let below = spot.unshadowed_at(Vec3::ZERO, &[]);
        // On the axis the rim is 0.0001: 2 × omni(4) × (1 - 0.0001).
        let expected = 2.0 * omni_attenuation(4.0, 10.0, 1.0) * (1.0 - 0.0001);
        assert!((below - expected).abs() < 1e-5, "{below} vs {expected}");
        // 20 degrees off the axis: the rim is (1 - cos 20°) / (1 - cos 30°).
        let off = Vec3::new(4.0 * 20f32.to_radians().tan(), 0.0, 0.0);
        let rim = (1.0 - 20f32.to_radians().cos()) / (1.0 - 30f32.to_radians().cos());
        let d = off.distance(spot.position);
        let expected = 2.0 * omni_attenuation(d, 10.0, 1.0) * (1.0 - rim);
        assert!((spot.unshadowed_at(off, &[]) - expected).abs() < 1e-4);
        // 40 degrees off: outside the cone.
        let outside = Vec3::new(4.0 * 40f32.to_radians().tan(), 0.0, 0.0);
        assert_eq!(spot.unshadowed_at(outside, &[]), 0.0);
        // Behind the lamp.
        assert_eq!(spot.unshadowed_at(Vec3::new(0.0, 6.0, 0.0), &[]), 0.0);
    }

    #[test]
    fn colours_count_by_their_luminance_in_linear_light() {
        assert!((luminance([1.0, 1.0, 1.0]) - 1.0).abs() < 1e-6);
        assert!((srgb_to_linear(1.0) - 1.0).abs() < 1e-6);
        assert!((srgb_to_linear(0.5) - 0.21404).abs() < 1e-4);
        assert!((srgb_to_linear(0.02) - 0.02 / 12.92).abs() < 1e-7);
        assert!((luminance([1.0, 0.0, 0.0]) - 0.2126).abs() < 1e-6);
    }
}
