//! Debug drawing of what one AI perceives and believes, from Godot primitives: two
//! `MeshInstance3D`s and a pool of `Label3D`s, internal children of the component. They are made
//! the first time the AI is drawn and kept: turning drawing off hides them and turning it on
//! again shows them, so a game, or the debugger's tab, may toggle drawing every frame without a
//! node made or freed. What every AI draws alike is made once and shared ([`shared`]): the lines'
//! material and the mesh of the cones and ranges of each shape of profile, which ride with the
//! eyes. The rays, whereabouts, sounds and labels are redrawn in world space after each pass,
//! from what it noted; between passes a frame costs nothing.
//!
//! Labels are most of the cost: Godot shapes a label's text (and keeps its glyphs, tens of
//! kilobytes) when the text changes, so a label's text is set only when it changes, and a label
//! no longer needed is hidden with no text rather than freed, until a later pass needs it.
//!
//! The shapes are made in [`scene`]; this file only turns them into nodes.

mod drawn;
pub mod flags;
pub mod scene;
mod shared;
mod two;

pub use shared::release as release_shared;
pub use two::DebugDraw2D;

use drawn::Drawn;
use godot::classes::label_3d::AlphaCutMode;
use godot::classes::node::InternalMode;
use godot::classes::{ImmediateMesh, Label3D, MeshInstance3D, Node, Node3D};
use godot::prelude::*;
use scene::DrawScene;

/// One AI's debug drawing, the same calls for the 3D drawing (nodes under the component) and
/// the 2D one (canvas items), so a component draws with either.
pub trait Drawing: Sized {
    /// The node the drawing is made for.
    type Owner: GodotClass;
    /// Makes the drawing for `owner`.
    fn new(owner: &mut Gd<Self::Owner>) -> Self;
    /// Frees what it made.
    fn free(self);
    /// What the last frame drew (nothing while hidden).
    #[must_use]
    fn counts(&self) -> DrawCounts;
    /// Whether it is shown.
    #[must_use]
    fn is_shown(&self) -> bool;
    /// Whether what it made is still there: a script may free a node's internal children.
    #[must_use]
    fn is_intact(&self) -> bool;
    /// Shows or hides it, keeping what it holds for when it is shown again.
    fn set_shown(&mut self, shown: bool);
    /// Whether what it shows is older than the frame at `now` with these flags.
    #[must_use]
    fn is_stale(&self, flags: u32, now: f64) -> bool;
    /// Draws the cones and ranges of `shape` (range, main and peripheral half angles, hearing
    /// range) if they changed, from the scene `make` gives.
    fn draw_cones(&mut self, flags: u32, shape: [f32; 4], make: impl FnOnce() -> DrawScene);
    /// Draws `scene`, what the last pass found, as of `now`.
    fn draw(&mut self, owner: &mut Gd<Self::Owner>, flags: u32, now: f64, scene: &DrawScene);
}

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
    /// What the last pass found, in world space.
    lines: Gd<MeshInstance3D>,
    mesh: Gd<ImmediateMesh>,
    /// The cones and ranges, riding with the eyes: a shared mesh, or none.
    cones: Gd<MeshInstance3D>,
    state: Drawn,
    labels: Vec<Label>,
    /// How many of `labels` the last redraw showed; the rest are hidden and hold no text.
    used: usize,
}

/// One label, with the text and colour it shows (setting either reshapes it).
struct Label {
    node: Gd<Label3D>,
    text: String,
    color: Color,
}

impl Drawing for DebugDraw {
    type Owner = Node3D;

    /// Makes the drawing's nodes under `owner`, as internal children the scene never saves.
    fn new(owner: &mut Gd<Node3D>) -> Self {
        // What the last pass found is drawn in world space; the cones ride with the eyes.
        let mesh = ImmediateMesh::new_gd();
        let mut lines = internal_mesh(owner, "ApsDebugLines", true);
        lines.set_mesh(&mesh);
        lines.set_transform(Transform3D::IDENTITY);
        let cones = internal_mesh(owner, "ApsDebugCones", false);
        DebugDraw {
            lines,
            mesh,
            cones,
            state: Drawn::default(),
            labels: Vec::new(),
            used: 0,
        }
    }

    /// Frees the drawing's nodes.
    fn free(self) {
        for mut mesh in [self.lines, self.cones] {
            if mesh.is_instance_valid() {
                mesh.queue_free();
            }
        }
        for mut label in self.labels {
            if label.node.is_instance_valid() {
                label.node.queue_free();
            }
        }
    }

    /// What the last frame drew (nothing while hidden).
    fn counts(&self) -> DrawCounts {
        self.state.counts()
    }

    /// Whether it is shown.
    fn is_shown(&self) -> bool {
        self.state.is_shown()
    }

    /// Whether its meshes are still there: a script may free a node's internal children.
    fn is_intact(&self) -> bool {
        self.lines.is_instance_valid() && self.cones.is_instance_valid()
    }

