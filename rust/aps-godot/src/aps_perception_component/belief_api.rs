//! The calls of a perception component about belief, awareness and attention (spec sections 3
//! to 6): the spec's Blueprint nodes as GDScript methods. The reads forward to `beliefs.rs`.

macro_rules! belief_api {
    ($C:ident, $I:ident, $N:ident, $V:ident, $D:ident, $S:ident, $Draw:ident, $two:literal, $px:literal) => {
        #[godot_api(secondary)]
        impl $C {
            /// The AI's own pain, 0..1.
            #[func]
            pub fn get_pain_level(&self) -> f32 {
                self.state.core.as_ref().map_or(0.0, PerceptionCore::pain)
            }

            /// The state of the belief about `target` (a `STATE_*` constant); Undetected if none.
            #[func]
            pub fn get_belief_state(&self, target: Given<$N>) -> i32 {
                let target = named("get_belief_state", &target);
                self.state.belief_state(self.replica_id(), target)
            }

            /// Smoothed confidence (0..1) that `target` is there.
            #[func]
            pub fn get_confidence(&self, target: Given<$N>) -> f32 {
                let target = named("get_confidence", &target);
                self.state.confidence(self.replica_id(), target)
            }

            /// Why `target` was lost (a `LOSS_*` constant); `LOSS_NONE` if it is not lost.
            #[func]
            pub fn get_loss_reason(&self, target: Given<$N>) -> i32 {
                let target = named("get_loss_reason", &target);
                self.state.loss_reason(self.replica_id(), target)
            }

            /// What an OutOfRange loss of `target` meant (a `LOSS_DETAIL_*` constant):
            /// `LOSS_DETAIL_OUTSIDE_CONE` when it left the side of the view cone (or the
            /// echolocation pulse's) within range, `LOSS_DETAIL_TOO_FAR` when it got too far to
            /// make out; `LOSS_DETAIL_NONE` for any other reason, or when it is not lost. A guard
            /// whose head swept past the player (outside the cone) might look again rather than
            /// chase.
            #[func]
            pub fn get_loss_detail(&self, target: Given<$N>) -> i32 {
                self.state.loss_detail(named("get_loss_detail", &target))
            }

            /// The direction `target` was travelling when it was lost; zero if it was not moving.
            #[doc = $px]
            #[func]
            pub fn get_loss_direction(&self, target: Given<$N>) -> $V {
                self.state
                    .loss_direction(named("get_loss_direction", &target))
            }

            /// Everything believed about `target`, or an empty Dictionary if nothing: `confidence`,
            /// `state`, `loss_reason`, `loss_detail`, `loss_direction`, `last_known_position`, `active_senses` (the
            /// `SENSE_*` constants active now), `fused`, `estimated_velocity`, `time_in_state`,
            /// `time_since_sensed`, `detections`, `sort_score`, `long_term_memory` (Long Term Memory
            /// Strength), `uncertainty_radius`, `threat_score`, `threat_level`, `relationship`,
            /// `damage_received`, `dominant_sense` (the sense that set the level when a sense last had
            /// the target) and `governing_sense` (whose loss row applies), each a `SENSE_*` or -1.
            #[func]
            pub fn get_belief_data(&self, target: Given<$N>) -> VarDictionary {
                self.state.belief_data(named("get_belief_data", &target))
            }

            /// Every target the AI holds a belief about and that still exists.
            #[func]
            pub fn get_known_targets(&self) -> Array<Gd<$N>> {
                self.state.known_targets()
            }

            /// The AI's awareness (an `AWARENESS_*` constant), from its top target's confidence.
            #[func]
            pub fn get_awareness_level(&self) -> i32 {
                self.state.awareness_level(self.replica_id())
            }

            /// The awareness `target` alone would give.
            #[func]
            pub fn get_awareness_level_for_target(&self, target: Given<$N>) -> i32 {
                self.state
                    .awareness_for(named("get_awareness_level_for_target", &target))
            }

            /// Whoever scores highest now (may flicker between two close targets).
            #[func]
            pub fn get_top_target(&self) -> Option<Gd<$N>> {
                self.state.top_target()
            }

            /// The target the AI commits to (sticky).
            #[func]
            pub fn get_attention_target(&self) -> Option<Gd<$N>> {
                self.state.attention_target(self.replica_id())
            }

            /// Focus on `target` now, whatever it scores (say, the player just shot this AI);
            /// null lets it choose again. Emits `attention_changed` if it changes.
            #[func(gd_self)]
            pub fn force_attention_target(mut this: Gd<Self>, target: Given<$N>) {
                const CALL: &str = "force_attention_target";
                let Ok(target) =
                    target.optional(format_args!("{CLASS}.{CALL}"), "target", "ignored")
                else {
                    return;
                };
                let outgoing = {
                    let mut c = this.bind_mut();
                    if c.refuse_on_client(CALL) {
                        return;
                    }
                    if let Some(t) = &target {
                        if c.refuse_own(CALL, &t.clone().upcast()) {
                            return;
                        }
                    }
                    let id = target.map(|t| target_of(&t.upcast()));
                    let Some(mind) = c.core_mut(CALL) else {
                        return;
                    };
                    let Some(e) = mind.force_attention(id) else {
                        return;
                    };
                    c.state.pending.push(e);
                    c.take_outgoing()
                };
                signals_emit(&this, outgoing);
            }

            /// Raises the AI's confidence in `target` to at least `confidence` (never lowers it). A
            /// belief no sense has placed yet is placed where the target stands. Returns false if it
            /// could not: a null target, the AI's own body, a target at no real position, a full
            /// ledger, or a multiplayer client (perception runs on the server).
            #[doc = $px]
            #[func]
            pub fn set_target_confidence(&mut self, target: Given<$N>, confidence: f32) -> bool {
                const CALL: &str = "set_target_confidence";
                let Some(t) =
                    target.required(format_args!("{CLASS}.{CALL}"), "target", "returns false")
                else {
                    return false;
                };
                if self.refuse_on_client(CALL) || self.refuse_own(CALL, &t.clone().upcast()) {
                    return false;
                }
                if !confidence.is_finite() {
                    self.warn_call(CALL, "confidence", || {
                        format!("confidence {confidence} is not a number; ignored")
                    });
                    return false;
                }
                let at = if t.is_inside_tree() {
                    t.get_global_position()
                } else {
                    t.get_position()
                };
                if !at.is_finite() {
                    self.warn_call(CALL, "target position", || {
                        format!(
                            "{} is at {at}, which is not a position; ignored",
                            crate::warnings::describe(&t.clone().upcast())
                        )
                    });
                    return false;
                }
                let id = target_of(&t.upcast());
                self.core_mut(CALL).is_some_and(|m| {
                    m.set_target_confidence_at(id, confidence, Some(<$D as Dim>::to_core(at)))
                })
            }
        }
    };
}
pub(crate) use belief_api;
