//! How a perception component shows what the AI believes and why, for the 3D component and its
//! 2D twin alike: targets and senses named as a game names them, explanations and the
//! debugger's rows as plain data. The words and the records are the core's
//! (`aps_core::insight`); this file names the nodes in them.

use super::component::Component;
use super::perceiver::{ComponentKind, PerceiverState};
use crate::aps_recording::ApsRecording;
use crate::convert::live_node_as;
use aps_core::brain::emotion::Emotion;
use aps_core::brain::squad::SQUAD_SENSE;
use aps_core::insight::explain::{builtin_sense_name, Explanation, SenseWhy};
use aps_core::insight::notes::Notes;
use aps_core::insight::recording::{RecordingFile, MAX_FRAMES, MAX_RECORDING_SECONDS};
use aps_core::senses::id::SenseId;
use aps_core::senses::rays::BodyId;
use aps_core::{AwarenessLevel, Observations};
use aps_core::{BeliefState, PerceptionCore, TargetId};
use godot::classes::Engine;
use godot::prelude::*;

impl<D: ComponentKind> PerceiverState<D> {
    /// The recording under way, as plain data, named from the component's place `path`.
    pub(super) fn recording_file(
        &self,
        path: &str,
    ) -> Option<aps_core::insight::recording::RecordingFile> {
        let core = self.core.as_ref()?;
        let recording = core.recording()?;
        Some(recording.to_file(path, &|t| self.target_label(t), &|s| self.sense_label(s)))
    }

    /// Fills the debugger's snapshot `d` with what `core` believes: its time, awareness,
    /// attention, emotions, beliefs and timeline.
    pub(super) fn snapshot_into(&self, core: &PerceptionCore, d: &mut VarDictionary) {
        let mind = core.mind();
        let now = mind.now();
        d.set("time", now);
        d.set("awareness", mind.awareness() as i32);
        d.set("awareness_name", mind.awareness().name());
        d.set(
            "attention",
            mind.attention_target()
                .map_or_else(String::new, |t| self.target_label(t)),
        );
        let mut emotions = VarDictionary::new();
        for e in Emotion::ALL {
            emotions.set(e.name(), mind.emotions().get(e));
        }
        d.set("emotions", &emotions);
        d.set(
            "dominant_emotion",
            mind.dominant_emotion().map_or("", |e| e.name()),
        );
        let mut beliefs = VarArray::new();
        for b in mind.beliefs() {
            let senses: Vec<String> = b.active.iter().map(|s| self.sense_label(s)).collect();
            let why = self.why_line(&core.explain(b.target));
            let row = vdict! {
                "target" => self.target_label(b.target),
                "target_id" => b.target.0 as i64,
                "state" => b.state.name(),
                "confidence" => b.confidence,
                "senses" => senses.join(", "),
                "threat" => b.threat_score,
                "loss_reason" => if b.loss_reason == aps_core::LossReason::None { "" } else { b.loss_reason.name() },
                "uncertainty" => D::from_meters(b.uncertainty_radius),
                "since_sensed" => b.time_since_sensed(now).min(1e9),
                "why" => why,
            };
            beliefs.push(&row.to_variant());
        }
        d.set("beliefs", &beliefs);
        let mut timeline = VarArray::new();
        for e in core.timeline().iter() {
            let row = vdict! {
                "time" => e.time,
                "target" => self.target_label(e.target),
                "old" => e.old.name(),
                "new" => e.new.name(),
            };
            timeline.push(&row.to_variant());
        }
        d.set("timeline", &timeline);
    }

    /// How a target is named in explanations, recordings and the debugger: its path from the
    /// current scene (stable from run to run), a place by its tag, or its id once it is gone.
    pub(super) fn target_label(&self, t: TargetId) -> String {
        if aps_core::belief::places::is_place(t) {
            return format!("place {}", self.place_tag(t));
        }
        let Some(node) = live_node_as::<D::Node>(t).map(Gd::upcast::<Node>) else {
            return format!("#{}", t.0);
        };
        if !node.is_inside_tree() {
            return node.get_name().to_string();
        }
        let scene = node.get_tree().get_current_scene();
        match scene {
            Some(scene) if scene.is_ancestor_of(&node) || scene == node => {
                scene.get_path_to(&node).to_string()
            }
            _ => node.get_name().to_string(),
        }
    }

