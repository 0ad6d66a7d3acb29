//! The two kinds of scene APS perceives in, 3D and 2D, and how each maps into the core's space.
//!
//! The core works in metres with +Y up (design notes). A 3D scene is the core's space as it is.
//! A 2D scene is the core's ground plane: a node's `x` is the core's `x` and its `y` the core's
//! `z`, both in pixels over the project setting `aps/2d/pixels_per_meter`, at height 0. So a
//! top-down level and a side view alike lie in the plane the vision cone's horizontal angle
//! sweeps, one `ApsProfile` in metres serves both kinds of game, and no rule of the core knows
//! which kind it runs in.

use aps_core::{Pose, Vec3};
use godot::classes::{Node2D, Node3D};
use godot::prelude::*;
use std::cell::Cell;

/// Pixels per metre when the setting is missing: Godot's default 2D gravity of 980 px/s² stands
/// for 9.8 m/s².
pub const DEFAULT_PIXELS_PER_METER: f32 = 100.0;

/// The range `aps/2d/pixels_per_meter` is kept in.
pub const PIXELS_PER_METER_RANGE: (f32, f32) = (0.01, 100_000.0);

thread_local! {
    /// `aps/2d/pixels_per_meter` as of the last frame (read once a frame, not per position).
    static PIXELS_PER_METER: Cell<f32> = const { Cell::new(DEFAULT_PIXELS_PER_METER) };
    /// Some 2D position has been turned into metres with it.
    static SCALE_USED: Cell<bool> = const { Cell::new(false) };
}

/// Whether the scale has been used (a 2D position turned into metres): changing it then moves
/// what is already held.
#[must_use]
pub fn scale_in_use() -> bool {
    SCALE_USED.with(Cell::get)
}

/// How many pixels of a 2D scene make one metre of the core's.
#[must_use]
pub fn pixels_per_meter() -> f32 {
    PIXELS_PER_METER.with(Cell::get)
}

/// Sets the scale from the project setting's value, kept in its range (a value that is no number
/// is the default). Returns the value used.
pub fn set_pixels_per_meter(value: f32) -> f32 {
    let used = if value.is_finite() {
        value.clamp(PIXELS_PER_METER_RANGE.0, PIXELS_PER_METER_RANGE.1)
    } else {
        DEFAULT_PIXELS_PER_METER
    };
    PIXELS_PER_METER.with(|p| p.set(used));
    used
}

/// A 2D position in pixels as a point of the core's space.
#[must_use]
pub fn from_pixels(v: Vector2) -> Vec3 {
    SCALE_USED.with(|u| u.set(true));
    let s = pixels_per_meter();
    Vec3::new(v.x / s, 0.0, v.y / s)
}

/// A point of the core's space as a 2D position in pixels (its height is dropped).
#[must_use]
pub fn to_pixels(v: Vec3) -> Vector2 {
    let s = pixels_per_meter();
    Vector2::new(v.x * s, v.z * s)
}

/// What differs between the 3D and the 2D front end, for code written once for both (the
/// perception component's calls): the vector type of positions, the node type, and how each
/// maps to the core.
pub trait Dim {
    /// A position, a direction or a velocity in the scene's own units.
    type Vector: Copy + Default + ToGodot<Pass = godot::meta::conv::ByValue>;
    /// Whether it is the 2D front end.
    const TWO_D: bool;
    /// A physics object that shapes belong to (`CollisionObject3D`, `CollisionObject2D`).
    type CollisionObject: GodotClass + Inherits<Node>;
    /// An area of the physics world (`Area3D`, `Area2D`).
    type Area: GodotClass + Inherits<Node>;
    /// A node that gives its collision object a shape (`CollisionShape3D`, `CollisionShape2D`).
    type CollisionShape: GodotClass + Inherits<Node>;
    /// A node that gives its collision object a polygon (`CollisionPolygon3D`,
    /// `CollisionPolygon2D`).
    type CollisionPolygon: GodotClass + Inherits<Node>;
    /// How the scene's classes end: `3D` or `2D`, for messages that name them.
    const CLASS_SUFFIX: &'static str;
    /// `aps/2d/pixels_per_meter` in 2D, 1 in 3D: the scene's units per metre.
    fn units_per_meter() -> f32;
    /// A position (or velocity) in the scene's units as the core's.
    fn to_core(v: Self::Vector) -> Vec3;
    /// A position (or velocity) of the core's in the scene's units.
    fn from_core(v: Vec3) -> Self::Vector;
    /// A direction of the core's (a unit vector, or zero) in the scene's axes, unscaled: in 2D
    /// its part in the plane, of length 1 (zero stays zero).
    fn direction_from_core(v: Vec3) -> Self::Vector;
    /// A length (a range, a radius) in the scene's units as metres.
    fn to_meters(length: f32) -> f32 {
        length / Self::units_per_meter()
    }
    /// A length in metres in the scene's units.
    fn from_meters(length: f32) -> f32 {
        length * Self::units_per_meter()
    }
}

