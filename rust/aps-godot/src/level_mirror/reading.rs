//! What a collision shape node holds, read for the mirror: the shape in the world, or only the
//! box around it when the mirror cannot keep it exactly.

use super::flat;
use crate::convert::to_vec3;
use aps_core::Vec3;
use aps_mirror::{Local, Placed};
use godot::classes::physics_server_3d::BodyState;
use godot::classes::{
    BoxShape3D, CapsuleShape3D, CollisionObject2D, CollisionObject3D, CollisionPolygon2D,
    CollisionPolygon3D, CollisionShape2D, CollisionShape3D, ConcavePolygonShape3D,
    ConvexPolygonShape3D, CylinderShape3D, PhysicsServer2D, PhysicsServer3D, Shape3D,
    SphereShape3D, WorldBoundaryShape3D,
};
use godot::prelude::*;

/// A shape node as the mirror sees it.
#[derive(Debug, Clone)]
pub enum Reading {
    /// A shape the mirror can keep: placed in the world.
    Shape(Placed),
    /// Only its bounds are known (a height map, a concave extruded polygon): rays that cross
    /// them go to the engine.
    Bounds(Vec3, Vec3),
    /// No shape (none set, or the node is not a shape node).
    Nothing,
}

/// A collision shape node, 3D or 2D.
#[derive(Debug, Clone)]
pub enum ShapeNode {
    Shape(Gd<CollisionShape3D>),
    Polygon(Gd<CollisionPolygon3D>),
    Shape2(Gd<CollisionShape2D>),
    Polygon2(Gd<CollisionPolygon2D>),
}

/// The body a shape node belongs to, 3D or 2D.
#[derive(Debug, Clone, PartialEq)]
pub enum Body {
    Three(Gd<CollisionObject3D>),
    Two(Gd<CollisionObject2D>),
}

impl Body {
    /// `node` as a collision object, if it is one (an area is none: rays pass areas).
    #[must_use]
    pub fn of(node: Gd<Node>) -> Option<Body> {
        match node.try_cast::<CollisionObject3D>() {
            Ok(b) => (!b.is_class("Area3D")).then_some(Body::Three(b)),
            Err(n) => n
                .try_cast::<CollisionObject2D>()
                .ok()
                .filter(|b| !b.is_class("Area2D"))
                .map(Body::Two),
        }
    }

    #[must_use]
    pub fn instance_id(&self) -> InstanceId {
        match self {
            Body::Three(b) => b.instance_id(),
            Body::Two(b) => b.instance_id(),
        }
    }

    #[must_use]
    pub fn is_valid(&self) -> bool {
        match self {
            Body::Three(b) => b.is_instance_valid(),
            Body::Two(b) => b.is_instance_valid(),
        }
    }

    /// Its collision layers.
    #[must_use]
    pub fn layer(&self) -> u32 {
        match self {
            Body::Three(b) => b.get_collision_layer(),
            Body::Two(b) => b.get_collision_layer(),
        }
    }

    /// Whether it is in the physics world: a body whose processing is switched off leaves it,
    /// unless it is made static or kept active instead.
    #[must_use]
    pub fn collides(&self) -> bool {
        match self {
            Body::Three(b) => {
                b.can_process()
                    || b.get_disable_mode()
                        != godot::classes::collision_object_3d::DisableMode::REMOVE
            }
            Body::Two(b) => {
                b.can_process()
                    || b.get_disable_mode()
                        != godot::classes::collision_object_2d::DisableMode::REMOVE
            }
        }
    }

    /// Whether it stays where its scene puts it: a static body that is not an animatable one
    /// (which scripts and animations move every frame).
    #[must_use]
    pub fn is_static(&self) -> bool {
        match self {
            Body::Three(b) => b.is_class("StaticBody3D") && !b.is_class("AnimatableBody3D"),
            Body::Two(b) => b.is_class("StaticBody2D") && !b.is_class("AnimatableBody2D"),
        }
    }

