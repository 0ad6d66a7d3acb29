extends "res://tests/multiplayer/peer.gd"
## The multiplayer test: two headless Godots, a server and a client, on 127.0.0.1 over ENet.
## `cargo xtask test` starts both (see rust/xtask/src/multiplayer.rs); by hand, in two shells:
##   godot --headless --fixed-fps 60 --path . res://tests/multiplayer/multiplayer_test.tscn -- --role=server --port=N
##   godot --headless --fixed-fps 60 --path . res://tests/multiplayer/multiplayer_test.tscn -- --role=client --port=N
##
## Perception runs on the server only; the guard's ApsReplicator sends what it believes to the
## client. Both processes build the same scene (targets travel by node path): a guard looking
## along -Z, a runner 6 m ahead whose multiplayer authority is the client (so the default
## filter sends it its own beliefs), and a bystander the server owns (so it must not). A
## companion, the client's too, is named differently in each process and travels by its
## ApsTargetComponent.persistent_id instead.
##
## In order:
## 1. The server's guard detects the runner before anyone can join: the server listens only
##    then, and the client's connect is retried by ENet until it does. The client is a late
##    joiner and must show the current state within FRAMES_TO_JOIN frames of connecting, with
##    the server's sends on the interval held off until then: it gets it by asking.
## 2. A client's set_target_confidence is refused and the server's belief does not move.
## 3. The server sends the runner away until its guard loses it, then brings it back until the
##    guard detects it again; each time the client must follow within FRAMES_TO_FOLLOW frames
##    of the server's notice, with target_state_changed fired.
## 4. The client's own perception never ran, the bystander never reached it, the companion
##    did, and every update it applied changed something its component shows.
## 5. A peer_filter of the game's lets every target through: the bystander arrives.
## 6. Forged calls: the client makes the server's own RPC (`_aps_receive`) FORGED_CALLS times,
##    with data of every shape; the server refuses them all with one warning naming the peer and
##    no engine error. Then the server sends the client updates that are no replica data: one
##    warning naming the server, and the replica is untouched.
## 7. The server sends the client away (its ENet peer's disconnect_peer) in a frame where an
##    update is due; the replicator sends nothing to the leaving peer, so no engine error. For
##    30 frames the client's component and replicator still answer from the last replica.
## Each process prints PASS or FAIL lines and quits with 0 only if it printed no FAIL; either
## quits with 1 after WALL_LIMIT_MSEC of wall time whatever happens, so nothing hangs.

const RUNNER_AHEAD := Vector3(0, 0, -6)
## Behind the guard and beyond vision's 40 m: lost as out of range.
const RUNNER_AWAY := Vector3(0, 0, 60)
## Ahead, off to the side, and further than the runner, so the runner stays the top target.
const BYSTANDER_AT := Vector3(4, 0, -10)
const COMPANION_AT := Vector3(-3, 0, -9)

## The replicator's default, seconds.
const SEND_INTERVAL := 0.1
## A send_interval no test outlasts: while it holds, the server sends only on request.
const HOLD_SENDS := 3600.0
const FRAMES_TO_DETECT := 300
const FRAMES_TO_CONNECT := 1200
## A late joiner asks and is answered at once: a round trip, a few frames on one machine.
const FRAMES_TO_JOIN := 20
## A change waits at most one send_interval (0.1 s, 6 frames) plus the trip.
const FRAMES_TO_FOLLOW := 20
## The server's view of the same: the change, the update's trip, the client's report back.
const SERVER_FRAMES_TO_FOLLOW := 30
const FRAMES_TO_LOSE := 900
## How long the client watches the replica while the server's belief stands still.
const QUIET_FRAMES := 60
const FRAMES_TO_LEAVE := 120
## How many times the client forges the server's own RPC, and the server the client's.
const FORGED_CALLS := 600
const FORGED_UPDATES := 60
## What forged calls carry: an update's shape from the wrong peer, and things no update is.
const FORGED_DATA := [
	{"awareness": 4, "attention": "", "beliefs": []}, 7, null, "not an update", [1, 2, 3]
]

const SEEN := [ApsPerceptionComponent.STATE_DETECTED, ApsPerceptionComponent.STATE_TRACKED]

var _perception: ApsPerceptionComponent
var _replicator: ApsReplicator
var _runner: CharacterBody3D
var _bystander: CharacterBody3D
var _companion: CharacterBody3D

