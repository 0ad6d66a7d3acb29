//! Debug drawing of a 2D AI (`ApsPerceptionComponent2D`): the same shapes as in 3D (made in
//! [`super::scene`] in the core's space), drawn on the 2D canvas through two canvas items of the
//! rendering server, one riding with the eyes for the cones and one in canvas space for the
//! rest, and the labels written with the default font. Made when the AI is first drawn and
//! kept, hidden while drawing is off, like the 3D drawing's nodes; no node is added to the scene.

use super::drawn::Drawn;
use super::scene::DrawScene;
use super::{DrawCounts, Drawing};
use crate::convert::to_vec3;
use crate::dim::{pixels_per_meter, to_pixels};
use godot::classes::{Node2D, RenderingServer, ThemeDb};
use godot::prelude::*;

/// Drawn above the level's own sprites.
const Z_INDEX: i32 = 4000;

/// Label text size, in pixels.
const FONT_SIZE: i32 = 14;

/// How far a label stands off the point it names, in pixels.
const LABEL_CLEARANCE: f32 = 24.0;

/// One 2D AI's debug drawing.
pub struct DebugDraw2D {
    /// In canvas space: rays, marks, labels.
    lines: Rid,
    /// A child of the component's canvas item: the cones and ranges, in the eyes' space.
    cones: Rid,
    state: Drawn,
}

impl Drawing for DebugDraw2D {
    type Owner = Node2D;

    /// Makes the drawing's canvas items for `owner`.
    fn new(owner: &mut Gd<Node2D>) -> Self {
        let mut rs = RenderingServer::singleton();
        let lines = rs.canvas_item_create();
        let cones = rs.canvas_item_create();
        rs.canvas_item_set_parent(lines, owner.get_canvas());
        rs.canvas_item_set_parent(cones, owner.get_canvas_item());
        for item in [lines, cones] {
            rs.canvas_item_set_z_index(item, Z_INDEX);
        }
        DebugDraw2D {
            lines,
            cones,
            state: Drawn::default(),
        }
    }

    /// Frees the drawing's canvas items.
    fn free(self) {
        let mut rs = RenderingServer::singleton();
        rs.free_rid(self.lines);
        rs.free_rid(self.cones);
    }

    /// What the last frame drew (nothing while hidden).
    fn counts(&self) -> DrawCounts {
        self.state.counts()
    }

    /// Whether it is shown.
    fn is_shown(&self) -> bool {
        self.state.is_shown()
    }

    /// Whether its canvas items are still there: always, no script can free them.
    fn is_intact(&self) -> bool {
        true
    }

    /// Shows or hides its canvas items, keeping what they hold for when they are shown again.
    fn set_shown(&mut self, shown: bool) {
        if self.state.set_shown(shown) {
            let mut rs = RenderingServer::singleton();
            rs.canvas_item_set_visible(self.lines, shown);
            rs.canvas_item_set_visible(self.cones, shown);
        }
    }

    /// Whether what was drawn from (`flags`, the AI's perception time `now`) is out of date.
    fn is_stale(&self, flags: u32, now: f64) -> bool {
        self.state.is_stale(flags, now)
    }

    /// Draws the cones and ranges from `shape` (see `DebugDraw::draw_cones`), if they changed.
    /// They are made in the eyes' space looking along -Z; in 2D the eyes look along +X.
    fn draw_cones(&mut self, flags: u32, shape: [f32; 4], make: impl FnOnce() -> DrawScene) {
        let Some(scene) = self.state.cones_to_draw(flags, shape, make) else {
            return;
        };
        let mut rs = RenderingServer::singleton();
        rs.canvas_item_clear(self.cones);
        let s = pixels_per_meter();
        let local = |v: Vector3| Vector2::new(-v.z * s, v.x * s);
        for line in &scene.lines {
            rs.canvas_item_add_line(self.cones, local(line.from), local(line.to), line.color);
        }
    }

    /// Redraws the rays, marks and labels from `scene` (made after the pass at `now`).
    fn draw(&mut self, _owner: &mut Gd<Node2D>, flags: u32, now: f64, scene: &DrawScene) {
        let mut rs = RenderingServer::singleton();
        rs.canvas_item_clear(self.lines);
        let at = |v: Vector3| to_pixels(to_vec3(v));
        for line in &scene.lines {
            rs.canvas_item_add_line(self.lines, at(line.from), at(line.to), line.color);
        }
        if let Some(font) = ThemeDb::singleton().get_fallback_font() {
            let line_height = FONT_SIZE as f32 + 2.0;
            for mark in &scene.labels {
                // Above and beside the point, its last line clear of the target's own disc.
                let lines = mark.text.lines().count().max(1) as f32;
                let spot = at(mark.at);
                let mut y = spot.y - LABEL_CLEARANCE - (lines - 1.0) * line_height;
                for text in mark.text.lines() {
                    font.draw_string_ex(
                        self.lines,
                        Vector2::new(spot.x + LABEL_CLEARANCE, y),
                        text,
                    )
                    .font_size(FONT_SIZE)
                    .modulate(mark.color)
                    .done();
                    y += line_height;
                }
            }
        }
        self.state.drew(flags, now, scene);
    }
}
