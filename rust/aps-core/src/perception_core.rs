//! The APS Core of one AI: its senses and its perceiver, run together once per perception tick
//! (spec section 10): prepare senses, evaluate every sense on every candidate, flush, then the
//! memory engine and the brain.

use crate::crowd::{CandidateInfo, LookBook};
use crate::events::Event;
use crate::mind::Perceiver;
use crate::profile::{Profile, ProfileIssue};
use crate::TargetKind;

use crate::gather::target::TargetSnapshot;
use crate::senses::rays::{BodyId, Space};
use crate::senses::table::SenseSpec;
use crate::senses::{
    DamageSense, Echolocation, Hearing, Pain, PlaceReadings, SenseContext, SenseUnit, Smell,
    TouchSense, Vibration, Vision, WorldView,
};
use crate::{Observations, Pose, TargetId};
use glam::Vec3;
use smallvec::SmallVec;

/// What one pass cost, for the stats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PassStats {
    pub candidates: u32,
    pub rays: u32,
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
    pub shared: &'a [(TargetId, crate::SenseReading)],
    /// The AI's level-of-detail tier (spec section 12).
    pub lod_tier: u8,
}

/// One AI's senses and beliefs.
pub struct PerceptionCore {
    perceiver: Perceiver,
    pain: Pain,
    senses: Vec<Box<dyn SenseUnit>>,
    custom: Vec<(Box<dyn SenseUnit>, SenseSpec)>,
    observations: Observations,
    place_readings: Vec<(TargetId, crate::SenseReading)>,
    looks: LookBook,
    last_world_time: Option<f64>,
    infos: Vec<CandidateInfo>,
    selected: Vec<usize>,
    ranking: Vec<(crate::crowd::Priority, f32, u64, usize)>,
    last: PassStats,
}

impl PerceptionCore {
    /// The built-in senses the profile enables, and a fresh perceiver.
    #[must_use]
    pub fn new(profile: Profile) -> (Self, Vec<ProfileIssue>) {
        let (perceiver, issues) = Perceiver::new(profile);
        let mut core = PerceptionCore {
            pain: Pain::new(perceiver.profile().pain),
            perceiver,
            senses: Vec::new(),
            custom: Vec::new(),
            observations: Observations::new(),
            place_readings: Vec::with_capacity(8),
            looks: LookBook::default(),
            last_world_time: None,
            infos: Vec::new(),
            selected: Vec::new(),
            ranking: Vec::new(),
            last: PassStats::default(),
        };
        core.build_senses();
        (core, issues)
    }

    fn build_senses(&mut self) {
        let p = self.perceiver.profile();
        let mut senses: Vec<Box<dyn SenseUnit>> = Vec::new();
        if p.vision.enabled {
            senses.push(Box::new(Vision::new(p.vision)));
        }
        if p.hearing.enabled {
            senses.push(Box::new(Hearing::new(p.hearing)));
        }
        if p.smell.enabled {
            senses.push(Box::new(Smell::new(p.smell)));
        }
        if p.touch.enabled {
            senses.push(Box::new(TouchSense::new(p.touch)));
        }
        if p.vibration.enabled {
            senses.push(Box::new(Vibration::new(p.vibration)));
        }
        if p.damage.enabled {
            senses.push(Box::new(DamageSense::new(p.damage)));
        }
        if p.echolocation.enabled {
            senses.push(Box::new(Echolocation::new(p.echolocation)));
        }
        self.senses = senses;
        // Pain keeps its level across a profile swap.
        self.pain.settings = p.pain;
    }

    /// Swaps the profile, keeping every belief (spec section 14, "Set Profile while playing").
    pub fn set_profile(&mut self, profile: Profile) -> Vec<ProfileIssue> {
        let issues = self.perceiver.set_profile(profile);
        self.build_senses();
        for (unit, spec) in &self.custom {
            self.perceiver.set_sense(unit.id(), *spec);
        }
        issues
    }

