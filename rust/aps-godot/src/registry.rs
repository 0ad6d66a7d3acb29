//! Who can be perceived (spec section 13): every `CharacterBody3D` in the tree automatically,
//! plus nodes registered by script or by an `ApsTargetComponent`. Plain data owned by `ApsWorld`.

use aps_core::gather::motion::VelocitySampler;
use aps_core::id_map::IdMap;
use godot::prelude::*;

/// One perceivable node.
#[derive(Debug, Clone)]
pub struct Entry {
    pub id: InstanceId,
    /// A `CharacterBody3D` found in the tree.
    pub auto: bool,
    /// Registered by script or by a target component.
    pub registered: bool,
    /// Explicitly unregistered: not perceivable even if `auto`.
    pub suppressed: bool,
    /// The `ApsTargetComponent` describing it, if any.
    pub component: Option<InstanceId>,
    /// Sample points relative to the node, derived from its collision shape once.
    pub local_points: Option<Vec<Vector3>>,
    /// Speed is measured between samples of the position (once per world time).
    pub motion: VelocitySampler,
    /// Handles to the node and its component, found at the first look: later looks check
    /// they are alive instead of looking the node up again.
    pub handles: Option<crate::snapshot::Handles>,
    /// The last look and its world time: looks within one frame share it.
    pub seen: Option<(f64, aps_core::gather::target::TargetSnapshot)>,
    /// It was found at a position that is not a number and that was said once.
    pub warned_nowhere: bool,
    /// Its target component's sample points held some that are no position, said once.
    pub warned_points: bool,
}

impl Entry {
    fn new(id: InstanceId) -> Self {
        Entry {
            id,
            auto: false,
            registered: false,
            suppressed: false,
            component: None,
            local_points: None,
            motion: VelocitySampler::default(),
            handles: None,
            seen: None,
            warned_nowhere: false,
            warned_points: false,
        }
    }

    /// Whether perceivers should consider it.
    #[must_use]
    pub fn is_perceivable(&self) -> bool {
        (self.auto || self.registered) && !self.suppressed
    }
}

/// Every perceivable node, in a flat list with an index by instance id.
#[derive(Debug, Default)]
pub struct Registry {
    entries: Vec<Entry>,
    index: IdMap<i64, usize>,
    /// Entries added, or moved to another place in the list, since [`Registry::clear_changed`]:
    /// the spatial grid does not know them where they are yet.
    changed: Vec<u32>,
    changed_overflowed: bool,
}

impl Registry {
    fn entry_mut(&mut self, id: InstanceId) -> &mut Entry {
        let i = match self.index.get(&id.to_i64()) {
            Some(&i) => i,
            None => {
                let i = self.entries.len();
                self.entries.push(Entry::new(id));
                self.index.insert(id.to_i64(), i);
                self.mark_changed(i);
                i
            }
        };
        &mut self.entries[i]
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
        self.entry_mut(id).auto = true;
    }

    /// Registered by script (Register Perceivable Actor).
    pub fn register(&mut self, id: InstanceId) {
        let e = self.entry_mut(id);
        e.registered = true;
        e.suppressed = false;
    }

    /// Unregistered by script: no longer perceivable, even as a `CharacterBody3D`.
    pub fn unregister(&mut self, id: InstanceId) {
        if let Some(&i) = self.index.get(&id.to_i64()) {
            let e = &mut self.entries[i];
            e.registered = false;
            e.suppressed = true;
        }
    }

    /// A target component describes `target` from now on.
    pub fn attach_component(&mut self, target: InstanceId, component: InstanceId) {
        let e = self.entry_mut(target);
        e.registered = true;
        e.suppressed = false;
        e.component = Some(component);
        e.local_points = None;
        e.handles = None;
    }

    /// The component left: the target stays only if it is perceivable on its own.
    pub fn detach_component(&mut self, target: InstanceId, component: InstanceId) {
        if let Some(&i) = self.index.get(&target.to_i64()) {
            let e = &mut self.entries[i];
            if e.component == Some(component) {
                e.component = None;
                e.registered = false;
                e.local_points = None;
                e.handles = None;
            }
        }
    }

    /// The node left the tree: forget it entirely.
    pub fn remove(&mut self, id: InstanceId) {
        if let Some(i) = self.index.remove(&id.to_i64()) {
            self.entries.swap_remove(i);
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

    pub fn entries_mut(&mut self) -> &mut [Entry] {
        &mut self.entries
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.iter().filter(|e| e.is_perceivable()).count()
    }
}
