//! `ApsTargetComponent` (3D) and `ApsTargetComponent2D`: make their parent perceivable and
//! describe how it can be perceived.
//!
//! Each class (`three.rs`, `two.rs`) is its settings with their documentation, its life in the
//! tree and its calls, which forward to what a target component holds and does besides its
//! settings, written once for both kinds of scene: [`TargetState`](state::TargetState)
//! (`state.rs`). The looking reads a component through what it describes
//! (`crate::description`), which each class implements.

mod state;
mod three;
mod two;
