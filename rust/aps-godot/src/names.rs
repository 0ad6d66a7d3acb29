//! Names a game gives by `StringName` (sound and place tags, squad names), each standing for a
//! small number the core works with. Looked up in constant time, and bounded: a game that makes
//! a new name per event would otherwise grow the list forever.

use godot::prelude::*;
use std::collections::HashMap;

/// Interned names, numbered from 1 (0 stands for no name).
#[derive(Debug)]
pub struct Names {
    names: Vec<StringName>,
    index: HashMap<StringName, u32>,
    /// The most names kept.
    limit: usize,
    /// What the names are, for the warning when the limit is reached.
    what: &'static str,
    warned: bool,
}

impl Names {
    #[must_use]
    pub fn new(what: &'static str, limit: usize) -> Self {
        Names {
            names: Vec::new(),
            index: HashMap::new(),
            limit,
            what,
            warned: false,
        }
    }

    /// The number standing for `name` (0 for an empty name), numbering it if new. Past the
    /// limit a new name gets 0, with one warning.
    pub fn intern(&mut self, name: &StringName) -> u32 {
        if name.is_empty() {
            return 0;
        }
        if let Some(&n) = self.index.get(name) {
            return n;
        }
        if self.names.len() >= self.limit {
            if !self.warned {
                self.warned = true;
                godot_warn!(
                    "APS: more than {} different {} names; \"{name}\" and every newer one are \
                     treated as none. Names stand for kinds (\"footstep\", \"alpha\"), not for \
                     single events.",
                    self.limit,
                    self.what
                );
            }
            return 0;
        }
        self.names.push(name.clone());
        let n = self.names.len() as u32;
        self.index.insert(name.clone(), n);
        n
    }

    /// The number of `name` if it has one.
    #[must_use]
    pub fn find(&self, name: &StringName) -> Option<u32> {
        self.index.get(name).copied()
    }

    /// The name number `n` stands for (`&""` for 0 or an unknown number).
    #[must_use]
    pub fn name(&self, n: u32) -> StringName {
        n.checked_sub(1)
            .and_then(|i| self.names.get(i as usize).cloned())
            .unwrap_or_default()
    }
}
