//! `ApsSoundPortal`, the 3D sound portal (see the module).

use super::{checked_radius, place, remove, DEFAULT_RADIUS_METERS};
use crate::dim::Three;
use crate::editor::in_editor;
use godot::classes::notify::Node3DNotification;
use godot::classes::{INode3D, Node3D};
use godot::prelude::*;

/// An opening sound passes through: a doorway, a window, a vent.
///
/// Place it in the opening. When a wall stands between a sound and a guard, the sound also
/// reaches the guard along the shortest open way through portals (each leg a clear straight
/// line) or along the game's navigation mesh, if the world has one, whichever is shorter. It
/// is weakened by that way's length instead of the straight distance, and heard as coming from
/// the last opening on the way: the position the guard believes and its loss direction point
/// to the doorway, not through the wall. The louder of the muffled sound through the wall and
/// the sound round it is heard. Use portals where agents do not walk (a vent, a window) or in
/// a level with no navigation mesh; a level with one needs them only there. [ApsSoundPortal2D]
/// is the same for a 2D level.
#[derive(GodotClass)]
#[class(tool, base = Node3D)]
pub struct ApsSoundPortal {
    /// How wide the opening is, in metres from its centre (a doorway about 0.5).
    #[export(range = (0.05, 20.0, 0.05, or_greater, suffix = "m"))]
    #[var(set = set_radius)]
    radius: f32,
    registered: bool,
    base: Base<Node3D>,
}

#[godot_api]
impl INode3D for ApsSoundPortal {
    fn init(base: Base<Node3D>) -> Self {
        ApsSoundPortal {
            radius: DEFAULT_RADIUS_METERS,
            registered: false,
            base,
        }
    }

    fn enter_tree(&mut self) {
        if in_editor() {
            return;
        }
        self.base_mut().set_notify_transform(true);
        self.register();
    }

    fn exit_tree(&mut self) {
        if std::mem::take(&mut self.registered) {
            remove(&self.to_gd().upcast());
        }
    }

    fn on_notification(&mut self, what: Node3DNotification) {
        if what == Node3DNotification::TRANSFORM_CHANGED && self.registered {
            self.register();
        }
    }
}

#[godot_api]
impl ApsSoundPortal {
    #[func]
    pub fn set_radius(&mut self, radius: f32) {
        let me = self.to_gd().upcast();
        self.radius = checked_radius(&me, "ApsSoundPortal", radius, (DEFAULT_RADIUS_METERS, "m"));
        if self.registered {
            self.register();
        }
    }
}

impl ApsSoundPortal {
    /// Tells its world where it is (again, if it moved).
    fn register(&mut self) {
        let position = self.base().get_global_position();
        self.registered |= place::<Three>(&self.to_gd().upcast(), position, self.radius);
    }
}
