//! A conservative copy of a game's static level, for APS's rays.
//!
//! Most line-of-sight rays cross nothing but the level's static geometry: floors, walls and
//! crates that hardly ever move. This crate keeps a copy of that geometry in a bounding-volume
//! hierarchy and answers a ray with no engine call. It never guesses: a ray is
//!
//! - [`Answer::Clear`] when no mirrored shape comes within its margin of the ray and nothing
//!   that is not mirrored lies across it,
//! - [`Answer::Blocked`] when the ray passes well inside a shape before it could meet anything
//!   else,
//! - [`Answer::Reaches`] when it meets nothing but the body it was cast toward,
//! - [`Answer::Unsure`] otherwise, and the engine answers it as before.
//!
//! "Within its margin" is where an engine may disagree with exact geometry: Jolt rounds the
//! edges of boxes, cylinders and convex hulls by a convex radius no larger than the shape's own
//! margin, stores mesh vertices with limited precision, and every engine works in single
//! precision. The margin of a shape is [`BASE_MARGIN`] plus the shape's own margin (plus a
//! little more for large meshes, cylinders and hulls; see [`solid::margin_of`]), so every one
//! of those differences lies inside it.
//!
//! The crate knows nothing of Godot: the adapter reads the scene, describes each static shape
//! as a [`solid::Local`] shape placed by an affine transform, and tells the mirror what moved.
//! Bodies that move on their own (characters, rigid bodies) are kept only as boxes around
//! them, [`Mirror::set_mover`], so that a ray that crosses one goes to the engine.

pub mod answer;
pub mod cells;
pub mod mirror;
pub mod solid;

pub use answer::Answer;
pub use mirror::{Check, Mirror, MirrorStats, RayAsk, Slot};
pub use solid::{Local, NotMirrored, Placed, BASE_MARGIN};
