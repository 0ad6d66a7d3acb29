//! Nodes registered as perceivable while outside the tree (`register_perceivable` before
//! `add_child`): they join their world's registry when they enter the tree. Looked up in
//! constant time; nodes freed before they ever entered are forgotten a few a frame, so the set
//! stays bounded by the nodes that still exist.

use godot::classes::Node;
use godot::prelude::*;
use std::collections::HashMap;

/// How many pending nodes are checked for being freed each frame (each check is an engine call).
const CHECKS_PER_FRAME: usize = 64;

#[derive(Debug, Default)]
pub struct Pending {
    list: Vec<InstanceId>,
    /// Each node's place in `list`.
    index: HashMap<InstanceId, usize>,
    cursor: usize,
}

impl Pending {
    pub fn add(&mut self, id: InstanceId) {
        if !self.index.contains_key(&id) {
            self.index.insert(id, self.list.len());
            self.list.push(id);
        }
    }

    #[must_use]
    pub fn contains(&self, id: InstanceId) -> bool {
        self.index.contains_key(&id)
    }

    /// Takes `id` out; whether it was in.
    pub fn remove(&mut self, id: InstanceId) -> bool {
        let Some(i) = self.index.remove(&id) else {
            return false;
        };
        self.list.swap_remove(i);
        if let Some(&moved) = self.list.get(i) {
            self.index.insert(moved, i);
        }
        true
    }

    /// Forgets the freed among the next few nodes.
    pub fn forget_freed(&mut self) {
        for _ in 0..CHECKS_PER_FRAME.min(self.list.len()) {
            if self.list.is_empty() {
                break;
            }
            self.cursor %= self.list.len();
            let id = self.list[self.cursor];
            if Gd::<Node>::try_from_instance_id(id).is_ok() {
                self.cursor += 1;
            } else {
                self.remove(id);
            }
        }
    }
}
