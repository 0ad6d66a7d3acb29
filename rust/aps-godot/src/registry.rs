//! Who can be perceived (spec section 13): every `CharacterBody3D` in the tree automatically,
//! plus nodes registered by script or by an `ApsTargetComponent`. Plain data owned by `ApsWorld`.

use crate::description::Description;
use crate::snapshot::Entry;
use aps_core::gather::motion::VelocitySampler;
use aps_core::id_map::IdMap;
use godot::prelude::*;

/// What choosing whom to look at reads of an entry (spec section 13), kept in a flat list beside
/// the entries: a pass weighs some forty nodes near it and looks at a few, and reading these
/// from the entries themselves cost two cache misses a node.
#[derive(Debug, Clone, Copy)]
pub struct Head {
    pub id: InstanceId,
    pub perceivable: bool,
    /// The team its last look found (`None` before any look, or once it was not seen).
    pub team: Option<i32>,
    /// A character (a body that moves by itself): a character body from the moment it
    /// enters the tree, anything else once a look found it to be one.
    pub character: bool,
}

impl Head {
    fn of(e: &Entry) -> Head {
        Head {
            id: e.id,
            perceivable: e.is_perceivable(),
            team: e.seen.as_ref().map(|(_, s)| s.team_id),
            character: e.auto || e.seen.as_ref().is_some_and(|(_, s)| s.character),
        }
    }
}

/// Every perceivable node, in a flat list with an index by instance id.
#[derive(Debug, Default)]
pub struct Registry {
    entries: Vec<Entry>,
    /// One per entry, at the same place, always as [`Head::of`] the entry gives it.
    heads: Vec<Head>,
    index: IdMap<i64, usize>,
    /// Entries added, or moved to another place in the list, since [`Registry::clear_changed`]:
    /// the spatial grid does not know them where they are yet.
    changed: Vec<u32>,
    changed_overflowed: bool,
    /// The body each entry's parts belong to (see `parts`), for the rays.
    part_owners: crate::parts::PartOwners,
}

impl Registry {
    /// The place of `id`'s entry, made if it has none.
    fn place_of(&mut self, id: InstanceId) -> usize {
        match self.index.get(&id.to_i64()) {
            Some(&i) => i,
            None => {
                let i = self.entries.len();
                let entry = Entry::new(id);
                self.heads.push(Head::of(&entry));
                self.entries.push(entry);
                self.index.insert(id.to_i64(), i);
                self.mark_changed(i);
                i
            }
        }
    }

    /// Changes the entry at `i` and keeps its head in step.
    fn change_at<R>(&mut self, i: usize, f: impl FnOnce(&mut Entry) -> R) -> R {
        let r = f(&mut self.entries[i]);
        self.heads[i] = Head::of(&self.entries[i]);
        r
    }

    /// Changes the entry of `id` (made if it has none) and keeps its head in step.
    fn change(&mut self, id: InstanceId, f: impl FnOnce(&mut Entry)) {
        let i = self.place_of(id);
        self.change_at(i, f);
    }

    /// Changes the entry of `id` if it has one, and keeps its head in step.
    fn change_existing(&mut self, id: InstanceId, f: impl FnOnce(&mut Entry)) {
        if let Some(&i) = self.index.get(&id.to_i64()) {
            self.change_at(i, f);
        }
    }

    /// Records that the entry at `i` is not where the grid has it. The list stays short: past
    /// a quarter of the registry (and at least 64) it is dropped and the grid must be rebuilt.
    fn mark_changed(&mut self, i: usize) {
        if self.changed.len() < (self.entries.len() / 4).max(64) {
            self.changed.push(i as u32);
        } else {
            self.changed_overflowed = true;
        }
    }

    /// Whether more entries changed than [`Registry::changed`] holds: rebuild the grid.
    #[must_use]
    pub fn changed_overflowed(&self) -> bool {
        self.changed_overflowed
    }

