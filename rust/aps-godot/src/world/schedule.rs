//! A world's viewers and its perceivers' schedule (spec sections 10, 12 and 14): who perceives
//! when, and the handles the driver runs them through.

use super::*;

impl World {
    /// A camera in this world: a viewer while it is current.
    pub fn add_camera(&mut self, id: InstanceId) {
        if !self.cameras.contains(&id) {
            self.cameras.push(id);
        }
    }

    /// Forgets a node that left the tree: as a perceivable, a camera, a perceiver.
    pub fn forget_node(&mut self, id: InstanceId) {
        self.registry.remove(id);
        self.cameras.retain(|c| *c != id);
    }

    /// Where the viewers are, into `out` (cleared first): every current camera (a `Camera2D` at
    /// the centre of the screen it shows); none on a dedicated server.
    fn viewers_into(&self, out: &mut Vec<aps_core::Vec3>) {
        out.clear();
        out.extend(self.cameras.iter().filter_map(|id| {
            if let Ok(c) = Gd::<Camera3D>::try_from_instance_id(*id) {
                return (c.is_inside_tree() && c.is_current())
                    .then(|| to_vec3(c.get_global_position()));
            }
            let c = Gd::<Camera2D>::try_from_instance_id(*id).ok()?;
            (c.is_inside_tree() && c.is_current())
                .then(|| crate::dim::from_pixels(c.get_screen_center_position()))
        }));
    }

    /// A perception component at `position` (the core's space) joins the schedule.
    pub fn add_perceiver(&mut self, id: InstanceId, position: Vec3, component: Perceiver) {
        self.schedule.add(id.to_i64() as u64, position);
        self.perceiver_nodes.insert(id, component);
    }

    /// Takes a perception component out of the schedule and its squad.
    pub fn remove_perceiver(&mut self, id: InstanceId) {
        self.schedule.remove(id.to_i64() as u64);
        self.perceiver_nodes.remove(&id);
        self.leave_squad(id);
        self.beliefs_held.remove(&id);
    }

    /// What a component tells after each pass.
    pub fn report_perceiver(
        &mut self,
        id: InstanceId,
        position: Vec3,
        awareness: u8,
        interval: f32,
        beliefs: u32,
    ) {
        self.schedule
            .report(id.to_i64() as u64, position, awareness, interval);
        if self.schedule.tier_of(id.to_i64() as u64).is_some() {
            self.beliefs_held.insert(id, beliefs);
        }
    }

    /// Beliefs held by every perceiver here, as of each one's last pass.
    #[must_use]
    pub fn beliefs_held(&self) -> u64 {
        self.beliefs_held.values().map(|&b| u64::from(b)).sum()
    }

    #[must_use]
    pub fn perceivers(&self) -> usize {
        self.schedule.len()
    }

    /// Every perception component scheduled here.
    pub fn perceiver_ids(&self) -> impl Iterator<Item = InstanceId> + '_ {
        self.schedule
            .ids()
            .filter_map(|id| InstanceId::try_from_i64(id as i64))
    }

    /// How many AI sit in each level-of-detail tier, 0 (full rate) to 4 (suspended).
    #[must_use]
    pub fn tier_counts(&self) -> [u32; 5] {
        self.schedule.tier_counts()
    }

    #[must_use]
    pub fn tier_of(&self, id: InstanceId) -> Option<u8> {
        self.schedule.tier_of(id.to_i64() as u64)
    }

    /// Phase one of a frame: clocks move on by `delta`; for each AI whose component ticks now,
    /// its id and distance to the nearest viewer (0 with none) and awareness, for scoring, into
    /// `out` (cleared first).
    pub fn plan_advance(&mut self, delta: f32, out: &mut Vec<(InstanceId, f32, u8)>) {
        out.clear();
        let mut viewers = std::mem::take(&mut self.viewers);
        self.viewers_into(&mut viewers);
        self.schedule.advance(delta);
        let mut due = std::mem::take(&mut self.due);
        due.clear();
        due.extend(self.schedule.due());
        for d in &due {
            let Some(id) = InstanceId::try_from_i64(d.id as i64) else {
                continue;
            };
            let mut position = d.position;
            if d.wants_fresh_position() {
                let kept = self.perceiver_nodes.get(&id);
                if let Some(fresh) = kept.filter(|c| c.is_instance_valid()).map(|c| c.position()) {
                    position = fresh;
                    self.schedule.set_position(d.id, position);
                }
            }
            out.push((id, viewer_distance(position, &viewers), d.awareness));
        }
        self.due = due;
        self.viewers = viewers;
    }

    /// Phase two: tiers from the scores (in the order `plan_advance` gave), claims, the frame
    /// budget. The runs go into `out` (cleared first), with each component's instance id and
    /// the handle kept as it entered (to check it is alive before it runs).
    pub fn plan_decide(
        &mut self,
        scores: &[f32],
        lod: bool,
        budget: usize,
        out: &mut Vec<Granted>,
    ) {
        out.clear();
        self.schedule.decide(scores, lod, budget, &mut self.runs);
        let kept = &self.perceiver_nodes;
        out.extend(self.runs.iter().filter_map(|r| {
            let id = InstanceId::try_from_i64(r.id as i64)?;
            Some((id, kept.get(&id).cloned(), *r))
        }));
    }
}
