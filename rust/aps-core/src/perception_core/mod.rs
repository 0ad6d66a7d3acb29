//! The APS Core of one AI: its senses and its mind, run together once per perception tick
//! (spec section 10). A pass, in the spec's order:
//!
//! 1. Prepare senses and own senses: Pre Tick, pain first ([`SenseSuite::pre_tick`]).
//! 2. Choose whom to look at: every held target and a bounded number of newcomers
//!    ([`CandidateSelection`]). The adapter chooses first with [`PerceptionCore::choose_looks`],
//!    from positions it has without reading the engine, so that only the chosen cost a look;
//!    otherwise the pass chooses among the candidates it is given.
//! 3. Each target: every sense evaluates it ([`SenseSuite::evaluate`]), squad mates' readings
//!    join, discovered evidence turns into a place.
//! 4. Places: readings about places merge by tag and distance into the mind's place ids.
//! 5. Post Tick Flush.
//! 6. The mind's tick: memory, where you are, threat, player model, brain, events,
//!    housekeeping ([`Mind::tick_with`]).
//!
//! A candidate whose body is one of the AI's own is never evaluated (spec section 13: an AI
//! never perceives a Pawn with its own controller), nor one on a side the profile does not
//! perceive ([`brain::sides`](crate::brain::sides)), and one at a position that is not a number
//! is evaluated by no sense: every sense reports a miss with SensorDropout, so a belief in it
//! is lost for that reason until it stands somewhere real again.
//!
//! The pass is in `pass.rs`, saving and restoring the core in `saved.rs`, and what a developer
//! sees of it (notes, explanations, the timeline, recordings) in `insight.rs`.

mod insight;
mod pass;
mod saved;

pub use pass::{PassInput, PassStats};

use crate::crowd::selection::{CandidateSelection, Chooser, Nearby};
use crate::gather::candidates::{gather_radius, held_targets};
use crate::insight::notes::Notes;
use crate::insight::recording::Recording;
use crate::insight::timeline::Timeline;
use crate::mind::Mind;
use crate::profile::{Profile, ProfileIssue};
use crate::senses::contract::{SenseUnit, Stimuli, WorldView};
use crate::senses::rays::BodyId;
use crate::senses::suite::SenseSuite;
use crate::senses::table::SenseSpec;
use crate::{Observations, Pose, SenseReading, TargetId};
use glam::Vec3;
use smallvec::SmallVec;

/// What a pass works in and drops at its end: nothing in it outlives the pass, so the core's
/// state is the rest of [`PerceptionCore`] (like a physics pipeline, state is passed in and
/// scratch may be thrown away between passes).
#[derive(Default)]
struct Scratch {
    /// Readings about places (a noise with no known source) waiting for the mind.
    place_readings: Vec<(TargetId, SenseReading)>,
    /// The pass's own choice (ids, then indices into the candidates).
    choice: Vec<TargetId>,
    nearby: Vec<Nearby>,
    held: Vec<TargetId>,
    evaluate: Vec<usize>,
}

/// One AI's senses and beliefs.
pub struct PerceptionCore {
    mind: Mind,
    senses: SenseSuite,
    selection: CandidateSelection,
    observations: Observations,
    /// World time of the previous pass: stimuli after it are new.
    last_world_time: Option<f64>,
    last: PassStats,
    /// The candidates chosen by [`PerceptionCore::choose_looks`] for the coming pass.
    chosen: Option<Vec<TargetId>>,
    /// What one pass works in, kept only so that the next pass reuses its room.
    scratch: Scratch,
    /// What the senses noted in the last pass, while noting is on.
    notes: Notes,
    /// The last state changes.
    timeline: Timeline,
    /// The last seconds of ticks, while recording.
    recording: Option<Recording>,
}

impl PerceptionCore {
    /// The built-in senses the profile enables, and a fresh mind.
    #[must_use]
    pub fn new(profile: Profile) -> (Self, Vec<ProfileIssue>) {
        let (mind, issues) = Mind::new(profile);
        let core = PerceptionCore {
            senses: SenseSuite::new(mind.profile()),
            mind,
            selection: CandidateSelection::default(),
            observations: Observations::new(),
            last_world_time: None,
            last: PassStats::default(),
            chosen: None,
            scratch: Scratch::default(),
            notes: Notes::new(),
            timeline: Timeline::default(),
            recording: None,
        };
        (core, issues)
    }

