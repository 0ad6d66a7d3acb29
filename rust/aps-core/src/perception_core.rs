//! The APS Core of one AI: its senses and its perceiver, run together once per perception tick
//! (spec section 10): prepare senses, evaluate every sense on every candidate, flush, then the
//! memory engine and the brain.

use crate::events::Event;
use crate::perceiver::Perceiver;
use crate::profile::{Profile, ProfileIssue};
use crate::reading::{Observations, Pose, TargetId};
use crate::sense_table::SenseSpec;
use crate::senses::{Hearing, SenseContext, SenseUnit, Vision, WorldView};
use crate::space::{BodyId, Space};
use crate::target::TargetSnapshot;

/// What one pass cost, for the stats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PassStats {
    pub candidates: u32,
    pub rays: u32,
}

/// One AI's senses and beliefs.
pub struct PerceptionCore {
    perceiver: Perceiver,
    senses: Vec<Box<dyn SenseUnit>>,
    custom: Vec<(Box<dyn SenseUnit>, SenseSpec)>,
    observations: Observations,
    last: PassStats,
}

impl PerceptionCore {
    /// The built-in senses the profile enables, and a fresh perceiver.
    #[must_use]
    pub fn new(profile: Profile) -> (Self, Vec<ProfileIssue>) {
        let (perceiver, issues) = Perceiver::new(profile);
        let mut core = PerceptionCore {
            perceiver,
            senses: Vec::new(),
            custom: Vec::new(),
            observations: Observations::new(),
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
        self.senses = senses;
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

    /// What the last pass cost.
    #[must_use]
    pub fn last_pass(&self) -> PassStats {
        self.last
    }

    /// One perception tick: every sense on every candidate, then the perceiver. `destroyed`
    /// lists targets the AI believed in that no longer exist.
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &mut self,
        dt: f32,
        eye: Pose,
        exclude: &[BodyId],
        space: &mut dyn Space,
        world: WorldView,
        candidates: &[TargetSnapshot],
        destroyed: &[TargetId],
    ) -> &[Event] {
        let mut ctx = SenseContext {
            eye,
            exclude,
            space,
            world,
            dulling: 1.0,
            rays: 0,
        };
        let obs = &mut self.observations;
        obs.clear();
        let units = self
            .senses
            .iter_mut()
            .chain(self.custom.iter_mut().map(|(s, _)| s));
        let mut units: smallvec::SmallVec<[&mut Box<dyn SenseUnit>; 16]> = units.collect();
        for s in units.iter_mut() {
            s.pre_tick(&mut ctx);
        }
        for target in candidates {
            obs.begin_target(target.id, target.kind, target.speed());
            for s in units.iter_mut() {
                if let Some(r) = s.evaluate(&mut ctx, target) {
                    obs.push(r);
                }
            }
        }
        for s in units.iter_mut() {
            s.post_tick_flush();
        }
        for &gone in destroyed {
            obs.mark_destroyed(gone);
        }
        self.last = PassStats {
            candidates: candidates.len() as u32,
            rays: ctx.rays,
        };
        self.perceiver.tick(dt, eye, &self.observations)
    }
}