    /// Removes every custom sense (their slots go unused).
    pub fn clear_custom(&mut self) {
        for (unit, _) in self.custom.drain(..) {
            self.perceiver
                .set_sense(unit.id(), crate::senses::table::SenseSpec::UNUSED);
        }
    }

    /// Adds a sense beyond the built-in ones (a custom sense), with its contract.
    pub fn add_sense(&mut self, unit: Box<dyn SenseUnit>, spec: SenseSpec) {
        self.perceiver.set_sense(unit.id(), spec);
        self.custom.push((unit, spec));
    }

    #[must_use]
    pub fn perceiver(&self) -> &Perceiver {
        &self.perceiver
    }

    pub fn perceiver_mut(&mut self) -> &mut Perceiver {
        &mut self.perceiver
    }

    /// The largest reach of the AI's senses: how far to gather candidates (spec section 13).
    #[must_use]
    pub fn gather_range(&self) -> f32 {
        self.senses
            .iter()
            .map(|s| s.reach())
            .chain(self.custom.iter().map(|(s, _)| s.reach()))
            .fold(0.0, f32::max)
    }

    /// Every kind of stimulus the AI's senses listen to.
    #[must_use]
    pub fn listens_to(&self) -> crate::senses::Stimuli {
        self.senses
            .iter()
            .map(|s| s.listens_to())
            .chain(self.custom.iter().map(|(s, _)| s.listens_to()))
            .chain(std::iter::once(self.pain.listens_to()))
            .fold(crate::senses::Stimuli::NONE, crate::senses::Stimuli::with)
    }

    /// The AI's own pain, 0..1.
    #[must_use]
    pub fn pain(&self) -> f32 {
        self.pain.level()
    }

    /// Fills `selected` with the candidates to evaluate: all of them, or in a crowd (more
    /// candidates than belief slots) the ones that matter most (spec section 13). Returns
    /// whether it was a crowd.
    fn select_candidates(&mut self, input: &PassInput, ctx: &SenseContext) -> bool {
        let slots = self.perceiver.ledger().capacity();
        let n = input.candidates.len();
        if n <= slots {
            self.selected.clear();
            self.selected.extend(0..n);
            return false;
        }
        let now = input.world.now;
        let p = &self.perceiver;
        let hold = f64::from(
            p.profile()
                .damage
                .hold_time
                .max(p.profile().touch.contact_hold_time),
        );
        self.infos.clear();
        for t in input.candidates {
            let belief = p.belief(t.id);
            let hit = input.world.damages.is_some_and(|d| {
                d.all().iter().any(|d| {
                    d.instigator == Some(t.id) && ctx.is_own(d.victim) && now - d.time <= hold
                })
            }) || input.world.touches.is_some_and(|d| {
                d.all()
                    .iter()
                    .any(|d| d.other == t.id && ctx.is_own(d.body) && now - d.time <= hold)
            });
            let ally = belief.map_or_else(
                || {
                    p.relationship_of(t.id, Some(t.team_id))
                        .is_some_and(crate::brain::threat::Relationship::is_ally)
                },
                |b| b.relationship.is_ally(),
            );
            self.infos.push(CandidateInfo {
                target: t.id,
                hit_or_touched: hit,
                perceived: belief.is_some_and(|b| b.was_sensed),
                ally,
                score: belief.map_or_else(
                    || {
                        crate::brain::attention::proximity(
                            t.position.distance(input.eye.position),
                            self.gather_range(),
                        )
                    },
                    |b| b.sort_score,
                ),
            });
        }
        self.looks.select(
            &self.infos,
            slots,
            now,
            &mut self.selected,
            &mut self.ranking,
        );
        true
    }

    /// A tick with no senses at all (a suspended AI, spec section 12): memory still fades and
    /// states still step down.
    pub fn fade(&mut self, dt: f32, eye: Pose) -> &[Event] {
        self.observations.clear();
        self.last = PassStats::default();
        self.perceiver.tick(dt, eye, &self.observations)
    }

