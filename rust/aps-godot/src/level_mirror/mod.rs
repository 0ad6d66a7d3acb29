//! The static level mirrored in Rust for the rays (see `aps_mirror`): built from the scene tree
//! as a world's first pass asks for it, kept true through watches on every shape node (`watch`),
//! and asked by each ray before the engine.
//!
//! What is mirrored: every `CollisionShape3D` and `CollisionPolygon3D` of a `StaticBody3D`, and
//! every `CollisionShape2D` and `CollisionPolygon2D` of a `StaticBody2D` (`flat`); animatable
//! bodies move, so they are not. Every other body's shapes (characters, rigid and animatable
//! bodies, ragdoll bones) are held where the physics server has them, refreshed as they move,
//! so that a ray that comes near one goes to the engine. Areas play no part: rays pass them
//! unless the world has area occluders, and then the mirror is not asked. A world with
//! collision the mirror cannot see (a soft body, the old `TileMap` node) is not mirrored at all.
//! A `TileMapLayer`'s tiles, a `GridMap`'s cells and a CSG root's faces are read from the node
//! that makes them (`made`, `makers`, `tiles`, `grids`, `csg`).

mod csg;
mod flat;
mod grids;
mod made;
mod makers;
mod reading;
mod tiles;
pub mod watch;

use crate::convert::MaybeNull;
use crate::world_key::WorldKey;
use aps_core::senses::rays::BodyId;
use aps_core::Vec3;
use aps_mirror::{Answer, Check, Mirror, RayAsk, Slot};
use godot::classes::{World2D, World3D};
use godot::prelude::*;
use made::{Made, Maker};
use makers::CHANGING;
use reading::{Reading, ShapeNode};
use std::cell::RefCell;
use std::collections::HashMap;

/// How a shape node is held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kept {
    Static(Slot),
    Mover(Slot),
    Nothing,
}

struct Record {
    shape: ShapeNode,
    body: reading::Body,
    body_id: BodyId,
    kept: Kept,
    /// The shape resource whose `changed` the watch hears.
    heard: Option<InstanceId>,
    /// For a body that moves: where its shape sits in the physics server and its box in the
    /// shape's own space, so that a move costs a few engine calls.
    moving: Option<reading::InServer>,
}

/// What stands behind a static slot: a shape node, or a solid a maker made (a tile, a grid
/// map's cell) with the layers its body collides on, if they are known without asking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Owner {
    Shape(InstanceId),
    Made(InstanceId, Option<u32>),
}

/// A world's mirror and what it knows of the nodes behind it.
pub struct LevelMirror {
    /// The world it mirrors.
    key: WorldKey,
    mirror: Mirror,
    records: HashMap<InstanceId, Record>,
    /// The tile map layers and grid maps, each with what the mirror holds of it.
    made: HashMap<InstanceId, (Made, Vec<Kept>)>,
    /// What stands behind each static slot.
    by_slot: Vec<Option<Owner>>,
    /// The nodes whose collision the mirror cannot see, each with why: while any is in the
    /// tree, the world is not mirrored.
    unseen: HashMap<InstanceId, &'static str>,
    frame: u64,
    /// The scripts' epoch its shapes were last confirmed in.
    epoch: u64,
    /// The scene tree's step its makers were last looked at in.
    phase: u64,
    /// Rays decided this frame.
    decided: u64,
    /// Shadow disagreements since the mirror was built.
    disagreements: u64,
}

/// What every world's mirror shares: the worlds, the nodes that entered the tree since they
/// last looked, and the setting as of this frame.
#[derive(Default)]
struct Mirrors {
    worlds: HashMap<WorldKey, LevelMirror>,
    entered: Vec<InstanceId>,
    changed: Vec<(InstanceId, watch::Change)>,
}

thread_local! {
    static MIRRORS: RefCell<Mirrors> = RefCell::new(Mirrors::default());
    /// Counts the times scripts may have run since the process began.
    static EPOCH: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// Counts the scene tree's physics and process steps (see [`new_phase`]).
    static PHASE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Class names of nodes that collide in ways the mirror cannot see.
fn unseen_collision(class: &str) -> Option<&'static str> {
    if class == "SoftBody3D" {
        Some("a soft body")
    } else if class == "TileMap" {
        // Its layers are internal children, which the scene tree's walks do not list.
        Some("a TileMap node (its TileMapLayer successor is mirrored)")
    } else {
        None
    }
}

