//! `ApsReplicator` (3D) and `ApsReplicator2D`: carry a server AI's awareness, attention and
//! beliefs to multiplayer clients. Perception runs on the server only (spec section 10); what
//! clients get and when is [`aps_core::replica`]'s.
//!
//! Each class holds its settings, its getters (typed for its kind of scene) and its RPCs; what
//! replicating is, is written once here: [`Replication`], the state a replicator keeps, and the
//! stages that take it with the replicator's node (`D` the scene's [`Dim`]).

mod sending;
mod three;
mod two;

pub use three::ApsReplicator;
pub use two::ApsReplicator2D;

use sending::send_now;

use crate::aps_perception_component::Perceiver;
use crate::dim::Dim;
use crate::multiplayer::{is_authority, is_connected_client};
use crate::saved::data;
use crate::saved::keys::{default_root, find_node, node_key, persistent_ids};
use aps_core::replica::{changes, ReplicaChange, ReplicaState, ReplicatedBelief};
use aps_core::save::try_load_lenient;
use aps_core::{AwarenessLevel, BeliefState};
use godot::classes::{MultiplayerApi, Node, Object};
use godot::prelude::*;
use std::cell::RefCell;
use std::collections::HashMap;

/// The longest send interval, seconds: an hour.
const MAX_SEND_INTERVAL: f64 = 3600.0;

/// The send interval a replicator starts with, seconds.
const DEFAULT_SEND_INTERVAL: f64 = 0.1;

/// A replicator class: how the stages here reach the [`Replication`] inside it.
pub(crate) trait Replicator: GodotClass + Inherits<Node> {
    /// Runs `f` on its replication and its `peer_filter`, with it bound for that time only.
    fn with<R>(this: &Gd<Self>, f: impl FnOnce(&mut Replication, &Callable) -> R) -> R;
}

/// What a replicator keeps: on the server what each peer was sent, on a client what arrived.
#[derive(Default)]
pub(crate) struct Replication {
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
}

/// Its multiplayer API, while it is in the tree and the game has a peer.
fn multiplayer(me: &Gd<Node>) -> Option<Gd<MultiplayerApi>> {
    if !me.is_inside_tree() {
        return None;
    }
    let mp = me.get_multiplayer()?;
    mp.has_multiplayer_peer().then_some(mp)
}

/// The component it replicates: its parent, if that is a perception component of its kind.
fn component<D: Dim>(me: &Gd<Node>) -> Option<Perceiver> {
    Perceiver::of(&me.get_parent()?).filter(|p| p.is_two_d() == D::TWO_D)
}

/// Where perception runs (the server, or no multiplayer at all), the component itself: the
/// getters answer from it there, so the same script can ask the replicator on any peer.
pub(crate) fn serving<C: GodotClass + Inherits<Node>>(me: &Gd<Node>) -> Option<Gd<C>> {
    let authority = multiplayer(me).is_none_or(|mp| is_authority(&mp));
    if authority {
        me.get_parent()?.try_cast::<C>().ok()
    } else {
        None
    }
}

/// `seconds` if it is a legal send interval; anything else is kept in 0..1 hour (no number:
/// the default), with one warning naming the class, the setting and the value.
fn checked_interval(me: &Gd<Object>, class: &str, seconds: f64) -> f64 {
    let warn = |what: &str, problem: String| {
        crate::warnings::warn_on(&format!("{class} {what}"), me, || {
            format!("{class}.send_interval: {seconds} {problem}")
        });
    };
    if !(seconds.is_finite() && seconds >= 0.0) {
        warn(
            "send_interval below",
            format!("must be 0 s or more; using {DEFAULT_SEND_INTERVAL} s"),
        );
        DEFAULT_SEND_INTERVAL
    } else if seconds > MAX_SEND_INTERVAL {
        warn(
            "send_interval above",
            format!("is more than {MAX_SEND_INTERVAL} s; using {MAX_SEND_INTERVAL} s"),
        );
        MAX_SEND_INTERVAL
    } else {
        seconds
    }
}

