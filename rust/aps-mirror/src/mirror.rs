//! The mirror itself: the static shapes in a bounding-volume hierarchy, the boxes around
//! everything that moves in a second one, and the question a ray asks of both.

use crate::answer::{first_of, Answer, Met, Reach};
use crate::solid::{v, Form, NotMirrored, Placed, Solid, BASE_MARGIN};
use aps_core::senses::rays::BodyId;
use aps_core::Vec3;
use parry3d::bounding_volume::Aabb;
use parry3d::partitioning::{Bvh, BvhBuildStrategy, TraversalAction};

/// A shape's (or a mover's) place in the mirror, given when it is added.
pub type Slot = u32;

/// A tree is built whole again after at least this many changes (and a share of its size).
const REBUILD_AFTER: usize = 32;

/// Rays shorter than this (in metres) go to the engine: what an engine does with a ray of no
/// length is its own affair.
const SHORTEST_RAY: f32 = 1.0e-4;

/// What the adapter finds when the mirror asks it to confirm a shape a ray meets, once a
/// frame: what it could change without moving (its layers, whether it collides).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// As it is now.
    Fresh { layer: u32, enabled: bool },
    /// No longer what the mirror holds: the ray goes to the engine, and the adapter updates
    /// the shape before the next frame's rays.
    Stale,
}

/// One ray's question.
#[derive(Debug, Clone, Copy)]
pub struct RayAsk<'a> {
    pub from: Vec3,
    pub to: Vec3,
    /// The layers the ray collides with.
    pub mask: u32,
    /// Bodies the ray passes through.
    pub exclude: &'a [BodyId],
    /// The body the ray is cast toward, if any: meeting it first is reaching it.
    pub toward: Option<BodyId>,
}

/// How many rays the mirror answered, and how.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MirrorStats {
    pub clear: u64,
    pub blocked: u64,
    pub reaches: u64,
    pub unsure: u64,
    /// Shapes confirmed with the adapter (once a frame each, for those rays meet).
    pub checks: u64,
}

impl MirrorStats {
    /// Rays decided without the engine.
    #[must_use]
    pub fn decided(&self) -> u64 {
        self.clear + self.blocked + self.reaches
    }

    /// Every ray asked.
    #[must_use]
    pub fn asked(&self) -> u64 {
        self.decided() + self.unsure
    }
}

#[derive(Debug, Clone)]
struct Entry {
    body: BodyId,
    solid: Solid,
    layer: u32,
    enabled: bool,
    /// The frame its layer and state were last confirmed.
    checked: u64,
}

#[derive(Debug, Clone)]
struct Mover {
    body: BodyId,
    aabb: Aabb,
    /// Its shape where it is, when the mirror holds it: a ray that passes it by more than
    /// the margin need not go to the engine.
    solid: Option<Solid>,
}

/// The static level and the boxes of what moves, for one physics world.
#[derive(Debug, Default)]
pub struct Mirror {
    entries: Vec<Option<Entry>>,
    free: Vec<Slot>,
    tree: Bvh,
    movers: Vec<Option<Mover>>,
    free_movers: Vec<Slot>,
    mover_tree: Bvh,
    /// Counts frames from 1, so that a new shape is confirmed before its first ray.
    frame: u64,
    stats: MirrorStats,
    /// Reused by every ray.
    met: Vec<Met>,
    leaves: Vec<u32>,
    /// Shapes added and movers moved since each tree was last built whole.
    added: usize,
    moves: usize,
}

fn aabb(min: Vec3, max: Vec3) -> Aabb {
    Aabb::new(v(min), v(max))
}

impl Mirror {
    #[must_use]
    pub fn new() -> Self {
        Mirror {
            frame: 1,
            ..Mirror::default()
        }
    }

