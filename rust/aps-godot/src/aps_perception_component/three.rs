//! `ApsPerceptionComponent`, the 3D perception component: its settings, signals, constants and
//! calls as Godot sees them, each call forwarding to the plain Rust of this folder (see `mod.rs`).
//!
//! Godot takes a class's settings, calls, signals and constants, with their documentation, from
//! the class's own declarations, and a class cannot be generic: so this file lists all of them,
//! flat, each call a line or two with no logic of its own. That is why it is longer than a
//! module usually is here; splitting it would only scatter one class's interface.

use super::component::{Component, Knobs, Profiles};
use super::perceiver::PerceiverState;
use super::{changes, drawing, insight, life, saving, Perceiver};
use crate::aps_profile::ApsProfile;
use crate::aps_quality_profile::ApsQualityProfile;
use crate::aps_recording::ApsRecording;
use crate::debug_draw::flags;
use crate::dim::Three;
use crate::gaze::GazeSetting;
use crate::given::Given;
use aps_core::belief::evidence::EvidenceKind;
use aps_core::belief::loss::LossDetail;
use aps_core::relationship::Relationship;
use aps_core::senses::id::{Sense, SQUAD_SENSE};
use aps_core::threat_level::ThreatLevel;
use aps_core::{AwarenessLevel, BeliefState, LossReason, PerceptionCore};
use godot::classes::{INode3D, Node3D};
use godot::prelude::*;

/// The gaze's choices in this kind of scene (see `gaze`).
type Gaze = crate::gaze::Gaze3D;

/// Gives the AI it is placed under human-like perception: it sees and hears targets, believes
/// in them with a confidence, moves each through seven states, and tells you with signals.
///
/// Put it where the AI's eyes are, under the node that turns with its head (the model, a head
/// bone's attachment, its camera; under its body if the body itself turns): its global
/// transform is the eye, looking along the axis its [member gaze] names (-Z by default, +Z
/// for a model's front) or the way its body moves. Give it an [ApsProfile]. Perception runs on the
/// physics tick every Base Update Interval (0.1 s by default, scaled by the AI's level of
/// detail: an idle AI perceives every other interval), not every frame, so signals can
/// arrive up to that late. It never perceives its own body. Your script decides what to do;
/// APS never moves the AI.
///
/// Every AI starts on team 1 ([member team_id]) and other AI see its body on that team, so AI
/// are Teammates and a target on no team (the player) is their enemy. A profile's Sides
/// settings decide who is perceived at all: the hostile presets leave out friendlies, so two
/// guards never raise signals about each other. Where a profile perceives them, teammates and
/// friends go through the states like anyone, but they never become the top or attention
/// target, raise awareness, or keep the AI from its all_clear.
///
/// In the editor it shows what its profile perceives as a gizmo (see the addon's README) and
/// warns in the Scene dock of a missing profile, a missing body and profile mistakes.
#[derive(GodotClass)]
#[class(tool, base = Node3D)]
pub struct ApsPerceptionComponent {
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
    state: PerceiverState<Three>,
    base: Base<Node3D>,
}

impl Component for ApsPerceptionComponent {
    type Kind = Three;
    const CLASS: &'static str = "ApsPerceptionComponent";

    fn perceiver(&self) -> Perceiver {
        Perceiver::Three(self.to_gd())
    }

    fn node(&self) -> Gd<Node3D> {
        self.base().clone()
    }

    fn knobs(&self) -> Knobs {
        Knobs {
            enabled: self.enabled,
            team_id: self.team_id,
            gaze: self.gaze.axis(),
            debug_draw: self.debug_draw,
        }
    }

    fn state(&self) -> &PerceiverState<Three> {
        &self.state
    }

    fn state_mut(&mut self) -> &mut PerceiverState<Three> {
        &mut self.state
    }

    fn profiles(&mut self) -> Profiles<'_, Three> {
        (
            &mut self.profile,
            self.quality_profile.as_ref(),
            &mut self.state,
        )
    }

    fn profile(&self) -> Option<&Gd<ApsProfile>> {
        self.profile.as_ref()
    }
}