/// The 3D front end: `Node3D`, `Vector3` in metres.
pub struct Three;

/// The 2D front end: `Node2D`, `Vector2` in pixels.
pub struct Two;

impl Dim for Three {
    type Vector = Vector3;
    type CollisionObject = godot::classes::CollisionObject3D;
    type Area = godot::classes::Area3D;
    type CollisionShape = godot::classes::CollisionShape3D;
    type CollisionPolygon = godot::classes::CollisionPolygon3D;
    const CLASS_SUFFIX: &'static str = "3D";
    const TWO_D: bool = false;
    fn units_per_meter() -> f32 {
        1.0
    }
    fn to_core(v: Vector3) -> Vec3 {
        crate::convert::to_vec3(v)
    }
    fn from_core(v: Vec3) -> Vector3 {
        crate::convert::to_vector3(v)
    }
    fn direction_from_core(v: Vec3) -> Vector3 {
        crate::convert::to_vector3(v)
    }
}

impl Dim for Two {
    type Vector = Vector2;
    type CollisionObject = godot::classes::CollisionObject2D;
    type Area = godot::classes::Area2D;
    type CollisionShape = godot::classes::CollisionShape2D;
    type CollisionPolygon = godot::classes::CollisionPolygon2D;
    const CLASS_SUFFIX: &'static str = "2D";
    const TWO_D: bool = true;
    fn units_per_meter() -> f32 {
        pixels_per_meter()
    }
    fn to_core(v: Vector2) -> Vec3 {
        from_pixels(v)
    }
    fn from_core(v: Vec3) -> Vector2 {
        to_pixels(v)
    }
    fn direction_from_core(v: Vec3) -> Vector2 {
        let flat = Vector2::new(v.x, v.z);
        if flat.length_squared() > 0.0 {
            flat.normalized()
        } else {
            Vector2::ZERO
        }
    }
}

/// One of a node's own axes to look along.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Axis {
    /// A `Node3D`'s -Z (Godot's forward: cameras, `look_at`), a `Node2D`'s +X.
    Forward,
    /// The reverse: a `Node3D`'s +Z (a model's front, as glTF models face), a `Node2D`'s -X.
    Back,
    /// A `Node2D`'s -Y: up the screen.
    Up,
    /// A `Node2D`'s +Y: down the screen.
    Down,
}

/// A node with a place in a scene: a `Node3D`, or a `Node2D` mapped onto the core's plane.
#[derive(Debug, Clone)]
pub enum Spatial {
    Three(Gd<Node3D>),
    Two(Gd<Node2D>),
}

impl Spatial {
    /// `node` as a spatial node; `None` for a node with no place (a `Node`, a `Control`).
    #[must_use]
    pub fn of(node: &Gd<Node>) -> Option<Spatial> {
        match node.clone().try_cast::<Node3D>() {
            Ok(n) => Some(Spatial::Three(n)),
            Err(n) => n.try_cast::<Node2D>().ok().map(Spatial::Two),
        }
    }

    /// The live spatial node of `id`.
    #[must_use]
    pub fn from_id(id: InstanceId) -> Option<Spatial> {
        let node = Gd::<Node>::try_from_instance_id(id).ok()?;
        Spatial::of(&node)
    }