    /// A sense slot's name: a built-in sense's, a custom sense's own, or "squad".
    pub(super) fn sense_label(&self, s: SenseId) -> String {
        if s == SQUAD_SENSE {
            return "squad".into();
        }
        match s.index().checked_sub(aps_core::senses::id::BUILTIN_SENSES) {
            Some(i) => self
                .custom_sense_names
                .get(i)
                .cloned()
                .unwrap_or_else(|| builtin_sense_name(s)),
            None => builtin_sense_name(s),
        }
    }

    /// The one line a label and the debugger show: the dominant sense's part, else the first.
    pub(super) fn why_line(&self, why: &Explanation) -> String {
        let part = why
            .dominant
            .and_then(|d| why.sense(d))
            .or_else(|| why.senses.first());
        part.map_or_else(String::new, |p| {
            p.words(&self.sense_label(p.sense), &body_name)
        })
    }

    pub(super) fn explanation_dict(&self, why: &Explanation) -> VarDictionary {
        let mut senses = VarDictionary::new();
        for part in &why.senses {
            senses.set(self.sense_label(part.sense), &self.sense_dict(part));
        }
        vdict! {
            "state" => why.state.map_or(0, |s| s as i32),
            "state_name" => why.state.map_or("Undetected", BeliefState::name),
            "believed" => why.state.is_some(),
            "confidence" => why.confidence,
            "fused" => why.fused,
            "dominant_sense" => why.dominant.map_or(-1, |s| i32::from(s.0)),
            "dominant_sense_name" => why.dominant.map_or_else(String::new, |s| self.sense_label(s)),
            "loss_reason" => why.loss_reason as i32,
            "loss_reason_name" => why.loss_reason.name(),
            "looked_at" => why.looked_at,
            "senses" => &senses,
            "text" => why.words(&|s| self.sense_label(s), &body_name),
        }
    }

    fn sense_dict(&self, part: &SenseWhy) -> VarDictionary {
        let mut factors = VarDictionary::new();
        for (f, v) in &part.factors {
            factors.set(f.key(), *v);
        }
        let mut blocked_by = VarArray::new();
        for b in &part.blockers {
            if let Some(node) = body_node(*b) {
                blocked_by.push(&node.to_variant());
            }
        }
        let mut seen_through = VarArray::new();
        for b in &part.through {
            if let Some(node) = body_node(*b) {
                seen_through.push(&node.to_variant());
            }
        }
        vdict! {
            "sense" => i32::from(part.sense.0),
            "confidence" => part.confidence,
            "perceived" => part.perceived,
            "cue" => part.cue.name(),
            "factors" => &factors,
            "blocked_by" => &blocked_by,
            "through" => &seen_through,
            "text" => part.words(&self.sense_label(part.sense), &body_name),
        }
    }
}

/// The node behind a collider id, if it still exists.
fn body_node(b: BodyId) -> Option<Gd<Node>> {
    let id = InstanceId::try_from_i64(b.0 as i64)?;
    Gd::<Node>::try_from_instance_id(id).ok()
}

/// What blocked a ray, by its node's name.
fn body_name(b: BodyId) -> String {
    body_node(b).map_or_else(|| format!("body #{}", b.0), |n| n.get_name().to_string())
}

/// Why the AI believes what it does about `target`, as a Dictionary (see `explain`).
pub(super) fn explain<C: Component>(c: &C, target: Option<Gd<Node>>) -> VarDictionary {
    let Some(target) = target else {
        return VarDictionary::new();
    };
    let t = crate::aps_world::target_of(&target);
    let why = match &c.state().core {
        Some(core) => core.explain(t),
        // Before its first pass it believes nothing and has read nothing.
        None => Explanation::of(t, None, &Observations::new(), &Notes::new()),
    };
    let mut dict = c.state().explanation_dict(&why);
    light_words(&target, &mut dict);
    dict
}