#[godot_api]
impl INode3D for ApsPerceptionComponent {
    fn init(base: Base<Node3D>) -> Self {
        ApsPerceptionComponent {
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
        life::ready(self);
    }

    fn enter_tree(&mut self) {
        life::enter_tree(self);
    }

    fn exit_tree(&mut self) {
        life::exit_tree(self);
    }

    /// The Scene dock's warnings (see `editor/warnings.rs`).
    fn get_configuration_warnings(&self) -> PackedStringArray {
        life::setup_warnings(self)
    }

    /// A profile or quality profile set to something else than one (or null) is refused with
    /// one warning, and the setting stays as it was.
    fn on_set(&mut self, property: StringName, value: Variant) -> bool {
        life::refuses_setting::<Self>(&property, &value)
    }
}

#[godot_api]
impl ApsPerceptionComponent {
    /// A target became Suspected: "what was that?".
    #[signal]
    fn target_suspected(target: Option<Gd<Node3D>>, confidence: f32);
    /// A target became Detected, going up or stepping down from Tracked.
    #[signal]
    fn target_detected(target: Option<Gd<Node3D>>, confidence: f32);
    /// A target became Tracked: full engagement.
    #[signal]
    fn target_tracked(target: Option<Gd<Node3D>>, confidence: f32);
    /// A target was lost; `reason` is one of the `LOSS_*` constants. `target` is null when it
    /// no longer exists (`LOSS_TARGET_DESTROYED`).
    #[signal]
    fn target_lost(target: Option<Gd<Node3D>>, reason: i32, last_known_position: Vector3);
    /// A lost target is fading in memory.
    #[signal]
    fn target_remembered(target: Option<Gd<Node3D>>, confidence: f32);
    /// A target was forgotten.
    #[signal]
    fn target_expired(target: Option<Gd<Node3D>>);
    /// A target went back to Undetected.
    #[signal]
    fn target_forgotten(target: Option<Gd<Node3D>>);
    /// Any state change, with the `STATE_*` constants it moved between.
    #[signal]
    fn target_state_changed(target: Option<Gd<Node3D>>, old_state: i32, new_state: i32);
    /// The AI's awareness level changed (`AWARENESS_*` constants).
    #[signal]
    fn awareness_changed(old_level: i32, new_level: i32);
    /// The target the AI commits to changed.
    #[signal]
    fn attention_changed(old_target: Option<Gd<Node3D>>, new_target: Option<Gd<Node3D>>);
    /// No one is noticed any more: the AI can stand down.
    #[signal]
    fn all_clear();

    /// Beliefs were restored by [method load_beliefs] (or [method ApsWorld.load_state]); fired
    /// once, at the end of the frame, instead of the state signals of the restored states.
    /// Read the beliefs here to resume your scripts (who to chase, where to search).
    #[signal]
    fn beliefs_loaded();
    /// The same lines as [method get_setup_warnings], under the name Godot gives a node's
    /// warnings, for scripts and tests that ask any node for them that way.
    #[func(rename = _get_configuration_warnings)]
    pub fn configuration_warnings(&self) -> PackedStringArray {
        life::setup_warnings(self)
    }

    /// What the Scene dock's warning triangle says about this AI, one line per problem: no
    /// profile, no physics body above it, a profile that perceives nothing, state thresholds
    /// out of order, an empty Custom Senses slot. Empty when it is set up right, so a game's
    /// own tests can check its scenes with it.
    #[func]
    pub fn get_setup_warnings(&self) -> PackedStringArray {
        life::setup_warnings(self)
    }

    /// Sets the profile (null: the APS defaults). Beliefs are kept; the next pass perceives
    /// with the new settings.
    #[func]
    pub fn set_profile(&mut self, profile: Option<Gd<ApsProfile>>) {
        self.profile = profile;
        life::profile_set(self);
    }

    /// Sets what is drawn (see [member debug_draw]); 0 hides the drawing at the next physics
    /// frame, keeping its nodes for when it is drawn again. -1 draws everything; other bits
    /// beyond `DRAW_ALL` are dropped with a warning (once for this AI, then at most once a
    /// second while a script repeats it).
    #[func]
    pub fn set_debug_draw(&mut self, flags: i64) {
        self.debug_draw = life::draw_flags_kept(self, flags);
        life::debug_draw_set(self);
    }

    /// Sets which way it looks (see [member gaze]); in the editor its gizmo and warnings
    /// follow at once.
    #[func]
    pub fn set_gaze(&mut self, gaze: Gaze) {
        self.gaze = gaze;
        life::gaze_set(self);
    }

