//! Reading a 2D world's lights into the core's plain data: a `PointLight2D` (its texture, read
//! once), a `DirectionalLight2D`, a `CanvasModulate` (the floor) and a `LightOccluder2D`.
//!
//! Colours count as the 2D renderer blends them, without turning them into linear light.

use super::reading::{opted_out, Read};
use aps_core::world::scene_light::{
    luminance, FlatOccluder, Sampled, SceneLight, Spread, TexturePlacement,
};
use glam::{Affine2, Vec2};
use godot::classes::gradient_texture_2d::{Fill, Repeat};
use godot::classes::image::Format;
use godot::classes::light_2d::BlendMode;
use godot::classes::{
    CanvasModulate, DirectionalLight2D, GradientTexture2D, Image, Light2D, LightOccluder2D,
    PointLight2D, Texture2D,
};
use godot::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

/// A light texture is read at most this many texels wide and high (a larger one is shrunk
/// first): enough for any fall-off, and little memory.
const MAX_TEXELS: i32 = 128;

/// The most light textures kept read at once; past it they are read again as needed.
const MAX_KEPT_TEXTURES: usize = 256;

/// Whether `node` is a 2D node the scene's light is read from.
pub fn is_light_node(node: &Gd<Node>) -> bool {
    node.clone().try_cast::<Light2D>().is_ok()
        || node.clone().try_cast::<CanvasModulate>().is_ok()
        || node.clone().try_cast::<LightOccluder2D>().is_ok()
}

/// Reads `node` as it is now; a point light's texture goes into `textures` (read through
/// `cache`, by the texture's id).
pub fn read(
    node: &Gd<Node>,
    textures: &mut Vec<Arc<Sampled>>,
    cache: &mut HashMap<InstanceId, Arc<Sampled>>,
) -> Read {
    if let Ok(modulate) = node.clone().try_cast::<CanvasModulate>() {
        if !modulate.is_inside_tree() || !modulate.is_visible_in_tree() {
            return Read::Nothing;
        }
        let c = modulate.get_color();
        return Read::Floor(Some(luminance([c.r, c.g, c.b])));
    }
    if let Ok(occluder) = node.clone().try_cast::<LightOccluder2D>() {
        return read_occluder(&occluder).map_or(Read::Nothing, Read::Occluder);
    }
    let Ok(light) = node.clone().try_cast::<Light2D>() else {
        return Read::Nothing;
    };
    if !light.is_inside_tree()
        || !light.is_visible_in_tree()
        || !light.is_enabled()
        || opted_out(&light.clone().upcast())
    {
        return Read::Nothing;
    }
    let sign = if light.get_blend_mode() == BlendMode::SUB {
        -1.0
    } else {
        1.0
    };
    let c = light.get_color();
    let color = [c.r, c.g, c.b];
    let xf = light.get_global_transform();
    let ppm = crate::dim::pixels_per_meter();
    let mask = light.get_item_shadow_cull_mask() as u32;
    let id = light.instance_id().to_i64() as u64;
    let position = crate::dim::from_pixels(xf.origin);
    let shadow = light.is_shadow_enabled();
    if let Ok(sun) = light.clone().try_cast::<DirectionalLight2D>() {
        let down = xf.basis_xform(Vector2::new(0.0, 1.0)).normalized_or_zero();
        let scene_light = SceneLight {
            id,
            spread: Spread::Directional {
                direction: aps_core::Vec3::new(down.x, 0.0, down.y),
                shadow_reach: sun.get_max_distance() / ppm,
            },
            position,
            range: 0.0,
            attenuation: 0.0,
            intensity: sign * light.get_energy() * luminance(color),
            shadow,
        };
        return Read::FlatLight(scene_light, mask);
    }
    let Ok(point) = light.try_cast::<PointLight2D>() else {
        return Read::Nothing;
    };
    let Some(texture) = point.get_texture() else {
        // Godot draws a point light without a texture as nothing.
        return Read::Nothing;
    };
    let Some(sampled) = sampled(&texture, cache) else {
        return Read::Nothing;
    };
    let size = texture.get_size() * point.get_texture_scale();
    if !(size.x > 0.0 && size.y > 0.0) {
        return Read::Nothing;
    }
    let offset = point.get_texture_offset();
    let inverse = xf.affine_inverse();
    let to_local = Affine2::from_cols(
        Vec2::new(inverse.a.x, inverse.a.y),
        Vec2::new(inverse.b.x, inverse.b.y),
        Vec2::new(inverse.origin.x, inverse.origin.y),
    );
    // Core metres to pixels, into the light's own space, then across its texture's square.
    let to_uv = Affine2::from_translation(Vec2::splat(0.5))
        * Affine2::from_scale(Vec2::new(1.0 / size.x, 1.0 / size.y))
        * Affine2::from_translation(Vec2::new(-offset.x, -offset.y))
        * to_local
        * Affine2::from_scale(Vec2::splat(ppm));
    let stretch = xf.a.length().max(xf.b.length());
    let center = crate::dim::from_pixels(xf * offset);
    let index = textures.len() as u32;
    textures.push(sampled);
    let scene_light = SceneLight {
        id,
        spread: Spread::Textured {
            texture: index,
            place: TexturePlacement { to_uv },
            color,
            center,
        },
        position,
        range: (size * 0.5).length() * stretch / ppm,
        attenuation: 0.0,
        intensity: sign * point.get_energy(),
        shadow,
    };
    Read::FlatLight(scene_light, mask)
}

