//! A mind restored from its saved form ([`MindSave`]): the whole mind is replaced, what is out
//! of range is repaired and reported as an issue, and beliefs about targets that no longer
//! exist are handled as the caller asks. Nothing is reported as an event: the states restored
//! were reported when they were entered.
//!
//! The beliefs are read first, in `beliefs.rs`, since who still exists decides the rest; the
//! stores made of them (the brain, episodes, player models, evidence, relationships) follow in
//! `stores.rs`.

mod beliefs;
mod stores;

use super::{Mind, NO_OBSERVATION};
use crate::belief::places::{Places, PLACE_BIT};
use crate::save::format::MindSave;
use crate::save::{place_number, Keys, LoadIssue, MissingTargets, Repair};
use crate::TargetId;
use beliefs::{beliefs_to_read, fill_ledger, read_beliefs, restore_places};
use std::collections::HashSet;
use stores::{
    restore_brain, restore_episodes, restore_evidence, restore_models, restore_relationships,
};

impl Mind {
    /// Replaces everything this mind holds with `saved`, its keys turned into targets by
    /// `keys`. A belief about a target that no longer exists is handled as `missing` says;
    /// what the AI knew of it otherwise (episodes, models, evidence) is dropped. Numbers out of
    /// range are repaired and every repair is an issue. Returns how many beliefs named a
    /// target that no longer exists.
    pub fn restore(
        &mut self,
        saved: &MindSave,
        keys: &mut dyn Keys,
        missing: MissingTargets,
        issues: &mut Vec<LoadIssue>,
    ) -> usize {
        let mut fix = Repair::new(issues);
        self.now = fix.time(|| "mind.now".into(), saved.now).max(0.0);
        self.pain = fix.unit(|| "mind.pain".into(), saved.pain);
        self.facing = fix.vec3(|| "mind.facing".into(), saved.facing);
        self.detections = saved.detections;
        self.since_maintenance =
            fix.non_negative(|| "mind.since_maintenance".into(), saved.since_maintenance);
        let capacity = self.ledger.capacity();
        let order = beliefs_to_read(saved, capacity, keys, &mut fix);
        // Only the places these beliefs are about are worth restoring.
        let wanted: HashSet<u64> = order
            .iter()
            .filter_map(|&i| place_number(&saved.beliefs[i].target))
            .collect();
        self.places = restore_places(&saved.places, saved.next_place, &wanted, keys, &mut fix);

        // Beliefs first: who exists decides the rest.
        let (held, lost) = read_beliefs(saved, &order, &mut self.places, keys, missing, &mut fix);
        self.ledger = fill_ledger(held, capacity, &mut fix);
        // A place no belief is about is forgotten (places live as beliefs, spec section 13).
        let ledger = &self.ledger;
        self.places.retain(|id| ledger.find(id).is_some());

        let named = |key: &str| target_named(&self.places, key, keys);
        restore_brain(
            &mut self.brain,
            &saved.brain,
            &named,
            &self.ledger,
            &mut fix,
        );
        // Episodes, models, evidence and relationships of targets that still exist.
        restore_episodes(&mut self.memory, &saved.episodes, &named, &mut fix);
        restore_models(&mut self.models, &saved.player_models, &named, &mut fix);
        restore_evidence(&mut self.evidence, &saved.evidence, &named, &mut fix);
        self.relations.set_team(saved.team);
        restore_relationships(&mut self.relations, &saved.relationships, &named, &mut fix);

        self.events.clear();
        self.slot_observation = vec![NO_OBSERVATION; capacity];
        lost
    }
}

/// The target a saved key names now, as the restore steps after the beliefs ask it.
type Named<'a> = dyn Fn(&str) -> Option<TargetId> + 'a;

/// The target a saved key names now: a restored place by its number, else what the engine
/// finds.
fn target_named(places: &Places, key: &str, keys: &dyn Keys) -> Option<TargetId> {
    match place_number(key) {
        Some(n) => places
            .places
            .iter()
            .find(|p| p.id.0 == PLACE_BIT | n)
            .map(|p| p.id),
        None => keys.target_of(key),
    }
}