    /// Sets this AI's team (see [member team_id]); other AI see its body on the new team
    /// from their next look.
    #[func]
    pub fn set_team_id(&mut self, team: i32) {
        self.team_id = team;
        life::team_set(self);
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
    #[signal]
    fn damage_taken(instigator: Option<Gd<Node3D>>, amount: f32, location: Vector3);
    /// Someone touched the AI (see ApsWorld.report_touch).
    #[signal]
    fn touched(target: Option<Gd<Node3D>>);
    /// A target's threat level changed (`THREAT_*` constants).
    #[signal]
    fn threat_level_changed(target: Option<Gd<Node3D>>, old_level: i32, new_level: i32);
    /// The dominant emotion changed: "fear", "aggression", "curiosity", "alertness", "panic",
    /// or "" when none is above the Emotion Active Threshold.
    #[signal]
    fn emotion_changed(old_emotion: StringName, new_emotion: StringName);
    /// A belief about a place changed state (a noise with no known source, evidence found,
    /// report_location_belief); `state` is a `STATE_*` constant.
    #[signal]
    fn location_belief_changed(location: Vector3, tag: StringName, state: i32, confidence: f32);
}

#[godot_api(secondary)]
impl ApsPerceptionComponent {
    /// The AI's own pain, 0..1.
    #[func]
    pub fn get_pain_level(&self) -> f32 {
        self.state.core.as_ref().map_or(0.0, PerceptionCore::pain)
    }

    /// The state of the belief about `target` (a `STATE_*` constant); Undetected if none.
    #[func]
    pub fn get_belief_state(&self, target: Given<Node3D>) -> i32 {
        let target = self.named("get_belief_state", &target);
        self.state.belief_state(self.replica_id(), target)
    }

    /// Smoothed confidence (0..1) that `target` is there.
    #[func]
    pub fn get_confidence(&self, target: Given<Node3D>) -> f32 {
        let target = self.named("get_confidence", &target);
        self.state.confidence(self.replica_id(), target)
    }

    /// Why `target` was last lost (a `LOSS_*` constant). It stays through Remembered and
    /// Expired; `LOSS_NONE` if the target was never lost, or was Detected again since.
    #[func]
    pub fn get_loss_reason(&self, target: Given<Node3D>) -> i32 {
        let target = self.named("get_loss_reason", &target);
        self.state.loss_reason(self.replica_id(), target)
    }

    /// What an OutOfRange loss of `target` meant (a `LOSS_DETAIL_*` constant):
    /// `LOSS_DETAIL_OUTSIDE_CONE` when it left the side of the view cone (or the
    /// echolocation pulse's) within range, `LOSS_DETAIL_TOO_FAR` when it got too far to
    /// make out; `LOSS_DETAIL_NONE` for any other reason, or when it is not lost. A guard
    /// whose head swept past the player (outside the cone) might look again rather than
    /// chase.
    #[func]
    pub fn get_loss_detail(&self, target: Given<Node3D>) -> i32 {
        self.state
            .loss_detail(self.named("get_loss_detail", &target))
    }

    /// The direction `target` was travelling when it was lost; zero if it was not moving.
    #[func]
    pub fn get_loss_direction(&self, target: Given<Node3D>) -> Vector3 {
        self.state
            .loss_direction(self.named("get_loss_direction", &target))
    }

    /// Everything believed about `target`, or an empty Dictionary if nothing: `confidence`,
    /// `state`, `loss_reason`, `loss_detail`, `loss_direction`, `last_known_position`, `active_senses` (the
    /// `SENSE_*` constants active now), `fused`, `estimated_velocity`, `time_in_state`,
    /// `time_since_sensed`, `detections`, `sort_score`, `long_term_memory` (Long Term Memory
    /// Strength), `uncertainty_radius`, `threat_score`, `threat_level`, `relationship`,
    /// `damage_received`, `dominant_sense` (the sense that set the level when a sense last had
    /// the target) and `governing_sense` (whose loss row applies), each a `SENSE_*` or -1.
    #[func]
    pub fn get_belief_data(&self, target: Given<Node3D>) -> VarDictionary {
        self.state
            .belief_data(self.named("get_belief_data", &target))
    }

    /// Every target the AI holds a belief about and that still exists.
    #[func]
    pub fn get_known_targets(&self) -> Array<Gd<Node3D>> {
        self.state.known_targets()
    }