/// An occluder's polygon on the core's plane, if it has one and is shown.
fn read_occluder(occluder: &Gd<LightOccluder2D>) -> Option<FlatOccluder> {
    if !occluder.is_inside_tree() || !occluder.is_visible_in_tree() {
        return None;
    }
    let polygon = occluder.get_occluder_polygon()?;
    let xf = occluder.get_global_transform();
    let points: Vec<Vec2> = polygon
        .get_polygon()
        .as_slice()
        .iter()
        .map(|&p| {
            let at = crate::dim::from_pixels(xf * p);
            Vec2::new(at.x, at.z)
        })
        .collect();
    FlatOccluder::new(
        occluder.get_occluder_light_mask() as u32,
        &points,
        polygon.is_closed(),
    )
}

/// `texture` read into texels (once; kept in `cache` by its id). `None` while its image cannot
/// be had (a generated texture before its first frame).
fn sampled(
    texture: &Gd<Texture2D>,
    cache: &mut HashMap<InstanceId, Arc<Sampled>>,
) -> Option<Arc<Sampled>> {
    let id = texture.instance_id();
    if let Some(kept) = cache.get(&id) {
        return Some(kept.clone());
    }
    // A generated gradient is read from its own settings: what the renderer holds of it cannot
    // always be read back (with no GPU, or before its first frame).
    if let Ok(gradient) = texture.clone().try_cast::<GradientTexture2D>() {
        let sampled = Arc::new(from_gradient(&gradient)?);
        keep(cache, id, sampled.clone());
        return Some(sampled);
    }
    let Some(image) = texture.get_image() else {
        crate::warnings::warn("light_texture_unreadable", Some(id), || {
            format!(
                "APS: the texture of a PointLight2D ({}) cannot be read; that light gives \
                     perception nothing. Use an ImageTexture, a GradientTexture2D or an \
                     imported texture",
                texture.get_class()
            )
        });
        return None;
    };
    // A copy: the texture's own image may be the one returned.
    let mut image: Gd<Image> = image.duplicate_resource();
    if image.is_compressed() {
        image.decompress();
    }
    let (w, h) = (image.get_width(), image.get_height());
    if w <= 0 || h <= 0 {
        return None;
    }
    if w > MAX_TEXELS || h > MAX_TEXELS {
        let shrink = f64::from(MAX_TEXELS) / f64::from(w.max(h));
        let nw = ((f64::from(w) * shrink).round() as i32).max(1);
        let nh = ((f64::from(h) * shrink).round() as i32).max(1);
        image.resize(nw, nh);
    }
    image.convert(Format::RGBA8);
    let (w, h) = (image.get_width(), image.get_height());
    let data = image.get_data();
    let texels: Vec<[f32; 3]> = data
        .as_slice()
        .chunks_exact(4)
        .map(|px| {
            let a = f32::from(px[3]) / 255.0;
            [0, 1, 2].map(|i| f32::from(px[i]) / 255.0 * a)
        })
        .collect();
    let sampled = Arc::new(Sampled::new(w as u32, h as u32, texels)?);
    keep(cache, id, sampled.clone());
    Some(sampled)
}

fn keep(cache: &mut HashMap<InstanceId, Arc<Sampled>>, id: InstanceId, sampled: Arc<Sampled>) {
    if cache.len() >= MAX_KEPT_TEXTURES {
        cache.clear();
    }
    cache.insert(id, sampled);
}

/// A `GradientTexture2D`'s texels, worked out from its fill, its two points, its repeat and
/// its gradient as the texture fills itself (at most [`MAX_TEXELS`] a side).
fn from_gradient(texture: &Gd<GradientTexture2D>) -> Option<Sampled> {
    let mut gradient = texture.get_gradient()?;
    let w = texture.get_width().clamp(1, MAX_TEXELS);
    let h = texture.get_height().clamp(1, MAX_TEXELS);
    let from = texture.get_fill_from();
    let to = texture.get_fill_to();
    let span = to - from;
    let fill = texture.get_fill();
    let repeat = texture.get_repeat();
    let mut texels = Vec::with_capacity((w * h) as usize);
    for y in 0..h {
        for x in 0..w {
            let uv = Vector2::new((x as f32 + 0.5) / w as f32, (y as f32 + 0.5) / h as f32);
            let d = uv - from;
            let t = match fill {
                Fill::RADIAL => d.length() / span.length().max(1e-6),
                Fill::SQUARE => d.x.abs().max(d.y.abs()) / span.x.abs().max(span.y.abs()).max(1e-6),
                _ => d.dot(span) / span.length_squared().max(1e-6),
            };
            let t = match repeat {
                Repeat::REPEAT => t.rem_euclid(1.0),
                Repeat::REPEAT_MIRROR => {
                    let m = t.rem_euclid(2.0);
                    if m > 1.0 {
                        2.0 - m
                    } else {
                        m
                    }
                }
                _ => t.clamp(0.0, 1.0),
            };
            let c = gradient.sample(t);
            texels.push([c.r * c.a, c.g * c.a, c.b * c.a]);
        }
    }
    Sampled::new(w as u32, h as u32, texels)
}
