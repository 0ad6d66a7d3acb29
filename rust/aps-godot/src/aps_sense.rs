//! `ApsSense`: the base of senses written in GDScript (spec section 14, "Add a sense" and "The
//! sense contract"), and the adapter that lets the core run one like a built-in sense.

use crate::convert::{live_node_as, to_vec3};
use aps_core::belief::loss::LossReason;
use aps_core::gather::target::TargetSnapshot;
use aps_core::senses::id::SenseId;
use aps_core::senses::table::{
    custom_reach, custom_reading, SenseSpec, DECAY_MULTIPLIER_RANGE, GRACE_TIME_RANGE, REACH_RANGE,
    WEIGHT_RANGE,
};
use aps_core::senses::{SenseContext, SenseUnit};
use aps_core::SenseReading;
use godot::classes::{IResource, Node, Node2D, Node3D, Object, Resource};
use godot::prelude::*;

/// A sense of your own, written in GDScript: extend it, override [method _evaluate], and add the
/// resource to a profile's `custom_senses`.
///
/// It takes part in fusion, the states and loss reasons like a built-in sense. Each perception
/// tick APS calls [method _pre_tick] once, [method _evaluate] once per candidate target, then
/// [method _post_tick_flush]. `eye` is the [ApsPerceptionComponent] running it (read its
/// global transform; its beliefs read as empty while a sense runs). The loss settings say how
/// the sense lets go of a target, like a row of the spec's grace table.
///
/// A 2D AI ([ApsPerceptionComponent2D]) calls the `_2d` methods instead, with [Node2D] eyes
/// and targets and positions in pixels: [method _pre_tick_2d], [method _evaluate_2d],
/// [method _post_tick_flush_2d]. A sense for both kinds of game overrides both sets; one that
/// defines [method _evaluate] but not [method _evaluate_2d] senses nothing for a 2D AI, and
/// its profile says so once.
#[derive(GodotClass)]
#[class(tool, base = Resource)]
pub struct ApsSense {
    /// A name for messages and debugging.
    #[export]
    sense_name: GString,
    /// Multiplies this sense's confidence before fusion.
    #[export(range = (0.0, 10.0, 0.05))]
    weight: f32,
    /// Farthest reach in metres (at most 10,000): candidates are gathered at least this far.
    #[export(range = (0.0, 500.0, 0.5, or_greater, suffix = "m"))]
    reach: f32,
    /// Seconds the belief holds its state after every sense went quiet.
    #[export_group(name = "Loss")]
    #[export(range = (0.0, 60.0, 0.05, or_greater, suffix = "s"))]
    grace_time: f32,
    /// Losing the target may jump straight to Lost.
    #[export]
    direct_cut: bool,
    /// How fast confidence fades after this sense last had the target.
    #[export(range = (0.0, 100.0, 0.05))]
    decay_multiplier: f32,
    /// The loss reason this sense gives (an `ApsPerceptionComponent.LOSS_*` value).
    #[export(enum = (None = 0, Occluded = 1, OutOfRange = 2, SoundFaded = 3, ScentLost = 4, SensorDropout = 5, TargetDestroyed = 6, Unknown = 7))]
    loss_reason: i32,
    base: Base<Resource>,
}

#[godot_api]
impl IResource for ApsSense {
    fn init(base: Base<Resource>) -> Self {
        ApsSense {
            sense_name: "custom".into(),
            weight: 1.0,
            reach: 20.0,
            grace_time: 1.0,
            direct_cut: false,
            decay_multiplier: 1.0,
            loss_reason: LossReason::Unknown as i32,
            base,
        }
    }

    /// A weight, reach, grace time or decay multiplier set out of its range is stored clamped
    /// (the ranges the profile gives built-in senses), with a warning, so what a script reads
    /// back is what APS uses.
    fn on_set(&mut self, property: StringName, value: Variant) -> bool {
        let name = property.to_string();
        let me = self.to_gd().upcast::<godot::classes::Object>();
        let field = match name.as_str() {
            "weight" => Some((&mut self.weight, WEIGHT_RANGE, 1.0)),
            "reach" => Some((&mut self.reach, REACH_RANGE, 0.0)),
            "grace_time" => Some((&mut self.grace_time, GRACE_TIME_RANGE, 1.0)),
            "decay_multiplier" => Some((&mut self.decay_multiplier, DECAY_MULTIPLIER_RANGE, 1.0)),
            _ => None,
        };
        crate::kept::store_kept(&format!("ApsSense.{name}"), &me, field, &value)
    }
}

