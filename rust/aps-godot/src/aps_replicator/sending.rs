//! Sending a server AI's state to clients: at the end of the frame, what is queued goes to each
//! peer that should have it (the game's `peer_filter` deciding), as the plain data
//! `aps_core::replica` defines, its targets keyed so that a client finds its own nodes.

use super::{component, multiplayer, Replicator};
use crate::dim::Dim;
use crate::multiplayer::{can_send_to, is_authority};
use crate::saved::data;
use crate::saved::keys::{default_root, node_key};
use aps_core::replica::ReplicaState;
use godot::classes::Node;
use godot::prelude::*;

/// Sends what is queued, at the end of the frame, with nothing bound while the game's
/// peer_filter runs: it may ask the replicator anything, or free it, the guard or a target.
pub(super) fn send_now<R: Replicator, D: Dim>(this: &Gd<R>) {
    let node = this.clone().upcast::<Node>();
    let (filter, everyone, asked) = R::with(this, |r, filter| {
        r.send_queued = false;
        let everyone = std::mem::take(&mut r.send_to_all);
        let asked = std::mem::take(&mut r.send_to);
        (filter.clone(), everyone, asked)
    });
    let (Some(mp), Some(component)) = (multiplayer(&node), component::<D>(&node)) else {
        return;
    };
    if !is_authority(&mp) {
        return;
    }
    let connected = mp.get_peers().as_slice().to_vec();
    let peers = peers_to_send(&connected, everyone, asked);
    let (awareness, attention, rows) = component.replica_rows();
    let root = default_root();
    R::with(this, |r, _| {
        r.sent.retain(|p, _| connected.contains(p));
        r.refused_peers.retain(|p| connected.contains(p));
    });
    let rows = (awareness, attention, rows);
    for peer in peers {
        // `None`: the game's filter freed the replicator.
        let Some(state) = state_for(this, peer, &rows, &filter, root.as_ref()) else {
            return;
        };
        if !this.is_instance_valid() || !node.is_inside_tree() {
            return;
        }
        if R::with(this, |r, _| {
            r.sent.get(&peer).is_some_and(|s| !state.differs_from(s))
        }) {
            continue;
        }
        let Ok(serde_json::Value::Object(m)) = serde_json::to_value(&state) else {
            continue;
        };
        let update = data::to_dictionary(&m).to_variant();
        // The filter may have let the peer go, or ended the game's multiplayer; and a peer
        // being disconnected is still listed until it is gone: sending to it is an engine
        // error.
        if !is_authority(&mp) {
            return;
        }
        if !can_send_to(&mp, peer) {
            continue;
        }
        node.clone()
            .rpc_id(i64::from(peer), "_aps_receive", &[update]);
        R::with(this, |r, _| {
            r.updates_sent += 1;
            r.sent.insert(peer, state);
        });
    }
}

/// Who gets a send: every connected peer (`everyone`) and those that `asked` and are still
/// connected, each once.
fn peers_to_send(connected: &[i32], everyone: bool, asked: Vec<i32>) -> Vec<i32> {
    let mut peers: Vec<i32> = if everyone {
        connected.to_vec()
    } else {
        Vec::new()
    };
    for p in asked {
        if connected.contains(&p) && !peers.contains(&p) {
            peers.push(p);
        }
    }
    peers
}

/// What `peer` may know of the AI's `rows` (awareness, attention, beliefs): the targets the
/// game's `filter` lets through, or by default those the peer has authority over, each named by
/// its key from `root`. `None` once the filter, a game script, has freed the replicator `this`.
fn state_for<R: Replicator>(
    this: &Gd<R>,
    peer: i32,
    (awareness, attention, rows): &crate::aps_perception_component::ReplicaRows,
    filter: &Callable,
    root: Option<&Gd<Node>>,
) -> Option<ReplicaState> {
    let mut state = ReplicaState {
        awareness: *awareness,
        attention: None,
        beliefs: Vec::with_capacity(rows.len()),
    };
    for (target, b) in rows {
        if !target.is_instance_valid() {
            continue;
        }
        let allowed = if filter.is_valid() {
            filter
                .call(&[peer.to_variant(), target.to_variant()])
                .booleanize()
        } else {
            target.get_multiplayer_authority() == peer
        };
        // The filter is the game's script: it may have freed anything.
        if !this.is_instance_valid() {
            return None;
        }
        if !allowed || !target.is_instance_valid() {
            continue;
        }
        let mut b = b.clone();
        b.target = node_key(root, target);
        if attention.as_ref() == Some(target) {
            state.attention = Some(b.target.clone());
        }
        state.beliefs.push(b);
    }
    Some(state)
}