    /// The AI's awareness (an `AWARENESS_*` constant), from its top target's confidence.
    #[func]
    pub fn get_awareness_level(&self) -> i32 {
        self.state.awareness_level(self.replica_id())
    }

    /// The awareness `target` alone would give.
    #[func]
    pub fn get_awareness_level_for_target(&self, target: Given<Node3D>) -> i32 {
        self.state
            .awareness_for(self.named("get_awareness_level_for_target", &target))
    }

    /// Whoever scores highest now (may flicker between two close targets).
    #[func]
    pub fn get_top_target(&self) -> Option<Gd<Node3D>> {
        self.state.top_target()
    }

    /// The target the AI commits to (sticky).
    #[func]
    pub fn get_attention_target(&self) -> Option<Gd<Node3D>> {
        self.state.attention_target(self.replica_id())
    }

    /// Focus on `target` now, whatever it scores (say, the player just shot this AI);
    /// null lets it choose again. Emits `attention_changed` if it changes.
    #[func(gd_self)]
    pub fn force_attention_target(this: Gd<Self>, target: Given<Node3D>) {
        changes::force_attention(this, target);
    }

    /// Raises the AI's confidence in `target` to at least `confidence` (never lowers it). A
    /// belief no sense has placed yet is placed where the target stands. Returns false if it
    /// could not: a null target, the AI's own body, a target at no real position, a full
    /// ledger, or a multiplayer client (perception runs on the server).
    #[func]
    pub fn set_target_confidence(&mut self, target: Given<Node3D>, confidence: f32) -> bool {
        changes::set_target_confidence(self, target, confidence)
    }
}

#[godot_api(secondary)]
impl ApsPerceptionComponent {
    /// Where the most precise sense last placed `target` (spec section 7: not the strongest).
    #[func]
    pub fn get_last_known_position(&self, target: Given<Node3D>) -> Vector3 {
        let target = self.named("get_last_known_position", &target);
        self.state.last_known_position(self.replica_id(), target)
    }

    /// Where the AI thinks `target` is now: the last known position while sensed or with the
    /// profile's Enable Prediction off; while lost, where its last run would have taken it.
    #[func]
    pub fn get_predicted_position(&self, target: Given<Node3D>) -> Vector3 {
        self.state
            .predicted_position(self.named("get_predicted_position", &target))
    }

    /// A ready-made search radius in metres: small while `target` is sensed precisely, growing
    /// while it is not (feed it to a NavigationServer3D random point query).
    #[func]
    pub fn get_uncertainty_radius(&self, target: Given<Node3D>) -> f32 {
        self.state
            .uncertainty_radius(self.named("get_uncertainty_radius", &target))
    }

    /// `target`'s velocity as the AI measured it, m/s.
    #[func]
    pub fn get_estimated_velocity(&self, target: Given<Node3D>) -> Vector3 {
        self.state
            .estimated_velocity(self.named("get_estimated_velocity", &target))
    }

    /// The last encounters with `target`, newest first (at most 5), each a Dictionary:
    /// `time`, `loss_reason`, `location`, `ai_facing` (which way the AI looked),
    /// `target_direction` (which way it ran), `lost_from` (a `STATE_*`), `peak_confidence`.
    #[func]
    pub fn get_recent_episodes(&self, target: Given<Node3D>) -> Array<VarDictionary> {
        self.state
            .recent_episodes(self.named("get_recent_episodes", &target))
    }

    /// The newest encounter with `target` (see get_recent_episodes), or an empty Dictionary.
    #[func]
    pub fn get_last_episode(&self, target: Given<Node3D>) -> VarDictionary {
        self.state
            .last_episode(self.named("get_last_episode", &target))
    }

    /// `target`'s threat level (a `THREAT_*` constant).
    #[func]
    pub fn get_threat_level(&self, target: Given<Node3D>) -> i32 {
        self.state
            .threat_level(self.named("get_threat_level", &target))
    }

    /// `target`'s threat score, 0..1.
    #[func]
    pub fn get_threat_score(&self, target: Given<Node3D>) -> f32 {
        let target = self.named("get_threat_score", &target);
        self.state.threat_score(self.replica_id(), target)
    }

    /// Who `target` is to this AI (a `RELATIONSHIP_*` constant): a per-target override, else
    /// the profile's team rules for the team `target` is on (see [member team_id]).
    #[func]
    pub fn get_relationship(&self, target: Given<Node3D>) -> i32 {
        changes::relationship(self, &target) as i32
    }

