//! Walls a profile's senses would not see: the physics layers the scene's level geometry sits
//! on (static bodies, CSG with collision, grid maps, tile maps), against the layers that stop a
//! profile's sight, sound and echoes. A level on layer 5 with a profile stopping at layer 1 is
//! an AI that sees through every wall; the Scene dock says so, naming the layer.

use aps_core::Profile;
use godot::classes::{
    CsgShape3D, GridMap, Node, ProjectSettings, StaticBody2D, StaticBody3D, TileMap, TileMapLayer,
    TileSet,
};
use godot::prelude::*;

/// The most nodes looked through for walls: a warning must not stall the editor on a huge
/// scene; the walls of the first this many nodes are judged.
pub const MAX_NODES: usize = 20_000;

/// The physics layers the level geometry under `root` sits on (2D bodies and tile maps for a
/// 2D AI, `two_d`; 3D ones otherwise), as one mask.
#[must_use]
pub fn wall_layers(root: &Gd<Node>, two_d: bool) -> u32 {
    let mut layers = 0u32;
    let mut queue = vec![root.clone()];
    let mut seen = 0;
    while let Some(node) = queue.pop() {
        seen += 1;
        if seen > MAX_NODES {
            break;
        }
        layers |= if two_d {
            layers_2d(&node)
        } else {
            layers_3d(&node)
        };
        queue.extend(node.get_children().iter_shared());
    }
    layers
}

fn layers_3d(node: &Gd<Node>) -> u32 {
    if let Ok(body) = node.clone().try_cast::<StaticBody3D>() {
        return body.get_collision_layer();
    }
    if let Ok(grid) = node.clone().try_cast::<GridMap>() {
        return grid.get_collision_layer();
    }
    match node.clone().try_cast::<CsgShape3D>() {
        // Only the root of a CSG tree collides.
        Ok(csg) if csg.is_using_collision() && csg.is_root_shape() => csg.get_collision_layer(),
        _ => 0,
    }
}

fn layers_2d(node: &Gd<Node>) -> u32 {
    if let Ok(body) = node.clone().try_cast::<StaticBody2D>() {
        return body.get_collision_layer();
    }
    if let Ok(layer) = node.clone().try_cast::<TileMapLayer>() {
        if !layer.is_collision_enabled() {
            return 0;
        }
        return layer.get_tile_set().map_or(0, |set| tile_set_layers(&set));
    }
    node.clone()
        .try_cast::<TileMap>()
        .ok()
        .and_then(|map| map.get_tileset())
        .map_or(0, |set| tile_set_layers(&set))
}

/// Every physics layer a tile set's physics layers collide on.
fn tile_set_layers(set: &Gd<TileSet>) -> u32 {
    (0..set.get_physics_layers_count())
        .map(|i| set.get_physics_layer_collision_layer(i))
        .fold(0, |all, l| all | l)
}

/// One line per sense of `profile` (as its senses use it, the project's occlusion layers
/// applied) that walls on `walls` would not stop, naming the layers.
#[must_use]
pub fn ignored_walls(profile: &Profile, walls: u32, two_d: bool) -> Vec<String> {
    let mut lines = Vec::new();
    for (sense, mask) in profile.occlusion_masks() {
        let missed = walls & !mask;
        if missed == 0 {
            continue;
        }
        let names = layer_names(missed, two_d);
        let fix = if profile.occlusion.use_project_layers {
            "add them to the project setting aps/occlusion_layers"
        } else {
            "turn on Use Project Occlusion Layers in its profile, or add them to the profile's masks"
        };
        lines.push(format!(
            "Walls of this scene on {names} do not stop this AI's {sense}: it would perceive \
             through them. To make them walls, {fix}."
        ));
    }
    lines
}

/// "physics layer 5 (Ground)", "physics layers 5 and 16 (Walls)": each layer by its number and,
/// where the project names it, its name.
fn layer_names(mask: u32, two_d: bool) -> String {
    let settings = ProjectSettings::singleton();
    let kind = if two_d { "2d_physics" } else { "3d_physics" };
    let named: Vec<String> = (0..32)
        .filter(|bit| mask & (1 << bit) != 0)
        .map(|bit| {
            let key = format!("layer_names/{kind}/layer_{}", bit + 1);
            let name = settings.get_setting(&key).to_string();
            if name.is_empty() {
                format!("{}", bit + 1)
            } else {
                format!("{} ({name})", bit + 1)
            }
        })
        .collect();
    match named.as_slice() {
        [one] => format!("physics layer {one}"),
        [rest @ .., last] => format!("physics layers {} and {last}", rest.join(", ")),
        [] => String::new(),
    }
}
