//! `ApsRecording`: what one AI believed, tick by tick, read back from a recording so a test or
//! the debugger can step through it. The data and its file format are the core's
//! (`aps_core::insight::recording`).

use aps_core::insight::recording::{BeliefFile, ChangeFile, RecordingFile, TickFile};
use godot::classes::file_access::ModeFlags;
use godot::classes::{FileAccess, RefCounted};
use godot::prelude::*;

/// A recording of what one AI believed, tick by tick: per tick and target its state, smoothed
/// and fused confidence, each sense's reading, loss reason, last known and predicted position
/// and uncertainty radius, and the state changes of that tick.
///
/// Make one with [method ApsPerceptionComponent.start_recording] and
/// [method ApsPerceptionComponent.save_recording], then read it back with [method load] to
/// step through it: in a test, in the debugger's APS tab, or attached to a bug report. The
/// file is JSON; the same run recorded twice gives the same file.
#[derive(GodotClass)]
#[class(init, base = RefCounted)]
pub struct ApsRecording {
    /// `ApsRecording.new()` is an empty recording, which saves and loads back like any other.
    #[init(val = RecordingFile::empty())]
    file: RecordingFile,
    base: Base<RefCounted>,
}

#[godot_api]
impl ApsRecording {
    /// Reads a recording written by [method ApsPerceptionComponent.save_recording] or
    /// [method save]. Null, with a warning naming the file and what is wrong, if it cannot.
    #[func]
    pub fn load(path: GString) -> Option<Gd<ApsRecording>> {
        let Some(text) = read(&path) else {
            crate::warnings::warn(&format!("ApsRecording.load {path}"), None, || {
                format!("ApsRecording.load: cannot read {path}")
            });
            return None;
        };
        match RecordingFile::from_json(&text) {
            Ok(file) => Some(Self::from_file(file)),
            Err(e) => {
                // The same damaged file, loaded again and again, is one cause.
                let message = format!("ApsRecording.load: {path} is not an APS recording: {e}");
                crate::warnings::warn(&message, None, || message.clone());
                None
            }
        }
    }

    /// Reads a recording from JSON text; null, with a warning, if it is not one.
    #[func]
    pub fn from_json(text: GString) -> Option<Gd<ApsRecording>> {
        match RecordingFile::from_json(&text.to_string()) {
            Ok(file) => Some(Self::from_file(file)),
            Err(e) => {
                let message = format!("ApsRecording.from_json: not an APS recording: {e}");
                crate::warnings::warn(&message, None, || message.clone());
                None
            }
        }
    }

    /// The recording as JSON, as [method save] writes it.
    #[func]
    pub fn to_json(&self) -> GString {
        GString::from(self.file.to_json().as_str())
    }

    /// Writes the recording to `path`. Returns false, with a warning, if it cannot.
    #[func]
    pub fn save(&self, path: GString) -> bool {
        Self::write(&self.file, &path, "ApsRecording.save")
    }

    /// The node path of the component that was recorded.
    #[func]
    pub fn get_perceiver(&self) -> GString {
        self.file.perceiver.as_str().into()
    }

    /// How many ticks it holds.
    #[func]
    pub fn get_tick_count(&self) -> i64 {
        self.file.ticks.len() as i64
    }

    /// Seconds from its first tick to its last.
    #[func]
    pub fn get_duration(&self) -> f64 {
        self.file.duration()
    }

    /// Tick `index` (0 is the oldest): `time` (seconds of the AI's perception time),
    /// `perceiver`, `beliefs` (each `target`, `state` (a state name), `confidence`, `fused`,
    /// `readings` (each sense's reading by name), `loss_reason`, `last_known_position`,
    /// `predicted_position`, `uncertainty`) and `changes` (its state changes: `target`, `old`,
    /// `new`). Empty if there is no such tick.
    #[func]
    pub fn get_tick(&self, index: i64) -> VarDictionary {
        usize::try_from(index)
            .ok()
            .and_then(|i| self.file.ticks.get(i))
            .map_or_else(VarDictionary::new, |t| self.tick_dict(t))
    }

    /// Every state change recorded, oldest first: `time`, `target`, `old`, `new` (state names).
    #[func]
    pub fn get_state_changes(&self) -> VarArray {
        let mut out = VarArray::new();
        for (time, c) in self.file.changes() {
            let mut d = change_dict(c);
            d.set("time", time);
            out.push(&d.to_variant());
        }
        out
    }
}

impl ApsRecording {
    /// A recording holding `file`.
    pub fn from_file(file: RecordingFile) -> Gd<ApsRecording> {
        Gd::from_init_fn(|base| ApsRecording { file, base })
    }

    /// Writes `file` to `path` as JSON; false, with a warning naming `call`, if it cannot.
    pub fn write(file: &RecordingFile, path: &GString, call: &str) -> bool {
        let Some(mut f) = FileAccess::open(path, ModeFlags::WRITE) else {
            crate::warnings::warn(&format!("{call} {path}"), None, || {
                format!(
                    "{call}: cannot write {path}: {:?}",
                    FileAccess::get_open_error()
                )
            });
            return false;
        };
        f.store_string(&file.to_json());
        f.close();
        true
    }

    fn tick_dict(&self, t: &TickFile) -> VarDictionary {
        let mut beliefs = VarArray::new();
        for b in &t.beliefs {
            beliefs.push(&belief_dict(b).to_variant());
        }
        let mut changes = VarArray::new();
        for c in &t.changes {
            changes.push(&change_dict(c).to_variant());
        }
        vdict! {
            "time" => t.time,
            "perceiver" => self.file.perceiver.as_str(),
            "beliefs" => &beliefs,
            "changes" => &changes,
        }
    }
}

/// A state change as scripts read it: `target`, `old`, `new`.
fn change_dict(c: &ChangeFile) -> VarDictionary {
    vdict! {
        "target" => c.target.as_str(),
        "old" => c.old.as_str(),
        "new" => c.new.as_str(),
    }
}

fn belief_dict(b: &BeliefFile) -> VarDictionary {
    let mut readings = VarDictionary::new();
    for (sense, r) in &b.readings {
        readings.set(sense.as_str(), *r);
    }
    let v = |p: [f32; 3]| Vector3::new(p[0], p[1], p[2]);
    vdict! {
        "target" => b.target.as_str(),
        "state" => b.state.as_str(),
        "confidence" => b.confidence,
        "fused" => b.fused,
        "readings" => &readings,
        "loss_reason" => b.loss_reason.as_str(),
        "last_known_position" => v(b.last_known_position),
        "predicted_position" => v(b.predicted_position),
        "uncertainty" => b.uncertainty,
    }
}

/// The whole text of a file, if it can be read.
fn read(path: &GString) -> Option<String> {
    let f = FileAccess::open(path, ModeFlags::READ)?;
    Some(f.get_as_text().to_string())
}