# Server: the client's peer id once it connected, and the reports it sent since.
var _client_id := 0
var _reports := {}
var _knew_bystander := false
var _client_gone := false

# Client: the server's latest notice, and every signal the component fired.
var _connected_frame := -1
var _connect_attempts := 0
var _notice := {}
var _signals: Array[Dictionary] = []
var _bystander_arrived := false
# What the component showed at the last physics frame, and the updates applied by then (-1:
# not watching yet); the updates that changed none of it.
var _shown := []
var _updates_seen := -1
var _updates_at_join := 0
var _updates_unchanged := 0
var _leaving := false
var _server_gone := false


## The same scene in both processes, with the same node names (targets travel by path), but
## for the companion's, which travels by its persistent_id.
func _build() -> void:
	ApsWorldBuilder.floor(self).name = "Floor"
	_perception = ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	_replicator = ApsReplicator.new()
	_replicator.name = "Replicator"
	_perception.add_child(_replicator)
	_runner = ApsWorldBuilder.body(self, RUNNER_AHEAD, "Runner")
	_bystander = ApsWorldBuilder.body(self, BYSTANDER_AT, "Bystander")
	_companion = ApsWorldBuilder.body(self, COMPANION_AT, "CompanionOn" + _role.capitalize())
	var id := ApsTargetComponent.new()
	id.persistent_id = "companion"
	_companion.add_child(id)


# --- Server -------------------------------------------------------------------------------