    /// Decides who `target` is to this AI whatever its team (a `RELATIONSHIP_*` constant);
    /// -1 goes back to the team rules. An AI keeps relationships for at most 1,024
    /// targets that still exist: past that the call is refused with one warning.
    #[func]
    pub fn set_relationship(&mut self, target: Given<Node3D>, relationship: i32) {
        changes::set_relationship(self, target, relationship);
    }

    /// One of the AI's emotions by name ("fear", "aggression", "curiosity", "alertness",
    /// "panic"), 0..1.
    #[func]
    pub fn get_emotion(&self, emotion: StringName) -> f32 {
        changes::emotion(self, &emotion)
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
        target: Given<Node3D>,
        kind: i32,
        amount: f32,
        duration: f32,
    ) {
        changes::add_evidence(self, target, (kind, amount, duration));
    }

    /// Removes every piece of scripted evidence about `target`.
    #[func]
    pub fn remove_target_evidence(&mut self, target: Given<Node3D>) {
        changes::remove_evidence(self, target);
    }

    /// A belief about a place from your own logic: `confidence` 0..1 that something of kind
    /// `tag` is at `location`, give or take `accuracy` metres. Reports close together with the
    /// same tag merge into one place. Returns false if there was no room.
    #[func]
    pub fn report_location_belief(
        &mut self,
        location: Vector3,
        tag: StringName,
        confidence: f32,
        accuracy: f32,
    ) -> bool {
        changes::report_place(self, (location, tag), (confidence, accuracy))
    }

    /// The place belief with the highest confidence, as a Dictionary (`location`, `tag`,
    /// `state`, `confidence`), or an empty Dictionary.
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
    #[func]
    pub fn get_player_model(&self, target: Given<Node3D>) -> VarDictionary {
        self.state
            .player_model(self.named("get_player_model", &target))
    }
}

#[godot_api(secondary)]
impl ApsPerceptionComponent {
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
    #[func]
    pub fn explain(&self, target: Given<Node3D>) -> VarDictionary {
        insight::explain(self, self.named("explain", &target))
    }

    /// Starts keeping the last `seconds` of what the AI believed, tick by tick (replacing a
    /// recording under way). Its memory is set aside now; a tick then allocates nothing.
    /// Returns false (with a warning) when `seconds` is not above 0 or above an hour. One
    /// recording holds at most 262,144 belief frames (about 30 MB): a longer window keeps
    /// its newest ticks (at the default Base Update Interval and Max Tracked Targets,
    /// about the last 27 minutes of an hour asked for), which is said once for the AI.
    #[func]
    pub fn start_recording(&mut self, seconds: f32) -> bool {
        insight::start_recording(self, seconds)
    }

    /// Stops recording and returns what was recorded (null if nothing was).
    #[func]
    pub fn stop_recording(&mut self) -> Option<Gd<ApsRecording>> {
        insight::stop_recording(self)
    }

    /// Whether a recording is under way.
    #[func]
    pub fn is_recording(&self) -> bool {
        self.state
            .core
            .as_ref()
            .is_some_and(|c| c.recording().is_some())
    }

    /// What has been recorded so far, without stopping (null if not recording).
    #[func]
    pub fn get_recording(&self) -> Option<Gd<ApsRecording>> {
        insight::recording_file(self).map(ApsRecording::from_file)
    }

    /// Writes what has been recorded so far to `path` as JSON (res://, user:// or a file
    /// path), without stopping. Load it back with [method ApsRecording.load]. Returns false,
    /// with a warning, when nothing is being recorded or the file cannot be written.
    #[func]
    pub fn save_recording(&self, path: GString) -> bool {
        insight::save_recording(self, &path)
    }

