class_name DemoControls2D
extends Node
## Keyboard play on the top-down level: DemoControls' keys, driving DemoPlayer2D while `active`
## (while the player is in the top-down wing). WASD move up, left, down and right on the screen,
## Shift runs, C sneaks, Space throws a stone ahead. The keys the 3D player would also act on
## (crouch, flashlight, throw) are taken here first, so the 3D player, parked while the level is
## 2D, throws nothing.

## How far ahead a stone lands (metres).
const THROW_DISTANCE := 4.0

var player: DemoPlayer2D
var active := false


func _ready() -> void:
	DemoControls.define_actions()


func _physics_process(_delta: float) -> void:
	if not active or player == null:
		return
	# Up the screen is forward: -Y.
	player.move_dir = Input.get_vector(&"demo_left", &"demo_right", &"demo_forward", &"demo_back")
	player.running = Input.is_action_pressed(&"demo_run")


func _input(event: InputEvent) -> void:
	if not active or player == null or event.is_echo():
		return
	if event.is_action_pressed(&"demo_crouch"):
		player.sneaking = not player.sneaking
	elif event.is_action_pressed(&"demo_throw"):
		var ahead := Vector2.RIGHT.rotated(player.rotation)
		player.throw_stone(player.global_position + ahead * THROW_DISTANCE * player.ppm)
	elif event.is_action_pressed(&"demo_flashlight"):
		pass
	else:
		return
	get_viewport().set_input_as_handled()
