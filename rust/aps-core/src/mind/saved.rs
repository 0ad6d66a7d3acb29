//! A mind to its saved form ([`MindSave`]): every belief, awareness, attention and its
//! stickiness, emotions, episodes, player models, evidence, places and relationships, so that
//! the tick after a restore (`restored.rs`) is the tick the mind would have run had the game
//! never stopped.

use super::Mind;
use crate::belief::episodes::MemoryStore;
use crate::belief::evidence::EvidenceStore;
use crate::belief::places::{is_place, Places, PLACE_BIT};
use crate::belief::Belief;
use crate::brain::emotion::Emotion;
use crate::brain::player_model::PlayerModels;
use crate::brain::relations::Relations;
use crate::brain::Brain;
use crate::save::format::{
    BeliefSave, BrainSave, EmotionsSave, EpisodeSave, EvidenceSave, HeadingSave, MindSave,
    MotionSave, PlaceSave, PlayerModelSave, RelationshipSave, SubjectSave,
};
use crate::save::{place_key, Keys};
use crate::TargetId;
use glam::Vec3;

/// A time that never happened (`-inf`) is saved as none.
fn saved_time(t: f64) -> Option<f64> {
    t.is_finite().then_some(t)
}

impl Mind {
    /// The key of `id`: a place's own, else the engine's.
    fn key(&self, id: TargetId, keys: &dyn Keys) -> Option<String> {
        if is_place(id) {
            Some(place_key(id.0 & !PLACE_BIT))
        } else {
            keys.key_of(id)
        }
    }

    /// Everything this mind holds, its targets named by `keys`. Beliefs about a target with no
    /// key are left out.
    #[must_use]
    pub fn save(&self, keys: &dyn Keys) -> MindSave {
        let key = |id: TargetId| self.key(id, keys);
        let beliefs = self
            .ledger
            .iter()
            .filter_map(|b| {
                let predicted = self
                    .predicted_position(b.target)
                    .unwrap_or(b.last_known_position);
                Some(save_belief(b, key(b.target)?, predicted))
            })
            .collect();
        MindSave {
            now: self.now,
            pain: self.pain,
            facing: self.facing,
            detections: self.detections,
            since_maintenance: self.since_maintenance,
            beliefs,
            brain: save_brain(&self.brain, &key),
            episodes: save_episodes(&self.memory, &key),
            player_models: save_models(&self.models, &key),
            evidence: save_evidence(&self.evidence, &key),
            places: save_places(&self.places, keys),
            next_place: self.places.next,
            team: self.relations.team(),
            relationships: save_relationships(&self.relations, &key),
        }
    }
}

/// The key a target is saved by, if it has one.
type Key<'a> = dyn Fn(TargetId) -> Option<String> + 'a;

/// One belief as saved, about `target`, with the position predicted for it now.
fn save_belief(b: &Belief, target: String, predicted_position: Vec3) -> BeliefSave {
    BeliefSave {
        target,
        kind: b.kind,
        state: b.state,
        confidence: b.confidence,
        fused: b.fused,
        phase: b.phase,
        active_senses: b.active.0,
        dominant_sense: b.dominant.map(|s| s.0),
        governing_sense: b.governing.map(|s| s.0),
        time_in_state: b.time_in_state,
        last_sensed_at: saved_time(b.last_sensed_at),
        last_active_confidence: b.last_active_confidence,
        loss_reason: b.loss_reason,
        loss_detail: b.loss_detail,
        loss_direction: b.loss_direction,
        last_known_position: b.last_known_position,
        last_known_precision: b.last_known_precision,
        predicted_position,
        motion: MotionSave {
            sample_time: b.motion.sample.map(|s| s.0),
            sample_position: b.motion.sample.map_or(Vec3::ZERO, |s| s.1),
            has_velocity: b.motion.has_velocity,
            velocity: b.motion.velocity,
            acceleration: b.motion.acceleration,
        },
        sensed_heading: b.sensed_heading.map(|(s, d)| HeadingSave {
            sense: s.0,
            direction: d,
        }),
        target_speed: b.target_speed,
        detections: b.detections,
        destroyed: b.destroyed,
        sort_score: b.sort_score,
        long_term_memory_strength: b.long_term_strength,
        uncertainty_radius: b.uncertainty_radius,
        damage_received: b.damage_received,
        relationship: b.relationship,
        threat_score: b.threat_score,
        threat_level: b.threat_level,
        peak_confidence: b.peak_confidence,
        was_sensed: b.was_sensed,
        governing_last_active: saved_time(b.governing_last_active),
        sense_cues: b.sense_cue.to_vec(),
        sense_details: b.sense_detail.to_vec(),
    }
}

