//! A perceivable node's record ([`Entry`]) and turning the node into the core's
//! `TargetSnapshot`: position, velocity, the sample
//! points vision looks at (head, chest and feet from the collision shape by default), light,
//! cloak, noise and team from its `ApsTargetComponent` (or `ApsTargetComponent2D`). A 2D node is
//! placed on the core's plane (see `dim`).

use crate::convert::{target_id, to_vec3};
use crate::description::{Description, RevisionWatch};
use crate::dim::{from_pixels, Spatial};
use aps_core::gather::motion::VelocitySampler;
use aps_core::gather::target::{SamplePoints, TargetSnapshot};
use aps_core::gather::team::target_team;
use aps_core::senses::rays::BodyId;
use aps_core::world::conditions::WorldConditions;
use aps_core::world::scene_light::{combined, LightMemo};
use aps_core::{TargetKind, Vec3};
use godot::classes::character_body_2d::MotionMode;
use godot::classes::{
    CharacterBody2D, CharacterBody3D, CollisionObject2D, CollisionObject3D, RigidBody2D,
    RigidBody3D,
};
use godot::prelude::*;
use smallvec::SmallVec;

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
    /// The `ApsTargetComponent` describing it, if any: its id and its description.
    pub component: Option<(InstanceId, Description)>,
    /// The Team Id of the AI whose body it is (the `ApsPerceptionComponent` it carries), if it
    /// carries one: others see it on that team.
    pub ai_team: Option<i32>,
    /// Sample points relative to the node, derived from its collision shape once.
    pub local_points: Option<Vec<Vector3>>,
    /// Speed is measured between samples of the position (once per world time).
    pub motion: VelocitySampler,
    /// Handles to the node and its component, found at the first look: later looks check
    /// they are alive instead of looking the node up again.
    pub handles: Option<Handles>,
    /// The last look and its world time: looks within one frame share it.
    pub seen: Option<(f64, aps_core::gather::target::TargetSnapshot)>,
    /// It was found at a position that is not a number and that was said once.
    pub warned_nowhere: bool,
    /// Its target component's sample points held some that are no position, said once.
    pub warned_points: bool,
    /// The scene's light on it as last measured (see `scene_lights`).
    pub light: LightMemo,
}

impl Entry {
    pub(crate) fn new(id: InstanceId) -> Self {
        Entry {
            id,
            auto: false,
            registered: false,
            suppressed: false,
            component: None,
            ai_team: None,
            local_points: None,
            motion: VelocitySampler::default(),
            handles: None,
            seen: None,
            warned_nowhere: false,
            warned_points: false,
            light: LightMemo::default(),
        }
    }

    /// Whether perceivers should consider it.
    #[must_use]
    pub fn is_perceivable(&self) -> bool {
        (self.auto || self.registered) && !self.suppressed
    }
}

/// What became of a perceivable node.
pub enum Look {
    /// Alive and in the tree.
    Seen(TargetSnapshot),
    /// Alive but out of the tree: nothing to perceive now.
    Absent,
    /// Freed, or being freed.
    Gone,
}

/// What `node` says now, at its revision `at`. Sample points that are no position are left out
/// (and counted).
fn read(node: &Description, at: u64) -> Reading {
    let said = node.said();
    let points = said
        .points
        .iter()
        .copied()
        .filter(|p| p.is_finite())
        .collect();
    Reading {
        at,
        traits: said.traits,
        evidence: said.evidence,
        points,
        given: said.points.len(),
        three: said.three,
    }
}

/// Sample points in a node's own space.
type LocalPoints = smallvec::SmallVec<[Vector3; 4]>;

/// A target component as a look last read it: kept until the component's revision moves, so a
/// look binds the component only after a change.
#[derive(Debug, Clone)]
struct Reading {
    at: u64,
    traits: aps_core::gather::target::TargetTraits,
    evidence: StringName,
    /// Its finite sample points, and how many it gave in all.
    points: LocalPoints,
    given: usize,
    /// A 3D component (its points are for a 3D node).
    three: bool,
}