func _server() -> void:
	_build()
	_check(
		is_equal_approx(_replicator.send_interval, SEND_INTERVAL) and _replicator.emit_signals,
		(
			"server: the replicator's defaults: send_interval %.2f s, emit_signals %s"
			% [_replicator.send_interval, _replicator.emit_signals]
		)
	)
	# Until the client has joined nothing goes on the interval: what it gets, it got by asking.
	_replicator.send_interval = HOLD_SENDS
	var waited := await _wait_for(
		func() -> bool: return _perception.get_belief_state(_runner) in SEEN, FRAMES_TO_DETECT
	)
	if not _check(
		waited >= 0,
		(
			"server: the guard detects the runner 6 m ahead before any client can join (%s %s)"
			% [_state_name(_perception.get_belief_state(_runner)), _after(waited, FRAMES_TO_DETECT)]
		)
	):
		_finish()
		return

	var peer := ENetMultiplayerPeer.new()
	var err := peer.create_server(_port, 1)
	if not _check(err == OK, "server: listens on 127.0.0.1:%d (%s)" % [_port, error_string(err)]):
		_finish()
		return
	multiplayer.multiplayer_peer = peer
	multiplayer.peer_connected.connect(_on_peer_connected)
	multiplayer.peer_disconnected.connect(_on_peer_disconnected)
	print("server: listening on 127.0.0.1:%d" % _port)

	waited = await _wait_for(func() -> bool: return _client_id != 0, FRAMES_TO_CONNECT)
	if not _check(waited >= 0, "server: a client connects"):
		_finish()
		return
	var connected_at := Engine.get_physics_frames()

	# 1. The late joiner reports what it was given.
	waited = await _wait_for(func() -> bool: return _reports.has("joined"), FRAMES_TO_CONNECT)
	if not _check(waited >= 0, "server: the client reports the state it joined into"):
		_finish()
		return
	var report: Dictionary = _reports["joined"]
	print(
		(
			"server: the client had the current state %d server frames after it connected (including its report's trip back), from %d update(s) sent with the interval's sends held off"
			% [report["frame"] - connected_at, _replicator.get_updates_sent()]
		)
	)
	_replicator.send_interval = SEND_INTERVAL
	var attention := _perception.get_attention_target()
	var expected_attention := ""
	if attention != null and attention.get_multiplayer_authority() == _client_id:
		expected_attention = String(attention.name)
	_check(
		report["value"] == expected_attention,
		(
			"server: the client's attention target is the server's only if it passes the filter (server: %s, client: %s)"
			% [_node_name(attention), _or_none(report["value"])]
		)
	)

	# 2. The client tries to lower the server's confidence.
	waited = await _wait_for(func() -> bool: return _reports.has("tried"), FRAMES_TO_CONNECT)
	if not _check(waited >= 0, "server: the client tried set_target_confidence"):
		_finish()
		return
	await _frames(10)
	var confidence := _perception.get_confidence(_runner)
	_check(
		_perception.get_belief_state(_runner) in SEEN and confidence >= 0.5,
		(
			"server: the client's set_target_confidence(runner, 0.0) left the server's belief alone (%s, %.2f)"
			% [_state_name(_perception.get_belief_state(_runner)), confidence]
		)
	)

	# 3. Away until lost, back until detected; the client follows each change.
	_runner.global_position = RUNNER_AWAY
	if not await _server_change(
		"lost", [ApsPerceptionComponent.STATE_LOST], "sent 60 m behind the guard"
	):
		_finish()
		return
	_runner.global_position = RUNNER_AHEAD
	if not await _server_change("detected", SEEN, "back 6 m ahead"):
		_finish()
		return

	# 4. The client checks its own perception and says it is done.
	waited = await _wait_for(func() -> bool: return _reports.has("done"), FRAMES_TO_CONNECT)
	_check(waited >= 0, "server: the client finished its checks")
	_check(
		_knew_bystander,
		"server: the guard believed in the bystander too, which the filter keeps from the client"
	)
	var passes: int = ApsWorld.get_stats()["perceivers_run"]
	_check(passes > 0, "server: perception ran here (%d passes)" % passes)
	_check(
		_replicator.get_updates_sent() > 0,
		"server: the replicator sent %d updates" % _replicator.get_updates_sent()
	)
	# On the server the replicator answers from the component itself.
	_check(
		(
			_replicator.get_belief_state(_runner) == _perception.get_belief_state(_runner)
			and _replicator.get_awareness_level() == _perception.get_awareness_level()
		),
		(
			"server: the replicator's getters answer from the component (%s)"
			% _state_name(_replicator.get_belief_state(_runner))
		)
	)

	# 5. The game's own filter: every peer may know of every target, so the bystander goes too.
	_replicator.peer_filter = func(_peer: int, _target: Node3D) -> bool: return true
	_notify.rpc_id(_client_id, "filter", 0, 0)
	waited = await _wait_for(func() -> bool: return _reports.has("filter"), FRAMES_TO_CONNECT)
	_check(waited >= 0, "server: the client saw the bystander once the peer_filter let it through")

	# 6. The client forges the replicator's update to the server, many times over: each is
	# refused, said once, naming the peer; Godot itself refuses none (no engine error).
	var log := ApsWarningLog.start()
	_notify.rpc_id(_client_id, "forge", 0, 0)
	waited = await _wait_for(func() -> bool: return _reports.has("forged"), FRAMES_TO_CONNECT)
	log.stop()
	if _check(waited >= 0, "server: the client forged %d updates" % FORGED_CALLS):
		var about_peer := log.count("peer %d sent an update to the server" % _client_id)
		_check(
			about_peer == 1 and log.warnings.size() == 1,
			(
				"server: one warning for %d forged updates, naming peer %d (%d such, %d in all):\n%s"
				% [FORGED_CALLS, _client_id, about_peer, log.warnings.size(), log.text()]
			)
		)
		_check(
			log.errors.is_empty(),
			"server: no error from the forged calls:\n%s" % "\n".join(log.errors)
		)
	# And the server sends the client what is no update: refused there, said once.
	for i in FORGED_UPDATES:
		_replicator.rpc_id(
			_client_id, "_aps_receive", FORGED_DATA[1 + i % (FORGED_DATA.size() - 1)]
		)
	_notify.rpc_id(_client_id, "forged back", 0, 0)
	waited = await _wait_for(func() -> bool: return _reports.has("refused"), FRAMES_TO_CONNECT)
	_check(waited >= 0, "server: the client refused the updates that are no replica data")

	# 7. The server sends the client away while an update to it is due: nothing is sent to the
	# leaving peer (ENet still lists it until it is gone). The client, left with its last
	# replica, must stay quiet.
	_notify.rpc_id(_client_id, "bye", 0, 0)
	await _frames(5)
	_replicator.send_interval = 0.0
	# A filter that lets nothing through: what the client may know changes, so an update is due
	# at the end of this frame and of each frame after.
	_replicator.peer_filter = func(_peer: int, _target: Node3D) -> bool: return false
	multiplayer.multiplayer_peer.disconnect_peer(_client_id)
	var sent := _replicator.get_updates_sent()
	waited = await _wait_for(func() -> bool: return _client_gone, FRAMES_TO_LEAVE)
	_check(
		waited >= 0, "server: the client it sent away is gone %s" % _within(waited, FRAMES_TO_LEAVE)
	)
	_check(
		_replicator.get_updates_sent() == sent,
		(
			"server: nothing was sent to the leaving peer (%d updates)"
			% (_replicator.get_updates_sent() - sent)
		)
	)
	multiplayer.multiplayer_peer.close()
	_finish()


