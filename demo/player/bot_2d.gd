class_name DemoBot2D
extends RefCounted
## The tour's driver on the top-down level: DemoBot for DemoPlayer2D. It plays the player along
## a fixed route, as a person would with the keyboard, one physics frame at a time. Everything
## it does is a coroutine to `await`. It never touches a guard.

var player: DemoPlayer2D
var tree: SceneTree
## The wing being toured, for the timeline's wing column.
var wing := ""
## Called once every physics frame while the bot acts; an empty Callable for none.
var on_frame := Callable()


func _init(p: DemoPlayer2D) -> void:
	player = p
	tree = p.get_tree()


## Says what the player does next, on the timeline.
func narrate(text: String) -> void:
	DemoTimeline.player(wing, text)


## Walks (or runs, or sneaks: `gait` is &"walk", &"run" or &"sneak") to `target`. True once
## there; false if something blocked the way for too long.
func go_to(target: Vector2, gait: StringName = &"walk") -> bool:
	player.running = gait == &"run"
	player.sneaking = gait == &"sneak"
	var budget := player.global_position.distance_to(target) / player.speed() * 2.0 + 2.0
	var frames := int(budget * Engine.physics_ticks_per_second)
	var step := player.speed() / Engine.physics_ticks_per_second
	for _i in frames:
		var to := target - player.global_position
		if to.length() < step:
			break
		player.move_dir = to.normalized()
		await _frame()
	player.move_dir = Vector2.ZERO
	player.running = false
	return player.global_position.distance_to(target) < 2.0 * step + 1.0


## Follows `points` in turn with one gait.
func follow(points: Array[Vector2], gait: StringName = &"walk") -> bool:
	for p in points:
		if not await go_to(p, gait):
			return false
	return true


## Stands still for `duration` seconds.
func wait(duration: float) -> void:
	player.move_dir = Vector2.ZERO
	for _i in int(round(duration * Engine.physics_ticks_per_second)):
		await _frame()


## Waits until `condition` returns true, at most `timeout` seconds. True if it came true.
func until(condition: Callable, timeout: float) -> bool:
	player.move_dir = Vector2.ZERO
	for _i in int(round(timeout * Engine.physics_ticks_per_second)):
		if condition.call():
			return true
		await _frame()
	return condition.call()


## Throws a stone at `point` and waits until it lands.
func throw_at(point: Vector2) -> void:
	var stone := player.throw_stone(point)
	await stone.landed


func _frame() -> void:
	await tree.physics_frame
	if on_frame.is_valid():
		on_frame.call()
