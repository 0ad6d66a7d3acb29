//! Reading a light node or an environment into the core's plain data.

use aps_core::senses::rays::BodyId;
use aps_core::world::scene_light::{luminance, srgb_to_linear, SceneLight, Spread};
use godot::classes::environment::{AmbientSource, BgMode};
use godot::classes::light_3d::Param;
use godot::classes::{
    CollisionObject3D, DirectionalLight3D, Environment, Light3D, Node3D, ProjectSettings,
    SpotLight3D, WorldEnvironment,
};
use godot::prelude::*;

/// The metadata that keeps a light out of perception.
pub const IGNORE_META: &str = "aps_ignore";

/// Whether `light` is kept out of perception by its metadata [`IGNORE_META`].
pub fn opted_out(light: &Gd<Node>) -> bool {
    light.has_meta(IGNORE_META)
        && light
            .get_meta(IGNORE_META)
            .try_to::<bool>()
            .unwrap_or(false)
}

/// What a node gives the scene's light.
pub enum Read {
    /// A light, and the body it sits in (its shadow rays pass it).
    Light(SceneLight, Option<BodyId>),
    /// A 2D light, and the occluder mask its shadows are cast by.
    FlatLight(SceneLight, u32),
    /// A 2D occluder.
    Occluder(aps_core::world::scene_light::FlatOccluder),
    /// An environment: its ambient light, if it can be read (a sky's cannot).
    Floor(Option<f32>),
    Nothing,
}

/// Whether `node` is a node the scene's light is read from.
pub fn is_light_node(node: &Gd<Node>) -> bool {
    node.clone().try_cast::<Light3D>().is_ok()
        || node.clone().try_cast::<WorldEnvironment>().is_ok()
}

/// Reads `node` as it is now; lights on none of `render_layers` give nothing.
pub fn read(node: &Gd<Node>, render_layers: u32) -> Read {
    if let Ok(env) = node.clone().try_cast::<WorldEnvironment>() {
        return match env.get_environment() {
            Some(e) if env.is_inside_tree() => Read::Floor(ambient(&e)),
            _ => Read::Nothing,
        };
    }
    let Ok(light) = node.clone().try_cast::<Light3D>() else {
        return Read::Nothing;
    };
    if !light.is_inside_tree()
        || !light.is_visible_in_tree()
        || light.get_layer_mask() & render_layers == 0
        || opted_out(&light.clone().upcast())
    {
        return Read::Nothing;
    }
    let color = light.get_color();
    let lum = luminance([color.r, color.g, color.b].map(srgb_to_linear));
    let sign = if light.is_negative() { -1.0 } else { 1.0 };
    let xf = light.get_global_transform();
    let forward = crate::convert::to_vec3(-xf.basis.col_c()).normalize_or_zero();
    let position = crate::convert::to_vec3(xf.origin);
    let param = |p: Param| light.get_param(p);
    let spread = if let Ok(spot) = light.clone().try_cast::<SpotLight3D>() {
        Spread::Spot {
            direction: forward,
            cos_angle: spot.get_param(Param::SPOT_ANGLE).to_radians().cos(),
            angle_attenuation: spot.get_param(Param::SPOT_ATTENUATION),
        }
    } else if let Ok(sun) = light.clone().try_cast::<DirectionalLight3D>() {
        if sun.get_sky_mode() == godot::classes::directional_light_3d::SkyMode::SKY_ONLY {
            return Read::Nothing;
        }
        Spread::Directional {
            direction: forward,
            shadow_reach: sun.get_param(Param::SHADOW_MAX_DISTANCE),
        }
    } else {
        Spread::Omni
    };
    let attenuation = match spread {
        Spread::Directional { .. } => 0.0,
        _ => param(Param::ATTENUATION),
    };
    let scene_light = SceneLight {
        id: light.instance_id().to_i64() as u64,
        spread,
        position,
        range: param(Param::RANGE),
        attenuation,
        intensity: sign * param(Param::ENERGY) * lum,
        shadow: light.has_shadow(),
    };
    Read::Light(scene_light, fixture(&light.upcast()))
}

/// The physics body a light sits in: its nearest ancestor that is a collision object.
fn fixture(light: &Gd<Node3D>) -> Option<BodyId> {
    let mut at = light.get_parent();
    for _ in 0..8 {
        let node = at?;
        if node.clone().try_cast::<CollisionObject3D>().is_ok() {
            return Some(BodyId(node.instance_id().to_i64() as u64));
        }
        at = node.get_parent();
    }
    None
}

/// An environment's ambient light on a white surface (luminance in linear light, times its
/// energy): a colour's, the background's where the ambient light is the background's plain
/// colour, nothing where it is disabled; `None` for a sky, which cannot be read here.
fn ambient(env: &Gd<Environment>) -> Option<f32> {
    let lum = |c: Color| luminance([c.r, c.g, c.b].map(srgb_to_linear));
    let energy = env.get_ambient_light_energy();
    let background = || match env.get_background() {
        BgMode::CLEAR_COLOR => ProjectSettings::singleton()
            .get_setting("rendering/environment/defaults/default_clear_color")
            .try_to::<Color>()
            .ok()
            .map(|c| lum(c) * env.get_bg_energy_multiplier()),
        BgMode::COLOR => Some(lum(env.get_bg_color()) * env.get_bg_energy_multiplier()),
        _ => None,
    };
    let level = match env.get_ambient_source() {
        AmbientSource::DISABLED => Some(0.0),
        AmbientSource::COLOR => Some(lum(env.get_ambient_light_color()) * energy),
        AmbientSource::BG => background().map(|b| b * energy),
        _ => None,
    };
    level.filter(|l| l.is_finite())
}
