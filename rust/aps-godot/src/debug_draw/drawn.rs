//! What a debug drawing was last made from and what it drew: the bookkeeping the 3D drawing
//! (nodes) and the 2D one (canvas items) share, so both redraw exactly when the other would.

use super::scene::DrawScene;
use super::DrawCounts;

/// The last cones, the last redraw, what it drew, and whether it is shown.
#[derive(Debug, Default)]
pub struct Drawn {
    /// What the cones were made from, and with which flags.
    cones_key: Option<(u32, [u32; 4])>,
    /// What the last redraw was made from: the flags and the AI's perception time.
    drawn: Option<(u32, u64)>,
    counts: DrawCounts,
    /// Hidden, the drawing keeps what it drew for when it is shown again.
    shown: bool,
}

impl Drawn {
    /// What the last frame drew (nothing while hidden).
    #[must_use]
    pub fn counts(&self) -> DrawCounts {
        if self.shown {
            self.counts
        } else {
            DrawCounts::default()
        }
    }

    /// Whether the drawing is shown.
    #[must_use]
    pub fn is_shown(&self) -> bool {
        self.shown
    }

    /// Shows or hides the drawing; whether that changed anything.
    pub fn set_shown(&mut self, shown: bool) -> bool {
        std::mem::replace(&mut self.shown, shown) != shown
    }

    /// Whether what was drawn from (`flags`, the AI's perception time `now`) is out of date.
    #[must_use]
    pub fn is_stale(&self, flags: u32, now: f64) -> bool {
        self.drawn != Some((flags, now.to_bits()))
    }

    /// Whether the cones and ranges of `shape` (the vision range, cone half angles and hearing
    /// range) must be drawn anew for `flags`: `Some(true)` to draw them, `Some(false)` to clear
    /// them (the flags leave them out), `None` when they are as last drawn. Follow with
    /// [`Drawn::drew_cones`].
    pub fn cones_changed(&mut self, flags: u32, shape: [f32; 4]) -> Option<bool> {
        let key = (flags, shape.map(f32::to_bits));
        if self.cones_key == Some(key) {
            return None;
        }
        self.cones_key = Some(key);
        Some(flags & super::flags::CONES != 0)
    }

    /// The cones drawn hold `lines` segments.
    pub fn drew_cones(&mut self, lines: u32) {
        self.counts.cone_lines = lines;
    }

    /// The cones and ranges to draw from `shape` and `flags`, made by `make`, if they changed
    /// since they were last made (empty when the flags leave the cones out); `None` when they
    /// did not.
    pub fn cones_to_draw(
        &mut self,
        flags: u32,
        shape: [f32; 4],
        make: impl FnOnce() -> DrawScene,
    ) -> Option<DrawScene> {
        let scene = if self.cones_changed(flags, shape)? {
            make()
        } else {
            DrawScene::default()
        };
        self.drew_cones(scene.lines.len() as u32);
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
