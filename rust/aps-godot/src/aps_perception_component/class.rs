//! The class of a perception component, written once for the 3D `ApsPerceptionComponent` and
//! its 2D twin `ApsPerceptionComponent2D` (see `mod.rs`): its settings, its life in the tree and
//! its signals.

macro_rules! class {
    ($C:ident, $I:ident, $N:ident, $V:ident, $D:ident, $S:ident, $Draw:ident, $two:literal, $px:literal, $(#[doc = $doc:literal])*) => {
        /// The class's name, in warnings.
        const CLASS: &str = stringify!($C);

        /// The target a call about one (`call`, named in warnings) was given, if it is a live
        /// node of this kind; anything else is refused with one warning (see `given`), and the
        /// call answers as if it were never there.
        fn named(call: &str, target: &Given<$N>) -> Option<Gd<Node>> {
            target
                .required(
                    format_args!("{CLASS}.{call}"),
                    "target",
                    "answers as if it were never there",
                )
                .map(Gd::upcast)
        }

        $(#[doc = $doc])*
        #[derive(GodotClass)]
        #[class(tool, base = $N)]
        pub struct $C {
            /// The settings this AI perceives with. Empty: the APS defaults, with a warning. Ready
            /// ones are in `addons/aps/presets`. A profile is shared by every AI it is set on.
            #[export]
            #[var(set = set_profile)]
            profile: Option<Gd<ApsProfile>>,
            /// Whether perception runs. While off, beliefs are kept as they are.
            #[export]
            enabled: bool,
            /// Which way it looks from where it stands. Place the component where the eyes are,
            /// under the node that turns with the head (the head, the model, the skeleton's head
            /// bone, the camera), and choose the axis that node looks along: in 3D Forward (-Z,
            /// Godot's forward, as cameras and `look_at` use) or Model Front (+Z, the way glTF
            /// models face); in 2D Right (+X, rotation 0), Left, Up or Down. Movement looks the
            /// way its body moves (keeping the last direction while it stands still), for a body
            /// that never turns: a rotation-locked rigid body, a 2D sprite that is flipped rather
            /// than turned. The editor's gizmo draws the gaze; a body that keeps moving away from
            /// where its eye looks while the eye never turns gets one warning.
            #[export]
            #[var(set = set_gaze)]
            gaze: Gaze,
            /// This AI's team, for relationships (spec section 9), and the team its body is on
            /// when other AI perceive it. Every AI starts on team 1, so AI are Teammates of each
            /// other and a player on no team (0) is their enemy; give rival factions numbers of
            /// their own. A group of the project setting `aps/teams/groups` that the body is in
            /// decides instead.
            #[export]
            #[var(set = set_team_id)]
            team_id: i32,
            /// Scales how often it perceives and how many rays it casts, keeping its beliefs.
            #[export]
            #[var(set = set_quality_profile)]
            quality_profile: Option<Gd<ApsQualityProfile>>,
            /// What to draw in the running game of what this AI perceives and believes (the `DRAW_*`
            /// flags): its cones and ranges, each vision ray (green where it reached its point, red
            /// where blocked), a label over each believed target, where it believes they are, why it
            /// lost them, the sounds it hears, scent trails and its attention. Nothing is made until it
            /// is first set; set empty again, the drawing is hidden and kept for the next time, so
            /// toggling it makes nothing new. The project setting `aps/debug/draw` draws everything
            /// for every AI.
            #[export(flags = (Cones = 1, Rays = 2, Labels = 4, Whereabouts = 8, LossReasons = 16, Sounds = 32, Scent = 64, Attention = 128))]
            #[var(set = set_debug_draw)]
            debug_draw: i64,
            /// Everything it holds besides its settings (see `perceiver`).
            state: PerceiverState<$D>,
            base: Base<$N>,
        }

        #[godot_api]
        impl $I for $C {
            fn init(base: Base<$N>) -> Self {
                $C {
                    profile: None,
                    enabled: true,
                    gaze: Gaze::default(),
                    team_id: aps_core::gather::team::DEFAULT_AI_TEAM,
                    quality_profile: None,
                    state: PerceiverState::default(),
                    debug_draw: 0,
                    base,
                }
            }

            fn ready(&mut self) {
                if in_editor() {
                    return;
                }
                self.find_own_bodies();
                if self.state.own.is_empty() {
                    godot_warn!(
                        "{CLASS} {}: no physics body above it. Place it under the AI's \
                         body (e.g. a {}) so its rays and candidates skip the AI itself.",
                        self.base().get_path(),
                        if $two { "CharacterBody2D" } else { "CharacterBody3D" }
                    );
                }
                ApsWorld::singleton().bind_mut().ensure_tracking();
            }

            fn enter_tree(&mut self) {
                // Reparented or back in the tree: its own bodies may be others now.
                self.find_own_bodies();
                if in_editor() {
                    self.watch_profile();
                    return;
                }
                let me = self.spatial();
                self.state.world = me.world_key();
                let mut aps = ApsWorld::singleton();
                let mut aps = aps.bind_mut();
                aps.add_perceiver(&me);
                if let Some(body) = self.state.own.body() {
                    aps.world_of_mut(Some(body))
                        .registry_mut()
                        .set_ai_team(body.instance_id(), Some(self.team_id));
                }
                if self.debug_draw != 0 {
                    aps.add_drawing(me.node().instance_id());
                }
            }

            fn exit_tree(&mut self) {
                if in_editor() {
                    self.state.watch.stop();
                    return;
                }
                let id = self.base().instance_id();
                let mut aps = ApsWorld::singleton();
                let mut aps = aps.bind_mut();
                aps.remove_perceiver(id);
                if let Some(body) = self.state.own.body() {
                    aps.world_of_mut(Some(body))
                        .registry_mut()
                        .set_ai_team(body.instance_id(), None);
                }
                drop(aps);
                self.state.world = None;
                self.stop_drawing();
            }

            /// The Scene dock's warnings (see `editor/warnings.rs`).
            fn get_configuration_warnings(&self) -> PackedStringArray {
                self.get_setup_warnings()
            }

            /// A profile or quality profile set to something else than one (or null) is refused
            /// with one warning, and the setting stays as it was; godot-rust's own setter would
            /// fail on it with an error. Every other value goes on to the setters as usual.
            fn on_set(&mut self, property: StringName, value: Variant) -> bool {
                if property == "profile" {
                    crate::given::refuses_setting::<ApsProfile>(
                        format_args!("{CLASS}.profile"),
                        &value,
                    )
                } else if property == "quality_profile" {
                    crate::given::refuses_setting::<ApsQualityProfile>(
                        format_args!("{CLASS}.quality_profile"),
                        &value,
                    )
                } else {
                    false
                }
            }
        }

        impl $C {
            /// Called by the driver when this AI's turn comes (its level of detail and the frame
            /// budget decide when): a full pass over `dt` seconds, or for a suspended AI (`full`
            /// false) only the fading of memory; then its signals. `this` must not be bound: scripts
            /// (custom senses, signal handlers) run with no bind held, and may free anything.
            pub fn run_scheduled(mut this: Gd<Self>, dt: f32, full: bool, tier: u8) {
                // Where the eyes were this pass, for the schedule (read again if none ran).
                let mut at = None;
                let prepared = {
                    let mut c = this.bind_mut();
                    if c.enabled && c.runs_here() {
                        c.refresh_profile();
                        if full {
                            c.prepare_pass(dt, tier)
                        } else {
                            let eye = c.eye();
                            at = Some(eye.position);
                            let c = &mut *c;
                            if let Some(core) = c.state.core.as_mut() {
                                c.state.pending.extend_from_slice(core.fade(dt, eye));
                            }
                            None
                        }
                    } else {
                        None
                    }
                };
                if let Some(mut pass) = prepared {
                    at = Some(pass.eye.position);
                    pass.run();
                    if !this.is_instance_valid() {
                        return; // a custom sense freed the AI: its core goes with the pass
                    }
                    this.bind_mut().finish_pass(pass);
                }
                let outgoing = {
                    let mut c = this.bind_mut();
                    c.report_to_world(at);
                    c.take_outgoing()
                };
                signals_emit(&this, outgoing);
            }

            /// Tells the schedule where the AI is (`at`, in the core's space, if this frame's pass
            /// already read it), how aware it is and how often it perceives.
            pub(super) fn report_to_world(&mut self, at: Option<Vec3>) {
                // Before a core exists, the schedule keeps the default Base Update Interval.
                let (awareness, interval, beliefs) =
                    self.state.core
                        .as_ref()
                        .map_or((0, Performance::default().base_update_interval, 0), |c| {
                            let m = c.mind();
                            (
                                m.awareness() as u8,
                                m.profile().performance.base_update_interval,
                                m.ledger().len() as u32,
                            )
                        });
                let id = self.base().instance_id();
                let at = at.unwrap_or_else(|| <$D as Dim>::to_core(self.base().get_global_position()));
                if let Some(key) = self.state.world {
                    ApsWorld::singleton()
                        .bind_mut()
                        .report_perceiver(key, id, at, awareness, interval, beliefs);
                }
            }

            /// The eyes: the component's global position, looking along its gaze (see
            /// [member gaze]), as of its last pass for the Movement gaze.
            fn eye(&self) -> Pose {
                self.state.eyes.pose(&self.spatial(), self.gaze.axis())
            }

            /// The eyes at world time `now`, at the start of a pass (see `gaze::Eyes`); an eye
            /// that never follows its body is said once.
            fn eye_now(&mut self, now: f64) -> Pose {
                let (eye, never_follows) = self.state.eyes.pose_now(&self.spatial(), self.gaze.axis(), now);
                if never_follows {
                    godot_warn!(
                        "{CLASS} {}: its body has moved {} m away from where its eye looks, and \
                         the eye never turned. It may sit under a node that never turns, or look \
                         along the wrong axis: place it under the node that turns with the head \
                         (the head, the model, the camera), set Gaze to {} if that node faces \
                         the other way, or to Movement if nothing turns.",
                        self.base().get_path(),
                        aps_core::gaze::BACKWARD_TRAVEL,
                        if $two { "Left" } else { "Model Front" }
                    );
                }
                eye
            }

            /// This component as a node with a place.
            fn spatial(&self) -> Spatial {
                Spatial::$S(self.base().clone())
            }
        }

        #[godot_api]
        impl $C {
            /// A target became Suspected: "what was that?".
            #[signal]
            fn target_suspected(target: Option<Gd<$N>>, confidence: f32);
            /// A target became Detected, going up or stepping down from Tracked.
            #[signal]
            fn target_detected(target: Option<Gd<$N>>, confidence: f32);
            /// A target became Tracked: full engagement.
            #[signal]
            fn target_tracked(target: Option<Gd<$N>>, confidence: f32);
            /// A target was lost; `reason` is one of the `LOSS_*` constants. `target` is null when it
            /// no longer exists (`LOSS_TARGET_DESTROYED`).
            #[doc = $px]
            #[signal]
            fn target_lost(target: Option<Gd<$N>>, reason: i32, last_known_position: $V);
            /// A lost target is fading in memory.
            #[signal]
            fn target_remembered(target: Option<Gd<$N>>, confidence: f32);
            /// A target was forgotten.
            #[signal]
            fn target_expired(target: Option<Gd<$N>>);
            /// A target went back to Undetected.
            #[signal]
            fn target_forgotten(target: Option<Gd<$N>>);
            /// Any state change, with the `STATE_*` constants it moved between.
            #[signal]
            fn target_state_changed(target: Option<Gd<$N>>, old_state: i32, new_state: i32);
            /// The AI's awareness level changed (`AWARENESS_*` constants).
            #[signal]
            fn awareness_changed(old_level: i32, new_level: i32);
            /// The target the AI commits to changed.
            #[signal]
            fn attention_changed(old_target: Option<Gd<$N>>, new_target: Option<Gd<$N>>);
            /// No one is noticed any more: the AI can stand down.
            #[signal]
            fn all_clear();

            /// Beliefs were restored by [method load_beliefs] (or [method ApsWorld.load_state]); fired
            /// once, at the end of the frame, instead of the state signals of the restored states.
            /// Read the beliefs here to resume your scripts (who to chase, where to search).
            #[signal]
            fn beliefs_loaded();
            /// What the Scene dock's warning triangle says about this AI, one line per problem: no
            /// profile, no physics body above it, a profile that perceives nothing, state thresholds
            /// out of order, an empty Custom Senses slot. Empty when it is set up right, so a game's
            /// own tests can check its scenes with it.
            /// The same lines as [method get_setup_warnings], under the name Godot gives a node's
            /// warnings, for scripts and tests that ask any node for them that way.
            #[func(rename = _get_configuration_warnings)]
            pub fn configuration_warnings(&self) -> PackedStringArray {
                self.get_setup_warnings()
            }

            #[func]
            pub fn get_setup_warnings(&self) -> PackedStringArray {
                crate::editor::warnings::perception(
                    &self.to_gd().upcast(),
                    self.profile.as_ref(),
                    !self.state.own.is_empty(),
                    self.gaze.axis().is_some(),
                    $two,
                )
            }

            /// Sets the profile (null: the APS defaults). Beliefs are kept; the next pass perceives
            /// with the new settings.
            #[func]
            pub fn set_profile(&mut self, profile: Option<Gd<ApsProfile>>) {
                self.profile = profile;
                if in_editor() && self.base().is_inside_tree() {
                    self.watch_profile();
                }
            }

            /// Sets what is drawn (see [member debug_draw]); 0 hides the drawing at the next physics
            /// frame, keeping its nodes for when it is drawn again. -1 draws everything; other bits
            /// beyond `DRAW_ALL` are dropped with a warning (once for this AI, then at most once a
            /// second while a script repeats it).
            #[func]
            pub fn set_debug_draw(&mut self, flags: i64) {
                let all = i64::from(crate::debug_draw::flags::ALL);
                let kept = flags & all;
                // -1 is how a script says "every flag": all bits set, none unknown meant.
                if flags != kept && flags != -1 {
                    self.warn_call("debug_draw", "bits", || {
                        format!("{flags} has bits beyond DRAW_ALL ({all}); using {kept}")
                    });
                }
                let flags = kept;
                self.debug_draw = flags;
                if flags != 0 && !in_editor() && self.base().is_inside_tree() {
                    let id = self.base().instance_id();
                    ApsWorld::singleton().bind_mut().add_drawing(id);
                }
            }

            /// Sets which way it looks (see [member gaze]); in the editor its gizmo and warnings
            /// follow at once.
            #[func]
            pub fn set_gaze(&mut self, gaze: Gaze) {
                self.gaze = gaze;
                if in_editor() {
                    crate::editor::watch::refresh(&self.to_gd());
                }
            }

            /// Sets this AI's team (see [member team_id]); other AI see its body on the new team
            /// from their next look.
            #[func]
            pub fn set_team_id(&mut self, team: i32) {
                self.team_id = team;
                let own = self.own_team();
                if let Some(core) = self.state.core.as_mut() {
                    core.mind_mut().set_team(own);
                }
                if in_editor() || !self.base().is_inside_tree() {
                    return;
                }
                if let Some(body) = self.state.own.body() {
                    ApsWorld::singleton()
                        .bind_mut()
                        .world_of_mut(Some(body))
                        .registry_mut()
                        .set_ai_team(body.instance_id(), Some(team));
                }
            }

            /// Sets the quality profile (null: full quality): perception intervals and rays scale at
            /// once, and every belief is kept.
            #[func]
            pub fn set_quality_profile(&mut self, quality: Option<Gd<ApsQualityProfile>>) {
                self.quality_profile = quality;
            }

            /// The AI's own pain changed (0..1); high pain dulls its other senses.
            #[signal]
            fn pain_changed(level: f32);
            /// The AI was hurt (see ApsWorld.report_damage); `instigator` is null if unknown or gone.
            #[doc = $px]
            #[signal]
            fn damage_taken(instigator: Option<Gd<$N>>, amount: f32, location: $V);
            /// Someone touched the AI (see ApsWorld.report_touch).
            #[signal]
            fn touched(target: Option<Gd<$N>>);
            /// A target's threat level changed (`THREAT_*` constants).
            #[signal]
            fn threat_level_changed(target: Option<Gd<$N>>, old_level: i32, new_level: i32);
            /// The dominant emotion changed: "fear", "aggression", "curiosity", "alertness", "panic",
            /// or "" when none is above the Emotion Active Threshold.
            #[signal]
            fn emotion_changed(old_emotion: StringName, new_emotion: StringName);
            /// A belief about a place changed state (a noise with no known source, evidence found,
            /// report_location_belief); `state` is a `STATE_*` constant.
            #[doc = $px]
            #[signal]
            fn location_belief_changed(location: $V, tag: StringName, state: i32, confidence: f32);
        }

        impl $C {
            /// In the editor: redraws the gizmo and re-asks the warnings now and whenever the profile
            /// or one of its sub-resources changes.
            fn watch_profile(&mut self) {
                let me = self.to_gd().upcast::<$N>();
                let profile = self.profile.clone();
                self.state.watch.watch(&me, profile.as_ref(), |node| {
                    if let Ok(mut c) = node.try_cast::<$C>() {
                        // The node may be freed before the end of the frame (an undo, a closed scene).
                        c.run_deferred_gd(|mut c| {
                            if c.is_instance_valid() && c.is_inside_tree() {
                                c.bind_mut().watch_profile();
                            }
                        });
                    }
                });
                crate::editor::watch::refresh(&me);
            }

            /// Every collision body among its ancestors: never a candidate, never hit by its rays. A
            /// belief it held about one of them (before it was reparented into it) is dropped.
            fn find_own_bodies(&mut self) {
                let me = self.to_gd().upcast::<Node>();
                self.state.own.find(&me, $two);
                self.state.eyes.reset(self.state.own.body(), $two);
                self.state.buffers.exclude(self.state.own.rids());
                self.state.exclude_stale = self.state.in_pass;
                if let Some(core) = self.state.core.as_mut() {
                    for node in self.state.own.nodes() {
                        core.mind_mut().forget(crate::convert::target_id(*node));
                    }
                }
            }

            /// Whether `target` is this AI's own body (or any node above it): an AI never believes in
            /// itself (spec section 13), so calls about it are refused with a warning naming `call`.
            fn refuse_own(&self, call: &str, target: &Gd<Node>) -> bool {
                let id = target_of(target);
                let own = self
                    .state.own
                    .nodes()
                    .iter()
                    .any(|n| crate::convert::target_id(*n) == id);
                if own {
                    self.warn_call(call, "own body", || {
                        format!(
                            "{} is this AI's own body; an AI never perceives itself, so the call \
                             is ignored",
                            crate::warnings::describe(target)
                        )
                    });
                }
                own
            }

            /// On a multiplayer client perception does not run (spec section 10): a call that would
            /// change belief is refused, with one warning per call.
            fn refuse_on_client(&mut self, call: &'static str) -> bool {
                if self.runs_here() {
                    return false;
                }
                if !self.state.refused_on_client.contains(&call) {
                    self.state.refused_on_client.push(call);
                    godot_warn!(
                        "{CLASS}.{call}: perception runs on the server; on a client the call is \
                         ignored (on {}; said once for this call on this AI)",
                        self.where_it_is()
                    );
                }
                true
            }

            /// Warns of a mistake a script made in `call` on this AI, about `what` (a parameter,
            /// a value): `message` says what was wrong, with the value, and what APS did
            /// instead. The warning names the call and the AI, and is said once, then at most
            /// once a second while the script repeats the mistake (see `warnings`).
            pub(super) fn warn_call(&self, call: &str, what: &str, message: impl FnOnce() -> String) {
                let who = self.base().instance_id();
                crate::warnings::warn(&format!("{call} {what}"), Some(who), || {
                    format!("{CLASS}.{call}: {} (on {})", message(), self.where_it_is())
                });
            }

            /// A replicator child arrived: the belief calls of a client answer from it (the one
            /// that came last, if there are several).
            pub(crate) fn add_replicator(&mut self, replicator: InstanceId) {
                self.state.replicator = Some(replicator);
            }

            /// A replicator child left: if it was the one answering, another child replicator (if
            /// any) answers instead.
            pub(crate) fn remove_replicator(&mut self, replicator: InstanceId) {
                if self.state.replicator != Some(replicator) {
                    return;
                }
                self.state.replicator = self
                    .base()
                    .get_children()
                    .iter_shared()
                    .filter(|c| c.instance_id() != replicator && !c.is_queued_for_deletion())
                    .find(crate::aps_replicator::is_replicator)
                    .map(|c| c.instance_id());
            }

            /// What a replicator sends of this AI: awareness, attention, and each believed actor that
            /// still exists (its key is filled in by the replicator).
            pub(crate) fn replica_rows(&self) -> ReplicaRows {
                let Some(core) = self.state.core.as_ref() else {
                    return (aps_core::AwarenessLevel::Unaware, None, Vec::new());
                };
                let mind = core.mind();
                let rows = mind
                    .beliefs()
                    .filter(|b| b.kind == aps_core::TargetKind::Actor)
                    .filter_map(|b| {
                        let node = crate::convert::live_node_as::<Node>(b.target)?;
                        Some((
                            node,
                            aps_core::replica::ReplicatedBelief {
                                target: String::new(),
                                state: b.state,
                                confidence: b.confidence,
                                threat: b.threat_score,
                                loss_reason: b.loss_reason,
                                last_known_position: b.last_known_position,
                            },
                        ))
                    })
                    .collect();
                let attention = mind
                    .attention_target()
                    .and_then(crate::convert::live_node_as::<Node>);
                (mind.awareness(), attention, rows)
            }

            /// This AI's own team: a group of `aps/teams/groups` its body is in, else its Team Id
            /// (core: `gather::team`).
            fn own_team(&self) -> i32 {
                self.state.own_team(self.team_id)
            }

            /// Perception runs only where the game is authoritative (spec section 10).
            fn runs_here(&self) -> bool {
                match self.base().get_multiplayer() {
                    Some(mp) => ApsWorld::singleton().bind_mut().is_authority_this_frame(&mp),
                    None => true,
                }
            }

            /// The replicator that answers the belief calls, on a multiplayer client.
            fn replica_id(&self) -> Option<InstanceId> {
                self.state.replicator.filter(|_| !self.runs_here())
            }

            /// The mind, built on first use; `None` while a pass runs (a GDScript sense calling
            /// back), with a warning naming the call.
            fn core_mut(&mut self, call: &str) -> Option<&mut aps_core::mind::Mind> {
                if self.state.in_pass {
                    self.warn_call(call, "in pass", || {
                        "called from inside a perception pass (a custom sense); ignored".into()
                    });
                    return None;
                }
                self.refresh_profile();
                self.state.core.as_mut().map(PerceptionCore::mind_mut)
            }

            /// Builds the core on first use and rebuilds its profile, keeping beliefs, whenever the
            /// profile resource is swapped or edited.
            fn refresh_profile(&mut self) {
                let settings = super::core_profile::Settings {
                    me: self.base().instance_id(),
                    class: CLASS,
                    profile: &mut self.profile,
                    quality: self.quality_profile.as_ref(),
                    team_id: self.team_id,
                };
                self.state.refresh_profile(settings);
            }
        }
    };
}
pub(crate) use class;
