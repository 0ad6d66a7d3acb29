extends Node3D
## The packaged addon's smoke test: `cargo xtask test` unzips the package into an empty project,
## imports it and runs this scene there. A guard (a CharacterBody3D with an ApsPerceptionComponent
## and a new ApsProfile) must detect a runner 6 m ahead within 2 s of game time. Prints PASS or
## FAIL and quits with exit code 0 or 1. Needs nothing but the addon: no test framework.

const LIMIT_SECONDS := 2.0
const DISTANCE := 6.0
const EYE_HEIGHT := 1.6

var _detected_at := -1.0
var _elapsed := 0.0


func _ready() -> void:
	_box(Vector3(0, -0.5, 0), Vector3(40, 1, 40))
	var guard := _body("Guard", Vector3.ZERO)
	var eye := ApsPerceptionComponent.new()
	eye.name = "Perception"
	eye.profile = ApsProfile.new()
	guard.add_child(eye)
	eye.position = Vector3(0, EYE_HEIGHT, 0)
	# The component looks along -Z: the runner stands there, jogging across its view.
	var runner := _body("Runner", Vector3(0, 0, -DISTANCE))
	runner.velocity = Vector3(1.5, 0, 0)
	eye.target_detected.connect(
		func(target: Node3D, _confidence: float) -> void:
			if target == runner and _detected_at < 0.0:
				_detected_at = _elapsed
	)


func _physics_process(delta: float) -> void:
	_elapsed += delta
	var runner := get_node("Runner") as CharacterBody3D
	runner.move_and_slide()
	if _detected_at >= 0.0:
		_finish(
			true,
			"the guard detected the runner %.0f m ahead after %.2f s" % [DISTANCE, _detected_at]
		)
	elif _elapsed > LIMIT_SECONDS:
		_finish(
			false,
			(
				"the guard did not detect the runner %.0f m ahead within %.1f s"
				% [DISTANCE, LIMIT_SECONDS]
			)
		)


func _finish(passed: bool, what: String) -> void:
	set_physics_process(false)
	print("%s package: %s" % ["PASS" if passed else "FAIL", what])
	get_tree().quit(0 if passed else 1)


func _box(center: Vector3, size: Vector3) -> void:
	var body := StaticBody3D.new()
	var shape := CollisionShape3D.new()
	shape.shape = BoxShape3D.new()
	(shape.shape as BoxShape3D).size = size
	body.add_child(shape)
	add_child(body)
	body.position = center


func _body(body_name: String, feet: Vector3) -> CharacterBody3D:
	var body := CharacterBody3D.new()
	body.name = body_name
	var shape := CollisionShape3D.new()
	var capsule := CapsuleShape3D.new()
	capsule.radius = 0.3
	capsule.height = 1.8
	shape.shape = capsule
	shape.position = Vector3(0, 0.9, 0)
	body.add_child(shape)
	add_child(body)
	body.position = feet
	return body
