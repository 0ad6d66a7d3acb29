//! The integer constants scripts compare against (`STATE_*`, `LOSS_*`, ...), each derived from
//! the core's enum so the two cannot drift; the test below checks every one by name.

use godot::prelude::*;

macro_rules! constants {
    ($C:ident, $I:ident, $N:ident, $V:ident, $D:ident, $S:ident, $Draw:ident, $two:literal, $px:literal) => {
        #[godot_api(secondary)]
        impl $C {
            #[constant]
            pub const STATE_UNDETECTED: i32 = BeliefState::Undetected as i32;
            #[constant]
            pub const STATE_SUSPECTED: i32 = BeliefState::Suspected as i32;
            #[constant]
            pub const STATE_DETECTED: i32 = BeliefState::Detected as i32;
            #[constant]
            pub const STATE_TRACKED: i32 = BeliefState::Tracked as i32;
            #[constant]
            pub const STATE_LOST: i32 = BeliefState::Lost as i32;
            #[constant]
            pub const STATE_REMEMBERED: i32 = BeliefState::Remembered as i32;
            #[constant]
            pub const STATE_EXPIRED: i32 = BeliefState::Expired as i32;

            /// `load_beliefs` and `ApsWorld.load_state`: a belief whose target no longer exists becomes
            /// a belief about a place (tag `missing_target`) at its last known position.
            #[constant]
            pub const MISSING_TARGETS_AS_PLACE: i32 = 0;
            /// `load_beliefs` and `ApsWorld.load_state`: a belief whose target no longer exists is
            /// dropped, with what the AI knew of it.
            #[constant]
            pub const MISSING_TARGETS_DROP: i32 = 1;

            #[constant]
            pub const LOSS_NONE: i32 = LossReason::None as i32;
            #[constant]
            pub const LOSS_OCCLUDED: i32 = LossReason::Occluded as i32;
            #[constant]
            pub const LOSS_OUT_OF_RANGE: i32 = LossReason::OutOfRange as i32;
            #[constant]
            pub const LOSS_SOUND_FADED: i32 = LossReason::SoundFaded as i32;
            #[constant]
            pub const LOSS_SCENT_LOST: i32 = LossReason::ScentLost as i32;
            #[constant]
            pub const LOSS_SENSOR_DROPOUT: i32 = LossReason::SensorDropout as i32;
            #[constant]
            pub const LOSS_TARGET_DESTROYED: i32 = LossReason::TargetDestroyed as i32;
            #[constant]
            pub const LOSS_UNKNOWN: i32 = LossReason::Unknown as i32;

            /// `get_loss_detail`: no detail (the loss is not OutOfRange, or it is not lost).
            #[constant]
            pub const LOSS_DETAIL_NONE: i32 = LossDetail::None as i32;
            /// `get_loss_detail`: it got too far to make out.
            #[constant]
            pub const LOSS_DETAIL_TOO_FAR: i32 = LossDetail::TooFar as i32;
            /// `get_loss_detail`: it left the side of the cone, within range.
            #[constant]
            pub const LOSS_DETAIL_OUTSIDE_CONE: i32 = LossDetail::OutsideCone as i32;

            #[constant]
            pub const AWARENESS_UNAWARE: i32 = AwarenessLevel::Unaware as i32;
            #[constant]
            pub const AWARENESS_PERIPHERAL: i32 = AwarenessLevel::Peripheral as i32;
            #[constant]
            pub const AWARENESS_SUSPICIOUS: i32 = AwarenessLevel::Suspicious as i32;
            #[constant]
            pub const AWARENESS_ALERTED: i32 = AwarenessLevel::Alerted as i32;
            #[constant]
            pub const AWARENESS_FULLY_AWARE: i32 = AwarenessLevel::FullyAware as i32;

            #[constant]
            pub const SENSE_VISION: i32 = Sense::Vision as i32;
            #[constant]
            pub const SENSE_HEARING: i32 = Sense::Hearing as i32;
            #[constant]
            pub const SENSE_SMELL: i32 = Sense::Smell as i32;
            #[constant]
            pub const SENSE_TOUCH: i32 = Sense::Touch as i32;
            #[constant]
            pub const SENSE_VIBRATION: i32 = Sense::Vibration as i32;
            #[constant]
            pub const SENSE_DAMAGE: i32 = Sense::Damage as i32;
            #[constant]
            pub const SENSE_PAIN: i32 = Sense::Pain as i32;
            #[constant]
            pub const SENSE_ECHOLOCATION: i32 = Sense::Echolocation as i32;
            /// Belief shared by squad mates arrives through this slot.
            #[constant]
            pub const SENSE_SQUAD: i32 = SQUAD_SENSE.0 as i32;

            #[constant]
            pub const THREAT_NONE: i32 = ThreatLevel::None as i32;
            #[constant]
            pub const THREAT_LOW: i32 = ThreatLevel::Low as i32;
            #[constant]
            pub const THREAT_MEDIUM: i32 = ThreatLevel::Medium as i32;
            #[constant]
            pub const THREAT_HIGH: i32 = ThreatLevel::High as i32;
            #[constant]
            pub const THREAT_CRITICAL: i32 = ThreatLevel::Critical as i32;

            #[constant]
            pub const RELATIONSHIP_FEARED: i32 = Relationship::Feared as i32;
            #[constant]
            pub const RELATIONSHIP_HIGH_VALUE: i32 = Relationship::HighValue as i32;
            #[constant]
            pub const RELATIONSHIP_ENEMY: i32 = Relationship::Enemy as i32;
            #[constant]
            pub const RELATIONSHIP_UNKNOWN: i32 = Relationship::Unknown as i32;
            #[constant]
            pub const RELATIONSHIP_NEUTRAL: i32 = Relationship::Neutral as i32;
            #[constant]
            pub const RELATIONSHIP_FRIENDLY: i32 = Relationship::Friendly as i32;
            #[constant]
            pub const RELATIONSHIP_TEAMMATE: i32 = Relationship::Teammate as i32;

            /// Evidence: while it lasts, what the senses report counts `amount` less.
            #[constant]
            pub const EVIDENCE_LOWER: i32 = EvidenceKind::Lower as i32;
            /// Evidence: while it lasts, confidence can't exceed `amount`.
            #[constant]
            pub const EVIDENCE_CAP: i32 = EvidenceKind::Cap as i32;
            /// Evidence: while it lasts, confidence is held at 0.
            #[constant]
            pub const EVIDENCE_CLEAR: i32 = EvidenceKind::Clear as i32;
            /// Evidence: while it lasts, confidence can't fall below `amount`.
            #[constant]
            pub const EVIDENCE_FLOOR: i32 = EvidenceKind::Floor as i32;
        }
    };
}
pub(crate) use constants;

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
