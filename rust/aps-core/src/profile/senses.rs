//! Each sense's own settings block (spec section 1: confidence already accounts for distance,
//! angle, light, cover, speed and the sense's own quirks).

use serde::{Deserialize, Serialize};

/// Sight: a range, a main cone and a wider peripheral cone, rays to sample points.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct VisionSettings {
    /// Whether this AI sees at all.
    pub enabled: bool,
    /// Metres beyond which nothing is seen.
    pub max_range: f32,
    /// Half-angle in degrees of the main cone, where sight is sharpest.
    pub main_cone_half_angle: f32,
    /// Half-angle in degrees of the peripheral cone around it; equal to the main cone turns
    /// peripheral sight off.
    pub peripheral_half_angle: f32,
    /// Confidence multiplier just outside the main cone; it halves toward the peripheral edge.
    pub peripheral_factor: f32,
    /// Confidence for a target in full view, point-blank, in bright light.
    pub acuity: f32,
    /// Light factor in total darkness (1 in full light); a dark target is harder to see.
    pub dark_visibility: f32,
    /// How much more visible a target moving at 6 m/s or faster is, as a fraction.
    pub motion_bonus: f32,
    /// Confidence below which a look counts as seeing nothing.
    pub min_confidence: f32,
    /// Most sample points looked at per target (one ray each).
    pub max_rays_per_target: u32,
    /// Physics layers that block sight.
    pub collision_mask: u32,
}

impl Default for VisionSettings {
    fn default() -> Self {
        VisionSettings {
            enabled: true,
            max_range: 40.0,
            main_cone_half_angle: 45.0,
            peripheral_half_angle: 80.0,
            peripheral_factor: 0.4,
            acuity: 0.92,
            dark_visibility: 0.15,
            motion_bonus: 0.15,
            min_confidence: 0.03,
            max_rays_per_target: 3,
            collision_mask: 1,
        }
    }
}

/// Hearing: sounds within range, fading with distance, muffled by walls.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HearingSettings {
    /// Whether this AI hears at all.
    pub enabled: bool,
    /// Metres beyond which no sound is heard, however loud.
    pub max_range: f32,
    /// Multiplies every sound's confidence: a sharp-eared AI has more than 1.
    pub sensitivity: f32,
    /// Factor a wall between the sound and the listener leaves of it (one ray).
    pub wall_muffle_factor: f32,
    /// Seconds a heard sound keeps ringing, fading, before it counts as silence.
    pub sound_hold_time: f32,
    /// Confidence below which a sound counts as not heard.
    pub min_confidence: f32,
    /// Physics layers that muffle sound.
    pub occlusion_mask: u32,
}

impl Default for HearingSettings {
    fn default() -> Self {
        HearingSettings {
            enabled: true,
            max_range: 40.0,
            sensitivity: 1.0,
            wall_muffle_factor: 0.5,
            sound_hold_time: 1.0,
            min_confidence: 0.02,
            occlusion_mask: 1,
        }
    }
}
