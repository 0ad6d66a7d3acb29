extends Node3D
## The game the editor tour attaches to its debugger (cargo xtask screenshot): a guard, a dog
## and a camera watching a runner who crosses in front of them and stops behind a wall a
## while, again and again, and a walker pacing far off, so the APS tab shows a belief table
## that lives (the runner Tracked, Lost behind the wall, Remembered, Tracked again; the other
## AIs in plain sight) and a timeline of state changes. The runner makes no sound: a footstep
## heard would hold the belief while the wall hides it.
##
## xtask starts it with `--remote-debug tcp://127.0.0.1:<port>` while the tour's editor starts;
## if no editor listens yet, it quits at once with `NOT_ATTACHED` and xtask starts it again.

## The exit code when no editor debugger took the connection.
const NOT_ATTACHED := 3
## A game nobody stops ends by itself after this many seconds.
const LIFETIME := 600.0
## The runner goes back and forth across the guard's view, hiding behind the wall (the
## middle of its route) for `HIDE` seconds each time; the walker paces far off.
const RUNNER_ROUTE: Array[Vector3] = [Vector3(-9, 0, -12), Vector3(0, 0, -12), Vector3(9, 0, -12)]
const RUNNER_SPEED := 3.0
const HIDE := 6.0
const WALKER_ROUTE: Array[Vector3] = [Vector3(-6, 0, -32), Vector3(6, 0, -32)]
const WALKER_SPEED := 1.0

## Each walking body: its route, speed, pauses (seconds, by point), the point it heads for,
## its way along the route (1 or -1) and how long it still waits.
var _walkers: Array[Dictionary] = []
var _age := 0.0


func _ready() -> void:
	if not EngineDebugger.is_active():
		print("debugger game: no editor debugger to attach to")
		get_tree().quit(NOT_ATTACHED)
		return
	print("debugger game: attached to the editor's debugger")
	_box("Floor", Vector3(0, -0.5, 0), Vector3(60, 1, 60))
	# The wall the runner passes behind, seen from the guard at the origin.
	_box("Wall", Vector3(0, 1.25, -7), Vector3(5, 2.5, 0.4))
	_perceiver("Guard", Vector3(0, 0, 0), "res://addons/aps/presets/guard.tres")
	_perceiver("Dog", Vector3(-4, 0, -4), "res://addons/aps/presets/guard_dog.tres")
	_perceiver("Camera", Vector3(5, 0, -3), "res://addons/aps/presets/security_camera.tres")
	_walker("Runner", RUNNER_ROUTE, RUNNER_SPEED, {1: HIDE})
	_walker("Walker", WALKER_ROUTE, WALKER_SPEED, {})


func _physics_process(delta: float) -> void:
	_age += delta
	if _age > LIFETIME:
		get_tree().quit()
	for w in _walkers:
		_walk(w, delta)


## A body that walks back and forth along `route` at `speed`, waiting `pauses[i]` seconds at
## point `i`.
func _walker(
	body_name: String, route: Array[Vector3], speed: float, pauses: Dictionary
) -> CharacterBody3D:
	var body := _body(body_name, route[0])
	_walkers.append(
		{
			"body": body,
			"route": route,
			"speed": speed,
			"pauses": pauses,
			"next": 1,
			"way": 1,
			"wait": 0.0
		}
	)
	return body


## One physics frame of a walker: on towards its next point, or waiting there.
func _walk(w: Dictionary, delta: float) -> void:
	var body: CharacterBody3D = w["body"]
	var route: Array[Vector3] = w["route"]
	var velocity := Vector3.ZERO
	if w["wait"] > 0.0:
		w["wait"] -= delta
	else:
		var to: Vector3 = route[w["next"]] - body.global_position
		to.y = 0.0
		if to.length() < 0.3:
			w["wait"] = w["pauses"].get(w["next"], 0.0)
			if w["next"] + w["way"] < 0 or w["next"] + w["way"] >= route.size():
				w["way"] = -w["way"]
			w["next"] += w["way"]
		else:
			velocity = to.normalized() * w["speed"]
	body.velocity = velocity + Vector3.DOWN
	body.move_and_slide()


## A static box with its collider.
func _box(box_name: String, center: Vector3, size: Vector3) -> void:
	var body := StaticBody3D.new()
	body.name = box_name
	var shape := CollisionShape3D.new()
	shape.shape = BoxShape3D.new()
	shape.shape.size = size
	body.add_child(shape)
	add_child(body)
	body.global_position = center


## A capsule body standing at `feet`.
func _body(body_name: String, feet: Vector3) -> CharacterBody3D:
	var body := CharacterBody3D.new()
	body.name = body_name
	var shape := CollisionShape3D.new()
	var capsule := CapsuleShape3D.new()
	capsule.radius = 0.3
	capsule.height = 1.8
	shape.shape = capsule
	shape.position.y = 0.9
	body.add_child(shape)
	add_child(body)
	body.global_position = feet
	return body


## A body with a perception component at eye height, looking along -Z, with a preset.
func _perceiver(body_name: String, feet: Vector3, preset: String) -> void:
	var body := _body(body_name, feet)
	var eye := ApsPerceptionComponent.new()
	eye.name = "Perception"
	eye.profile = load(preset)
	body.add_child(eye)
	eye.position.y = 1.6
