//! Brain (spec section 10, after the beliefs are updated): sort scores, the top target,
//! awareness (section 5), attention (section 6), all clear, and emotions (section 9); threat,
//! relationships, the player model and squad sharing live beside it.
//!
//! Places never take attention, change awareness or stop all clear (section 11), and neither do
//! allies (Friendly or Teammate): an AI is not alarmed by its own squad.

pub mod attention;
pub mod awareness;
pub mod emotion;
pub mod player_model;
pub mod relations;
pub mod sides;
pub mod squad;
pub mod threat;

use crate::belief::state::BeliefState;
use crate::belief::Belief;
use crate::brain::attention::{proximity, recency, sort_score, Attention, Rated};
use crate::brain::awareness::AwarenessLevel;
use crate::brain::emotion::{Emotion, EmotionInput, Emotions};
use crate::crowd::ledger::Ledger;
use crate::profile::{AttentionSettings, Profile};
use crate::relationship::Relationship;
use crate::threat_level::ThreatLevel;
use crate::{Pose, TargetId, TargetKind};

/// What the brain step reads besides the beliefs.
#[derive(Debug, Clone, Copy)]
pub struct BrainInput {
    pub dt: f32,
    /// The AI's eyes, for proximity.
    pub pose: Pose,
    /// The gather range proximity is measured against (spec section 13).
    pub gather_range: f32,
    /// The AI's own pain, 0..1, which its emotions read.
    pub pain: f32,
    /// Mind time, seconds.
    pub now: f64,
}

/// What one AI makes of its beliefs as a whole: who is on top, how aware it is, whom it commits
/// to, and how it feels.
#[derive(Debug, Clone, Default)]
pub struct Brain {
    pub(crate) attention: Attention,
    pub(crate) awareness: AwarenessLevel,
    pub(crate) top: Option<TargetId>,
    /// Actors noticed at the last step: all clear fires when it falls to none.
    pub(crate) noticed_actors: usize,
    pub(crate) emotions: Emotions,
}

/// What one brain step changed, each as (old, new). The brain holds no event list: the tick,
/// which does, reports these as events (spec section 10, events follow the brain).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Changes {
    pub(crate) awareness: Option<(AwarenessLevel, AwarenessLevel)>,
    pub(crate) attention: Option<(Option<TargetId>, Option<TargetId>)>,
    /// No actor is noticed any more, where some were at the step before.
    pub(crate) all_clear: bool,
    pub(crate) emotion: Option<(Option<Emotion>, Option<Emotion>)>,
}

/// What the brain step gathers from the beliefs one at a time, in slot order, before it
/// decides anything: the tick rates each belief as soon as it is updated, while it is at hand.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Survey {
    top: Option<Rated>,
    top_confidence: Option<f32>,
    noticed: usize,
    feel: EmotionInput,
    suspected_only: bool,
    in_contact: bool,
}

impl Survey {
    /// A survey of no belief yet, for an AI in `pain`.
    pub(crate) fn new(pain: f32) -> Self {
        Survey {
            top: None,
            top_confidence: None,
            noticed: 0,
            feel: EmotionInput {
                pain,
                ..EmotionInput::default()
            },
            suspected_only: false,
            in_contact: false,
        }
    }

    /// Writes one belief's sort score and takes the belief into account. Inlined into the
    /// tick's belief loop.
    #[inline]
    pub(crate) fn rate(
        &mut self,
        b: &mut Belief,
        settings: &AttentionSettings,
        input: &BrainInput,
    ) {
        // SortScore (spec section 6, "Which target is top").
        b.sort_score = sort_score(
            settings,
            b.confidence,
            recency(b.time_since_sensed(input.now)),
            proximity(
                b.last_known_position.distance(input.pose.position),
                input.gather_range,
            ),
        );
        // Allies are noticed but never alert the AI: they take no attention, set no
        // awareness and don't keep it from standing down.
        let ally = b.relationship.is_ally();
        if b.state == BeliefState::Suspected && !ally {
            self.suspected_only = true;
        }
        if b.kind != TargetKind::Actor || ally {
            return;
        }
        let feel = &mut self.feel;
        if b.state.is_in_contact() {
            self.in_contact = true;
            feel.contact_threat = feel.contact_threat.max(b.threat_score);
        }
        if b.relationship == Relationship::Feared {
            feel.feared_threat = feel.feared_threat.max(b.threat_score);
        }
        if b.threat_level >= ThreatLevel::High {
            feel.high_threats += 1;
        }
        if !b.state.is_noticed() {
            return;
        }
        self.noticed += 1;
        if self.top.is_none_or(|t| b.sort_score > t.score) {
            self.top = Some(Rated {
                target: b.target,
                state: b.state,
                score: b.sort_score,
            });
            self.top_confidence = Some(b.confidence);
        }
    }
}

impl Brain {
    /// One brain step, once the tick has rated every belief in `ledger` into `survey` (their
    /// sort scores are written back): the top target, awareness, attention, all clear and
    /// emotions. Returns what changed, for the tick to report.
    pub(crate) fn conclude(
        &mut self,
        survey: Survey,
        ledger: &Ledger,
        profile: &Profile,
        input: BrainInput,
    ) -> Changes {
        let mut changes = Changes::default();
        let settings = profile.attention;
        let Survey {
            top,
            top_confidence,
            noticed,
            mut feel,
            suspected_only,
            in_contact,
        } = survey;
        self.top = top.map(|t| t.target);

        let awareness = AwarenessLevel::for_confidence(top_confidence, &profile.thresholds);
        if awareness != self.awareness {
            changes.awareness = Some((self.awareness, awareness));
            self.awareness = awareness;
        }

        let current = self.attention.target().and_then(|t| {
            ledger.belief(t).map(|b| Rated {
                target: t,
                state: b.state,
                score: b.sort_score,
            })
        });
        changes.attention = self.attention.update(input.dt, top, current, &settings);

        changes.all_clear = self.noticed_actors > 0 && noticed == 0;
        self.noticed_actors = noticed;

        feel.awareness = awareness as u8;
        feel.something_suspected = suspected_only && !in_contact;
        changes.emotion = self.emotions.update(&feel, &profile.emotion, input.dt);
        changes
    }

    #[must_use]
    pub fn awareness(&self) -> AwarenessLevel {
        self.awareness
    }

    /// Whoever scored highest at the last step among noticed actors.
    #[must_use]
    pub fn top_target(&self) -> Option<TargetId> {
        self.top
    }

    /// The target the AI commits to.
    #[must_use]
    pub fn attention_target(&self) -> Option<TargetId> {
        self.attention.target()
    }

    #[must_use]
    pub fn emotions(&self) -> &Emotions {
        &self.emotions
    }

    /// The dominant emotion, if any is at or above the Emotion Active Threshold.
    #[must_use]
    pub fn dominant_emotion(&self, profile: &Profile) -> Option<Emotion> {
        self.emotions.dominant(&profile.emotion)
    }

    /// Focus on `target` now (Force Attention Target); the change, if any, as (old, new).
    pub fn force_attention(
        &mut self,
        target: Option<TargetId>,
    ) -> Option<(Option<TargetId>, Option<TargetId>)> {
        self.attention.force(target)
    }

    /// Lets attention go if it is on `target` (its belief left the ledger).
    pub fn forget(&mut self, target: TargetId) {
        self.attention.forget(target);
    }
}
