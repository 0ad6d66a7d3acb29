class_name DemoBot
extends RefCounted
## The tour's driver: it plays the player along a fixed route, as a person would with the
## keyboard, one physics frame at a time. Everything it does is a coroutine to `await`.
##
## It never touches a guard: what the guards do is theirs, from what APS tells them.

var player: DemoPlayer
var tree: SceneTree
## The wing being toured, for the timeline's wing column.
var wing := ""
## Called once every physics frame while the bot acts (a wing measuring something as the
## player moves); an empty Callable for none.
var on_frame := Callable()


func _init(p: DemoPlayer) -> void:
	player = p
	tree = p.get_tree()


## Says what the player does next, on the timeline.
func narrate(text: String) -> void:
	DemoTimeline.player(wing, text)


## Walks (or runs, or sneaks: `gait` is &"walk", &"run" or &"sneak") to `target` on the
## ground. True once there; false if something blocked the way for too long.
func go_to(target: Vector3, gait: StringName = &"walk") -> bool:
	player.running = gait == &"run"
	player.crouching = gait == &"sneak"
	var flat_target := Vector3(target.x, 0, target.z)
	var budget := (
		_flat(player.global_position).distance_to(flat_target) / player.speed() * 2.0 + 2.0
	)
	var frames := int(budget * Engine.physics_ticks_per_second)
	var was := player.global_position
	for _i in frames:
		# Moved further than a step in one frame: something (a manhole) took the player away.
		if player.global_position.distance_to(was) > 1.0:
			player.move_dir = Vector3.ZERO
			return false
		was = player.global_position
		var to := flat_target - _flat(player.global_position)
		if to.length() < 0.2:
			break
		# Slow down on the last stretch so the player stops on the spot.
		player.move_dir = to.normalized()
		await _frame()
	player.move_dir = Vector3.ZERO
	player.running = false
	return _flat(player.global_position).distance_to(flat_target) < 0.5


## Follows `points` in turn with one gait.
func follow(points: Array[Vector3], gait: StringName = &"walk") -> bool:
	for p in points:
		if not await go_to(p, gait):
			return false
	return true


## Stands (or crouches) still for `duration` seconds.
func wait(duration: float) -> void:
	player.move_dir = Vector3.ZERO
	for _i in int(round(duration * Engine.physics_ticks_per_second)):
		await _frame()


## Waits until `condition` returns true, at most `timeout` seconds. True if it came true.
func until(condition: Callable, timeout: float) -> bool:
	player.move_dir = Vector3.ZERO
	for _i in int(round(timeout * Engine.physics_ticks_per_second)):
		if condition.call():
			return true
		await _frame()
	return condition.call()


func crouch(on: bool) -> void:
	player.crouching = on


func flashlight(on: bool) -> void:
	player.flashlight = on


## Turns to look toward `point`.
func face(point: Vector3) -> void:
	player.teleport(player.global_position, point - player.global_position)


## Throws a stone at `point` and waits until it lands. Returns what it hit (or null).
func throw_at(point: Vector3) -> Node3D:
	var stone := player.throw_stone(point)
	var result: Array = await stone.landed
	return result[1]


func _frame() -> void:
	await tree.physics_frame
	if on_frame.is_valid():
		on_frame.call()


func _flat(v: Vector3) -> Vector3:
	return Vector3(v.x, 0, v.z)