    /// The shape the body holds for the shape node `me`: its index in the physics server.
    fn shape_index(&self, me: InstanceId) -> Option<i32> {
        match self {
            Body::Three(b) => index_in(b, me),
            Body::Two(b) => index_in(b, me),
        }
    }

    fn rid(&self) -> Rid {
        match self {
            Body::Three(b) => b.get_rid(),
            Body::Two(b) => b.get_rid(),
        }
    }

    fn two_d(&self) -> bool {
        matches!(self, Body::Two(_))
    }
}

/// The shape-owner calls a 3D and a 2D collision object both answer.
trait ShapeOwners {
    fn owners(&self) -> PackedInt32Array;
    fn owner_node(&self, owner: u32) -> Option<InstanceId>;
    /// The server index of the owner's first shape, if it has one.
    fn first_shape(&self, owner: u32) -> Option<i32>;
}

impl ShapeOwners for Gd<CollisionObject3D> {
    fn owners(&self) -> PackedInt32Array {
        self.get_shape_owners()
    }
    fn owner_node(&self, owner: u32) -> Option<InstanceId> {
        self.shape_owner_get_owner(owner).map(|n| n.instance_id())
    }
    fn first_shape(&self, owner: u32) -> Option<i32> {
        (self.shape_owner_get_shape_count(owner) > 0)
            .then(|| self.shape_owner_get_shape_index(owner, 0))
    }
}

impl ShapeOwners for Gd<CollisionObject2D> {
    fn owners(&self) -> PackedInt32Array {
        self.get_shape_owners()
    }
    fn owner_node(&self, owner: u32) -> Option<InstanceId> {
        self.shape_owner_get_owner(owner).map(|n| n.instance_id())
    }
    fn first_shape(&self, owner: u32) -> Option<i32> {
        (self.shape_owner_get_shape_count(owner) > 0)
            .then(|| self.shape_owner_get_shape_index(owner, 0))
    }
}

/// The server index of the shape `body` holds for the shape node `me`.
fn index_in(body: &impl ShapeOwners, me: InstanceId) -> Option<i32> {
    let owners = body.owners();
    let owner = owners
        .as_slice()
        .iter()
        .map(|o| *o as u32)
        .find(|o| body.owner_node(*o) == Some(me))?;
    body.first_shape(owner)
}

impl ShapeNode {
    /// The node as a shape node, if it is one.
    #[must_use]
    pub fn of(node: &Gd<Node>) -> Option<ShapeNode> {
        let node = match node.clone().try_cast::<CollisionShape3D>() {
            Ok(s) => return Some(ShapeNode::Shape(s)),
            Err(n) => n,
        };
        let node = match node.try_cast::<CollisionPolygon3D>() {
            Ok(p) => return Some(ShapeNode::Polygon(p)),
            Err(n) => n,
        };
        match node.try_cast::<CollisionShape2D>() {
            Ok(s) => Some(ShapeNode::Shape2(s)),
            Err(n) => n
                .try_cast::<CollisionPolygon2D>()
                .ok()
                .map(ShapeNode::Polygon2),
        }
    }

    #[must_use]
    pub fn node(&self) -> Gd<Node> {
        match self {
            ShapeNode::Shape(s) => s.clone().upcast(),
            ShapeNode::Polygon(p) => p.clone().upcast(),
            ShapeNode::Shape2(s) => s.clone().upcast(),
            ShapeNode::Polygon2(p) => p.clone().upcast(),
        }
    }

    /// Whether the node still exists.
    #[must_use]
    pub fn is_valid(&self) -> bool {
        match self {
            ShapeNode::Shape(s) => s.is_instance_valid(),
            ShapeNode::Polygon(p) => p.is_instance_valid(),
            ShapeNode::Shape2(s) => s.is_instance_valid(),
            ShapeNode::Polygon2(p) => p.is_instance_valid(),
        }
    }

    /// Whether it is switched off (its `disabled`).
    #[must_use]
    pub fn is_disabled(&self) -> bool {
        match self {
            ShapeNode::Shape(s) => s.is_disabled(),
            ShapeNode::Polygon(p) => p.is_disabled(),
            ShapeNode::Shape2(s) => s.is_disabled(),
            ShapeNode::Polygon2(p) => p.is_disabled(),
        }
    }

