class_name DemoPlayer
extends CharacterBody3D
## The player: walks, runs, crouches, carries a flashlight and throws stones.
##
## APS perceives it like any CharacterBody3D. Its ApsTargetComponent ("Badge") is only there
## to describe it better: which points vision aims at (lower while crouched), the light it
## carries, and the id a saved game knows it by. Its footsteps are sounds it makes through
## ApsWorld.emit_sound; its running shakes the ground for vibration sensors all by itself (they
## read its speed).
##
## Whoever drives it (a person through DemoControls, or the tour's DemoBot) only sets
## `move_dir`, `running`, `crouching` and `flashlight`.

signal stepped(loudness: float)

const WALK_SPEED := 2.5
const RUN_SPEED := 5.5
const SNEAK_SPEED := 1.3
const HEIGHT := 1.8
const CROUCHED_HEIGHT := 1.2

## Where vision aims, standing: head, chest, feet (what APS would take from the capsule).
const STANDING_POINTS := [Vector3(0, 1.62, 0), Vector3(0, 1.08, 0), Vector3(0, 0.18, 0)]
## Crouched, everything is below a 1.2 m crate.
const CROUCHED_POINTS := [Vector3(0, 1.05, 0), Vector3(0, 0.65, 0), Vector3(0, 0.15, 0)]

## A footstep's loudness (1 is a loud noise at the source) and how far it carries, by gait.
const SNEAK_STEP := {"loudness": 0.15, "range": 6.0, "stride": 0.7}
const WALK_STEP := {"loudness": 0.5, "range": 15.0, "stride": 1.2}
const RUN_STEP := {"loudness": 0.9, "range": 25.0, "stride": 1.7}

## Where a footstep sounds, above the feet.
const NOISE_HEIGHT := Vector3(0, 0.3, 0)

## Light the player carries with the flashlight on (0..1).
const FLASHLIGHT_LEVEL := 0.9

## Which way to go, in world space (y ignored; length up to 1). Zero stands still.
var move_dir := Vector3.ZERO
var running := false
var crouching := false:
	set = set_crouching
var flashlight := false:
	set = set_flashlight

var badge: ApsTargetComponent
var _shape: CapsuleShape3D
var _shape_node: CollisionShape3D
var _model: Node3D
var _lamp: SpotLight3D
var _since_step := 0.0
var _gravity: float = ProjectSettings.get_setting("physics/3d/default_gravity", 9.8)


func _init() -> void:
	name = "Player"
	_shape = CapsuleShape3D.new()
	_shape.radius = 0.3
	_shape.height = HEIGHT
	_shape_node = CollisionShape3D.new()
	_shape_node.shape = _shape
	_shape_node.position.y = HEIGHT * 0.5
	add_child(_shape_node)

	_model = Node3D.new()
	add_child(_model)
	var body := MeshInstance3D.new()
	var capsule := CapsuleMesh.new()
	capsule.radius = 0.3
	capsule.height = HEIGHT
	body.mesh = capsule
	body.position.y = HEIGHT * 0.5
	body.material_override = DemoLevel.material(Color(0.2, 0.45, 0.95))
	_model.add_child(body)
	var nose := MeshInstance3D.new()
	var box := BoxMesh.new()
	box.size = Vector3(0.22, 0.12, 0.3)
	nose.mesh = box
	nose.position = Vector3(0, 1.55, -0.3)
	nose.material_override = DemoLevel.material(Color(0.95, 0.95, 1.0))
	_model.add_child(nose)

	badge = ApsTargetComponent.new()
	badge.name = "Badge"
	badge.sample_points = PackedVector3Array(STANDING_POINTS)
	# A saved game names the player by this id rather than by where its node sits, so what the
	# guards believed about it finds it again after a load (ApsWorld.save_state/load_state).
	badge.persistent_id = "player"
	add_child(badge)

	_lamp = SpotLight3D.new()
	_lamp.position = Vector3(0, 1.3, -0.35)
	_lamp.spot_range = 16.0
	_lamp.spot_angle = 28.0
	_lamp.light_energy = 4.0
	_lamp.light_color = Color(1.0, 0.95, 0.8)
	_lamp.visible = false
	add_child(_lamp)


func set_crouching(on: bool) -> void:
	crouching = on
	# A lower body: the collider, the model and, what APS reads, the points vision aims at.
	var h := CROUCHED_HEIGHT if on else HEIGHT
	_shape.height = h
	_shape_node.position.y = h * 0.5
	_model.scale.y = h / HEIGHT
	badge.sample_points = PackedVector3Array(CROUCHED_POINTS if on else STANDING_POINTS)


func set_flashlight(on: bool) -> void:
	flashlight = on
	# Carried light: however dark it is where the player stands, APS treats it as this lit.
	badge.carried_light = FLASHLIGHT_LEVEL if on else 0.0
	_lamp.visible = on


func speed() -> float:
	if crouching:
		return SNEAK_SPEED
	return RUN_SPEED if running else WALK_SPEED


## Puts the player somewhere at once, standing still.
func teleport(at: Vector3, facing: Vector3 = Vector3.FORWARD) -> void:
	global_position = at
	velocity = Vector3.ZERO
	move_dir = Vector3.ZERO
	_face(facing)


## Throws a stone that lands at `target` (or on whatever it hits first); see DemoStone.
func throw_stone(target: Vector3) -> DemoStone:
	_face(target - global_position)
	var stone := DemoStone.new()
	get_parent().add_child(stone)
	stone.launch(global_position + Vector3(0, 1.5, 0) - global_basis.z * 0.4, target, self)
	return stone


func _physics_process(delta: float) -> void:
	var dir := Vector3(move_dir.x, 0, move_dir.z)
	if dir.length() > 1.0:
		dir = dir.normalized()
	var v := dir * speed()
	velocity.x = v.x
	velocity.z = v.z
	if is_on_floor():
		velocity.y = 0.0
	else:
		velocity.y -= _gravity * delta
	if dir.length() > 0.05:
		_face(dir)
	move_and_slide()
	_footsteps(delta)


func _footsteps(delta: float) -> void:
	var ground_speed := Vector2(velocity.x, velocity.z).length()
	if not is_on_floor() or ground_speed < 0.3:
		_since_step = 0.0
		return
	var step: Dictionary = SNEAK_STEP if crouching else (RUN_STEP if running else WALK_STEP)
	_since_step += ground_speed * delta
	if _since_step < step["stride"]:
		return
	_since_step = 0.0
	# The player is the instigator: a guard that hears it believes in the player, not a place.
	# Made a little above the ground: a sound right on the floor would be muffled by the
	# floor itself (hearing muffles a sound whose ray from the ear hits anything on the way).
	ApsWorld.emit_sound(
		global_position + NOISE_HEIGHT, step["loudness"], step["range"], &"footstep", self
	)
	stepped.emit(step["loudness"])


func _face(dir: Vector3) -> void:
	var flat := Vector3(dir.x, 0, dir.z)
	if flat.length() < 0.001:
		return
	rotation.y = atan2(-flat.x, -flat.z)
