//! Which way a perception component looks: its Gaze setting. The eye is the component's
//! global transform; the gaze says along which of its axes, or along the way its body moves
//! for bodies that never turn (core: `gaze`). The inspector's choices differ between 3D and 2D,
//! so each kind has its enum; both store the same numbers for the same meanings.

use crate::dim::Axis;
use godot::prelude::*;

/// A 3D component's gaze.
#[derive(GodotConvert, Var, Export, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[godot(via = i64)]
pub enum Gaze3D {
    /// Along its -Z, Godot's forward (what cameras and `look_at` use).
    #[default]
    Forward = 0,
    /// Along its +Z, the way a model faces (glTF models, Godot's `Vector3.MODEL_FRONT`).
    ModelFront = 1,
    /// The way its body moves, keeping the last direction while it stands still.
    Movement = 2,
}

/// A 2D component's gaze.
#[derive(GodotConvert, Var, Export, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[godot(via = i64)]
pub enum Gaze2D {
    /// Along its +X, Godot's 2D forward (rotation 0).
    #[default]
    Right = 0,
    /// Along its -X: a sprite drawn facing left.
    Left = 1,
    /// The way its body moves, keeping the last direction while it stands still.
    Movement = 2,
    /// Along its -Y, up the screen: a top-down sprite drawn facing up.
    Up = 3,
    /// Along its +Y, down the screen.
    Down = 4,
}

/// What the two kinds of gaze say, alike: an axis of the node, or its movement.
pub trait GazeSetting: Copy {
    /// The axis to look along; `None` for the way the body moves.
    fn axis(self) -> Option<Axis>;
}

impl GazeSetting for Gaze3D {
    fn axis(self) -> Option<Axis> {
        match self {
            Gaze3D::Forward => Some(Axis::Forward),
            Gaze3D::ModelFront => Some(Axis::Back),
            Gaze3D::Movement => None,
        }
    }
}

impl GazeSetting for Gaze2D {
    fn axis(self) -> Option<Axis> {
        match self {
            Gaze2D::Right => Some(Axis::Forward),
            Gaze2D::Left => Some(Axis::Back),
            Gaze2D::Movement => None,
            Gaze2D::Up => Some(Axis::Up),
            Gaze2D::Down => Some(Axis::Down),
        }
    }
}

/// Which way is up for `body`, for a gaze that follows its movement: its part along up is left
/// out (a walker looks ahead, not at the ground it falls to). 3D: a character's up direction,
/// else +Y. 2D: a side view's up (a grounded `CharacterBody2D`'s up direction, -Y for a
/// `RigidBody2D` that falls), none in a top-down game, where every way is along the ground.
#[must_use]
pub fn body_up(body: Option<&Gd<godot::classes::Node>>, two_d: bool) -> Option<aps_core::Vec3> {
    use godot::classes::character_body_2d::MotionMode;
    use godot::classes::{CharacterBody2D, CharacterBody3D, RigidBody2D};
    if !two_d {
        let up = body
            .and_then(|b| b.clone().try_cast::<CharacterBody3D>().ok())
            .map_or(Vector3::UP, |c| c.get_up_direction());
        return Some(crate::convert::to_vec3(up));
    }
    let body = body?;
    if let Ok(c) = body.clone().try_cast::<CharacterBody2D>() {
        let up = c.get_up_direction();
        return (c.get_motion_mode() == MotionMode::GROUNDED)
            .then(|| aps_core::Vec3::new(up.x, 0.0, up.y).normalize_or_zero());
    }
    let falls = body
        .clone()
        .try_cast::<RigidBody2D>()
        .is_ok_and(|r| r.get_gravity_scale() != 0.0);
    falls.then_some(aps_core::Vec3::NEG_Z)
}

/// How to read the velocity of an AI's body, found once as it enters the tree: a character's
/// velocity (what its script moves it by), a rigid body's linear velocity; none for bodies the
/// engine gives no velocity of (their movement is sampled from positions).
#[derive(Debug, Clone, Default)]
pub enum BodyVelocity {
    Character3(Gd<godot::classes::CharacterBody3D>),
    Character2(Gd<godot::classes::CharacterBody2D>),
    Rigid3(Gd<godot::classes::RigidBody3D>),
    Rigid2(Gd<godot::classes::RigidBody2D>),
    #[default]
    Unknown,
}