## Waits for the guard's belief about the runner to reach one of `states`, tells the client,
## and waits for the client's report that its replica shows it too.
func _server_change(what: String, states: Array, how: String) -> bool:
	var waited := await _wait_for(
		func() -> bool: return _perception.get_belief_state(_runner) in states, FRAMES_TO_LOSE
	)
	var state := _perception.get_belief_state(_runner)
	if not _check(
		waited >= 0,
		(
			"server: the guard's belief goes %s when the runner is %s (%s %s)"
			% [what, how, _state_name(state), _after(waited, FRAMES_TO_LOSE)]
		)
	):
		return false
	var changed_at := Engine.get_physics_frames()
	_notify.rpc_id(_client_id, what, state, _perception.get_loss_reason(_runner))
	waited = await _wait_for(func() -> bool: return _reports.has(what), FRAMES_TO_CONNECT)
	if not _check(waited >= 0, "server: the client reports it saw %s" % what):
		return false
	var frames: int = _reports[what]["frame"] - changed_at
	return _check(
		frames <= SERVER_FRAMES_TO_FOLLOW,
		(
			"server: the client's replica showed %s %d server frames after the server's (at most %d, including the report's trip back)"
			% [what, frames, SERVER_FRAMES_TO_FOLLOW]
		)
	)


func _physics_process(_delta: float) -> void:
	if _role == "server" and _perception != null:
		if _perception.get_belief_state(_bystander) != ApsPerceptionComponent.STATE_UNDETECTED:
			_knew_bystander = true
	elif _role == "client" and _replicator != null:
		# The default filter: the bystander's authority is the server, so it never arrives.
		if (
			_perception.get_belief_state(_bystander) != ApsPerceptionComponent.STATE_UNDETECTED
			or _replicator.get_replicated_targets().has(_bystander)
			or _perception.get_attention_target() == _bystander
		):
			_bystander_arrived = true
		# Only changes are sent: an update that leaves everything as it was should not come.
		if _updates_seen >= 0:
			var updates := _replicator.get_updates_received()
			var shown := _shown_now()
			if updates > _updates_seen and shown == _shown:
				_updates_unchanged += updates - _updates_seen
			_updates_seen = updates
			_shown = shown


func _on_peer_connected(id: int) -> void:
	if _client_id != 0:
		print("server: ignoring a second client (peer %d)" % id)
		return
	_client_id = id
	# The runner and the companion are the client's: the default filter now sends it the
	# beliefs about them.
	_runner.set_multiplayer_authority(id)
	_companion.set_multiplayer_authority(id)
	print("server: peer %d connected; the runner and the companion are now its" % id)


func _on_peer_disconnected(id: int) -> void:
	if id != _client_id:
		return
	_client_gone = true
	if not _reports.has("done"):
		_check(false, "server: the client left before it was done")
		_finish()


@rpc("any_peer", "call_remote", "reliable")
func _report(what: String, value: String) -> void:
	if multiplayer.get_remote_sender_id() == _client_id:
		_reports[what] = {"value": value, "frame": Engine.get_physics_frames()}


# --- Client -------------------------------------------------------------------------------


