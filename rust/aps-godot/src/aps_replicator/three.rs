//! `ApsReplicator`, the 3D replicator: its settings, getters and RPCs (see the module).

use super::{checked_interval, send_now, serving, Replication, Replicator, DEFAULT_SEND_INTERVAL};
use crate::aps_perception_component::ApsPerceptionComponent;
use crate::dim::{Dim, Three};
use crate::given::Given;
use godot::classes::{INode, Node, Node3D};
use godot::prelude::*;

/// Its name, in warnings.
const CLASS: &str = "ApsReplicator";

/// The target a getter (`call`, named in warnings) was given, if it is a live `Node3D`;
/// anything else is refused with one warning (see `given`), and the getter answers as if it
/// were never there.
fn named(call: &str, target: &Given<Node3D>) -> Option<Gd<Node3D>> {
    target.required(
        format_args!("{CLASS}.{call}"),
        "target",
        "answers as if it were never there",
    )
}

/// Sends what the AI of its parent [ApsPerceptionComponent] believes to multiplayer clients,
/// and on a client answers for it.
///
/// Add it as a child of the guard's ApsPerceptionComponent, in the scene both the server and
/// the clients load (RPCs find it by its path). On the server, every [member send_interval] it
/// sends each peer the AI's awareness, its attention target and, for each target the peer may
/// know of, its state, confidence, threat, loss reason and last known position, only when one
/// of them changed. A client that joins late asks for the current state as soon as it is
/// connected and gets it at once. Targets travel as their
/// [member ApsTargetComponent.persistent_id], else as their path from the current scene.
///
/// Its getters answer on every peer: on the server from the component itself, on a client from
/// what arrived last.
///
/// On a client, the component's [method ApsPerceptionComponent.get_belief_state],
/// [method ApsPerceptionComponent.get_confidence],
/// [method ApsPerceptionComponent.get_threat_score],
/// [method ApsPerceptionComponent.get_loss_reason],
/// [method ApsPerceptionComponent.get_last_known_position],
/// [method ApsPerceptionComponent.get_awareness_level] and
/// [method ApsPerceptionComponent.get_attention_target] answer from what arrived, and with
/// [member emit_signals] on the component fires its state, awareness and attention signals as
/// the server's does, so HUD and audio code is the same on both sides. Everything else a
/// client asks of the component answers as for an AI that perceives nothing.
#[derive(GodotClass)]
#[class(base = Node)]
pub struct ApsReplicator {
    /// Seconds between sends to each peer (0: every physics frame). Only changes are sent.
    #[export(range = (0.0, 5.0, 0.01, or_greater, suffix = "s"))]
    #[var(set = set_send_interval)]
    send_interval: f64,
    /// On clients, fire the component's state, awareness and attention signals from what
    /// arrives.
    #[export]
    emit_signals: bool,
    /// Who receives what: called on the server as `peer_filter.call(peer_id, target)` for each
    /// target, it returns whether that peer may know of that target. Empty: each peer knows of
    /// the targets it has multiplayer authority over (its own character). Awareness always goes.
    /// Set it from a script (a Callable is not an inspector setting).
    #[var]
    peer_filter: Callable,
    replication: Replication,
    base: Base<Node>,
}

impl Replicator for ApsReplicator {
    fn with<R>(this: &Gd<Self>, f: impl FnOnce(&mut Replication, &Callable) -> R) -> R {
        let mut me = this.clone();
        let mut me = me.bind_mut();
        let me = &mut *me;
        f(&mut me.replication, &me.peer_filter)
    }
}

#[godot_api]
impl INode for ApsReplicator {
    fn init(base: Base<Node>) -> Self {
        ApsReplicator {
            send_interval: DEFAULT_SEND_INTERVAL,
            emit_signals: true,
            peer_filter: Callable::invalid(),
            replication: Replication::default(),
            base,
        }
    }

    fn enter_tree(&mut self) {
        Replication::entered::<Three>(&self.to_gd().upcast(), CLASS);
    }

    fn exit_tree(&mut self) {
        let me = self.to_gd().upcast();
        self.replication.exited::<Three>(&me);
    }

    fn physics_process(&mut self, delta: f64) {
        let mut me = self.to_gd().upcast();
        let interval = self.send_interval;
        self.replication.physics_frame(&mut me, delta, interval);
    }

    fn ready(&mut self) {
        self.base_mut().set_physics_process(true);
    }
}

#[godot_api]
impl ApsReplicator {
    /// A client has applied an update from the server.
    #[signal]
    fn replica_updated();

    #[func]
    pub fn set_send_interval(&mut self, seconds: f64) {
        self.send_interval = checked_interval(&self.to_gd().upcast(), CLASS, seconds);
    }

    /// The awareness level (an `AWARENESS_*` constant) as last replicated.
    #[func]
    pub fn get_awareness_level(&self) -> i32 {
        match self.serving() {
            Some(c) => c.bind().get_awareness_level(),
            None => self.replication.awareness() as i32,
        }
    }

