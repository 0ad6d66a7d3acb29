//! Emotion: five values on the AI itself, each 0..1 (spec section 9). The rules are APS for
//! Godot's own; each emotion chases a goal read off the belief, rising and falling at its own
//! rates, and never exceeds its cap (all caps 0: a robot feels nothing).
//!
//! | emotion | goal | rises | falls |
//! |---|---|---|---|
//! | alertness | awareness level / 4 | 0.5/s | 0.05/s |
//! | curiosity | 0.7 while the top target or a place is only Suspected, else 0 | 0.3/s | 0.1/s |
//! | fear | the larger of pain and the highest threat of a Feared target | 0.5/s | 0.05/s |
//! | aggression | the highest threat in contact (Detected or Tracked), times 1 − pain | 0.4/s | 0.1/s |
//! | panic | (fear − 0.6) / 0.4 while two or more targets are at High threat or pain is over 0.5 | 1/s | 0.2/s |
//!
//! The dominant emotion is the strongest at or above the Emotion Active Threshold.

use crate::profile::EmotionSettings;
pub use crate::vocabulary::emotion::Emotion;

impl Emotion {
    /// (rise, fall) per second.
    const fn rates(self) -> (f32, f32) {
        match self {
            Emotion::Fear => (0.5, 0.05),
            Emotion::Aggression => (0.4, 0.1),
            Emotion::Curiosity => (0.3, 0.1),
            Emotion::Alertness => (0.5, 0.05),
            Emotion::Panic => (1.0, 0.2),
        }
    }

    fn cap(self, s: &EmotionSettings) -> f32 {
        match self {
            Emotion::Fear => s.fear_cap,
            Emotion::Aggression => s.aggression_cap,
            Emotion::Curiosity => s.curiosity_cap,
            Emotion::Alertness => s.alertness_cap,
            Emotion::Panic => s.panic_cap,
        }
    }
}

/// What the emotions read each tick.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct EmotionInput {
    /// Awareness level, 0..4.
    pub awareness: u8,
    /// The top target or a place is Suspected and nothing is Detected.
    pub something_suspected: bool,
    /// The AI's pain, 0..1.
    pub pain: f32,
    /// The highest threat score among Feared targets.
    pub feared_threat: f32,
    /// The highest threat score among targets in contact.
    pub contact_threat: f32,
    /// How many targets are at High threat or above.
    pub high_threats: u32,
}

/// The AI's five emotions.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Emotions {
    pub(crate) values: [f32; 5],
}

impl Emotions {
    #[must_use]
    pub fn get(&self, e: Emotion) -> f32 {
        self.values[e as usize]
    }

    /// The goal each emotion chases, before its cap.
    #[must_use]
    pub fn goals(&self, i: &EmotionInput) -> [f32; 5] {
        let fear = self.get(Emotion::Fear);
        let panicky = i.high_threats >= 2 || i.pain > 0.5;
        let mut g = [0.0; 5];
        g[Emotion::Fear as usize] = i.pain.max(i.feared_threat);
        g[Emotion::Aggression as usize] = i.contact_threat * (1.0 - i.pain);
        g[Emotion::Curiosity as usize] = if i.something_suspected { 0.7 } else { 0.0 };
        g[Emotion::Alertness as usize] = f32::from(i.awareness) / 4.0;
        g[Emotion::Panic as usize] = if panicky {
            ((fear - 0.6) / 0.4).clamp(0.0, 1.0)
        } else {
            0.0
        };
        g
    }

    /// One tick of `dt` seconds. Returns the dominant emotion before and after, if it changed.
    pub fn update(
        &mut self,
        i: &EmotionInput,
        s: &EmotionSettings,
        dt: f32,
    ) -> Option<(Option<Emotion>, Option<Emotion>)> {
        let before = self.dominant(s);
        let goals = self.goals(i);
        for e in Emotion::ALL {
            let cap = e.cap(s).clamp(0.0, 1.0);
            let goal = goals[e as usize].clamp(0.0, 1.0).min(cap);
            let v = &mut self.values[e as usize];
            let (rise, fall) = e.rates();
            *v = if goal > *v {
                (*v + rise * dt).min(goal)
            } else {
                (*v - fall * dt).max(goal)
            };
            *v = v.min(cap);
        }
        let after = self.dominant(s);
        (before != after).then_some((before, after))
    }

