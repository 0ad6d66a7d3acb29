//! `ApsTargetComponent2D`, the 2D target component: its settings, and its calls forwarded to
//! its state (see the module).

use super::state::{TargetState, CARRIED_LIGHT, LIGHT_LEVEL, NOISE, SCENT, VISIBILITY};
use crate::description::{Describes, RevisionWatch, Said};
use crate::dim::Two;
use aps_core::gather::target::TargetTraits;
use godot::classes::{INode2D, Node2D};
use godot::prelude::*;
use std::rc::Rc;

/// Makes its parent [Node2D] perceivable by APS and describes how it can be perceived: the 2D
/// twin of [ApsTargetComponent], with the same settings.
///
/// Add it as a child of anything a 2D AI should notice that is not a [CharacterBody2D] (those
/// are perceivable automatically). Sample Points are offsets in pixels in the parent's own
/// space; empty, vision looks at the ends and the centre of the parent's first
/// [CollisionShape2D] along its y axis (head, centre and feet of a standing capsule).
#[derive(GodotClass)]
#[class(tool, base = Node2D)]
pub struct ApsTargetComponent2D {
    /// Registers the parent with [ApsWorld] when this enters the tree, and unregisters it when
    /// it leaves.
    #[export]
    auto_register: bool,
    /// Points vision casts rays to, as offsets from the parent's origin in its own space (in 2D:
    /// in pixels). Empty:
    /// head, chest and feet from the parent's first collision shape, taken once; set them here
    /// when the body changes shape (a crouch) so vision sees the new outline.
    #[export]
    #[var(set = set_sample_points)]
    sample_points: PackedVector2Array,
    /// How much of the world's light at its position reaches the target: 1 fully, 0.3 for dark
    /// clothes in shadow. Darkness makes it harder to see (see ApsWorld light zones).
    #[export(range = (0.0, 1.0, 0.01))]
    #[var(set = set_light_level)]
    light_level: f32,
    /// Light the target carries (a flashlight, a torch): it is at least this lit, even in the
    /// dark.
    #[export(range = (0.0, 1.0, 0.01))]
    #[var(set = set_carried_light)]
    carried_light: f32,
    /// Cloak: 1 normally visible, 0 invisible. Multiplies vision's confidence.
    #[export(range = (0.0, 2.0, 0.01))]
    #[var(set = set_visibility_multiplier)]
    visibility_multiplier: f32,
    /// Scales the noise the target makes: below 1 is stealthy, above 1 clumsy.
    #[export(range = (0.0, 4.0, 0.01))]
    #[var(set = set_noise_multiplier)]
    noise_multiplier: f32,
    /// Scales the scent the target leaves: 0 leaves no trail.
    #[export(range = (0.0, 4.0, 0.01))]
    #[var(set = set_scent_multiplier)]
    scent_multiplier: f32,
    /// Team of the target, for relationships.
    #[export]
    #[var(set = set_team_id)]
    team_id: i32,
    /// Discovered evidence: set a tag (e.g. "body", "forced_lock") and an AI that perceives
    /// this believes in a place of that tag where it lies, rather than in the object itself.
    #[export]
    #[var(set = set_evidence_tag)]
    evidence_tag: StringName,
    /// A stable id for this target that the game gives (a save slot's name for the player,
    /// "guard_7"). Saved beliefs name the target by it, so a reloaded level reconnects them to
    /// the new node even if it moved in the tree; replicated beliefs name it by it too. Empty:
    /// the node's path from the current scene is used. Give each target its own.
    #[export]
    persistent_id: GString,
    /// What it holds besides its settings: its registration, its revision, its editor watch.
    state: TargetState<Two>,
    base: Base<Node2D>,
}

#[godot_api]
impl INode2D for ApsTargetComponent2D {
    fn init(base: Base<Node2D>) -> Self {
        // The core's defaults: fully lit, no light carried, seen, heard and smelled as usual.
        let d = TargetTraits::default();
        ApsTargetComponent2D {
            auto_register: true,
            sample_points: PackedVector2Array::new(),
            light_level: d.light_level,
            carried_light: d.carried_light,
            visibility_multiplier: d.visibility_multiplier,
            noise_multiplier: d.noise_multiplier,
            scent_multiplier: d.scent_multiplier,
            team_id: d.team_id,
            evidence_tag: StringName::default(),
            persistent_id: GString::new(),
            state: TargetState::default(),
            base,
        }
    }

    fn enter_tree(&mut self) {
        let me = self.to_gd().upcast();
        let description = Rc::new(self.to_gd());
        self.state.enter_tree(&me, self.auto_register, description);
    }

    fn exit_tree(&mut self) {
        let me = self.base().instance_id();
        self.state.exit_tree(me);
    }