    /// The attention target as last replicated (null if none, or one this peer is not told
    /// of).
    #[func]
    pub fn get_attention_target(&self) -> Option<Gd<Node3D>> {
        match self.serving() {
            Some(c) => c.bind().get_attention_target(),
            None => self.replication.attention()?.try_cast().ok(),
        }
    }

    /// The state of `target` (a `STATE_*` constant of ApsPerceptionComponent) as last
    /// replicated; STATE_UNDETECTED if it was not.
    #[func]
    pub fn get_belief_state(&self, target: Given<Node3D>) -> i32 {
        let Some(target) = named("get_belief_state", &target) else {
            return 0;
        };
        if let Some(c) = self.serving() {
            return c.bind().get_belief_state(Given::of(Some(&target)));
        }
        self.replication
            .replicated(Some(target.upcast()))
            .map_or(0, |b| b.state as i32)
    }

    /// The confidence in `target` as last replicated (0 if it was not).
    #[func]
    pub fn get_confidence(&self, target: Given<Node3D>) -> f32 {
        let Some(target) = named("get_confidence", &target) else {
            return 0.0;
        };
        if let Some(c) = self.serving() {
            return c.bind().get_confidence(Given::of(Some(&target)));
        }
        self.replication
            .replicated(Some(target.upcast()))
            .map_or(0.0, |b| b.confidence)
    }

    /// The threat score of `target` as last replicated.
    #[func]
    pub fn get_threat_score(&self, target: Given<Node3D>) -> f32 {
        let Some(target) = named("get_threat_score", &target) else {
            return 0.0;
        };
        if let Some(c) = self.serving() {
            return c.bind().get_threat_score(Given::of(Some(&target)));
        }
        self.replication
            .replicated(Some(target.upcast()))
            .map_or(0.0, |b| b.threat)
    }

    /// Where the server AI last knew `target` to be, as last replicated.
    #[func]
    pub fn get_last_known_position(&self, target: Given<Node3D>) -> Vector3 {
        let Some(target) = named("get_last_known_position", &target) else {
            return Vector3::ZERO;
        };
        if let Some(c) = self.serving() {
            return c.bind().get_last_known_position(Given::of(Some(&target)));
        }
        self.replication
            .replicated(Some(target.upcast()))
            .map_or(Vector3::ZERO, |b| Three::from_core(b.last_known_position))
    }

    /// Why `target` was lost (a `LOSS_*` constant) as last replicated.
    #[func]
    pub fn get_loss_reason(&self, target: Given<Node3D>) -> i32 {
        let Some(target) = named("get_loss_reason", &target) else {
            return 0;
        };
        if let Some(c) = self.serving() {
            return c.bind().get_loss_reason(Given::of(Some(&target)));
        }
        self.replication
            .replicated(Some(target.upcast()))
            .map_or(0, |b| b.loss_reason as i32)
    }

    /// Every replicated target that exists on this peer (on the server: every target the
    /// component believes in).
    #[func]
    pub fn get_replicated_targets(&self) -> Array<Gd<Node3D>> {
        if let Some(c) = self.serving() {
            return c.bind().get_known_targets();
        }
        self.replication
            .targets()
            .into_iter()
            .filter_map(|n| n.try_cast().ok())
            .collect()
    }

    /// Updates a client has applied so far.
    #[func]
    pub fn get_updates_received(&self) -> i64 {
        self.replication.updates_received
    }

    /// Updates the server has sent so far, to every peer.
    #[func]
    pub fn get_updates_sent(&self) -> i64 {
        self.replication.updates_sent
    }

    /// A client asks for everything now (it just joined); only the server answers.
    #[rpc(any_peer, reliable, call_remote)]
    fn _aps_request_state(&mut self) {
        let mut me = self.to_gd().upcast();
        self.replication.state_requested(&mut me, CLASS);
    }

    /// Sends what is queued, at the end of the frame.
    #[func(gd_self)]
    fn _aps_send_now(this: Gd<Self>) {
        send_now::<Self, Three>(&this);
    }

    /// The server's state of this AI for this peer. Any peer may call it: declared for the
    /// server alone, each call another peer forged would be refused by Godot with an engine
    /// error, before APS could say anything. So the sender and the data are checked when it
    /// arrives.
    #[rpc(any_peer, reliable, call_remote)]
    fn _aps_receive(&mut self, update: Variant) {
        let mut me = self.to_gd().upcast();
        let emit = self.emit_signals;
        self.replication
            .received::<Three>(&mut me, CLASS, &update, emit);
    }
}

impl ApsReplicator {
    /// The component itself where perception runs (see the module's `serving`).
    fn serving(&self) -> Option<Gd<ApsPerceptionComponent>> {
        serving(&self.to_gd().upcast::<Node>())
    }

    pub(crate) fn replication(&self) -> &Replication {
        &self.replication
    }
}