    /// The strongest emotion at or above the active threshold.
    #[must_use]
    pub fn dominant(&self, s: &EmotionSettings) -> Option<Emotion> {
        Emotion::ALL
            .iter()
            .copied()
            .filter(|e| self.get(*e) >= s.emotion_active_threshold && self.get(*e) > 0.0)
            .max_by(|a, b| self.get(*a).total_cmp(&self.get(*b)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(e: &mut Emotions, i: &EmotionInput, s: &EmotionSettings, seconds: f32) {
        for _ in 0..(seconds * 10.0) as usize {
            e.update(i, s, 0.1);
        }
    }

    #[test]
    fn alertness_follows_awareness_and_fades_slowly() {
        let s = EmotionSettings::default();
        let mut e = Emotions::default();
        run(
            &mut e,
            &EmotionInput {
                awareness: 4,
                ..Default::default()
            },
            &s,
            3.0,
        );
        assert!((e.get(Emotion::Alertness) - 1.0).abs() < 1e-5);
        run(&mut e, &EmotionInput::default(), &s, 4.0);
        assert!(
            (e.get(Emotion::Alertness) - 0.8).abs() < 1e-4,
            "falls at 0.05/s"
        );
        assert_eq!(e.dominant(&s), Some(Emotion::Alertness));
    }

    #[test]
    fn pain_brings_fear_and_with_it_panic() {
        let s = EmotionSettings::default();
        let mut e = Emotions::default();
        run(
            &mut e,
            &EmotionInput {
                pain: 1.0,
                ..Default::default()
            },
            &s,
            5.0,
        );
        assert!((e.get(Emotion::Fear) - 1.0).abs() < 1e-5);
        assert!((e.get(Emotion::Panic) - 1.0).abs() < 1e-5);
        assert_eq!(
            e.get(Emotion::Aggression),
            0.0,
            "no aggression while in full pain"
        );
    }

    #[test]
    fn a_threat_in_contact_makes_it_aggressive() {
        let s = EmotionSettings::default();
        let mut e = Emotions::default();
        let i = EmotionInput {
            contact_threat: 0.8,
            awareness: 3,
            ..Default::default()
        };
        run(&mut e, &i, &s, 3.0);
        assert!((e.get(Emotion::Aggression) - 0.8).abs() < 1e-5);
        assert_eq!(e.dominant(&s), Some(Emotion::Aggression));
    }

    #[test]
    fn all_caps_zero_is_a_robot() {
        let s = EmotionSettings {
            fear_cap: 0.0,
            aggression_cap: 0.0,
            curiosity_cap: 0.0,
            alertness_cap: 0.0,
            panic_cap: 0.0,
            ..EmotionSettings::default()
        };
        let mut e = Emotions::default();
        let i = EmotionInput {
            awareness: 4,
            something_suspected: true,
            pain: 1.0,
            feared_threat: 1.0,
            contact_threat: 1.0,
            high_threats: 3,
        };
        run(&mut e, &i, &s, 10.0);
        for em in Emotion::ALL {
            assert_eq!(e.get(em), 0.0, "{em:?}");
        }
        assert_eq!(e.dominant(&s), None);
    }

    #[test]
    fn the_dominant_one_must_reach_the_active_threshold() {
        let s = EmotionSettings::default();
        let mut e = Emotions::default();
        let change = e.update(
            &EmotionInput {
                something_suspected: true,
                ..Default::default()
            },
            &s,
            0.5,
        );
        assert_eq!(change, None, "curiosity 0.15 is below 0.3");
        let change = e.update(
            &EmotionInput {
                something_suspected: true,
                ..Default::default()
            },
            &s,
            0.6,
        );
        assert_eq!(change, Some((None, Some(Emotion::Curiosity))));
    }
}
