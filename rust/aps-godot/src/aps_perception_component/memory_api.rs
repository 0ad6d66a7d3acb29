//! What a perception component exposes beyond confidence (spec sections 7, 8, 9, 11, 14):
//! where it thinks targets are, memory, threat and relationships, emotion, scripted evidence,
//! places, and the player model. The reads forward to `memory.rs`.

macro_rules! memory_api {
    ($C:ident, $I:ident, $N:ident, $V:ident, $D:ident, $S:ident, $Draw:ident, $two:literal, $px:literal) => {
        #[godot_api(secondary)]
        impl $C {
            /// Where the most precise sense last placed `target` (spec section 7: not the strongest).
            #[doc = $px]
            #[func]
            pub fn get_last_known_position(&self, target: Given<$N>) -> $V {
                let target = named("get_last_known_position", &target);
                self.state.last_known_position(self.replica_id(), target)
            }

            /// Where the AI thinks `target` is now: the last known position while sensed or with the
            /// profile's Enable Prediction off; while lost, where its last run would have taken it.
            #[doc = $px]
            #[func]
            pub fn get_predicted_position(&self, target: Given<$N>) -> $V {
                self.state.predicted_position(named("get_predicted_position", &target))
            }

            /// A ready-made search radius in metres: small while `target` is sensed precisely, growing
            /// while it is not (feed it to a NavigationServer3D random point query).
            #[doc = $px]
            #[func]
            pub fn get_uncertainty_radius(&self, target: Given<$N>) -> f32 {
                self.state.uncertainty_radius(named("get_uncertainty_radius", &target))
            }

            /// `target`'s velocity as the AI measured it, m/s.
            #[doc = $px]
            #[func]
            pub fn get_estimated_velocity(&self, target: Given<$N>) -> $V {
                self.state.estimated_velocity(named("get_estimated_velocity", &target))
            }

            /// The last encounters with `target`, newest first (at most 5), each a Dictionary:
            /// `time`, `loss_reason`, `location`, `ai_facing` (which way the AI looked),
            /// `target_direction` (which way it ran), `lost_from` (a `STATE_*`), `peak_confidence`.
            #[doc = $px]
            #[func]
            pub fn get_recent_episodes(&self, target: Given<$N>) -> Array<VarDictionary> {
                self.state.recent_episodes(named("get_recent_episodes", &target))
            }

            /// The newest encounter with `target` (see get_recent_episodes), or an empty Dictionary.
            #[func]
            pub fn get_last_episode(&self, target: Given<$N>) -> VarDictionary {
                self.state.last_episode(named("get_last_episode", &target))
            }

            /// `target`'s threat level (a `THREAT_*` constant).
            #[func]
            pub fn get_threat_level(&self, target: Given<$N>) -> i32 {
                self.state.threat_level(named("get_threat_level", &target))
            }

            /// `target`'s threat score, 0..1.
            #[func]
            pub fn get_threat_score(&self, target: Given<$N>) -> f32 {
                let target = named("get_threat_score", &target);
                self.state.threat_score(self.replica_id(), target)
            }

            /// Who `target` is to this AI (a `RELATIONSHIP_*` constant): a per-target override, else
            /// the profile's team rules for the team `target` is on (see [member team_id]).
            #[func]
            pub fn get_relationship(&self, target: Given<$N>) -> i32 {
                let Some(t) = named("get_relationship", &target) else {
                    return Relationship::Unknown as i32;
                };
                let id = target_of(&t);
                let perceiver = self.state.core.as_ref().map(|c| c.mind());
                perceiver
                    .and_then(|p| p.belief(id).map(|b| b.relationship))
                    .or_else(|| {
                        let team = ApsWorld::singleton()
                            .bind_mut()
                            .world_of_mut(Some(&t))
                            .team_of(&t);
                        perceiver.and_then(|p| p.relationship_of(id, Some(team)))
                    })
                    .unwrap_or(Relationship::Unknown) as i32
            }

            /// Decides who `target` is to this AI whatever its team (a `RELATIONSHIP_*` constant);
            /// -1 goes back to the team rules. An AI keeps relationships for at most 1,024
            /// targets that still exist: past that the call is refused with one warning.
            #[func]
            pub fn set_relationship(&mut self, target: Given<$N>, relationship: i32) {
                let call = concat!(stringify!($C), ".set_relationship");
                let Some(t) = target.required(call, "target", "ignored") else {
                    return;
                };
                let t = t.upcast::<Node>();
                if self.refuse_on_client("set_relationship") {
                    return;
                }
                let rel = match relationship {
                    -1 => None,
                    r => match Relationship::from_index(i64::from(r)) {
                        Some(rel) => Some(rel),
                        None => {
                            self.warn_call("set_relationship", "relationship", || {
                                format!(
                                    "relationship {r} is not a RELATIONSHIP_* value (0..6) or -1; \
                                     ignored"
                                )
                            });
                            return;
                        }
                    },
                };
                let id = target_of(&t);
                let Some(p) = self.core_mut("set_relationship") else {
                    return;
                };
                let mut set = p.set_relationship(id, rel);
                if !set {
                    // Targets freed since their relationship was set hold no place any more.
                    p.forget_relationships_unless(|t| live_node_as::<Node>(t).is_some());
                    set = p.set_relationship(id, rel);
                }
                if set {
                    self.state.warned_relationships_full = false;
                } else if !std::mem::replace(&mut self.state.warned_relationships_full, true) {
                    godot_warn!(
                        "{CLASS}.set_relationship: this AI holds relationships for {} targets \
                         that still exist, the most it keeps; {} keeps its team's relationship \
                         (clear one with -1 first)",
                        aps_core::brain::relations::MAX_RELATIONSHIPS,
                        crate::warnings::describe(&t)
                    );
                }
            }

            /// One of the AI's emotions by name ("fear", "aggression", "curiosity", "alertness",
            /// "panic"), 0..1.
            #[func]
            pub fn get_emotion(&self, emotion: StringName) -> f32 {
                let Some(e) = Emotion::from_name(&emotion.to_string()) else {
                    self.warn_call("get_emotion", "emotion", || {
                        format!(
                            "no emotion named \"{emotion}\" (fear, aggression, curiosity, \
                             alertness, panic); 0 is answered"
                        )
                    });
                    return 0.0;
                };
                self.state.emotion(e)
            }

            /// The strongest emotion at or above the profile's Emotion Active Threshold, or "".
            #[func]
            pub fn get_dominant_emotion(&self) -> StringName {
                self.state.dominant_emotion()
            }

            /// Lowers, caps, clears or floors belief in `target` from script for `duration` seconds:
            /// `kind` is an `EVIDENCE_*` constant, `amount` 0..1. The evidence lasts until it expires or
            /// remove_target_evidence, even while the target is not in the AI's beliefs.
            #[func]
            pub fn add_target_evidence(
                &mut self,
                target: Given<$N>,
                kind: i32,
                amount: f32,
                duration: f32,
            ) {
                let call = concat!(stringify!($C), ".add_target_evidence");
                let Some(t) = target.required(call, "target", "ignored") else {
                    return;
                };
                let t = t.upcast::<Node>();
                if self.refuse_on_client("add_target_evidence")
                    || self.refuse_own("add_target_evidence", &t)
                {
                    return;
                }
                let Some(kind) = EvidenceKind::from_index(i64::from(kind)) else {
                    self.warn_call("add_target_evidence", "kind", || {
                        format!("kind {kind} is not an EVIDENCE_* value (0..3); ignored")
                    });
                    return;
                };
                if !amount.is_finite() || !duration.is_finite() || duration < 0.0 {
                    self.warn_call("add_target_evidence", "amount", || {
                        format!(
                            "amount {amount} and duration {duration} must be numbers, duration \
                             0 or more; ignored"
                        )
                    });
                    return;
                }
                let id = target_of(&t);
                if let Some(p) = self.core_mut("add_target_evidence") {
                    p.add_evidence(id, kind, amount, duration);
                }
            }

            /// Removes every piece of scripted evidence about `target`.
            #[func]
            pub fn remove_target_evidence(&mut self, target: Given<$N>) {
                let call = concat!(stringify!($C), ".remove_target_evidence");
                if let Some(t) = target.required(call, "target", "ignored") {
                    let t = t.upcast::<Node>();
                    if self.refuse_on_client("remove_target_evidence") {
                        return;
                    }
                    let id = target_of(&t);
                    if let Some(p) = self.core_mut("remove_target_evidence") {
                        p.remove_evidence(id);
                    }
                }
            }

            /// A belief about a place from your own logic: `confidence` 0..1 that something of kind
            /// `tag` is at `location`, give or take `accuracy` metres. Reports close together with the
            /// same tag merge into one place. Returns false if there was no room.
            #[doc = $px]
            #[func]
            pub fn report_location_belief(
                &mut self,
                location: $V,
                tag: StringName,
                confidence: f32,
                accuracy: f32,
            ) -> bool {
                if self.refuse_on_client("report_location_belief") {
                    return false;
                }
                if !location.is_finite() || !confidence.is_finite() {
                    self.warn_call("report_location_belief", "location", || {
                        format!(
                            "location {location} and confidence {confidence} must be finite; \
                             ignored"
                        )
                    });
                    return false;
                }
                let accuracy = if accuracy.is_finite() && accuracy >= 0.0 {
                    <$D as Dim>::to_meters(accuracy)
                } else {
                    let used = aps_core::belief::places::MERGE_RADIUS;
                    let unit = if $two { "px" } else { "m" };
                    self.warn_call("report_location_belief", "accuracy", || {
                        format!(
                            "accuracy {accuracy} must be 0 {unit} or more; using {} {unit}",
                            <$D as Dim>::from_meters(used)
                        )
                    });
                    used
                };
                let tag = ApsWorld::singleton().bind_mut().tag_index(tag);
                self.core_mut("report_location_belief")
                    .and_then(|p| p.report_place(tag, <$D as Dim>::to_core(location), confidence, accuracy))
                    .is_some()
            }

            /// The place belief with the highest confidence, as a Dictionary (`location`, `tag`,
            /// `state`, `confidence`), or an empty Dictionary.
            #[doc = $px]
            #[func]
            pub fn get_strongest_location_belief(&self) -> VarDictionary {
                self.state.strongest_location_belief()
            }

            /// Every place belief, each a Dictionary like get_strongest_location_belief's.
            #[func]
            pub fn get_location_beliefs(&self) -> Array<VarDictionary> {
                self.state.location_beliefs()
            }

            /// What the AI has learned about how `target` behaves: `encounters`, `losses`, `hides`
            /// (lost behind cover), `hide_rate`, `outruns` (got out of range), `typical_speed` (m/s),
            /// `preferred_escape_direction`, `time_sensed` (s). Empty if it never met `target`.
            #[doc = $px]
            #[func]
            pub fn get_player_model(&self, target: Given<$N>) -> VarDictionary {
                self.state.player_model(named("get_player_model", &target))
            }
        }

    };
}
pub(crate) use memory_api;