    /// The id of the shape resource it holds (a polygon node holds none of its own).
    #[must_use]
    pub fn resource(&self) -> Option<Gd<godot::classes::Resource>> {
        match self {
            ShapeNode::Shape(s) => s.get_shape().map(Gd::upcast),
            ShapeNode::Shape2(s) => s.get_shape().map(Gd::upcast),
            ShapeNode::Polygon(_) | ShapeNode::Polygon2(_) => None,
        }
    }

    /// What it holds, in the world, where the physics server has it (`body` its body), and
    /// where the server keeps it.
    #[must_use]
    pub fn read(&self, body: &Body) -> (Reading, Option<InServer>) {
        let Some(index) = body.shape_index(self.node().instance_id()) else {
            return (Reading::Nothing, None);
        };
        let place = InServer {
            rid: body.rid(),
            index,
            shape_rid: Rid::Invalid,
            two_d: body.two_d(),
            local: None,
            shape: None,
        };
        let Some((shape_rid, at)) = place.in_server() else {
            return (Reading::Nothing, None);
        };
        (self.read_at(at), Some(InServer { shape_rid, ..place }))
    }

    /// The box around what it holds in its own space (for a body that moves, whose box is
    /// carried by its transform each time it moves).
    #[must_use]
    pub fn local_box(&self) -> Option<(Vec3, Vec3)> {
        let own = match self {
            ShapeNode::Shape(_) | ShapeNode::Polygon(_) => columns(&Transform3D::IDENTITY),
            ShapeNode::Shape2(_) | ShapeNode::Polygon2(_) => flat::unscaled(),
        };
        match self.read_at(own) {
            Reading::Shape(placed) => bounds_of_placed(&placed),
            Reading::Bounds(lo, hi) => Some((lo, hi)),
            Reading::Nothing => None,
        }
    }

    fn read_at(&self, (basis, origin): ([Vec3; 3], Vec3)) -> Reading {
        match self {
            ShapeNode::Shape(s) => match s.get_shape() {
                Some(shape) => read_shape(&shape, basis, origin),
                None => Reading::Nothing,
            },
            ShapeNode::Polygon(p) => read_polygon(p, basis, origin),
            ShapeNode::Shape2(s) => match s.get_shape() {
                Some(shape) => flat::read_shape(&shape, basis, origin),
                None => Reading::Nothing,
            },
            ShapeNode::Polygon2(p) => flat::read_polygon(p, basis, origin),
        }
    }
}

/// Where a shape of a body sits in the physics server, and (for a body that moves) the shape
/// or the box around it in its own space.
#[derive(Debug, Clone)]
pub struct InServer {
    rid: Rid,
    index: i32,
    shape_rid: Rid,
    two_d: bool,
    pub local: Option<(Vec3, Vec3)>,
    /// The shape and its own margin, when the mirror holds the body as its shape.
    pub shape: Option<(Local, f32)>,
}

impl InServer {
    /// Where the server has the shape now: the shape placed there if the mirror holds it, else
    /// the box around it. `None` when the body no longer holds it at the same place (a shape
    /// was added or removed before it), or it has neither.
    #[must_use]
    pub fn now(&self) -> Option<Moved> {
        let (shape_rid, (basis, origin)) = self.in_server()?;
        if shape_rid != self.shape_rid {
            return None;
        }
        if let Some((shape, own_margin)) = &self.shape {
            return Some(Moved::Shape(Placed {
                basis,
                origin,
                shape: shape.clone(),
                own_margin: *own_margin,
            }));
        }
        let (lo, hi) = self.local?;
        let aabb = Aabb::new(
            crate::convert::to_vector3(lo),
            crate::convert::to_vector3(hi - lo),
        );
        match bounds_of(aabb, basis, origin) {
            Reading::Bounds(lo, hi) => Some(Moved::Bounds(lo, hi)),
            _ => None,
        }
    }
}

