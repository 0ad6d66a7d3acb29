//! Small conversions between Godot's types and the core's.

use aps_core::{TargetId, Vec3};
use godot::prelude::*;

#[must_use]
pub fn to_vec3(v: Vector3) -> Vec3 {
    Vec3::new(v.x, v.y, v.z)
}

#[must_use]
pub fn to_vector3(v: Vec3) -> Vector3 {
    Vector3::new(v.x, v.y, v.z)
}

/// The core's id for a Godot object: its instance id.
#[must_use]
pub fn target_id(id: InstanceId) -> TargetId {
    TargetId(id.to_i64() as u64)
}

/// The instance id behind a core target id.
#[must_use]
pub fn instance_id(t: TargetId) -> Option<InstanceId> {
    InstanceId::try_from_i64(t.0 as i64)
}

/// The live node behind a target id as a `T` (a `Node3D`, a `Node2D`), or `None` once it was
/// freed or is being freed, or is no `T`.
#[must_use]
pub fn live_node_as<T: GodotClass + Inherits<Node>>(t: TargetId) -> Option<Gd<T>> {
    let node = Gd::<Node>::try_from_instance_id(instance_id(t)?).ok()?;
    if node.is_queued_for_deletion() {
        return None;
    }
    node.try_cast::<T>().ok()
}

/// An engine return value that Godot 4.7's API declares never null (`SceneTree::get_root`,
/// `SceneTree::get_multiplayer`), so gdext gives it as `Gd<T>` there and as `Option<Gd<T>>`
/// against older APIs. Read through this, the code builds against the minimum API and the
/// newest alike (`cargo xtask test` checks both).
pub trait MaybeNull<T: GodotClass> {
    fn maybe_null(self) -> Option<Gd<T>>;
}

impl<T: GodotClass> MaybeNull<T> for Gd<T> {
    fn maybe_null(self) -> Option<Gd<T>> {
        Some(self)
    }
}

impl<T: GodotClass> MaybeNull<T> for Option<Gd<T>> {
    fn maybe_null(self) -> Option<Gd<T>> {
        self
    }
}

/// The running game's scene tree; `None` before the main loop exists or with a custom one.
#[must_use]
pub fn scene_tree() -> Option<Gd<godot::classes::SceneTree>> {
    godot::classes::Engine::singleton()
        .get_main_loop()
        .and_then(|l| l.try_cast().ok())
}

/// The key of the world `node` is in: its `World3D`'s instance id, or for a `Node2D` its
/// `World2D`'s (any other node: its viewport's `World3D`). `None` outside the tree.
#[must_use]
pub fn world_key_of(node: &Gd<Node>) -> Option<crate::world::WorldKey> {
    world_key_in(node, false)
}

/// The key of the world `node` is in, for a 2D call: like [`world_key_of`], except that a node
/// that is neither a `Node3D` nor a `Node2D` stands in its viewport's `World2D`.
#[must_use]
pub fn world_key_of_2d(node: &Gd<Node>) -> Option<crate::world::WorldKey> {
    world_key_in(node, true)
}

fn world_key_in(node: &Gd<Node>, plain_in_2d: bool) -> Option<crate::world::WorldKey> {
    if !node.is_inside_tree() {
        return None;
    }
    let key = match node.clone().try_cast::<Node3D>() {
        Ok(n) => n.get_world_3d()?.instance_id(),
        Err(n) => match n.try_cast::<godot::classes::Node2D>() {
            Ok(n) => n.get_world_2d()?.instance_id(),
            Err(n) if plain_in_2d => n.get_viewport()?.find_world_2d()?.instance_id(),
            Err(n) => n.get_viewport()?.find_world_3d()?.instance_id(),
        },
    };
    Some(key.to_i64())
}

/// The key of the main scene's world: the root viewport's `World3D` (0 before there is one).
#[must_use]
pub fn main_world_key() -> crate::world::WorldKey {
    scene_tree()
        .and_then(|t| t.get_root().maybe_null())
        .and_then(|r| r.find_world_3d())
        .map_or(0, |w| w.instance_id().to_i64())
}

/// The key of the main scene's 2D world: the root viewport's `World2D` (0 before there is
/// one), where the 2D calls that name no node go.
#[must_use]
pub fn main_world_key_2d() -> crate::world::WorldKey {
    scene_tree()
        .and_then(|t| t.get_root().maybe_null())
        .and_then(|r| r.find_world_2d())
        .map_or(0, |w| w.instance_id().to_i64())
}

/// A number set on the property `what` of `on`, kept within `range` (a NaN becomes
/// `fallback`), with a warning naming the property, where `on` is and the value when it had to
/// change (said once, then at most once a second while a script keeps setting it; see
/// `warnings`). Returns the value to store.
#[must_use]
pub fn kept_in_range(
    what: &str,
    on: &Gd<godot::classes::Object>,
    given: f32,
    (min, max): (f32, f32),
    fallback: f32,
) -> f32 {
    let fixed = if given.is_nan() {
        fallback
    } else {
        given.clamp(min, max)
    };
    if fixed.to_bits() != given.to_bits() {
        crate::warnings::warn_on(what, on, || {
            format!("{what}: {given} is outside {min}..{max}; using {fixed}")
        });
    }
    fixed
}

/// For `on_set`: when `value` is a number outside the range of the property `field` (named
/// `what`) of `on` points to, stores it there clamped, with a warning (see [`kept_in_range`]),
/// and returns true (the property is set); otherwise returns false and Godot stores the value
/// as usual.
pub fn store_kept(
    what: &str,
    on: &Gd<godot::classes::Object>,
    field: Option<(&mut f32, (f32, f32), f32)>,
    value: &Variant,
) -> bool {
    let (Some((field, range, fallback)), Ok(given)) = (field, value.try_to::<f32>()) else {
        return false;
    };
    let fixed = kept_in_range(what, on, given, range, fallback);
    if fixed.to_bits() == given.to_bits() {
        return false;
    }
    *field = fixed;
    true
}

/// Whether `mp` is authoritative: no multiplayer peer (a single-player game), or the server.
/// A peer that is not connected (a client still connecting, or one whose server went away) is
/// not: asking it `is_server()` is an engine error, and it decides nothing.
#[must_use]
pub fn is_authority(mp: &Gd<godot::classes::MultiplayerApi>) -> bool {
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
pub fn can_send_to(mp: &Gd<godot::classes::MultiplayerApi>, peer: i32) -> bool {
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
pub fn is_connected_client(mp: &Gd<godot::classes::MultiplayerApi>) -> bool {
    use godot::classes::multiplayer_peer::ConnectionStatus;
    mp.get_multiplayer_peer()
        .is_some_and(|p| p.get_connection_status() == ConnectionStatus::CONNECTED)
        && !mp.is_server()
}

/// The NavigationServer3D singleton (NavigationServer2D with `two_d`), reached by name (their
/// classes are not among the ones gdext generates for this build).
#[must_use]
pub fn navigation_server(two_d: bool) -> Option<Gd<godot::classes::Object>> {
    let name = if two_d {
        "NavigationServer2D"
    } else {
        "NavigationServer3D"
    };
    godot::classes::Engine::singleton().get_singleton(name)
}
