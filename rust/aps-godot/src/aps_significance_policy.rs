//! `ApsSignificancePolicy`: replace the level-of-detail significance score with your own
//! (spec section 12, "Replace the score with your own APS Significance Policy").

use crate::dim::Spatial;
use godot::classes::{IResource, Node2D, Node3D, Resource};
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
    /// The default is APS's own formula. A 2D AI is scored by [method _score_2d] instead.
    #[func(virtual, gd_self)]
    fn score(
        _this: Gd<Self>,
        _perceiver: Option<Gd<Node3D>>,
        distance: f32,
        awareness: i32,
    ) -> f32 {
        default_score(distance, awareness)
    }

    /// The significance of a 2D AI, whose [ApsPerceptionComponent2D] is `perceiver`:
    /// `distance` is in metres too (pixels over `aps/2d/pixels_per_meter`), from the current
    /// [Camera2D]. The default asks [method _score] with a null perceiver, so a policy written
    /// for 3D scores 2D AI by distance and awareness alike.
    #[func(virtual, gd_self)]
    fn score_2d(
        this: Gd<Self>,
        _perceiver: Option<Gd<Node2D>>,
        distance: f32,
        awareness: i32,
    ) -> f32 {
        Self::score(this, None, distance, awareness)
    }
}

/// APS's own significance formula.
#[must_use]
pub fn default_score(distance: f32, awareness: i32) -> f32 {
    let level = aps_core::AwarenessLevel::for_index(awareness);
    aps_core::crowd::lod::significance(distance, level)
}

/// Asks `policy` for the score of the perceiver `perceiver` (a 3D or a 2D one, or gone: then
/// as a 3D one with no node), falling back to the formula on a bad answer.
#[must_use]
pub fn policy_score(
    policy: &Gd<ApsSignificancePolicy>,
    perceiver: Option<Spatial>,
    distance: f32,
    awareness: i32,
) -> f32 {
    let p = policy.clone();
    let s = match perceiver {
        Some(Spatial::Two(node)) => {
            ApsSignificancePolicy::score_2d(p, Some(node), distance, awareness)
        }
        Some(Spatial::Three(node)) => {
            ApsSignificancePolicy::score(p, Some(node), distance, awareness)
        }
        None => ApsSignificancePolicy::score(p, None, distance, awareness),
    };
    aps_core::crowd::lod::checked_significance(s, default_score(distance, awareness))
}
