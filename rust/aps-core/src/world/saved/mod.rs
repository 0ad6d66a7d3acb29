//! A world to and from its saved form: its conditions (light, zones, wind, rain) and what
//! happened recently and still counts (sounds, contacts, damage, scent trails, squad reports),
//! so that after a load hearing still hears a shot fired just before the save, a dog still
//! follows the trail and a mate's report still arrives.
//!
//! The conditions are in `conditions.rs`, the matching of saved light zones with those a
//! rebuilt level holds in `zones.rs`, and what happened in `stimuli.rs`.

mod conditions;
mod stimuli;
mod zones;

/// How the engine names what a world knows by number: nodes (bodies, targets, squad members,
/// all by the engine's id for them), sound tags and squads.
pub trait WorldKeys {
    /// The key of the node with engine id `id`, if it still exists.
    fn node_key(&self, id: u64) -> Option<String>;
    /// The engine id of the node a key names now.
    fn node_id(&self, key: &str) -> Option<u64>;
    fn tag_name(&self, tag: u32) -> String;
    fn tag_of(&mut self, name: &str) -> u32;
    fn squad_name(&self, squad: u32) -> String;
    /// The number of a squad by name; `None` if no one is in it.
    fn squad_of(&self, name: &str) -> Option<u32>;
}