/// A node entered the tree (`ApsWorld` follows the tree): a shape node, or a node whose
/// collision the mirror cannot see, is looked at by its world's mirror before the next ray.
pub fn entered(node: &Gd<Node>) {
    let class = node.get_class().to_string();
    let wanted = class == "CollisionShape3D"
        || class == "CollisionPolygon3D"
        || class == "CollisionShape2D"
        || class == "CollisionPolygon2D"
        || class == "TileMapLayer"
        || class == "GridMap"
        || class.starts_with("CSG")
        || unseen_collision(&class).is_some();
    if !wanted {
        return;
    }
    MIRRORS.with(|m| {
        if let Ok(mut m) = m.try_borrow_mut() {
            if !m.worlds.is_empty() {
                m.entered.push(node.instance_id());
            }
        }
    });
}

/// Makes the mirror of world `key` ready for the next rays; false when rays there go to the
/// engine (the world cannot be mirrored). What entered the tree or changed since the last
/// call is taken in first; the layers and switches of shapes are confirmed again each frame,
/// and after any script may have run (see [`scripts_may_have_run`]).
pub fn prepare(key: WorldKey, frame: u64) -> bool {
    MIRRORS.with(|m| {
        let Ok(mut m) = m.try_borrow_mut() else {
            return false;
        };
        let m = &mut *m;
        m.worlds
            .entry(key)
            .or_insert_with(|| LevelMirror::build(key));
        let new_frame = m.worlds.get(&key).is_some_and(|w| w.frame != frame);
        if new_frame {
            m.forget_gone_worlds();
            for w in m.worlds.values_mut() {
                w.forget_gone_unseen();
            }
            if let Some(w) = m.worlds.get_mut(&key) {
                // Changes taken in from here on count as this frame's.
                w.frame = frame;
                w.decided = 0;
            }
        }
        m.take_changes();
        let epoch = EPOCH.with(std::cell::Cell::get);
        let Some(w) = m.worlds.get_mut(&key) else {
            return false;
        };
        let phase = PHASE.with(std::cell::Cell::get);
        if w.phase != phase {
            w.phase = phase;
            w.confirm_made(phase);
        }
        if new_frame || w.epoch != epoch {
            w.mirror.begin_frame();
            w.epoch = epoch;
        }
        w.unseen.is_empty()
    })
}

/// The scene tree began a physics or a process step (its `physics_frame` or `process_frame`):
/// the engine's deferred calls ran before it, so a tile map layer or grid map that set cells
/// has made its bodies. Each maker is looked at again before the next ray; one whose cells
/// stood still since the step before is read (see `made`). A ray a script casts from a timer
/// or deferred call in the same step as such an update may still be answered from the cells
/// before it.
pub fn new_phase() {
    PHASE.with(|p| p.set(p.get().wrapping_add(1)));
}

/// Scripts may have changed what collides (a signal handler put a door on another layer or
/// switched a shape off): every mirror confirms its shapes again before its next ray.
pub fn scripts_may_have_run() {
    EPOCH.with(|e| e.set(e.get().wrapping_add(1)));
}

/// The mirror's answer for one ray in world `key`; `None` when it has none to give (no
/// mirror there, or one busy answering another ray: a script run inside a pass).
pub fn ask(key: WorldKey, ask: RayAsk<'_>) -> Option<Answer> {
    MIRRORS.with(|m| {
        let mut m = m.try_borrow_mut().ok()?;
        let w = m.worlds.get_mut(&key)?;
        if !w.unseen.is_empty() {
            return None;
        }
        let records = &w.records;
        let made = &w.made;
        let by_slot = &w.by_slot;
        let answer = w
            .mirror
            .ask(ask, &mut |slot| check(records, made, by_slot, slot));
        if answer != Answer::Unsure {
            w.decided += 1;
        }
        Some(answer)
    })
}

