//! What a saved game reads and restores of a world: its perceivers' clocks, its
//! squads and the speeds it measured.

use super::*;

impl World {
    /// The schedule's clocks of perceiver `id`.
    #[must_use]
    pub fn schedule_clock(&self, id: InstanceId) -> Option<ScheduleSave> {
        self.schedule.clock(id.to_i64() as u64)
    }

    /// Sets the schedule's clocks of perceiver `id` (false if it is not scheduled here).
    pub fn set_schedule_clock(&mut self, id: InstanceId, clock: &ScheduleSave) -> bool {
        self.schedule.set_clock(id.to_i64() as u64, clock)
    }

    /// Every squad anyone is in: its number and name.
    #[must_use]
    pub fn squads(&self) -> Vec<(u32, String)> {
        self.squads
            .sizes
            .keys()
            .map(|s| (*s, self.squads.names.name(*s).to_string()))
            .collect()
    }

    /// Every squad member: its id, squad name and role.
    pub fn squad_members_all(
        &self,
    ) -> impl Iterator<Item = (InstanceId, StringName, StringName)> + '_ {
        self.squads
            .members
            .iter()
            .map(|(m, s, r)| (*m, self.squads.names.name(*s), r.clone()))
    }

    /// Each perceivable's last motion sample: (its id, position, world time, velocity).
    pub fn motion_samples(
        &self,
    ) -> impl Iterator<Item = (InstanceId, aps_core::Vec3, f64, aps_core::Vec3)> + '_ {
        self.registry
            .entries()
            .iter()
            .filter_map(|e| e.motion.last_sample().map(|(p, t, v)| (e.id, p, t, v)))
    }

    /// Restores a perceivable's motion sample (nothing if `id` is not perceivable here).
    pub fn set_motion_sample(
        &mut self,
        id: InstanceId,
        position: aps_core::Vec3,
        time: f64,
        velocity: aps_core::Vec3,
    ) {
        self.registry.set_motion(
            id,
            aps_core::gather::motion::VelocitySampler::restored(position, time, velocity),
        );
    }
}