impl InServer {
    /// The shape at `index` of the body in the physics server (`None` past its shapes) and
    /// where the server has it, in the core's space.
    fn in_server(&self) -> Option<(Rid, ([Vec3; 3], Vec3))> {
        if self.two_d {
            let server = PhysicsServer2D::singleton();
            if server.body_get_shape_count(self.rid) <= self.index {
                return None;
            }
            let at = server
                .body_get_state(
                    self.rid,
                    godot::classes::physics_server_2d::BodyState::TRANSFORM,
                )
                .try_to::<Transform2D>()
                .ok()?
                * server.body_get_shape_transform(self.rid, self.index);
            return Some((
                server.body_get_shape(self.rid, self.index),
                flat::placement(&at),
            ));
        }
        let server = PhysicsServer3D::singleton();
        if server.body_get_shape_count(self.rid) <= self.index {
            return None;
        }
        let at = server
            .body_get_state(self.rid, BodyState::TRANSFORM)
            .try_to::<Transform3D>()
            .ok()?
            * server.body_get_shape_transform(self.rid, self.index);
        Some((server.body_get_shape(self.rid, self.index), columns(&at)))
    }
}

/// Where a moving shape is now.
#[derive(Debug, Clone)]
pub enum Moved {
    Shape(Placed),
    Bounds(Vec3, Vec3),
}

/// A transform as the mirror takes it: its basis's columns (scale included) and its origin.
pub(super) fn columns(t: &Transform3D) -> ([Vec3; 3], Vec3) {
    let basis = [
        to_vec3(t.basis.col_a()),
        to_vec3(t.basis.col_b()),
        to_vec3(t.basis.col_c()),
    ];
    (basis, to_vec3(t.origin))
}

pub(super) fn read_shape(shape: &Gd<Shape3D>, basis: [Vec3; 3], origin: Vec3) -> Reading {
    let own_margin = shape.get_margin();
    let local = if let Ok(b) = shape.clone().try_cast::<BoxShape3D>() {
        Local::Box {
            half: to_vec3(b.get_size()) * 0.5,
        }
    } else if let Ok(s) = shape.clone().try_cast::<SphereShape3D>() {
        Local::Sphere {
            radius: s.get_radius(),
        }
    } else if let Ok(c) = shape.clone().try_cast::<CapsuleShape3D>() {
        Local::Capsule {
            radius: c.get_radius(),
            height: c.get_height(),
        }
    } else if let Ok(c) = shape.clone().try_cast::<CylinderShape3D>() {
        Local::Cylinder {
            radius: c.get_radius(),
            height: c.get_height(),
        }
    } else if let Ok(c) = shape.clone().try_cast::<ConvexPolygonShape3D>() {
        Local::Convex {
            points: c
                .get_points()
                .as_slice()
                .iter()
                .map(|p| to_vec3(*p))
                .collect(),
        }
    } else if let Ok(c) = shape.clone().try_cast::<ConcavePolygonShape3D>() {
        Local::Concave {
            faces: c
                .get_faces()
                .as_slice()
                .iter()
                .map(|p| to_vec3(*p))
                .collect(),
            double_sided: c.is_backface_collision_enabled(),
        }
    } else if let Ok(w) = shape.clone().try_cast::<WorldBoundaryShape3D>() {
        let plane = w.get_plane();
        Local::Boundary {
            normal: to_vec3(plane.normal),
            distance: plane.d,
        }
    } else {
        // Any other shape (a height map, a separation ray, a shape from an extension): the
        // engine's own outline of it bounds it.
        return match shape.get_debug_mesh() {
            Some(mesh) => bounds_of(mesh.get_aabb(), basis, origin),
            None => Reading::Nothing,
        };
    };
    Reading::Shape(Placed {
        basis,
        origin,
        shape: local,
        own_margin,
    })
}

