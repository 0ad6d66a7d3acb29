extends Node3D
## What both multiplayer tests share (see multiplayer_test.gd and multiplayer_2d_test.gd): the
## part a process plays (`-- --role=server|client --port=N`), frames paced to wall time, waits
## with limits, and PASS and FAIL lines. A process quits with 0 only if it printed no FAIL, and
## with 1 after WALL_LIMIT_MSEC of wall time whatever happens, so nothing hangs.

## Frames, each 1/60 s of game time and, paced by `_pace`, of wall time.
const FPS := 60
const WALL_LIMIT_MSEC := 30000

var _role := ""
var _port := 0
var _failed := false
var _finished := false
var _start_msec := 0
var _next_frame_usec := 0


func _ready() -> void:
	_start_msec = Time.get_ticks_msec()
	_next_frame_usec = Time.get_ticks_usec()
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--role="):
			_role = arg.trim_prefix("--role=")
		elif arg.begins_with("--port="):
			_port = arg.trim_prefix("--port=").to_int()
	if not _role in ["server", "client"] or _port <= 0 or _port > 65535:
		_check(
			false, "usage: -- --role=server|client --port=N (got %s)" % [OS.get_cmdline_user_args()]
		)
		_finish()
		return
	if _role == "server":
		_server()
	else:
		_client()


func _process(_delta: float) -> void:
	_pace()
	if not _finished and Time.get_ticks_msec() - _start_msec > WALL_LIMIT_MSEC:
		_check(false, "%s: not done after %.0f s of wall time" % [_role, WALL_LIMIT_MSEC / 1000.0])
		_finish()


## Holds each frame to 1/60 s of wall time. Under --fixed-fps Godot runs frames as fast as it
## can (Engine.max_fps is ignored), each process at its own speed: paced, a frame is the same
## time in both, so frame counts across the two processes, and ENet's trips, mean one thing.
func _pace() -> void:
	_next_frame_usec += int(1000000.0 / FPS)
	var now := Time.get_ticks_usec()
	if now < _next_frame_usec:
		OS.delay_usec(_next_frame_usec - now)
	else:
		# Behind (a slow frame): start again from now rather than race to catch up.
		_next_frame_usec = now


## The server's part.
func _server() -> void:
	pass


## The client's part.
func _client() -> void:
	pass


## Waits until `condition` holds, at most `limit` physics frames: how many it waited, or -1.
func _wait_for(condition: Callable, limit: int) -> int:
	for waited in limit + 1:
		if _finished:
			return -1
		if condition.call():
			return waited
		await get_tree().physics_frame
	return -1


func _frames(n: int) -> void:
	for i in n:
		await get_tree().physics_frame


func _check(passed: bool, what: String) -> bool:
	print("%s %s" % ["PASS" if passed else "FAIL", what])
	if not passed:
		_failed = true
	return passed


func _finish() -> void:
	if _finished:
		return
	_finished = true
	print(
		(
			"%s: %s"
			% [
				_role if _role != "" else "multiplayer test",
				"FAIL" if _failed else "all checks passed"
			]
		)
	)
	get_tree().quit(1 if _failed else 0)


## "after 12 frames", or "not after 300 frames" for a wait that gave up.
func _after(waited: int, limit: int) -> String:
	return "after %s" % _count(waited) if waited >= 0 else "not after %s" % _count(limit)


## "within 3 frames (at most 20)", or "not within 20 frames".
func _within(waited: int, limit: int) -> String:
	return (
		"within %s (at most %d)" % [_count(waited), limit]
		if waited >= 0
		else "not within %s" % _count(limit)
	)


func _count(frames: int) -> String:
	return "1 frame" if frames == 1 else "%d frames" % frames


func _state_name(state: int) -> String:
	var names := ["Undetected", "Suspected", "Detected", "Tracked", "Lost", "Remembered", "Expired"]
	return names[state] if state >= 0 and state < names.size() else "state %d" % state


func _node_name(node: Node, none: String = "none") -> String:
	return String(node.name) if node != null else none


func _or_none(text: String) -> String:
	return text if text != "" else "none"
