//! What a target component of either kind holds besides its settings, and what it does with
//! them: registering its parent, counting the changes a look reads, keeping numbers in range,
//! and the editor's warnings. Written once, for both kinds of scene (`D`, see [`TargetKind`]).

use crate::aps_world::ApsWorld;
use crate::description::{Description, Revision, RevisionWatch};
use crate::dim::{Dim, Three, Two};
use crate::editor::in_editor;
use crate::editor::listener::Connection;
use aps_core::gather::target::TargetTraits;
use godot::classes::{Node, Node2D, Node3D, Object};
use godot::prelude::*;
use std::marker::PhantomData;

/// What a target component needs of its kind of scene beyond [`Dim`].
pub(super) trait TargetKind: Dim {
    /// The class's name, in warnings.
    const CLASS: &'static str;
    /// What the class is, and what its parent must be to be perceivable (`Node3D`, `Node2D`).
    type Node: GodotClass + Inherits<Node> + Inherits<Object>;
}

impl TargetKind for Three {
    const CLASS: &'static str = "ApsTargetComponent";
    type Node = Node3D;
}

impl TargetKind for Two {
    const CLASS: &'static str = "ApsTargetComponent2D";
    type Node = Node2D;
}

/// A number setting kept in its range: the property, its range, and what a value that is no
/// number becomes (the core's default for it).
pub(super) struct Bounded {
    name: &'static str,
    range: (f32, f32),
    fallback: fn(&TargetTraits) -> f32,
}

pub(super) const LIGHT_LEVEL: Bounded = Bounded {
    name: "light_level",
    range: TargetTraits::LIGHT_RANGE,
    fallback: |d| d.light_level,
};

pub(super) const CARRIED_LIGHT: Bounded = Bounded {
    name: "carried_light",
    range: TargetTraits::LIGHT_RANGE,
    fallback: |d| d.carried_light,
};

pub(super) const VISIBILITY: Bounded = Bounded {
    name: "visibility_multiplier",
    range: TargetTraits::MULTIPLIER_RANGE,
    fallback: |d| d.visibility_multiplier,
};

pub(super) const NOISE: Bounded = Bounded {
    name: "noise_multiplier",
    range: TargetTraits::MULTIPLIER_RANGE,
    fallback: |d| d.noise_multiplier,
};

pub(super) const SCENT: Bounded = Bounded {
    name: "scent_multiplier",
    range: TargetTraits::MULTIPLIER_RANGE,
    fallback: |d| d.scent_multiplier,
};

/// A target component's state besides its settings (see the module).
pub(super) struct TargetState<D: TargetKind> {
    /// The parent it registered with `ApsWorld` as perceivable, until it leaves the tree.
    registered_parent: Option<InstanceId>,
    /// Counts the changes to what a look reads (traits, evidence tag, sample points); shared
    /// with the registry, which keeps its last reading until the count moves.
    revision: Revision,
    /// In the editor: the parent it listens to for shapes added or removed.
    watched_parent: Option<Connection>,
    kind: PhantomData<D>,
}

impl<D: TargetKind> Default for TargetState<D> {
    fn default() -> Self {
        TargetState {
            registered_parent: None,
            revision: Revision::default(),
            watched_parent: None,
            kind: PhantomData,
        }
    }
}

impl<D: TargetKind> TargetState<D> {
    /// `me` entered the tree: in the editor it watches its parent for the warnings; in a game,
    /// if `auto_register`, it registers its parent as perceivable, described by `description`
    /// (the class itself), or says once why it cannot.
    pub(super) fn enter_tree(
        &mut self,
        me: &Gd<D::Node>,
        auto_register: bool,
        description: Description,
    ) {
        if in_editor() {
            self.watch_parent(me);
            return;
        }
        if !auto_register {
            return;
        }
        let Some(parent) = me.upcast_ref::<Node>().get_parent() else {
            return;
        };
        if parent.clone().try_cast::<D::Node>().is_err() {
            // Said once, then at most once a second should it keep being moved about.
            crate::warnings::warn("parent", Some(me.instance_id()), || {
                format!(
                    "{} {}: its parent is not a {}, so nothing is perceivable here",
                    D::CLASS,
                    me.upcast_ref::<Node>().get_path(),
                    D::Node::class_id()
                )
            });
            return;
        }
        let target = parent.instance_id();
        ApsWorld::singleton().bind_mut().attach_component(
            &me.clone().upcast(),
            target,
            description,
        );
        self.registered_parent = Some(target);
    }

    /// The component `me` left the tree: it stops watching its parent, and its parent is
    /// perceivable through it no more.
    pub(super) fn exit_tree(&mut self, me: InstanceId) {
        if let Some(connection) = self.watched_parent.take() {
            connection.disconnect();
        }
        if let Some(target) = self.registered_parent.take() {
            ApsWorld::singleton()
                .bind_mut()
                .detach_component(target, me);
        }
    }

    /// In the editor: re-asks the warnings of `me` now and whenever its parent gains or loses
    /// a child (a collision shape added, say).
    fn watch_parent(&mut self, me: &Gd<D::Node>) {
        crate::editor::watch::refresh(me);
        let Some(parent) = me.upcast_ref::<Node>().get_parent() else {
            return;
        };
        let target = me.clone();
        let connection = Connection::new(&parent.upcast(), "child_order_changed", 0, move || {
            if target.is_instance_valid() {
                crate::editor::watch::refresh(&target);
            }
        });
        self.watched_parent = Some(connection);
    }

    /// Stores `value` in `field`, counted if it changes what a look reads.
    pub(super) fn counted<T: PartialEq>(&self, field: &mut T, value: T) {
        if value != *field {
            self.revision.bump();
        }
        *field = value;
    }

    /// The sample points of `me` were set: set or cleared, they change what the Scene dock
    /// warns of.
    pub(super) fn points_set(&self, me: &Gd<D::Node>) {
        if in_editor() {
            me.clone()
                .upcast::<Node>()
                .call_deferred("update_configuration_warnings", &[]);
        }
    }

    /// `given` for the setting `setting` of `me`, now `old`, kept in its range (see
    /// [`Bounded`]) with a warning naming the property; counted if it changes the value.
    pub(super) fn kept(&self, setting: &Bounded, old: f32, given: f32, me: &Gd<D::Node>) -> f32 {
        let range = setting.range;
        // Set every frame by an animation or a synchronizer: no name is made for a value in
        // range.
        let value = if (range.0..=range.1).contains(&given) {
            given
        } else {
            let what = format!("{}.{}", D::CLASS, setting.name);
            let fallback = (setting.fallback)(&TargetTraits::default());
            let me = me.clone().upcast::<Object>();
            crate::kept::kept_in_range(&what, &me, given, range, fallback)
        };
        if value.to_bits() != old.to_bits() {
            self.revision.bump();
        }
        value
    }

    /// A watch on the count of changes to what a look reads (see [`Revision`]).
    #[must_use]
    pub(super) fn revision(&self) -> RevisionWatch {
        self.revision.watch()
    }

    /// What the Scene dock's warning triangle says about `me`, which `has_points` or not.
    #[must_use]
    pub(super) fn setup_warnings(&self, me: &Gd<D::Node>, has_points: bool) -> PackedStringArray {
        crate::editor::warnings::target(me.upcast_ref::<Node>().get_parent(), has_points, D::TWO_D)
    }
}
