//! How a world's mirror follows the nodes that make their own collision (`made`): taking them
//! in, hearing them change, looking at them each step and holding what they make.

use super::made::{Made, MadeSolid, Maker, Standing};
use super::reading::{self, Reading};
use super::{watch, Kept, LevelMirror, Owner};
use godot::prelude::*;

impl LevelMirror {
    /// A tile map layer, grid map or CSG root of this world, found by the build or entering the tree:
    /// watched, and read once it has settled.
    pub(super) fn take_made(&mut self, maker: Maker) {
        let node = maker.node();
        let id = node.instance_id();
        watch::watch(&node);
        if let std::collections::hash_map::Entry::Vacant(e) = self.made.entry(id) {
            // A tile map layer's tile set or a grid map's library edited (CSG has no such
            // signal: a new result is a new mesh, in its fingerprint).
            if node.has_signal("changed") {
                let callable = node.linked_callable("ApsMirrorWatch.made_changed", move |_| {
                    watch::note_changed(id);
                });
                node.clone().connect("changed", &callable);
            }
            e.insert((Made::new(maker), Vec::new()));
        }
        self.made_heard(id);
    }

    /// The node `id` (if it is one of this world's makers) was heard changing: its world goes
    /// to the engine until it has settled.
    pub(super) fn made_heard(&mut self, id: InstanceId) {
        let Some((made, _)) = self.made.get_mut(&id) else {
            return;
        };
        if !made.stands_in(self.key) {
            // Its bodies left this physics world with it, at once.
            self.let_go(id);
            return;
        }
        made.heard();
        self.unseen.insert(id, CHANGING);
    }

    /// Forgets the maker `id` and what the mirror held of it.
    fn let_go(&mut self, id: InstanceId) {
        if let Some((_, kept)) = self.made.remove(&id) {
            kept.into_iter().for_each(|k| self.release(k));
        }
        self.unseen.remove(&id);
    }

    /// At the first look of a step of the scene tree (`phase`): each maker's cells, place and
    /// switches compared with the last step's; one that settled is read again, one changing
    /// keeps its world from the mirror for now, and one freed or gone from the tree is let go.
    pub(super) fn confirm_made(&mut self, phase: u64) {
        let ids: Vec<InstanceId> = self.made.keys().copied().collect();
        let mut solids = Vec::new();
        for id in ids {
            let Some((made, _)) = self.made.get_mut(&id) else {
                continue;
            };
            if !made.stands_in(self.key) {
                self.let_go(id);
                continue;
            }
            if let Some(why) = made.maker().unseen() {
                self.unseen.insert(id, why);
                continue;
            }
            match made.confirm(phase) {
                Standing::Held => {
                    self.unseen.remove(&id);
                }
                Standing::Changing => {
                    self.unseen.insert(id, CHANGING);
                }
                Standing::Oversized => {
                    let held =
                        std::mem::take(&mut self.made.get_mut(&id).expect("looked up above").1);
                    held.into_iter().for_each(|k| self.release(k));
                    self.unseen.insert(id, OVERSIZED);
                }
                Standing::Settled => {
                    made.now_held();
                    made.maker().read(&mut solids);
                    self.hold_made(id, &mut solids);
                    self.unseen.remove(&id);
                }
            }
        }
    }

    /// Holds the maker `id`'s `solids`, in place of what it held.
    fn hold_made(&mut self, id: InstanceId, solids: &mut Vec<MadeSolid>) {
        let Some((made, held)) = self.made.get_mut(&id) else {
            return;
        };
        let body = made.body();
        let node = made.maker().node();
        let old = std::mem::take(held);
        for solid in solids.iter() {
            if let Some(mut resource) = solid.resource.clone() {
                if !made.hears(resource.instance_id()) {
                    watch::hear_resource(&node, &mut resource);
                }
            }
        }
        old.into_iter().for_each(|k| self.release(k));
        let mut kept = Vec::with_capacity(solids.len());
        for solid in solids.drain(..) {
            let k = match solid.reading {
                Reading::Nothing => continue,
                Reading::Bounds(lo, hi) => Kept::Mover(self.mirror.add_mover(body, lo, hi)),
                Reading::Shape(placed) => {
                    let slot = if solid.joined {
                        self.mirror.add_joined(body, &placed)
                    } else {
                        self.mirror.add(body, &placed)
                    };
                    match slot {
                        Ok(slot) => self.own_slot(slot, Owner::Made(id, solid.layer)),
                        Err(_) => match reading::bounds_of_placed(&placed) {
                            Some((lo, hi)) => Kept::Mover(self.mirror.add_mover(body, lo, hi)),
                            None => continue,
                        },
                    }
                }
            };
            kept.push(k);
        }
        if let Some((_, held)) = self.made.get_mut(&id) {
            *held = kept;
        }
    }
}

/// Why a world is not mirrored while it holds a tile map layer or grid map too large to follow.
pub(super) const OVERSIZED: &str =
    "a tile map layer of more than 32,768 tiles or a grid map of more than \
8,192 cells, more than the mirror follows at a profit (its cells would be looked at each step)";

/// Why a world is not mirrored while one of its tile map layers, grid maps or CSG trees is
/// changing.
pub(super) const CHANGING: &str =
    "a tile map layer, grid map or CSG tree whose cells, result, place or switches changed this frame";

#[cfg(test)]
mod tests {
    use super::OVERSIZED;
    use aps_mirror::cells::{MOST_GRID_CELLS, MOST_TILES};

    #[test]
    fn the_reason_for_a_maker_too_large_names_the_limits() {
        for n in [MOST_TILES, MOST_GRID_CELLS] {
            let written = format!("{},{:03}", n / 1000, n % 1000);
            assert!(OVERSIZED.contains(&written), "{OVERSIZED} / {written}");
        }
    }
}
