//! The perception components: `ApsPerceptionComponent` (a `Node3D`) and its 2D twin
//! `ApsPerceptionComponent2D` (a `Node2D`), perception for one AI placed under its body.
//!
//! Nothing of the model is copied for 2D. What a component holds and does is plain Rust written
//! once, generic over the kind of scene (`ComponentKind`, after `dim::Dim`): its state,
//! `PerceiverState` (`perceiver.rs`); what the stages need of either class and the checks every
//! call makes (`component.rs`); and the stages: its life in the tree and the schedule
//! (`life.rs`), building its core from its settings (`core_profile.rs`), a pass (`pass.rs`), its
//! events as signals (`signals.rs`), what it answers about beliefs (`beliefs.rs`) and memory
//! (`memory.rs`), the calls that change belief (`changes.rs`), saves (`saving.rs`),
//! explanations, recordings and the debugger's rows (`insight.rs`) and its drawing
//! (`drawing.rs`).
//!
//! The Godot classes are `three.rs` and `two.rs`: each declares its settings, signals,
//! constants and calls with their documentation, each call a line or two handing its arguments
//! to the stages above.

mod beliefs;
mod changes;
mod component;
mod constants;
mod core_profile;
mod drawing;
mod insight;
mod life;
mod memory;
mod own_bodies;
pub(crate) mod pass;
mod perceiver;
pub(crate) mod saving;
mod signals;
mod three;
mod two;

pub use three::ApsPerceptionComponent;
pub use two::ApsPerceptionComponent2D;

use component::Component;
use godot::prelude::*;

/// What the core profile was built from: the profile and quality profile, their edits, and the
/// project's occlusion layers.
type ProfileKey = (
    Option<(InstanceId, u64)>,
    Option<(InstanceId, (u32, u32))>,
    u32,
);

/// What a replicator sends of one AI: its awareness, its attention target and each believed
/// actor with its replicated belief (keyed by the replicator).
pub(crate) type ReplicaRows = (
    aps_core::AwarenessLevel,
    Option<Gd<Node>>,
    Vec<(Gd<Node>, aps_core::replica::ReplicatedBelief)>,
);

/// Room for custom senses: the slots after the eight built-in ones, before the squad's.
const MAX_CUSTOM_SENSES: usize = aps_core::senses::id::CUSTOM_SENSES;

/// A perception component of either kind, for the code that treats both alike (the driver, the
/// debugger, saved games, squads).
#[derive(Debug, Clone)]
pub enum Perceiver {
    Three(Gd<ApsPerceptionComponent>),
    Two(Gd<ApsPerceptionComponent2D>),
}

/// Runs `$body` with `$c` bound to the component inside `$p`, whichever kind it is.
macro_rules! each_kind {
    ($p:expr, $c:ident => $body:expr) => {
        match $p {
            Perceiver::Three($c) => $body,
            Perceiver::Two($c) => $body,
        }
    };
}

/// How a world's schedule keeps a perception component (see `world::Scheduled`).
impl crate::world::Scheduled for Perceiver {
    fn is_instance_valid(&self) -> bool {
        Perceiver::is_instance_valid(self)
    }

    fn position(&self) -> aps_core::Vec3 {
        self.spatial().position()
    }

    fn run_scheduled(&self, dt: f32, full: bool, tier: u8) {
        self.clone().run_scheduled(dt, full, tier);
    }
}

impl Perceiver {
    /// The live perception component `id`, if it is one.
    #[must_use]
    pub fn from_id(id: InstanceId) -> Option<Perceiver> {
        Perceiver::of(&Gd::<Node>::try_from_instance_id(id).ok()?)
    }

    /// `node` as a perception component, if it is one.
    #[must_use]
    pub fn of(node: &Gd<Node>) -> Option<Perceiver> {
        match node.clone().try_cast::<ApsPerceptionComponent>() {
            Ok(c) => Some(Perceiver::Three(c)),
            Err(n) => n
                .try_cast::<ApsPerceptionComponent2D>()
                .ok()
                .map(Perceiver::Two),
        }
    }

    #[must_use]
    pub fn node(&self) -> Gd<Node> {
        each_kind!(self, c => c.clone().upcast())
    }

    #[must_use]
    pub fn instance_id(&self) -> InstanceId {
        each_kind!(self, c => c.instance_id())
    }

    /// The component as the node it is placed by (no call into the engine).
    #[must_use]
    pub fn spatial(&self) -> crate::dim::Spatial {
        match self {
            Perceiver::Three(c) => crate::dim::Spatial::Three(c.clone().upcast()),
            Perceiver::Two(c) => crate::dim::Spatial::Two(c.clone().upcast()),
        }
    }

    /// Whether it is the 2D component.
    #[must_use]
    pub fn is_two_d(&self) -> bool {
        matches!(self, Perceiver::Two(_))
    }

    /// A replicator child arrived: the belief calls of a client answer from it (the one that
    /// came last, if there are several).
    pub fn add_replicator(&mut self, replicator: InstanceId) {
        each_kind!(self, c => c.bind_mut().state_mut().replicator = Some(replicator));
    }

    /// A replicator child left (see `life::replicator_removed`).
    pub fn remove_replicator(&mut self, replicator: InstanceId) {
        each_kind!(self, c => life::replicator_removed(&mut *c.bind_mut(), replicator));
    }

    /// What a replicator sends of this AI (see `life::replica_rows`).
    #[must_use]
    pub fn replica_rows(&self) -> ReplicaRows {
        each_kind!(self, c => life::replica_rows(&*c.bind()))
    }

    /// Whether the component is still alive: one call into the engine.
    #[must_use]
    pub fn is_instance_valid(&self) -> bool {
        each_kind!(self, c => c.is_instance_valid())
    }

    /// See `life::run_scheduled`: `self` must not be bound.
    pub fn run_scheduled(self, dt: f32, full: bool, tier: u8) {
        each_kind!(self, c => life::run_scheduled(c, dt, full, tier));
    }

    /// Brings its debug drawing up to date; whether it still draws.
    pub fn redraw(&mut self, draw_all: bool) -> bool {
        each_kind!(self, c => drawing::redraw(&mut *c.bind_mut(), draw_all))
    }

    pub fn set_drawn_by_debugger(&mut self, on: bool) {
        each_kind!(self, c => drawing::set_drawn_by_debugger(&mut *c.bind_mut(), on));
    }

    #[must_use]
    pub fn debug_summary(&self) -> VarDictionary {
        each_kind!(self, c => insight::debug_summary(&*c.bind()))
    }

    #[must_use]
    pub fn debug_snapshot(&self) -> VarDictionary {
        each_kind!(self, c => insight::debug_snapshot(&*c.bind()))
    }

    /// Its beliefs as saved data (`None` from inside a pass).
    pub fn beliefs_saved(
        &mut self,
        root: Option<&Gd<Node>>,
    ) -> Option<aps_core::save::format::BeliefsSave> {
        each_kind!(self, c => saving::saved(&mut *c.bind_mut(), root))
    }

    /// Restores saved beliefs (see `load_beliefs`).
    pub fn beliefs_restored(
        &mut self,
        saved: &aps_core::save::format::BeliefsSave,
        keys: &mut crate::saved::keys::SceneKeys,
        missing: aps_core::save::MissingTargets,
        issues: &mut Vec<aps_core::save::LoadIssue>,
    ) -> bool {
        each_kind!(self, c => saving::restored(&mut *c.bind_mut(), saved, keys, missing, issues))
    }
}