/// Reads the replication of the replicator `id`, of either kind: how a client's component
/// answers its belief calls from what arrived. `None` if it is no replicator (any more).
pub(crate) fn read<T>(id: InstanceId, f: impl FnOnce(&Replication) -> T) -> Option<T> {
    let node = Gd::<Node>::try_from_instance_id(id).ok()?;
    match node.try_cast::<ApsReplicator>() {
        Ok(r) => {
            let r = r.bind();
            Some(f(r.replication()))
        }
        Err(node) => {
            let r = node.try_cast::<ApsReplicator2D>().ok()?;
            let r = r.bind();
            Some(f(r.replication()))
        }
    }
}

/// Whether `node` is a replicator of either kind.
pub(crate) fn is_replicator(node: &Gd<Node>) -> bool {
    node.is_class("ApsReplicator") || node.is_class("ApsReplicator2D")
}

impl Replication {
    /// It entered the tree: its component, if its parent is one of its kind, answers from it on
    /// a client; otherwise that is said once.
    fn entered<D: Dim>(me: &Gd<Node>, class: &str) {
        let id = me.instance_id();
        match component::<D>(me) {
            Some(mut c) => c.add_replicator(id),
            // Said once, then at most once a second should it keep being moved in and out.
            None => crate::warnings::warn(&format!("{class} parent"), Some(id), || {
                let s = D::CLASS_SUFFIX;
                let component = if D::TWO_D {
                    "ApsPerceptionComponent2D"
                } else {
                    "ApsPerceptionComponent"
                };
                format!(
                    "{class} {}: its parent is not an {component} (a {s} perception component); \
                     it replicates nothing",
                    me.get_path()
                )
            }),
        }
    }

    /// It left the tree: its component no longer answers from it, and peers are forgotten.
    fn exited<D: Dim>(&mut self, me: &Gd<Node>) {
        if let Some(mut c) = component::<D>(me) {
            c.remove_replicator(me.instance_id());
        }
        self.asked = false;
        self.sent.clear();
    }

    /// One physics frame: the server sends on the interval; a client that just connected asks
    /// for the current state at once.
    fn physics_frame(&mut self, me: &mut Gd<Node>, delta: f64, interval: f64) {
        let Some(mp) = multiplayer(me) else {
            return;
        };
        if is_authority(&mp) {
            self.since_send += delta;
            if self.since_send + 1e-9 >= interval {
                self.since_send = 0.0;
                self.queue_send(me, None);
            }
        } else if !is_connected_client(&mp) {
            // Connecting, or the server went away: ask again once connected.
            self.asked = false;
        } else if !self.asked {
            self.asked = true;
            me.rpc_id(1, "_aps_request_state", &[]);
        }
    }

    /// A client asks for everything now (it just joined). Only the server answers: on a client
    /// (a call another client had the server pass on) it is refused, said once per peer.
    fn state_requested(&mut self, me: &mut Gd<Node>, class: &str) {
        let Some(mp) = multiplayer(me) else {
            return;
        };
        let peer = mp.get_remote_sender_id();
        if !is_authority(&mp) {
            self.refuse_peer(
                me,
                class,
                peer,
                "asked for the state, which only the server gives",
            );
            return;
        }
        self.sent.remove(&peer);
        self.queue_send(me, Some(peer));
    }

