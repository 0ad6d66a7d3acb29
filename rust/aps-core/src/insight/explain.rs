//! Why an AI believes what it does about one target: the dominant sense and, for each sense's
//! reading of the last pass, the factors that made it, in words a designer reads.
//!
//! Built from what the pass already holds (its readings and, while the AI is noting, its
//! [`Notes`]); nothing is looked at again, so explaining casts no ray.

use super::notes::{Factor, Notes};
use crate::belief::loss::LossReason;
use crate::senses::id::{Sense, SenseId};
use crate::senses::rays::BodyId;
use crate::{BeliefState, Observations, TargetId};
use smallvec::SmallVec;
use std::fmt::Write;

/// The parts of one sense's line, each a factor in words.
type Parts = SmallVec<[String; 8]>;

/// One sense's part in an explanation.
#[derive(Debug, Clone, PartialEq)]
pub struct SenseWhy {
    pub sense: SenseId,
    /// The reading's confidence (0 when the sense missed).
    pub confidence: f32,
    /// The sense had the target.
    pub perceived: bool,
    /// What its look found instead, when it missed.
    pub cue: LossReason,
    /// The factors it noted, in the order it noted them.
    pub factors: SmallVec<[(Factor, f32); 12]>,
    /// What stopped its rays, nearest first as cast, each once.
    pub blockers: SmallVec<[BodyId; 4]>,
    /// The occluders its rays passed through (glass, foliage, smoke), each once.
    pub through: SmallVec<[BodyId; 4]>,
}

impl SenseWhy {
    /// The value of one noted factor.
    #[must_use]
    pub fn factor(&self, factor: Factor) -> Option<f32> {
        self.factors
            .iter()
            .find(|(f, _)| *f == factor)
            .map(|(_, v)| *v)
    }

    /// One line: what the sense made of the target and why, `name` being the sense's name and
    /// `body_name` naming what blocked a ray.
    #[must_use]
    pub fn words(&self, name: &str, body_name: &dyn Fn(BodyId) -> String) -> String {
        let mut s = String::new();
        let f = |factor| self.factor(factor);
        if self.perceived {
            let _ = write!(s, "{name} {:.2}", self.confidence);
        } else {
            let _ = write!(s, "{name}: nothing");
        }
        let mut parts = Parts::new();
        if self.sense == Sense::Vision.id() {
            self.vision_parts(body_name, &mut parts);
        } else if self.sense == Sense::Hearing.id() {
            self.hearing_parts(body_name, &mut parts);
        }
        if let Some(d) = f(Factor::Dulling).filter(|d| *d < 1.0) {
            parts.push(format!("dulled by pain (x{d:.2})"));
        }
        if !self.perceived {
            // A vision miss out of range already says how far or how far off its axis.
            let said = self.cue == LossReason::OutOfRange && !parts.is_empty();
            if let Some(why) = self.miss_words(body_name).filter(|_| !said) {
                parts.insert(0, why);
            }
        }
        if !parts.is_empty() {
            s.push_str(if self.perceived { ": " } else { ", " });
            s.push_str(&parts.join(", "));
        }
        s
    }

