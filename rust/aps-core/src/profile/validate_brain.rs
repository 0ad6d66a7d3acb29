//! Validation of the settings beyond confidence: where the target is, memory, threat, emotion
//! and squads (see `validate.rs` for the rules).

use super::validate::Checker;
use super::Profile;

/// Clamps every setting of those blocks of `p` (defaults in `d`), reporting through `c`.
pub(super) fn check(c: &mut Checker, p: &mut Profile, d: &Profile) {
    let s = &mut p.spatial;
    let ds = &d.spatial;
    c.range(
        "spatial.velocity_ema_weight",
        &mut s.velocity_ema_weight,
        0.01,
        1.0,
        ds.velocity_ema_weight,
    );
    c.range(
        "spatial.prediction_horizon",
        &mut s.prediction_horizon,
        0.0,
        60.0,
        ds.prediction_horizon,
    );
    c.range(
        "spatial.max_prediction_time",
        &mut s.max_prediction_time,
        0.1,
        60.0,
        ds.max_prediction_time,
    );
    c.range(
        "spatial.uncertainty_growth_rate",
        &mut s.uncertainty_growth_rate,
        0.0,
        100.0,
        ds.uncertainty_growth_rate,
    );
    c.range(
        "spatial.max_uncertainty_radius",
        &mut s.max_uncertainty_radius,
        0.0,
        10_000.0,
        ds.max_uncertainty_radius,
    );

    let m = &mut p.memory;
    let dm = &d.memory;
    c.range(
        "memory.long_term_build_rate",
        &mut m.long_term_build_rate,
        0.0,
        10.0,
        dm.long_term_build_rate,
    );
    c.range(
        "memory.long_term_decay_rate",
        &mut m.long_term_decay_rate,
        0.0,
        10.0,
        dm.long_term_decay_rate,
    );
    c.range(
        "memory.memory_refresh_bonus",
        &mut m.memory_refresh_bonus,
        0.0,
        1.0,
        dm.memory_refresh_bonus,
    );
    c.range(
        "memory.memory_retention_seconds",
        &mut m.memory_retention_seconds,
        0.0,
        86_400.0,
        dm.memory_retention_seconds,
    );

    let t = &mut p.threat;
    let dt = &d.threat;
    c.range(
        "threat.threat_weight_confidence",
        &mut t.threat_weight_confidence,
        0.0,
        1.0,
        dt.threat_weight_confidence,
    );
    c.range(
        "threat.threat_weight_damage_received",
        &mut t.threat_weight_damage_received,
        0.0,
        1.0,
        dt.threat_weight_damage_received,
    );
    c.range(
        "threat.threat_weight_senses",
        &mut t.threat_weight_senses,
        0.0,
        1.0,
        dt.threat_weight_senses,
    );
    c.range(
        "threat.threat_weight_relationship",
        &mut t.threat_weight_relationship,
        0.0,
        1.0,
        dt.threat_weight_relationship,
    );
    c.range(
        "threat.threat_weight_approach",
        &mut t.threat_weight_approach,
        0.0,
        1.0,
        dt.threat_weight_approach,
    );
    c.range(
        "threat.threat_damage_decay_rate",
        &mut t.threat_damage_decay_rate,
        0.0,
        10_000.0,
        dt.threat_damage_decay_rate,
    );
    c.range(
        "threat.threat_threshold_low",
        &mut t.threat_threshold_low,
        0.0,
        1.0,
        dt.threat_threshold_low,
    );
    c.ordered(
        "threat.threat_threshold_medium",
        &mut t.threat_threshold_medium,
        ("threat.threat_threshold_low", t.threat_threshold_low),
        1.0,
        dt.threat_threshold_medium,
    );
    c.ordered(
        "threat.threat_threshold_high",
        &mut t.threat_threshold_high,
        ("threat.threat_threshold_medium", t.threat_threshold_medium),
        1.0,
        dt.threat_threshold_high,
    );
    c.ordered(
        "threat.threat_threshold_critical",
        &mut t.threat_threshold_critical,
        ("threat.threat_threshold_high", t.threat_threshold_high),
        1.0,
        dt.threat_threshold_critical,
    );

    let e = &mut p.emotion;
    let de = &d.emotion;
    c.range("emotion.fear_cap", &mut e.fear_cap, 0.0, 1.0, de.fear_cap);
    c.range(
        "emotion.aggression_cap",
        &mut e.aggression_cap,
        0.0,
        1.0,
        de.aggression_cap,
    );
    c.range(
        "emotion.curiosity_cap",
        &mut e.curiosity_cap,
        0.0,
        1.0,
        de.curiosity_cap,
    );
    c.range(
        "emotion.alertness_cap",
        &mut e.alertness_cap,
        0.0,
        1.0,
        de.alertness_cap,
    );
    c.range(
        "emotion.panic_cap",
        &mut e.panic_cap,
        0.0,
        1.0,
        de.panic_cap,
    );
    c.range(
        "emotion.emotion_active_threshold",
        &mut e.emotion_active_threshold,
        0.0,
        1.0,
        de.emotion_active_threshold,
    );

    let q = &mut p.squad;
    let dq = &d.squad;
    c.range(
        "squad.share_factor",
        &mut q.share_factor,
        0.0,
        1.0,
        dq.share_factor,
    );
    c.range(
        "squad.share_delay",
        &mut q.share_delay,
        0.0,
        60.0,
        dq.share_delay,
    );
    c.range(
        "squad.share_hold_time",
        &mut q.share_hold_time,
        0.0,
        60.0,
        dq.share_hold_time,
    );
    c.range(
        "squad.shared_grace_time",
        &mut q.shared_grace_time,
        0.0,
        600.0,
        dq.shared_grace_time,
    );
}
