//! `ApsProfile`: every setting, grouped as the spec groups them, with ranges, units and
//! tooltips, and what the resource does with them: validate, TOML, the core's `Profile`.

use super::fields::profile_resource;
use aps_core::Profile;
use godot::classes::{Curve, IResource, Resource};
use godot::prelude::*;

profile_resource! {
    /// How one kind of AI perceives: thresholds, fusion, smoothing, loss, attention and each
    /// sense's settings, on one resource.
    ///
    /// Make one per kind of AI (guard, dog, camera) and assign it to
    /// [ApsPerceptionComponent.profile]. Every value has the APS defaults until you change it.
    /// Out-of-range values are clamped with a warning naming the property when the profile is
    /// used. [method save_toml] and [method load_toml] exchange the same settings as TOML.
    settings {
        /// Confidence at which a target becomes Suspected: the AI turns its head.
        #[export_group(name = "Thresholds")]
        #[export(range = (0.0, 1.0, 0.01))]
        suspect_threshold: f32 = thresholds.suspect_threshold,
        /// Confidence at which a target becomes Detected: confirmed, alert.
        #[export(range = (0.0, 1.0, 0.01))]
        detect_threshold: f32 = thresholds.detect_threshold,
        /// Confidence at which a Detected target may become Tracked: full engagement.
        #[export(range = (0.0, 1.0, 0.01))]
        track_threshold: f32 = thresholds.track_threshold,
        /// Top target's confidence at which the AI is Fully Aware.
        #[export(range = (0.0, 1.0, 0.01))]
        full_aware_threshold: f32 = thresholds.full_aware_threshold,
        /// Confidence below which a Remembered target is forgotten (Expired).
        #[export(range = (0.0, 1.0, 0.01))]
        memory_expire_threshold: f32 = thresholds.memory_expire_threshold,
        /// Least time in Detected before the target can become Tracked.
        #[export(range = (0.0, 60.0, 0.05, or_greater, suffix = "s"))]
        min_track_duration: f32 = thresholds.min_track_duration,
        /// Least time a target stays Lost (searched for) before it can fade to Remembered.
        #[export(range = (0.0, 600.0, 0.1, or_greater, suffix = "s"))]
        min_time_in_lost: f32 = thresholds.min_time_in_lost,

        /// Flat bonus each agreeing sense adds beside the strongest one.
        #[export_group(name = "Fusion and Sense Weights")]
        #[export(range = (0.0, 1.0, 0.01))]
        corroboration_bonus: f32 = fusion.corroboration_bonus,
        /// Multiplies vision's confidence before fusion.
        #[export(range = (0.0, 10.0, 0.05))]
        vision_weight: f32 = fusion.sense_weights.vision,
        /// Multiplies hearing's confidence before fusion.
        #[export(range = (0.0, 10.0, 0.05))]
        hearing_weight: f32 = fusion.sense_weights.hearing,
        /// Multiplies smell's confidence before fusion (a guard dog might use 1.5).
        #[export(range = (0.0, 10.0, 0.05))]
        smell_weight: f32 = fusion.sense_weights.smell,
        /// Multiplies touch's confidence before fusion.
        #[export(range = (0.0, 10.0, 0.05))]
        touch_weight: f32 = fusion.sense_weights.touch,
        /// Multiplies vibration's confidence before fusion.
        #[export(range = (0.0, 10.0, 0.05))]
        vibration_weight: f32 = fusion.sense_weights.vibration,
        /// Multiplies damage's confidence before fusion.
        #[export(range = (0.0, 10.0, 0.05))]
        damage_weight: f32 = fusion.sense_weights.damage,
        /// Multiplies pain's confidence before fusion.
        #[export(range = (0.0, 10.0, 0.05))]
        pain_weight: f32 = fusion.sense_weights.pain,
        /// Multiplies echolocation's confidence before fusion.
        #[export(range = (0.0, 10.0, 0.05))]
        echolocation_weight: f32 = fusion.sense_weights.echolocation,

        /// How fast confidence closes the gap to a higher sensed value, per second.
        #[export_group(name = "Smoothing")]
        #[export(range = (0.0, 100.0, 0.1, or_greater, suffix = "/s"))]
        confidence_rise_rate: f32 = smoothing.confidence_rise_rate,
        /// Extra rise per second while a standing target stays sensed.
        #[export(range = (0.0, 10.0, 0.01, suffix = "/s"))]
        standing_dwell_rate: f32 = smoothing.standing_dwell_rate,
        /// Extra rise per second while a target moving at 6 m/s or more stays sensed.
        #[export(range = (0.0, 10.0, 0.01, suffix = "/s"))]
        moving_dwell_rate: f32 = smoothing.moving_dwell_rate,
        /// Exponential decay rate with no sense active, times the last dominant sense's decay
        /// multiplier. Ignored when a Decay Curve is set.
        #[export(range = (0.0, 100.0, 0.01, or_greater, suffix = "/s"))]
        default_decay_exponent: f32 = smoothing.default_decay_exponent,
        /// Optional: after a loss, confidence follows this curve instead of exponential decay.
        /// x is seconds since last sensed (set the curve's max domain to the seconds it spans),
        /// y the factor (0..1) of the confidence it had then.
        #[export]
        decay_curve: Option<Gd<Curve>> = smoothing.decay_curve,

        /// Vision: seconds the state holds after every sense went quiet.
        #[export_group(name = "Loss per Sense")]
        #[export_subgroup(name = "Vision Loss")]
        #[export(range = (0.0, 60.0, 0.05, or_greater, suffix = "s"))]
        vision_grace_time: f32 = loss.vision.grace_time,
        /// Vision: losing the target may jump straight to Lost (you ducked behind a wall).
        #[export]
        vision_direct_cut: bool = loss.vision.direct_cut,
        /// Vision: how fast confidence fades after vision last had the target.
        #[export(range = (0.0, 100.0, 0.05))]
        vision_decay_multiplier: f32 = loss.vision.confidence_decay_multiplier,
        /// Echolocation: seconds the state holds after every sense went quiet.
        #[export_subgroup(name = "Echolocation Loss")]
        #[export(range = (0.0, 60.0, 0.05, or_greater, suffix = "s"))]
        echolocation_grace_time: f32 = loss.echolocation.grace_time,
        /// Echolocation: losing the target may jump straight to Lost (the pulse missed).
        #[export]
        echolocation_direct_cut: bool = loss.echolocation.direct_cut,
        /// Echolocation: how fast confidence fades after it last had the target.
        #[export(range = (0.0, 100.0, 0.05))]
        echolocation_decay_multiplier: f32 = loss.echolocation.confidence_decay_multiplier,
        /// Touch: seconds the state holds after contact ended.
        #[export_subgroup(name = "Touch Loss")]
        #[export(range = (0.0, 60.0, 0.05, or_greater, suffix = "s"))]
        touch_grace_time: f32 = loss.touch.grace_time,
        /// Touch: losing contact may jump straight to Lost.
        #[export]
        touch_direct_cut: bool = loss.touch.direct_cut,
        /// Touch: how fast confidence fades after contact ended.
        #[export(range = (0.0, 100.0, 0.05))]
        touch_decay_multiplier: f32 = loss.touch.confidence_decay_multiplier,
        /// Hearing: seconds the state holds after the last sound (it still rings in its ears).
        #[export_subgroup(name = "Hearing Loss")]
        #[export(range = (0.0, 60.0, 0.05, or_greater, suffix = "s"))]
        hearing_grace_time: f32 = loss.hearing.grace_time,
        /// Hearing: silence may jump straight to Lost.
        #[export]
        hearing_direct_cut: bool = loss.hearing.direct_cut,
        /// Hearing: how fast confidence fades after the last sound.
        #[export(range = (0.0, 100.0, 0.05))]
        hearing_decay_multiplier: f32 = loss.hearing.confidence_decay_multiplier,
        /// Damage: seconds the state holds after being hit (it remembers being shot).
        #[export_subgroup(name = "Damage Loss")]
        #[export(range = (0.0, 60.0, 0.05, or_greater, suffix = "s"))]
        damage_grace_time: f32 = loss.damage.grace_time,
        /// Damage: may jump straight to Lost.
        #[export]
        damage_direct_cut: bool = loss.damage.direct_cut,
        /// Damage: how fast confidence fades after the last hit.
        #[export(range = (0.0, 100.0, 0.05))]
        damage_decay_multiplier: f32 = loss.damage.confidence_decay_multiplier,
        /// Smell: seconds the state holds after the scent was last smelled (it lingers).
        #[export_subgroup(name = "Smell Loss")]
        #[export(range = (0.0, 600.0, 0.1, or_greater, suffix = "s"))]
        smell_grace_time: f32 = loss.smell.grace_time,
        /// Smell: may jump straight to Lost.
        #[export]
        smell_direct_cut: bool = loss.smell.direct_cut,
        /// Smell: how fast confidence fades after the scent faded.
        #[export(range = (0.0, 100.0, 0.05))]
        smell_decay_multiplier: f32 = loss.smell.confidence_decay_multiplier,
        /// Vibration: seconds the state holds after the ground went still.
        #[export_subgroup(name = "Vibration Loss")]
        #[export(range = (0.0, 60.0, 0.05, or_greater, suffix = "s"))]
        vibration_grace_time: f32 = loss.vibration.grace_time,
        /// Vibration: may jump straight to Lost.
        #[export]
        vibration_direct_cut: bool = loss.vibration.direct_cut,
        /// Vibration: how fast confidence fades once the target stopped moving.
        #[export(range = (0.0, 100.0, 0.05))]
        vibration_decay_multiplier: f32 = loss.vibration.confidence_decay_multiplier,

        /// Least time on one attention target before switching is even considered.
        #[export_group(name = "Attention")]
        #[export_subgroup(name = "")]
        #[export(range = (0.0, 60.0, 0.1, or_greater, suffix = "s"))]
        attention_stickiness_time: f32 = attention.attention_stickiness_time,
        /// How much better (in sort score) a rival must be to take attention.
        #[export(range = (0.0, 2.0, 0.01))]
        attention_switch_threshold: f32 = attention.attention_switch_threshold,
        /// Belief slots: how many targets the AI keeps beliefs about at once.
        #[export(range = (1.0, 256.0, 1.0))]
        max_tracked_targets: i32 = attention.max_tracked_targets,
        /// Sort score weight of confidence (raise it for snipers).
        #[export(range = (0.0, 10.0, 0.05))]
        sort_weight_confidence: f32 = attention.sort_weight_confidence,
        /// Sort score weight of recency: 1 while sensed, halving a second after.
        #[export(range = (0.0, 10.0, 0.05))]
        sort_weight_recency: f32 = attention.sort_weight_recency,
        /// Sort score weight of proximity (raise it for melee enemies).
        #[export(range = (0.0, 10.0, 0.05))]
        sort_weight_proximity: f32 = attention.sort_weight_proximity,

        /// Time between perception ticks at full detail; events can be this late.
        #[export_group(name = "Performance")]
        #[export(range = (0.01, 10.0, 0.01, suffix = "s"))]
        base_update_interval: f32 = performance.base_update_interval,
        /// Time between housekeeping passes.
        #[export(range = (0.05, 600.0, 0.05, suffix = "s"))]
        maintenance_interval: f32 = performance.maintenance_interval,

        /// Weight of each new sample in the estimated velocity (higher reacts faster).
        #[export_group(name = "Where It Thinks You Are")]
        #[export(range = (0.01, 1.0, 0.01))]
        velocity_ema_weight: f32 = spatial.velocity_ema_weight,
        /// While lost, predict where the target's run took it. Off for a patrol guard (it would
        /// seem psychic), on for pursuers.
        #[export]
        enable_prediction: bool = spatial.enable_prediction,
        /// How far ahead the prediction looks.
        #[export(range = (0.0, 10.0, 0.05, suffix = "s"))]
        prediction_horizon: f32 = spatial.prediction_horizon,
        /// The most the prediction may look ahead.
        #[export(range = (0.1, 30.0, 0.1, suffix = "s"))]
        max_prediction_time: f32 = spatial.max_prediction_time,
        /// How fast the search radius grows while the target is unsensed.
        #[export(range = (0.0, 10.0, 0.05, suffix = "m/s"))]
        uncertainty_growth_rate: f32 = spatial.uncertainty_growth_rate,
        /// The largest the search radius grows.
        #[export(range = (0.0, 100.0, 0.1, or_greater, suffix = "m"))]
        max_uncertainty_radius: f32 = spatial.max_uncertainty_radius,
        /// A target faster than 6 m/s makes the radius grow faster (x2 at 12 m/s, x3 from 18).
        #[export]
        velocity_scaled_uncertainty: bool = spatial.velocity_scaled_uncertainty,

        /// Long-term memory gained per second while sensed, times confidence.
        #[export_group(name = "Memory")]
        #[export(range = (0.0, 1.0, 0.001, suffix = "/s"))]
        long_term_build_rate: f32 = memory.long_term_build_rate,
        /// Long-term memory lost per second while unsensed: far slower than confidence.
        #[export(range = (0.0, 1.0, 0.0005, suffix = "/s"))]
        long_term_decay_rate: f32 = memory.long_term_decay_rate,
        /// Confidence added at once when a Lost or Remembered target is sensed again.
        #[export(range = (0.0, 1.0, 0.01))]
        memory_refresh_bonus: f32 = memory.memory_refresh_bonus,
        /// How long the memory store keeps a subject's episodes after its last one.
        #[export(range = (0.0, 3600.0, 1.0, or_greater, suffix = "s"))]
        memory_retention_seconds: f32 = memory.memory_retention_seconds,

        /// Threat weight of confidence.
        #[export_group(name = "Threat")]
        #[export(range = (0.0, 1.0, 0.01))]
        threat_weight_confidence: f32 = threat.threat_weight_confidence,
        /// Threat weight of damage received (100 damage fills it).
        #[export(range = (0.0, 1.0, 0.01))]
        threat_weight_damage_received: f32 = threat.threat_weight_damage_received,
        /// Threat weight of the number of senses that agree (out of 8).
        #[export(range = (0.0, 1.0, 0.01))]
        threat_weight_senses: f32 = threat.threat_weight_senses,
        /// Threat weight of the relationship (Feared 1.5 .. Friendly 0).
        #[export(range = (0.0, 1.0, 0.01))]
        threat_weight_relationship: f32 = threat.threat_weight_relationship,
        /// Threat weight of being in contact (Detected or Tracked).
        #[export(range = (0.0, 1.0, 0.01))]
        threat_weight_approach: f32 = threat.threat_weight_approach,
        /// Damage points per second the damage term loses while the target is unsensed.
        #[export(range = (0.0, 100.0, 0.1, or_greater, suffix = "/s"))]
        threat_damage_decay_rate: f32 = threat.threat_damage_decay_rate,
        /// Threat score of the Low level.
        #[export(range = (0.0, 1.0, 0.01))]
        threat_threshold_low: f32 = threat.threat_threshold_low,
        /// Threat score of the Medium level.
        #[export(range = (0.0, 1.0, 0.01))]
        threat_threshold_medium: f32 = threat.threat_threshold_medium,
        /// Threat score of the High level.
        #[export(range = (0.0, 1.0, 0.01))]
        threat_threshold_high: f32 = threat.threat_threshold_high,
        /// Threat score of the Critical level.
        #[export(range = (0.0, 1.0, 0.01))]
        threat_threshold_critical: f32 = threat.threat_threshold_critical,
        /// How this AI regards teams with no rule (and targets of team 0, no team).
        #[export(enum = (Feared = 0, HighValue = 1, Enemy = 2, Unknown = 3, Neutral = 4, Friendly = 5, Teammate = 6))]
        default_relationship: i32 = threat.default_relationship,
        /// Team rules: x is this AI's team, y another team, z the relationship
        /// (ApsPerceptionComponent.RELATIONSHIP_*). The same non-zero team is Teammate unless a
        /// rule says otherwise.
        #[export]
        team_rules: Array<Vector3i> = threat.team_rules,

        /// The most fear this AI can feel (0: none at all).
        #[export_group(name = "Emotion")]
        #[export(range = (0.0, 1.0, 0.01))]
        fear_cap: f32 = emotion.fear_cap,
        /// The most aggression this AI can feel.
        #[export(range = (0.0, 1.0, 0.01))]
        aggression_cap: f32 = emotion.aggression_cap,
        /// The most curiosity this AI can feel.
        #[export(range = (0.0, 1.0, 0.01))]
        curiosity_cap: f32 = emotion.curiosity_cap,
        /// The most alertness this AI can feel.
        #[export(range = (0.0, 1.0, 0.01))]
        alertness_cap: f32 = emotion.alertness_cap,
        /// The most panic this AI can feel. All caps at 0: a robot feels nothing.
        #[export(range = (0.0, 1.0, 0.01))]
        panic_cap: f32 = emotion.panic_cap,
        /// The strongest emotion at or above this is the dominant one.
        #[export(range = (0.0, 1.0, 0.01))]
        emotion_active_threshold: f32 = emotion.emotion_active_threshold,

        /// A squad mate's confidence reaches this AI times this.
        #[export_group(name = "Squad")]
        #[export(range = (0.0, 1.0, 0.01))]
        share_factor: f32 = squad.share_factor,
        /// Delay before a mate's sighting reaches this AI.
        #[export(range = (0.0, 10.0, 0.05, suffix = "s"))]
        share_delay: f32 = squad.share_delay,
        /// How long a mate's sighting keeps counting once it arrives.
        #[export(range = (0.0, 10.0, 0.05, suffix = "s"))]
        share_hold_time: f32 = squad.share_hold_time,
        /// Grace time of belief that came only from mates.
        #[export(range = (0.0, 60.0, 0.05, suffix = "s"))]
        shared_grace_time: f32 = squad.shared_grace_time,

        /// Whether this AI sees.
        #[export_group(name = "Vision")]
        #[export]
        vision_enabled: bool = vision.enabled,
        /// Farthest distance anything is seen.
        #[export(range = (0.0, 500.0, 0.5, or_greater, suffix = "m"))]
        vision_max_range: f32 = vision.max_range,
        /// Half-angle of the main cone, where sight is sharpest.
        #[export(range = (0.0, 180.0, 0.5, degrees))]
        vision_main_cone_half_angle: f32 = vision.main_cone_half_angle,
        /// Half-angle of the peripheral cone around it; equal to the main cone turns it off.
        #[export(range = (0.0, 180.0, 0.5, degrees))]
        vision_peripheral_half_angle: f32 = vision.peripheral_half_angle,
        /// Confidence multiplier just outside the main cone; it halves toward the edge.
        #[export(range = (0.0, 1.0, 0.01))]
        vision_peripheral_factor: f32 = vision.peripheral_factor,
        /// Confidence for a target in full view, point-blank, in bright light.
        #[export(range = (0.0, 1.0, 0.01))]
        vision_acuity: f32 = vision.acuity,
        /// How visible a target in total darkness is, relative to full light.
        #[export(range = (0.0, 1.0, 0.01))]
        vision_dark_visibility: f32 = vision.dark_visibility,
        /// How much more visible a target moving at 6 m/s is, as a fraction.
        #[export(range = (0.0, 2.0, 0.01))]
        vision_motion_bonus: f32 = vision.motion_bonus,
        /// Confidence below which a look counts as seeing nothing.
        #[export(range = (0.0, 1.0, 0.005))]
        vision_min_confidence: f32 = vision.min_confidence,
        /// Most sample points looked at per target: one ray each.
        #[export(range = (1.0, 16.0, 1.0))]
        vision_max_rays_per_target: i32 = vision.max_rays_per_target,
        /// Physics layers that block sight.
        #[export(flags_3d_physics)]
        vision_collision_mask: u32 = vision.collision_mask,

        /// Whether this AI hears.
        #[export_group(name = "Hearing")]
        #[export]
        hearing_enabled: bool = hearing.enabled,
        /// Farthest distance any sound is heard, however loud.
        #[export(range = (0.0, 500.0, 0.5, or_greater, suffix = "m"))]
        hearing_max_range: f32 = hearing.max_range,
        /// Multiplies every sound's confidence: a sharp-eared AI has more than 1.
        #[export(range = (0.0, 10.0, 0.05, or_greater))]
        hearing_sensitivity: f32 = hearing.sensitivity,
        /// What a wall between the sound and the ear leaves of it (one ray).
        #[export(range = (0.0, 1.0, 0.01))]
        hearing_wall_muffle_factor: f32 = hearing.wall_muffle_factor,
        /// How long a heard sound keeps ringing, fading, before it counts as silence.
        #[export(range = (0.0, 10.0, 0.05, or_greater, suffix = "s"))]
        hearing_sound_hold_time: f32 = hearing.sound_hold_time,
        /// Confidence below which a sound counts as not heard.
        #[export(range = (0.0, 1.0, 0.005))]
        hearing_min_confidence: f32 = hearing.min_confidence,
        /// Physics layers that muffle sound.
        #[export(flags_3d_physics)]
        hearing_occlusion_mask: u32 = hearing.occlusion_mask,
        /// How much a downpour (ApsWorld.rain = 1) masks sound.
        #[export(range = (0.0, 1.0, 0.01))]
        hearing_rain_masking: f32 = hearing.rain_masking,

        /// Whether this AI smells scent trails (a guard dog does).
        #[export_group(name = "Smell")]
        #[export]
        smell_enabled: bool = smell.enabled,
        /// Distance at which a fresh scent is smelled with no wind.
        #[export(range = (0.0, 200.0, 0.5, or_greater, suffix = "m"))]
        smell_range: f32 = smell.range,
        /// Multiplies every scent's confidence.
        #[export(range = (0.0, 10.0, 0.05, or_greater))]
        smell_sensitivity: f32 = smell.sensitivity,
        /// How much each m/s of wind stretches the range downwind (and shrinks it upwind).
        #[export(range = (0.0, 1.0, 0.01))]
        smell_wind_range_factor: f32 = smell.wind_range_factor,
        /// How much a downpour masks scent.
        #[export(range = (0.0, 1.0, 0.01))]
        smell_rain_masking: f32 = smell.rain_masking,
        /// Confidence below which a scent counts as not smelled.
        #[export(range = (0.0, 1.0, 0.005))]
        smell_min_confidence: f32 = smell.min_confidence,

        /// Whether this AI feels contact.
        #[export_group(name = "Touch")]
        #[export]
        touch_enabled: bool = touch.enabled,
        /// A body this close to the AI's own touches it.
        #[export(range = (0.0, 5.0, 0.05, or_greater, suffix = "m"))]
        touch_reach: f32 = touch.reach,
        /// How long a contact reported with ApsWorld.report_touch keeps counting.
        #[export(range = (0.0, 5.0, 0.05, or_greater, suffix = "s"))]
        touch_contact_hold_time: f32 = touch.contact_hold_time,

        /// Whether this AI feels footsteps through the ground.
        #[export_group(name = "Vibration")]
        #[export]
        vibration_enabled: bool = vibration.enabled,
        /// Distance within which ground vibration is felt.
        #[export(range = (0.0, 200.0, 0.5, or_greater, suffix = "m"))]
        vibration_detect_range: f32 = vibration.vibration_detect_range,
        /// Speed below which a target makes no vibration.
        #[export(range = (0.0, 20.0, 0.05, suffix = "m/s"))]
        vibration_min_speed: f32 = vibration.min_speed,
        /// Speed at which a target shakes the ground fully.
        #[export(range = (0.0, 50.0, 0.1, suffix = "m/s"))]
        vibration_full_speed: f32 = vibration.full_speed,
        /// Multiplies every vibration's confidence.
        #[export(range = (0.0, 10.0, 0.05, or_greater))]
        vibration_sensitivity: f32 = vibration.sensitivity,

        /// Whether being hurt reveals the attacker (ApsWorld.report_damage).
        #[export_group(name = "Damage")]
        #[export]
        damage_enabled: bool = damage.enabled,
        /// Confidence in the attacker when hit.
        #[export(range = (0.0, 1.0, 0.01))]
        damage_confidence: f32 = damage.confidence,
        /// How long a hit keeps counting as sensed.
        #[export(range = (0.0, 10.0, 0.05, or_greater, suffix = "s"))]
        damage_hold_time: f32 = damage.hold_time,

        /// Whether damage hurts this AI (pain_changed) and dulls its senses.
        #[export_group(name = "Pain")]
        #[export]
        pain_enabled: bool = pain.enabled,
        /// Pain per point of damage: 0.01 makes 100 damage full pain.
        #[export(range = (0.0, 1.0, 0.001))]
        pain_per_damage: f32 = pain.pain_per_damage,
        /// Pain lost per second.
        #[export(range = (0.0, 10.0, 0.01, suffix = "/s"))]
        pain_decay_rate: f32 = pain.decay_rate,
        /// Pain above which the other senses are dulled.
        #[export(range = (0.0, 1.0, 0.01))]
        pain_dulling_threshold: f32 = pain.dulling_threshold,
        /// At full pain the other senses keep 1 − this of their confidence (1: blinded by pain).
        #[export(range = (0.0, 1.0, 0.01))]
        pain_dulling_factor: f32 = pain.dulling_factor,
        /// Least change of pain that fires pain_changed.
        #[export(range = (0.001, 1.0, 0.005))]
        pain_event_step: f32 = pain.event_step,

        /// Whether this AI echolocates (a bat).
        #[export_group(name = "Echolocation")]
        #[export]
        echolocation_enabled: bool = echolocation.enabled,
        /// Distance the pulse reaches.
        #[export(range = (0.0, 200.0, 0.5, or_greater, suffix = "m"))]
        echo_range: f32 = echolocation.echo_range,
        /// Time between pulses; between them the last echo holds.
        #[export(range = (0.01, 5.0, 0.01, suffix = "s"))]
        echo_pulse_interval: f32 = echolocation.pulse_interval,
        /// Half-angle of the pulse; 180 is a sphere.
        #[export(range = (0.0, 180.0, 0.5, degrees))]
        echo_half_angle: f32 = echolocation.half_angle,
        /// Confidence of an echo from point-blank.
        #[export(range = (0.0, 1.0, 0.01))]
        echo_strength: f32 = echolocation.strength,
        /// Physics layers that return an echo.
        #[export(flags_3d_physics)]
        echo_collision_mask: u32 = echolocation.collision_mask,
    }
    extra {
        /// Senses of your own, written in GDScript (extend ApsSense). Up to 7; each takes part
        /// in fusion, states and loss like a built-in sense.
        #[export_group(name = "Custom Senses")]
        #[export]
        custom_senses: Array<Gd<crate::aps_sense::ApsSense>> = Array::new(),
    }
}

#[godot_api]
impl IResource for ApsProfile {
    fn init(base: Base<Resource>) -> Self {
        ApsProfile::from_core_values(&Profile::default(), base)
    }

    /// Every property change passes here first; counting them lets a component notice edits
    /// made while the game runs. Returning false lets Godot store the value as usual.
    fn on_set(&mut self, _property: StringName, _value: Variant) -> bool {
        self.revision = self.revision.wrapping_add(1);
        false
    }
}

// The profile's methods for scripts live in `api.rs`.
#[godot_api]
impl ApsProfile {}

impl ApsProfile {
    /// The custom senses, skipping empty entries.
    #[must_use]
    pub fn custom_senses(&self) -> Vec<Gd<crate::aps_sense::ApsSense>> {
        self.custom_senses.iter_shared().collect()
    }
}