    /// The places of entries added or moved since the grid was last rebuilt.
    #[must_use]
    pub fn changed(&self) -> &[u32] {
        &self.changed
    }

    /// The grid has just been rebuilt from every entry where it is.
    pub fn clear_changed(&mut self) {
        self.changed.clear();
        self.changed_overflowed = false;
    }

    /// A `CharacterBody3D` entered the tree.
    pub fn add_auto(&mut self, id: InstanceId) {
        self.change(id, |e| e.auto = true);
    }

    /// Registered by script (Register Perceivable Actor).
    pub fn register(&mut self, id: InstanceId) {
        self.change(id, |e| {
            e.registered = true;
            e.suppressed = false;
        });
    }

    /// Unregistered by script: no longer perceivable, even as a `CharacterBody3D`.
    pub fn unregister(&mut self, id: InstanceId) {
        self.change_existing(id, |e| {
            e.registered = false;
            e.suppressed = true;
        });
    }

    /// A target component describes `target` from now on.
    pub fn attach_component(
        &mut self,
        target: InstanceId,
        component: InstanceId,
        description: Description,
    ) {
        let i = self.place_of(target);
        self.drop_handles(i);
        self.change_at(i, |e| {
            e.registered = true;
            e.suppressed = false;
            e.component = Some((component, description));
            e.local_points = None;
        });
    }

    /// The component left: the target stays only if it is perceivable on its own.
    pub fn detach_component(&mut self, target: InstanceId, component: InstanceId) {
        let Some(i) = self.index_of(target) else {
            return;
        };
        if self.entries[i].component.as_ref().map(|(c, _)| *c) != Some(component) {
            return;
        }
        self.drop_handles(i);
        self.change_at(i, |e| {
            e.component = None;
            e.registered = false;
            e.local_points = None;
        });
    }

    /// `body` carries an AI whose Team Id is `team` (`None`: it carries none any more). The
    /// next look reads it: a look kept from earlier in the frame is dropped.
    pub fn set_ai_team(&mut self, body: InstanceId, team: Option<i32>) {
        if team.is_none() && self.get(body).is_none() {
            return;
        }
        self.change(body, |e| {
            e.ai_team = team;
            e.seen = None;
        });
    }

    /// Looks at the entry at `i` (see [`crate::snapshot::look`]); its head keeps the team found.
    pub fn look(
        &mut self,
        i: usize,
        key: crate::world_key::WorldKey,
        now: f64,
        conditions: &aps_core::world::conditions::WorldConditions,
        tag: &mut dyn FnMut(&StringName) -> u32,
    ) -> Option<crate::snapshot::Look> {
        if i >= self.entries.len() {
            return None;
        }
        let look = self.change_at(i, |e| crate::snapshot::look(e, key, now, conditions, tag));
        // Handles found at this look: its parts join the map the rays read.
        let e = &mut self.entries[i];
        let owner = e.id.to_i64();
        if let Some(h) = e.handles.as_mut().filter(|h| !h.parts_listed) {
            h.parts_listed = true;
            if !h.parts.is_empty() {
                let owners = std::rc::Rc::make_mut(&mut self.part_owners);
                for &part in &h.parts {
                    owners.insert(part, owner);
                }
            }
        }
        Some(look)
    }

    /// Forgets the handles of the entry at `i` (found again at its next look), and its parts.
    fn drop_handles(&mut self, i: usize) {
        let Some(h) = self.entries.get_mut(i).and_then(|e| e.handles.take()) else {
            return;
        };
        if h.parts_listed && !h.parts.is_empty() {
            let owner = self.entries[i].id.to_i64();
            let owners = std::rc::Rc::make_mut(&mut self.part_owners);
            for part in &h.parts {
                if owners.get(part) == Some(&owner) {
                    owners.remove(part);
                }
            }
        }
    }

