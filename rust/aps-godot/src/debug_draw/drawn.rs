//! What a debug drawing was last made from and what it drew: the bookkeeping the 3D drawing
//! (nodes) and the 2D one (canvas items) share, so both redraw exactly when the other would.

use super::scene::DrawScene;
use super::DrawCounts;

/// The last cones, the last redraw, and what it drew.
#[derive(Debug, Default)]
pub struct Drawn {
    /// What the cones were made from, and with which flags.
    cones_key: Option<(u32, [u32; 4])>,
    /// What the last redraw was made from: the flags and the AI's perception time.
    drawn: Option<(u32, u64)>,
    counts: DrawCounts,
}

impl Drawn {
    /// What the last frame drew.
    #[must_use]
    pub fn counts(&self) -> DrawCounts {
        self.counts
    }

    /// Whether what was drawn from (`flags`, the AI's perception time `now`) is out of date.
    #[must_use]
    pub fn is_stale(&self, flags: u32, now: f64) -> bool {
        self.drawn != Some((flags, now.to_bits()))
    }

    /// The cones and ranges to draw from `shape` (the vision range, cone half angles and
    /// hearing range) and `flags`, made by `make`, if they changed since they were last made
    /// (empty when the flags leave the cones out); `None` when they did not.
    pub fn cones_to_draw(
        &mut self,
        flags: u32,
        shape: [f32; 4],
        make: impl FnOnce() -> DrawScene,
    ) -> Option<DrawScene> {
        let key = (flags, shape.map(f32::to_bits));
        if self.cones_key == Some(key) {
            return None;
        }
        self.cones_key = Some(key);
        let scene = if flags & super::flags::CONES != 0 {
            make()
        } else {
            DrawScene::default()
        };
        self.counts.cone_lines = scene.lines.len() as u32;
        Some(scene)
    }

    /// `scene`, made after the pass at `now` with `flags`, has been drawn.
    pub fn drew(&mut self, flags: u32, now: f64, scene: &DrawScene) {
        self.drawn = Some((flags, now.to_bits()));
        self.counts = DrawCounts {
            green_rays: scene.green_rays,
            red_rays: scene.red_rays,
            labels: scene.labels.len() as u32,
            lines: scene.lines.len() as u32,
            circles: scene.circles,
            cone_lines: self.counts.cone_lines,
        };
    }
}
