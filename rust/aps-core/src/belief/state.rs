//! The seven states and the exact transition table (spec section 3, "The exact transition
//! rules").

use crate::profile::Thresholds;
pub use crate::vocabulary::belief_state::BeliefState;

/// Margin below a threshold that steps down from Detected and Tracked need, so the state does
/// not flicker on a boundary (Tracked to Detected at 0.31 with Detect at 0.35).
pub const STEP_DOWN_MARGIN: f32 = 0.04;

/// What the transition table reads about one belief this tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TransitionInput {
    /// Smoothed Confidence after this tick's smoothing.
    pub confidence: f32,
    /// Some sense has the target this tick.
    pub sense_active: bool,
    /// No sense is active and the governing sense's grace time has run out.
    pub grace_ran_out: bool,
    /// The governing sense's loss allows a direct cut to Lost.
    pub direct_cut: bool,
    /// Seconds spent in the current state, including this tick.
    pub time_in_state: f32,
}

/// The state a belief moves to this tick, if any: one row of the table per call. Rows are tried
/// in the table's order for the current state.
/// - Detected becomes Tracked only after Min Track Duration in Detected;
/// - Lost fades to Remembered only after Min Time in Lost;
/// - steps down from Detected and Tracked wait for [`STEP_DOWN_MARGIN`] below the threshold;
/// - a loss goes straight to Lost only when the governing sense allows a Direct Cut.
///
/// Inlined into the memory engine, which steps every belief every tick.
#[inline]
#[must_use]
pub fn next_state(state: BeliefState, i: &TransitionInput, t: &Thresholds) -> Option<BeliefState> {
    use BeliefState::*;
    let c = i.confidence;
    let lost_now = !i.sense_active && i.grace_ran_out;
    match state {
        Undetected if c >= t.suspect_threshold => Some(Suspected),
        Suspected if c >= t.detect_threshold => Some(Detected),
        Suspected if lost_now => Some(Lost),
        Suspected if i.sense_active && c < t.suspect_threshold * 0.5 => Some(Undetected),
        Detected
            if i.sense_active
                && c >= t.track_threshold
                && i.time_in_state + 1e-4 >= t.min_track_duration =>
        {
            Some(Tracked)
        }
        Detected if lost_now && i.direct_cut => Some(Lost),
        Detected if c < t.suspect_threshold - STEP_DOWN_MARGIN => Some(Suspected),
        Tracked if lost_now && i.direct_cut => Some(Lost),
        Tracked if (lost_now && !i.direct_cut) || c < t.detect_threshold - STEP_DOWN_MARGIN => {
            Some(Detected)
        }
        Lost if i.sense_active && c >= t.detect_threshold => Some(Detected),
        Lost if c < t.suspect_threshold && i.time_in_state + 1e-4 >= t.min_time_in_lost => {
            Some(Remembered)
        }
        Remembered if i.sense_active && c >= t.detect_threshold => Some(Detected),
        Remembered if c < t.memory_expire_threshold => Some(Expired),
        Expired if i.sense_active => Some(Undetected),
        _ => None,
    }
}

/// Whether the table has a row from `from` to `to`. Used by tests; a target that no longer
/// exists may also go Lost from Suspected, Detected or Tracked, which this also allows.
#[must_use]
pub fn is_legal_transition(from: BeliefState, to: BeliefState) -> bool {
    use BeliefState::*;
    matches!(
        (from, to),
        (Undetected, Suspected)
            | (Suspected, Detected)
            | (Suspected, Lost)
            | (Suspected, Undetected)
            | (Detected, Tracked)
            | (Detected, Lost)
            | (Detected, Suspected)
            | (Tracked, Lost)
            | (Tracked, Detected)
            | (Lost, Detected)
            | (Lost, Remembered)
            | (Remembered, Detected)
            | (Remembered, Expired)
            | (Expired, Undetected)
    )
}

#[cfg(test)]
mod tests {
    use super::BeliefState::*;
    use super::*;

    fn t() -> Thresholds {
        Thresholds::default()
    }

    fn sensed(c: f32) -> TransitionInput {
        TransitionInput {
            confidence: c,
            sense_active: true,
            grace_ran_out: false,
            direct_cut: false,
            time_in_state: 0.0,
        }
    }

    fn silent(c: f32, grace_ran_out: bool, direct_cut: bool) -> TransitionInput {
        TransitionInput {
            confidence: c,
            sense_active: false,
            grace_ran_out,
            direct_cut,
            time_in_state: 0.0,
        }
    }

    fn aged(mut i: TransitionInput, secs: f32) -> TransitionInput {
        i.time_in_state = secs;
        i
    }

    // One test per row of the table, with the spec's default thresholds.

    #[test]
    fn undetected_to_suspected_at_suspect_threshold() {
        assert_eq!(next_state(Undetected, &sensed(0.15), &t()), Some(Suspected));
        assert_eq!(next_state(Undetected, &sensed(0.149), &t()), None);
    }

