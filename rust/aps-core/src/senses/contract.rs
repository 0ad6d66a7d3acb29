//! The sense contract (spec section 14, "The sense contract"): the four steps every sense
//! follows, what it may use while it runs, and the world it looks at.

use crate::events::Event;
use crate::gather::target::TargetSnapshot;
use crate::insight::notes::{Factor, Notes};
use crate::senses::id::SenseId;
use crate::senses::rays::{BodyId, Space};
use crate::senses::sound_paths::Portal;
use crate::senses::transmission::{trace, Occluders, Trace, TraceRay};
use crate::world::conditions::WorldConditions;
use crate::world::scent::ScentField;
use crate::world::stimulus::{Damage, Ring, SoundBuffer, Touch};
use crate::{Pose, SenseReading};
use smallvec::SmallVec;

/// What the world around a perceiver looks like this tick: its clock, conditions and the
/// stimuli senses listen to. Anything absent is simply not there.
#[derive(Debug, Clone, Copy, Default)]
pub struct WorldView<'a> {
    /// World time, seconds.
    pub now: f64,
    pub conditions: Option<&'a WorldConditions>,
    pub sounds: Option<&'a SoundBuffer>,
    pub scents: Option<&'a ScentField>,
    pub touches: Option<&'a Ring<Touch>>,
    pub damages: Option<&'a Ring<Damage>>,
    /// Bodies that let sight or sound through (glass, foliage, smoke); none: every body on a
    /// sense's mask is opaque.
    pub occluders: Option<&'a Occluders>,
    /// Doorways, windows and vents sound passes through (sound portals).
    pub portals: Option<&'a [Portal]>,
}

impl WorldView<'_> {
    /// Rain masking for a sense masked by `masking` (1 when there are no conditions).
    #[must_use]
    pub fn rain_factor(&self, masking: f32) -> f32 {
        self.conditions.map_or(1.0, |c| c.rain_factor(masking))
    }
}

/// Everything a sense may use while it runs for one perceiver.
pub struct SenseContext<'a> {
    /// Where the AI's eyes and ears are and which way it faces.
    pub eye: Pose,
    /// Where the AI's body stands (its feet), for touch and vibration.
    pub body: glam::Vec3,
    /// Seconds since the AI's last perception tick.
    pub dt: f32,
    /// The AI's own bodies: never hit by its rays; damage and touch to them are its own.
    pub exclude: &'a [BodyId],
    pub space: &'a mut dyn Space,
    pub world: WorldView<'a>,
    /// 1 normally; lower while pain dulls the senses (pain sets it in Pre Tick).
    pub dulling: f32,
    /// Rays cast by senses this tick, for the stats.
    pub rays: u32,
    /// Of those, the rays cast on through an occluder.
    pub occluder_hits: u32,
    /// Events senses fire themselves (Delegate payload, pain): reported with the tick's events.
    pub payload: SmallVec<[Event; 4]>,
    /// The AI's level-of-detail tier (0 full rate .. 4 suspended): some sounds skip far AI.
    pub lod_tier: u8,
    /// World time of the AI's previous pass: stimuli after it are new.
    pub since: f64,
    /// Where senses note their factors and rays while the AI is explained or drawn; `None`
    /// while it is not.
    pub notes: Option<&'a mut Notes>,
}

impl<'a> SenseContext<'a> {
    /// A context with eyes at `eye` (the body below them), nothing owned, an empty world and
    /// no dulling: what a test or a tool needs to run one sense.
    pub fn new(eye: Pose, space: &'a mut dyn Space) -> Self {
        SenseContext {
            eye,
            body: eye.position,
            dt: 0.1,
            exclude: &[],
            space,
            world: WorldView::default(),
            dulling: 1.0,
            rays: 0,
            occluder_hits: 0,
            payload: SmallVec::new(),
            lod_tier: 0,
            since: f64::NEG_INFINITY,
            notes: None,
        }
    }

    /// Notes a factor of the reading being made, if the AI is noting.
    pub fn note(&mut self, factor: Factor, value: f32) {
        if let Some(n) = self.notes.as_deref_mut() {
            n.factor(factor, value);
        }
    }

    /// Notes a ray cast for the reading being made, if the AI is noting: what it hit and
    /// whether it reached what it was cast at.
    pub fn note_ray(
        &mut self,
        from: glam::Vec3,
        to: glam::Vec3,
        hit: Option<crate::senses::rays::RayHit>,
        reached: bool,
    ) {
        if let Some(n) = self.notes.as_deref_mut() {
            n.ray(from, to, hit.map(|h| (h.body, h.position)), reached);
        }
    }

    /// Whether a stimulus at world time `time` is new since the last tick: after the world time
    /// of the AI's previous pass, up to now. Measured in world time on both sides, so a stimulus
    /// is never counted by two passes.
    #[must_use]
    pub fn is_new(&self, time: f64) -> bool {
        time > self.since && time <= self.world.now
    }

    /// Whether `body` is one of the AI's own.
    #[must_use]
    pub fn is_own(&self, body: BodyId) -> bool {
        self.exclude.contains(&body)
    }

    /// Traces sight or sound through the occluders of the world (see
    /// [`transmission`](crate::senses::transmission)), counting every ray.
    pub fn trace(&mut self, ray: TraceRay) -> Trace {
        let t = trace(self.space, ray, self.exclude, self.world.occluders);
        self.rays += t.casts;
        self.occluder_hits += t.casts - 1;
        t
    }

