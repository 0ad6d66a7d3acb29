//! `ApsTargetComponent`: makes its parent perceivable and describes how it can be perceived.

use crate::aps_world::ApsWorld;
use crate::editor::in_editor;
use aps_core::gather::target::TargetTraits;
use godot::classes::{INode2D, INode3D, Node, Node2D, Node3D};
use godot::prelude::*;
use std::cell::Cell;
use std::rc::{Rc, Weak};

/// How many times a target component's look-relevant settings changed: the component counts,
/// the registry compares with the count it last read at, and so reads the component again only
/// when something changed. Only the component holds it; the registry watches it through a
/// [`RevisionWatch`], so comparing touches neither the engine nor the component.
#[derive(Debug, Default)]
pub struct Revision(Rc<Cell<u64>>);

impl Revision {
    fn bump(&self) {
        self.0.set(self.0.get().wrapping_add(1));
    }

    /// A watch on this count, which outlives the component without keeping it.
    #[must_use]
    pub fn watch(&self) -> RevisionWatch {
        RevisionWatch(Rc::downgrade(&self.0))
    }
}

/// The registry's view of a component's [`Revision`]. The count dies with the component (the
/// engine drops a component's Rust side when it frees the node), so the watch also says whether
/// the component still exists, without a call into the engine.
#[derive(Debug, Clone)]
pub struct RevisionWatch(Weak<Cell<u64>>);

impl RevisionWatch {
    /// The count now; `None` once the component is freed.
    #[must_use]
    pub fn get(&self) -> Option<u64> {
        self.0.upgrade().map(|c| c.get())
    }
}

