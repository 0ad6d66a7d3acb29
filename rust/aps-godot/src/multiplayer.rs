//! What a peer may do in a multiplayer game: perception runs where authority is (spec section
//! 10), and a server sends only to peers still connected.

use godot::classes::MultiplayerApi;
use godot::prelude::*;

/// Whether `mp` is authoritative: no multiplayer peer (a single-player game), or the server.
/// A peer that is not connected (a client still connecting, or one whose server went away) is
/// not: asking it `is_server()` is an engine error, and it decides nothing.
#[must_use]
pub fn is_authority(mp: &Gd<MultiplayerApi>) -> bool {
    use godot::classes::multiplayer_peer::ConnectionStatus;
    let Some(peer) = mp.get_multiplayer_peer() else {
        return true;
    };
    peer.get_connection_status() == ConnectionStatus::CONNECTED && mp.is_server()
}

/// Whether the server `mp` can send to `peer` now: `peer` is still among its peers and, over
/// ENet, still connected. A peer the game is disconnecting (`disconnect_peer`) stays listed
/// until ENet has let it go, and a packet sent to it meanwhile is an engine error.
#[must_use]
pub fn can_send_to(mp: &Gd<MultiplayerApi>, peer: i32) -> bool {
    use godot::classes::enet_packet_peer::PeerState;
    use godot::classes::ENetMultiplayerPeer;
    if !mp.get_peers().as_slice().contains(&peer) {
        return false;
    }
    let Some(transport) = mp.get_multiplayer_peer() else {
        return false;
    };
    match transport.try_cast::<ENetMultiplayerPeer>() {
        Ok(enet) => enet
            .get_peer(peer)
            .is_some_and(|p| p.get_state() == PeerState::CONNECTED),
        // Other transports say no more than their list of peers.
        Err(_) => true,
    }
}

/// Whether `mp` is a client connected to a server.
#[must_use]
pub fn is_connected_client(mp: &Gd<MultiplayerApi>) -> bool {
    use godot::classes::multiplayer_peer::ConnectionStatus;
    mp.get_multiplayer_peer()
        .is_some_and(|p| p.get_connection_status() == ConnectionStatus::CONNECTED)
        && !mp.is_server()
}
