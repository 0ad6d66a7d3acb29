//! Collision a node makes in the physics server itself rather than through shape nodes: a
//! `TileMapLayer`'s tiles (`tiles`), a `GridMap`'s cells (`grids`) and the faces of a CSG
//! tree's root (`csg`).
//!
//! Both make their bodies late: a cell set now collides only once the engine's deferred calls
//! have run, at the end of the scene tree's physics or process step (setting a cell queues the
//! update). So the mirror takes such a node in only once it has stood still across a step: at
//! each step's first ray it takes a fingerprint of the node's cells, its place and its
//! switches; while the fingerprint differs from the last step's, or the node was heard changing
//! (a signal, a move, leaving the tree), its world is not mirrored, and the step after it
//! settles, the node is read again whole.

use super::reading::Reading;
use super::{csg, grids, tiles};
use aps_core::senses::rays::BodyId;
use aps_mirror::cells::{Fingerprint, MOST_GRID_CELLS, MOST_TILES};
use godot::classes::{CsgShape3D, GridMap, TileMapLayer};
use godot::prelude::*;

/// A node whose collision the mirror reads from its cells.
#[derive(Debug, Clone)]
pub enum Maker {
    Tiles(Gd<TileMapLayer>),
    Grid(Gd<GridMap>),
    Csg(Gd<CsgShape3D>),
}

impl Maker {
    /// `node` as a maker of collision, if it is one.
    #[must_use]
    pub fn of(node: &Gd<Node>) -> Option<Maker> {
        match node.clone().try_cast::<TileMapLayer>() {
            // The old `TileMap` node's own layers: it keeps its world from the mirror.
            Ok(layer) if layer.get_parent().is_some_and(|p| p.is_class("TileMap")) => None,
            Ok(layer) => Some(Maker::Tiles(layer)),
            Err(node) => match node.try_cast::<GridMap>() {
                Ok(grid) => Some(Maker::Grid(grid)),
                // Only a CSG tree's root collides, as one body of its faces.
                Err(node) => node
                    .try_cast::<CsgShape3D>()
                    .ok()
                    .filter(|c| c.is_root_shape())
                    .map(Maker::Csg),
            },
        }
    }

    #[must_use]
    pub fn node(&self) -> Gd<Node> {
        match self {
            Maker::Tiles(n) => n.clone().upcast(),
            Maker::Grid(n) => n.clone().upcast(),
            Maker::Csg(n) => n.clone().upcast(),
        }
    }

    fn fingerprint(&self) -> Fingerprint {
        match self {
            Maker::Tiles(n) => tiles::fingerprint(n),
            Maker::Grid(n) => grids::fingerprint(n),
            Maker::Csg(n) => csg::fingerprint(n),
        }
    }

    /// The most cells of its kind the mirror follows.
    #[must_use]
    pub fn most_cells(&self) -> usize {
        match self {
            Maker::Tiles(_) => MOST_TILES,
            Maker::Grid(_) => MOST_GRID_CELLS,
            Maker::Csg(_) => usize::MAX,
        }
    }

    /// Why the mirror cannot follow it, if it cannot.
    #[must_use]
    pub fn unseen(&self) -> Option<&'static str> {
        match self {
            Maker::Tiles(n) => tiles::unseen(n),
            Maker::Grid(_) | Maker::Csg(_) => None,
        }
    }

    /// Every solid it makes, as its bodies stand once its cells are settled, into `out`.
    pub fn read(&self, out: &mut Vec<MadeSolid>) {
        out.clear();
        if !self.node().is_inside_tree() {
            return;
        }
        match self {
            Maker::Tiles(n) => tiles::read(n, out),
            Maker::Grid(n) => grids::read(n, out),
            Maker::Csg(n) => csg::read(n, out),
        }
    }

    /// The layers its bodies collide on now, for solids read without them (a grid map's or a
    /// CSG root's layer changes at once, where a tile set's waits for the layer's update).
    #[must_use]
    pub fn layer_now(&self) -> u32 {
        match self {
            Maker::Tiles(_) => 0,
            Maker::Grid(n) => n.get_collision_layer(),
            // Its body goes at once when its collision is turned off.
            Maker::Csg(n) if n.is_using_collision() => n.get_collision_layer(),
            Maker::Csg(_) => 0,
        }
    }
}

