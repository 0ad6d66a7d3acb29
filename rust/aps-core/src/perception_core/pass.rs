//! One perception tick of the core, in the steps the module doc of
//! [`perception_core`](super) lists, and the tick of an AI whose senses are off.

use super::PerceptionCore;
use crate::crowd::selection::{Chooser, Nearby};
use crate::events::Event;
use crate::gather::candidates::held_targets;
use crate::gather::target::TargetSnapshot;
use crate::senses::contract::{PlaceReadings, SenseContext, WorldView};
use crate::senses::rays::{BodyId, Space};
use crate::{BeliefState, LossReason, Pose, SenseReading, TargetId, TargetKind};
use glam::Vec3;
use smallvec::SmallVec;

/// What one pass cost and found, for the stats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PassStats {
    pub candidates: u32,
    pub rays: u32,
    /// Of the rays, those cast on through an occluder (glass, foliage, smoke).
    pub occluder_hits: u32,
    /// Targets that became Detected in the pass.
    pub detections: u32,
}

/// What one pass perceives from: where the AI is, what it owns, what the world holds.
#[derive(Clone, Copy)]
pub struct PassInput<'a> {
    /// Seconds since the last pass.
    pub dt: f32,
    /// The eyes (and ears, and nose): position and facing.
    pub eye: Pose,
    /// Where the AI's body stands.
    pub body: Vec3,
    /// The AI's own bodies.
    pub own: &'a [BodyId],
    pub world: WorldView<'a>,
    /// Every target to evaluate: in range, and every one already believed in.
    pub candidates: &'a [TargetSnapshot],
    /// Targets believed in that no longer exist.
    pub destroyed: &'a [TargetId],
    /// Readings squad mates shared (spec section 10), by target.
    pub shared: &'a [(TargetId, SenseReading)],
    /// The AI's level-of-detail tier (spec section 12).
    pub lod_tier: u8,
}

impl PerceptionCore {
    /// A tick with no senses at all (a suspended AI, spec section 12): memory still fades and
    /// states still step down.
    pub fn fade(&mut self, dt: f32, eye: Pose) -> &[Event] {
        self.observations.clear();
        self.notes.clear();
        self.last = PassStats::default();
        self.mind.tick(dt, eye, &self.observations);
        self.keep_insight();
        self.mind.last_events()
    }

    /// One perception tick (spec section 10), as [the module doc](super) lists it. Events the
    /// senses fired themselves come first in the returned list.
    pub fn run(&mut self, input: PassInput, space: &mut dyn Space) -> &[Event] {
        // The notes are lent to the senses' context for the pass and given back after it, so
        // that each step below can take the rest of the core.
        let mut notes = std::mem::take(&mut self.notes);
        notes.clear();
        let mut ctx = SenseContext {
            eye: input.eye,
            body: input.body,
            dt: input.dt,
            exclude: input.own,
            space,
            world: input.world,
            dulling: 1.0,
            rays: 0,
            occluder_hits: 0,
            payload: SmallVec::new(),
            lod_tier: input.lod_tier,
            since: self
                .last_world_time
                .unwrap_or(input.world.now - f64::from(input.dt)),
            notes: None,
        };
        if notes.is_on() {
            ctx.notes = Some(&mut notes);
        }
        self.last_world_time = Some(input.world.now);
        self.senses.pre_tick(&mut ctx);
        self.choose(&input);
        self.observations.clear();
        self.look_at_targets(&input, &mut ctx);
        self.look_at_places(&mut ctx);
        self.senses.post_tick_flush();
        for &gone in input.destroyed {
            self.observations.mark_destroyed(gone);
        }
        let rays = ctx.rays;
        let occluder_hits = ctx.occluder_hits;
        self.mind.set_pain(self.senses.pain());
        let detections = self
            .mind
            .tick_with(input.dt, input.eye, &self.observations, &ctx.payload)
            .iter()
            .filter(|e| matches!(e, Event::StateChanged(c) if c.new == BeliefState::Detected))
            .count() as u32;
        self.notes = notes;
        // Newcomers looked at in a crowd that gave nothing, or got no slot, sit out a while.
        self.selection.settle(&self.mind, input.world.now);
        self.last = PassStats {
            candidates: input.candidates.len() as u32,
            rays,
            occluder_hits,
            detections,
        };
        self.keep_insight();
        self.mind.last_events()
    }