macro_rules! target_component {
    ($C:ident, $I:ident, $N:ident, $P:ident, $two:literal, $(#[doc = $doc:literal])*) => {
        $(#[doc = $doc])*
        #[derive(GodotClass)]
        #[class(tool, base = $N)]
        pub struct $C {
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
            sample_points: $P,
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
            registered_parent: Option<InstanceId>,
            /// Counts the changes to what a look reads (traits, evidence tag, sample points); shared
            /// with the registry, which keeps its last reading until the count moves.
            revision: Revision,
            /// In the editor: the parent it listens to for shapes added or removed.
            watched_parent: Option<crate::editor::listener::Connection>,
            base: Base<$N>,
        }

        #[godot_api]
        impl $I for $C {
            fn init(base: Base<$N>) -> Self {
                // The core's defaults: fully lit, no light carried, seen, heard and smelled as usual.
                let d = TargetTraits::default();
                $C {
                    auto_register: true,
                    sample_points: $P::new(),
                    light_level: d.light_level,
                    carried_light: d.carried_light,
                    visibility_multiplier: d.visibility_multiplier,
                    noise_multiplier: d.noise_multiplier,
                    scent_multiplier: d.scent_multiplier,
                    team_id: d.team_id,
                    evidence_tag: StringName::default(),
                    persistent_id: GString::new(),
                    registered_parent: None,
                    revision: Revision::default(),
                    watched_parent: None,
                    base,
                }
            }

            fn enter_tree(&mut self) {
                if in_editor() {
                    self.watch_parent();
                    return;
                }
                if !self.auto_register {
                    return;
                }
                let Some(parent) = self.base().get_parent() else {
                    return;
                };
                if parent.clone().try_cast::<$N>().is_err() {
                    // Said once, then at most once a second should it keep being moved about.
                    let me = self.base().instance_id();
                    crate::warnings::warn("parent", Some(me), || {
                        format!(
                            "{} {}: its parent is not a {}, so nothing is perceivable here",
                            stringify!($C),
                            self.base().get_path(),
                            stringify!($N)
                        )
                    });
                    return;
                }
                let target = parent.instance_id();
                let me = self.to_gd().upcast::<Node>();
                ApsWorld::singleton()
                    .bind_mut()
                    .attach_component(&me, target);
                self.registered_parent = Some(target);
            }

            fn exit_tree(&mut self) {
                if let Some(connection) = self.watched_parent.take() {
                    connection.disconnect();
                }
                if let Some(target) = self.registered_parent.take() {
                    let me = self.base().instance_id();
                    ApsWorld::singleton()
                        .bind_mut()
                        .detach_component(target, me);
                }
            }

            /// The Scene dock's warnings (see `editor/warnings.rs`).
            fn get_configuration_warnings(&self) -> PackedStringArray {
                self.get_setup_warnings()
            }
        }

        #[godot_api]
        impl $C {
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
            pub fn set_sample_points(&mut self, points: $P) {
                if points != self.sample_points {
                    self.revision.bump();
                }
                self.sample_points = points;
                // Points set or cleared change what the Scene dock warns of.
                if in_editor() {
                    self.base_mut()
                        .call_deferred("update_configuration_warnings", &[]);
                }
            }

            /// Sets [member light_level]; a value outside 0..1 is stored clamped, with a warning.
            #[func]
            pub fn set_light_level(&mut self, level: f32) {
                let (old, fallback) = (self.light_level, TargetTraits::default().light_level);
                let range = TargetTraits::LIGHT_RANGE;
                self.light_level = self.kept("light_level", old, level, range, fallback);
            }

            /// Sets [member carried_light]; a value outside 0..1 is stored clamped, with a warning.
            #[func]
            pub fn set_carried_light(&mut self, light: f32) {
                let (old, fallback) = (self.carried_light, TargetTraits::default().carried_light);
                let range = TargetTraits::LIGHT_RANGE;
                self.carried_light = self.kept("carried_light", old, light, range, fallback);
            }

            /// Sets [member visibility_multiplier]; a value outside its range is stored clamped,
            /// with a warning.
            #[func]
            pub fn set_visibility_multiplier(&mut self, multiplier: f32) {
                let (old, fallback) = (self.visibility_multiplier, TargetTraits::default().visibility_multiplier);
                let range = TargetTraits::MULTIPLIER_RANGE;
                self.visibility_multiplier = self.kept("visibility_multiplier", old, multiplier, range, fallback);
            }

            /// Sets [member noise_multiplier]; a value outside its range is stored clamped, with a
            /// warning.
            #[func]
            pub fn set_noise_multiplier(&mut self, multiplier: f32) {
                let (old, fallback) = (self.noise_multiplier, TargetTraits::default().noise_multiplier);
                let range = TargetTraits::MULTIPLIER_RANGE;
                self.noise_multiplier = self.kept("noise_multiplier", old, multiplier, range, fallback);
            }

            /// Sets [member scent_multiplier]; a value outside its range is stored clamped, with a
            /// warning.
            #[func]
            pub fn set_scent_multiplier(&mut self, multiplier: f32) {
                let (old, fallback) = (self.scent_multiplier, TargetTraits::default().scent_multiplier);
                let range = TargetTraits::MULTIPLIER_RANGE;
                self.scent_multiplier = self.kept("scent_multiplier", old, multiplier, range, fallback);
            }

            /// Sets [member team_id].
            #[func]
            pub fn set_team_id(&mut self, team: i32) {
                if team != self.team_id {
                    self.revision.bump();
                }
                self.team_id = team;
            }

            /// Sets [member evidence_tag].
            #[func]
            pub fn set_evidence_tag(&mut self, tag: StringName) {
                if tag != self.evidence_tag {
                    self.revision.bump();
                }
                self.evidence_tag = tag;
            }

            #[func]
            pub fn get_setup_warnings(&self) -> PackedStringArray {
                crate::editor::warnings::target(
                    self.base().get_parent(),
                    !self.sample_points.is_empty(),
                    $two,
                )
            }
        }

        impl $C {
            /// `given` for the property `name`, now `old`, kept in `range` (a NaN becomes
            /// `fallback`) with a warning naming the property; counted if it changes the value.
            fn kept(
                &self,
                name: &str,
                old: f32,
                given: f32,
                range: (f32, f32),
                fallback: f32,
            ) -> f32 {
                // Set every frame by an animation or a synchronizer: no name is made for a value
                // in range.
                let value = if (range.0..=range.1).contains(&given) {
                    given
                } else {
                    let what = format!("{}.{name}", stringify!($C));
                    let me = self.to_gd().upcast::<godot::classes::Object>();
                    crate::kept::kept_in_range(&what, &me, given, range, fallback)
                };
                if value.to_bits() != old.to_bits() {
                    self.revision.bump();
                }
                value
            }

            /// A watch on the count of changes to what a look reads (see [`Revision`]).
            #[must_use]
            pub fn revision(&self) -> RevisionWatch {
                self.revision.watch()
            }

            /// The stable id saves and replication name the target by (empty: none).
            #[must_use]
            pub fn persistent_id(&self) -> String {
                self.persistent_id.to_string()
            }

            /// In the editor: re-asks the warnings now and whenever the parent gains or loses a child
            /// (a collision shape added, say).
            fn watch_parent(&mut self) {
                let me = self.to_gd();
                crate::editor::watch::refresh(&me);
                let Some(parent) = self.base().get_parent() else {
                    return;
                };
                let target = me.clone().upcast::<$N>();
                let connection = crate::editor::listener::Connection::new(
                    &parent.upcast(),
                    "child_order_changed",
                    0,
                    move || {
                        if target.is_instance_valid() {
                            crate::editor::watch::refresh(&target);
                        }
                    },
                );
                self.watched_parent = Some(connection);
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
            pub fn sample_points(&self) -> &$P {
                &self.sample_points
            }
        }
    };
}

target_component!(
    ApsTargetComponent,
    INode3D,
    Node3D,
    PackedVector3Array,
    false,
    /// Makes its parent node perceivable by APS and describes how it can be perceived.
    ///
    /// Add it as a child of anything an AI should notice that is not a [CharacterBody3D] (those are
    /// perceivable automatically): a security camera's target, a thrown item, a prop. It also tunes
    /// bodies that are perceivable anyway: which points vision looks at, how lit and how cloaked
    /// they are, how much noise they make.
    ///
    /// In the editor it warns in the Scene dock when its parent has no collision shape to take
    /// vision's sample points from.
);

target_component!(
    ApsTargetComponent2D,
    INode2D,
    Node2D,
    PackedVector2Array,
    true,
    /// Makes its parent [Node2D] perceivable by APS and describes how it can be perceived: the 2D
    /// twin of [ApsTargetComponent], with the same settings.
    ///
    /// Add it as a child of anything a 2D AI should notice that is not a [CharacterBody2D] (those
    /// are perceivable automatically). Sample Points are offsets in pixels in the parent's own
    /// space; empty, vision looks at the ends and the centre of the parent's first
    /// [CollisionShape2D] along its y axis (head, centre and feet of a standing capsule).
);