    /// A new frame: every shape a ray meets is confirmed again before the mirror answers.
    /// A tree that grew by a quarter since it was last built whole, leaf by leaf, is built
    /// again (one at a time, inserts leave it slower to search), so rebuilding costs a bounded
    /// share of what was added.
    pub fn begin_frame(&mut self) {
        self.frame += 1;
        let (shapes, movers) = (
            self.tree.leaf_count() as usize,
            self.mover_tree.leaf_count() as usize,
        );
        if self.added >= REBUILD_AFTER.max(shapes / 4) {
            let leaves = self
                .entries
                .iter()
                .enumerate()
                .filter_map(|(i, e)| e.as_ref().map(|e| (i, aabb(e.solid.min, e.solid.max))))
                .collect();
            self.tree = built_whole(leaves);
            self.added = 0;
        }
        // Movers wander from where the tree first put them; a few moves each and the tree is
        // built again from where they are.
        if self.moves >= REBUILD_AFTER.max(movers * 4) {
            let boxes: Vec<(usize, Aabb)> = self
                .movers
                .iter()
                .enumerate()
                .filter_map(|(i, m)| m.as_ref().map(|m| (i, m.aabb)))
                .collect();
            self.mover_tree = built_whole(boxes);
            self.moves = 0;
        }
    }

    /// Adds the static shape `placed` of `body`.
    ///
    /// # Errors
    /// The shape cannot be mirrored; nothing is added.
    pub fn add(&mut self, body: BodyId, placed: &Placed) -> Result<Slot, NotMirrored> {
        self.add_solid(body, Solid::new(placed)?)
    }

    /// Adds a static shape that the engine joins with its neighbours into shapes of its own
    /// (a tile of a tile map): rays that start inside it go to the engine.
    pub fn add_joined(&mut self, body: BodyId, placed: &Placed) -> Result<Slot, NotMirrored> {
        let mut solid = Solid::new(placed)?;
        solid.joined = true;
        self.add_solid(body, solid)
    }

    fn add_solid(&mut self, body: BodyId, solid: Solid) -> Result<Slot, NotMirrored> {
        let slot = self.free.pop().unwrap_or(self.entries.len() as Slot);
        self.tree.insert(aabb(solid.min, solid.max), slot);
        self.added += 1;
        let entry = Entry {
            body,
            solid,
            layer: 0,
            enabled: false,
            checked: 0,
        };
        match self.entries.get_mut(slot as usize) {
            Some(e) => *e = Some(entry),
            None => self.entries.push(Some(entry)),
        }
        Ok(slot)
    }

    /// Removes the shape at `slot` (nothing if there is none).
    pub fn remove(&mut self, slot: Slot) {
        if let Some(e) = self.entries.get_mut(slot as usize) {
            if e.take().is_some() {
                self.tree.remove(slot);
                self.free.push(slot);
            }
        }
    }

    /// Adds a box around something that moves (`body`), from `min` to `max`.
    pub fn add_mover(&mut self, body: BodyId, min: Vec3, max: Vec3) -> Slot {
        self.add_mover_entry(body, mover_box(min, max), None)
    }

    fn add_mover_entry(&mut self, body: BodyId, aabb: Aabb, solid: Option<Solid>) -> Slot {
        let slot = self.free_movers.pop().unwrap_or(self.movers.len() as Slot);
        self.mover_tree.insert(aabb, slot);
        self.moves += 1;
        let mover = Some(Mover { body, aabb, solid });
        match self.movers.get_mut(slot as usize) {
            Some(m) => *m = mover,
            None => self.movers.push(mover),
        }
        slot
    }

    /// The mover at `slot` is now within `min` and `max` (and its shape no longer known).
    pub fn move_mover(&mut self, slot: Slot, min: Vec3, max: Vec3) {
        if let Some(Some(m)) = self.movers.get_mut(slot as usize) {
            m.aabb = mover_box(min, max);
            m.solid = None;
            self.mover_tree.insert(m.aabb, slot);
            self.moves += 1;
        }
    }

    /// Adds a body that moves (`body`) with its shape where it is now.
    ///
    /// # Errors
    /// A shape the mirror cannot keep; the caller may add its box instead.
    pub fn add_mover_shape(&mut self, body: BodyId, placed: &Placed) -> Result<Slot, NotMirrored> {
        let solid = Solid::new(placed)?;
        // The solid's box is grown by its margin already.
        Ok(self.add_mover_entry(body, aabb(solid.min, solid.max), Some(solid)))
    }

    /// The mover at `slot` now has its shape at `placed`.
    ///
    /// # Errors
    /// A shape the mirror cannot keep; the mover is unchanged.
    pub fn move_mover_shape(&mut self, slot: Slot, placed: &Placed) -> Result<(), NotMirrored> {
        let solid = Solid::new(placed)?;
        self.place_mover(slot, solid);
        Ok(())
    }