    /// The body each listed part belongs to, for a pass's rays.
    #[must_use]
    pub fn part_owners(&self) -> crate::parts::PartOwners {
        std::rc::Rc::clone(&self.part_owners)
    }

    /// The node left the tree: forget it entirely.
    pub fn remove(&mut self, id: InstanceId) {
        if let Some(i) = self.index.remove(&id.to_i64()) {
            self.drop_handles(i);
            self.entries.swap_remove(i);
            self.heads.swap_remove(i);
            if let Some(moved) = self.entries.get(i) {
                self.index.insert(moved.id.to_i64(), i);
                self.mark_changed(i);
            }
        }
    }

    #[must_use]
    pub fn get(&self, id: InstanceId) -> Option<&Entry> {
        self.index.get(&id.to_i64()).map(|&i| &self.entries[i])
    }

    /// Where `id` sits in the entries.
    #[must_use]
    pub fn index_of(&self, id: InstanceId) -> Option<usize> {
        self.index.get(&id.to_i64()).copied()
    }

    #[must_use]
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Each entry's head, at the entry's place.
    #[must_use]
    pub fn heads(&self) -> &[Head] {
        &self.heads
    }

    /// Where the node of the entry at `i` is, if it is perceivable, alive and in the tree.
    pub fn position_in_tree(&mut self, i: usize) -> Option<aps_core::Vec3> {
        let entry = self.entries.get_mut(i)?;
        if !entry.is_perceivable() {
            return None;
        }
        crate::snapshot::position_in_tree(entry)
    }

    /// Restores the motion sample of the entry of `id`, if it has one.
    pub fn set_motion(&mut self, id: InstanceId, motion: VelocitySampler) {
        if let Some(&i) = self.index.get(&id.to_i64()) {
            self.entries[i].motion = motion;
        }
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.iter().filter(|e| e.is_perceivable()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::description::{Describes, Revision, RevisionWatch, Said};
    use std::rc::Rc;

    fn id(n: i64) -> InstanceId {
        InstanceId::from_i64(n)
    }

    /// Every head says what its entry does, at the entry's place.
    /// A component that says nothing: the registry only keeps its description.
    #[derive(Debug)]
    struct Silent;

    impl Describes for Silent {
        fn revision(&self) -> RevisionWatch {
            Revision::default().watch()
        }
        fn said(&self) -> Said {
            unreachable!("the registry never reads a description")
        }
    }

    fn assert_in_step(r: &Registry) {
        assert_eq!(r.heads().len(), r.entries().len());
        for (h, e) in r.heads().iter().zip(r.entries()) {
            assert_eq!(h.id, e.id);
            assert_eq!(h.perceivable, e.is_perceivable(), "{:?}", e.id);
            assert_eq!(h.team, e.seen.as_ref().map(|(_, s)| s.team_id));
        }
    }

    #[test]
    fn heads_follow_their_entries_through_every_change_and_removal() {
        let mut r = Registry::default();
        r.add_auto(id(1));
        r.register(id(2));
        r.attach_component(id(3), id(30), Rc::new(Silent));
        r.add_auto(id(4));
        assert_in_step(&r);
        assert!(r.heads().iter().all(|h| h.perceivable));

        r.unregister(id(1));
        assert!(!r.heads()[0].perceivable, "unregistered, though a body");
        r.detach_component(id(3), id(31));
        assert!(
            r.heads()[2].perceivable,
            "another component left: no change"
        );
        r.detach_component(id(3), id(30));
        assert!(!r.heads()[2].perceivable, "its own component left");
        assert_in_step(&r);

        // The last entry moves into the place of the first.
        r.remove(id(1));
        assert_eq!(r.heads()[0].id, id(4));
        assert_in_step(&r);
        r.remove(id(4));
        r.remove(id(99));
        assert_in_step(&r);
        r.register(id(1));
        assert_in_step(&r);
        assert_eq!(r.heads().len(), 3);
    }
}
