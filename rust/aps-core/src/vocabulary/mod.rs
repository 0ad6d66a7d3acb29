//! The core's plain vocabulary: the words the spec names things with (belief states, loss
//! reasons, awareness levels, emotions, threat levels, relationships and senses), as plain data
//! that imports nothing else of the crate. Every rule that uses them is above: the transition
//! table in `belief::state`, awareness in `brain::awareness`, and so on; each of those modules
//! re-exports its word, so either path names it.

pub mod awareness;
pub mod belief_state;
pub mod emotion;
pub mod loss;
pub mod relationship;
pub mod sense;
pub mod threat_level;