/// A perceivable node's target component: its handle, its revision, and what it said.
#[derive(Debug, Clone)]
pub struct Component {
    node: Description,
    revision: RevisionWatch,
    read: Option<Reading>,
}

impl Component {
    fn resolve(node: Description) -> Component {
        let revision = node.revision();
        Component {
            node,
            revision,
            read: None,
        }
    }

    /// Applies the component's traits, evidence tag and sample points (if it sets any, placed
    /// by `at`; those that are no position are left out) to `snap`, as it says them now: read
    /// again only if it changed since the last look. Returns whether it set sample points,
    /// and how many it left out. `None` once the component is gone.
    fn describe(
        &mut self,
        at: &Placement,
        snap: &mut TargetSnapshot,
        world_light: f32,
        tag: &mut dyn FnMut(&StringName) -> u32,
    ) -> Option<(bool, usize)> {
        // Alive while its count is: no call into the engine for an unchanged component.
        let now = self.revision.get()?;
        let r = match &mut self.read {
            Some(r) if r.at == now => r,
            stale => stale.insert(read(&self.node, now)),
        };
        r.traits.apply(snap, world_light);
        // The evidence tag is numbered by the world each look; no copy of its name crosses into
        // the engine.
        if !r.evidence.is_empty() {
            snap.evidence_tag = Some(tag(&r.evidence));
        }
        // A component's points are in its own kind's space; on a node of the other kind (which
        // its setup warning names) it sets none.
        let placed = (r.three == matches!(at, Placement::Three(_)))
            .then(|| at.place_all(r.points.iter().copied()));
        Some(match placed {
            // None of them a position: looked at as if it set none.
            Some(points) if !points.is_empty() => {
                snap.sample_points = points;
                (true, r.given - r.points.len())
            }
            Some(_) if r.given > 0 => (false, r.given),
            _ => (false, 0),
        })
    }
}

impl Component {
    /// Lights `snap` by `world_light` as its traits let it be (see `describe`), with what it
    /// said at its last reading.
    fn relight(&self, snap: &mut TargetSnapshot, world_light: f32) {
        match &self.read {
            Some(r) => snap.light_level = r.traits.light(world_light),
            None => snap.light_level = world_light,
        }
    }
}

/// Where a perceivable node is and how it is turned, read once a look: every point of it is
/// placed from this one transform.
enum Placement {
    Three(Transform3D),
    /// A 2D node's transform, in pixels.
    Two(Transform2D),
}

impl Placement {
    fn of(node: &Spatial) -> Placement {
        match node {
            Spatial::Three(n) => Placement::Three(n.get_global_transform()),
            Spatial::Two(n) => Placement::Two(n.get_global_transform()),
        }
    }

    /// The node's origin in the core's space.
    fn origin(&self) -> Vec3 {
        match self {
            Placement::Three(x) => to_vec3(x.origin),
            Placement::Two(x) => from_pixels(x.origin),
        }
    }

    /// Its origin as the scene has it, for warnings.
    fn shown(&self) -> Variant {
        match self {
            Placement::Three(x) => x.origin.to_variant(),
            Placement::Two(x) => x.origin.to_variant(),
        }
    }

    /// The points of `local` (the node's own space; a 2D node's `x`, `y` in pixels, `z` 0) in
    /// the core's space.
    fn place_all(&self, local: impl Iterator<Item = Vector3>) -> SamplePoints {
        local
            .map(|p| match self {
                Placement::Three(x) => to_vec3(*x * p),
                Placement::Two(x) => from_pixels(*x * Vector2::new(p.x, p.y)),
            })
            .collect()
    }
}

