//! Tile maps in the mirror. A `TileMapLayer` makes its collision in the physics server itself:
//! for each cell, a body on each physics layer of its `TileSet`, holding the convex parts of the
//! tile's collision polygons, placed at the cell's centre (`map_to_local`) and reporting the layer
//! node as what a ray hit. The mirror reads the same polygons and places them the same way.
//! Godot joins the tiles of a physics quadrant (16 × 16 cells by default) into one polygon per
//! body and splits that into convex parts of its own: their union is the tiles' union, so a ray
//! from outside first meets it where it first meets a tile, but a ray from inside a tile may
//! cross no face where two tiles meet. Tiles are held as joined shapes
//! (`Mirror::add_joined`): a ray that starts inside one goes to the engine.
//!
//! A layer's changes are followed as every maker's are (`made`).

use super::flat;
use super::made::MadeSolid;
use aps_mirror::cells::{rectangles, Fingerprint};
use godot::classes::tile_set::TileShape;
use godot::classes::{Script, TileMapLayer, TileSet, TileSetAtlasSource};
use godot::prelude::*;
use std::collections::HashMap;

/// The bits of a cell's alternative tile that flip or transpose it (`TileSetAtlasSource`'s
/// `TRANSFORM_FLIP_H`, `TRANSFORM_FLIP_V`, `TRANSFORM_TRANSPOSE`).
const FLIP_H: i32 = 1 << 12;
const FLIP_V: i32 = 1 << 13;
const TRANSPOSE: i32 = 1 << 14;

/// The source id of a cell emptied but not yet removed (`TileSet::INVALID_SOURCE` as the layer's
/// data array stores it).
const EMPTY: u16 = 0xFFFF;

/// Bytes a cell takes in the layer's data array (after a two-byte format number): its x and y,
/// source id, atlas x and y, and alternative tile, each 16 bits, little-endian.
const CELL_BYTES: usize = 12;

/// Why the mirror cannot follow a layer, if it cannot: its world then goes to the engine.
#[must_use]
pub fn unseen(layer: &Gd<TileMapLayer>) -> Option<&'static str> {
    if layer.is_using_kinematic_bodies() {
        return Some("a tile map with kinematic bodies");
    }
    // A script that rewrites tiles' data as they are placed changes their polygons where the
    // mirror cannot read them.
    let rewrites = layer
        .get_script()
        .and_then(|s| s.try_cast::<Script>().ok())
        .is_some_and(|s| s.has_method("_use_tile_data_runtime_update"));
    rewrites.then_some("a tile map whose script rewrites its tiles' data")
}

/// A tile's collision polygons on each physics layer of its set: the physics layer's index,
/// the points (flipped and transposed as the cell asks) and whether it is one plain solid
/// (not one-way, which the engine treats its own way).
type TilePolygons = Vec<(usize, Vec<Vector2>, bool)>;

/// Every solid of `layer` as its physics bodies stand once its cells are settled, into `out`.
pub fn read(layer: &Gd<TileMapLayer>, out: &mut Vec<MadeSolid>) {
    out.clear();
    if !(layer.is_enabled() && layer.is_collision_enabled()) {
        return;
    }
    let Some(set) = layer.get_tile_set() else {
        return;
    };
    let layers: Vec<u32> = (0..set.get_physics_layers_count())
        .map(|i| set.get_physics_layer_collision_layer(i))
        .collect();
    if layers.is_empty() {
        return;
    }
    let global = layer.get_global_transform();
    let data = layer.get_tile_map_data_as_array();
    let cells = data.as_slice().get(2..).unwrap_or(&[]);
    // On a square grid, tiles that fill their cell are joined into rectangles, as the engine
    // joins them: far fewer, and boxes.
    let cell_size = (set.get_tile_shape() == TileShape::SQUARE).then(|| set.get_tile_size());
    let mut filled: Vec<(u32, i32, i32)> = Vec::new();
    // Most cells share a few tiles: each tile's polygons are read once.
    let mut tiles: HashMap<[u16; 4], TilePolygons> = HashMap::new();
    for cell in cells.chunks_exact(CELL_BYTES) {
        let word = |i: usize| u16::from_le_bytes([cell[i], cell[i + 1]]);
        let tile = [word(4), word(6), word(8), word(10)];
        if tile[0] == EMPTY {
            continue;
        }
        let polygons = tiles
            .entry(tile)
            .or_insert_with(|| polygons_of(&set, tile, layers.len()));
        if polygons.is_empty() {
            continue;
        }
        // Stored as 16-bit signed numbers.
        let coords = Vector2i::new(i32::from(word(0) as i16), i32::from(word(2) as i16));
        let at = Transform2D::from_angle_origin(0.0, layer.map_to_local(coords));
        let (basis, origin) = flat::placement(&(global * at));
        for (physics, points, whole) in polygons.iter() {
            if *whole && cell_size.is_some_and(|size| fills(points, size)) {
                filled.push((layers[*physics], coords.y, coords.x));
                continue;
            }
            out.push(MadeSolid {
                reading: flat::read_solid_polygon(points, *whole, basis, origin),
                layer: Some(layers[*physics]),
                joined: true,
                resource: None,
            });
        }
    }
    let Some(size) = cell_size else {
        return;
    };
    let half = Vector2::new(size.x as f32, size.y as f32) * 0.5;
    let (basis, origin) = flat::placement(&global);
    for (bits, first, last) in rectangles(filled) {
        let lo = layer.map_to_local(Vector2i::new(first[0], first[1])) - half;
        let hi = layer.map_to_local(Vector2i::new(last[0], last[1])) + half;
        out.push(MadeSolid {
            reading: flat::read_rect(Rect2::new(lo, hi - lo), basis, origin),
            layer: Some(bits),
            joined: true,
            resource: None,
        });
    }
}

