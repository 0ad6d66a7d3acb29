extends "res://tests/multiplayer/peer.gd"
## The multiplayer test in 2D: a server and a client, two headless Godots on 127.0.0.1 over
## ENet, with an ApsPerceptionComponent2D and its ApsReplicator2D (`cargo xtask test` starts
## both, as for the 3D test). Both processes build the same 2D scene in their World2D: a guard
## looking along +X, a runner 600 px ahead whose multiplayer authority is the client, and a
## bystander the server owns.
##
## In order:
## 1. The server's guard detects the runner before anyone can join; the client joins late and
##    must show the current state within FRAMES_TO_JOIN frames, with target_state_changed fired,
##    the replicator's getters typed for 2D and the last known position in pixels.
## 2. The server sends the runner away until its guard loses it; the client follows within
##    FRAMES_TO_FOLLOW frames, and target_lost fires with the loss reason and a Vector2 in pixels.
## 3. The client's own perception never ran and the bystander never reached it.
## 4. The client forges the server's own RPC FORGED_CALLS times: one warning naming the peer,
##    no engine error.

const RUNNER_AHEAD := Vector2(600, 0)
## Behind the guard and beyond vision's 40 m (4000 px): lost as out of range.
const RUNNER_AWAY := Vector2(-6000, 0)
const BYSTANDER_AT := Vector2(900, 300)
const FRAMES_TO_DETECT := 300
const FRAMES_TO_CONNECT := 1200
const FRAMES_TO_JOIN := 20
const FRAMES_TO_FOLLOW := 20
const FRAMES_TO_LOSE := 900
const FORGED_CALLS := 200

const SEEN := [ApsPerceptionComponent2D.STATE_DETECTED, ApsPerceptionComponent2D.STATE_TRACKED]

var _perception: ApsPerceptionComponent2D
var _replicator: ApsReplicator2D
var _runner: CharacterBody2D
var _bystander: CharacterBody2D

# Server: the client's peer id and what it reported.
var _client_id := 0
var _reports := {}

# Client: the server's notices and the component's signals.
var _connected_frame := -1
var _notice := {}
var _signals: Array[Dictionary] = []
var _bystander_arrived := false


## The same 2D scene in both processes, with the same node names (targets travel by path).
func _build() -> void:
	_perception = ApsWorldBuilder2D.guard(self, Vector2.ZERO)
	_replicator = ApsReplicator2D.new()
	_replicator.name = "Replicator"
	_perception.add_child(_replicator)
	_runner = ApsWorldBuilder2D.body(self, RUNNER_AHEAD, "Runner")
	_bystander = ApsWorldBuilder2D.body(self, BYSTANDER_AT, "Bystander")


# --- Server -------------------------------------------------------------------------------