    #[must_use]
    pub fn node(&self) -> Gd<Node> {
        match self {
            Spatial::Three(n) => n.clone().upcast(),
            Spatial::Two(n) => n.clone().upcast(),
        }
    }

    /// The node, borrowed for calls on `Node`: no handle is cloned or cast, which would each
    /// cost a check through the engine (a look is made hundreds of times a frame).
    #[must_use]
    pub fn as_node(&self) -> &Node {
        match self {
            Spatial::Three(n) => n.upcast_ref(),
            Spatial::Two(n) => n.upcast_ref(),
        }
    }

    #[must_use]
    pub fn is_instance_valid(&self) -> bool {
        match self {
            Spatial::Three(n) => n.is_instance_valid(),
            Spatial::Two(n) => n.is_instance_valid(),
        }
    }

    /// Where it is in the core's space: its global position inside the tree, its own position
    /// outside it.
    #[must_use]
    pub fn position(&self) -> Vec3 {
        match self {
            Spatial::Three(n) if n.is_inside_tree() => {
                crate::convert::to_vec3(n.get_global_position())
            }
            Spatial::Three(n) => crate::convert::to_vec3(n.get_position()),
            Spatial::Two(n) if n.is_inside_tree() => from_pixels(n.get_global_position()),
            Spatial::Two(n) => from_pixels(n.get_position()),
        }
    }

    /// Where it is in the core's space, for a node known to be inside the tree.
    #[must_use]
    pub fn global_position(&self) -> Vec3 {
        match self {
            Spatial::Three(n) => crate::convert::to_vec3(n.get_global_position()),
            Spatial::Two(n) => from_pixels(n.get_global_position()),
        }
    }

    /// Where it looks from and along: a `Node3D`'s -Z, a `Node2D`'s +X.
    #[must_use]
    pub fn eye(&self) -> Pose {
        self.eye_along(Axis::Forward)
    }

    /// Where it looks from, along one of its own axes (see [`Axis`]); an axis of the other kind
    /// of node reads as its forward.
    #[must_use]
    pub fn eye_along(&self, axis: Axis) -> Pose {
        match self {
            Spatial::Three(n) => {
                let xform = n.get_global_transform();
                let back = xform.basis.col_c();
                let along = if axis == Axis::Back { back } else { -back };
                Pose {
                    position: crate::convert::to_vec3(xform.origin),
                    forward: crate::convert::to_vec3(along).normalize_or(Vec3::NEG_Z),
                }
            }
            Spatial::Two(n) => {
                let xform = n.get_global_transform();
                let along = match axis {
                    Axis::Back => -xform.a,
                    Axis::Up => -xform.b,
                    Axis::Down => xform.b,
                    Axis::Forward => xform.a,
                };
                Pose {
                    position: from_pixels(xform.origin),
                    forward: Vec3::new(along.x, 0.0, along.y).normalize_or(Vec3::X),
                }
            }
        }
    }

    /// Its global position in the scene's own units as Godot prints it, for messages.
    #[must_use]
    pub fn position_text(&self) -> String {
        match self {
            Spatial::Three(n) => n.get_global_position().to_string(),
            Spatial::Two(n) => n.get_global_position().to_string(),
        }
    }

    /// The key of the world it is in (`None` outside the tree).
    #[must_use]
    pub fn world_key(&self) -> Option<crate::world_key::WorldKey> {
        crate::world_key::world_key_of(&self.node())
    }
}

impl Spatial {
    /// Its world and that world's key; `None` outside the tree.
    #[must_use]
    pub fn world(&self) -> Option<(crate::world_key::WorldKey, WorldOf)> {
        match self {
            Spatial::Three(n) => {
                let world = n.get_world_3d()?;
                Some((world.instance_id().to_i64(), WorldOf::Three(world)))
            }
            Spatial::Two(n) => {
                let world = n.get_world_2d()?;
                Some((world.instance_id().to_i64(), WorldOf::Two(world)))
            }
        }
    }
}

/// The `World3D` or `World2D` a spatial node is in.
pub enum WorldOf {
    Three(Gd<godot::classes::World3D>),
    Two(Gd<godot::classes::World2D>),
}