    fn place_mover(&mut self, slot: Slot, solid: Solid) {
        if let Some(Some(m)) = self.movers.get_mut(slot as usize) {
            // The solid's box is grown by its margin already.
            m.aabb = aabb(solid.min, solid.max);
            m.solid = Some(solid);
            self.mover_tree.insert(m.aabb, slot);
            self.moves += 1;
        }
    }

    /// Removes the mover at `slot`.
    pub fn remove_mover(&mut self, slot: Slot) {
        if let Some(m) = self.movers.get_mut(slot as usize) {
            if m.take().is_some() {
                self.mover_tree.remove(slot);
                self.free_movers.push(slot);
            }
        }
    }

    /// How many static shapes and movers it holds.
    #[must_use]
    pub fn len(&self) -> (usize, usize) {
        (
            self.entries.len() - self.free.len(),
            self.movers.len() - self.free_movers.len(),
        )
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == (0, 0)
    }

    /// The rays answered so far.
    #[must_use]
    pub fn stats(&self) -> MirrorStats {
        self.stats
    }

    /// An estimate of the heap it holds, in bytes: its shapes, their points and both trees.
    #[must_use]
    pub fn memory(&self) -> usize {
        let shapes: usize = self
            .entries
            .iter()
            .flatten()
            .map(|e| match &e.solid.form {
                Form::Convex { grown, shrunk } => {
                    (grown.points().len() + shrunk.as_ref().map_or(0, |s| s.points().len())) * 64
                }
                Form::Mesh { mesh, .. } => mesh.vertices().len() * 12 + mesh.num_triangles() * 48,
                _ => 0,
            })
            .sum();
        let node = 2 * std::mem::size_of::<Aabb>();
        self.entries.capacity() * std::mem::size_of::<Option<Entry>>()
            + self.movers.capacity() * std::mem::size_of::<Option<Mover>>()
            + (self.tree.leaf_count() as usize + self.mover_tree.leaf_count() as usize) * node * 2
            + shapes
    }

    /// Answers one ray. `check` confirms, once a frame, the layers and state of each shape the
    /// ray meets.
    pub fn ask(&mut self, ask: RayAsk<'_>, check: &mut dyn FnMut(Slot) -> Check) -> Answer {
        let answer = self.decide(ask, check);
        match answer {
            Answer::Clear => self.stats.clear += 1,
            Answer::Blocked { .. } => self.stats.blocked += 1,
            Answer::Reaches(_) => self.stats.reaches += 1,
            Answer::Unsure => self.stats.unsure += 1,
        }
        answer
    }