    /// What made a look's confidence, in words: distance, angle, points in view, what it saw
    /// through, light, motion and cloak.
    fn vision_parts(&self, body_name: &dyn Fn(BodyId) -> String, parts: &mut Parts) {
        let f = |factor| self.factor(factor);
        if let (Some(m), Some(r)) = (f(Factor::Metres), f(Factor::Range)) {
            match f(Factor::Distance) {
                Some(d) => parts.push(format!("{m:.1} m of {r:.0} m (x{d:.2})")),
                None if m > r => parts.push(format!("{m:.1} m away, beyond its {r:.0} m range")),
                None => {}
            }
        }
        match (f(Factor::Degrees), f(Factor::Cone)) {
            (Some(a), Some(c)) => parts.push(format!("{a:.0} deg off its axis (x{c:.2})")),
            (Some(a), None) if f(Factor::SamplePoints).is_none() => {
                parts.push(format!("{a:.0} deg off its axis, outside its cones"));
            }
            _ => {}
        }
        if let (Some(v), Some(n)) = (f(Factor::VisiblePoints), f(Factor::SamplePoints)) {
            parts.push(format!("{v:.0} of {n:.0} points in view"));
        }
        if let Some(t) = f(Factor::Transmission).filter(|t| *t < 1.0) {
            parts.push(format!(
                "through {} (x{t:.2})",
                self.names_through(body_name)
            ));
        }
        if let (Some(level), Some(l)) = (f(Factor::LightLevel), f(Factor::Light)) {
            let dark = if level < 0.25 { ", dark" } else { "" };
            parts.push(format!("light {level:.2}{dark} (x{l:.2})"));
        }
        if let Some(m) = f(Factor::Motion).filter(|m| *m > 1.0) {
            parts.push(format!("moving (x{m:.2})"));
        }
        if let Some(c) = f(Factor::Cloak).filter(|c| *c != 1.0) {
            parts.push(format!("visibility x{c:.2}"));
        }
    }

    /// What made a heard sound's confidence, in words: loudness, distance, muffling, the way
    /// round and rain.
    fn hearing_parts(&self, body_name: &dyn Fn(BodyId) -> String, parts: &mut Parts) {
        let f = |factor| self.factor(factor);
        if let Some(l) = f(Factor::Loudness) {
            parts.push(format!("loudness {l:.2}"));
        }
        if let (Some(m), Some(r), Some(d)) =
            (f(Factor::Metres), f(Factor::Range), f(Factor::Distance))
        {
            parts.push(format!("{m:.1} m of {r:.0} m (x{d:.2})"));
        }
        if let Some(m) = f(Factor::Muffling).filter(|m| *m < 1.0) {
            if self.through.is_empty() {
                parts.push(format!("muffled by a wall (x{m:.2})"));
            } else {
                parts.push(format!(
                    "muffled by {} (x{m:.2})",
                    self.names_through(body_name)
                ));
            }
        }
        if let Some(m) = f(Factor::RouteMetres) {
            parts.push(format!(
                "came round the wall, {m:.1} m by way of an opening"
            ));
        }
        if let Some(r) = f(Factor::Rain).filter(|r| *r < 1.0) {
            parts.push(format!("rain (x{r:.2})"));
        }
    }

    /// The occluders passed, by name.
    fn names_through(&self, body_name: &dyn Fn(BodyId) -> String) -> String {
        let names: SmallVec<[String; 4]> = self.through.iter().map(|b| body_name(*b)).collect();
        names.join(", ")
    }

    /// Why the sense missed, in words: what blocked it, the dark, or its cue.
    fn miss_words(&self, body_name: &dyn Fn(BodyId) -> String) -> Option<String> {
        match self.cue {
            // Seen through an occluder, but too little of it came through to see.
            LossReason::Occluded if self.blockers.is_empty() && !self.through.is_empty() => Some(
                format!("seen only through {}", self.names_through(body_name)),
            ),
            LossReason::Occluded if !self.blockers.is_empty() => {
                let names: SmallVec<[String; 4]> =
                    self.blockers.iter().map(|b| body_name(*b)).collect();
                Some(format!("blocked by {}", names.join(", ")))
            }
            LossReason::Occluded => Some("too little of it in view".into()),
            LossReason::SensorDropout => Some(self.limit().into()),
            LossReason::OutOfRange => Some("out of range or outside its cones".into()),
            LossReason::None => None,
            other => Some(other.name().into()),
        }
    }

    /// What held a reading below the point of sensing it: the darkness, a cloak or pain.
    fn limit(&self) -> &'static str {
        let light = self.factor(Factor::Light).unwrap_or(1.0);
        let cloak = self.factor(Factor::Cloak).unwrap_or(1.0);
        let dulling = self.factor(Factor::Dulling).unwrap_or(1.0);
        if light <= cloak && light <= dulling && light < 1.0 {
            "too dark to see"
        } else if cloak <= dulling && cloak < 1.0 {
            "too well hidden to see"
        } else if dulling < 1.0 {
            "senses dulled by pain"
        } else {
            "too faint"
        }
    }
}

