//! Attention: the one target the AI commits to (spec section 6).
//!
//! The top target is whoever scores highest this update (its SortScore) and may flicker; the
//! attention target is sticky: it holds for the Attention Stickiness Time, then moves only to a
//! rival that scores at least the Attention Switch Threshold better, or to the top target once its own target is Lost, Remembered or
//! Expired. Only noticed targets (Suspected or more) take attention; one that falls back to
//! Undetected lets it go at once, except a forced focus, which holds for the stickiness time.

use crate::belief::state::BeliefState;
use crate::profile::AttentionSettings;
use crate::TargetId;

/// Seconds unsensed at which recency has halved: `recency = 1 / (1 + seconds)`.
pub const RECENCY_HALF_LIFE: f32 = 1.0;

/// SortScore (spec section 6, "Which target is top"): `Confidence × Sort Weight Confidence +
/// Recency × Sort Weight Recency + Proximity × Sort Weight Proximity`. `recency` and
/// `proximity` are in 0..1.
#[doc(alias = "SortScore")]
#[must_use]
pub fn sort_score(s: &AttentionSettings, confidence: f32, recency: f32, proximity: f32) -> f32 {
    confidence * s.sort_weight_confidence
        + recency * s.sort_weight_recency
        + proximity * s.sort_weight_proximity
}

/// Recency from seconds since last sensed: 1 when sensed now, 0.5 after [`RECENCY_HALF_LIFE`].
#[must_use]
pub fn recency(seconds_unsensed: f32) -> f32 {
    1.0 / (1.0 + seconds_unsensed.max(0.0) / RECENCY_HALF_LIFE)
}

/// Proximity from distance: 1 at the AI, 0 at or beyond `range`.
#[must_use]
pub fn proximity(distance: f32, range: f32) -> f32 {
    if range <= 0.0 || distance >= range {
        return 0.0;
    }
    // By the inverse of the range, which a tick rating every belief at one range works out
    // once: a division per belief, right after the distance's square root, was one of the
    // tick's slowest steps.
    (1.0 - distance * (1.0 / range)).clamp(0.0, 1.0)
}

/// What attention knows about a target this tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rated {
    pub target: TargetId,
    pub state: BeliefState,
    pub score: f32,
}

/// The committed target and how long it has held.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Attention {
    pub(crate) target: Option<TargetId>,
    pub(crate) held: f32,
    pub(crate) forced: bool,
}

impl Attention {
    /// The target the AI commits to.
    #[must_use]
    pub fn target(&self) -> Option<TargetId> {
        self.target
    }

    /// Focus on `target` now, whatever it scores (Force Attention Target). Returns the change.
    pub fn force(
        &mut self,
        target: Option<TargetId>,
    ) -> Option<(Option<TargetId>, Option<TargetId>)> {
        let old = self.target;
        self.target = target;
        self.held = 0.0;
        self.forced = target.is_some();
        (old != target).then_some((old, target))
    }

    /// Drops the focus if it is on `target` (its belief was removed).
    pub fn forget(&mut self, target: TargetId) {
        if self.target == Some(target) {
            self.target = None;
            self.forced = false;
        }
    }