/// The brain: awareness, attention and its stickiness, the top target and the emotions.
fn save_brain(brain: &Brain, key: &Key) -> BrainSave {
    let e = brain.emotions;
    BrainSave {
        awareness: brain.awareness,
        attention_target: brain.attention.target.and_then(key),
        attention_held: brain.attention.held,
        attention_forced: brain.attention.forced,
        top_target: brain.top.and_then(key),
        noticed_actors: brain.noticed_actors as u32,
        emotions: EmotionsSave {
            fear: e.get(Emotion::Fear),
            aggression: e.get(Emotion::Aggression),
            curiosity: e.get(Emotion::Curiosity),
            alertness: e.get(Emotion::Alertness),
            panic: e.get(Emotion::Panic),
        },
    }
}

/// Each target's episodes, oldest first.
fn save_episodes(memory: &MemoryStore, key: &Key) -> Vec<SubjectSave> {
    memory
        .subjects
        .iter()
        .filter_map(|s| {
            let target = key(s.target)?;
            let mut episodes: Vec<EpisodeSave> = memory
                .episodes(s.target)
                .map(|e| EpisodeSave {
                    time: e.time,
                    loss_reason: e.loss_reason,
                    location: e.location,
                    ai_facing: e.ai_facing,
                    target_direction: e.target_direction,
                    lost_from: e.lost_from,
                    peak_confidence: e.peak_confidence,
                })
                .collect();
            episodes.reverse();
            Some(SubjectSave {
                target,
                episodes,
                last: s.last,
            })
        })
        .collect()
}

/// Each target's player model.
fn save_models(models: &PlayerModels, key: &Key) -> Vec<PlayerModelSave> {
    models
        .models
        .iter()
        .filter_map(|m| {
            Some(PlayerModelSave {
                target: key(m.target)?,
                encounters: m.encounters,
                losses: m.losses,
                hides: m.hides,
                outruns: m.outruns,
                typical_speed: m.typical_speed,
                escape_sum: m.escape_sum,
                time_sensed: m.time_sensed,
                last_sensed: m.last_sensed,
            })
        })
        .collect()
}

/// Each piece of evidence about a target.
fn save_evidence(evidence: &EvidenceStore, key: &Key) -> Vec<EvidenceSave> {
    evidence
        .items
        .iter()
        .filter_map(|e| {
            Some(EvidenceSave {
                target: key(e.target)?,
                kind: e.kind,
                amount: e.amount,
                expires_at: e.expires_at,
            })
        })
        .collect()
}

/// Every place, by its number and its tag's name.
fn save_places(places: &Places, keys: &dyn Keys) -> Vec<PlaceSave> {
    places
        .places
        .iter()
        .map(|p| PlaceSave {
            number: p.id.0 & !PLACE_BIT,
            tag: keys.tag_name(p.tag),
            location: p.location,
            accuracy: p.accuracy,
        })
        .collect()
}

/// The relationships the game set per target.
fn save_relationships(relations: &Relations, key: &Key) -> Vec<RelationshipSave> {
    relations
        .overrides()
        .iter()
        .filter_map(|(t, r)| {
            Some(RelationshipSave {
                target: key(*t)?,
                relationship: *r,
            })
        })
        .collect()
}