/// Counts a ray the engine cast as well (shadow mode); `agreed` false is a disagreement.
pub fn count_shadow(key: WorldKey, agreed: bool) {
    MIRRORS.with(|m| {
        if let Ok(mut m) = m.try_borrow_mut() {
            if let Some(w) = m.worlds.get_mut(&key) {
                if !agreed {
                    w.disagreements += 1;
                }
            }
        }
    });
}

/// Rays world `key`'s mirror decided this frame so far (the last frame's, between frames).
#[must_use]
pub fn frame_decided(key: WorldKey) -> u64 {
    MIRRORS.with(|m| {
        m.try_borrow()
            .ok()
            .and_then(|m| m.worlds.get(&key).map(|w| w.decided))
            .unwrap_or(0)
    })
}

/// What world `key`'s mirror did: rays decided this frame so far, shadow disagreements and
/// the ray totals (`MirrorStats`) since it was built, its shapes and movers, its memory
/// estimate and why it is off, if it is.
#[must_use]
pub fn report(key: WorldKey) -> Option<MirrorReport> {
    MIRRORS.with(|m| {
        let m = m.try_borrow().ok()?;
        let w = m.worlds.get(&key)?;
        let (shapes, movers) = w.mirror.len();
        Some(MirrorReport {
            frame_decided: w.decided,
            disagreements: w.disagreements,
            totals: w.mirror.stats(),
            shapes,
            movers,
            memory: w.mirror.memory(),
            // A lasting reason before a passing one.
            off: w
                .unseen
                .values()
                .find(|why| **why != CHANGING)
                .or_else(|| w.unseen.values().next())
                .copied(),
        })
    })
}

/// A world's mirror, as `ApsWorld.get_stats` reports it.
#[derive(Debug, Clone, Copy)]
pub struct MirrorReport {
    pub frame_decided: u64,
    pub disagreements: u64,
    pub totals: aps_mirror::MirrorStats,
    pub shapes: usize,
    pub movers: usize,
    pub memory: usize,
    pub off: Option<&'static str>,
}

/// Confirms a static shape a ray meets: its body's layers, its `disabled`, and that it still
/// holds the shape resource the mirror read. A made solid stands as its maker was read (any
/// change to it is seen as the frame begins), on the layers read with it or its maker's now.
fn check(
    records: &HashMap<InstanceId, Record>,
    made: &HashMap<InstanceId, (Made, Vec<Kept>)>,
    by_slot: &[Option<Owner>],
    slot: Slot,
) -> Check {
    let id = match by_slot.get(slot as usize).copied().flatten() {
        Some(Owner::Shape(id)) => id,
        Some(Owner::Made(maker, layer)) => {
            return match made.get(&maker) {
                Some((m, _)) if m.is_valid() => Check::Fresh {
                    layer: layer.unwrap_or_else(|| m.maker().layer_now()),
                    enabled: true,
                },
                _ => Check::Stale,
            };
        }
        None => return Check::Stale,
    };
    let Some(r) = records.get(&id) else {
        return Check::Stale;
    };
    if !r.shape.is_valid() || !r.body.is_valid() {
        watch::note_changed(id);
        return Check::Stale;
    }
    if r.shape.resource().map(|s| s.instance_id()) != r.heard {
        watch::note_changed(id);
        return Check::Stale;
    }
    Check::Fresh {
        layer: r.body.layer(),
        enabled: !r.shape.is_disabled(),
    }
}

impl Mirrors {
    /// Drops the mirrors of worlds that no longer exist.
    fn forget_gone_worlds(&mut self) {
        self.worlds.retain(|key, _| {
            InstanceId::try_from_i64(*key).is_some_and(|id| {
                Gd::<World3D>::try_from_instance_id(id).is_ok()
                    || Gd::<World2D>::try_from_instance_id(id).is_ok()
            })
        });
    }

