//! `ApsSoundPortal2D`, the 2D sound portal (see the module).

use super::{checked_radius, place, remove, DEFAULT_RADIUS_PIXELS};
use crate::dim::Two;
use crate::editor::in_editor;
use godot::classes::notify::CanvasItemNotification;
use godot::classes::{INode2D, Node2D};
use godot::prelude::*;

/// [ApsSoundPortal] for a 2D level: an opening sound passes through, such as a doorway, a
/// window or a vent.
///
/// Place it in the opening. A sound behind a wall also reaches a 2D guard through portals or
/// along the level's 2D navigation, weakened by the length of that way and heard as coming
/// from the last opening, as in 3D. Its position and radius are in pixels, turned into metres
/// by `aps/2d/pixels_per_meter`.
#[derive(GodotClass)]
#[class(tool, base = Node2D)]
pub struct ApsSoundPortal2D {
    /// How wide the opening is, in pixels from its centre (50 is half a metre at the default
    /// 100 pixels a metre).
    #[export(range = (1.0, 2000.0, 1.0, or_greater, suffix = "px"))]
    #[var(set = set_radius)]
    radius: f32,
    registered: bool,
    base: Base<Node2D>,
}

#[godot_api]
impl INode2D for ApsSoundPortal2D {
    fn init(base: Base<Node2D>) -> Self {
        ApsSoundPortal2D {
            radius: DEFAULT_RADIUS_PIXELS,
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

    fn on_notification(&mut self, what: CanvasItemNotification) {
        if what == CanvasItemNotification::TRANSFORM_CHANGED && self.registered {
            self.register();
        }
    }
}

#[godot_api]
impl ApsSoundPortal2D {
    #[func]
    pub fn set_radius(&mut self, radius: f32) {
        let me = self.to_gd().upcast();
        self.radius = checked_radius(
            &me,
            "ApsSoundPortal2D",
            radius,
            (DEFAULT_RADIUS_PIXELS, "px"),
        );
        if self.registered {
            self.register();
        }
    }
}

impl ApsSoundPortal2D {
    /// Tells its world where it is (again, if it moved).
    fn register(&mut self) {
        let position = self.base().get_global_position();
        self.registered |= place::<Two>(&self.to_gd().upcast(), position, self.radius);
    }
}