func _client() -> void:
	multiplayer.connected_to_server.connect(
		func() -> void: _connected_frame = Engine.get_physics_frames()
	)
	multiplayer.connection_failed.connect(_connect)
	multiplayer.server_disconnected.connect(_on_server_disconnected)
	# A client from its first frame: its perception must never run, not even once.
	if not _connect():
		_finish()
		return
	_build()
	_runner.set_multiplayer_authority(multiplayer.get_unique_id())
	_companion.set_multiplayer_authority(multiplayer.get_unique_id())
	_perception.target_state_changed.connect(
		func(target: Node3D, old: int, new: int) -> void:
			_log("target_state_changed", target, old, new)
	)
	_perception.awareness_changed.connect(
		func(old: int, new: int) -> void: _log("awareness_changed", null, old, new)
	)
	_perception.attention_changed.connect(
		func(old: Node3D, new: Node3D) -> void: _log("attention_changed", new, old, new)
	)
	_perception.target_lost.connect(
		func(target: Node3D, reason: int, at: Vector3) -> void:
			_log("target_lost", target, reason, at)
	)

	var waited := await _wait_for(func() -> bool: return _connected_frame >= 0, FRAMES_TO_CONNECT)
	if not _check(
		waited >= 0, "client: connects to 127.0.0.1:%d (%d attempts)" % [_port, _connect_attempts]
	):
		_finish()
		return
	print("client: connected as peer %d" % multiplayer.get_unique_id())

	# 1. Joined after the server's guard detected the runner: the current state comes at once.
	var joined := func() -> bool:
		return (
			_perception.get_belief_state(_runner) in SEEN
			and _perception.get_awareness_level() > ApsPerceptionComponent.AWARENESS_UNAWARE
			and _changed_to(_runner, SEEN, _connected_frame)
		)
	waited = await _wait_for(joined, FRAMES_TO_JOIN)
	_check(
		waited >= 0,
		(
			"client: joined late and had the current state %s of connecting: %s, awareness %d, target_state_changed fired"
			% [
				_within(waited, FRAMES_TO_JOIN),
				_state_name(_perception.get_belief_state(_runner)),
				_perception.get_awareness_level()
			]
		)
	)
	_check(_fired("awareness_changed"), "client: awareness_changed fired")
	var attention := _perception.get_attention_target()
	_check(
		attention == _replicator.get_attention_target(),
		"client: the component's attention target is the replica's (%s)" % _node_name(attention)
	)
	if attention != null:
		_check(
			_fired("attention_changed", attention),
			"client: attention_changed fired for %s" % attention.name
		)
	_check(
		_replicator.get_replicated_targets().has(_runner),
		(
			"client: the runner is among the replicated targets %s"
			% [_replicator.get_replicated_targets()]
		)
	)
	var known: Vector3 = _replicator.get_last_known_position(_runner)
	_check(
		Vector2(known.x, known.z).distance_to(Vector2(RUNNER_AHEAD.x, RUNNER_AHEAD.z)) < 0.5,
		"client: the runner's last known position came too (%s)" % known
	)
	var confidence := _perception.get_confidence(_runner)
	_check(
		confidence > 0.0 and is_equal_approx(confidence, _replicator.get_confidence(_runner)),
		"client: the component's confidence is the replica's (%.2f)" % confidence
	)
	var threat := _perception.get_threat_score(_runner)
	_check(
		is_equal_approx(threat, _replicator.get_threat_score(_runner)),
		"client: the component's threat score is the replica's (%.2f)" % threat
	)
	_report.rpc_id(1, "joined", _node_name(attention, ""))
	_updates_at_join = _replicator.get_updates_received()
	# From now on, every update must change something the client can see (see _physics_process).
	_updates_seen = _replicator.get_updates_received()
	_shown = _shown_now()

	# The server sends at most once per send_interval.
	var before: int = _replicator.get_updates_received()
	await _frames(QUIET_FRAMES)
	var updates: int = _replicator.get_updates_received() - before
	_check(
		float(updates) <= QUIET_FRAMES / 6.0 + 1.0,
		(
			"client: %d updates in %d frames while the runner stood still (at most one per send_interval)"
			% [updates, QUIET_FRAMES]
		)
	)

	# 2. A client cannot change what the server believes.
	var state := _perception.get_belief_state(_runner)
	_check(
		not _perception.set_target_confidence(_runner, 0.0),
		"client: set_target_confidence(runner, 0.0) is refused"
	)
	_check(
		_perception.get_belief_state(_runner) == state,
		"client: the replica is untouched by the refused call (%s)" % _state_name(state)
	)
	_report.rpc_id(1, "tried", "")

	# 3. The client follows each change the server tells it about.
	if not await _client_follow("lost", [ApsPerceptionComponent.STATE_LOST]):
		_finish()
		return
	if not await _client_follow("detected", SEEN):
		_finish()
		return
	attention = _perception.get_attention_target()
	_check(
		attention == _replicator.get_attention_target(),
		(
			"client: the component's attention target is still the replica's (%s)"
			% _node_name(attention)
		)
	)
	# The companion's node has another name here than on the server: it came by its id.
	var companion := _perception.get_belief_state(_companion)
	known = _perception.get_last_known_position(_companion)
	_check(
		(
			companion in SEEN
			and _replicator.get_replicated_targets().has(_companion)
			and Vector2(known.x, known.z).distance_to(Vector2(COMPANION_AT.x, COMPANION_AT.z)) < 0.5
		),
		(
			"client: the companion's belief came by its persistent_id to %s (%s at %s)"
			% [_companion.name, _state_name(companion), known]
		)
	)

	# 4. Nothing was perceived here, and the server's own bystander never arrived.
	var stats := ApsWorld.get_stats()
	_check(
		stats["perceivers_run"] == 0 and stats["rays_cast"] == 0,
		(
			"client: its own perception ran nothing (%d passes, %d rays)"
			% [stats["perceivers_run"], stats["rays_cast"]]
		)
	)
	_check(not _bystander_arrived, "client: the bystander, the server's own, never arrived")
	_check(
		_updates_unchanged == 0,
		(
			"client: every update since joining changed what the component shows (%d of %d did not)"
			% [_updates_unchanged, _replicator.get_updates_received() - _updates_at_join]
		)
	)
	_check(
		_replicator.get_updates_received() > 0,
		"client: the replicator applied %d updates" % _replicator.get_updates_received()
	)
	_report.rpc_id(1, "done", "")

	# 5. With the game's peer_filter letting everything through, the bystander arrives.
	var told := await _wait_for(
		func() -> bool: return _notice.get("what", "") == "filter", FRAMES_TO_CONNECT
	)
	if _check(told >= 0, "client: the server set a peer_filter that lets every target through"):
		var arrived := await _wait_for(
			func() -> bool: return _replicator.get_replicated_targets().has(_bystander),
			FRAMES_TO_FOLLOW
		)
		_check(
			arrived >= 0, "client: the bystander arrived %s" % _within(arrived, FRAMES_TO_FOLLOW)
		)
		_report.rpc_id(1, "filter", "")

	# 6. The client forges the server's own RPC, many times, with every shape of data; then the
	# server sends it what is no update. Reliable RPCs arrive in order: the server has every
	# forged call before the report, and the client every forged update before the notice.
	told = await _wait_for(
		func() -> bool: return _notice.get("what", "") == "forge", FRAMES_TO_CONNECT
	)
	if _check(told >= 0, "client: the server asks it to forge updates"):
		var log := ApsWarningLog.start()
		for i in FORGED_CALLS:
			_replicator.rpc_id(1, "_aps_receive", FORGED_DATA[i % FORGED_DATA.size()])
			if i % 100 == 99:
				await _frames(1)
		_report.rpc_id(1, "forged", "")
		var shown := _perception.get_belief_state(_runner)
		told = await _wait_for(
			func() -> bool: return _notice.get("what", "") == "forged back", FRAMES_TO_CONNECT
		)
		log.stop()
		if _check(told >= 0, "client: the server sent what is no update"):
			var about_server := log.count("peer 1 sent an update that is no replica data")
			_check(
				about_server == 1 and log.warnings.size() == 1,
				(
					"client: one warning for %d bad updates, naming the server (%d such, %d in all):\n%s"
					% [FORGED_UPDATES, about_server, log.warnings.size(), log.text()]
				)
			)
			_check(
				log.errors.is_empty(),
				"client: no error from the bad updates:\n%s" % "\n".join(log.errors)
			)
			_check(
				_perception.get_belief_state(_runner) == shown,
				"client: the replica is untouched by them (%s)" % _state_name(shown)
			)
			_report.rpc_id(1, "refused", "")

	# 7. The server sends the client away. The client keeps asking its component and replicator
	# for 30 frames more: they answer from the last replica, and no engine error is raised
	# (xtask fails the run on any error in the output).
	_leaving = true
	_check(
		(
			await _wait_for(
				func() -> bool: return _notice.get("what", "") == "bye", FRAMES_TO_CONNECT
			)
			>= 0
		),
		"client: the server took the report and says goodbye"
	)
	var gone := await _wait_for(func() -> bool: return _server_gone, FRAMES_TO_LEAVE)
	if _check(gone >= 0, "client: the server left %s" % _within(gone, FRAMES_TO_LEAVE)):
		var last := _perception.get_belief_state(_runner)
		var steady := true
		for i in 30:
			steady = steady and _perception.get_belief_state(_runner) == last
			steady = steady and _replicator.get_belief_state(_runner) == last
			_perception.get_awareness_level()
			_perception.get_attention_target()
			await _frames(1)
		_check(
			steady,
			(
				"client: for 30 frames after the server left, the component still showed the last replica (%s)"
				% _state_name(last)
			)
		)
	_finish()