    /// Everything the debugger's APS tab shows of this AI, as plain data (also the message it
    /// is sent): `id`, `name`, `path`, `time`, `awareness` and `awareness_name`, `attention`
    /// (the attention target's name), `emotions` (by name), `dominant_emotion`, `drawing`,
    /// `beliefs` (each `target`, `target_id`, `state`, `confidence`, `senses`, `threat`,
    /// `loss_reason`, `uncertainty`, `since_sensed`, `why`) and `timeline` (its last state
    /// changes, oldest first: `time`, `target`, `old`, `new`).
    #[func]
    pub fn get_debug_snapshot(&self) -> VarDictionary {
        insight::debug_snapshot(self)
    }
}

#[godot_api(secondary)]
impl ApsPerceptionComponent {
    /// [member debug_draw]: the vision cones and the ranges of vision and hearing.
    #[constant]
    pub const DRAW_CONES: i32 = flags::CONES as i32;
    /// [member debug_draw]: each vision ray of the last pass, green or red at what blocked it.
    #[constant]
    pub const DRAW_RAYS: i32 = flags::RAYS as i32;
    /// [member debug_draw]: state, confidence, dominant sense and why over each believed target.
    #[constant]
    pub const DRAW_LABELS: i32 = flags::LABELS as i32;
    /// [member debug_draw]: last known and predicted positions and the uncertainty circle.
    #[constant]
    pub const DRAW_WHEREABOUTS: i32 = flags::WHEREABOUTS as i32;
    /// [member debug_draw]: the loss reason, written where a target was lost.
    #[constant]
    pub const DRAW_LOSS_REASONS: i32 = flags::LOSS as i32;
    /// [member debug_draw]: rings where sounds are heard.
    #[constant]
    pub const DRAW_SOUNDS: i32 = flags::SOUNDS as i32;
    /// [member debug_draw]: scent trails of believed targets.
    #[constant]
    pub const DRAW_SCENT: i32 = flags::SCENT as i32;
    /// [member debug_draw]: a line to the attention target.
    #[constant]
    pub const DRAW_ATTENTION: i32 = flags::ATTENTION as i32;
    /// [member debug_draw]: everything.
    #[constant]
    pub const DRAW_ALL: i32 = flags::ALL as i32;

    /// What the debug drawing drew in the last physics frame: `drawing` (whether it is
    /// drawn), `green_rays` and `red_rays` (vision rays that reached their sample point or were
    /// blocked), `labels`, `lines` (segments drawn after the last pass), `circles` and
    /// `cone_lines` (segments of the cones and ranges). All 0 while nothing is drawn.
    #[func]
    pub fn get_debug_draw_counts(&self) -> VarDictionary {
        drawing::draw_counts(self)
    }
}

#[godot_api(secondary)]
impl ApsPerceptionComponent {
    /// Everything this AI holds, as plain data (numbers, strings, arrays and dictionaries) you
    /// can store with `JSON.stringify` (pass `full_precision = true` for an exact copy),
    /// `FileAccess.store_var` or your own format: every belief (state, confidence, time in
    /// state, why and where it was lost, last known and predicted position, velocity,
    /// uncertainty, long-term memory, damage, threat, grace timers), episodes, place beliefs,
    /// evidence, player models, emotions, awareness and attention. Targets are named by their
    /// [member ApsTargetComponent.persistent_id], else by their path from the current scene.
    /// The world's squads, light, wind and rain are saved by [method ApsWorld.save_state].
    #[func]
    pub fn save_beliefs(&mut self) -> VarDictionary {
        saving::save_beliefs(self)
    }

    /// Restores what [method save_beliefs] gave, replacing everything the AI holds, so it goes
    /// on as if the game had never stopped. No state signals fire for the restored states;
    /// [signal beliefs_loaded] fires once, at the end of the frame, for your scripts to resume
    /// from them. Targets are found by persistent id, else by path from the current scene; a
    /// belief whose target no longer exists becomes a place belief at its last known position
    /// (tag `missing_target`) with `MISSING_TARGETS_AS_PLACE`, or is dropped with
    /// `MISSING_TARGETS_DROP`.
    ///
    /// Data from an older or newer APS, or damaged, loads what it can: each problem is one
    /// warning naming the field, and the field takes its default. Returns false (loading
    /// nothing) for data that is not APS beliefs at all, on a multiplayer client, or from
    /// inside a perception pass.
    #[func]
    pub fn load_beliefs(
        &mut self,
        data: VarDictionary,
        #[opt(default = 0)] missing_targets: i32,
    ) -> bool {
        saving::load_beliefs(self, &data, missing_targets)
    }
}

#[godot_api(secondary)]
impl ApsPerceptionComponent {
    /// Belief state: nothing sensed, or below the Suspect Threshold.
    #[constant]
    pub const STATE_UNDETECTED: i32 = BeliefState::Undetected as i32;
    /// Belief state: something may be there (from the Suspect Threshold).
    #[constant]
    pub const STATE_SUSPECTED: i32 = BeliefState::Suspected as i32;
    /// Belief state: the AI is sure something is there (from the Detect Threshold).
    #[constant]
    pub const STATE_DETECTED: i32 = BeliefState::Detected as i32;
    /// Belief state: held firmly (from the Track Threshold, after Min Track Duration).
    #[constant]
    pub const STATE_TRACKED: i32 = BeliefState::Tracked as i32;
    /// Belief state: every sense let go and the grace time ran out.
    #[constant]
    pub const STATE_LOST: i32 = BeliefState::Lost as i32;
    /// Belief state: fading in memory after Lost.
    #[constant]
    pub const STATE_REMEMBERED: i32 = BeliefState::Remembered as i32;
    /// Belief state: forgotten (below the Memory Expire Threshold).
    #[constant]
    pub const STATE_EXPIRED: i32 = BeliefState::Expired as i32;