/// One solid a maker makes: where it stands, the layers its body collides on (`None`: as
/// [`Maker::layer_now`] says when a ray meets it) and whether the engine joins it with its
/// neighbours (see `Mirror::add_joined`).
pub struct MadeSolid {
    pub reading: Reading,
    pub layer: Option<u32>,
    pub joined: bool,
    /// The shape resource it was read from, if one: edited in place, it changes at once.
    pub resource: Option<Gd<godot::classes::Resource>>,
}

/// Where a maker stands with the mirror.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// As the mirror holds it.
    Held,
    /// Settled since it changed: read it again now.
    Settled,
    /// Changed in this step: its world is not mirrored until it settles.
    Changing,
    /// More cells than the mirror follows ([`Maker::most_cells`]): its world is left to the
    /// engine until it is heard changing.
    Oversized,
}

/// One maker the mirror follows: the body its rays report, and the fingerprint it was last
/// seen with.
pub struct Made {
    maker: Maker,
    body: BodyId,
    /// The fingerprint as last seen, and the step it was first seen so.
    seen: Option<(u64, u64)>,
    /// The mirror holds it as it was when `seen` was taken.
    held: bool,
    /// The shape resources whose `changed` it hears.
    heard: std::collections::HashSet<InstanceId>,
    /// Found with more cells than its kind's most: not looked at again until heard changing.
    oversized: bool,
}

impl Made {
    #[must_use]
    pub fn new(maker: Maker) -> Made {
        let body = BodyId(maker.node().instance_id().to_i64() as u64);
        Made {
            maker,
            body,
            seen: None,
            held: false,
            heard: std::collections::HashSet::new(),
            oversized: false,
        }
    }

    /// Whether `resource`'s `changed` is heard already; from now on, it is.
    pub fn hears(&mut self, resource: InstanceId) -> bool {
        !self.heard.insert(resource)
    }

    #[must_use]
    pub fn maker(&self) -> &Maker {
        &self.maker
    }

    /// What a ray that hits its solids reports.
    #[must_use]
    pub fn body(&self) -> BodyId {
        self.body
    }

    #[must_use]
    pub fn is_valid(&self) -> bool {
        match &self.maker {
            Maker::Tiles(n) => n.is_instance_valid(),
            Maker::Grid(n) => n.is_instance_valid(),
            Maker::Csg(n) => n.is_instance_valid(),
        }
    }

    /// Whether it still stands in the world `key`: not freed, in the tree, and not moved into
    /// another world (a viewport of its own, which takes it in).
    #[must_use]
    pub fn stands_in(&self, key: crate::world_key::WorldKey) -> bool {
        self.is_valid() && {
            let node = self.maker.node();
            node.is_inside_tree() && crate::world_key::world_key_of(&node) == Some(key)
        }
    }

    /// Heard changing (a move, a signal): seen again from the next step.
    pub fn heard(&mut self) {
        self.seen = None;
        self.held = false;
        self.oversized = false;
    }

    /// Where it stands at the first look of the scene tree's step `phase`.
    pub fn confirm(&mut self, phase: u64) -> Standing {
        if self.oversized {
            return Standing::Oversized;
        }
        let print = self.maker.fingerprint();
        if print.count() > self.maker.most_cells() {
            self.oversized = true;
            self.seen = None;
            self.held = false;
            return Standing::Oversized;
        }
        let now = print.finish();
        match self.seen {
            Some((print, since)) if print == now => {
                if self.held {
                    Standing::Held
                } else if since != phase {
                    Standing::Settled
                } else {
                    Standing::Changing
                }
            }
            _ => {
                self.seen = Some((now, phase));
                self.held = false;
                Standing::Changing
            }
        }
    }

    /// Read again as it stands.
    pub fn now_held(&mut self) {
        self.held = true;
    }
}
