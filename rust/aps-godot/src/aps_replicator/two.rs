//! `ApsReplicator2D`, the 2D replicator: its settings, getters and RPCs (see the module).

use super::{checked_interval, send_now, serving, Replication, Replicator, DEFAULT_SEND_INTERVAL};
use crate::aps_perception_component::ApsPerceptionComponent2D;
use crate::dim::{Dim, Two};
use crate::given::Given;
use godot::classes::{INode, Node, Node2D};
use godot::prelude::*;

/// Its name, in warnings.
const CLASS: &str = "ApsReplicator2D";

/// The target a getter (`call`, named in warnings) was given, if it is a live `Node2D`;
/// anything else is refused with one warning (see `given`), and the getter answers as if it
/// were never there.
fn named(call: &str, target: &Given<Node2D>) -> Option<Gd<Node2D>> {
    target.required(
        format_args!("{CLASS}.{call}"),
        "target",
        "answers as if it were never there",
    )
}

/// [ApsReplicator] for a 2D game: sends what the AI of its parent [ApsPerceptionComponent2D]
/// believes to multiplayer clients, and on a client answers for it.
///
/// Add it as a child of the 2D guard's component, in the scene both the server and the clients
/// load. It sends and answers as the 3D replicator does, with the 2D component's types: targets
/// are [Node2D]s and positions [Vector2]s in pixels. On a client the component's belief calls
/// answer from what arrived, and with [member emit_signals] it fires the component's state,
/// awareness and attention signals as the server's does.
#[derive(GodotClass)]
#[class(base = Node)]
pub struct ApsReplicator2D {
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

impl Replicator for ApsReplicator2D {
    fn with<R>(this: &Gd<Self>, f: impl FnOnce(&mut Replication, &Callable) -> R) -> R {
        let mut me = this.clone();
        let mut me = me.bind_mut();
        let me = &mut *me;
        f(&mut me.replication, &me.peer_filter)
    }
}

#[godot_api]
impl INode for ApsReplicator2D {
    fn init(base: Base<Node>) -> Self {
        ApsReplicator2D {
            send_interval: DEFAULT_SEND_INTERVAL,
            emit_signals: true,
            peer_filter: Callable::invalid(),
            replication: Replication::default(),
            base,
        }
    }

    fn enter_tree(&mut self) {
        Replication::entered::<Two>(&self.to_gd().upcast(), CLASS);
    }

    fn exit_tree(&mut self) {
        let me = self.to_gd().upcast();
        self.replication.exited::<Two>(&me);
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
impl ApsReplicator2D {
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
    pub fn get_attention_target(&self) -> Option<Gd<Node2D>> {
        match self.serving() {
            Some(c) => c.bind().get_attention_target(),
            None => self.replication.attention()?.try_cast().ok(),
        }
    }

    /// The state of `target` (a `STATE_*` constant of ApsPerceptionComponent2D) as last
    /// replicated; STATE_UNDETECTED if it was not.
    #[func]
    pub fn get_belief_state(&self, target: Given<Node2D>) -> i32 {
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
    pub fn get_confidence(&self, target: Given<Node2D>) -> f32 {
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
    pub fn get_threat_score(&self, target: Given<Node2D>) -> f32 {
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
    pub fn get_last_known_position(&self, target: Given<Node2D>) -> Vector2 {
        let Some(target) = named("get_last_known_position", &target) else {
            return Vector2::ZERO;
        };
        if let Some(c) = self.serving() {
            return c.bind().get_last_known_position(Given::of(Some(&target)));
        }
        self.replication
            .replicated(Some(target.upcast()))
            .map_or(Vector2::ZERO, |b| Two::from_core(b.last_known_position))
    }

    /// Why `target` was lost (a `LOSS_*` constant) as last replicated.
    #[func]
    pub fn get_loss_reason(&self, target: Given<Node2D>) -> i32 {
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
    pub fn get_replicated_targets(&self) -> Array<Gd<Node2D>> {
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
        send_now::<Self, Two>(&this);
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
            .received::<Two>(&mut me, CLASS, &update, emit);
    }
}

impl ApsReplicator2D {
    /// The component itself where perception runs (see the module's `serving`).
    fn serving(&self) -> Option<Gd<ApsPerceptionComponent2D>> {
        serving(&self.to_gd().upcast::<Node>())
    }

    pub(crate) fn replication(&self) -> &Replication {
        &self.replication
    }
}
