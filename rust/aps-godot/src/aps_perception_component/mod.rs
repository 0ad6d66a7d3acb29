//! The perception components: `ApsPerceptionComponent` (a `Node3D`) and its 2D twin
//! `ApsPerceptionComponent2D` (a `Node2D`), perception for one AI placed under its body.
//!
//! Nothing of the model is copied for 2D. What a component holds and does is plain Rust written
//! once, generic over the kind of scene (`ComponentKind`, after `dim::Dim`): its state,
//! `PerceiverState` (`perceiver.rs`), and the stages that take it: building its core from its
//! settings (`core_profile.rs`), a pass (`pass.rs`), its events as signals (`signals.rs`), what
//! it answers about beliefs (`beliefs.rs`) and memory (`memory.rs`), saves (`save_api.rs`),
//! explanations and the debugger's rows (`insight.rs`) and the shapes its drawing shows
//! (`drawing.rs`).
//!
//! The Godot classes are made by `three.rs` and `two.rs` from the `*_api.rs`, `class.rs` and
//! `constants.rs` parts, macros that take the names that differ (the class, its base and
//! interface, its vector type and its `dim` front end): each declares the class's settings,
//! signals, constants and calls with their documentation, and forwards the calls to the stages
//! above. What still runs inside them is what needs the class itself: its life in the tree,
//! its setters, its warnings naming the node, and the calls that change belief.

mod belief_api;
mod beliefs;
mod class;
mod constants;
mod core_profile;
mod debug_draw_api;
mod drawing;
mod insight;
mod insight_api;
mod memory;
mod memory_api;
mod own_bodies;
pub(crate) mod pass;
mod perceiver;
pub(crate) mod save_api;
mod signals;
mod three;
mod two;

pub use three::ApsPerceptionComponent;
pub use two::ApsPerceptionComponent2D;

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

/// Everything the parts of the class name, for the two modules that make a class of them.
mod prelude {
    pub(super) use super::pass::{ComponentView, PreparedPass};
    pub(super) use super::perceiver::PerceiverState;
    pub(super) use super::signals::Outgoing;
    pub(super) use super::ReplicaRows;
    pub(super) use crate::aps_profile::ApsProfile;
    pub(super) use crate::aps_quality_profile::ApsQualityProfile;
    pub(super) use crate::aps_recording::ApsRecording;
    pub(super) use crate::aps_world::{target_of, ApsWorld};
    pub(super) use crate::convert::live_node_as;
    pub(super) use crate::debug_draw::flags;
    pub(super) use crate::debug_draw::scene::DrawScene;
    pub(super) use crate::debug_draw::{DebugDraw, DebugDraw2D};
    pub(super) use crate::dim::{Dim, Spatial, D2, D3};
    pub(super) use crate::editor::in_editor;
    pub(super) use crate::gaze::GazeSetting;
    pub(super) use crate::given::Given;
    pub(super) use crate::saved::keys::{default_root, SceneKeys};
    pub(super) use crate::saved::{read, to_dictionary, warn_issues};
    pub(super) use aps_core::belief::evidence::EvidenceKind;
    pub(super) use aps_core::belief::loss::LossDetail;
    pub(super) use aps_core::brain::emotion::Emotion;
    pub(super) use aps_core::insight::explain::Explanation;
    pub(super) use aps_core::insight::notes::Notes;
    pub(super) use aps_core::insight::recording::{MAX_FRAMES, MAX_RECORDING_SECONDS};
    pub(super) use aps_core::profile::Performance;
    pub(super) use aps_core::relationship::Relationship;
    pub(super) use aps_core::save::format::{BeliefsSave, BELIEFS_FORMAT};
    pub(super) use aps_core::save::{LoadIssue, MissingTargets};
    pub(super) use aps_core::senses::id::{Sense, SQUAD_SENSE};
    pub(super) use aps_core::threat_level::ThreatLevel;
    pub(super) use aps_core::{
        AwarenessLevel, BeliefState, LossReason, Observations, PerceptionCore, Pose, Vec3,
    };
    pub(super) use godot::classes::{Engine, INode2D, INode3D, Node, Node2D, Node3D};
    pub(super) use godot::prelude::*;
    pub(super) use std::time::Instant;
}