/// Looks at one registry entry of the world `key` at world time `now`, lit by `conditions`
/// (and the scene's lights). Evidence tags are turned into the world's tag numbers by `tag`.
pub(crate) fn look(
    entry: &mut Entry,
    key: crate::world_key::WorldKey,
    now: f64,
    conditions: &WorldConditions,
    tag: &mut dyn FnMut(&StringName) -> u32,
) -> Look {
    // Many AI look at the same node in one frame: the first look is kept for the rest.
    if let Some((at, snap)) = &entry.seen {
        if *at == now {
            return Look::Seen(snap.clone());
        }
    }
    match look_now(entry, key, now, conditions, tag) {
        Look::Seen(snap) => {
            let seen = entry.seen.insert((now, snap));
            Look::Seen(seen.1.clone())
        }
        other => {
            entry.seen = None;
            other
        }
    }
}

/// How a perceivable body moves, as an observer could tell.
#[derive(Debug, Clone)]
enum Mover {
    /// Sampled from its positions; on the floor or not.
    Character3(Gd<CharacterBody3D>),
    Character2(Gd<CharacterBody2D>),
    /// Its own velocity is exact.
    Rigid3(Gd<RigidBody3D>),
    Rigid2(Gd<RigidBody2D>),
    /// Sampled from its positions, always grounded.
    Other,
}

/// A perceivable node's handles, resolved once: each look then costs a liveness check instead
/// of a lookup by id and a class test (both go through the engine's class names).
#[derive(Debug, Clone)]
pub struct Handles {
    pub node: Spatial,
    mover: Mover,
    /// A collision body: rays can hit it.
    body: bool,
    component: Option<Component>,
    /// The collision objects under it (hitboxes, ragdoll bones, what it carries), by instance
    /// id: a ray that meets one has reached it (see `parts`).
    pub parts: SmallVec<[i64; 4]>,
    /// Its parts are in the world's map of part owners.
    pub parts_listed: bool,
}

impl Handles {
    fn resolve(entry: &Entry) -> Option<Handles> {
        let node = Spatial::from_id(entry.id)?;
        let any = node.node();
        let mover = if let Ok(c) = any.clone().try_cast::<CharacterBody3D>() {
            Mover::Character3(c)
        } else if let Ok(c) = any.clone().try_cast::<CharacterBody2D>() {
            Mover::Character2(c)
        } else if let Ok(r) = any.clone().try_cast::<RigidBody3D>() {
            Mover::Rigid3(r)
        } else if let Ok(r) = any.clone().try_cast::<RigidBody2D>() {
            Mover::Rigid2(r)
        } else {
            Mover::Other
        };
        let body = !matches!(mover, Mover::Other)
            || any.clone().try_cast::<CollisionObject3D>().is_ok()
            || any.clone().try_cast::<CollisionObject2D>().is_ok();
        let component = entry
            .component
            .as_ref()
            .map(|(_, d)| Component::resolve(d.clone()));
        let parts = crate::parts::below(&any, matches!(node, Spatial::Two(_)))
            .iter()
            .map(|p| p.instance_id().to_i64())
            .collect();
        Some(Handles {
            node,
            mover,
            body,
            component,
            parts,
            parts_listed: false,
        })
    }
}

/// Where the entry's node is, in the core's space, if it is alive and in the tree.
pub fn position_in_tree(entry: &mut Entry) -> Option<Vec3> {
    let node = &live_handles(entry)?.node;
    node.as_node()
        .is_inside_tree()
        .then(|| node.global_position())
}

/// The entry's handles if its node is still alive, resolved on first use: one liveness check
/// through the engine, nothing cloned.
fn live_handles(entry: &mut Entry) -> Option<&Handles> {
    if entry.handles.is_none() {
        entry.handles = Some(Handles::resolve(entry)?);
    }
    entry
        .handles
        .as_ref()
        .filter(|h| h.node.is_instance_valid())
}

/// A node at NaN or infinity cannot be perceived (the core looks at it with no sense): said
/// once, until it stands somewhere real again (and at most once a second should it keep coming
/// and going).
fn said_if_nowhere(node: &Spatial, at: &Placement, position: Vec3, warned: &mut bool) {
    if position.is_finite() {
        *warned = false;
        return;
    }
    if *warned {
        return;
    }
    *warned = true;
    let any = node.as_node();
    crate::warnings::warn("nowhere", Some(node.node().instance_id()), || {
        format!(
            "APS: {} is at {}, which is not a position; it cannot be perceived (beliefs in it \
             are lost as SensorDropout) until it is somewhere real",
            any.get_path(),
            at.shown()
        )
    });
}