## Waits for the server's notice of a change, then for the replica to show it, with
## target_state_changed fired since the client started waiting (the update may come first).
func _client_follow(what: String, states: Array) -> bool:
	var since := Engine.get_physics_frames()
	var waited := await _wait_for(
		func() -> bool: return _notice.get("what", "") == what, FRAMES_TO_LOSE + FRAMES_TO_CONNECT
	)
	if not _check(waited >= 0, "client: the server's guard went %s" % what):
		return false
	var state: int = _notice["state"]
	var shown := func() -> bool:
		return (
			_perception.get_belief_state(_runner) in states and _changed_to(_runner, states, since)
		)
	waited = await _wait_for(shown, FRAMES_TO_FOLLOW)
	if not _check(
		waited >= 0,
		(
			"client: the replica showed %s %s of the server's notice (the server: %s, here: %s), target_state_changed fired"
			% [
				what,
				_within(waited, FRAMES_TO_FOLLOW),
				_state_name(state),
				_state_name(_perception.get_belief_state(_runner))
			]
		)
	):
		return false
	if what == "lost":
		var reason: int = _notice["loss_reason"]
		var lost := _first("target_lost", _runner, since)
		_check(
			not lost.is_empty() and lost["old"] == reason,
			(
				"client: target_lost fired with the server's loss reason (server: %d, here: %s)"
				% [reason, lost.get("old", "none")]
			)
		)
	_report.rpc_id(1, what, "")
	return true


