//! The calls of a perception component that show what the AI believes and why: `explain`,
//! recordings and the debugger's snapshot (debug drawing is in `debug_draw_api.rs`). What they
//! show is made in `insight.rs`.

macro_rules! insight_api {
    ($C:ident, $I:ident, $N:ident, $V:ident, $D:ident, $S:ident, $Draw:ident, $two:literal, $px:literal) => {
        #[godot_api(secondary)]
        impl $C {
            /// Why the AI believes what it does about `target`, from its last pass: `state`,
            /// `state_name`, `confidence` (smoothed), `fused`, `dominant_sense` (a `SENSE_*` constant
            /// or -1) and `dominant_sense_name`, `loss_reason` and `loss_reason_name`, `looked_at`
            /// (whether the last pass looked at it), `senses` (by sense name: `confidence`,
            /// `perceived`, `cue` (what the sense found instead, a loss reason name), `factors` (each
            /// factor of the reading by name: for vision `distance`, `cone`, `light`, `exposure`,
            /// `visible_points` of `sample_points`, `motion`, `cloak`, `pain_dulling`, with `metres`,
            /// `degrees` and `light_level`; for hearing `loudness`, `noise`, `distance`, `fade`,
            /// `rain`, `muffling`; `transmission` behind an ApsOccluder), `blocked_by` (the nodes that
            /// stopped its rays), `through` (the occluders its rays passed through) and `text`), and
            /// `text`: all of it in words. The factors are noted only while the project setting
            /// `aps/debug/explain` is on (the default).
            #[doc = $px]
            #[func]
            pub fn explain(&self, target: Given<$N>) -> VarDictionary {
                let Some(target) = named("explain", &target) else {
                    return VarDictionary::new();
                };
                let t = target_of(&target);
                let why = match &self.state.core {
                    Some(core) => core.explain(t),
                    // Before its first pass it believes nothing and has read nothing.
                    None => Explanation::of(t, None, &Observations::new(), &Notes::new()),
                };
                self.state.explanation_dict(&why)
            }

            /// Starts keeping the last `seconds` of what the AI believed, tick by tick (replacing a
            /// recording under way). Its memory is set aside now; a tick then allocates nothing.
            /// Returns false (with a warning) when `seconds` is not above 0 or above an hour. One
            /// recording holds at most 262,144 belief frames (about 30 MB): a longer window keeps
            /// its newest ticks (at the default Base Update Interval and Max Tracked Targets,
            /// about the last 27 minutes of an hour asked for), which is said once for the AI.
            #[func]
            pub fn start_recording(&mut self, seconds: f32) -> bool {
                if !(seconds.is_finite() && seconds > 0.0 && seconds <= MAX_RECORDING_SECONDS) {
                    self.warn_call("start_recording", "seconds", || {
                        format!(
                            "seconds is {seconds}; it must be above 0 and at most \
                             {MAX_RECORDING_SECONDS}. Not recording."
                        )
                    });
                    return false;
                }
                if self.core_mut("start_recording").is_none() {
                    return false;
                }
                let Some(core) = self.state.core.as_mut() else {
                    return false;
                };
                let physics_dt = 1.0 / Engine::singleton().get_physics_ticks_per_second().max(1) as f32;
                let kept = core.start_recording_for(seconds, physics_dt);
                // A legal call: the window is cut as documented, and a game that starts
                // recordings again and again hears of it once.
                if kept < seconds && !self.state.warned_short_recording {
                    self.state.warned_short_recording = true;
                    godot_warn!(
                        "{CLASS}.start_recording: {seconds} s of a full ledger is more than one \
                         recording holds ({MAX_FRAMES} belief frames); it keeps about the last \
                         {kept:.0} s (on {}; said once for this AI)",
                        self.where_it_is()
                    );
                }
                true
            }

            /// Stops recording and returns what was recorded (null if nothing was).
            #[func]
            pub fn stop_recording(&mut self) -> Option<Gd<ApsRecording>> {
                self.core_mut("stop_recording")?;
                let recording = self.recording_file();
                if let Some(core) = self.state.core.as_mut() {
                    core.stop_recording();
                }
                recording.map(ApsRecording::from_file)
            }

            /// Whether a recording is under way.
            #[func]
            pub fn is_recording(&self) -> bool {
                self.state.core.as_ref().is_some_and(|c| c.recording().is_some())
            }

            /// What has been recorded so far, without stopping (null if not recording).
            #[func]
            pub fn get_recording(&self) -> Option<Gd<ApsRecording>> {
                self.recording_file().map(ApsRecording::from_file)
            }

            /// Writes what has been recorded so far to `path` as JSON (res://, user:// or a file
            /// path), without stopping. Load it back with [method ApsRecording.load]. Returns false,
            /// with a warning, when nothing is being recorded or the file cannot be written.
            #[func]
            pub fn save_recording(&self, path: GString) -> bool {
                match self.recording_file() {
                    Some(file) => {
                        ApsRecording::write(&file, &path, &format!("{CLASS}.save_recording"))
                    }
                    None => {
                        self.warn_call("save_recording", "not recording", || {
                            format!("nothing to save to {path}: it is not recording; call start_recording first")
                        });
                        false
                    }
                }
            }

            /// Everything the debugger's APS tab shows of this AI, as plain data (also the message it
            /// is sent): `id`, `name`, `path`, `time`, `awareness` and `awareness_name`, `attention`
            /// (the attention target's name), `emotions` (by name), `dominant_emotion`, `drawing`,
            /// `beliefs` (each `target`, `target_id`, `state`, `confidence`, `senses`, `threat`,
            /// `loss_reason`, `uncertainty`, `since_sensed`, `why`) and `timeline` (its last state
            /// changes, oldest first: `time`, `target`, `old`, `new`).
            #[func]
            pub fn get_debug_snapshot(&self) -> VarDictionary {
                let base = self.base();
                let mut d = vdict! {
                    "id" => base.instance_id().to_i64(),
                    "name" => &base.get_name(),
                    "path" => &self.where_it_is(),
                    "drawing" => self.is_drawing(),
                };
                let Some(core) = &self.state.core else {
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
                self.state.snapshot_into(core, &mut d);
                d
            }
        }

        impl $C {
            /// Its node path, or its name while it is outside the tree (which has no path).
            pub(super) fn where_it_is(&self) -> NodePath {
                let base = self.base();
                if base.is_inside_tree() {
                    base.get_path()
                } else {
                    NodePath::from(&base.get_name().to_string())
                }
            }

            /// One row of the debugger's perceiver list.
            pub fn debug_summary(&self) -> VarDictionary {
                let base = self.base();
                vdict! {
                    "id" => base.instance_id().to_i64(),
                    "name" => &base.get_name(),
                    "path" => &self.where_it_is(),
                    "awareness" => self.state.core.as_ref().map_or(0, |c| c.mind().awareness() as i32),
                    "beliefs" => self.state.core.as_ref().map_or(0, |c| c.mind().ledger().len() as i64),
                    "drawing" => self.is_drawing(),
                }
            }

            /// The recording under way, as plain data.
            fn recording_file(&self) -> Option<aps_core::insight::recording::RecordingFile> {
                self.state.recording_file(&self.where_it_is().to_string())
            }
        }
    };
}
pub(crate) use insight_api;