/// What an observer could see of a target's speed, and whether it is on the ground (core:
/// gather::motion): `sampled` from its positions, a rigid body's own velocity exactly. A 2D
/// character that floats (top-down) is always on the ground.
fn movement(mover: &Mover, sampled: Vec3) -> (Vec3, bool) {
    let grounded = match mover {
        Mover::Character3(c) => c.is_on_floor(),
        Mover::Character2(c) => c.get_motion_mode() == MotionMode::FLOATING || c.is_on_floor(),
        _ => true,
    };
    let velocity = match mover {
        Mover::Rigid3(r) => to_vec3(r.get_linear_velocity()),
        Mover::Rigid2(r) => from_pixels(r.get_linear_velocity()),
        _ => sampled,
    };
    (velocity, grounded)
}

fn look_now(
    entry: &mut Entry,
    key: crate::world_key::WorldKey,
    now: f64,
    conditions: &WorldConditions,
    tag: &mut dyn FnMut(&StringName) -> u32,
) -> Look {
    let id = entry.id;
    if live_handles(entry).is_none() {
        return Look::Gone;
    }
    // The handles are borrowed for the whole look while the entry's other fields change.
    let Entry {
        handles: Some(handles),
        motion,
        local_points,
        warned_nowhere,
        warned_points,
        ai_team,
        light,
        ..
    } = entry
    else {
        return Look::Gone;
    };
    let node = &handles.node;
    let any = node.as_node();
    if any.is_queued_for_deletion() {
        return Look::Gone;
    }
    if !any.is_inside_tree() {
        return Look::Absent;
    }
    let at = Placement::of(node);
    let position = at.origin();
    said_if_nowhere(node, &at, position, warned_nowhere);

    let (velocity, grounded) = movement(&handles.mover, motion.sample(position, now));
    let mut snap = TargetSnapshot::at(target_id(id), position);
    snap.kind = TargetKind::Actor;
    snap.velocity = velocity;
    snap.grounded = grounded;
    // A body that moves by itself draws the eye before a plain object (core: crowd::salience).
    snap.character = !matches!(handles.mover, Mover::Other);
    if handles.body {
        snap.body = Some(BodyId(id.to_i64() as u64));
    }

    let world_light = conditions.light_at(snap.position);
    snap.light_level = world_light;
    let (custom, dropped) = handles
        .component
        .as_mut()
        .and_then(|c| c.describe(&at, &mut snap, world_light, tag))
        .unwrap_or((false, 0));
    // Its team: a group named as a team, else its component's, else its AI's (core: team).
    snap.team_id = target_team(crate::teams::group_team(any), snap.team_id, *ai_team);
    if dropped > 0 && !*warned_points {
        *warned_points = true;
        godot_warn!(
            "APS: {} has {dropped} sample point(s) in its target component that are not \
             positions (NaN or infinite); vision leaves them out",
            crate::warnings::describe(&node.node())
        );
    }
    if !custom {
        let local =
            local_points.get_or_insert_with(|| crate::sample_points::points_from_shape(node));
        snap.sample_points = at.place_all(local.iter().copied());
    }
    // Outside the zones, the scene's own lights light it (a zone is the game's word and stands).
    if conditions.light_zones.smallest_at(position).is_none() {
        let points: &[Vec3] = if snap.sample_points.is_empty() {
            std::slice::from_ref(&snap.position)
        } else {
            &snap.sample_points
        };
        if let Some(reading) =
            crate::scene_lights::reading_for(key, node, points, snap.body, light, now)
        {
            let lit = combined(None, conditions.ambient_light, Some(&reading));
            match handles.component.as_ref() {
                Some(c) => c.relight(&mut snap, lit),
                None => snap.light_level = lit,
            }
        }
    }
    Look::Seen(snap)
}
