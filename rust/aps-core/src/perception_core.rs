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

use crate::crowd::priority::{LookBook, LOOK_BOOK, MAX_BENCH};
use crate::crowd::selection::{CandidateSelection, Chooser, Nearby};
use crate::events::Event;
use crate::gather::candidates::{gather_radius, held_targets};
use crate::gather::target::TargetSnapshot;
use crate::insight::explain::Explanation;
use crate::insight::notes::Notes;
use crate::insight::recording::{Recording, MAX_FRAMES};
use crate::insight::timeline::Timeline;
use crate::mind::Mind;
use crate::profile::{Profile, ProfileIssue};
use crate::save::format::{BenchSave, CoreSave, PainSave, SenseTimersSave};
use crate::save::{Keys, LoadIssue, MissingTargets, Repair};
use crate::senses::contract::{PlaceReadings, SenseContext, SenseUnit, Stimuli, WorldView};
use crate::senses::rays::{BodyId, Space};
use crate::senses::suite::SenseSuite;
use crate::senses::table::SenseSpec;
use crate::{BeliefState, LossReason, Observations, Pose, SenseReading, TargetId, TargetKind};
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

/// One AI's senses and beliefs.
pub struct PerceptionCore {
    mind: Mind,
    senses: SenseSuite,
    selection: CandidateSelection,
    observations: Observations,
    place_readings: Vec<(TargetId, SenseReading)>,
    /// World time of the previous pass: stimuli after it are new.
    last_world_time: Option<f64>,
    last: PassStats,
    /// The candidates chosen by [`PerceptionCore::choose_looks`] for the coming pass.
    chosen: Option<Vec<TargetId>>,
    /// Scratch: the pass's own choice (ids, then indices into the candidates).
    choice: Vec<TargetId>,
    nearby: Vec<Nearby>,
    held: Vec<TargetId>,
    evaluate: Vec<usize>,
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
            place_readings: Vec::with_capacity(8),
            last_world_time: None,
            last: PassStats::default(),
            chosen: None,
            choice: Vec::new(),
            nearby: Vec::new(),
            held: Vec::new(),
            evaluate: Vec::new(),
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

    /// The timeline and the recording hear of the tick just run.
    fn keep_insight(&mut self) {
        let events = self.mind.last_events();
        self.timeline.record(self.mind.now(), events);
        if let Some(r) = &mut self.recording {
            r.record(&self.mind, &self.observations, events);
        }
    }

    /// Everything this AI holds, for a saved game (see [`crate::save`]): its mind, its
    /// senses' clocks, whom it benched, and how long before `world_now` its last pass ran.
    #[must_use]
    pub fn save(&self, keys: &dyn Keys, world_now: f64) -> CoreSave {
        let (level, reported) = self.senses.pain_state();
        let looks = &self.selection.looks;
        let mut benched: Vec<BenchSave> = looks
            .benched_until
            .iter()
            .filter(|(_, until)| **until > world_now)
            .filter_map(|(t, until)| {
                Some(BenchSave {
                    target: keys.key_of(*t)?,
                    seconds_left: *until - world_now,
                })
            })
            .collect();
        benched.sort_by(|a, b| a.target.cmp(&b.target));
        CoreSave {
            mind: self.mind.save(keys),
            pain: PainSave { level, reported },
            sense_timers: self
                .senses
                .timers()
                .map(|(id, t)| SenseTimersSave {
                    sense: id.0,
                    timers: t.to_vec(),
                })
                .collect(),
            benched,
            crowded: self.selection.crowded,
            crowd: [self.selection.crowd.0 as u32, self.selection.crowd.1 as u32],
            last_pass_seconds_ago: self.last_world_time.map(|t| (world_now - t).max(0.0)),
        }
    }

    /// Replaces everything this AI holds with `saved` (see [`Mind::restore`]), the world's
    /// clock now at `world_now`. Nothing is reported as an event; the timeline starts afresh.
    /// Returns how many beliefs named a target that no longer exists.
    pub fn restore(
        &mut self,
        saved: &CoreSave,
        keys: &mut dyn Keys,
        missing: MissingTargets,
        world_now: f64,
        issues: &mut Vec<LoadIssue>,
    ) -> usize {
        let lost = self.mind.restore(&saved.mind, keys, missing, issues);
        let mut fix = Repair::new(issues);
        let level = fix.unit(|| "pain.level".into(), saved.pain.level);
        let reported = fix.unit(|| "pain.reported".into(), saved.pain.reported);
        self.senses.set_pain_state(level, reported);
        for t in &saved.sense_timers {
            self.senses.set_timers(crate::SenseId(t.sense), &t.timers);
        }
        self.selection = CandidateSelection::default();
        if saved.benched.len() > LOOK_BOOK {
            fix.note(
                "benched",
                format!("more than {LOOK_BOOK}; the rest are dropped"),
            );
        }
        for (i, b) in saved.benched.iter().take(LOOK_BOOK).enumerate() {
            if let Some(t) = keys.target_of(&b.target) {
                // No bench outlasts the longest the look book gives (a save cannot blind it).
                let left = fix.time(|| format!("benched[{i}].seconds_left"), b.seconds_left);
                let bench = LookBook::bench_time(saved.crowd[0] as usize, saved.crowd[1] as usize);
                let left = left.clamp(0.0, f64::from(bench.min(MAX_BENCH)));
                self.selection
                    .looks
                    .benched_until
                    .insert(t, world_now + left);
            }
        }
        self.selection.crowded = saved.crowded;
        self.selection.crowd = (saved.crowd[0] as usize, saved.crowd[1] as usize);
        self.last_world_time = saved
            .last_pass_seconds_ago
            .map(|ago| world_now - fix.time(|| "last_pass_seconds_ago".into(), ago).max(0.0));
        self.chosen = None;
        self.observations.clear();
        self.notes.clear();
        self.last = PassStats::default();
        self.timeline = Timeline::default();
        lost
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

    /// The readings of the last pass.
    #[must_use]
    pub fn observations(&self) -> &Observations {
        &self.observations
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

    /// What the last pass cost.
    #[must_use]
    pub fn last_pass(&self) -> PassStats {
        self.last
    }

    /// One perception tick (spec section 10), as the module doc lists it. Events the senses
    /// fired themselves come first in the returned list.
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
    /// candidates. Leaves the indices of the candidates to evaluate in `self.evaluate`.
    fn choose(&mut self, input: &PassInput) {
        self.evaluate.clear();
        if let Some(chosen) = self.chosen.take() {
            self.evaluate.extend(0..input.candidates.len());
            self.choice = chosen;
            return;
        }
        held_targets(
            &self.mind,
            &input.world,
            input.own,
            input.shared,
            &mut self.held,
        );
        self.nearby.clear();
        self.nearby.extend(input.candidates.iter().map(|t| Nearby {
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
        self.selection
            .choose(&self.nearby, &self.held, by, &mut self.choice);
        let choice = &self.choice;
        self.evaluate.extend(
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
        for &index in &self.evaluate {
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
        self.place_readings.clear();
        for p in &places {
            let id = self.mind.place_for(p.tag, p.reading.position, p.accuracy);
            match self.place_readings.iter_mut().find(|(t, _)| *t == id) {
                Some((_, best)) if best.confidence >= p.reading.confidence => {}
                Some((_, best)) => *best = p.reading,
                None => self.place_readings.push((id, p.reading)),
            }
        }
        for (id, r) in &self.place_readings {
            self.observations.begin_target(*id, TargetKind::Place, 0.0);
            self.observations.push(*r);
        }
    }
}
