//! `ApsPerceptionComponent`, the 3D perception component, made from the parts in this folder.

use super::prelude::*;

/// The gaze's choices in this kind of scene (see `gaze`).
type Gaze = crate::gaze::Gaze3D;

super::perception_component!(
    ApsPerceptionComponent,
    INode3D,
    Node3D,
    Vector3,
    D3,
    Three,
    DebugDraw,
    false,
    "",
    /// Gives the AI it is placed under human-like perception: it sees and hears targets, believes
    /// in them with a confidence, moves each through seven states, and tells you with signals.
    ///
    /// Put it under the AI's body (for example a [CharacterBody3D]) where its eyes are: its global
    /// transform is the eye, looking along -Z. Give it an [ApsProfile]. Perception runs on the
    /// physics tick every Base Update Interval (0.1 s by default, scaled by the AI's level of
    /// detail: an idle AI perceives every other interval), not every frame, so signals can
    /// arrive up to that late. It never perceives its own body. Your script decides what to do;
    /// APS never moves the AI.
    ///
    /// Teammates and friends (see team_id and the profile's team rules) are perceived and go
    /// through the states like anyone, so their signals fire too (check
    /// [method get_relationship] in a handler if that matters), but they never become the top or
    /// attention target, raise awareness, or keep the AI from its all_clear.
    ///
    /// In the editor it shows what its profile perceives as a gizmo (see the addon's README) and
    /// warns in the Scene dock of a missing profile, a missing body and profile mistakes.
);

/// The choices of [member ApsPerceptionComponent.gaze], for scripts.
#[godot_api(secondary)]
impl ApsPerceptionComponent {
    /// Gaze along the component's -Z, Godot's forward.
    #[constant]
    pub const GAZE_FORWARD: i64 = Gaze::Forward as i64;
    /// Gaze along the component's +Z, the way a model faces.
    #[constant]
    pub const GAZE_MODEL_FRONT: i64 = Gaze::ModelFront as i64;
    /// Gaze the way the body moves.
    #[constant]
    pub const GAZE_MOVEMENT: i64 = Gaze::Movement as i64;
}