    /// Shows or hides every node, keeping what they hold for when they are shown again.
    fn set_shown(&mut self, shown: bool) {
        if !self.state.set_shown(shown) {
            return;
        }
        let used = self.labels.iter_mut().take(self.used).map(|l| &mut l.node);
        for node in [&mut self.lines, &mut self.cones] {
            if node.is_instance_valid() {
                node.set_visible(shown);
            }
        }
        for node in used {
            if node.is_instance_valid() {
                node.set_visible(shown);
            }
        }
    }

    /// Whether what was drawn from (`flags`, the AI's perception time `now`) is out of date.
    fn is_stale(&self, flags: u32, now: f64) -> bool {
        self.state.is_stale(flags, now)
    }

    /// Puts up the cones and ranges of `shape` (the vision range, cone half angles and hearing
    /// range) for `flags`, if they changed: the shared mesh of that shape, made by `make` the
    /// first time any AI draws it.
    fn draw_cones(&mut self, flags: u32, shape: [f32; 4], make: impl FnOnce() -> DrawScene) {
        if !self.cones.is_instance_valid() {
            return;
        }
        match self.state.cones_changed(flags, shape) {
            Some(true) => {
                let (mesh, lines) = shared::cones(shape.map(f32::to_bits), make);
                self.cones.set_mesh(&mesh);
                self.state.drew_cones(lines);
            }
            Some(false) => {
                self.cones.set_mesh(Gd::null_arg());
                self.state.drew_cones(0);
            }
            None => {}
        }
    }

    /// Redraws the rays, marks and labels from `scene` (made after the pass at `now`), `owner`
    /// holding the labels.
    fn draw(&mut self, owner: &mut Gd<Node3D>, flags: u32, now: f64, scene: &DrawScene) {
        if !self.lines.is_instance_valid() {
            return;
        }
        // Top level: its own transform is its place in the world, in the tree yet or not.
        self.lines.set_transform(Transform3D::IDENTITY);
        shared::fill(&mut self.mesh, &shared::material(), scene);
        let before = self.labels.len();
        self.labels.retain(|l| l.node.is_instance_valid());
        if self.labels.len() != before {
            // Some were freed under it: the rest are hidden, then shown anew as needed.
            for label in &mut self.labels {
                label.node.set_visible(false);
            }
            self.used = 0;
        }
        while self.labels.len() < scene.labels.len() {
            let node = new_label(owner);
            self.labels.push(Label {
                node,
                text: String::new(),
                color: Color::WHITE,
            });
        }
        for (i, label) in self.labels.iter_mut().enumerate() {
            match scene.labels.get(i) {
                Some(mark) => {
                    if label.text != mark.text {
                        label.node.set_text(&mark.text);
                        label.text.clone_from(&mark.text);
                    }
                    if label.color != mark.color {
                        label.node.set_modulate(mark.color);
                        label.color = mark.color;
                    }
                    label.node.set_position(mark.at);
                    if i >= self.used {
                        label.node.set_visible(true);
                    }
                }
                // No longer needed: hidden, and its glyphs let go until a pass needs it again.
                None if i < self.used => {
                    label.node.set_visible(false);
                    label.node.set_text("");
                    label.text.clear();
                }
                None => {}
            }
        }
        self.used = scene.labels.len();
        self.state.drew(flags, now, scene);
    }
}

/// A label as debug drawing shows one, added under `owner`: over everything, facing the
/// camera, the same size on screen at any distance, and hidden until a redraw gives it text.
fn new_label(owner: &mut Gd<Node3D>) -> Gd<Label3D> {
    use godot::classes::base_material_3d::BillboardMode;
    use godot::classes::label_3d::DrawFlags;
    let mut l = Label3D::new_alloc();
    // Added before it is set up: a label shapes its text when it enters the tree unless a
    // reshape is already queued, and one queued before the child is added would run first and
    // leave the entry to shape it all again.
    add_internal(owner, &l.clone().upcast());
    l.set_name("ApsDebugLabel");
    l.set_billboard_mode(BillboardMode::ENABLED);
    l.set_draw_flag(DrawFlags::DISABLE_DEPTH_TEST, true);
    l.set_draw_flag(DrawFlags::FIXED_SIZE, true);
    l.set_alpha_cut_mode(AlphaCutMode::DISABLED);
    l.set_pixel_size(0.0014);
    l.set_font_size(20);
    l.set_outline_size(6);
    l.set_as_top_level(true);
    l.set_visible(false);
    l
}

/// A `MeshInstance3D` with no mesh yet, added under `owner` as an internal child.
fn internal_mesh(owner: &mut Gd<Node3D>, name: &str, top_level: bool) -> Gd<MeshInstance3D> {
    let mut node = MeshInstance3D::new_alloc();
    node.set_name(name);
    node.set_as_top_level(top_level);
    node.set_cast_shadows_setting(godot::classes::geometry_instance_3d::ShadowCastingSetting::OFF);
    add_internal(owner, &node.clone().upcast());
    node
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