    /// `load_beliefs` and `ApsWorld.load_state`: a belief whose target no longer exists becomes
    /// a belief about a place (tag `missing_target`) at its last known position.
    #[constant]
    pub const MISSING_TARGETS_AS_PLACE: i32 = 0;
    /// `load_beliefs` and `ApsWorld.load_state`: a belief whose target no longer exists is
    /// dropped, with what the AI knew of it.
    #[constant]
    pub const MISSING_TARGETS_DROP: i32 = 1;

    /// Loss reason: none (the target was never lost, or was found again since).
    #[constant]
    pub const LOSS_NONE: i32 = LossReason::None as i32;
    /// Loss reason: something came between the eye and the target.
    #[constant]
    pub const LOSS_OCCLUDED: i32 = LossReason::Occluded as i32;
    /// Loss reason: it left the range or the cone of the sense that had it.
    #[constant]
    pub const LOSS_OUT_OF_RANGE: i32 = LossReason::OutOfRange as i32;
    /// Loss reason: the sound that gave it away died down.
    #[constant]
    pub const LOSS_SOUND_FADED: i32 = LossReason::SoundFaded as i32;
    /// Loss reason: the scent trail went cold.
    #[constant]
    pub const LOSS_SCENT_LOST: i32 = LossReason::ScentLost as i32;
    /// Loss reason: the signal just stopped (in view but too dark, a sense turned off, nowhere real).
    #[constant]
    pub const LOSS_SENSOR_DROPOUT: i32 = LossReason::SensorDropout as i32;
    /// Loss reason: the target's node was freed.
    #[constant]
    pub const LOSS_TARGET_DESTROYED: i32 = LossReason::TargetDestroyed as i32;
    /// Loss reason: none of the above could be told (a custom sense's default).
    #[constant]
    pub const LOSS_UNKNOWN: i32 = LossReason::Unknown as i32;

    /// `get_loss_detail`: no detail (the loss is not OutOfRange, or it is not lost).
    #[constant]
    pub const LOSS_DETAIL_NONE: i32 = LossDetail::None as i32;
    /// `get_loss_detail`: it got too far to make out.
    #[constant]
    pub const LOSS_DETAIL_TOO_FAR: i32 = LossDetail::TooFar as i32;
    /// `get_loss_detail`: it left the side of the cone, within range.
    #[constant]
    pub const LOSS_DETAIL_OUTSIDE_CONE: i32 = LossDetail::OutsideCone as i32;

    /// Awareness of the AI: no top target, or one below the Suspect Threshold.
    #[constant]
    pub const AWARENESS_UNAWARE: i32 = AwarenessLevel::Unaware as i32;
    /// Awareness of the AI: its top target is at the Suspect Threshold or above.
    #[constant]
    pub const AWARENESS_PERIPHERAL: i32 = AwarenessLevel::Peripheral as i32;
    /// Awareness of the AI: its top target is at the Detect Threshold or above.
    #[constant]
    pub const AWARENESS_SUSPICIOUS: i32 = AwarenessLevel::Suspicious as i32;
    /// Awareness of the AI: its top target is at the Track Threshold or above.
    #[constant]
    pub const AWARENESS_ALERTED: i32 = AwarenessLevel::Alerted as i32;
    /// Awareness of the AI: its top target is at the Full Aware Threshold or above.
    #[constant]
    pub const AWARENESS_FULLY_AWARE: i32 = AwarenessLevel::FullyAware as i32;