## Starts (or, after a failed attempt, restarts) the connection to the server.
func _connect() -> bool:
	_connect_attempts += 1
	var peer := ENetMultiplayerPeer.new()
	var err := peer.create_client("127.0.0.1", _port)
	if not _check(
		err == OK,
		"client: creates an ENet client for 127.0.0.1:%d (%s)" % [_port, error_string(err)]
	):
		return false
	multiplayer.multiplayer_peer = peer
	if _runner != null:
		_runner.set_multiplayer_authority(multiplayer.get_unique_id())
		_companion.set_multiplayer_authority(multiplayer.get_unique_id())
	return true


func _on_server_disconnected() -> void:
	_server_gone = true
	if not _finished and not _leaving:
		_check(false, "client: the server left before the client was done")
		_finish()


@rpc("authority", "call_remote", "reliable")
func _notify(what: String, state: int, loss_reason: int) -> void:
	_notice = {
		"what": what,
		"state": state,
		"loss_reason": loss_reason,
		"frame": Engine.get_physics_frames()
	}


## Everything the client's component answers from the replica, for each target.
func _shown_now() -> Array:
	var shown := [_perception.get_awareness_level(), _perception.get_attention_target()]
	for target in [_runner, _bystander, _companion]:
		shown.append_array(
			[
				_perception.get_belief_state(target),
				_perception.get_confidence(target),
				_perception.get_threat_score(target),
				_perception.get_last_known_position(target)
			]
		)
	return shown


func _log(signal_name: String, target: Node3D, old: Variant, new: Variant) -> void:
	_signals.append(
		{
			"signal": signal_name,
			"target": target,
			"old": old,
			"new": new,
			"frame": Engine.get_physics_frames()
		}
	)


## Whether target_state_changed fired for `target` into one of `states` at `since` or later.
func _changed_to(target: Node3D, states: Array, since: int) -> bool:
	for s in _signals:
		if (
			s["signal"] == "target_state_changed"
			and s["target"] == target
			and s["new"] in states
			and s["frame"] >= since
		):
			return true
	return false


## The first entry of `signal_name` for `target` at `since` or later, or an empty Dictionary.
func _first(signal_name: String, target: Node3D, since: int) -> Dictionary:
	for s in _signals:
		if s["signal"] == signal_name and s["target"] == target and s["frame"] >= since:
			return s
	return {}


func _fired(signal_name: String, target: Node3D = null) -> bool:
	for s in _signals:
		if s["signal"] == signal_name and (target == null or s["target"] == target):
			return true
	return false