    /// The Scene dock's warnings (see `editor/warnings.rs`).
    fn get_configuration_warnings(&self) -> PackedStringArray {
        self.get_setup_warnings()
    }
}

#[godot_api]
impl ApsTargetComponent2D {
    /// What the Scene dock's warning triangle says about this target, one line per problem: a
    /// parent that is not a Node3D, or one with no collision shape to take vision's sample
    /// points from while Sample Points is empty. Empty when it is set up right.
    /// The same lines as [method get_setup_warnings], under the name Godot gives a node's
    /// warnings, for scripts and tests that ask any node for them that way.
    #[func(rename = _get_configuration_warnings)]
    pub fn configuration_warnings(&self) -> PackedStringArray {
        self.get_setup_warnings()
    }

    /// Sets the points vision looks at (see [member sample_points]).
    #[func]
    pub fn set_sample_points(&mut self, points: PackedVector2Array) {
        self.state.counted(&mut self.sample_points, points);
        self.state.points_set(&self.base());
    }

    /// Sets [member light_level]; a value outside 0..1 is stored clamped, with a warning.
    #[func]
    pub fn set_light_level(&mut self, level: f32) {
        let old = self.light_level;
        self.light_level = self.state.kept(&LIGHT_LEVEL, old, level, &self.base());
    }

    /// Sets [member carried_light]; a value outside 0..1 is stored clamped, with a warning.
    #[func]
    pub fn set_carried_light(&mut self, light: f32) {
        let old = self.carried_light;
        self.carried_light = self.state.kept(&CARRIED_LIGHT, old, light, &self.base());
    }

    /// Sets [member visibility_multiplier]; a value outside its range is stored clamped,
    /// with a warning.
    #[func]
    pub fn set_visibility_multiplier(&mut self, multiplier: f32) {
        let old = self.visibility_multiplier;
        self.visibility_multiplier = self.state.kept(&VISIBILITY, old, multiplier, &self.base());
    }

    /// Sets [member noise_multiplier]; a value outside its range is stored clamped, with a
    /// warning.
    #[func]
    pub fn set_noise_multiplier(&mut self, multiplier: f32) {
        let old = self.noise_multiplier;
        self.noise_multiplier = self.state.kept(&NOISE, old, multiplier, &self.base());
    }

    /// Sets [member scent_multiplier]; a value outside its range is stored clamped, with a
    /// warning.
    #[func]
    pub fn set_scent_multiplier(&mut self, multiplier: f32) {
        let old = self.scent_multiplier;
        self.scent_multiplier = self.state.kept(&SCENT, old, multiplier, &self.base());
    }

    /// Sets [member team_id].
    #[func]
    pub fn set_team_id(&mut self, team: i32) {
        self.state.counted(&mut self.team_id, team);
    }

    /// Sets [member evidence_tag].
    #[func]
    pub fn set_evidence_tag(&mut self, tag: StringName) {
        self.state.counted(&mut self.evidence_tag, tag);
    }

    #[func]
    pub fn get_setup_warnings(&self) -> PackedStringArray {
        let has_points = !self.sample_points.is_empty();
        self.state.setup_warnings(&self.base(), has_points)
    }
}

impl ApsTargetComponent2D {
    /// A watch on the count of changes to what a look reads (see [`crate::description::Revision`]).
    #[must_use]
    pub fn revision(&self) -> RevisionWatch {
        self.state.revision()
    }

    /// How the target lets itself be perceived, as set in the inspector (the core keeps each
    /// value in its range).
    #[must_use]
    pub fn traits(&self) -> TargetTraits {
        TargetTraits {
            light_level: self.light_level,
            carried_light: self.carried_light,
            visibility_multiplier: self.visibility_multiplier,
            noise_multiplier: self.noise_multiplier,
            scent_multiplier: self.scent_multiplier,
            team_id: self.team_id,
        }
    }

    #[must_use]
    pub fn evidence_tag(&self) -> &StringName {
        &self.evidence_tag
    }

    #[must_use]
    pub fn sample_points(&self) -> &PackedVector2Array {
        &self.sample_points
    }
}

/// What the looking reads of it (see `description`).
impl Describes for Gd<ApsTargetComponent2D> {
    fn revision(&self) -> RevisionWatch {
        self.bind().revision()
    }

    fn said(&self) -> Said {
        let c = self.bind();
        Said {
            traits: c.traits(),
            evidence: c.evidence_tag().clone(),
            points: c
                .sample_points()
                .as_slice()
                .iter()
                .map(|p| Vector3::new(p.x, p.y, 0.0))
                .collect(),
            three: false,
        }
    }
}
