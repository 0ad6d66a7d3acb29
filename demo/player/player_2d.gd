class_name DemoPlayer2D
extends CharacterBody2D
## The player of the top-down wing: the 2D twin of DemoPlayer. It walks, runs, sneaks and throws
## stones on a level seen from above, in pixels (`aps/2d/pixels_per_meter` of them to a metre,
## 100 by default, so its speeds are the 3D player's).
##
## APS perceives it like any CharacterBody2D, with no component of its own: vision aims at its
## collision shape. Its footsteps are sounds it makes through ApsWorld.emit_sound_2d, as loud and
## as far-carrying as the 3D player's.
##
## Whoever drives it (a person through DemoControls2D, or the tour's DemoBot2D) only sets
## `move_dir`, `running` and `sneaking`.

signal stepped(loudness: float)

const RADIUS := 18.0
## Metres per second, as the 3D player's.
const WALK_SPEED := 2.5
const RUN_SPEED := 5.5
const SNEAK_SPEED := 1.3
## A footstep's loudness, how far it carries (metres) and the stride (metres), by gait.
const SNEAK_STEP := {"loudness": 0.15, "range": 6.0, "stride": 0.7}
const WALK_STEP := {"loudness": 0.5, "range": 15.0, "stride": 1.2}
const RUN_STEP := {"loudness": 0.9, "range": 25.0, "stride": 1.7}
const COLOR := Color(0.2, 0.45, 0.95)

## Which way to go, on the level (length up to 1). Zero stands still.
var move_dir := Vector2.ZERO
var running := false
## Slow and quiet (C in play). Seen from above there is no crouching below cover: only walls hide.
var sneaking := false
## Pixels per metre: read once, at start.
var ppm := 100.0

var _since_step := 0.0


func _init() -> void:
	motion_mode = MOTION_MODE_FLOATING
	var shape := CollisionShape2D.new()
	shape.name = "Shape"
	var circle := CircleShape2D.new()
	circle.radius = RADIUS
	shape.shape = circle
	add_child(shape)


func _ready() -> void:
	ppm = float(ProjectSettings.get_setting("aps/2d/pixels_per_meter", 100.0))


## Pixels per second at the present gait.
func speed() -> float:
	if sneaking:
		return SNEAK_SPEED * ppm
	return (RUN_SPEED if running else WALK_SPEED) * ppm


## Puts the player somewhere at once, standing still, facing `facing` (if not zero).
func teleport(at: Vector2, facing: Vector2 = Vector2.ZERO) -> void:
	global_position = at
	velocity = Vector2.ZERO
	move_dir = Vector2.ZERO
	_since_step = 0.0
	if facing.length() > 0.001:
		rotation = facing.angle()


## Throws a stone that lands at `target`; see DemoStone2D.
func throw_stone(target: Vector2) -> DemoStone2D:
	if (target - global_position).length() > 0.001:
		rotation = (target - global_position).angle()
	var stone := DemoStone2D.new()
	get_parent().add_child(stone)
	stone.launch(global_position, target, self)
	return stone


func _physics_process(delta: float) -> void:
	var dir := move_dir
	if dir.length() > 1.0:
		dir = dir.normalized()
	velocity = dir * speed()
	if dir.length() > 0.05:
		rotation = dir.angle()
	move_and_slide()
	_footsteps(delta)


func _footsteps(delta: float) -> void:
	# Metres per second over the ground.
	var ground_speed := velocity.length() / ppm
	if ground_speed < 0.3:
		_since_step = 0.0
		return
	var step: Dictionary = SNEAK_STEP if sneaking else (RUN_STEP if running else WALK_STEP)
	_since_step += ground_speed * delta
	if _since_step < step["stride"]:
		return
	_since_step = 0.0
	# The player is the instigator: a guard that hears it believes in the player, not a place.
	ApsWorld.emit_sound_2d(
		global_position, step["loudness"], step["range"] * ppm, &"footstep", self
	)
	stepped.emit(step["loudness"])


func _draw() -> void:
	draw_circle(Vector2.ZERO, RADIUS, COLOR)
	draw_arc(Vector2.ZERO, RADIUS, 0, TAU, 32, Color(0.05, 0.1, 0.3), 2.0)
	# A nose: which way it faces (+X, turned with the body).
	draw_rect(
		Rect2(Vector2(RADIUS * 0.45, -RADIUS * 0.3), Vector2(RADIUS * 0.7, RADIUS * 0.6)),
		Color(0.95, 0.95, 1.0)
	)
	if sneaking:
		draw_arc(Vector2.ZERO, RADIUS + 5, 0, TAU, 32, Color(1, 1, 1, 0.5), 1.5)
