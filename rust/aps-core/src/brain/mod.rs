//! The brain step of the perception tick (spec section 10): sort scores, the top target,
//! awareness (section 5), attention (section 6), all clear, and emotions (section 9). Places
//! never take attention, change awareness or stop all clear (section 11), and neither do allies
//! (Friendly or Teammate): an AI is not alarmed by its own squad.

pub mod attention;
pub mod awareness;
pub mod emotion;
pub mod player_model;
pub mod squad;
pub mod threat;

use crate::belief::state::BeliefState;
use crate::brain::attention::{proximity, recency, sort_score, Rated};
use crate::brain::awareness::AwarenessLevel;
use crate::brain::emotion::EmotionInput;
use crate::brain::threat::{Relationship, ThreatLevel};
use crate::events::Event;
use crate::mind::Perceiver;
use crate::{Pose, TargetKind};

impl Perceiver {
    pub(crate) fn think(&mut self, dt: f32, pose: Pose, gather_range: f32) {
        let settings = self.profile.attention;
        let now = self.now;
        let mut top: Option<Rated> = None;
        let mut top_confidence = None;
        let mut noticed = 0;
        let mut feel = EmotionInput {
            pain: self.pain,
            ..EmotionInput::default()
        };
        let mut suspected_only = false;
        let mut in_contact = false;
        for b in self.ledger.iter_mut() {
            b.sort_score = sort_score(
                &settings,
                b.confidence,
                recency(b.time_since_sensed(now)),
                proximity(b.last_known_position.distance(pose.position), gather_range),
            );
            // Allies are noticed but never alert the AI: they take no attention, set no
            // awareness and don't keep it from standing down.
            let ally = b.relationship.is_ally();
            if b.state == BeliefState::Suspected && !ally {
                suspected_only = true;
            }
            if b.kind != TargetKind::Actor || ally {
                continue;
            }
            if b.state.is_in_contact() {
                in_contact = true;
                feel.contact_threat = feel.contact_threat.max(b.threat_score);
            }
            if b.relationship == Relationship::Feared {
                feel.feared_threat = feel.feared_threat.max(b.threat_score);
            }
            if b.threat_level >= ThreatLevel::High {
                feel.high_threats += 1;
            }
            if !b.state.is_noticed() {
                continue;
            }
            noticed += 1;
            if top.is_none_or(|t| b.sort_score > t.score) {
                top = Some(Rated {
                    target: b.target,
                    state: b.state,
                    score: b.sort_score,
                });
                top_confidence = Some(b.confidence);
            }
        }
        self.top = top.map(|t| t.target);

        let awareness = AwarenessLevel::for_confidence(top_confidence, &self.profile.thresholds);
        if awareness != self.awareness {
            self.events.push(Event::AwarenessChanged {
                old: self.awareness,
                new: awareness,
            });
            self.awareness = awareness;
        }

        let current = self.attention.target().and_then(|t| {
            self.ledger.belief(t).map(|b| Rated {
                target: t,
                state: b.state,
                score: b.sort_score,
            })
        });
        if let Some((old, new)) = self.attention.update(dt, top, current, &settings) {
            self.events.push(Event::AttentionChanged { old, new });
        }

        if self.noticed_actors > 0 && noticed == 0 {
            self.events.push(Event::AllClear);
        }
        self.noticed_actors = noticed;

        feel.awareness = awareness as u8;
        feel.something_suspected = suspected_only && !in_contact;
        if let Some((old, new)) = self.emotions.update(&feel, &self.profile.emotion, dt) {
            self.events.push(Event::EmotionChanged { old, new });
        }
    }
}