    fn decide(&mut self, ask: RayAsk<'_>, check: &mut dyn FnMut(Slot) -> Check) -> Answer {
        let dir = ask.to - ask.from;
        if !(dir.length() >= SHORTEST_RAY && ask.from.is_finite() && dir.is_finite()) {
            return Answer::Unsure;
        }
        let slab = Slab::new(ask.from, dir);
        self.met.clear();
        // Shapes the ray meets only past a sure hit cannot come first: the search skips every
        // box it enters later.
        let mut nearest_sure = 1.0f32;
        let mut unsure = false;
        let frame = self.frame;
        let entries = &mut self.entries;
        let met = &mut self.met;
        let stats = &mut self.stats;
        self.tree.traverse(|node| {
            if unsure {
                return TraversalAction::EarlyExit;
            }
            if slab.enters(node, nearest_sure).is_none() {
                return TraversalAction::Prune;
            }
            let Some(slot) = node.leaf_data() else {
                return TraversalAction::Continue;
            };
            let Some(entry) = entries.get_mut(slot as usize).and_then(Option::as_mut) else {
                return TraversalAction::Continue;
            };
            if ask.exclude.contains(&entry.body) {
                return TraversalAction::Continue;
            }
            if entry.checked != frame {
                stats.checks += 1;
                match check(slot) {
                    Check::Stale => {
                        unsure = true;
                        return TraversalAction::EarlyExit;
                    }
                    Check::Fresh { layer, enabled } => {
                        entry.layer = layer;
                        entry.enabled = enabled;
                        entry.checked = frame;
                    }
                }
            }
            if !entry.enabled || entry.layer & ask.mask == 0 {
                return TraversalAction::Continue;
            }
            match entry.solid.reach(ask.from, dir) {
                Reach::Miss => {}
                Reach::Inside => {
                    unsure = true;
                    return TraversalAction::EarlyExit;
                }
                Reach::Near { near } => met.push(Met {
                    body: entry.body,
                    near,
                    sure: None,
                }),
                Reach::Hit { near, sure } => {
                    nearest_sure = nearest_sure.min(sure);
                    met.push(Met {
                        body: entry.body,
                        near,
                        sure: Some(sure),
                    });
                }
            }
            TraversalAction::Continue
        });
        if unsure {
            return Answer::Unsure;
        }
        let Some(first) = first_of(&self.met) else {
            return Answer::Unsure;
        };
        // Nothing that moves may come before the first static hit (or anywhere, if the level
        // leaves the ray clear), but the body the ray was cast toward.
        let limit = first.map_or(1.0, |(_, at)| at);
        let mut reaches = false;
        self.leaves.clear();
        self.leaves.extend(
            self.mover_tree
                .leaves(|node| slab.enters(node, limit).is_some()),
        );
        for &slot in &self.leaves {
            let Some(mover) = self.movers.get(slot as usize).and_then(Option::as_ref) else {
                continue;
            };
            if ask.exclude.contains(&mover.body) {
                continue;
            }
            // Held as a shape, a mover the ray passes by more than its margin (or meets only
            // after the first static hit) plays no part.
            let near = match &mover.solid {
                None => Some(0.0),
                Some(solid) => match solid.reach(ask.from, dir) {
                    Reach::Miss => None,
                    Reach::Inside => Some(0.0),
                    Reach::Near { near } | Reach::Hit { near, .. } => Some(near),
                },
            };
            let Some(near) = near else {
                continue;
            };
            if near > limit {
                continue;
            }
            if first.is_none() && Some(mover.body) == ask.toward {
                reaches = true;
                continue;
            }
            return Answer::Unsure;
        }
        match (first, reaches) {
            (Some((body, at)), _) => Answer::Blocked { body, at },
            (None, true) => Answer::Reaches(ask.toward.unwrap_or(BodyId(0))),
            (None, false) => Answer::Clear,
        }
    }
}

/// A tree built whole from `leaves` (index, box). Two leaves or fewer are inserted one by
/// one: parry's whole build of so few numbers them from 0 whatever their indices.
fn built_whole(leaves: Vec<(usize, Aabb)>) -> Bvh {
    if leaves.len() > 2 {
        return Bvh::from_iter(BvhBuildStrategy::Binned, leaves);
    }
    let mut tree = Bvh::new();
    for (i, b) in leaves {
        tree.insert(b, i as u32);
    }
    tree
}

/// A ray against boxes: the slab test with the direction's inverse worked out once.
struct Slab {
    origin: Vec3,
    inverse: Vec3,
}

impl Slab {
    fn new(origin: Vec3, dir: Vec3) -> Slab {
        // A direction with a zero part would divide by zero: a part too small to matter
        // stands in for it, so every box test stays finite.
        let part = |d: f32| {
            if d.abs() < 1.0e-20 {
                1.0e20
            } else {
                1.0 / d
            }
        };
        Slab {
            origin,
            inverse: Vec3::new(part(dir.x), part(dir.y), part(dir.z)),
        }
    }

    /// Where the ray enters the node's box, if it does before `limit` (a fraction of it).
    fn enters(&self, node: &parry3d::partitioning::BvhNode, limit: f32) -> Option<f32> {
        let lo = node.mins();
        let hi = node.maxs();
        let lo = (Vec3::new(lo.x, lo.y, lo.z) - self.origin) * self.inverse;
        let hi = (Vec3::new(hi.x, hi.y, hi.z) - self.origin) * self.inverse;
        let near = lo.min(hi).max_element().max(0.0);
        let far = lo.max(hi).min_element().min(limit);
        (near <= far).then_some(near)
    }
}

/// A mover's box, grown by the least margin: the engine's own rounding of its shapes.
fn mover_box(min: Vec3, max: Vec3) -> Aabb {
    let m = Vec3::splat(BASE_MARGIN);
    aabb(min - m, max + m)
}
