//! What a target component says about the node it describes, as the looking reads it. The
//! components are classes of the layer above; this is the seam between them: a component hands
//! the registry a [`Description`] of itself when it attaches, and the looking asks it what it
//! says only when its [`Revision`] moved.

use aps_core::gather::target::TargetTraits;
use godot::prelude::*;
use smallvec::SmallVec;
use std::cell::Cell;
use std::fmt;
use std::rc::{Rc, Weak};

/// What a target component says now: how the target lets itself be perceived, the evidence
/// tag it leaves, and its sample points in its node's own space (a 2D component's in pixels
/// with z = 0), as given, numbers or not.
#[derive(Debug, Clone)]
pub struct Said {
    pub traits: TargetTraits,
    pub evidence: StringName,
    pub points: SmallVec<[Vector3; 4]>,
    /// A 3D component (its points are for a 3D node).
    pub three: bool,
}

/// A target component as the looking reads it (each component class implements it).
pub trait Describes: fmt::Debug {
    /// A watch on how many times what it says changed.
    fn revision(&self) -> RevisionWatch;
    /// What it says now.
    fn said(&self) -> Said;
}

/// A target component, as the registry keeps it.
pub type Description = Rc<dyn Describes>;

/// How many times a target component's look-relevant settings changed: the component counts,
/// the registry compares with the count it last read at, and so reads the component again only
/// when something changed. Only the component holds it; the registry watches it through a
/// [`RevisionWatch`], so comparing touches neither the engine nor the component.
#[derive(Debug, Default)]
pub struct Revision(Rc<Cell<u64>>);

impl Revision {
    pub fn bump(&self) {
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
