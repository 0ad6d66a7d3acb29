//! `ApsPerceptionComponent2D`, the 2D perception component: the same parts as the 3D one, on a
//! `Node2D`, with positions in pixels mapped onto the core's plane (see `dim`).

use super::prelude::*;

/// The gaze's choices in this kind of scene (see `gaze`).
type Gaze = crate::gaze::Gaze2D;

super::perception_component!(
    ApsPerceptionComponent2D,
    INode2D,
    Node2D,
    Vector2,
    D2,
    Two,
    DebugDraw2D,
    true,
    "\n\nIn 2D: positions and velocities are [Vector2] in pixels, distances in pixels (`aps/2d/pixels_per_meter` turns them into the profile's metres).",
    /// Gives a 2D game's AI the same perception as [ApsPerceptionComponent]: it sees, hears,
    /// smells and feels targets, believes in them with a confidence, moves each through the
    /// seven states and tells you with the same signals, calls and constants.
    ///
    /// Put it under the AI's body (for example a [CharacterBody2D]) where its eyes are: its
    /// global transform is the eye, looking along the axis its [member gaze] names (+X by
    /// default; turn it with `rotation`) or, for a body that is flipped rather than turned, the
    /// way the body moves. Give it an
    /// [ApsProfile]: the same resource a 3D AI uses, in metres. Positions, velocities and
    /// distances in this class's calls and signals are in pixels: the project setting
    /// `aps/2d/pixels_per_meter` (100 by default, as Godot's default 2D gravity of 980 px/s²
    /// stands for 9.8 m/s²) turns them into the profile's metres and back. The level is the
    /// ground, everything at one height: a cone (vision's, the echolocation pulse's) is a
    /// sector of the plane with the same half angle and a range a circle; no profile setting
    /// is about height, so each means here what it means in 3D.
    ///
    /// Every [CharacterBody2D] is perceivable automatically; anything else gets an
    /// [ApsTargetComponent2D]. Its rays go through the [World2D]'s physics; sounds, damage,
    /// light zones and wind in 2D are the `ApsWorld` calls ending in `_2d`. Perception runs on
    /// the physics tick every Base Update Interval, scaled by its level of detail (the viewer
    /// is the current [Camera2D]); your script decides what to do.
);

/// The choices of [member ApsPerceptionComponent2D.gaze], for scripts.
#[godot_api(secondary)]
impl ApsPerceptionComponent2D {
    /// Gaze along the component's +X, Godot's 2D forward.
    #[constant]
    pub const GAZE_RIGHT: i64 = Gaze::Right as i64;
    /// Gaze along the component's -X.
    #[constant]
    pub const GAZE_LEFT: i64 = Gaze::Left as i64;
    /// Gaze the way the body moves.
    #[constant]
    pub const GAZE_MOVEMENT: i64 = Gaze::Movement as i64;
    /// Gaze along the component's -Y, up the screen.
    #[constant]
    pub const GAZE_UP: i64 = Gaze::Up as i64;
    /// Gaze along the component's +Y, down the screen.
    #[constant]
    pub const GAZE_DOWN: i64 = Gaze::Down as i64;
}