    #[test]
    fn suspected_to_detected_at_detect_threshold() {
        assert_eq!(next_state(Suspected, &sensed(0.35), &t()), Some(Detected));
        assert_eq!(next_state(Suspected, &sensed(0.349), &t()), None);
    }

    #[test]
    fn suspected_to_lost_when_grace_runs_out_with_or_without_direct_cut() {
        assert_eq!(
            next_state(Suspected, &silent(0.2, true, false), &t()),
            Some(Lost)
        );
        assert_eq!(
            next_state(Suspected, &silent(0.2, true, true), &t()),
            Some(Lost)
        );
        assert_eq!(next_state(Suspected, &silent(0.2, false, true), &t()), None);
    }

    #[test]
    fn suspected_to_undetected_only_below_half_suspect_with_a_sense_active() {
        assert_eq!(
            next_state(Suspected, &sensed(0.074), &t()),
            Some(Undetected)
        );
        assert_eq!(next_state(Suspected, &sensed(0.076), &t()), None);
        assert_eq!(
            next_state(Suspected, &silent(0.07, false, false), &t()),
            None
        );
    }

    #[test]
    fn detected_to_tracked_needs_min_track_duration() {
        assert_eq!(
            next_state(Detected, &aged(sensed(0.6), 0.5), &t()),
            Some(Tracked)
        );
        assert_eq!(next_state(Detected, &aged(sensed(0.6), 0.4), &t()), None);
        assert_eq!(next_state(Detected, &aged(sensed(0.59), 2.0), &t()), None);
        let mut no_sense = aged(sensed(0.9), 2.0);
        no_sense.sense_active = false;
        assert_eq!(next_state(Detected, &no_sense, &t()), None);
    }

    #[test]
    fn detected_to_lost_only_with_direct_cut() {
        assert_eq!(
            next_state(Detected, &silent(0.5, true, true), &t()),
            Some(Lost)
        );
        assert_eq!(next_state(Detected, &silent(0.5, true, false), &t()), None);
    }

    #[test]
    fn detected_to_suspected_below_suspect_minus_margin() {
        assert_eq!(
            next_state(Detected, &silent(0.109, false, false), &t()),
            Some(Suspected)
        );
        assert_eq!(
            next_state(Detected, &silent(0.111, false, false), &t()),
            None
        );
    }

    #[test]
    fn tracked_to_lost_with_direct_cut() {
        assert_eq!(
            next_state(Tracked, &silent(0.9, true, true), &t()),
            Some(Lost)
        );
    }

    #[test]
    fn tracked_to_detected_without_direct_cut_or_at_031() {
        assert_eq!(
            next_state(Tracked, &silent(0.9, true, false), &t()),
            Some(Detected)
        );
        assert_eq!(next_state(Tracked, &sensed(0.309), &t()), Some(Detected));
        assert_eq!(next_state(Tracked, &sensed(0.311), &t()), None);
        assert_eq!(next_state(Tracked, &sensed(0.34), &t()), None);
    }

    #[test]
    fn lost_to_detected_needs_detect_not_suspect() {
        assert_eq!(next_state(Lost, &sensed(0.35), &t()), Some(Detected));
        assert_eq!(next_state(Lost, &sensed(0.3), &t()), None);
        assert_eq!(next_state(Lost, &silent(0.5, true, true), &t()), None);
    }

    #[test]
    fn lost_to_remembered_below_suspect_after_min_time_in_lost() {
        assert_eq!(
            next_state(Lost, &aged(silent(0.14, true, true), 3.0), &t()),
            Some(Remembered)
        );
        assert_eq!(
            next_state(Lost, &aged(silent(0.14, true, true), 2.9), &t()),
            None
        );
        assert_eq!(
            next_state(Lost, &aged(silent(0.16, true, true), 9.0), &t()),
            None
        );
    }

    #[test]
    fn remembered_to_detected_needs_detect() {
        assert_eq!(next_state(Remembered, &sensed(0.35), &t()), Some(Detected));
        assert_eq!(next_state(Remembered, &sensed(0.2), &t()), None);
    }

    #[test]
    fn remembered_to_expired_below_memory_expire() {
        assert_eq!(
            next_state(Remembered, &silent(0.049, true, false), &t()),
            Some(Expired)
        );
        assert_eq!(
            next_state(Remembered, &silent(0.05, true, false), &t()),
            None
        );
    }

    #[test]
    fn expired_to_undetected_only_when_perceived_again() {
        assert_eq!(next_state(Expired, &sensed(0.01), &t()), Some(Undetected));
        assert_eq!(next_state(Expired, &silent(0.0, true, false), &t()), None);
    }

    #[test]
    fn every_result_is_a_row_of_the_table() {
        for from in BeliefState::ALL {
            for c in [0.0, 0.03, 0.1, 0.2, 0.32, 0.4, 0.7, 0.9] {
                for i in [
                    sensed(c),
                    silent(c, true, true),
                    silent(c, true, false),
                    aged(sensed(c), 9.0),
                ] {
                    if let Some(to) = next_state(from, &i, &t()) {
                        assert!(is_legal_transition(from, to), "{from:?} -> {to:?}");
                    }
                }
            }
        }
    }
}
