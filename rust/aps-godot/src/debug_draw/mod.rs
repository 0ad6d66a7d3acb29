//! Debug drawing of what one AI perceives and believes (issue 13), from Godot primitives: two
//! `MeshInstance3D`s with an `ImmediateMesh` each, and a pool of `Label3D`s, all internal
//! children of the component, made when drawing starts and freed when it stops: an AI that is
//! not drawn has none. The cones and ranges sit in the eyes' own space and are remade only when
//! the profile changes; the rays, whereabouts, sounds and labels are redrawn in world space
//! after each pass, from what it noted. Between passes a frame costs nothing.
//!
//! The shapes are made in [`scene`]; this file only turns them into nodes.

mod drawn;
pub mod flags;
pub mod scene;
mod two;

pub use two::DebugDraw2D;

use drawn::Drawn;
use godot::classes::base_material_3d::{Flags, ShadingMode, Transparency};
use godot::classes::label_3d::AlphaCutMode;
use godot::classes::mesh::PrimitiveType;
use godot::classes::node::InternalMode;
use godot::classes::{ImmediateMesh, Label3D, MeshInstance3D, Node, Node3D, StandardMaterial3D};
use godot::prelude::*;
use scene::DrawScene;

/// What the last frame drew, for tests and the debugger.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct DrawCounts {
    pub green_rays: u32,
    pub red_rays: u32,
    pub labels: u32,
    pub lines: u32,
    pub circles: u32,
    /// Segments of the cones and ranges.
    pub cone_lines: u32,
}

/// The nodes one AI's debug drawing lives in.
pub struct DebugDraw {
    lines: Gd<MeshInstance3D>,
    mesh: Gd<ImmediateMesh>,
    cones: Gd<MeshInstance3D>,
    cone_mesh: Gd<ImmediateMesh>,
    state: Drawn,
    material: Gd<StandardMaterial3D>,
    /// The labels, each with the text and colour it shows (setting a text reshapes it).
    labels: Vec<(Gd<Label3D>, String, Color)>,
}

impl DebugDraw {
    /// Makes the drawing's nodes under `owner`, as internal children the scene never saves.
    pub fn new(owner: &mut Gd<Node3D>) -> Self {
        let mut material = StandardMaterial3D::new_gd();
        material.set_shading_mode(ShadingMode::UNSHADED);
        material.set_flag(Flags::ALBEDO_FROM_VERTEX_COLOR, true);
        material.set_flag(Flags::DISABLE_DEPTH_TEST, true);
        material.set_transparency(Transparency::ALPHA);
        // What the last pass found is drawn in world space; the cones ride with the eyes.
        let (mut lines, mesh) = internal_mesh(owner, "ApsDebugLines", true);
        lines.set_transform(Transform3D::IDENTITY);
        let (cones, cone_mesh) = internal_mesh(owner, "ApsDebugCones", false);
        DebugDraw {
            lines,
            mesh,
            cones,
            cone_mesh,
            state: Drawn::default(),
            material,
            labels: Vec::new(),
        }
    }

    /// Frees the drawing's nodes.
    pub fn free(self) {
        for mesh in [&self.lines, &self.cones] {
            if mesh.is_instance_valid() {
                mesh.clone().upcast::<Node>().queue_free();
            }
        }
        for (l, _, _) in self.labels {
            if l.is_instance_valid() {
                l.upcast::<Node>().queue_free();
            }
        }
    }

    /// What the last frame drew.
    #[must_use]
    pub fn counts(&self) -> DrawCounts {
        self.state.counts()
    }

    /// Whether what was drawn from (`flags`, the AI's perception time `now`) is out of date.
    #[must_use]
    pub fn is_stale(&self, flags: u32, now: f64) -> bool {
        self.state.is_stale(flags, now)
    }

    /// Makes the cones and ranges from `key` (the flags and the vision range, cone half angles
    /// and hearing range), if they changed.
    pub fn draw_cones(&mut self, flags: u32, shape: [f32; 4], make: impl FnOnce() -> DrawScene) {
        if !self.cones.is_instance_valid() {
            return;
        }
        if let Some(scene) = self.state.cones_to_draw(flags, shape, make) {
            fill(&mut self.cone_mesh, &self.material, &scene);
        }
    }

    /// Redraws the rays, marks and labels from `scene` (made after the pass at `now`), `owner`
    /// holding the labels.
    pub fn draw(&mut self, owner: &mut Gd<Node3D>, flags: u32, now: f64, scene: &DrawScene) {
        if !self.lines.is_instance_valid() {
            return;
        }
        // Top level: its own transform is its place in the world, in the tree yet or not.
        self.lines.set_transform(Transform3D::IDENTITY);
        fill(&mut self.mesh, &self.material, scene);
        self.labels.retain(|(l, _, _)| l.is_instance_valid());
        while self.labels.len() < scene.labels.len() {
            let mut l = Label3D::new_alloc();
            l.set_name("ApsDebugLabel");
            l.set_billboard_mode(godot::classes::base_material_3d::BillboardMode::ENABLED);
            l.set_draw_flag(
                godot::classes::label_3d::DrawFlags::DISABLE_DEPTH_TEST,
                true,
            );
            l.set_draw_flag(godot::classes::label_3d::DrawFlags::FIXED_SIZE, true);
            l.set_alpha_cut_mode(AlphaCutMode::DISABLED);
            l.set_pixel_size(0.0014);
            l.set_font_size(20);
            l.set_outline_size(6);
            l.set_as_top_level(true);
            add_internal(owner, &l.clone().upcast());
            self.labels.push((l, String::new(), Color::WHITE));
        }
        for (i, (l, shown, color)) in self.labels.iter_mut().enumerate() {
            match scene.labels.get(i) {
                Some(mark) => {
                    if *shown != mark.text {
                        l.set_text(&mark.text);
                        shown.clone_from(&mark.text);
                    }
                    if *color != mark.color {
                        l.set_modulate(mark.color);
                        *color = mark.color;
                    }
                    l.set_position(mark.at);
                    l.set_visible(true);
                }
                None => l.set_visible(false),
            }
        }
        self.state.drew(flags, now, scene);
    }
}

/// A `MeshInstance3D` with an empty `ImmediateMesh`, added under `owner` as an internal child.
fn internal_mesh(
    owner: &mut Gd<Node3D>,
    name: &str,
    top_level: bool,
) -> (Gd<MeshInstance3D>, Gd<ImmediateMesh>) {
    let mesh = ImmediateMesh::new_gd();
    let mut node = MeshInstance3D::new_alloc();
    node.set_name(name);
    node.set_mesh(&mesh);
    node.set_as_top_level(top_level);
    node.set_cast_shadows_setting(godot::classes::geometry_instance_3d::ShadowCastingSetting::OFF);
    add_internal(owner, &node.clone().upcast());
    (node, mesh)
}

/// Adds `child` under `owner` as an internal child at the end of the frame: drawing runs with
/// the component bound, and adding a child now would run the game's `child_entered_tree`
/// handlers, which may call the component, while it is.
fn add_internal(owner: &mut Gd<Node3D>, child: &Gd<Node>) {
    owner.call_deferred(
        "add_child",
        &[
            child.to_variant(),
            false.to_variant(),
            InternalMode::BACK.ord().to_variant(),
        ],
    );
}

/// Puts `scene`'s lines in `mesh`, replacing what it held.
fn fill(mesh: &mut Gd<ImmediateMesh>, material: &Gd<StandardMaterial3D>, scene: &DrawScene) {
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