    /// The server's state of this AI for this peer, checked: only an update from the server,
    /// on a client, holding replica data is applied; anything else is refused, said once per
    /// peer. The component's signals for what changed go out at the end of the frame, with
    /// nothing bound: a handler may ask the component or the replicator anything, or free
    /// either.
    fn received<D: Dim>(
        &mut self,
        me: &mut Gd<Node>,
        class: &str,
        update: &Variant,
        emit_signals: bool,
    ) {
        let Some(mp) = multiplayer(me) else {
            return;
        };
        let peer = mp.get_remote_sender_id();
        if is_authority(&mp) {
            let what = "sent an update to the server, which only the server sends";
            self.refuse_peer(me, class, peer, what);
            return;
        }
        if peer != 1 {
            self.refuse_peer(
                me,
                class,
                peer,
                "sent an update, which only the server sends",
            );
            return;
        }
        let mut issues = Vec::new();
        // Replica data is a Dictionary; anything else is refused before it is read.
        let state = Some(update)
            .filter(|u| u.get_type() == VariantType::DICTIONARY)
            .and_then(|u| data::from_variant(u).ok())
            .and_then(|d| try_load_lenient::<ReplicaState>(&d, &mut issues));
        let Some(mut state) = state else {
            let what = format!(
                "sent an update that is no replica data (of type {})",
                update.get_type().godot_type_name()
            );
            self.refuse_peer(me, class, peer, &what);
            return;
        };
        state.sanitize();
        let mut seen = Vec::new();
        changes(&self.replica, &state, &mut seen);
        self.replica = state;
        self.updates_received += 1;
        // Targets may have come or gone with the update: look their ids up afresh.
        self.ids.replace(None);
        if let (true, Some(c)) = (emit_signals, component::<D>(me)) {
            let mut c = c.node();
            for change in seen {
                for (name, args) in self.signals_for::<D>(&change) {
                    let mut all = vec![name.to_variant()];
                    all.extend(args);
                    c.call_deferred("emit_signal", &all);
                }
            }
        }
        me.call_deferred("emit_signal", &["replica_updated".to_variant()]);
    }

    /// Refuses a call `peer` should not have made (`what` it did), said once per peer.
    fn refuse_peer(&mut self, me: &Gd<Node>, class: &str, peer: i32, what: &str) {
        if self.refused_peers.contains(&peer) {
            return;
        }
        self.refused_peers.push(peer);
        godot_warn!(
            "{class} {}: peer {peer} {what}; ignored (said once per peer)",
            me.get_path()
        );
    }

    /// Queues a send to every peer (`None`) or to one that asked, made at the end of the
    /// frame by `_aps_send_now`.
    fn queue_send(&mut self, me: &mut Gd<Node>, peer: Option<i32>) {
        match peer {
            Some(p) => self.send_to.push(p),
            None => self.send_to_all = true,
        }
        if !self.send_queued {
            self.send_queued = true;
            me.call_deferred("_aps_send_now", &[]);
        }
    }

    /// The node a key names on this peer. Stable ids are looked up once per update.
    fn node_of(&self, key: &str) -> Option<Gd<Node>> {
        let root = default_root();
        if !key.starts_with("id:") {
            return find_node(root.as_ref(), &HashMap::new(), key);
        }
        let mut ids = self.ids.borrow_mut();
        let ids = ids.get_or_insert_with(|| persistent_ids(root.as_ref()));
        find_node(root.as_ref(), ids, key)
    }

    /// What arrived last about `target`, if anything did.
    pub(crate) fn replicated(&self, target: Option<Gd<Node>>) -> Option<&ReplicatedBelief> {
        let key = node_key(default_root().as_ref(), &target?);
        self.replica.belief(&key)
    }

    /// The awareness level as last replicated.
    pub(crate) fn awareness(&self) -> AwarenessLevel {
        self.replica.awareness
    }

    /// The attention target as last replicated, if this peer was told of one that exists here.
    pub(crate) fn attention(&self) -> Option<Gd<Node>> {
        self.node_of(self.replica.attention.as_deref()?)
    }

    /// Every replicated target that exists on this peer.
    fn targets(&self) -> Vec<Gd<Node>> {
        self.replica
            .beliefs
            .iter()
            .filter_map(|b| self.node_of(&b.target))
            .collect()
    }

    /// The component signals one change stands for, with their arguments (positions in the
    /// scene's units).
    fn signals_for<D: Dim>(&self, change: &ReplicaChange) -> Vec<(&'static str, Vec<Variant>)> {
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
                    BeliefState::Lost => {
                        let reason = b.map_or(0, |b| b.loss_reason as i32);
                        let at =
                            D::from_core(b.map_or(aps_core::Vec3::ZERO, |b| b.last_known_position));
                        Some(("target_lost", vec![t, reason.to_variant(), at.to_variant()]))
                    }
                    BeliefState::Undetected => None,
                };
                out.extend(specific);
                out
            }
            ReplicaChange::Forgotten { target } => {
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