    /// Takes in what entered the tree and what changed, in whichever world holds it.
    fn take_changes(&mut self) {
        for id in std::mem::take(&mut self.entered) {
            let Ok(node) = Gd::<Node>::try_from_instance_id(id) else {
                continue;
            };
            let Some(key) = crate::world_key::world_key_of(&node) else {
                continue;
            };
            if let Some(w) = self.worlds.get_mut(&key) {
                w.take_node(&node);
            }
        }
        watch::take_changed(&mut self.changed);
        if self.changed.is_empty() {
            return;
        }
        let mut changed = std::mem::take(&mut self.changed);
        // Each node once, and read whole if it changed in any way but moving.
        changed.sort_unstable_by(|a, b| {
            (a.0, std::cmp::Reverse(a.1)).cmp(&(b.0, std::cmp::Reverse(b.1)))
        });
        changed.dedup_by_key(|c| c.0);
        for (id, change) in changed.drain(..) {
            for w in self.worlds.values_mut() {
                w.made_heard(id);
                if w.records.contains_key(&id) {
                    if change == watch::Change::Moved {
                        w.moved(id);
                    } else {
                        w.reread(id);
                    }
                }
            }
        }
        self.changed = changed;
    }
}

impl LevelMirror {
    /// The mirror of the world `key` (a `World3D` or a `World2D`), from every node of the
    /// scene tree in it.
    fn build(key: WorldKey) -> LevelMirror {
        let mut me = LevelMirror {
            key,
            mirror: Mirror::new(),
            records: HashMap::new(),
            made: HashMap::new(),
            by_slot: Vec::new(),
            unseen: HashMap::new(),
            frame: u64::MAX,
            epoch: u64::MAX,
            phase: u64::MAX,
            decided: 0,
            disagreements: 0,
        };
        let Some(root) = crate::world_key::scene_tree().and_then(|t| t.get_root().maybe_null())
        else {
            return me;
        };
        let mut stack: Vec<Gd<Node>> = vec![root.upcast()];
        while let Some(node) = stack.pop() {
            for child in node.get_children().iter_shared() {
                stack.push(child);
            }
            let class = node.get_class().to_string();
            let shape = ShapeNode::of(&node).is_some() || Maker::of(&node).is_some();
            if (shape || unseen_collision(&class).is_some())
                && crate::world_key::world_key_of(&node) == Some(key)
            {
                me.take_node(&node);
            }
        }
        me
    }

    /// A node of this world that entered the tree or was found by the build.
    fn take_node(&mut self, node: &Gd<Node>) {
        let class = node.get_class().to_string();
        if let Some(why) = unseen_collision(&class) {
            self.unseen.insert(node.instance_id(), why);
            return;
        }
        if let Some(maker) = Maker::of(node) {
            self.take_made(maker);
            return;
        }
        let Some(shape) = ShapeNode::of(node) else {
            return;
        };
        let id = node.instance_id();
        let Some(body) = node.get_parent().and_then(reading::Body::of) else {
            return;
        };
        if let Some(old) = self.records.get(&id) {
            if old.body == body {
                self.reread(id);
                return;
            }
            self.forget(id);
        }
        watch::watch(&shape.node());
        let body_id = BodyId(body.instance_id().to_i64() as u64);
        self.records.insert(
            id,
            Record {
                shape,
                body,
                body_id,
                kept: Kept::Nothing,
                heard: None,
                moving: None,
            },
        );
        self.reread(id);
    }

    /// The shape node `id` (or its body, or a parent) moved: a body that moves has its box
    /// carried to where the server now has it; anything else is read again.
    fn moved(&mut self, id: InstanceId) {
        let Some(r) = self.records.get(&id) else {
            return;
        };
        if let (Kept::Mover(slot), Some(place)) = (r.kept, r.moving.as_ref()) {
            if r.body.is_valid() {
                let done = match place.now() {
                    Some(reading::Moved::Shape(placed)) => {
                        self.mirror.move_mover_shape(slot, &placed).is_ok()
                    }
                    Some(reading::Moved::Bounds(lo, hi)) => {
                        self.mirror.move_mover(slot, lo, hi);
                        true
                    }
                    None => false,
                };
                if done {
                    return;
                }
            }
        }
        self.reread(id);
    }

    /// Forgets the unseen nodes that were freed or left the tree.
    fn forget_gone_unseen(&mut self) {
        self.unseen.retain(|id, _| {
            Gd::<Node>::try_from_instance_id(*id).is_ok_and(|n| n.is_inside_tree())
        });
    }

