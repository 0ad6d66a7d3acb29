//! What a developer sees of the core: the senses' notes, why the AI believes what it does,
//! the last state changes and recordings of the last seconds.

use super::PerceptionCore;
use crate::insight::explain::Explanation;
use crate::insight::notes::Notes;
use crate::insight::recording::{Recording, MAX_FRAMES};
use crate::insight::timeline::Timeline;
use crate::TargetId;

impl PerceptionCore {
    /// The timeline and the recording hear of the tick just run.
    pub(super) fn keep_insight(&mut self) {
        let events = self.mind.last_events();
        self.timeline.record(self.mind.now(), events);
        if let Some(r) = &mut self.recording {
            r.record(&self.mind, &self.observations, events);
        }
    }

    /// Whether the senses note their factors and rays (for [`PerceptionCore::explain`] and
    /// debug drawing). Off, a pass notes nothing.
    pub fn set_noting(&mut self, on: bool) {
        self.notes.set_on(on);
    }

    /// What the senses noted in the last pass.
    #[must_use]
    pub fn notes(&self) -> &Notes {
        &self.notes
    }

    /// Why the AI believes what it does about `target`, from the last pass.
    #[must_use]
    pub fn explain(&self, target: TargetId) -> Explanation {
        Explanation::of(
            target,
            self.mind.belief(target),
            &self.observations,
            &self.notes,
        )
    }

    /// The last state changes, oldest first.
    #[must_use]
    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// Starts recording the last `seconds` (replacing a recording under way): at most `ticks`
    /// ticks in that time. The rings are made now; a tick allocates nothing.
    pub fn start_recording(&mut self, seconds: f32, ticks: usize) {
        // Places and targets share the ledger: it holds at most Max Tracked Targets.
        let beliefs = self.mind.profile().attention.max_tracked_targets as usize;
        self.recording = Some(Recording::new(seconds, ticks, beliefs));
    }

    /// Starts recording the last `seconds` of an AI that ticks at most once every `min_dt`
    /// seconds (the engine's physics frame) and never more often than its Base Update Interval,
    /// with a ring sized for that. Returns the seconds it can hold: `seconds`, or fewer when
    /// that many ticks of a full ledger are more than [`MAX_FRAMES`] belief frames.
    pub fn start_recording_for(&mut self, seconds: f32, min_dt: f32) -> f32 {
        let interval = self
            .mind
            .profile()
            .performance
            .base_update_interval
            .max(min_dt)
            .max(1e-3);
        let ticks = (seconds / interval).ceil() as usize + 2;
        self.start_recording(seconds, ticks);
        let beliefs = self.mind.profile().attention.max_tracked_targets as usize;
        if Recording::fits(ticks, beliefs) {
            seconds
        } else {
            (MAX_FRAMES / beliefs.max(1)) as f32 * interval
        }
    }

    /// Stops recording, handing back what was recorded.
    pub fn stop_recording(&mut self) -> Option<Recording> {
        self.recording.take()
    }

    /// The recording under way.
    #[must_use]
    pub fn recording(&self) -> Option<&Recording> {
        self.recording.as_ref()
    }
}