/// Makes a perception component class from the parts: `$C` the class, `$I` its interface,
/// `$N` its base (and the type of the targets it names), `$V` its vector type, `$D` its `dim`
/// front end, `$S` the `Spatial` kind of its node, `$Draw` its debug drawing, `$two` whether it
/// is the 2D twin, `$px` the line each call's documentation ends with about units; then the
/// class's documentation.
macro_rules! perception_component {
    ($C:ident, $I:ident, $N:ident, $V:ident, $D:ident, $S:ident, $Draw:ident, $two:literal, $px:literal, $(#[doc = $doc:literal])*) => {
        super::class::class!($C, $I, $N, $V, $D, $S, $Draw, $two, $px, $(#[doc = $doc])*);
        super::pass::pass!($C, $I, $N, $V, $D, $S, $Draw, $two, $px);
        super::signals::signals!($C, $I, $N, $V, $D, $S, $Draw, $two, $px);
        super::belief_api::belief_api!($C, $I, $N, $V, $D, $S, $Draw, $two, $px);
        super::memory_api::memory_api!($C, $I, $N, $V, $D, $S, $Draw, $two, $px);
        super::insight_api::insight_api!($C, $I, $N, $V, $D, $S, $Draw, $two, $px);
        super::save_api::save_api!($C, $I, $N, $V, $D, $S, $Draw, $two, $px);
        super::debug_draw_api::debug_draw_api!($C, $I, $N, $V, $D, $S, $Draw, $two, $px);
        super::constants::constants!($C, $I, $N, $V, $D, $S, $Draw, $two, $px);
    };
}
use perception_component;

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
    pub fn is_2d(&self) -> bool {
        matches!(self, Perceiver::Two(_))
    }

    /// A replicator child arrived (see the class's `add_replicator`).
    pub fn add_replicator(&mut self, replicator: InstanceId) {
        each_kind!(self, c => c.bind_mut().add_replicator(replicator));
    }

    /// A replicator child left (see the class's `remove_replicator`).
    pub fn remove_replicator(&mut self, replicator: InstanceId) {
        each_kind!(self, c => c.bind_mut().remove_replicator(replicator));
    }

    /// What a replicator sends of this AI (see the class's `replica_rows`).
    #[must_use]
    pub fn replica_rows(&self) -> ReplicaRows {
        each_kind!(self, c => c.bind().replica_rows())
    }

    /// Whether the component is still alive: one call into the engine.
    #[must_use]
    pub fn is_instance_valid(&self) -> bool {
        each_kind!(self, c => c.is_instance_valid())
    }

    /// See `run_scheduled` of the class: `self` must not be bound.
    pub fn run_scheduled(self, dt: f32, full: bool, tier: u8) {
        match self {
            Perceiver::Three(c) => ApsPerceptionComponent::run_scheduled(c, dt, full, tier),
            Perceiver::Two(c) => ApsPerceptionComponent2D::run_scheduled(c, dt, full, tier),
        }
    }

    /// Brings its debug drawing up to date; whether it still draws.
    pub fn redraw(&mut self, draw_all: bool) -> bool {
        each_kind!(self, c => c.bind_mut().redraw(draw_all))
    }

    pub fn set_drawn_by_debugger(&mut self, on: bool) {
        each_kind!(self, c => c.bind_mut().set_drawn_by_debugger(on));
    }

    #[must_use]
    pub fn debug_summary(&self) -> VarDictionary {
        each_kind!(self, c => c.bind().debug_summary())
    }

    #[must_use]
    pub fn debug_snapshot(&self) -> VarDictionary {
        each_kind!(self, c => c.bind().get_debug_snapshot())
    }

    /// Its beliefs as saved data (`None` from inside a pass).
    pub fn beliefs_saved(
        &mut self,
        root: Option<&Gd<Node>>,
    ) -> Option<aps_core::save::format::BeliefsSave> {
        each_kind!(self, c => c.bind_mut().beliefs_saved(root))
    }

    /// Restores saved beliefs (see `load_beliefs`).
    pub fn beliefs_restored(
        &mut self,
        saved: &aps_core::save::format::BeliefsSave,
        keys: &mut crate::saved::keys::SceneKeys,
        missing: aps_core::save::MissingTargets,
        issues: &mut Vec<aps_core::save::LoadIssue>,
    ) -> bool {
        each_kind!(self, c => c.bind_mut().beliefs_restored(saved, keys, missing, issues))
    }
}
