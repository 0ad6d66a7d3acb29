//! The sense contract (spec section 14, "The sense contract") and the built-in senses.
//!
//! Every sense, built in or custom, follows the same four steps: Pre Tick once per AI per tick,
//! Evaluate once per target, a payload when active, Post Tick Flush after all targets. It also
//! states how it is lost (its [`SenseSpec`](crate::sense_table::SenseSpec)) and how far it
//! reaches. The perception pass talks to senses only through [`SenseUnit`].

pub mod hearing;
pub mod vision;

pub use hearing::Hearing;
pub use vision::Vision;

use crate::reading::{Pose, SenseReading};
use crate::sense::SenseId;
use crate::space::{BodyId, Space};
use crate::stimulus::SoundBuffer;
use crate::target::TargetSnapshot;

/// What the world around a perceiver looks like this tick.
#[derive(Debug, Clone, Default)]
pub struct WorldView<'a> {
    /// World time, seconds.
    pub now: f64,
    /// Recent sounds.
    pub sounds: Option<&'a SoundBuffer>,
}

/// Everything a sense may use while it runs for one perceiver.
pub struct SenseContext<'a> {
    /// Where the AI's eyes and ears are and which way it faces.
    pub eye: Pose,
    /// The AI's own bodies: never hit by its rays.
    pub exclude: &'a [BodyId],
    pub space: &'a mut dyn Space,
    pub world: WorldView<'a>,
    /// 1 normally; lower while pain dulls the senses.
    pub dulling: f32,
    /// Rays cast by senses this tick, for the stats.
    pub rays: u32,
}

impl SenseContext<'_> {
    /// Casts a ray through the space, counting it.
    pub fn cast_ray(
        &mut self,
        from: glam::Vec3,
        to: glam::Vec3,
        mask: u32,
    ) -> Option<crate::space::RayHit> {
        self.rays += 1;
        self.space.cast_ray(from, to, mask, self.exclude)
    }
}

/// One sense of one perceiver.
pub trait SenseUnit {
    /// The slot this sense fills.
    fn id(&self) -> SenseId;

    /// How far it reaches, in metres: feeds the gather range (spec section 13).
    fn reach(&self) -> f32;

    /// Once per perceiver per tick, before any target.
    fn pre_tick(&mut self, _ctx: &mut SenseContext) {}

    /// Once per target: the reading, or `None` when the sense has nothing to say.
    fn evaluate(&mut self, ctx: &mut SenseContext, target: &TargetSnapshot)
        -> Option<SenseReading>;

    /// After every target.
    fn post_tick_flush(&mut self) {}
}
