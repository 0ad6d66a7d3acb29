//! `ApsOccluder` (3D) and `ApsOccluder2D`: make a collision object let sight and sound through
//! in part: glass, a hedge, smoke, a thin wall. What a ray does there is the core's
//! [`transmission`](aps_core::senses::transmission); the rays meet 3D and 2D occluders alike.
//!
//! Each class keeps its settings and its life in the tree; what an occluder does is written once
//! here, in [`Occluding`], for both kinds of scene (`D` the scene's [`Dim`]).

mod three;
mod two;

use crate::aps_world::ApsWorld;
use crate::dim::Dim;
use aps_core::senses::transmission::Transmission;
use godot::classes::{Node, Object};
use godot::prelude::*;

/// The presets, by their number in `preset` (`PRESET_*`): Custom keeps the values as set.
const PRESETS: [Option<Transmission>; 5] = [
    None,
    Some(Transmission::GLASS),
    Some(Transmission::FOLIAGE),
    Some(Transmission::SMOKE),
    Some(Transmission::THIN_WALL),
];

/// The preset a new occluder starts with: glass.
const DEFAULT_PRESET: i32 = 1;

/// What an occluder of either kind holds besides its settings: the collision object it is
/// registered for, and what it has said.
#[derive(Default)]
pub(crate) struct Occluding {
    /// The collision object it is registered for (its parent, or itself as a volume).
    registered: Option<Gd<Node>>,
    /// Neither a volume nor under a collision object: said once.
    warned_parent: bool,
    /// The check at the frame's end is queued.
    check_queued: bool,
}

/// A preset's transmissions: `Some(None)` for Custom (the values stay as set), `None` (warned
/// once, naming `class` and the value) for a number that is no preset.
fn preset_values(me: &Gd<Object>, class: &str, preset: i32) -> Option<Option<Transmission>> {
    let slot = usize::try_from(preset).ok().and_then(|i| PRESETS.get(i));
    if slot.is_none() {
        crate::warnings::warn_on(&format!("{class}.preset"), me, || {
            format!(
                "{class}.preset: {preset} is not a PRESET_* constant (0..4); the preset is left \
                 as it was"
            )
        });
    }
    slot.copied()
}

/// `value` kept to 0..1 (a NaN as 0), with a warning naming the class, the setting and the
/// value when it was not (once, then at most once a second while a script keeps setting it).
fn fraction(me: &Gd<Object>, class: &str, setting: &str, value: f32) -> f32 {
    if value.is_finite() && (0.0..=1.0).contains(&value) {
        return value;
    }
    let used = if value.is_nan() {
        0.0
    } else {
        value.clamp(0.0, 1.0)
    };
    let what = format!("{class}.{setting}");
    crate::warnings::warn_on(&what, me, || {
        format!("{what}: {value} is outside 0..1; using {used}")
    });
    used
}

impl Occluding {
    /// Whether `me` is a volume itself: it has shapes of its own.
    fn is_volume<D: Dim>(me: &Gd<Node>) -> bool {
        me.get_children().iter_shared().any(|c| {
            c.clone().try_cast::<D::CollisionShape>().is_ok()
                || c.try_cast::<D::CollisionPolygon>().is_ok()
        })
    }

    /// Registers `me` (a volume) or its parent with its world as letting `t` through, or, when
    /// it is neither, queues the check that says so at the frame's end (shapes may be added
    /// right after it enters the tree).
    pub(crate) fn register<D: Dim>(&mut self, me: &Gd<Node>, t: Transmission) {
        if Self::is_volume::<D>(me) {
            ApsWorld::singleton()
                .bind_mut()
                .world_of_mut(Some(me))
                .add_occluder(me.instance_id(), t, true);
            self.registered = Some(me.clone());
            return;
        }
        let Some(parent) = me.get_parent() else {
            return;
        };
        if parent.clone().try_cast::<D::CollisionObject>().is_err() {
            if !self.warned_parent && !self.check_queued {
                self.check_queued = true;
                me.clone().call_deferred("_aps_check_setup", &[]);
            }
            return;
        }
        let area = parent.clone().try_cast::<D::Area>().is_ok();
        ApsWorld::singleton()
            .bind_mut()
            .world_of_mut(Some(&parent))
            .add_occluder(parent.instance_id(), t, area);
        self.registered = Some(parent);
    }

    /// Its collision object lets nothing through any more.
    pub(crate) fn unregister(&mut self) {
        let Some(object) = self.registered.take() else {
            return;
        };
        let id = object.instance_id();
        let mut aps = ApsWorld::singleton();
        let mut aps = aps.bind_mut();
        if object.is_instance_valid() && object.is_inside_tree() {
            aps.world_of_mut(Some(&object)).remove_occluder(id);
        } else {
            aps.forget_occluder(id);
        }
    }

    /// A setting changed: its world hears of it, if it is registered.
    pub(crate) fn update<D: Dim>(&mut self, me: &Gd<Node>, t: Transmission) {
        if self.registered.is_some() {
            self.unregister();
            self.register::<D>(me, t);
        }
    }

    /// Its shapes changed: registered again, as a volume or for its parent.
    pub(crate) fn reshaped<D: Dim>(&mut self, me: &Gd<Node>, t: Transmission) {
        if me.is_inside_tree() {
            self.unregister();
            self.register::<D>(me, t);
        }
    }

    /// At the end of the frame it was placed in: still neither a volume nor under a collision
    /// object, it says so once, naming `class`.
    pub(crate) fn check_setup<D: Dim>(&mut self, me: &Gd<Node>, class: &str) {
        self.check_queued = false;
        if self.registered.is_some() || self.warned_parent || !me.is_inside_tree() {
            return;
        }
        self.warned_parent = true;
        let s = D::CLASS_SUFFIX;
        godot_warn!(
            "{class} {}: it has no CollisionShape{s} or CollisionPolygon{s} of its own and its \
             parent is not a CollisionObject{s} (a StaticBody{s}, an Area{s}); it lets nothing \
             through",
            me.get_path()
        );
    }
}
