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
    /// How much a downpour masks sound, 0..1.
    pub rain_masking: f32,
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
            rain_masking: 0.5,
        }
    }
}

/// Smell: scent trails within range, carried further downwind, masked by rain.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SmellSettings {
    /// Whether this AI smells (a guard dog does; a guard usually doesn't).
    pub enabled: bool,
    /// Metres at which a fresh scent is smelled with no wind.
    pub range: f32,
    /// Multiplies every scent's confidence.
    pub sensitivity: f32,
    /// How much each m/s of wind stretches the range downwind (and shrinks it upwind).
    pub wind_range_factor: f32,
    /// How much a downpour masks scent, 0..1.
    pub rain_masking: f32,
    /// Confidence below which a scent counts as not smelled.
    pub min_confidence: f32,
}

impl Default for SmellSettings {
    fn default() -> Self {
        SmellSettings {
            enabled: false,
            range: 12.0,
            sensitivity: 1.0,
            wind_range_factor: 0.1,
            rain_masking: 0.7,
            min_confidence: 0.02,
        }
    }
}

/// Touch: contact with bodies within reach, or contact the game reports.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TouchSettings {
    pub enabled: bool,
    /// Metres from the AI's body within which another body counts as touching it.
    pub reach: f32,
    /// Seconds a reported touch keeps counting.
    pub contact_hold_time: f32,
}

impl Default for TouchSettings {
    fn default() -> Self {
        TouchSettings {
            enabled: true,
            reach: 0.8,
            contact_hold_time: 0.3,
        }
    }
}

/// Vibration: a target moving on the ground nearby.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct VibrationSettings {
    pub enabled: bool,
    /// Metres within which ground vibration is felt.
    pub vibration_detect_range: f32,
    /// Speed in m/s below which a target makes no vibration.
    pub min_speed: f32,
    /// Speed in m/s at which a target shakes the ground fully.
    pub full_speed: f32,
    /// Multiplies every vibration's confidence.
    pub sensitivity: f32,
}

impl Default for VibrationSettings {
    fn default() -> Self {
        VibrationSettings {
            enabled: false,
            vibration_detect_range: 15.0,
            min_speed: 0.5,
            full_speed: 6.0,
            sensitivity: 1.0,
        }
    }
}

/// Damage: being hurt reveals who did it, from any distance.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DamageSettings {
    pub enabled: bool,
    /// Confidence in the attacker when hit (the spec: being shot is around 1.0).
    pub confidence: f32,
    /// Seconds a hit keeps counting as sensed.
    pub hold_time: f32,
}

impl Default for DamageSettings {
    fn default() -> Self {
        DamageSettings {
            enabled: true,
            confidence: 1.0,
            hold_time: 0.5,
        }
    }
}

/// Pain: the AI's own pain from damage taken, which dulls its other senses while high.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PainSettings {
    pub enabled: bool,
    /// Pain added per point of damage (0.01: 100 damage is full pain).
    pub pain_per_damage: f32,
    /// Pain lost per second.
    pub decay_rate: f32,
    /// Pain above which the other senses are dulled.
    pub dulling_threshold: f32,
    /// At full pain, the other senses keep `1 − dulling_factor` of their confidence.
    pub dulling_factor: f32,
    /// Least change of pain that fires the pain event.
    pub event_step: f32,
}

impl Default for PainSettings {
    fn default() -> Self {
        PainSettings {
            enabled: true,
            pain_per_damage: 0.01,
            decay_rate: 0.05,
            dulling_threshold: 0.3,
            dulling_factor: 1.0,
            event_step: 0.05,
        }
    }
}

/// Echolocation: pulses of rays, blind to light; a target the pulse misses is gone at once.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EcholocationSettings {
    pub enabled: bool,
    /// Metres the pulse reaches.
    pub echo_range: f32,
    /// Seconds between pulses; between them the last echo holds.
    pub pulse_interval: f32,
    /// Half-angle in degrees of the pulse (180: a sphere).
    pub half_angle: f32,
    /// Confidence of an echo from point-blank.
    pub strength: f32,
    /// Physics layers that return an echo.
    pub collision_mask: u32,
}

impl Default for EcholocationSettings {
    fn default() -> Self {
        EcholocationSettings {
            enabled: false,
            echo_range: 20.0,
            pulse_interval: 0.5,
            half_angle: 180.0,
            strength: 0.9,
            collision_mask: 1,
        }
    }
}
