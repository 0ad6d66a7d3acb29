//! What a mind made of its beliefs, from its saved form: the brain (awareness, attention,
//! emotions), episodes, player models, evidence and relationships, each kept only for targets
//! that still exist and cut to what its store holds.

use super::Named;
use crate::belief::episodes::{Episode, MemoryStore, Subject, EPISODES_PER_SUBJECT, SUBJECTS};
use crate::belief::evidence::{Evidence, EvidenceStore, EVIDENCE_SLOTS};
use crate::belief::places::is_place;
use crate::brain::emotion::Emotion;
use crate::brain::player_model::{PlayerModel, PlayerModels, MODELS};
use crate::brain::relations::Relations;
use crate::brain::Brain;
use crate::crowd::ledger::Ledger;
use crate::save::format::{
    BrainSave, EvidenceSave, PlayerModelSave, RelationshipSave, SubjectSave,
};
use crate::save::{Repair, MAX_RELATIONSHIPS};
use crate::TargetId;

/// The brain as saved: attention only on an actor still believed in (in `ledger`), the top
/// target only if still believed in.
pub(super) fn restore_brain(
    brain: &mut Brain,
    b: &BrainSave,
    named: &Named,
    ledger: &Ledger,
    fix: &mut Repair,
) {
    let believed = |id: TargetId| ledger.find(id).is_some();
    brain.awareness = b.awareness;
    brain.attention.target = b
        .attention_target
        .as_deref()
        .and_then(named)
        .filter(|t| !is_place(*t) && believed(*t));
    brain.attention.held =
        fix.non_negative(|| "mind.brain.attention_held".into(), b.attention_held);
    brain.attention.forced = b.attention_forced && brain.attention.target.is_some();
    brain.top = b
        .top_target
        .as_deref()
        .and_then(named)
        .filter(|t| believed(*t));
    brain.noticed_actors = b.noticed_actors as usize;
    let e = &b.emotions;
    let values = [e.fear, e.aggression, e.curiosity, e.alertness, e.panic];
    for (emotion, v) in Emotion::ALL.into_iter().zip(values) {
        brain.emotions.values[emotion as usize] = fix.unit(
            || format!("mind.brain.emotions.{}", emotion_key(emotion)),
            v,
        );
    }
}

/// The episodes of targets that still exist, up to [`SUBJECTS`] of them, each keeping its
/// newest [`EPISODES_PER_SUBJECT`].
pub(super) fn restore_episodes(
    memory: &mut MemoryStore,
    saved: &[SubjectSave],
    named: &Named,
    fix: &mut Repair,
) {
    memory.subjects.clear();
    for (i, s) in saved.iter().enumerate() {
        let Some(target) = named(&s.target) else {
            continue;
        };
        if memory.subjects.len() >= SUBJECTS {
            fix.note(
                format!("mind.episodes[{i}]"),
                format!("more than {SUBJECTS} subjects; the rest are dropped"),
            );
            break;
        }
        let kept = s.episodes.len().min(EPISODES_PER_SUBJECT);
        if s.episodes.len() > kept {
            fix.note(
                format!("mind.episodes[{i}].episodes"),
                format!("more than {EPISODES_PER_SUBJECT} episodes; the newest are kept"),
            );
        }
        let mut subject = Subject {
            target,
            episodes: [Episode::default(); EPISODES_PER_SUBJECT],
            len: kept,
            next: kept % EPISODES_PER_SUBJECT,
            last: fix.time(|| format!("mind.episodes[{i}].last"), s.last),
        };
        for (k, e) in s.episodes[s.episodes.len() - kept..].iter().enumerate() {
            let f = |n: &str| format!("mind.episodes[{i}].episodes[{k}].{n}");
            subject.episodes[k] = Episode {
                time: fix.time(|| f("time"), e.time),
                loss_reason: e.loss_reason,
                location: fix.vec3(|| f("location"), e.location),
                ai_facing: fix.vec3(|| f("ai_facing"), e.ai_facing),
                target_direction: fix.vec3(|| f("target_direction"), e.target_direction),
                lost_from: e.lost_from,
                peak_confidence: fix.unit(|| f("peak_confidence"), e.peak_confidence),
            };
        }
        memory.subjects.push(subject);
    }
}

/// The player models of targets that still exist, up to [`MODELS`] of them.
pub(super) fn restore_models(
    models: &mut PlayerModels,
    saved: &[PlayerModelSave],
    named: &Named,
    fix: &mut Repair,
) {
    models.models.clear();
    models.last = 0;
    for (i, m) in saved.iter().enumerate() {
        let Some(target) = named(&m.target) else {
            continue;
        };
        if models.models.len() >= MODELS {
            fix.note(
                format!("mind.player_models[{i}]"),
                format!("more than {MODELS} models; the rest are dropped"),
            );
            break;
        }
        let f = |n: &str| format!("mind.player_models[{i}].{n}");
        models.models.push(PlayerModel {
            target,
            encounters: m.encounters,
            losses: m.losses,
            hides: m.hides.min(m.losses),
            outruns: m.outruns.min(m.losses),
            typical_speed: fix.non_negative(|| f("typical_speed"), m.typical_speed),
            escape_sum: fix.vec3(|| f("escape_sum"), m.escape_sum),
            time_sensed: fix.non_negative(|| f("time_sensed"), m.time_sensed),
            last_sensed: fix.time(|| f("last_sensed"), m.last_sensed),
        });
    }
}

/// The evidence about targets that still exist, up to [`EVIDENCE_SLOTS`] pieces.
pub(super) fn restore_evidence(
    evidence: &mut EvidenceStore,
    saved: &[EvidenceSave],
    named: &Named,
    fix: &mut Repair,
) {
    evidence.items.clear();
    for (i, e) in saved.iter().enumerate() {
        let Some(target) = named(&e.target) else {
            continue;
        };
        if evidence.items.len() >= EVIDENCE_SLOTS {
            fix.note(
                format!("mind.evidence[{i}]"),
                format!("more than {EVIDENCE_SLOTS} pieces; the rest are dropped"),
            );
            break;
        }
        evidence.items.push(Evidence {
            target,
            kind: e.kind,
            amount: fix.unit(|| format!("mind.evidence[{i}].amount"), e.amount),
            expires_at: fix.time(|| format!("mind.evidence[{i}].expires_at"), e.expires_at),
        });
    }
}

/// The relationships set for targets that still exist, up to [`MAX_RELATIONSHIPS`].
pub(super) fn restore_relationships(
    relations: &mut Relations,
    saved: &[RelationshipSave],
    named: &Named,
    fix: &mut Repair,
) {
    relations.clear_overrides();
    if saved.len() > MAX_RELATIONSHIPS {
        fix.note(
            "mind.relationships",
            format!("more than {MAX_RELATIONSHIPS}; the rest are dropped"),
        );
    }
    for r in saved.iter().take(MAX_RELATIONSHIPS) {
        if let Some(target) = named(&r.target) {
            relations.set_override(target, Some(r.relationship));
        }
    }
}

/// The key of an emotion's field.
fn emotion_key(e: Emotion) -> &'static str {
    match e {
        Emotion::Fear => "fear",
        Emotion::Aggression => "aggression",
        Emotion::Curiosity => "curiosity",
        Emotion::Alertness => "alertness",
        Emotion::Panic => "panic",
    }
}