func _server() -> void:
	_build()
	var waited := await _wait_for(
		func() -> bool: return _perception.get_belief_state(_runner) in SEEN, FRAMES_TO_DETECT
	)
	if not _check(
		waited >= 0,
		(
			"server: the 2D guard detects the runner 600 px ahead before any client can join (%s %s)"
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
	multiplayer.peer_connected.connect(
		func(id: int) -> void:
			if _client_id == 0:
				_client_id = id
				_runner.set_multiplayer_authority(id)
	)
	waited = await _wait_for(func() -> bool: return _client_id != 0, FRAMES_TO_CONNECT)
	if not _check(waited >= 0, "server: a client connects"):
		_finish()
		return
	waited = await _wait_for(func() -> bool: return _reports.has("joined"), FRAMES_TO_CONNECT)
	if not _check(waited >= 0, "server: the client reports the state it joined into"):
		_finish()
		return

	_runner.global_position = RUNNER_AWAY
	waited = await _wait_for(
		func() -> bool:
			return _perception.get_belief_state(_runner) == ApsPerceptionComponent2D.STATE_LOST,
		FRAMES_TO_LOSE
	)
	if not _check(
		waited >= 0,
		(
			"server: the guard's belief goes lost when the runner is sent away (%s)"
			% _after(waited, FRAMES_TO_LOSE)
		)
	):
		_finish()
		return
	_notify.rpc_id(_client_id, "lost", _perception.get_loss_reason(_runner))
	waited = await _wait_for(func() -> bool: return _reports.has("lost"), FRAMES_TO_CONNECT)
	_check(waited >= 0, "server: the client reports it saw lost")
	_check(
		_replicator.get_belief_state(_runner) == _perception.get_belief_state(_runner),
		(
			"server: the replicator's getters answer from the component (%s)"
			% _state_name(_replicator.get_belief_state(_runner))
		)
	)

	var log := ApsWarningLog.start()
	_notify.rpc_id(_client_id, "forge", 0)
	waited = await _wait_for(func() -> bool: return _reports.has("forged"), FRAMES_TO_CONNECT)
	log.stop()
	if _check(waited >= 0, "server: the client forged %d updates" % FORGED_CALLS):
		var about_peer := log.count("ApsReplicator2D")
		_check(
			about_peer == 1 and log.warnings.size() == 1,
			(
				"server: one warning for %d forged updates, naming the 2D replicator and the peer (%d such, %d in all):\n%s"
				% [FORGED_CALLS, about_peer, log.warnings.size(), log.text()]
			)
		)
		_check(
			log.count("peer %d sent an update to the server" % _client_id) == 1,
			"server: the warning names peer %d" % _client_id
		)
		_check(
			log.errors.is_empty(),
			"server: no error from the forged calls:\n%s" % "\n".join(log.errors)
		)
	waited = await _wait_for(func() -> bool: return _reports.has("done"), FRAMES_TO_CONNECT)
	_check(waited >= 0, "server: the client finished its checks")
	await _frames(5)
	multiplayer.multiplayer_peer.close()
	_finish()


@rpc("any_peer", "call_remote", "reliable")
func _report(what: String) -> void:
	if multiplayer.get_remote_sender_id() == _client_id:
		_reports[what] = Engine.get_physics_frames()


# --- Client -------------------------------------------------------------------------------


func _client() -> void:
	multiplayer.connected_to_server.connect(
		func() -> void: _connected_frame = Engine.get_physics_frames()
	)
	multiplayer.connection_failed.connect(_connect)
	if not _connect():
		_finish()
		return
	_build()
	_runner.set_multiplayer_authority(multiplayer.get_unique_id())
	_perception.target_state_changed.connect(
		func(target: Node2D, old: int, new: int) -> void:
			_signals.append(
				{"signal": "target_state_changed", "target": target, "old": old, "new": new}
			)
	)
	_perception.target_lost.connect(
		func(target: Node2D, reason: int, at: Vector2) -> void:
			_signals.append({"signal": "target_lost", "target": target, "old": reason, "new": at})
	)
	var waited := await _wait_for(func() -> bool: return _connected_frame >= 0, FRAMES_TO_CONNECT)
	if not _check(waited >= 0, "client: connects to 127.0.0.1:%d" % _port):
		_finish()
		return

	# 1. Joined late: the current state at once, in the 2D component's own types.
	var joined := func() -> bool:
		return (
			_perception.get_belief_state(_runner) in SEEN
			and _fired("target_state_changed", _runner)
		)
	waited = await _wait_for(joined, FRAMES_TO_JOIN)
	_check(
		waited >= 0,
		(
			"client: joined late and had the current state %s of connecting (%s), target_state_changed fired"
			% [_within(waited, FRAMES_TO_JOIN), _state_name(_perception.get_belief_state(_runner))]
		)
	)
	var targets: Array[Node2D] = _replicator.get_replicated_targets()
	_check(
		targets.has(_runner), "client: the runner is among the 2D replicated targets %s" % [targets]
	)
	var known: Vector2 = _replicator.get_last_known_position(_runner)
	_check(
		known.distance_to(RUNNER_AHEAD) < 50.0,
		"client: the runner's last known position came in pixels (%s)" % known
	)
	_check(
		(_perception.get_last_known_position(_runner) as Vector2).is_equal_approx(known),
		(
			"client: the component answers it from the replica (%s)"
			% _perception.get_last_known_position(_runner)
		)
	)
	var confidence := _perception.get_confidence(_runner)
	_check(
		confidence > 0.0 and is_equal_approx(confidence, _replicator.get_confidence(_runner)),
		"client: the component's confidence is the replica's (%.2f)" % confidence
	)
	_check(
		_perception.get_attention_target() == _replicator.get_attention_target(),
		(
			"client: the component's attention target is the replica's (%s)"
			% _node_name(_perception.get_attention_target())
		)
	)
	_report.rpc_id(1, "joined")

	# 2. The runner is sent away: lost here too, with target_lost in pixels.
	waited = await _wait_for(
		func() -> bool: return _notice.get("what", "") == "lost", FRAMES_TO_LOSE + FRAMES_TO_CONNECT
	)
	if _check(waited >= 0, "client: the server's guard went lost"):
		var reason: int = _notice["loss_reason"]
		waited = await _wait_for(
			func() -> bool:
				return _perception.get_belief_state(_runner) == ApsPerceptionComponent2D.STATE_LOST,
			FRAMES_TO_FOLLOW
		)
		_check(
			waited >= 0,
			(
				"client: the replica showed lost %s of the server's notice"
				% _within(waited, FRAMES_TO_FOLLOW)
			)
		)
		var lost := _first("target_lost", _runner)
		_check(
			not lost.is_empty() and lost["old"] == reason and lost["new"] is Vector2,
			(
				"client: target_lost fired with the server's loss reason (%d) and a Vector2 in pixels (%s)"
				% [reason, lost.get("new", "none")]
			)
		)
		_report.rpc_id(1, "lost")

	# 3. Nothing perceived here; the server's own bystander never arrived.
	var stats := ApsWorld.get_stats_2d()
	_check(
		stats["perceivers_run"] == 0 and stats["rays_cast"] == 0,
		(
			"client: its own 2D perception ran nothing (%d passes, %d rays)"
			% [stats["perceivers_run"], stats["rays_cast"]]
		)
	)
	_check(not _bystander_arrived, "client: the bystander, the server's own, never arrived")

	# 4. The client forges the server's own RPC.
	waited = await _wait_for(
		func() -> bool: return _notice.get("what", "") == "forge", FRAMES_TO_CONNECT
	)
	if _check(waited >= 0, "client: the server asks it to forge updates"):
		for i in FORGED_CALLS:
			_replicator.rpc_id(
				1,
				"_aps_receive",
				{"awareness": 4, "attention": "", "beliefs": []} if i % 2 == 0 else 7
			)
			if i % 50 == 49:
				await _frames(1)
		_report.rpc_id(1, "forged")
	_report.rpc_id(1, "done")
	await _frames(30)
	_finish()


func _physics_process(_delta: float) -> void:
	if _role == "client" and _replicator != null:
		if (
			_perception.get_belief_state(_bystander) != ApsPerceptionComponent2D.STATE_UNDETECTED
			or _replicator.get_replicated_targets().has(_bystander)
		):
			_bystander_arrived = true


func _connect() -> bool:
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
	return true


@rpc("authority", "call_remote", "reliable")
func _notify(what: String, loss_reason: int) -> void:
	_notice = {"what": what, "loss_reason": loss_reason}


func _fired(signal_name: String, target: Node2D) -> bool:
	return not _first(signal_name, target).is_empty()


func _first(signal_name: String, target: Node2D) -> Dictionary:
	for s in _signals:
		if s["signal"] == signal_name and s["target"] == target:
			return s
	return {}