/// Why an AI believes what it does about one target.
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    pub target: TargetId,
    /// The belief's state, `None` when the AI holds no belief about the target.
    pub state: Option<BeliefState>,
    /// Smoothed Confidence.
    pub confidence: f32,
    /// This tick's fused confidence.
    pub fused: f32,
    /// The sense that set the fused level when a sense last had the target.
    pub dominant: Option<SenseId>,
    pub loss_reason: LossReason,
    /// The target was looked at in the last pass.
    pub looked_at: bool,
    /// Every sense's reading of it in the last pass.
    pub senses: SmallVec<[SenseWhy; 4]>,
}

impl Explanation {
    /// Gathers the explanation of `target` from the last pass's readings and notes.
    #[must_use]
    pub fn of(
        target: TargetId,
        belief: Option<&crate::Belief>,
        observations: &Observations,
        notes: &Notes,
    ) -> Explanation {
        let observation = observations.targets().iter().find(|t| t.target == target);
        let mut senses = SmallVec::new();
        if let Some(t) = observation {
            for r in observations.readings_of(t) {
                let factors = notes
                    .factors_of(target, r.sense)
                    .map(|n| (n.factor, n.value))
                    .collect();
                let mut blockers: SmallVec<[BodyId; 4]> = SmallVec::new();
                let mut through: SmallVec<[BodyId; 4]> = SmallVec::new();
                for ray in notes.rays_of(target, r.sense) {
                    if let Some(b) = ray.through.filter(|b| !through.contains(b)) {
                        through.push(b);
                    }
                    if ray.reached {
                        continue;
                    }
                    if let Some(b) = ray.hit.filter(|b| !blockers.contains(b)) {
                        blockers.push(b);
                    }
                }
                senses.push(SenseWhy {
                    sense: r.sense,
                    confidence: r.confidence,
                    perceived: r.confidence > 0.0,
                    cue: r.cue,
                    factors,
                    blockers,
                    through,
                });
            }
        }
        Explanation {
            target,
            state: belief.map(|b| b.state),
            confidence: belief.map_or(0.0, |b| b.confidence),
            fused: belief.map_or(0.0, |b| b.fused),
            dominant: belief.and_then(|b| b.dominant),
            loss_reason: belief.map_or(LossReason::None, |b| b.loss_reason),
            looked_at: observation.is_some(),
            senses,
        }
    }

    /// The part of `sense`, if it read the target in the last pass.
    #[must_use]
    pub fn sense(&self, sense: SenseId) -> Option<&SenseWhy> {
        self.senses.iter().find(|s| s.sense == sense)
    }

    /// One paragraph: the belief, then each sense's line, `sense_name` naming a sense slot.
    #[must_use]
    pub fn words(
        &self,
        sense_name: &dyn Fn(SenseId) -> String,
        body_name: &dyn Fn(BodyId) -> String,
    ) -> String {
        let mut s = match self.state {
            Some(state) => format!("{} at {:.2}", state.name(), self.confidence),
            None => "not believed in".to_string(),
        };
        if let Some(d) = self.dominant {
            let _ = write!(s, ", mostly by {}", sense_name(d));
        }
        if self.loss_reason != LossReason::None {
            let _ = write!(s, ", lost: {}", self.loss_reason.name());
        }
        if !self.looked_at {
            s.push_str(". Not looked at in the last pass");
        }
        for why in &self.senses {
            let _ = write!(s, ". {}", why.words(&sense_name(why.sense), body_name));
        }
        s
    }
}

/// The name of a built-in sense slot, or `sense N` for another.
#[must_use]
pub fn builtin_sense_name(id: SenseId) -> String {
    Sense::ALL
        .get(id.index())
        .map_or_else(|| format!("sense {}", id.0), |s| s.name().to_string())
}