    /// Notes a trace, the first occluder it passed with it.
    pub fn note_trace(&mut self, ray: &TraceRay, t: &Trace) {
        if let Some(n) = self.notes.as_deref_mut() {
            let hit = t.last_hit.map(|h| (h.body, h.position));
            n.ray_through(ray.from, ray.to, hit, t.reached, t.through.map(|h| h.body));
        }
    }

    /// Casts a ray through the space, counting it.
    pub fn cast_ray(
        &mut self,
        from: glam::Vec3,
        to: glam::Vec3,
        mask: u32,
    ) -> Option<crate::senses::rays::RayHit> {
        self.rays += 1;
        self.space.cast_ray(from, to, mask, self.exclude)
    }
}

/// A reading about a place rather than a target (spec section 11): a noise with no known source.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlaceReading {
    /// The kind of report (the adapter's tag index).
    pub tag: u32,
    /// Metres the position may be off by.
    pub accuracy: f32,
    pub reading: SenseReading,
}

/// Place readings of one tick.
pub type PlaceReadings = SmallVec<[PlaceReading; 4]>;

/// Kinds of stimuli a sense listens to, as a bit set (spec section 14: a sense states which
/// stimuli it listens to). The world keeps a kind only while some sense listens to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stimuli(pub u8);

impl Stimuli {
    pub const NONE: Stimuli = Stimuli(0);
    pub const SOUND: Stimuli = Stimuli(1);
    pub const SCENT: Stimuli = Stimuli(2);
    pub const TOUCH: Stimuli = Stimuli(4);
    pub const DAMAGE: Stimuli = Stimuli(8);

    #[must_use]
    pub const fn contains(self, other: Stimuli) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }

    #[must_use]
    pub const fn with(self, other: Stimuli) -> Stimuli {
        Stimuli(self.0 | other.0)
    }
}

/// What a sense may use to tell, before looking, whether a target could be sensed at all: a
/// cheap test on a position that may be a little old (up to a grid rebuild), so it errs on the
/// side of yes by [`Probe::margin`] metres.
#[derive(Clone, Copy)]
pub struct Probe<'a> {
    pub eye: Pose,
    pub body: glam::Vec3,
    pub world: WorldView<'a>,
    /// Targets that made a sound the world still holds, sorted.
    pub sounding: &'a [crate::TargetId],
    /// Metres the position may be off by.
    pub margin: f32,
}

impl Probe<'_> {
    /// Whether `position` may be within `reach` of the eyes or the body.
    #[must_use]
    pub fn near(&self, position: glam::Vec3, reach: f32) -> bool {
        let r = reach + self.margin;
        self.eye.position.distance_squared(position) <= r * r
            || self.body.distance_squared(position) <= r * r
    }

    /// Whether `position` may be inside a cone of `half_angle` degrees around the eyes'
    /// forward axis, `range` metres long.
    #[must_use]
    pub fn in_cone(&self, position: glam::Vec3, half_angle: f32, range: f32) -> bool {
        let to = position - self.eye.position;
        let d = to.length();
        if d > range + self.margin {
            return false;
        }
        if d <= self.margin || half_angle >= 180.0 {
            return true;
        }
        let slack = (self.margin / d).min(1.0).asin().to_degrees();
        self.eye.forward.angle_between(to).to_degrees() <= half_angle + slack
    }
}

/// One sense of one perceiver.
pub trait SenseUnit {
    /// The slot this sense fills.
    fn id(&self) -> SenseId;

    /// The stimuli it reads from the world (none for senses that only look at targets).
    fn listens_to(&self) -> Stimuli {
        Stimuli::NONE
    }

    /// How far it reaches, in metres: feeds the gather range (spec section 13).
    fn reach(&self) -> f32;

    /// Whether target `id`, around `position`, could be sensed at all this tick: the cull
    /// before any look or ray (design notes). It must never say no to what
    /// [`SenseUnit::evaluate`] would sense. By default: within reach of the eyes or the body.
    fn could_sense(&self, probe: &Probe, _id: crate::TargetId, position: glam::Vec3) -> bool {
        probe.near(position, self.reach())
    }

    /// Once per perceiver per tick, before any target.
    fn pre_tick(&mut self, _ctx: &mut SenseContext) {}

    /// Once per target: the reading, or `None` when the sense has nothing to say.
    fn evaluate(&mut self, ctx: &mut SenseContext, target: &TargetSnapshot)
        -> Option<SenseReading>;

    /// Once per tick, after every target: readings about places (a noise with no known
    /// source), if the sense perceives any.
    fn places(&mut self, _ctx: &mut SenseContext, _out: &mut PlaceReadings) {}

    /// After every target.
    fn post_tick_flush(&mut self) {}

    /// The sense's own clocks, in seconds (`None`: never), for a saved game. Most senses keep
    /// none.
    fn timers(&self) -> smallvec::SmallVec<[Option<f32>; 2]> {
        smallvec::SmallVec::new()
    }

    /// Sets the clocks [`SenseUnit::timers`] gave, from a saved game.
    fn set_timers(&mut self, _timers: &[Option<f32>]) {}
}