    /// Whom to look at (step 2): the adapter's choice, else the pass's own among its
    /// candidates. Leaves the indices of the candidates to evaluate in `self.scratch.evaluate`.
    fn choose(&mut self, input: &PassInput) {
        self.scratch.evaluate.clear();
        if let Some(chosen) = self.chosen.take() {
            self.scratch.evaluate.extend(0..input.candidates.len());
            self.scratch.choice = chosen;
            return;
        }
        held_targets(
            &self.mind,
            &input.world,
            input.own,
            input.shared,
            &mut self.scratch.held,
        );
        self.scratch.nearby.clear();
        self.scratch
            .nearby
            .extend(input.candidates.iter().map(|t| Nearby {
                id: t.id,
                position: t.position,
                team: Some(t.team_id),
                character: t.character,
                speed: t.velocity.length(),
            }));
        let by = Chooser {
            mind: &self.mind,
            senses: &self.senses,
            world: &input.world,
            eye: input.eye,
            body: input.body,
        };
        self.selection.choose(
            &self.scratch.nearby,
            &self.scratch.held,
            by,
            &mut self.scratch.choice,
        );
        let choice = &self.scratch.choice;
        self.scratch.evaluate.extend(
            input
                .candidates
                .iter()
                .enumerate()
                .filter(|(_, t)| choice.contains(&t.id))
                .map(|(i, _)| i),
        );
    }

    /// Each chosen target (step 3): every sense evaluates it, squad mates' readings join, and
    /// discovered evidence is read as a place.
    fn look_at_targets(&mut self, input: &PassInput, ctx: &mut SenseContext) {
        let obs = &mut self.observations;
        for &index in &self.scratch.evaluate {
            let target = &input.candidates[index];
            if target.body.is_some_and(|b| input.own.contains(&b)) {
                continue;
            }
            // A side the profile leaves out is looked at by no sense; found evidence is a
            // place, on no side.
            if target.evidence_tag.is_none() && !self.mind.perceives(target.id, target.team_id) {
                continue;
            }
            if let Some(tag) = target.evidence_tag {
                // Discovered evidence: what the senses find is a place, exactly where it lies.
                let id = self.mind.place_for(tag, target.position, 0.5);
                obs.begin_target(id, TargetKind::Place, 0.0);
            } else {
                obs.begin_target(target.id, target.kind, target.speed());
            }
            obs.set_team(target.team_id);
            obs.set_character(target.character && target.evidence_tag.is_none());
            if target.is_finite() {
                self.senses.evaluate(ctx, target, obs);
            } else {
                // Somewhere that is not a place: no sense can look there. Its belief is lost as
                // the signal just stopping (SensorDropout), until it stands somewhere real.
                self.senses.miss(LossReason::SensorDropout, obs);
            }
            for (_, r) in input.shared.iter().filter(|(t, _)| *t == target.id) {
                obs.push(*r);
            }
        }
    }

    /// Places (step 4): merged by tag and distance into the AI's own place ids, one reading
    /// each, the strongest.
    fn look_at_places(&mut self, ctx: &mut SenseContext) {
        let mut places = PlaceReadings::new();
        self.senses.places(ctx, &mut places);
        self.scratch.place_readings.clear();
        for p in &places {
            let id = self.mind.place_for(p.tag, p.reading.position, p.accuracy);
            match self
                .scratch
                .place_readings
                .iter_mut()
                .find(|(t, _)| *t == id)
            {
                Some((_, best)) if best.confidence >= p.reading.confidence => {}
                Some((_, best)) => *best = p.reading,
                None => self.scratch.place_readings.push((id, p.reading)),
            }
        }
        for (id, r) in &self.scratch.place_readings {
            self.observations.begin_target(*id, TargetKind::Place, 0.0);
            self.observations.push(*r);
        }
    }
}
