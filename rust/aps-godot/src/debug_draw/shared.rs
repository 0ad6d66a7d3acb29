//! What the 3D debug drawing of every AI shares, made once rather than once per AI: the one
//! material its lines are drawn with, and the mesh of the cones and ranges of each shape of
//! profile (AI that share a profile draw the same cones in their own eyes' space, so one mesh
//! serves them all). Two hundred guards drawing hold one material and, with one profile, one
//! cone mesh.
//!
//! Drawing runs on the main thread only, so what is shared sits in a thread-local; the extension
//! lets go of it when it unloads ([`release`]), before Godot checks for leaked objects.

use super::scene::DrawScene;
use godot::classes::base_material_3d::{Flags, ShadingMode, Transparency};
use godot::classes::mesh::PrimitiveType;
use godot::classes::{ImmediateMesh, StandardMaterial3D};
use godot::prelude::*;
use std::cell::RefCell;

/// A shape of cones and ranges: the bits of the vision range, the cone half angles and the
/// hearing range (see `Drawn::cones_changed`).
pub type ConeShape = [u32; 4];

struct Shared {
    material: Gd<StandardMaterial3D>,
    /// Each shape's mesh and how many segments it holds.
    cones: Vec<(ConeShape, Gd<ImmediateMesh>, u32)>,
}

thread_local! {
    static SHARED: RefCell<Option<Shared>> = const { RefCell::new(None) };
}

/// Runs `f` on what is shared, making it the first time.
fn with<T>(f: impl FnOnce(&mut Shared) -> T) -> T {
    SHARED.with(|s| {
        let mut s = s.borrow_mut();
        let shared = s.get_or_insert_with(|| Shared {
            material: line_material(),
            cones: Vec::new(),
        });
        f(shared)
    })
}

/// Lines in their vertices' colours, unlit, over everything: what debug drawing needs.
fn line_material() -> Gd<StandardMaterial3D> {
    let mut material = StandardMaterial3D::new_gd();
    material.set_shading_mode(ShadingMode::UNSHADED);
    material.set_flag(Flags::ALBEDO_FROM_VERTEX_COLOR, true);
    material.set_flag(Flags::DISABLE_DEPTH_TEST, true);
    material.set_transparency(Transparency::ALPHA);
    material
}

/// The material every AI's lines are drawn with.
#[must_use]
pub fn material() -> Gd<StandardMaterial3D> {
    with(|s| s.material.clone())
}

/// The mesh of the cones and ranges of `shape`, made from `make` the first time an AI draws
/// that shape, and how many segments it holds.
pub fn cones(shape: ConeShape, make: impl FnOnce() -> DrawScene) -> (Gd<ImmediateMesh>, u32) {
    with(|s| {
        if let Some((_, mesh, lines)) = s.cones.iter().find(|(k, _, _)| *k == shape) {
            return (mesh.clone(), *lines);
        }
        // Shapes no AI draws any more (only this list holds their mesh) go first, so a game
        // that edits its profiles while drawing keeps a mesh only for the shapes in use.
        s.cones
            .retain(|(_, mesh, _)| mesh.get_reference_count() > 1);
        let scene = make();
        let mut mesh = ImmediateMesh::new_gd();
        fill(&mut mesh, &s.material, &scene);
        let lines = scene.lines.len() as u32;
        s.cones.push((shape, mesh.clone(), lines));
        (mesh, lines)
    })
}

/// Lets go of everything shared: the extension is unloading.
pub fn release() {
    SHARED.with(|s| s.borrow_mut().take());
}

/// Puts `scene`'s lines in `mesh` with `material`, replacing what it held.
pub fn fill(mesh: &mut Gd<ImmediateMesh>, material: &Gd<StandardMaterial3D>, scene: &DrawScene) {
    mesh.clear_surfaces();
    if scene.lines.is_empty() {
        return;
    }
    mesh.surface_begin_ex(PrimitiveType::LINES)
        .material(material)
        .done();
    for line in &scene.lines {
        mesh.surface_set_color(line.color);
        mesh.surface_add_vertex(line.from);
        mesh.surface_set_color(line.color);
        mesh.surface_add_vertex(line.to);
    }
    mesh.surface_end();
}