#[godot_api]
impl ApsSense {
    /// Once per perception tick, before any target: update accumulators, contacts, timers.
    #[func(virtual, gd_self)]
    fn pre_tick(_this: Gd<Self>, _eye: Option<Gd<Node3D>>) {}

    /// Once per candidate target: return `{"confidence": 0..1}` and optionally `"position"`
    /// (Vector3, where the sense places the target; its own position if absent) and
    /// `"precision"` (0 vague .. 1 exact; 0.5 if absent). An empty Dictionary or confidence 0
    /// means the sense has nothing.
    #[func(virtual, gd_self)]
    fn evaluate(
        _this: Gd<Self>,
        _eye: Option<Gd<Node3D>>,
        _target: Option<Gd<Node3D>>,
    ) -> VarDictionary {
        VarDictionary::new()
    }

    /// After every target: clear per-tick caches.
    #[func(virtual, gd_self)]
    fn post_tick_flush(_this: Gd<Self>, _eye: Option<Gd<Node3D>>) {}

    /// [method _pre_tick] for a 2D AI: its [ApsPerceptionComponent2D] is `eye`.
    #[func(virtual, gd_self)]
    fn pre_tick_2d(_this: Gd<Self>, _eye: Option<Gd<Node2D>>) {}

    /// [method _evaluate] for a 2D AI: `eye` and `target` are [Node2D]s, and `"position"`, if
    /// given, is a [Vector2] in pixels.
    #[func(virtual, gd_self)]
    fn evaluate_2d(
        _this: Gd<Self>,
        _eye: Option<Gd<Node2D>>,
        _target: Option<Gd<Node2D>>,
    ) -> VarDictionary {
        VarDictionary::new()
    }

    /// [method _post_tick_flush] for a 2D AI.
    #[func(virtual, gd_self)]
    fn post_tick_flush_2d(_this: Gd<Self>, _eye: Option<Gd<Node2D>>) {}
}

impl ApsSense {
    /// This sense's contract with the belief engine.
    #[must_use]
    pub fn spec(&self) -> SenseSpec {
        SenseSpec::custom(
            self.weight,
            self.grace_time,
            self.direct_cut,
            self.decay_multiplier,
            LossReason::from_index(i64::from(self.loss_reason)),
        )
    }

    #[must_use]
    pub fn reach(&self) -> f32 {
        custom_reach(self.reach)
    }

    #[must_use]
    pub fn name(&self) -> String {
        self.sense_name.to_string()
    }

    /// Whether its script evaluates targets for a 3D AI only: it defines `_evaluate` but not
    /// `_evaluate_2d`, so a 2D AI running it gets nothing.
    #[must_use]
    pub fn evaluates_in_3d_only(&self) -> bool {
        // Asked of the object: its script's methods, base scripts included (a script resource
        // answers for nothing it defines).
        let me = self.base();
        me.has_method(METHODS_3D[1]) && !me.has_method(METHODS_2D[1])
    }
}

/// Runs an `ApsSense` script as a core sense, for a 3D or a 2D AI.
pub struct ScriptSense {
    pub sense: Gd<ApsSense>,
    pub id: SenseId,
    pub eye: InstanceId,
    reach: f32,
    /// The AI is a 2D one: the `_2d` methods are called, positions are in pixels.
    two_d: bool,
    /// Whether the script defines the methods it is called by (each is a no-op or nothing
    /// sensed when it does not).
    overrides: [bool; 3],
    warned: bool,
}

/// What a 3D AI calls, in the order of a tick.
const METHODS_3D: [&str; 3] = ["_pre_tick", "_evaluate", "_post_tick_flush"];
/// What a 2D AI calls.
const METHODS_2D: [&str; 3] = ["_pre_tick_2d", "_evaluate_2d", "_post_tick_flush_2d"];