    /// One tick. `top` is the best-scoring noticed target; `current` is the attention target's
    /// own state and score, `None` if the AI holds no belief about it. Returns the change.
    pub fn update(
        &mut self,
        dt: f32,
        top: Option<Rated>,
        current: Option<Rated>,
        s: &AttentionSettings,
    ) -> Option<(Option<TargetId>, Option<TargetId>)> {
        self.held += dt;
        let sticky = self.held + 1e-4 < s.attention_stickiness_time;
        let new = match self.target {
            None => top.map(|t| t.target),
            Some(id) => {
                let state = current.map(|c| c.state);
                let noticed = state.is_some_and(BeliefState::is_noticed);
                let expired = state == Some(BeliefState::Expired);
                if self.forced && sticky && !noticed {
                    Some(id)
                } else if !noticed && !expired {
                    // Fell back to Undetected (or the belief is gone): let go at once.
                    top.map(|t| t.target)
                } else if sticky {
                    Some(id)
                } else {
                    let faded = matches!(
                        state,
                        Some(BeliefState::Lost | BeliefState::Remembered | BeliefState::Expired)
                    );
                    let own_score = current.map_or(0.0, |c| c.score);
                    match top {
                        Some(t) if t.target != id => {
                            if faded || t.score >= own_score + s.attention_switch_threshold {
                                Some(t.target)
                            } else {
                                Some(id)
                            }
                        }
                        Some(_) => Some(id),
                        None if expired => None,
                        None => Some(id),
                    }
                }
            }
        };
        if new == self.target {
            return None;
        }
        let old = self.target;
        self.target = new;
        self.held = 0.0;
        self.forced = false;
        Some((old, new))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use BeliefState::*;

    fn rated(id: u64, state: BeliefState, score: f32) -> Rated {
        Rated {
            target: TargetId(id),
            state,
            score,
        }
    }

    fn settle(a: &mut Attention, s: &AttentionSettings, target: Rated) {
        a.update(0.1, Some(target), None, s);
        assert_eq!(a.target(), Some(target.target));
    }

    #[test]
    fn sort_score_uses_the_three_weights() {
        let s = AttentionSettings::default();
        let v = sort_score(&s, 0.8, 1.0, 0.5);
        assert!((v - (0.8 * 0.5 + 1.0 * 0.3 + 0.5 * 0.2)).abs() < 1e-6);
        assert_eq!(recency(0.0), 1.0);
        assert_eq!(recency(1.0), 0.5);
        assert_eq!(proximity(10.0, 40.0), 0.75);
        assert_eq!(proximity(50.0, 40.0), 0.0);
        // Exactly at the range it is 0 whatever the range, though the inverse is inexact.
        for range in [1.98_f32, 4.2, 6.05, 40.0, 123.4] {
            assert_eq!(proximity(range, range), 0.0, "{range}");
        }
    }

    #[test]
    fn first_noticed_target_takes_attention_at_once() {
        let s = AttentionSettings::default();
        let mut a = Attention::default();
        let change = a.update(0.1, Some(rated(1, Suspected, 0.4)), None, &s);
        assert_eq!(change, Some((None, Some(TargetId(1)))));
    }

    #[test]
    fn no_switch_before_stickiness_time_however_big_the_gap() {
        let s = AttentionSettings::default();
        let mut a = Attention::default();
        settle(&mut a, &s, rated(1, Detected, 0.3));
        for _ in 0..19 {
            let change = a.update(
                0.1,
                Some(rated(2, Tracked, 1.0)),
                Some(rated(1, Detected, 0.3)),
                &s,
            );
            assert_eq!(change, None);
        }
        // 1.9 s held; the 20th tick reaches 2.0 s.
        let change = a.update(
            0.1,
            Some(rated(2, Tracked, 1.0)),
            Some(rated(1, Detected, 0.3)),
            &s,
        );
        assert_eq!(change, Some((Some(TargetId(1)), Some(TargetId(2)))));
    }

    #[test]
    fn after_stickiness_a_rival_needs_the_switch_threshold() {
        let s = AttentionSettings::default();
        let mut a = Attention::default();
        settle(&mut a, &s, rated(1, Detected, 0.5));
        for _ in 0..30 {
            assert_eq!(
                a.update(
                    0.1,
                    Some(rated(2, Detected, 0.69)),
                    Some(rated(1, Detected, 0.5)),
                    &s
                ),
                None
            );
        }
        let change = a.update(
            0.1,
            Some(rated(2, Detected, 0.7)),
            Some(rated(1, Detected, 0.5)),
            &s,
        );
        assert_eq!(change, Some((Some(TargetId(1)), Some(TargetId(2)))));
    }

    #[test]
    fn a_lost_remembered_or_expired_focus_moves_to_the_top_target_however_small_the_gap() {
        let s = AttentionSettings::default();
        for faded in [Lost, Remembered, Expired] {
            let mut a = Attention::default();
            settle(&mut a, &s, rated(1, Detected, 0.5));
            for _ in 0..19 {
                a.update(
                    0.1,
                    Some(rated(2, Suspected, 0.51)),
                    Some(rated(1, faded, 0.5)),
                    &s,
                );
            }
            assert_eq!(
                a.target(),
                Some(TargetId(1)),
                "{faded:?} holds while sticky"
            );
            a.update(
                0.1,
                Some(rated(2, Suspected, 0.51)),
                Some(rated(1, faded, 0.5)),
                &s,
            );
            assert_eq!(a.target(), Some(TargetId(2)), "{faded:?}");
        }
    }

    #[test]
    fn falling_back_to_undetected_lets_attention_go_at_once() {
        let s = AttentionSettings::default();
        let mut a = Attention::default();
        settle(&mut a, &s, rated(1, Suspected, 0.3));
        let change = a.update(0.1, None, Some(rated(1, Undetected, 0.1)), &s);
        assert_eq!(change, Some((Some(TargetId(1)), None)));
    }

    #[test]
    fn an_expired_focus_with_no_rival_is_let_go_after_stickiness() {
        let s = AttentionSettings::default();
        let mut a = Attention::default();
        settle(&mut a, &s, rated(1, Detected, 0.3));
        a.update(1.0, None, Some(rated(1, Expired, 0.0)), &s);
        assert_eq!(a.target(), Some(TargetId(1)));
        a.update(1.0, None, Some(rated(1, Expired, 0.0)), &s);
        assert_eq!(a.target(), None);
    }

    #[test]
    fn a_forced_focus_on_someone_not_noticed_holds_for_the_stickiness_time() {
        let s = AttentionSettings::default();
        let mut a = Attention::default();
        assert_eq!(a.force(Some(TargetId(9))), Some((None, Some(TargetId(9)))));
        for _ in 0..19 {
            a.update(0.1, Some(rated(2, Tracked, 1.0)), None, &s);
            assert_eq!(a.target(), Some(TargetId(9)));
        }
        a.update(0.1, Some(rated(2, Tracked, 1.0)), None, &s);
        assert_eq!(a.target(), Some(TargetId(2)));
    }

    #[test]
    fn forcing_overrides_a_committed_focus() {
        let s = AttentionSettings::default();
        let mut a = Attention::default();
        settle(&mut a, &s, rated(1, Tracked, 0.9));
        a.force(Some(TargetId(2)));
        a.update(
            0.1,
            Some(rated(1, Tracked, 0.9)),
            Some(rated(2, Detected, 0.4)),
            &s,
        );
        assert_eq!(a.target(), Some(TargetId(2)));
    }
}
