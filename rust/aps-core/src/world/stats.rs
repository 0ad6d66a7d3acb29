//! What perception costs in one world, for `get_stats`, the debugger and the benchmarks.

use crate::perception_core::PassStats;

/// Counters since the world began or was last reset.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Full perception passes.
    pub perceivers_run: u64,
    pub rays_cast: u64,
    /// Of the rays, those cast on through an occluder.
    pub occluder_hits: u64,
    pub candidates_gathered: u64,
    /// Targets that became Detected.
    pub detections: u64,
    /// Microseconds spent in perception passes.
    pub usec: u64,
    /// Of them, microseconds inside ray queries (the engine's, timed where they are cast).
    pub ray_usec: u64,
}

/// What the last frame cost.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct FrameStats {
    /// Microseconds of APS's whole frame.
    pub usec: u64,
    pub passes: u32,
    pub rays: u64,
    pub candidates: u64,
    /// Microseconds of it inside ray queries.
    pub ray_usec: u64,
}

/// A world's counters: totals, the last frame, and the frame under way.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct WorldStats {
    totals: Stats,
    frame: FrameStats,
    rays_now: u64,
    candidates_now: u64,
    ray_nanos_now: u64,
    ray_nanos_total: u64,
}

impl WorldStats {
    /// Adds one perception pass that took `usec` microseconds.
    pub fn count_pass(&mut self, pass: PassStats, usec: u64) {
        let t = &mut self.totals;
        t.perceivers_run += 1;
        t.detections += u64::from(pass.detections);
        t.candidates_gathered += u64::from(pass.candidates);
        t.rays_cast += u64::from(pass.rays);
        t.occluder_hits += u64::from(pass.occluder_hits);
        t.usec += usec;
        self.rays_now += u64::from(pass.rays);
        self.candidates_now += u64::from(pass.candidates);
    }

    /// Adds `nanos` nanoseconds spent inside ray queries (a pass's, or another cast's).
    pub fn count_ray_time(&mut self, nanos: u64) {
        self.ray_nanos_now = self.ray_nanos_now.saturating_add(nanos);
        self.ray_nanos_total = self.ray_nanos_total.saturating_add(nanos);
        self.totals.ray_usec = self.ray_nanos_total / 1000;
    }

    /// Closes a frame that ran `passes` full passes in `usec` microseconds.
    pub fn end_frame(&mut self, passes: u32, usec: u64) {
        self.frame = FrameStats {
            usec,
            passes,
            rays: std::mem::take(&mut self.rays_now),
            candidates: std::mem::take(&mut self.candidates_now),
            ray_usec: std::mem::take(&mut self.ray_nanos_now) / 1000,
        };
    }

    #[must_use]
    pub fn totals(&self) -> Stats {
        self.totals
    }

    #[must_use]
    pub fn last_frame(&self) -> FrameStats {
        self.frame
    }

    /// Starts the totals from zero (the last frame's figures stay).
    pub fn reset(&mut self) {
        self.totals = Stats::default();
        self.ray_nanos_total = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passes_add_up_and_a_frame_closes_its_own_figures() {
        let mut s = WorldStats::default();
        let pass = PassStats {
            candidates: 4,
            rays: 9,
            occluder_hits: 2,
            detections: 1,
        };
        s.count_pass(pass, 30);
        s.count_ray_time(12_400);
        s.count_pass(pass, 20);
        s.count_ray_time(9_700);
        s.end_frame(2, 70);
        assert_eq!(
            s.totals(),
            Stats {
                perceivers_run: 2,
                rays_cast: 18,
                occluder_hits: 4,
                candidates_gathered: 8,
                detections: 2,
                usec: 50,
                ray_usec: 22,
            }
        );
        assert_eq!(s.last_frame().rays, 18);
        assert_eq!(s.last_frame().ray_usec, 22, "22,100 ns in rays");
        s.end_frame(0, 5);
        assert_eq!(s.last_frame().rays, 0, "a frame with no pass cast no ray");
        assert_eq!(s.last_frame().ray_usec, 0);
        s.reset();
        assert_eq!(s.totals(), Stats::default());
        assert_eq!(s.last_frame().usec, 5);
    }
}
