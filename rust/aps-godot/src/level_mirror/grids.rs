//! Grid maps in the mirror. A `GridMap` makes its collision in the physics server itself: one
//! static body an octant, reporting the grid map as what a ray hit and colliding on its
//! `collision_layer`, holding each cell's item's shapes from the `MeshLibrary` where the cell
//! puts them: turned by the cell's orientation, scaled by `cell_scale`, at the cell's centre
//! (`map_to_local`), then by the shape's own transform in the item. The mirror reads the same
//! shapes and places them the same way. Changes are followed as every maker's are (`made`).

use super::made::MadeSolid;
use super::reading::{columns, read_shape};
use aps_mirror::cells::Fingerprint;
use godot::classes::{GridMap, MeshLibrary, Shape3D};
use godot::prelude::*;
use std::collections::HashMap;

/// Each cell in the grid map's `data` array: three 32-bit words, the first two its x, y and z
/// (16 bits each, little-endian), the third its item (low 16 bits) and orientation (5 bits).
const CELL_WORDS: usize = 3;

/// The cells of `grid`: `(x, y, z, item, orientation)`.
fn cells(grid: &Gd<GridMap>) -> Vec<(i32, i32, i32, i32, i32)> {
    let Ok(data) = grid.get("data").try_to::<VarDictionary>() else {
        return Vec::new();
    };
    let Ok(words) = data.get_or_nil("cells").try_to::<PackedInt32Array>() else {
        return Vec::new();
    };
    words
        .as_slice()
        .chunks_exact(CELL_WORDS)
        .map(|w| {
            let (a, b, c) = (w[0] as u32, w[1] as u32, w[2] as u32);
            let coord = |v: u32| i32::from(v as u16 as i16);
            (
                coord(a),
                coord(a >> 16),
                coord(b),
                (c & 0xFFFF) as i32,
                ((c >> 16) & 0x1F) as i32,
            )
        })
        .collect()
}

/// An item's shapes and their transforms within it.
fn shapes_of(library: &Gd<MeshLibrary>, item: i32) -> Vec<(Gd<Shape3D>, Transform3D)> {
    let list = library.get_item_shapes(item);
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < list.len() {
        let shape = list.get(i).and_then(|v| v.try_to::<Gd<Shape3D>>().ok());
        let local = list.get(i + 1).and_then(|v| v.try_to::<Transform3D>().ok());
        if let (Some(shape), Some(local)) = (shape, local) {
            out.push((shape, local));
        }
        i += 2;
    }
    out
}

/// Every solid of `grid` as its bodies stand once its cells are settled, into `out`.
pub fn read(grid: &Gd<GridMap>, out: &mut Vec<MadeSolid>) {
    let Some(library) = grid.get_mesh_library() else {
        return;
    };
    let global = grid.get_global_transform();
    let scale = grid.get_cell_scale();
    let mut items: HashMap<i32, Vec<(Gd<Shape3D>, Transform3D)>> = HashMap::new();
    for (x, y, z, item, orientation) in cells(grid) {
        let shapes = items.entry(item).or_insert_with(|| {
            if library.get_item_list().as_slice().contains(&item) {
                shapes_of(&library, item)
            } else {
                Vec::new()
            }
        });
        if shapes.is_empty() {
            continue;
        }
        let basis = grid
            .get_basis_with_orthogonal_index(orientation)
            .scaled(Vector3::splat(scale));
        let cell = Transform3D::new(basis, grid.map_to_local(Vector3i::new(x, y, z)));
        for (shape, local) in shapes.iter() {
            let (basis, origin) = columns(&(global * cell * *local));
            out.push(MadeSolid {
                reading: read_shape(shape, basis, origin),
                layer: None,
                joined: false,
                resource: Some(shape.clone().upcast()),
            });
        }
    }
}

/// What a grid map's fingerprint covers: its cells, where it is, its library and the size,
/// centring and scale of its cells.
#[must_use]
pub fn fingerprint(grid: &Gd<GridMap>) -> Fingerprint {
    let mut h = Fingerprint::default();
    let inside = grid.is_inside_tree();
    h.add(u64::from(inside));
    h.add(
        grid.get_mesh_library()
            .map_or(0, |l| l.instance_id().to_i64() as u64),
    );
    let size = grid.get_cell_size();
    h.floats(&[size.x, size.y, size.z, grid.get_cell_scale()]);
    h.add(u64::from(grid.get_center_x()));
    h.add(u64::from(grid.get_center_y()));
    h.add(u64::from(grid.get_center_z()));
    if inside {
        h.place(columns(&grid.get_global_transform()));
    }
    if let Ok(data) = grid.get("data").try_to::<VarDictionary>() {
        if let Ok(words) = data.get_or_nil("cells").try_to::<PackedInt32Array>() {
            let w = words.as_slice();
            h.cells(w.len() / CELL_WORDS);
            h.add(w.len() as u64);
            for pair in w.chunks(2) {
                let lo = pair[0] as u32;
                let hi = pair.get(1).map_or(0, |v| *v as u32);
                h.add(u64::from(lo) | (u64::from(hi) << 32));
            }
        }
    }
    h
}
