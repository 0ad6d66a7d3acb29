class_name DemoControls
extends Node
## Keyboard play (`cargo xtask demo --play`): turns keys into what the player does. The input
## actions are defined here, in code, so the project settings need none.

signal wing_requested(index: int)
signal save_requested
signal load_requested
signal quit_requested
signal use_requested

## Each action and its keys.
const KEYS := {
	&"demo_forward": [KEY_W, KEY_UP],
	&"demo_back": [KEY_S, KEY_DOWN],
	&"demo_left": [KEY_A, KEY_LEFT],
	&"demo_right": [KEY_D, KEY_RIGHT],
	&"demo_run": [KEY_SHIFT],
	&"demo_crouch": [KEY_C, KEY_CTRL],
	&"demo_flashlight": [KEY_F],
	&"demo_throw": [KEY_SPACE],
	&"demo_turn_left": [KEY_Q],
	&"demo_turn_right": [KEY_E],
	&"demo_wind": [KEY_V],
	&"demo_save": [KEY_F5],
	&"demo_load": [KEY_F9],
	&"demo_quit": [KEY_ESCAPE],
	&"demo_wing_1": [KEY_1],
	&"demo_wing_2": [KEY_2],
	&"demo_wing_3": [KEY_3],
	&"demo_wing_4": [KEY_4],
	&"demo_wing_5": [KEY_5],
	&"demo_wing_6": [KEY_6],
	&"demo_wing_7": [KEY_7],
	&"demo_wing_8": [KEY_8],
	&"demo_wing_9": [KEY_9],
	&"demo_wing_10": [KEY_0],
	&"demo_use": [KEY_G],
}

const HELP := (
	"WASD / arrows  move\n"
	+ "Shift  run (loud, shakes the ground)\n"
	+ "C / Ctrl  crouch (low, quiet)\n"
	+ "F  flashlight\n"
	+ "Space  throw a stone ahead\n"
	+ "Q / E  turn the camera\n"
	+ "V  turn the wind\n"
	+ "F5  save (what every AI believes)\n"
	+ "F9  load (the level rebuilt, beliefs restored)\n"
	+ "G  the wing's own action (10: shoot the lamp out)\n"
	+ "1-9, 0  go to a wing (9: top-down, 2D; 0: wing 10)\n"
	+ "Esc  quit"
)

## The wings keys 1, 2, ..., 9, 0 go to.
const WING_KEYS := 10

## How far ahead a stone lands.
const THROW_DISTANCE := 9.0

var player: DemoPlayer
var camera: DemoCamera


static func define_actions() -> void:
	for action: StringName in KEYS:
		if InputMap.has_action(action):
			continue
		InputMap.add_action(action)
		for key: Key in KEYS[action]:
			var ev := InputEventKey.new()
			ev.physical_keycode = key
			InputMap.action_add_event(action, ev)


func _ready() -> void:
	define_actions()


func _physics_process(delta: float) -> void:
	if player == null:
		return
	var input := Input.get_vector(&"demo_left", &"demo_right", &"demo_back", &"demo_forward")
	player.move_dir = camera.right() * input.x + camera.forward() * input.y
	player.running = Input.is_action_pressed(&"demo_run")
	var turn := Input.get_axis(&"demo_turn_left", &"demo_turn_right")
	camera.yaw -= turn * 1.8 * delta


func _unhandled_input(event: InputEvent) -> void:
	if player == null or event.is_echo():
		return
	if event.is_action_pressed(&"demo_crouch"):
		player.crouching = not player.crouching
	elif event.is_action_pressed(&"demo_flashlight"):
		player.flashlight = not player.flashlight
	elif event.is_action_pressed(&"demo_throw"):
		_throw()
	elif event.is_action_pressed(&"demo_wind"):
		# Swings the wind round: scent that reached a dog downwind no longer does.
		ApsWorld.wind = -ApsWorld.wind if ApsWorld.wind.length() > 0.1 else Vector3(0, 0, -4)
	elif event.is_action_pressed(&"demo_save"):
		save_requested.emit()
	elif event.is_action_pressed(&"demo_load"):
		load_requested.emit()
	elif event.is_action_pressed(&"demo_quit"):
		quit_requested.emit()
	elif event.is_action_pressed(&"demo_use"):
		use_requested.emit()
	else:
		for i in WING_KEYS:
			if event.is_action_pressed(StringName("demo_wing_%d" % (i + 1))):
				wing_requested.emit(i)


func _throw() -> void:
	var ahead := -player.global_basis.z
	var target := player.global_position + ahead * THROW_DISTANCE
	# Land on whatever ground is there.
	var query := PhysicsRayQueryParameters3D.create(
		target + Vector3(0, 6, 0), target + Vector3(0, -6, 0)
	)
	var hit := player.get_world_3d().direct_space_state.intersect_ray(query)
	if not hit.is_empty():
		target = hit["position"]
	player.throw_stone(target)