impl ScriptSense {
    #[must_use]
    pub fn new(sense: Gd<ApsSense>, id: SenseId, eye: InstanceId, two_d: bool) -> Self {
        let reach = sense.bind().reach();
        let methods = if two_d { METHODS_2D } else { METHODS_3D };
        let overrides = methods.map(|m| sense.has_method(m));
        ScriptSense {
            sense,
            id,
            eye,
            reach,
            two_d,
            overrides,
            warned: false,
        }
    }

    fn method(&self, which: usize) -> &'static str {
        if self.two_d {
            METHODS_2D[which]
        } else {
            METHODS_3D[which]
        }
    }

    /// The eye as the script's methods take it: a `Node3D` for a 3D AI, a `Node2D` for a 2D
    /// one (null once it is gone).
    fn eye(&self) -> Variant {
        let Ok(node) = Gd::<Node>::try_from_instance_id(self.eye) else {
            return Variant::nil();
        };
        if self.two_d {
            node.try_cast::<Node2D>().ok().to_variant()
        } else {
            node.try_cast::<Node3D>().ok().to_variant()
        }
    }

    /// Calls the script's method `which` of [`METHODS`] by name, if it defines it: whatever it
    /// returns, and whatever it does (free the eye, a target), nothing panics here. `None`:
    /// the script does not define it, or the call failed (warned once).
    fn call(&mut self, which: usize, target: Option<Variant>) -> Option<Variant> {
        if !self.overrides[which] {
            return None;
        }
        let mut args = vec![self.eye()];
        args.extend(target);
        let method = self.method(which);
        match self
            .sense
            .clone()
            .upcast::<Object>()
            .try_call(method, &args)
        {
            Ok(v) => Some(v),
            Err(e) => {
                self.warn_once(&format!("{method} failed: {e}"));
                None
            }
        }
    }

    /// Says `what` the script did wrong, once for this AI's use of the sense; the sense is one
    /// cause for every AI that shares it, said at most once a second among them.
    fn warn_once(&mut self, what: &str) {
        if !self.warned {
            self.warned = true;
            let sense = self.sense.instance_id();
            crate::warnings::warn("ApsSense", Some(sense), || {
                let name = self.sense.bind().name();
                format!(
                    "ApsSense '{name}' ({}): {what}; read as nothing sensed",
                    self.sense.get_path()
                )
            });
        }
    }
}

impl SenseUnit for ScriptSense {
    fn id(&self) -> SenseId {
        self.id
    }

    fn reach(&self) -> f32 {
        self.reach
    }

    fn pre_tick(&mut self, _ctx: &mut SenseContext) {
        self.call(0, None);
    }

    fn evaluate(
        &mut self,
        _ctx: &mut SenseContext,
        target: &TargetSnapshot,
    ) -> Option<SenseReading> {
        let node = if self.two_d {
            live_node_as::<Node2D>(target.id)?.to_variant()
        } else {
            live_node_as::<Node3D>(target.id)?.to_variant()
        };
        let answer = self.call(1, Some(node))?;
        let Ok(d) = answer.try_to::<VarDictionary>() else {
            let what = if answer.is_nil() {
                String::from("null")
            } else {
                format!("{answer:?}")
            };
            let method = self.method(1);
            self.warn_once(&format!("{method} returned {what} instead of a Dictionary"));
            return None;
        };
        if d.is_empty() {
            return None;
        }
        let Some(confidence) = d
            .get("confidence")
            .and_then(|v| v.try_to::<f32>().ok())
            .filter(|c| c.is_finite())
        else {
            let method = self.method(1);
            self.warn_once(&format!("{method} returned no numeric \"confidence\""));
            return None;
        };
        let position = d.get("position").and_then(|v| {
            if self.two_d {
                v.try_to::<Vector2>().ok().map(crate::dim::from_pixels)
            } else {
                v.try_to::<Vector3>().ok().map(to_vec3)
            }
        });
        let precision = d.get("precision").and_then(|v| v.try_to::<f32>().ok());
        custom_reading(self.id, confidence, position, precision, target.position)
    }

    fn post_tick_flush(&mut self) {
        self.call(2, None);
    }
}
