//! Names a game gives by `StringName` (sound and place tags, squad names), each standing for a
//! small number the core works with. Looked up in constant time, and bounded: a game that makes
//! a new name per event would otherwise grow the table forever. Past the limit the names used
//! least recently are forgotten; numbers are never reused, so a forgotten name's old number
//! never comes to mean another name (a place believed under it just loses its tag's text), and
//! the name gets a new number when it is used again.

use godot::prelude::*;
use std::collections::HashMap;

/// Interned names, numbered from 1 (0 stands for no name).
#[derive(Debug)]
pub struct Names {
    by_name: HashMap<StringName, (u32, u64)>,
    by_number: HashMap<u32, StringName>,
    next: u32,
    /// Uses so far: a name's last use, for forgetting the least recent.
    clock: u64,
    /// The most names kept.
    limit: usize,
    /// What the names are, for the warning when the limit is first reached.
    what: &'static str,
    warned: bool,
}

impl Names {
    #[must_use]
    pub fn new(what: &'static str, limit: usize) -> Self {
        Names {
            by_name: HashMap::new(),
            by_number: HashMap::new(),
            next: 1,
            clock: 0,
            limit: limit.max(1),
            what,
            warned: false,
        }
    }

    /// The number standing for `name` (0 for an empty name), numbering it if new.
    pub fn intern(&mut self, name: &StringName) -> u32 {
        if name.is_empty() {
            return 0;
        }
        self.clock += 1;
        if let Some((n, used)) = self.by_name.get_mut(name) {
            *used = self.clock;
            return *n;
        }
        let n = self.next;
        self.next = self.next.checked_add(1).unwrap_or(1).max(1);
        self.by_name.insert(name.clone(), (n, self.clock));
        self.by_number.insert(n, name.clone());
        // Forgetting in batches keeps each use constant time on average.
        if self.by_name.len() >= self.limit * 2 {
            self.forget_least_recent();
        }
        n
    }

    /// The number of `name`, if it has one.
    #[must_use]
    pub fn find(&self, name: &StringName) -> Option<u32> {
        self.by_name.get(name).map(|(n, _)| *n)
    }

    /// The name number `n` stands for (`&""` for 0 or a number no name holds any more).
    #[must_use]
    pub fn name(&self, n: u32) -> StringName {
        self.by_number.get(&n).cloned().unwrap_or_default()
    }

    /// Forgets `name` now (a squad nobody is in any more).
    pub fn remove(&mut self, name: &StringName) {
        if let Some((n, _)) = self.by_name.remove(name) {
            self.by_number.remove(&n);
        }
    }

    fn forget_least_recent(&mut self) {
        if !self.warned {
            self.warned = true;
            godot_warn!(
                "APS: more than {} different {} names in use; the least recently used are \
                 forgotten from now on. Names stand for kinds (\"footstep\", \"alpha\"), not for \
                 single events.",
                self.limit,
                self.what
            );
        }
        let mut uses: Vec<u64> = self.by_name.values().map(|(_, used)| *used).collect();
        let cut = uses.len() - self.limit;
        uses.select_nth_unstable(cut);
        let oldest_kept = uses[cut];
        let by_number = &mut self.by_number;
        self.by_name.retain(|_, (n, used)| {
            let keep = *used >= oldest_kept;
            if !keep {
                by_number.remove(n);
            }
            keep
        });
    }
}
