//! The integer constants scripts compare against (`STATE_*`, `LOSS_*`, ...) are declared on each
//! class (`three.rs`, `two.rs`), each derived from the core's enum so the two cannot drift; the
//! test below checks every one by name, and the sets of sense ids scripts read.

use godot::prelude::*;

/// The `SENSE_*` constants (and custom slots) in a set, for the dictionaries scripts read.
#[must_use]
pub fn sense_ids(set: aps_core::SenseSet) -> PackedInt32Array {
    set.iter().map(|s| i32::from(s.0)).collect()
}

#[cfg(test)]
mod tests {
    use super::super::ApsPerceptionComponent;
    use aps_core::belief::evidence::EvidenceKind;
    use aps_core::relationship::Relationship;
    use aps_core::threat_level::ThreatLevel;
    use aps_core::{AwarenessLevel, BeliefState, LossReason, Sense};
    type C = ApsPerceptionComponent;

    /// `OutOfRange` -> `OUT_OF_RANGE`, `vision` -> `VISION`.
    fn screaming(name: &str) -> String {
        let mut out = String::new();
        for (i, ch) in name.chars().enumerate() {
            if ch.is_uppercase() && i > 0 {
                out.push('_');
            }
            out.push(ch.to_ascii_uppercase());
        }
        out
    }

    /// Every constant of a group, in value order, must be `PREFIX_` + the core's name of the
    /// variant with that value.
    fn check(prefix: &str, constants: &[(&str, i32)], core: &[(&str, i32)]) {
        assert_eq!(
            constants.len(),
            core.len(),
            "{prefix}: one constant per variant"
        );
        for ((name, value), (core_name, core_value)) in constants.iter().zip(core) {
            assert_eq!(*name, format!("{prefix}_{}", screaming(core_name)));
            assert_eq!(value, core_value, "{name}");
        }
    }

    #[test]
    fn every_constant_is_its_core_variant() {
        check(
            "STATE",
            &[
                ("STATE_UNDETECTED", C::STATE_UNDETECTED),
                ("STATE_SUSPECTED", C::STATE_SUSPECTED),
                ("STATE_DETECTED", C::STATE_DETECTED),
                ("STATE_TRACKED", C::STATE_TRACKED),
                ("STATE_LOST", C::STATE_LOST),
                ("STATE_REMEMBERED", C::STATE_REMEMBERED),
                ("STATE_EXPIRED", C::STATE_EXPIRED),
            ],
            &BeliefState::ALL.map(|s| (s.name(), s as i32)),
        );
        check(
            "LOSS",
            &[
                ("LOSS_NONE", C::LOSS_NONE),
                ("LOSS_OCCLUDED", C::LOSS_OCCLUDED),
                ("LOSS_OUT_OF_RANGE", C::LOSS_OUT_OF_RANGE),
                ("LOSS_SOUND_FADED", C::LOSS_SOUND_FADED),
                ("LOSS_SCENT_LOST", C::LOSS_SCENT_LOST),
                ("LOSS_SENSOR_DROPOUT", C::LOSS_SENSOR_DROPOUT),
                ("LOSS_TARGET_DESTROYED", C::LOSS_TARGET_DESTROYED),
                ("LOSS_UNKNOWN", C::LOSS_UNKNOWN),
            ],
            &LossReason::ALL.map(|s| (s.name(), s as i32)),
        );
        check(
            "LOSS_DETAIL",
            &[
                ("LOSS_DETAIL_NONE", C::LOSS_DETAIL_NONE),
                ("LOSS_DETAIL_TOO_FAR", C::LOSS_DETAIL_TOO_FAR),
                ("LOSS_DETAIL_OUTSIDE_CONE", C::LOSS_DETAIL_OUTSIDE_CONE),
            ],
            &aps_core::belief::loss::LossDetail::ALL.map(|s| (s.name(), s as i32)),
        );
        check(
            "AWARENESS",
            &[
                ("AWARENESS_UNAWARE", C::AWARENESS_UNAWARE),
                ("AWARENESS_PERIPHERAL", C::AWARENESS_PERIPHERAL),
                ("AWARENESS_SUSPICIOUS", C::AWARENESS_SUSPICIOUS),
                ("AWARENESS_ALERTED", C::AWARENESS_ALERTED),
                ("AWARENESS_FULLY_AWARE", C::AWARENESS_FULLY_AWARE),
            ],
            &AwarenessLevel::ALL.map(|s| (s.name(), s as i32)),
        );
        check(
            "SENSE",
            &[
                ("SENSE_VISION", C::SENSE_VISION),
                ("SENSE_HEARING", C::SENSE_HEARING),
                ("SENSE_SMELL", C::SENSE_SMELL),
                ("SENSE_TOUCH", C::SENSE_TOUCH),
                ("SENSE_VIBRATION", C::SENSE_VIBRATION),
                ("SENSE_DAMAGE", C::SENSE_DAMAGE),
                ("SENSE_PAIN", C::SENSE_PAIN),
                ("SENSE_ECHOLOCATION", C::SENSE_ECHOLOCATION),
            ],
            &Sense::ALL.map(|s| (s.name(), i32::from(s.id().0))),
        );
        assert_eq!(C::SENSE_SQUAD, 15);
        check(
            "THREAT",
            &[
                ("THREAT_NONE", C::THREAT_NONE),
                ("THREAT_LOW", C::THREAT_LOW),
                ("THREAT_MEDIUM", C::THREAT_MEDIUM),
                ("THREAT_HIGH", C::THREAT_HIGH),
                ("THREAT_CRITICAL", C::THREAT_CRITICAL),
            ],
            &ThreatLevel::ALL.map(|s| (s.name(), s as i32)),
        );
        check(
            "RELATIONSHIP",
            &[
                ("RELATIONSHIP_FEARED", C::RELATIONSHIP_FEARED),
                ("RELATIONSHIP_HIGH_VALUE", C::RELATIONSHIP_HIGH_VALUE),
                ("RELATIONSHIP_ENEMY", C::RELATIONSHIP_ENEMY),
                ("RELATIONSHIP_UNKNOWN", C::RELATIONSHIP_UNKNOWN),
                ("RELATIONSHIP_NEUTRAL", C::RELATIONSHIP_NEUTRAL),
                ("RELATIONSHIP_FRIENDLY", C::RELATIONSHIP_FRIENDLY),
                ("RELATIONSHIP_TEAMMATE", C::RELATIONSHIP_TEAMMATE),
            ],
            &Relationship::ALL.map(|s| (s.name(), s as i32)),
        );
        check(
            "EVIDENCE",
            &[
                ("EVIDENCE_LOWER", C::EVIDENCE_LOWER),
                ("EVIDENCE_CAP", C::EVIDENCE_CAP),
                ("EVIDENCE_CLEAR", C::EVIDENCE_CLEAR),
                ("EVIDENCE_FLOOR", C::EVIDENCE_FLOOR),
            ],
            &EvidenceKind::ALL.map(|s| (s.name(), s as i32)),
        );
    }
}
