//! What a perception component holds besides its settings, the same for the 3D component and
//! its 2D twin: its core, its own bodies, its world, what a pass reuses, the events waiting to
//! become signals, its debug drawing and what it has said.

use super::own_bodies::OwnBodies;
use super::pass::PassBuffers;
use super::ProfileKey;
use crate::debug_draw::{DebugDraw, DebugDraw2D, Drawing};
use crate::dim::{Spatial, Three, Two};
use crate::editor::watch::ResourceWatch;
use crate::physics_space::RayKind;
use crate::world::WorldKey;
use aps_core::{Event, PerceptionCore};
use godot::classes::{Node2D, Node3D};
use godot::prelude::*;

/// What differs between the two components beyond [`Dim`]: the nodes they name and how each
/// draws.
pub trait ComponentKind: RayKind {
    /// The class of the nodes its calls and signals name (`Node3D`, `Node2D`).
    type Node: GodotClass + Inherits<Node> + Inherits<Object>;
    /// Its debug drawing.
    type Draw: Drawing<Owner = Self::Node>;
    /// The body an AI of this kind usually has, named in the warning of a component with none.
    const USUAL_BODY: &'static str;
    /// `node` as a node with a place.
    fn spatial(node: Gd<Self::Node>) -> Spatial;
}

impl ComponentKind for Three {
    type Node = Node3D;
    type Draw = DebugDraw;
    const USUAL_BODY: &'static str = "CharacterBody3D";
    fn spatial(node: Gd<Node3D>) -> Spatial {
        Spatial::Three(node)
    }
}

impl ComponentKind for Two {
    type Node = Node2D;
    type Draw = DebugDraw2D;
    const USUAL_BODY: &'static str = "CharacterBody2D";
    fn spatial(node: Gd<Node2D>) -> Spatial {
        Spatial::Two(node)
    }
}

/// A perception component's state (see the module).
pub struct PerceiverState<D: ComponentKind> {
    /// What it keeps to look along its gaze (see `gaze`).
    pub(super) eyes: crate::gaze::Eyes,
    /// The APS Core: senses and beliefs. Built on first use; out of the component while a pass
    /// runs.
    pub(super) core: Option<PerceptionCore>,
    pub(super) profile_key: ProfileKey,
    pub(super) own: OwnBodies,
    /// The world it was scheduled in when it entered the tree.
    pub(super) world: Option<WorldKey>,
    pub(super) buffers: PassBuffers<D>,
    /// Events waiting to become signals.
    pub(super) pending: Vec<Event>,
    pub(super) warned_no_profile: bool,
    /// It was found at a position that is not a number and that was said once.
    pub(super) warned_nowhere: bool,
    /// A relationship was refused for want of room since one was last set (said once).
    pub(super) warned_relationships_full: bool,
    /// Calls refused on a multiplayer client, each said once.
    pub(super) refused_on_client: Vec<&'static str>,
    /// That a recording asked for is longer than one holds was said (once for this AI).
    pub(super) warned_short_recording: bool,
    /// A pass is running: calls from inside it (a custom sense) are refused.
    pub(super) in_pass: bool,
    /// Its own bodies were found again while a pass had the ray query out: the query's
    /// exclusion list is set again when the pass gives it back.
    pub(super) exclude_stale: bool,
    /// In the editor: the profile and sub-resources its gizmo and warnings are drawn from.
    pub(super) watch: ResourceWatch,
    /// The debug drawing's nodes, while it draws.
    pub(super) draw: Option<D::Draw>,
    /// The debugger's tab asked to draw this AI.
    pub(super) drawn_by_debugger: bool,
    /// The names of its custom senses, by custom slot.
    pub(super) custom_sense_names: Vec<String>,
    /// Its replicator child: on a multiplayer client the belief calls answer from it.
    pub(super) replicator: Option<InstanceId>,
}

impl<D: ComponentKind> Default for PerceiverState<D> {
    fn default() -> Self {
        PerceiverState {
            eyes: crate::gaze::Eyes::default(),
            core: None,
            profile_key: (None, None, 0),
            own: OwnBodies::default(),
            world: None,
            buffers: PassBuffers::default(),
            pending: Vec::new(),
            warned_no_profile: false,
            warned_nowhere: false,
            warned_relationships_full: false,
            refused_on_client: Vec::new(),
            warned_short_recording: false,
            in_pass: false,
            exclude_stale: false,
            watch: ResourceWatch::default(),
            draw: None,
            drawn_by_debugger: false,
            custom_sense_names: Vec::new(),
            replicator: None,
        }
    }
}
