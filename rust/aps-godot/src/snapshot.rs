//! Turning a perceivable node into the core's `TargetSnapshot`: position, velocity, the sample
//! points vision looks at (head, chest and feet from the collision shape by default), light,
//! cloak, noise and team from its `ApsTargetComponent`.

use crate::aps_target_component::ApsTargetComponent;
use crate::convert::{target_id, to_vec3};
use crate::registry::Entry;
use aps_core::gather::target::{sample_heights, SamplePoints, TargetSnapshot};
use aps_core::senses::rays::BodyId;
use aps_core::world::conditions::WorldConditions;
use aps_core::TargetKind;
use godot::classes::{
    BoxShape3D, CapsuleShape3D, CharacterBody3D, CollisionObject3D, CollisionShape3D,
    CylinderShape3D, RigidBody3D, Shape3D, SphereShape3D,
};
use godot::prelude::*;

/// What became of a perceivable node.
pub enum Look {
    /// Alive and in the tree.
    Seen(TargetSnapshot),
    /// Alive but out of the tree: nothing to perceive now.
    Absent,
    /// Freed, or being freed.
    Gone,
}

/// Height (y extent) of a shape in its own space: (bottom, top).
fn shape_extent(shape: &Gd<Shape3D>) -> (f32, f32) {
    if let Ok(c) = shape.clone().try_cast::<CapsuleShape3D>() {
        let h = c.get_height();
        return (-h * 0.5, h * 0.5);
    }
    if let Ok(c) = shape.clone().try_cast::<CylinderShape3D>() {
        let h = c.get_height();
        return (-h * 0.5, h * 0.5);
    }
    if let Ok(b) = shape.clone().try_cast::<BoxShape3D>() {
        let h = b.get_size().y;
        return (-h * 0.5, h * 0.5);
    }
    if let Ok(s) = shape.clone().try_cast::<SphereShape3D>() {
        let r = s.get_radius();
        return (-r, r);
    }
    match shape.get_debug_mesh() {
        Some(mesh) => {
            let aabb = mesh.get_aabb();
            (aabb.position.y, aabb.position.y + aabb.size.y)
        }
        None => (0.0, 0.0),
    }
}

/// Head, chest and feet relative to `node`, from its first collision shape; the node's origin
/// alone when it has none.
fn points_from_shape(node: &Gd<Node3D>) -> Vec<Vector3> {
    for child in node.get_children().iter_shared() {
        let Ok(cs) = child.try_cast::<CollisionShape3D>() else {
            continue;
        };
        if cs.is_disabled() {
            continue;
        }
        let Some(shape) = cs.get_shape() else {
            continue;
        };
        let (bottom, top) = shape_extent(&shape);
        let local = cs.get_transform();
        return sample_heights(bottom, top)
            .iter()
            .map(|y| local * Vector3::new(0.0, *y, 0.0))
            .collect();
    }
    vec![Vector3::ZERO]
}

/// Looks at one registry entry at world time `now`, lit by `conditions`. Evidence tags are
/// turned into the world's tag numbers by `tag`.
pub fn look(
    entry: &mut Entry,
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
    let look = look_now(entry, now, conditions, tag);
    entry.seen = match &look {
        Look::Seen(snap) => Some((now, snap.clone())),
        _ => None,
    };
    look
}

/// A perceivable node's handles, resolved once: each look then costs a liveness check instead
/// of a lookup by id and a class test (both go through the engine's class names).
#[derive(Debug, Clone)]
pub struct Handles {
    pub node: Gd<Node3D>,
    character: Option<Gd<CharacterBody3D>>,
    rigid: Option<Gd<RigidBody3D>>,
    /// A collision body: rays can hit it.
    body: bool,
    component: Option<Gd<ApsTargetComponent>>,
}

impl Handles {
    fn resolve(entry: &Entry) -> Option<Handles> {
        let node = Gd::<Node3D>::try_from_instance_id(entry.id).ok()?;
        let character = node.clone().try_cast::<CharacterBody3D>().ok();
        let rigid = node.clone().try_cast::<RigidBody3D>().ok();
        let body = character.is_some()
            || rigid.is_some()
            || node.clone().try_cast::<CollisionObject3D>().is_ok();
        let component = entry
            .component
            .and_then(|c| Gd::<ApsTargetComponent>::try_from_instance_id(c).ok());
        Some(Handles {
            node,
            character,
            rigid,
            body,
            component,
        })
    }
}

/// The entry's node if it is still alive (handles resolved on first use); `None` once freed.
pub fn live_node(entry: &mut Entry) -> Option<Gd<Node3D>> {
    match &entry.handles {
        Some(h) if h.node.is_instance_valid() => Some(h.node.clone()),
        Some(_) => None,
        None => {
            let handles = Handles::resolve(entry)?;
            let node = handles.node.clone();
            entry.handles = Some(handles);
            Some(node)
        }
    }
}

fn look_now(
    entry: &mut Entry,
    now: f64,
    conditions: &WorldConditions,
    tag: &mut dyn FnMut(&StringName) -> u32,
) -> Look {
    let Some(node) = live_node(entry) else {
        return Look::Gone;
    };
    let Some(handles) = entry.handles.clone() else {
        return Look::Gone;
    };
    if node.is_queued_for_deletion() {
        return Look::Gone;
    }
    if !node.is_inside_tree() {
        return Look::Absent;
    }
    let xform = node.get_global_transform();
    let position = xform.origin;
    // A node moved to NaN or infinity cannot be perceived (the core looks at it with no
    // sense); say so once, until it stands somewhere real again.
    if position.is_finite() {
        entry.warned_nowhere = false;
    } else if !entry.warned_nowhere {
        entry.warned_nowhere = true;
        godot_warn!(
            "APS: {} is at {position}, which is not a position; it cannot be perceived \
             (beliefs in it are lost as SensorDropout) until it is somewhere real",
            node.get_path()
        );
    }

    // What an observer could see of its speed (core: gather::motion); a rigid body's own
    // velocity is exact.
    let grounded = handles.character.as_ref().is_none_or(|c| c.is_on_floor());
    let sampled = entry.motion.sample(to_vec3(position), now);
    let velocity = match &handles.rigid {
        Some(rigid) => to_vec3(rigid.get_linear_velocity()),
        None => sampled,
    };

    let mut snap = TargetSnapshot::at(target_id(entry.id), to_vec3(position));
    snap.kind = TargetKind::Actor;
    snap.velocity = velocity;
    snap.grounded = grounded;
    if handles.body {
        snap.body = Some(BodyId(entry.id.to_i64() as u64));
    }

    let component = handles.component.filter(Gd::is_instance_valid);
    let mut custom = false;
    let world_light = conditions.light_at(snap.position);
    snap.light_level = world_light;
    if let Some(c) = &component {
        let c = c.bind();
        c.traits().apply(&mut snap, world_light);
        if !c.evidence_tag().is_empty() {
            snap.evidence_tag = Some(tag(c.evidence_tag()));
        }
        let points = c.sample_points();
        if !points.is_empty() {
            custom = true;
            snap.sample_points = points
                .as_slice()
                .iter()
                .map(|p| to_vec3(xform * *p))
                .collect::<SamplePoints>();
        }
    }
    if !custom {
        let local = entry
            .local_points
            .get_or_insert_with(|| points_from_shape(&node));
        snap.sample_points = local
            .iter()
            .map(|p| to_vec3(xform * *p))
            .collect::<SamplePoints>();
    }
    Look::Seen(snap)
}
