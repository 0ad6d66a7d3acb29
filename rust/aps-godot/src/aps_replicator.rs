//! `ApsReplicator`: carries a server AI's awareness, attention and beliefs to multiplayer
//! clients. Perception runs on the server only (spec section 10); what clients get
//! and when is [`aps_core::replica`]'s.

use crate::aps_perception_component::ApsPerceptionComponent;
use crate::convert::{can_send_to, is_authority, is_connected_client, to_vector3};
use crate::given::Given;
use crate::saved::data;
use crate::saved::keys::{default_root, find_node, node_key, persistent_ids};
use aps_core::replica::{changes, ReplicaChange, ReplicaState, ReplicatedBelief};
use aps_core::save::try_load_lenient;
use aps_core::BeliefState;
use godot::classes::{INode, MultiplayerApi, Node, Node3D};
use godot::prelude::*;
use std::cell::RefCell;
use std::collections::HashMap;

/// The longest send interval, seconds: an hour.
const MAX_SEND_INTERVAL: f64 = 3600.0;

/// The target a getter (`call`, named in warnings) was given, if it is a live `Node3D`;
/// anything else is refused with one warning (see `given`), and the getter answers as if it
/// were never there.
fn named(call: &str, target: &Given<Node3D>) -> Option<Gd<Node3D>> {
    target.required(
        format_args!("ApsReplicator.{call}"),
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
    since_send: f64,
    /// Per peer, what it was sent last.
    sent: HashMap<i32, ReplicaState>,
    /// On a client: what arrived last.
    replica: ReplicaState,
    updates_received: i64,
    updates_sent: i64,
    asked: bool,
    /// Peers whose forged or malformed call was said (once per peer).
    refused_peers: Vec<i32>,
    /// A send is queued for the end of the frame: to every peer, and to these that asked.
    send_queued: bool,
    send_to_all: bool,
    send_to: Vec<i32>,
    /// Stable ids on this peer, found at the first lookup after an update.
    ids: RefCell<Option<HashMap<String, Gd<Node>>>>,
    base: Base<Node>,
}

#[godot_api]
impl INode for ApsReplicator {
    fn init(base: Base<Node>) -> Self {
        ApsReplicator {
            send_interval: 0.1,
            emit_signals: true,
            peer_filter: Callable::invalid(),
            since_send: 0.0,
            sent: HashMap::new(),
            replica: ReplicaState::default(),
            updates_received: 0,
            updates_sent: 0,
            asked: false,
            refused_peers: Vec::new(),
            send_queued: false,
            send_to_all: false,
            send_to: Vec::new(),
            ids: RefCell::new(None),
            base,
        }
    }

    fn enter_tree(&mut self) {
        let me = self.base().instance_id();
        match self.component() {
            Some(mut c) => c.bind_mut().add_replicator(me),
            // Said once, then at most once a second should it keep being moved in and out.
            None => crate::warnings::warn("ApsReplicator parent", Some(me), || {
                format!(
                    "ApsReplicator {}: its parent is not an ApsPerceptionComponent; it \
                     replicates nothing",
                    self.base().get_path()
                )
            }),
        }
    }

    fn exit_tree(&mut self) {
        let me = self.base().instance_id();
        if let Some(mut c) = self.component() {
            c.bind_mut().remove_replicator(me);
        }
        self.asked = false;
        self.sent.clear();
    }

    fn physics_process(&mut self, delta: f64) {
        let Some(mp) = self.multiplayer() else {
            return;
        };
        if is_authority(&mp) {
            self.since_send += delta;
            if self.since_send + 1e-9 >= self.send_interval {
                self.since_send = 0.0;
                self.queue_send(None);
            }
        } else if !is_connected_client(&mp) {
            // Connecting, or the server went away: ask again once connected.
            self.asked = false;
        } else if !self.asked {
            // A late joiner asks for the current state at once.
            self.asked = true;
            self.base_mut().rpc_id(1, "_aps_request_state", &[]);
        }
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
        let me = self.to_gd().upcast::<godot::classes::Object>();
        let warn = |what: &str, problem: String| {
            crate::warnings::warn_on(what, &me, || {
                format!("ApsReplicator.send_interval: {seconds} {problem}")
            });
        };
        self.send_interval = if !(seconds.is_finite() && seconds >= 0.0) {
            warn(
                "send_interval below",
                "must be 0 s or more; using 0.1 s".into(),
            );
            0.1
        } else if seconds > MAX_SEND_INTERVAL {
            warn(
                "send_interval above",
                format!("is more than {MAX_SEND_INTERVAL} s; using {MAX_SEND_INTERVAL} s"),
            );
            MAX_SEND_INTERVAL
        } else {
            seconds
        };
    }

    /// The awareness level (an `AWARENESS_*` constant) as last replicated.
    #[func]
    pub fn get_awareness_level(&self) -> i32 {
        if let Some(c) = self.serving() {
            return c.bind().get_awareness_level();
        }
        self.replica.awareness as i32
    }

    /// The attention target as last replicated (null if none, or one this peer is not told
    /// of).
    #[func]
    pub fn get_attention_target(&self) -> Option<Gd<Node3D>> {
        if let Some(c) = self.serving() {
            return c.bind().get_attention_target();
        }
        let key = self.replica.attention.as_deref()?;
        self.node_of(key)
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
        self.replicated(Some(target.upcast()))
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
        self.replicated(Some(target.upcast()))
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
        self.replicated(Some(target.upcast()))
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
        self.replicated(Some(target.upcast()))
            .map_or(Vector3::ZERO, |b| to_vector3(b.last_known_position))
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
        self.replicated(Some(target.upcast()))
            .map_or(0, |b| b.loss_reason as i32)
    }

    /// Every replicated target that exists on this peer (on the server: every target the
    /// component believes in).
    #[func]
    pub fn get_replicated_targets(&self) -> Array<Gd<Node3D>> {
        if let Some(c) = self.serving() {
            return c.bind().get_known_targets();
        }
        self.replica
            .beliefs
            .iter()
            .filter_map(|b| self.node_of(&b.target))
            .collect()
    }

    /// Updates a client has applied so far.
    #[func]
    pub fn get_updates_received(&self) -> i64 {
        self.updates_received
    }

    /// Updates the server has sent so far, to every peer.
    #[func]
    pub fn get_updates_sent(&self) -> i64 {
        self.updates_sent
    }

    /// A client asks for everything now (it just joined). Only the server answers: on a client
    /// (a call another client had the server pass on) it is refused, said once per peer.
    #[rpc(any_peer, reliable, call_remote)]
    fn _aps_request_state(&mut self) {
        let Some(mp) = self.multiplayer() else {
            return;
        };
        let peer = mp.get_remote_sender_id();
        if !is_authority(&mp) {
            self.refuse_peer(peer, "asked for the state, which only the server gives");
            return;
        }
        self.sent.remove(&peer);
        self.queue_send(Some(peer));
    }

    /// Sends what is queued, at the end of the frame, with nothing bound while the game's
    /// peer_filter runs: it may ask this node anything, or free it, the guard or a target.
    #[func(gd_self)]
    fn _aps_send_now(this: Gd<Self>) {
        let (mp, component, filter, everyone, asked) = {
            let mut me = this.clone();
            let mut me = me.bind_mut();
            me.send_queued = false;
            let everyone = std::mem::take(&mut me.send_to_all);
            let asked = std::mem::take(&mut me.send_to);
            (
                me.multiplayer(),
                me.component(),
                me.peer_filter.clone(),
                everyone,
                asked,
            )
        };
        let (Some(mp), Some(component)) = (mp, component) else {
            return;
        };
        if !is_authority(&mp) {
            return;
        }
        let connected = mp.get_peers().as_slice().to_vec();
        let mut peers: Vec<i32> = if everyone {
            connected.clone()
        } else {
            Vec::new()
        };
        for p in asked {
            if connected.contains(&p) && !peers.contains(&p) {
                peers.push(p);
            }
        }
        let rows = component.bind().replica_rows();
        let root = default_root();
        let mut me = this.clone();
        {
            let mut me = me.bind_mut();
            me.sent.retain(|p, _| connected.contains(p));
            me.refused_peers.retain(|p| connected.contains(p));
        }
        for peer in peers {
            let (awareness, attention, rows) = &rows;
            let mut state = ReplicaState {
                awareness: *awareness,
                attention: None,
                beliefs: Vec::with_capacity(rows.len()),
            };
            for (node, b) in rows {
                if !node.is_instance_valid() {
                    continue;
                }
                let allowed = if filter.is_valid() {
                    filter
                        .call(&[peer.to_variant(), node.to_variant()])
                        .booleanize()
                } else {
                    node.get_multiplayer_authority() == peer
                };
                // The filter is the game's script: it may have freed anything.
                if !this.is_instance_valid() {
                    return;
                }
                if !allowed || !node.is_instance_valid() {
                    continue;
                }
                let mut b = b.clone();
                b.target = node_key(root.as_ref(), &node.clone().upcast());
                if attention.as_ref() == Some(node) {
                    state.attention = Some(b.target.clone());
                }
                state.beliefs.push(b);
            }
            if !this.is_instance_valid() {
                return;
            }
            let mut me = this.clone();
            let mut me = me.bind_mut();
            if me.sent.get(&peer).is_some_and(|s| !state.differs_from(s)) {
                continue;
            }
            let Ok(serde_json::Value::Object(m)) = serde_json::to_value(&state) else {
                continue;
            };
            let update = data::to_dictionary(&m).to_variant();
            if !me.base().is_inside_tree() {
                return;
            }
            // The filter may have let the peer go, or ended the game's multiplayer; and a peer
            // being disconnected is still listed until it is gone: sending to it is an engine
            // error.
            if !is_authority(&mp) {
                return;
            }
            if !can_send_to(&mp, peer) {
                continue;
            }
            me.base_mut()
                .rpc_id(i64::from(peer), "_aps_receive", &[update]);
            me.updates_sent += 1;
            me.sent.insert(peer, state);
        }
    }

    /// The server's state of this AI for this peer. Any peer may call it: declared for the
    /// server alone, each call another peer forged would be refused by Godot with an engine
    /// error, before APS could say anything. So the sender and the data are checked here: only
    /// an update from the server, on a client, holding replica data is applied; anything else
    /// is refused, said once per peer.
    #[rpc(any_peer, reliable, call_remote)]
    fn _aps_receive(&mut self, update: Variant) {
        let Some(mp) = self.multiplayer() else {
            return;
        };
        let peer = mp.get_remote_sender_id();
        if is_authority(&mp) {
            self.refuse_peer(
                peer,
                "sent an update to the server, which only the server sends",
            );
            return;
        }
        if peer != 1 {
            self.refuse_peer(peer, "sent an update, which only the server sends");
            return;
        }
        let mut issues = Vec::new();
        // Replica data is a Dictionary; anything else is refused before it is read.
        let state = Some(&update)
            .filter(|u| u.get_type() == VariantType::DICTIONARY)
            .and_then(|u| data::from_variant(u).ok())
            .and_then(|d| try_load_lenient::<ReplicaState>(&d, &mut issues));
        let Some(mut state) = state else {
            let what = format!(
                "sent an update that is no replica data (of type {})",
                update.get_type().godot_type_name()
            );
            self.refuse_peer(peer, &what);
            return;
        };
        state.sanitize();
        let mut seen = Vec::new();
        changes(&self.replica, &state, &mut seen);
        let old = std::mem::replace(&mut self.replica, state);
        self.updates_received += 1;
        // Targets may have come or gone with the update: look their ids up afresh.
        self.ids.replace(None);
        let emit = self.emit_signals;
        let component = self.component();
        // The signals go out at the end of the frame, with nothing bound: a handler may ask the
        // component or this node anything, or free either.
        if let (true, Some(mut c)) = (emit, component) {
            for change in seen {
                for (name, args) in self.signals_for(&change, &old) {
                    let mut all = vec![name.to_variant()];
                    all.extend(args);
                    c.call_deferred("emit_signal", &all);
                }
            }
        }
        self.base_mut()
            .call_deferred("emit_signal", &["replica_updated".to_variant()]);
    }
}

impl ApsReplicator {
    fn multiplayer(&self) -> Option<Gd<MultiplayerApi>> {
        if !self.base().is_inside_tree() {
            return None;
        }
        let mp = self.base().get_multiplayer()?;
        mp.has_multiplayer_peer().then_some(mp)
    }

    /// Where perception runs (the server, or no multiplayer at all), the component itself: the
    /// getters answer from it there, so the same script can ask the replicator on any peer.
    fn serving(&self) -> Option<Gd<ApsPerceptionComponent>> {
        let authority = match self.multiplayer() {
            Some(mp) => is_authority(&mp),
            None => true,
        };
        if authority {
            self.component()
        } else {
            None
        }
    }

    /// Refuses a call `peer` should not have made (`what` it did), said once per peer.
    fn refuse_peer(&mut self, peer: i32, what: &str) {
        if self.refused_peers.contains(&peer) {
            return;
        }
        self.refused_peers.push(peer);
        godot_warn!(
            "ApsReplicator {}: peer {peer} {what}; ignored (said once per peer)",
            self.base().get_path()
        );
    }

    /// The component it replicates: its parent.
    fn component(&self) -> Option<Gd<ApsPerceptionComponent>> {
        self.base().get_parent()?.try_cast().ok()
    }

    /// The node a key names on this peer. Stable ids are looked up once per update.
    fn node_of(&self, key: &str) -> Option<Gd<Node3D>> {
        let root = default_root();
        if !key.starts_with("id:") {
            return find_node(root.as_ref(), &HashMap::new(), key)?
                .try_cast()
                .ok();
        }
        let mut ids = self.ids.borrow_mut();
        let ids = ids.get_or_insert_with(|| persistent_ids(root.as_ref()));
        find_node(root.as_ref(), ids, key)?.try_cast().ok()
    }

    /// What arrived last about `target`, if anything did.
    pub(crate) fn replicated(&self, target: Option<Gd<Node>>) -> Option<&ReplicatedBelief> {
        let key = node_key(default_root().as_ref(), &target?);
        self.replica.belief(&key)
    }

    /// Queues a send to every peer (`None`) or to one that asked, made at the end of the
    /// frame by `_aps_send_now`.
    fn queue_send(&mut self, peer: Option<i32>) {
        match peer {
            Some(p) => self.send_to.push(p),
            None => self.send_to_all = true,
        }
        if !self.send_queued {
            self.send_queued = true;
            self.base_mut().call_deferred("_aps_send_now", &[]);
        }
    }

    /// The component signals one change stands for, with their arguments.
    fn signals_for(
        &self,
        change: &ReplicaChange,
        old: &ReplicaState,
    ) -> Vec<(&'static str, Vec<Variant>)> {
        let node = |key: &str| self.node_of(key).to_variant();
        match change {
            ReplicaChange::State {
                target,
                old: from,
                new,
            } => {
                let b = self.replica.belief(target);
                let t = node(target);
                let confidence = b.map_or(0.0, |b| b.confidence).to_variant();
                let mut out = vec![(
                    "target_state_changed",
                    vec![
                        t.clone(),
                        (*from as i32).to_variant(),
                        (*new as i32).to_variant(),
                    ],
                )];
                let specific = match new {
                    BeliefState::Suspected => Some(("target_suspected", vec![t, confidence])),
                    BeliefState::Detected => Some(("target_detected", vec![t, confidence])),
                    BeliefState::Tracked => Some(("target_tracked", vec![t, confidence])),
                    BeliefState::Remembered => Some(("target_remembered", vec![t, confidence])),
                    BeliefState::Expired => Some(("target_expired", vec![t])),
                    BeliefState::Lost => Some((
                        "target_lost",
                        vec![
                            t,
                            (b.map_or(0, |b| b.loss_reason as i32)).to_variant(),
                            b.map_or(Vector3::ZERO, |b| to_vector3(b.last_known_position))
                                .to_variant(),
                        ],
                    )),
                    BeliefState::Undetected => None,
                };
                out.extend(specific);
                out
            }
            ReplicaChange::Forgotten { target } => {
                let _ = old;
                vec![("target_forgotten", vec![node(target)])]
            }
            ReplicaChange::Awareness { old, new } => vec![(
                "awareness_changed",
                vec![(*old as i32).to_variant(), (*new as i32).to_variant()],
            )],
            ReplicaChange::Attention { old, new } => vec![(
                "attention_changed",
                vec![
                    old.as_deref().and_then(|k| self.node_of(k)).to_variant(),
                    new.as_deref().and_then(|k| self.node_of(k)).to_variant(),
                ],
            )],
        }
    }
}
