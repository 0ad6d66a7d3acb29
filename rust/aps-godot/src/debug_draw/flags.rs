//! What debug drawing shows, as bit flags: the `debug_draw` property of a perception component
//! and the `DRAW_*` constants scripts use.

/// The vision cones and the ranges of vision and hearing.
pub const CONES: u32 = 1;
/// Each vision ray of the last pass: green where it reached its sample point, red where it was
/// blocked, at what blocked it.
pub const RAYS: u32 = 2;
/// Over each believed target: its state, confidence and dominant sense.
pub const LABELS: u32 = 4;
/// The last known and predicted positions and the uncertainty circle.
pub const WHEREABOUTS: u32 = 8;
/// Why a lost target was lost, where it was lost.
pub const LOSS: u32 = 16;
/// Sounds as they are heard.
pub const SOUNDS: u32 = 32;
/// Scent trails of believed targets.
pub const SCENT: u32 = 64;
/// A line to the attention target.
pub const ATTENTION: u32 = 128;
/// Everything.
pub const ALL: u32 = 255;
