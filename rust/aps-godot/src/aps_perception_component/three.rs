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
    /// Put it where the AI's eyes are, under the node that turns with its head (the model, a head
    /// bone's attachment, its camera; under its body if the body itself turns): its global
    /// transform is the eye, looking along the axis its [member gaze] names (-Z by default, +Z
    /// for a model's front) or the way its body moves. Give it an [ApsProfile]. Perception runs on the
    /// physics tick every Base Update Interval (0.1 s by default, scaled by the AI's level of
    /// detail: an idle AI perceives every other interval), not every frame, so signals can
    /// arrive up to that late. It never perceives its own body. Your script decides what to do;
    /// APS never moves the AI.
    ///
    /// Every AI starts on team 1 ([member team_id]) and other AI see its body on that team, so AI
    /// are Teammates and a target on no team (the player) is their enemy. A profile's Sides
    /// settings decide who is perceived at all: the hostile presets leave out friendlies, so two
    /// guards never raise signals about each other. Where a profile perceives them, teammates and
    /// friends go through the states like anyone, but they never become the top or attention
    /// target, raise awareness, or keep the AI from its all_clear.
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
