//! `ApsOccluder`: makes its parent collision object let sight and sound through in part: glass, a hedge, smoke, a thin wall. What a ray does there is the core's
//! [`transmission`](aps_core::senses::transmission).

use crate::aps_world::ApsWorld;
use crate::editor::in_editor;
use aps_core::senses::transmission::Transmission;
use godot::classes::notify::Node3DNotification;
use godot::classes::{Area3D, CollisionObject3D, CollisionShape3D, IArea3D, Node};
use godot::prelude::*;

/// Lets sight and sound through in part, instead of stopping them: glass, foliage, smoke.
///
/// Use it one of two ways. As a child of the [CollisionObject3D] it describes, with no shape of
/// its own: a [StaticBody3D] for a window pane or a thin wall, an [Area3D] for a volume of
/// leaves. Or as the volume itself, with [CollisionShape3D] children (a cloud of smoke, a
/// hedge, water). Rays stop at a volume while the world has one, and pass on through it; an
/// area that is no occluder (a trigger) is passed as air. A vision ray that meets it goes on through it, and the
/// sample point it reaches counts as [member sight_transmission] of itself (glass 0.9: a runner
/// behind a window keeps 90% of the confidence it has in the open); a sound muffled by it
/// keeps [member sound_transmission] instead of the hearing's Wall Muffle Factor. Colliders
/// without one stop sight and muffle sound as always. A ray passes at most
/// `aps/occluders/max_hits_per_ray` occluders (4 by default).
#[derive(GodotClass)]
#[class(tool, base = Area3D)]
pub struct ApsOccluder {
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
    /// The collision object it is registered for.
    registered: Option<Gd<Node>>,
    warned_parent: bool,
    check_queued: bool,
    base: Base<Area3D>,
}

/// The presets, by their number in [member ApsOccluder.preset].
const PRESETS: [Option<Transmission>; 5] = [
    None,
    Some(Transmission::GLASS),
    Some(Transmission::FOLIAGE),
    Some(Transmission::SMOKE),
    Some(Transmission::THIN_WALL),
];

#[godot_api]
impl IArea3D for ApsOccluder {
    fn init(base: Base<Area3D>) -> Self {
        let glass = Transmission::GLASS;
        ApsOccluder {
            preset: 1,
            sight_transmission: glass.sight,
            sound_transmission: glass.sound,
            registered: None,
            warned_parent: false,
            check_queued: false,
            base,
        }
    }

    fn enter_tree(&mut self) {
        // A volume to see and hear through, not a trigger: it watches for nothing.
        self.base_mut().set_monitoring(false);
        self.base_mut().set_monitorable(false);
        if !in_editor() {
            self.register();
        }
    }

    fn exit_tree(&mut self) {
        self.unregister();
    }

    /// Shapes added or taken away make it a volume, or no longer one.
    fn on_notification(&mut self, what: Node3DNotification) {
        if what == Node3DNotification::CHILD_ORDER_CHANGED
            && !in_editor()
            && self.base().is_inside_tree()
        {
            self.unregister();
            self.register();
        }
    }
}

#[godot_api]
impl ApsOccluder {
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
        let Some(slot) = usize::try_from(preset).ok().and_then(|i| PRESETS.get(i)) else {
            let me = self.to_gd().upcast::<godot::classes::Object>();
            crate::warnings::warn_on("ApsOccluder.preset", &me, || {
                format!(
                    "ApsOccluder.preset: {preset} is not a PRESET_* constant (0..4); the preset \
                     is left as it was"
                )
            });
            return;
        };
        self.preset = preset;
        if let Some(t) = slot {
            self.sight_transmission = t.sight;
            self.sound_transmission = t.sound;
        }
        self.base_mut().notify_property_list_changed();
        self.update();
    }

    #[func]
    pub fn set_sight_transmission(&mut self, fraction: f32) {
        self.sight_transmission = self.fraction("sight_transmission", fraction);
        self.update();
    }

    #[func]
    pub fn set_sound_transmission(&mut self, fraction: f32) {
        self.sound_transmission = self.fraction("sound_transmission", fraction);
        self.update();
    }

    /// At the end of the frame it was placed in: still neither a volume nor under a collider,
    /// it says so once.
    #[func]
    fn _aps_check_setup(&mut self) {
        self.check_queued = false;
        if self.registered.is_some() || self.warned_parent || !self.base().is_inside_tree() {
            return;
        }
        self.warned_parent = true;
        godot_warn!(
            "ApsOccluder {}: it has no CollisionShape3D of its own and its parent is not a \
             CollisionObject3D (a StaticBody3D, an Area3D); it lets nothing through",
            self.base().get_path()
        );
    }

    /// The two transmissions, as APS uses them.
    #[must_use]
    pub fn transmission(&self) -> Transmission {
        Transmission::new(self.sight_transmission, self.sound_transmission)
    }
}

impl ApsOccluder {
    /// `value` kept to 0..1, with a warning naming the setting when it was not (once, then at
    /// most once a second while a script keeps setting it).
    fn fraction(&self, setting: &str, value: f32) -> f32 {
        if value.is_finite() && (0.0..=1.0).contains(&value) {
            return value;
        }
        let used = if value.is_nan() {
            0.0
        } else {
            value.clamp(0.0, 1.0)
        };
        let me = self.to_gd().upcast::<godot::classes::Object>();
        let what = format!("ApsOccluder.{setting}");
        crate::warnings::warn_on(&what, &me, || {
            format!("{what}: {value} is outside 0..1; using {used}")
        });
        used
    }

    /// Whether it is a volume itself (it has shapes of its own).
    fn is_volume(&self) -> bool {
        self.base()
            .get_children()
            .iter_shared()
            .any(|c| c.try_cast::<CollisionShape3D>().is_ok())
    }

    /// Registers itself (a volume) or its parent with its world, or says once why it cannot.
    fn register(&mut self) {
        if self.is_volume() {
            let me = self.to_gd().upcast::<Node>();
            let t = self.transmission();
            ApsWorld::singleton()
                .bind_mut()
                .world_of_mut(Some(&me))
                .add_occluder(me.instance_id(), t, true);
            self.registered = Some(me);
            return;
        }
        let Some(parent) = self.base().get_parent() else {
            return;
        };
        if parent.clone().try_cast::<CollisionObject3D>().is_err() {
            // Shapes may be added right after it enters the tree: judged at the frame's end.
            if !self.warned_parent && !self.check_queued {
                self.check_queued = true;
                self.base_mut().call_deferred("_aps_check_setup", &[]);
            }
            return;
        }
        let area = parent.clone().try_cast::<Area3D>().is_ok();
        let t = self.transmission();
        ApsWorld::singleton()
            .bind_mut()
            .world_of_mut(Some(&parent))
            .add_occluder(parent.instance_id(), t, area);
        self.registered = Some(parent);
    }

    fn unregister(&mut self) {
        if let Some(parent) = self.registered.take() {
            let id = parent.instance_id();
            let mut aps = ApsWorld::singleton();
            let mut aps = aps.bind_mut();
            if parent.is_instance_valid() && parent.is_inside_tree() {
                aps.world_of_mut(Some(&parent)).remove_occluder(id);
            } else {
                aps.forget_occluder(id);
            }
        }
    }

    /// A setting changed while registered: the world hears of it.
    fn update(&mut self) {
        if self.registered.is_some() {
            self.unregister();
            self.register();
        }
    }
}
