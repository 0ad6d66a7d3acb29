//! Validation of each sense's own settings block (see `validate.rs` for the rules).

use super::validate::Checker;
use super::Profile;

/// Clamps every sense setting of `p` (defaults in `d`), reporting through `c`.
pub(super) fn check(c: &mut Checker, p: &mut Profile, d: &Profile) {
    let v = &mut p.vision;
    let dv = &d.vision;
    c.range(
        "vision.max_range",
        &mut v.max_range,
        0.0,
        10_000.0,
        dv.max_range,
    );
    c.range(
        "vision.main_cone_half_angle",
        &mut v.main_cone_half_angle,
        0.0,
        180.0,
        dv.main_cone_half_angle,
    );
    c.ordered(
        "vision.peripheral_half_angle",
        &mut v.peripheral_half_angle,
        ("vision.main_cone_half_angle", v.main_cone_half_angle),
        180.0,
        dv.peripheral_half_angle,
    );
    c.range(
        "vision.peripheral_factor",
        &mut v.peripheral_factor,
        0.0,
        1.0,
        dv.peripheral_factor,
    );
    c.range("vision.acuity", &mut v.acuity, 0.0, 1.0, dv.acuity);
    c.range(
        "vision.dark_visibility",
        &mut v.dark_visibility,
        0.0,
        1.0,
        dv.dark_visibility,
    );
    c.range(
        "vision.motion_bonus",
        &mut v.motion_bonus,
        0.0,
        10.0,
        dv.motion_bonus,
    );
    c.range(
        "vision.min_confidence",
        &mut v.min_confidence,
        0.0,
        1.0,
        dv.min_confidence,
    );
    c.count(
        "vision.max_rays_per_target",
        &mut v.max_rays_per_target,
        1,
        16,
    );

    let h = &mut p.hearing;
    let dh = &d.hearing;
    c.range(
        "hearing.max_range",
        &mut h.max_range,
        0.0,
        10_000.0,
        dh.max_range,
    );
    c.range(
        "hearing.sensitivity",
        &mut h.sensitivity,
        0.0,
        100.0,
        dh.sensitivity,
    );
    c.range(
        "hearing.wall_muffle_factor",
        &mut h.wall_muffle_factor,
        0.0,
        1.0,
        dh.wall_muffle_factor,
    );
    c.range(
        "hearing.sound_hold_time",
        &mut h.sound_hold_time,
        0.0,
        60.0,
        dh.sound_hold_time,
    );
    c.range(
        "hearing.min_confidence",
        &mut h.min_confidence,
        0.0,
        1.0,
        dh.min_confidence,
    );

    c.range(
        "hearing.rain_masking",
        &mut h.rain_masking,
        0.0,
        1.0,
        dh.rain_masking,
    );

    let sm = &mut p.smell;
    let dsm = &d.smell;
    c.range("smell.range", &mut sm.range, 0.0, 1000.0, dsm.range);
    c.range(
        "smell.sensitivity",
        &mut sm.sensitivity,
        0.0,
        100.0,
        dsm.sensitivity,
    );
    c.range(
        "smell.wind_range_factor",
        &mut sm.wind_range_factor,
        0.0,
        10.0,
        dsm.wind_range_factor,
    );
    c.range(
        "smell.rain_masking",
        &mut sm.rain_masking,
        0.0,
        1.0,
        dsm.rain_masking,
    );
    c.range(
        "smell.min_confidence",
        &mut sm.min_confidence,
        0.0,
        1.0,
        dsm.min_confidence,
    );

    let to = &mut p.touch;
    let dto = &d.touch;
    c.range("touch.reach", &mut to.reach, 0.0, 100.0, dto.reach);
    c.range(
        "touch.contact_hold_time",
        &mut to.contact_hold_time,
        0.0,
        60.0,
        dto.contact_hold_time,
    );

    let vi = &mut p.vibration;
    let dvi = &d.vibration;
    c.range(
        "vibration.vibration_detect_range",
        &mut vi.vibration_detect_range,
        0.0,
        1000.0,
        dvi.vibration_detect_range,
    );
    c.range(
        "vibration.min_speed",
        &mut vi.min_speed,
        0.0,
        100.0,
        dvi.min_speed,
    );
    c.ordered(
        "vibration.full_speed",
        &mut vi.full_speed,
        ("vibration.min_speed", vi.min_speed + 0.01),
        1000.0,
        dvi.full_speed,
    );
    c.range(
        "vibration.sensitivity",
        &mut vi.sensitivity,
        0.0,
        100.0,
        dvi.sensitivity,
    );

    let da = &mut p.damage;
    let dda = &d.damage;
    c.range(
        "damage.confidence",
        &mut da.confidence,
        0.0,
        1.0,
        dda.confidence,
    );
    c.range(
        "damage.hold_time",
        &mut da.hold_time,
        0.0,
        60.0,
        dda.hold_time,
    );

    let pa = &mut p.pain;
    let dpa = &d.pain;
    c.range(
        "pain.pain_per_damage",
        &mut pa.pain_per_damage,
        0.0,
        10.0,
        dpa.pain_per_damage,
    );
    c.range(
        "pain.decay_rate",
        &mut pa.decay_rate,
        0.0,
        100.0,
        dpa.decay_rate,
    );
    c.range(
        "pain.dulling_threshold",
        &mut pa.dulling_threshold,
        0.0,
        1.0,
        dpa.dulling_threshold,
    );
    c.range(
        "pain.dulling_factor",
        &mut pa.dulling_factor,
        0.0,
        1.0,
        dpa.dulling_factor,
    );
    c.range(
        "pain.event_step",
        &mut pa.event_step,
        0.001,
        1.0,
        dpa.event_step,
    );

    let ec = &mut p.echolocation;
    let dec = &d.echolocation;
    c.range(
        "echolocation.echo_range",
        &mut ec.echo_range,
        0.0,
        1000.0,
        dec.echo_range,
    );
    c.range(
        "echolocation.pulse_interval",
        &mut ec.pulse_interval,
        0.01,
        60.0,
        dec.pulse_interval,
    );
    c.range(
        "echolocation.half_angle",
        &mut ec.half_angle,
        0.0,
        180.0,
        dec.half_angle,
    );
    c.range(
        "echolocation.strength",
        &mut ec.strength,
        0.0,
        1.0,
        dec.strength,
    );
}