    fn release(&mut self, kept: Kept) {
        match kept {
            Kept::Static(s) => {
                self.mirror.remove(s);
                if let Some(e) = self.by_slot.get_mut(s as usize) {
                    *e = None;
                }
            }
            Kept::Mover(s) => self.mirror.remove_mover(s),
            Kept::Nothing => {}
        }
    }

    fn forget(&mut self, id: InstanceId) {
        if let Some(r) = self.records.remove(&id) {
            self.release(r.kept);
        }
    }

    /// Reads the shape node `id` again: where it is, what it holds, whether it collides.
    fn reread(&mut self, id: InstanceId) {
        let Some(r) = self.records.get(&id) else {
            return;
        };
        let old = r.kept;
        self.release(old);
        self.unseen.remove(&id);
        let r = self.records.get_mut(&id).expect("looked up above");
        r.kept = Kept::Nothing;
        if !(r.shape.is_valid() && r.body.is_valid()) {
            self.records.remove(&id);
            return;
        }
        let node = r.shape.node();
        let in_place = node.is_inside_tree()
            && node.get_parent().map(|p| p.instance_id()) == Some(r.body.instance_id());
        if !in_place {
            self.records.remove(&id);
            return;
        }
        let body = r.body.clone();
        let body_id = r.body_id;
        // A body switched off with its processing leaves the physics world; one made static
        // or kept active stays in it.
        let colliding = body.collides();
        if !colliding {
            return;
        }
        if let Some(resource) = r.shape.resource() {
            let rid = resource.instance_id();
            if r.heard != Some(rid) {
                watch::hear_resource(&node, &mut resource.upcast());
                r.heard = Some(rid);
            }
        } else {
            r.heard = None;
        }
        let still = body.is_static();
        let (reading, mut place) = r.shape.read(&body);
        let shape = r.shape.clone();
        let mut mover = |mirror: &mut Mirror, lo: Vec3, hi: Vec3| {
            if let Some(p) = place.as_mut() {
                p.local = shape.local_box();
            }
            Kept::Mover(mirror.add_mover(body_id, lo, hi))
        };
        let kept = match reading {
            Reading::Nothing => Kept::Nothing,
            Reading::Bounds(lo, hi) => mover(&mut self.mirror, lo, hi),
            Reading::Shape(placed) => {
                let exact = if still {
                    self.mirror.add(body_id, &placed).ok()
                } else {
                    // A body that moves, held as its shape where it is.
                    if let Ok(slot) = self.mirror.add_mover_shape(body_id, &placed) {
                        if let Some(p) = place.as_mut() {
                            p.shape = Some((placed.shape.clone(), placed.own_margin));
                        }
                        if let Some(r) = self.records.get_mut(&id) {
                            r.kept = Kept::Mover(slot);
                            r.moving = place;
                        }
                        return;
                    }
                    None
                };
                match exact {
                    Some(slot) => self.own_slot(slot, Owner::Shape(id)),
                    None => match reading::bounds_of_placed(&placed) {
                        Some((lo, hi)) => mover(&mut self.mirror, lo, hi),
                        None => {
                            // An infinite plane that moves: nothing bounds it.
                            self.unseen
                                .insert(id, "a world boundary shape on a body that moves");
                            Kept::Nothing
                        }
                    },
                }
            }
        };
        if let Some(r) = self.records.get_mut(&id) {
            r.kept = kept;
            r.moving = place.filter(|p| matches!(kept, Kept::Mover(_)) && p.local.is_some());
        }
    }
}

impl LevelMirror {
    /// Notes what stands behind the static slot `slot`.
    fn own_slot(&mut self, slot: Slot, owner: Owner) -> Kept {
        let i = slot as usize;
        if self.by_slot.len() <= i {
            self.by_slot.resize(i + 1, None);
        }
        self.by_slot[i] = Some(owner);
        Kept::Static(slot)
    }
}

/// Where a ray from `from` to `to` is at `at` (a fraction of it).
#[must_use]
pub fn point_at(from: Vec3, to: Vec3, at: f32) -> Vec3 {
    from + (to - from) * at.clamp(0.0, 1.0)
}