/// Names the scene's lights that lit `target` (or would have but for a shadow) in the
/// explanation: `lights` (see `ApsWorld.get_lights_on`), and a sentence added to `text`.
fn light_words(target: &Gd<Node>, dict: &mut VarDictionary) {
    let world = crate::aps_world::ApsWorld::singleton();
    let world = world.bind();
    let Some(reading) = world.reading_of(target) else {
        return;
    };
    dict.set("lights", &world.lights_on(target));
    let name = |id: u64| {
        InstanceId::try_from_i64(id as i64)
            .and_then(|i| Gd::<Node>::try_from_instance_id(i).ok())
            .map_or_else(|| format!("light #{id}"), |n| n.get_name().to_string())
    };
    let words = reading.words(&name);
    if !words.is_empty() {
        let text = dict.get("text").map(|t| t.to_string()).unwrap_or_default();
        dict.set("text", &format!("{text} Light: {words}.").to_variant());
    }
}

/// Starts recording the last `seconds` of what it perceives; false, with a warning, for a
/// length out of range or inside a pass.
pub(super) fn start_recording<C: Component>(c: &mut C, seconds: f32) -> bool {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= MAX_RECORDING_SECONDS) {
        c.warn_call("start_recording", "seconds", || {
            format!(
                "seconds is {seconds}; it must be above 0 and at most {MAX_RECORDING_SECONDS}. \
                 Not recording."
            )
        });
        return false;
    }
    if c.core_mut("start_recording").is_none() {
        return false;
    }
    let where_it_is = c.where_it_is();
    let state = c.state_mut();
    let Some(core) = state.core.as_mut() else {
        return false;
    };
    let physics_dt = 1.0 / Engine::singleton().get_physics_ticks_per_second().max(1) as f32;
    let kept = core.start_recording_for(seconds, physics_dt);
    // A legal call: the window is cut as documented, and a game that starts recordings again
    // and again hears of it once.
    if kept < seconds && !state.warned_short_recording {
        state.warned_short_recording = true;
        godot_warn!(
            "{}.start_recording: {seconds} s of a full ledger is more than one recording holds \
             ({MAX_FRAMES} belief frames); it keeps about the last {kept:.0} s (on \
             {where_it_is}; said once for this AI)",
            C::CLASS
        );
    }
    true
}

/// Stops recording and answers what was recorded.
pub(super) fn stop_recording<C: Component>(c: &mut C) -> Option<Gd<ApsRecording>> {
    c.core_mut("stop_recording")?;
    let recording = recording_file(c);
    if let Some(core) = c.state_mut().core.as_mut() {
        core.stop_recording();
    }
    recording.map(ApsRecording::from_file)
}

/// Writes the recording under way to `path`; false, with a warning, if none is.
pub(super) fn save_recording<C: Component>(c: &C, path: &GString) -> bool {
    match recording_file(c) {
        Some(file) => ApsRecording::write(&file, path, &format!("{}.save_recording", C::CLASS)),
        None => {
            c.warn_call("save_recording", "not recording", || {
                format!(
                    "nothing to save to {path}: it is not recording; call start_recording first"
                )
            });
            false
        }
    }
}

/// The recording under way, as plain data.
pub(super) fn recording_file<C: Component>(c: &C) -> Option<RecordingFile> {
    c.state().recording_file(&c.where_it_is().to_string())
}

/// The debugger's full view of this AI (see `get_debug_snapshot`).
pub(super) fn debug_snapshot<C: Component>(c: &C) -> VarDictionary {
    let node = c.as_node();
    let mut d = vdict! {
        "id" => node.instance_id().to_i64(),
        "name" => &node.get_name(),
        "path" => &c.where_it_is(),
        "drawing" => super::drawing::is_drawing(c),
    };
    let Some(core) = &c.state().core else {
        d.set("time", 0.0);
        d.set("awareness", 0);
        d.set("awareness_name", AwarenessLevel::Unaware.name());
        d.set("attention", "");
        d.set("emotions", &VarDictionary::new());
        d.set("dominant_emotion", "");
        d.set("beliefs", &VarArray::new());
        d.set("timeline", &VarArray::new());
        return d;
    };
    c.state().snapshot_into(core, &mut d);
    d
}

/// The debugger's one-line view of this AI, for its list.
pub(super) fn debug_summary<C: Component>(c: &C) -> VarDictionary {
    let node = c.as_node();
    let core = c.state().core.as_ref();
    vdict! {
        "id" => node.instance_id().to_i64(),
        "name" => &node.get_name(),
        "path" => &c.where_it_is(),
        "awareness" => core.map_or(0, |c| c.mind().awareness() as i32),
        "beliefs" => core.map_or(0, |c| c.mind().ledger().len() as i64),
        "drawing" => super::drawing::is_drawing(c),
    }
}
