//! CSG in the mirror. The root of a CSG tree with `use_collision` on makes one static body of
//! the faces of its result, reporting the root as what a ray hit and colliding on its
//! `collision_layer`; `bake_collision_shape` gives a copy of those very faces, which the mirror
//! holds as a mesh where the root stands. A CSG tree works its result out late (a change makes
//! it dirty, and the new result, a new mesh, comes with the deferred calls), so the root's
//! fingerprint is its mesh as well as its place and switches, and changes are followed as
//! every maker's are (`made`).

use super::made::MadeSolid;
use super::reading::{columns, read_shape};
use aps_mirror::cells::Fingerprint;
use godot::classes::CsgShape3D;
use godot::prelude::*;

/// The faces `csg` collides with, where it stands, if it collides.
pub fn read(csg: &Gd<CsgShape3D>, out: &mut Vec<MadeSolid>) {
    if !(csg.is_root_shape() && csg.is_using_collision()) {
        return;
    }
    let Some(shape) = csg.clone().bake_collision_shape() else {
        return;
    };
    let (basis, origin) = columns(&csg.get_global_transform());
    out.push(MadeSolid {
        reading: read_shape(&shape.upcast(), basis, origin),
        layer: None,
        joined: false,
        resource: None,
    });
}

/// What a CSG root's fingerprint covers: its result (the mesh it made last), where it is and
/// whether it is a root that collides.
#[must_use]
pub fn fingerprint(csg: &Gd<CsgShape3D>) -> Fingerprint {
    let mut h = Fingerprint::default();
    let inside = csg.is_inside_tree();
    h.add(u64::from(inside));
    h.add(u64::from(csg.is_root_shape()));
    h.add(u64::from(csg.is_using_collision()));
    let meshes = csg.get_meshes();
    let mesh = meshes
        .get(1)
        .and_then(|m| m.try_to::<Gd<Resource>>().ok())
        .map_or(0, |m| m.instance_id().to_i64() as u64);
    h.add(mesh);
    if inside {
        h.place(columns(&csg.get_global_transform()));
    }
    h
}