impl BodyVelocity {
    /// The handle for `body`, if the engine keeps a velocity for its kind.
    #[must_use]
    pub fn of(body: Option<&Gd<godot::classes::Node>>) -> BodyVelocity {
        let Some(body) = body else {
            return BodyVelocity::Unknown;
        };
        let b = body.clone();
        match b.try_cast::<godot::classes::CharacterBody3D>() {
            Ok(c) => BodyVelocity::Character3(c),
            Err(b) => match b.try_cast::<godot::classes::CharacterBody2D>() {
                Ok(c) => BodyVelocity::Character2(c),
                Err(b) => match b.try_cast::<godot::classes::RigidBody3D>() {
                    Ok(r) => BodyVelocity::Rigid3(r),
                    Err(b) => b
                        .try_cast::<godot::classes::RigidBody2D>()
                        .map_or(BodyVelocity::Unknown, BodyVelocity::Rigid2),
                },
            },
        }
    }

    /// The body's velocity now, in the core's space; `None` for a body of no such kind or one
    /// that is gone.
    #[must_use]
    pub fn now(&self) -> Option<aps_core::Vec3> {
        use crate::convert::to_vec3;
        use crate::dim::from_pixels;
        match self {
            BodyVelocity::Character3(c) if c.is_instance_valid() => Some(to_vec3(c.get_velocity())),
            BodyVelocity::Character2(c) if c.is_instance_valid() => {
                Some(from_pixels(c.get_velocity()))
            }
            BodyVelocity::Rigid3(r) if r.is_instance_valid() => {
                Some(to_vec3(r.get_linear_velocity()))
            }
            BodyVelocity::Rigid2(r) if r.is_instance_valid() => {
                Some(from_pixels(r.get_linear_velocity()))
            }
            _ => None,
        }
    }
}

/// What a perception component keeps to look along its gaze: the way its body last moved (the
/// Movement gaze), the watch on a fixed gaze (core: `gaze`), and how to read its body's up and
/// velocity, found as it enters the tree.
#[derive(Debug, Default)]
pub struct Eyes {
    movement: aps_core::gaze::MovementGaze,
    watch: aps_core::gaze::GazeWatch,
    up: Option<aps_core::Vec3>,
    velocity: BodyVelocity,
}

impl Eyes {
    /// Starts afresh under `body` (the component entered the tree, perhaps under another
    /// body: a reparenting is no walk).
    pub fn reset(&mut self, body: Option<&Gd<godot::classes::Node>>, two_d: bool) {
        *self = Eyes {
            up: body_up(body, two_d),
            velocity: BodyVelocity::of(body),
            ..Eyes::default()
        };
    }

    /// Where `me` looks from and along: its `axis`, or for the Movement gaze (`None`) the way
    /// its body last moved (its forward until it first moves).
    #[must_use]
    pub fn pose(&self, me: &crate::dim::Spatial, axis: Option<Axis>) -> aps_core::Pose {
        match axis {
            Some(axis) => me.eye_along(axis),
            None => {
                let mut eye = me.eye();
                eye.forward = self.movement.direction().unwrap_or(eye.forward);
                eye
            }
        }
    }

    /// The pose at the start of a pass at world time `now`: a Movement gaze follows the body;
    /// a fixed gaze is watched against the body's travel. True beside it, once, when the
    /// watch concludes the gaze never follows the body.
    pub fn pose_now(
        &mut self,
        me: &crate::dim::Spatial,
        axis: Option<Axis>,
        now: f64,
    ) -> (aps_core::Pose, bool) {
        let Some(axis) = axis else {
            let still = me.eye();
            let own = self.velocity.now();
            let forward = self
                .movement
                .follow(still.position, now, own, self.up, still.forward);
            return (aps_core::Pose { forward, ..still }, false);
        };
        let eye = me.eye_along(axis);
        let never_follows = self.watch.observe(eye.position, eye.forward);
        (eye, never_follows)
    }
}
