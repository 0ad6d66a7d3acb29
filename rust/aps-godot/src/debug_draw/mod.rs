//! Debug drawing of what one AI perceives and believes (issue 13), from Godot primitives: one
//! `MeshInstance3D` whose `ImmediateMesh` holds every line, and a pool of `Label3D`s. Both are
//! internal children of the component, made when drawing starts and freed when it stops: an AI
//! that is not drawn has none. The lines are redrawn every physics frame, in world space, from
//! what the last pass noted.
//!
//! The shapes are made in [`scene`]; this file only turns them into nodes.

pub mod flags;
pub mod scene;

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
}

/// The nodes one AI's debug drawing lives in.
pub struct DebugDraw {
    lines: Gd<MeshInstance3D>,
    mesh: Gd<ImmediateMesh>,
    material: Gd<StandardMaterial3D>,
    labels: Vec<Gd<Label3D>>,
    counts: DrawCounts,
}

impl DebugDraw {
    /// Makes the drawing's nodes under `owner`, as internal children the scene never saves.
    pub fn new(owner: &mut Gd<Node3D>) -> Self {
        let mesh = ImmediateMesh::new_gd();
        let mut material = StandardMaterial3D::new_gd();
        material.set_shading_mode(ShadingMode::UNSHADED);
        material.set_flag(Flags::ALBEDO_FROM_VERTEX_COLOR, true);
        material.set_flag(Flags::DISABLE_DEPTH_TEST, true);
        material.set_transparency(Transparency::ALPHA);
        let mut lines = MeshInstance3D::new_alloc();
        lines.set_name("ApsDebugLines");
        lines.set_mesh(&mesh);
        lines.set_as_top_level(true);
        lines.set_cast_shadows_setting(
            godot::classes::geometry_instance_3d::ShadowCastingSetting::OFF,
        );
        owner
            .upcast_mut::<Node>()
            .add_child_ex(&lines)
            .internal(InternalMode::BACK)
            .done();
        lines.set_global_transform(Transform3D::IDENTITY);
        DebugDraw {
            lines,
            mesh,
            material,
            labels: Vec::new(),
            counts: DrawCounts::default(),
        }
    }

    /// Frees the drawing's nodes.
    pub fn free(self) {
        if self.lines.is_instance_valid() {
            self.lines.clone().upcast::<Node>().queue_free();
        }
        for l in self.labels {
            if l.is_instance_valid() {
                l.upcast::<Node>().queue_free();
            }
        }
    }

    /// What the last frame drew.
    #[must_use]
    pub fn counts(&self) -> DrawCounts {
        self.counts
    }

    /// Redraws everything from `scene`, `owner` holding the labels.
    pub fn draw(&mut self, owner: &mut Gd<Node3D>, scene: &DrawScene) {
        if !self.lines.is_instance_valid() {
            return;
        }
        self.lines.set_global_transform(Transform3D::IDENTITY);
        self.mesh.clear_surfaces();
        if !scene.lines.is_empty() {
            self.mesh
                .surface_begin_ex(PrimitiveType::LINES)
                .material(&self.material)
                .done();
            for line in &scene.lines {
                self.mesh.surface_set_color(line.color);
                self.mesh.surface_add_vertex(line.from);
                self.mesh.surface_set_color(line.color);
                self.mesh.surface_add_vertex(line.to);
            }
            self.mesh.surface_end();
        }
        self.labels.retain(|l| l.is_instance_valid());
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
            l.set_pixel_size(0.0008);
            l.set_font_size(18);
            l.set_outline_size(6);
            l.set_as_top_level(true);
            owner
                .upcast_mut::<Node>()
                .add_child_ex(&l)
                .internal(InternalMode::BACK)
                .done();
            self.labels.push(l);
        }
        for (i, l) in self.labels.iter_mut().enumerate() {
            match scene.labels.get(i) {
                Some(text) => {
                    l.set_text(&text.text);
                    l.set_modulate(text.color);
                    l.set_global_position(text.at);
                    l.set_visible(true);
                }
                None => l.set_visible(false),
            }
        }
        self.counts = DrawCounts {
            green_rays: scene.green_rays,
            red_rays: scene.red_rays,
            labels: scene.labels.len() as u32,
            lines: scene.lines.len() as u32,
            circles: scene.circles,
        };
    }
}