    /// What the last pass cost.
    #[must_use]
    pub fn last_pass(&self) -> PassStats {
        self.last
    }

    /// One perception tick (spec section 10): Pre Tick (pain first, so its dulling reaches
    /// every sense), every sense on every candidate, Post Tick Flush, then the perceiver.
    /// Events the senses fired themselves come first in the returned list.
    pub fn run(&mut self, input: PassInput, space: &mut dyn Space) -> &[Event] {
        let mut ctx = SenseContext {
            eye: input.eye,
            body: input.body,
            dt: input.dt,
            exclude: input.own,
            space,
            world: input.world,
            dulling: 1.0,
            rays: 0,
            payload: SmallVec::new(),
            lod_tier: input.lod_tier,
            since: self
                .last_world_time
                .unwrap_or(input.world.now - f64::from(input.dt)),
        };
        self.last_world_time = Some(input.world.now);
        self.pain.pre_tick(&mut ctx);
        // In a crowd, only the candidates that matter most get looked at this tick.
        let crowded = self.select_candidates(&input, &ctx);

        let obs = &mut self.observations;
        obs.clear();
        let mut units: SmallVec<[&mut Box<dyn SenseUnit>; 16]> = self
            .senses
            .iter_mut()
            .chain(self.custom.iter_mut().map(|(s, _)| s))
            .collect();
        for s in units.iter_mut() {
            s.pre_tick(&mut ctx);
        }
        for &index in &self.selected {
            let target = &input.candidates[index];
            let readings_before = obs.reading_count();
            if let Some(tag) = target.evidence_tag {
                // Discovered evidence: what the senses find is a place, exactly where it lies.
                let id = self.perceiver.places.place_for(tag, target.position, 0.5);
                obs.begin_target(id, TargetKind::Place, 0.0);
            } else {
                obs.begin_target(target.id, target.kind, target.speed());
            }
            obs.set_team(target.team_id);
            for s in units.iter_mut() {
                if let Some(r) = s.evaluate(&mut ctx, target) {
                    obs.push(r);
                }
            }
            for (_, r) in input.shared.iter().filter(|(t, _)| *t == target.id) {
                obs.push(*r);
            }
            if crowded {
                let found = obs
                    .readings_since(readings_before)
                    .iter()
                    .any(|r| r.confidence > 0.0);
                let bench = LookBook::bench_time(
                    input.candidates.len(),
                    self.perceiver.ledger().capacity(),
                );
                self.looks.record(target.id, found, input.world.now, bench);
            }
        }

        // Places: merged by tag and distance into the AI's own place ids, one reading each.
        let mut places = PlaceReadings::new();
        for s in units.iter_mut() {
            s.places(&mut ctx, &mut places);
        }
        self.place_readings.clear();
        for p in &places {
            let id = self
                .perceiver
                .places
                .place_for(p.tag, p.reading.position, p.accuracy);
            match self.place_readings.iter_mut().find(|(t, _)| *t == id) {
                Some((_, best)) if best.confidence >= p.reading.confidence => {}
                Some((_, best)) => *best = p.reading,
                None => self.place_readings.push((id, p.reading)),
            }
        }
        for (id, r) in &self.place_readings {
            obs.begin_target(*id, TargetKind::Place, 0.0);
            obs.push(*r);
        }
        for s in units.iter_mut() {
            s.post_tick_flush();
        }
        for &gone in input.destroyed {
            obs.mark_destroyed(gone);
        }
        self.last = PassStats {
            candidates: input.candidates.len() as u32,
            rays: ctx.rays,
        };
        self.perceiver.set_pain(self.pain.level());
        self.perceiver
            .tick_with(input.dt, input.eye, &self.observations, &ctx.payload)
    }
}
