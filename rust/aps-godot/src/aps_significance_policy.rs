//! `ApsSignificancePolicy`: replace the level-of-detail significance score with your own
//! (spec section 12, "Replace the score with your own APS Significance Policy").

use godot::classes::{IResource, Node3D, Resource};
use godot::prelude::*;

/// Decides how significant each AI is (0..1), which picks how often it perceives: 0.75 and up
/// every interval, 0.50 every 2, 0.30 every 5, 0.15 every 20, below that suspended.
///
/// Extend it in GDScript, override [method _score], and set an instance as
/// [member ApsWorld.significance_policy]. Without one, APS scores
/// `0.6 × (1 − distance / 300 m) + 0.55 if Suspicious or more + 0.25 × awareness / 4`.
#[derive(GodotClass)]
#[class(tool, init, base = Resource)]
pub struct ApsSignificancePolicy {
    base: Base<Resource>,
}

#[godot_api]
impl IResource for ApsSignificancePolicy {}

#[godot_api]
impl ApsSignificancePolicy {
    /// The significance of the AI whose perception component is `perceiver`, `distance`
    /// metres from the nearest viewer (0 with none), at `awareness` (an AWARENESS_* value).
    /// The default is APS's own formula. An [ApsPerceptionComponent2D] is passed as null (the
    /// parameter is a [Node3D]); its `distance` is in metres too, from the current [Camera2D].
    #[func(virtual, gd_self)]
    fn score(
        _this: Gd<Self>,
        _perceiver: Option<Gd<Node3D>>,
        distance: f32,
        awareness: i32,
    ) -> f32 {
        default_score(distance, awareness)
    }
}

/// APS's own significance formula.
#[must_use]
pub fn default_score(distance: f32, awareness: i32) -> f32 {
    let level = aps_core::AwarenessLevel::for_index(awareness);
    aps_core::crowd::lod::significance(distance, level)
}

/// Asks `policy` for a score, falling back to the formula on a bad answer.
#[must_use]
pub fn policy_score(
    policy: &Gd<ApsSignificancePolicy>,
    perceiver: Option<Gd<Node3D>>,
    distance: f32,
    awareness: i32,
) -> f32 {
    let s = ApsSignificancePolicy::score(policy.clone(), perceiver, distance, awareness);
    aps_core::crowd::lod::checked_significance(s, default_score(distance, awareness))
}