/// A `CollisionPolygon3D`: its polygon extruded `depth` along its Z. Convex, it is one hull;
/// otherwise the engine splits it in its own way, and only its bounds are kept.
fn read_polygon(p: &Gd<CollisionPolygon3D>, basis: [Vec3; 3], origin: Vec3) -> Reading {
    let polygon = p.get_polygon();
    let points = polygon.as_slice();
    if points.len() < 3 {
        return Reading::Nothing;
    }
    let half = p.get_depth() * 0.5;
    let extruded: Vec<Vec3> = points
        .iter()
        .flat_map(|q| [Vec3::new(q.x, q.y, -half), Vec3::new(q.x, q.y, half)])
        .collect();
    if is_convex(points) {
        return Reading::Shape(Placed {
            basis,
            origin,
            shape: Local::Convex { points: extruded },
            own_margin: p.get_margin(),
        });
    }
    let mut lo = Vec3::splat(f32::INFINITY);
    let mut hi = Vec3::splat(f32::NEG_INFINITY);
    for q in &extruded {
        lo = lo.min(*q);
        hi = hi.max(*q);
    }
    bounds_of(
        Aabb::new(
            crate::convert::to_vector3(lo),
            crate::convert::to_vector3(hi - lo),
        ),
        basis,
        origin,
    )
}

/// Whether a polygon turns the same way at every corner.
pub(super) fn is_convex(points: &[Vector2]) -> bool {
    let n = points.len();
    let mut sign = 0.0f32;
    for i in 0..n {
        let a = points[i];
        let b = points[(i + 1) % n];
        let c = points[(i + 2) % n];
        let cross = (b - a).cross(c - b);
        if cross.abs() <= f32::EPSILON {
            continue;
        }
        if sign == 0.0 {
            sign = cross.signum();
        } else if cross.signum() != sign {
            return false;
        }
    }
    sign != 0.0
}

/// A local box carried into the world: the box around its eight corners.
pub(super) fn bounds_of(aabb: Aabb, basis: [Vec3; 3], origin: Vec3) -> Reading {
    let min = to_vec3(aabb.position);
    let size = to_vec3(aabb.size);
    let mut lo = Vec3::splat(f32::INFINITY);
    let mut hi = Vec3::splat(f32::NEG_INFINITY);
    for i in 0..8 {
        let pick = |bit: i32, v: f32| if i & bit == 0 { 0.0 } else { v };
        let c = min + Vec3::new(pick(1, size.x), pick(2, size.y), pick(4, size.z));
        let w = origin + basis[0] * c.x + basis[1] * c.y + basis[2] * c.z;
        lo = lo.min(w);
        hi = hi.max(w);
    }
    if lo.is_finite() && hi.is_finite() {
        Reading::Bounds(lo, hi)
    } else {
        Reading::Nothing
    }
}

/// The world box of a `Placed` shape that a body moves: the mirror holds movers as boxes.
#[must_use]
pub fn bounds_of_placed(placed: &Placed) -> Option<(Vec3, Vec3)> {
    let local = match &placed.shape {
        Local::Box { half } => (-*half, *half),
        Local::Sphere { radius } => (Vec3::splat(-radius), Vec3::splat(*radius)),
        Local::Capsule { radius, height } | Local::Cylinder { radius, height } => {
            let h = (height * 0.5).max(*radius);
            (
                Vec3::new(-radius, -h, -radius),
                Vec3::new(*radius, h, *radius),
            )
        }
        Local::Convex { points: p } | Local::Concave { faces: p, .. } => {
            let lo = p.iter().fold(Vec3::splat(f32::INFINITY), |a, b| a.min(*b));
            let hi = p
                .iter()
                .fold(Vec3::splat(f32::NEG_INFINITY), |a, b| a.max(*b));
            (lo, hi)
        }
        Local::Boundary { .. } => return None,
    };
    let aabb = Aabb::new(
        crate::convert::to_vector3(local.0),
        crate::convert::to_vector3(local.1 - local.0),
    );
    match bounds_of(aabb, placed.basis, placed.origin) {
        Reading::Bounds(lo, hi) => Some((lo, hi)),
        _ => None,
    }
}
