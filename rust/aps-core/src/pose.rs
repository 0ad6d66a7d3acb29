//! Where a perceiver stands and which way it looks (its eyes, in world space).

use glam::Vec3;

/// Where the perceiver is and which way it looks, for proximity and episodes.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Pose {
    pub position: Vec3,
    /// Unit vector the AI faces.
    pub forward: Vec3,
}
