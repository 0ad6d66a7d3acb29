//! `ApsTargetComponent` (3D) and `ApsTargetComponent2D`: make their parent perceivable and
//! describe how it can be perceived.
//!
//! Each class (`three.rs`, `two.rs`) is its settings with their documentation, its life in the
//! tree and its calls, which forward to what a target component holds and does besides its
//! settings, written once for both kinds of scene: [`TargetState`](state::TargetState)
//! (`state.rs`). The registry reads a component through its [`Revision`], which is here.

mod state;
mod three;
mod two;

pub use three::ApsTargetComponent;
pub use two::ApsTargetComponent2D;

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