    /// Sense slot: vision.
    #[constant]
    pub const SENSE_VISION: i32 = Sense::Vision as i32;
    /// Sense slot: hearing.
    #[constant]
    pub const SENSE_HEARING: i32 = Sense::Hearing as i32;
    /// Sense slot: smell.
    #[constant]
    pub const SENSE_SMELL: i32 = Sense::Smell as i32;
    /// Sense slot: touch.
    #[constant]
    pub const SENSE_TOUCH: i32 = Sense::Touch as i32;
    /// Sense slot: vibration (footfalls through the ground).
    #[constant]
    pub const SENSE_VIBRATION: i32 = Sense::Vibration as i32;
    /// Sense slot: damage (being hurt by a target).
    #[constant]
    pub const SENSE_DAMAGE: i32 = Sense::Damage as i32;
    /// Sense slot: pain (the AI's own hurt, which dulls the other senses).
    #[constant]
    pub const SENSE_PAIN: i32 = Sense::Pain as i32;
    /// Sense slot: echolocation.
    #[constant]
    pub const SENSE_ECHOLOCATION: i32 = Sense::Echolocation as i32;
    /// Belief shared by squad mates arrives through this slot.
    #[constant]
    pub const SENSE_SQUAD: i32 = SQUAD_SENSE.0 as i32;

    /// Threat level: no threat.
    #[constant]
    pub const THREAT_NONE: i32 = ThreatLevel::None as i32;
    /// Threat level: low.
    #[constant]
    pub const THREAT_LOW: i32 = ThreatLevel::Low as i32;
    /// Threat level: medium.
    #[constant]
    pub const THREAT_MEDIUM: i32 = ThreatLevel::Medium as i32;
    /// Threat level: high.
    #[constant]
    pub const THREAT_HIGH: i32 = ThreatLevel::High as i32;
    /// Threat level: critical.
    #[constant]
    pub const THREAT_CRITICAL: i32 = ThreatLevel::Critical as i32;

    /// Relationship: feared (weighs most in threat).
    #[constant]
    pub const RELATIONSHIP_FEARED: i32 = Relationship::Feared as i32;
    /// Relationship: a high-value target.
    #[constant]
    pub const RELATIONSHIP_HIGH_VALUE: i32 = Relationship::HighValue as i32;
    /// Relationship: enemy (the default for another team).
    #[constant]
    pub const RELATIONSHIP_ENEMY: i32 = Relationship::Enemy as i32;
    /// Relationship: unknown.
    #[constant]
    pub const RELATIONSHIP_UNKNOWN: i32 = Relationship::Unknown as i32;
    /// Relationship: neutral.
    #[constant]
    pub const RELATIONSHIP_NEUTRAL: i32 = Relationship::Neutral as i32;
    /// Relationship: friendly (no threat, still perceived).
    #[constant]
    pub const RELATIONSHIP_FRIENDLY: i32 = Relationship::Friendly as i32;
    /// Relationship: teammate (no threat).
    #[constant]
    pub const RELATIONSHIP_TEAMMATE: i32 = Relationship::Teammate as i32;

    /// Evidence: while it lasts, what the senses report counts `amount` less.
    #[constant]
    pub const EVIDENCE_LOWER: i32 = EvidenceKind::Lower as i32;
    /// Evidence: while it lasts, confidence can't exceed `amount`.
    #[constant]
    pub const EVIDENCE_CAP: i32 = EvidenceKind::Cap as i32;
    /// Evidence: while it lasts, confidence is held at 0.
    #[constant]
    pub const EVIDENCE_CLEAR: i32 = EvidenceKind::Clear as i32;
    /// Evidence: while it lasts, confidence can't fall below `amount`.
    #[constant]
    pub const EVIDENCE_FLOOR: i32 = EvidenceKind::Floor as i32;
}

/// The choices of [member ApsPerceptionComponent.gaze], for scripts.
#[godot_api(secondary)]
impl ApsPerceptionComponent {
    /// Gaze along the component's -Z, Godot's forward.
    #[constant]
    pub const GAZE_FORWARD: i64 = Gaze::Forward as i64;
    /// Gaze along the component's +Z, the way a model faces.
    #[constant]
    pub const GAZE_MODEL_FRONT: i64 = Gaze::ModelFront as i64;
    /// Gaze the way the body moves.
    #[constant]
    pub const GAZE_MOVEMENT: i64 = Gaze::Movement as i64;
}