    /// Swaps the profile, keeping every belief (spec section 14, "Set Profile while playing").
    pub fn set_profile(&mut self, profile: Profile) -> Vec<ProfileIssue> {
        let slots = self.mind.ledger().capacity();
        let issues = self.mind.set_profile(profile);
        if self.mind.ledger().capacity() != slots {
            // Who sat out for want of a slot was benched for a crowd of the old size.
            self.selection = CandidateSelection::default();
        }
        self.senses.rebuild(self.mind.profile());
        // A larger ledger records more beliefs a tick: the recording makes room, losing nothing.
        if let Some(r) = &mut self.recording {
            r.grow_for(self.mind.profile().attention.max_tracked_targets as usize);
        }
        let custom: SmallVec<[_; 8]> = self.senses.custom_specs().collect();
        for (id, spec) in custom {
            self.mind.set_sense(id, spec);
        }
        issues
    }

    /// Removes every custom sense (their slots go unused).
    pub fn clear_custom(&mut self) {
        let ids: SmallVec<[_; 8]> = self.senses.clear_custom().collect();
        for id in ids {
            self.mind.set_sense(id, SenseSpec::UNUSED);
        }
    }

    /// Adds a sense beyond the built-in ones (a custom sense), with its contract.
    pub fn add_sense(&mut self, unit: Box<dyn SenseUnit>, spec: SenseSpec) {
        self.mind.set_sense(unit.id(), spec);
        self.senses.add_custom(unit, spec);
    }

    #[must_use]
    pub fn mind(&self) -> &Mind {
        &self.mind
    }

    pub fn mind_mut(&mut self) -> &mut Mind {
        &mut self.mind
    }

    /// The largest reach of the AI's senses: how far to gather candidates (spec section 13).
    #[must_use]
    pub fn gather_range(&self) -> f32 {
        self.senses.reach()
    }

    /// How far from the eyes at `eye` to gather, the body standing at `body`.
    #[must_use]
    pub fn gather_radius(&self, eye: Vec3, body: Vec3) -> f32 {
        gather_radius(self.gather_range(), eye, body)
    }

    /// The targets to gather wherever they stand (see [`held_targets`]), into `out`.
    pub fn held_targets(
        &self,
        world: &WorldView,
        own: &[BodyId],
        shared: &[(TargetId, SenseReading)],
        out: &mut Vec<TargetId>,
    ) {
        held_targets(&self.mind, world, own, shared, out);
    }

    /// Gather's choice, before anything is read from the engine: from the targets `nearby`
    /// (positions up to a grid rebuild old) and the `held` ones, the ids to look at in the
    /// coming pass, into `out`. The pass then evaluates every candidate it is given.
    pub fn choose_looks(
        &mut self,
        world: &WorldView,
        eye: Pose,
        body: Vec3,
        nearby: &[Nearby],
        held: &[TargetId],
        out: &mut Vec<TargetId>,
    ) {
        let by = Chooser {
            mind: &self.mind,
            senses: &self.senses,
            world,
            eye,
            body,
        };
        self.selection.choose(nearby, held, by, out);
        let mut chosen = self.chosen.take().unwrap_or_default();
        chosen.clone_from(out);
        self.chosen = Some(chosen);
    }

    /// Every kind of stimulus the AI's senses listen to.
    #[must_use]
    pub fn listens_to(&self) -> Stimuli {
        self.senses.listens_to()
    }

    /// The AI's own pain, 0..1.
    #[must_use]
    pub fn pain(&self) -> f32 {
        self.senses.pain()
    }

    /// The readings of the last pass.
    #[must_use]
    pub fn observations(&self) -> &Observations {
        &self.observations
    }

    /// What the last pass cost.
    #[must_use]
    pub fn last_pass(&self) -> PassStats {
        self.last
    }
}
