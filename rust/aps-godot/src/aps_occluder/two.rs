//! `ApsOccluder2D`, the 2D occluder: its settings and its life in the tree (see the module).

use super::{fraction, preset_values, Occluding, DEFAULT_PRESET, PRESETS};
use crate::dim::Two;
use crate::editor::in_editor;
use aps_core::senses::transmission::Transmission;
use godot::classes::notify::CanvasItemNotification;
use godot::classes::{Area2D, IArea2D};
use godot::prelude::*;

/// Its name, in warnings.
const CLASS: &str = "ApsOccluder2D";

/// [ApsOccluder] for a 2D level: lets sight and sound through in part, instead of stopping
/// them: a window, a hedge, smoke.
///
/// Use it as a child of the [CollisionObject2D] it describes, with no shape of its own (a
/// [StaticBody2D] for a pane or a thin wall, an [Area2D] for a patch of leaves), or as the
/// volume itself with [CollisionShape2D] or [CollisionPolygon2D] children. A vision ray that
/// meets it goes on through, and the point it reaches counts as [member sight_transmission] of
/// itself; a sound muffled by it keeps [member sound_transmission] instead of the hearing's
/// Wall Muffle Factor. The presets and settings are the 3D occluder's.
#[derive(GodotClass)]
#[class(tool, base = Area2D)]
pub struct ApsOccluder2D {
    /// A ready pair of transmissions: Glass (sight 0.9, sound 0.3), Foliage (0.5, 0.9), Smoke
    /// (0.2, 1.0), Thin Wall (0, 0.4). Custom keeps the two values below as you set them.
    #[export(enum = (Custom = 0, Glass = 1, Foliage = 2, Smoke = 3, ThinWall = 4))]
    #[var(set = set_preset)]
    preset: i32,
    /// How much of the light gets through, 0 (opaque) to 1 (clear).
    #[export(range = (0.0, 1.0, 0.01))]
    #[var(set = set_sight_transmission)]
    sight_transmission: f32,
    /// How much of a sound gets through, 0 (none) to 1 (all).
    #[export(range = (0.0, 1.0, 0.01))]
    #[var(set = set_sound_transmission)]
    sound_transmission: f32,
    occluding: Occluding,
    base: Base<Area2D>,
}

#[godot_api]
impl IArea2D for ApsOccluder2D {
    fn init(base: Base<Area2D>) -> Self {
        let glass = Transmission::GLASS;
        ApsOccluder2D {
            preset: DEFAULT_PRESET,
            sight_transmission: glass.sight,
            sound_transmission: glass.sound,
            occluding: Occluding::default(),
            base,
        }
    }

    fn enter_tree(&mut self) {
        // A volume to see and hear through, not a trigger: it watches for nothing.
        self.base_mut().set_monitoring(false);
        self.base_mut().set_monitorable(false);
        if !in_editor() {
            let (me, t) = (self.to_gd().upcast(), self.transmission());
            self.occluding.register::<Two>(&me, t);
        }
    }

    fn exit_tree(&mut self) {
        self.occluding.unregister();
    }

    /// Shapes added or taken away make it a volume, or no longer one.
    fn on_notification(&mut self, what: CanvasItemNotification) {
        if what == CanvasItemNotification::CHILD_ORDER_CHANGED && !in_editor() {
            let (me, t) = (self.to_gd().upcast(), self.transmission());
            self.occluding.reshaped::<Two>(&me, t);
        }
    }
}

#[godot_api]
impl ApsOccluder2D {
    #[constant]
    pub const PRESET_CUSTOM: i32 = 0;
    #[constant]
    pub const PRESET_GLASS: i32 = 1;
    #[constant]
    pub const PRESET_FOLIAGE: i32 = 2;
    #[constant]
    pub const PRESET_SMOKE: i32 = 3;
    #[constant]
    pub const PRESET_THIN_WALL: i32 = 4;

    #[func]
    pub fn set_preset(&mut self, preset: i32) {
        let Some(values) = preset_values(&self.to_gd().upcast(), CLASS, preset) else {
            return;
        };
        self.preset = preset;
        if let Some(t) = values {
            self.sight_transmission = t.sight;
            self.sound_transmission = t.sound;
        }
        self.base_mut().notify_property_list_changed();
        self.update();
    }

    #[func]
    pub fn set_sight_transmission(&mut self, fraction_through: f32) {
        let me = self.to_gd().upcast();
        self.sight_transmission = fraction(&me, CLASS, "sight_transmission", fraction_through);
        self.update();
    }

    #[func]
    pub fn set_sound_transmission(&mut self, fraction_through: f32) {
        let me = self.to_gd().upcast();
        self.sound_transmission = fraction(&me, CLASS, "sound_transmission", fraction_through);
        self.update();
    }

    /// At the end of the frame it was placed in: still neither a volume nor under a collider,
    /// it says so once.
    #[func]
    fn _aps_check_setup(&mut self) {
        let me = self.to_gd().upcast();
        self.occluding.check_setup::<Two>(&me, CLASS);
    }

    /// The two transmissions, as APS uses them.
    #[must_use]
    pub fn transmission(&self) -> Transmission {
        Transmission::new(self.sight_transmission, self.sound_transmission)
    }
}

impl ApsOccluder2D {
    /// A setting changed: the world hears of it.
    fn update(&mut self) {
        let (me, t) = (self.to_gd().upcast(), self.transmission());
        self.occluding.update::<Two>(&me, t);
    }
}

/// The presets are the constants' values.
const _: () = assert!(PRESETS.len() as i32 == ApsOccluder2D::PRESET_THIN_WALL + 1);
