//! What the world holds for every perceiver in it (spec section 13, "Where everything lives"):
//! light, wind and weather, the stimuli senses listen to, and scent trails.

pub mod conditions;
pub mod scent;
pub mod stimulus;
