//! One AI's senses as the perception pass runs them (spec section 14, "The sense contract"): the
//! built-in senses its profile enables, its custom senses, and pain, which runs first so its
//! dulling reaches every other sense.

use crate::gather::target::TargetSnapshot;
use crate::profile::Profile;
use crate::senses::contract::{PlaceReadings, SenseContext, SenseUnit, Stimuli};
use crate::senses::table::SenseSpec;
use crate::senses::{
    DamageSense, Echolocation, Hearing, Pain, Smell, TouchSense, Vibration, Vision,
};
use crate::Observations;

/// Every sense of one AI.
pub struct SenseSuite {
    pain: Pain,
    builtin: Vec<Box<dyn SenseUnit>>,
    custom: Vec<(Box<dyn SenseUnit>, SenseSpec)>,
}

impl SenseSuite {
    /// The built-in senses `profile` enables, no custom ones, no pain yet.
    #[must_use]
    pub fn new(profile: &Profile) -> Self {
        let mut suite = SenseSuite {
            pain: Pain::new(profile.pain),
            builtin: Vec::new(),
            custom: Vec::new(),
        };
        suite.rebuild(profile);
        suite
    }

    /// The pain sense's level and the level it last reported (for a saved game).
    #[must_use]
    pub fn pain_state(&self) -> (f32, f32) {
        self.pain.state()
    }

    /// Restores what [`SenseSuite::pain_state`] gave.
    pub fn set_pain_state(&mut self, level: f32, reported: f32) {
        self.pain.set_state(level, reported);
    }

    /// Every sense's clocks that has any, by slot (for a saved game).
    pub fn timers(
        &self,
    ) -> impl Iterator<Item = (crate::SenseId, smallvec::SmallVec<[Option<f32>; 2]>)> + '_ {
        self.builtin
            .iter()
            .chain(self.custom.iter().map(|(u, _)| u))
            .map(|u| (u.id(), u.timers()))
            .filter(|(_, t)| !t.is_empty())
    }

    /// Sets the clocks of the sense in slot `id`, if the AI has it.
    pub fn set_timers(&mut self, id: crate::SenseId, timers: &[Option<f32>]) {
        for u in self
            .builtin
            .iter_mut()
            .chain(self.custom.iter_mut().map(|(u, _)| u))
        {
            if u.id() == id {
                u.set_timers(timers);
            }
        }
    }

    /// The built-in senses for a new profile. Pain keeps its level; custom senses stay.
    pub fn rebuild(&mut self, p: &Profile) {
        let mut builtin: Vec<Box<dyn SenseUnit>> = Vec::new();
        if p.vision.enabled {
            builtin.push(Box::new(Vision::new(p.vision)));
        }
        if p.hearing.enabled {
            builtin.push(Box::new(Hearing::new(p.hearing)));
        }
        if p.smell.enabled {
            builtin.push(Box::new(Smell::new(p.smell)));
        }
        if p.touch.enabled {
            builtin.push(Box::new(TouchSense::new(p.touch)));
        }
        if p.vibration.enabled {
            builtin.push(Box::new(Vibration::new(p.vibration)));
        }
        if p.damage.enabled {
            builtin.push(Box::new(DamageSense::new(p.damage)));
        }
        if p.echolocation.enabled {
            builtin.push(Box::new(Echolocation::new(p.echolocation)));
        }
        self.builtin = builtin;
        self.pain.set_settings(p.pain);
    }

    /// Adds a sense beyond the built-in ones, with its contract.
    pub fn add_custom(&mut self, unit: Box<dyn SenseUnit>, spec: SenseSpec) {
        self.custom.push((unit, spec));
    }

    /// Removes every custom sense, handing each one's slot back.
    pub fn clear_custom(&mut self) -> impl Iterator<Item = crate::SenseId> + '_ {
        self.custom.drain(..).map(|(unit, _)| unit.id())
    }

    /// Each custom sense's slot and contract.
    pub fn custom_specs(&self) -> impl Iterator<Item = (crate::SenseId, SenseSpec)> + '_ {
        self.custom.iter().map(|(unit, spec)| (unit.id(), *spec))
    }

    fn units_mut(&mut self) -> impl Iterator<Item = &mut Box<dyn SenseUnit>> {
        self.builtin
            .iter_mut()
            .chain(self.custom.iter_mut().map(|(s, _)| s))
    }

    /// The largest reach of the senses: how far to gather candidates (spec section 13).
    #[must_use]
    pub fn reach(&self) -> f32 {
        self.builtin
            .iter()
            .map(|s| s.reach())
            .chain(self.custom.iter().map(|(s, _)| s.reach()))
            .fold(0.0, f32::max)
    }

    /// Every kind of stimulus the senses listen to.
    #[must_use]
    pub fn listens_to(&self) -> Stimuli {
        self.builtin
            .iter()
            .map(|s| s.listens_to())
            .chain(self.custom.iter().map(|(s, _)| s.listens_to()))
            .chain(std::iter::once(self.pain.listens_to()))
            .fold(Stimuli::NONE, Stimuli::with)
    }

    /// The AI's own pain, 0..1.
    #[must_use]
    pub fn pain(&self) -> f32 {
        self.pain.level()
    }

    /// Whether any sense could sense target `id` around `position` (the cull before a look).
    #[must_use]
    pub fn could_sense(
        &self,
        probe: &crate::senses::Probe,
        id: crate::TargetId,
        position: glam::Vec3,
    ) -> bool {
        self.builtin
            .iter()
            .chain(self.custom.iter().map(|(s, _)| s))
            .any(|s| s.could_sense(probe, id, position))
    }

    /// Pre Tick: pain first (spec section 10, "Own senses"), so its dulling reaches every other
    /// sense, then every sense once.
    pub fn pre_tick(&mut self, ctx: &mut SenseContext) {
        self.pain.pre_tick(ctx);
        for s in self.units_mut() {
            s.pre_tick(ctx);
        }
    }

    /// Evaluate: every sense's reading of one target, pushed onto the target begun last in
    /// `observations`.
    pub fn evaluate(
        &mut self,
        ctx: &mut SenseContext,
        target: &TargetSnapshot,
        observations: &mut Observations,
    ) {
        for s in self.units_mut() {
            if let Some(n) = ctx.notes.as_deref_mut() {
                n.about(target.id, s.id());
            }
            if let Some(r) = s.evaluate(ctx, target) {
                observations.push(r);
            }
        }
    }

    /// Every sense's reading of nothing, each saying why it missed: for a target no sense can
    /// look at.
    pub fn miss(&self, cue: crate::LossReason, observations: &mut Observations) {
        for id in self
            .builtin
            .iter()
            .map(|s| s.id())
            .chain(self.custom.iter().map(|(s, _)| s.id()))
        {
            observations.push(crate::SenseReading::missed(id, cue));
        }
    }

    /// Readings about places (a noise with no known source), from every sense.
    pub fn places(&mut self, ctx: &mut SenseContext, out: &mut PlaceReadings) {
        for s in self.units_mut() {
            s.places(ctx, out);
        }
    }

    /// Post Tick Flush, after every target.
    pub fn post_tick_flush(&mut self) {
        for s in self.units_mut() {
            s.post_tick_flush();
        }
    }
}
