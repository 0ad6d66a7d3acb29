class_name ApsTestSuite
extends Node3D
## Base class of every Godot test suite: methods named `test_*` run one by one, each on a fresh
## suite instance added to the tree, so every test builds its own little world.
##
## Checks record failures instead of stopping the test; the runner prints them with the test
## name and the line of the check.

const FPS := 60.0

var failures: PackedStringArray = []
var test_name := ""


## Records a failure unless `condition` holds.
func expect(condition: bool, message: String) -> bool:
	if not condition:
		_fail(message)
	return condition


func expect_eq(actual: Variant, expected: Variant, message: String) -> bool:
	return expect(
		actual == expected, "%s: got %s, expected %s" % [message, str(actual), str(expected)]
	)


func expect_near(actual: float, expected: float, tolerance: float, message: String) -> bool:
	return expect(
		absf(actual - expected) <= tolerance,
		"%s: got %.4f, expected %.4f ± %.4f" % [message, actual, expected, tolerance]
	)


## Declares an error the engine raises by its own rules, which this test provokes on purpose
## (a node freed while it emits a signal): xtask forgives one error containing `part` and fails
## the run if none came. Call it before provoking the error.
func expect_engine_error(part: String) -> void:
	print("expected engine error: %s" % part)


## The lines of each editor gizmo shape (the 3D and 2D gizmos' `shapes()`: an Array of
## {"name", "color", "lines"}), by the shape's name.
func lines_by_name(shapes: Array[Dictionary]) -> Dictionary:
	var out := {}
	for s in shapes:
		out[s["name"]] = s["lines"]
	return out


func _fail(message: String) -> void:
	var where := ""
	for frame in get_stack():
		if frame["source"] != get_script().get_base_script().resource_path:
			where = "%s:%d " % [frame["source"].get_file(), frame["line"]]
			break
	failures.append("%s%s" % [where, message])


## Waits `n` physics frames (1/60 s of game time each under `--fixed-fps 60`).
func frames(n: int) -> void:
	for i in n:
		await get_tree().physics_frame


## Waits `seconds` of game time.
func seconds(s: float) -> void:
	await frames(int(ceil(s * FPS)))


## Moves `body` at `velocity` (m/s) for `duration` seconds of game time, one physics frame at a
## time, with `move_and_slide` so its measured velocity is real. A little gravity keeps it on the
## floor (`is_on_floor()`), as a walking character would be.
func walk(body: CharacterBody3D, velocity: Vector3, duration: float) -> void:
	for i in int(round(duration * FPS)):
		body.velocity = velocity + Vector3.DOWN
		body.move_and_slide()
		await get_tree().physics_frame
	body.velocity = Vector3.ZERO


## Waits until `condition` (a Callable returning bool) holds, or `timeout` seconds pass.
## Returns whether it held.
func wait_until(condition: Callable, timeout: float) -> bool:
	var limit := int(ceil(timeout * FPS))
	for i in limit:
		if condition.call():
			return true
		await get_tree().physics_frame
	return condition.call()