/// Whether a tile polygon is its whole cell of `size` pixels.
fn fills(points: &[Vector2], size: Vector2i) -> bool {
    let half = Vector2::new(size.x as f32, size.y as f32) * 0.5;
    let at_corner =
        |p: &Vector2| (p.x.abs() - half.x).abs() < 1e-3 && (p.y.abs() - half.y).abs() < 1e-3;
    points.len() == 4
        && points.iter().all(at_corner)
        && (0..4).all(|i| (i + 1..4).all(|j| points[i] != points[j]))
}

/// The collision polygons of the tile `[source, atlas x, atlas y, alternative]` on each of the
/// set's `count` physics layers; none for a tile the set does not have or a scene tile.
fn polygons_of(set: &Gd<TileSet>, tile: [u16; 4], count: usize) -> TilePolygons {
    let [source, x, y, alternative] = tile;
    let atlas_coords = Vector2i::new(i32::from(x), i32::from(y));
    let alternative = i32::from(alternative);
    let Some(source) = set.get_source(i32::from(source)) else {
        return Vec::new();
    };
    if !(source.has_tile(atlas_coords) && source.has_alternative_tile(atlas_coords, alternative)) {
        return Vec::new();
    }
    let Ok(atlas) = source.try_cast::<TileSetAtlasSource>() else {
        return Vec::new();
    };
    let Some(data) = atlas.get_tile_data(atlas_coords, alternative) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for physics in 0..count {
        let layer = physics as i32;
        for p in 0..data.get_collision_polygons_count(layer) {
            let points = data.get_collision_polygon_points(layer, p);
            let points = turned(points.as_slice(), alternative);
            let whole = !data.is_collision_polygon_one_way(layer, p);
            out.push((physics, points, whole));
        }
    }
    out
}

/// A tile polygon's points as a cell with the alternative tile `alternative` places it:
/// transposed (x and y swapped) first, then flipped across either axis.
fn turned(points: &[Vector2], alternative: i32) -> Vec<Vector2> {
    points
        .iter()
        .map(|p| {
            let mut v = if alternative & TRANSPOSE != 0 {
                Vector2::new(p.y, p.x)
            } else {
                *p
            };
            if alternative & FLIP_H != 0 {
                v.x = -v.x;
            }
            if alternative & FLIP_V != 0 {
                v.y = -v.y;
            }
            v
        })
        .collect()
}

/// What a layer's fingerprint covers: its cells, where it is, its switches and its tile set.
#[must_use]
pub fn fingerprint(layer: &Gd<TileMapLayer>) -> Fingerprint {
    let mut h = Fingerprint::default();
    let inside = layer.is_inside_tree();
    h.add(u64::from(inside));
    h.add(u64::from(layer.is_enabled()));
    h.add(u64::from(layer.is_collision_enabled()));
    h.add(
        layer
            .get_tile_set()
            .map_or(0, |s| s.instance_id().to_i64() as u64),
    );
    if inside {
        let t = layer.get_global_transform();
        h.floats(&[t.a.x, t.a.y, t.b.x, t.b.y, t.origin.x, t.origin.y]);
    }
    let data = layer.get_tile_map_data_as_array();
    h.cells(data.len().saturating_sub(2) / CELL_BYTES);
    h.bytes(data.as_slice());
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_polygon_at_the_four_corners_of_its_cell_fills_it() {
        let size = Vector2i::new(32, 16);
        let c = |x: f32, y: f32| Vector2::new(x, y);
        assert!(fills(
            &[c(-16., -8.), c(16., -8.), c(16., 8.), c(-16., 8.)],
            size
        ));
        assert!(fills(
            &[c(16., 8.), c(-16., 8.), c(-16., -8.), c(16., -8.)],
            size
        ));
        assert!(!fills(
            &[c(-16., -8.), c(16., -8.), c(16., 6.), c(-16., 8.)],
            size
        ));
        assert!(!fills(&[c(-16., -8.), c(16., -8.), c(-16., 8.)], size));
        assert!(!fills(
            &[c(-16., -8.), c(16., -8.), c(16., -8.), c(-16., 8.)],
            size
        ));
    }
}
