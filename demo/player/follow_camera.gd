class_name DemoCamera
extends Camera3D
## The demo's camera: it follows the player from above and behind, or holds a fixed view.
##
## It matters to APS too: the current camera is the viewer that level of detail measures
## distance from, so the AI near it perceive more often than the far ones.

var target: Node3D
## Which way the camera looks from, around the player (radians; 0 looks north, along -Z).
var yaw := 0.0
var distance := 12.0
var height := 11.0
var _fixed := false


func follow(t: Node3D) -> void:
	target = t
	_fixed = false
	_place(1.0)


## A fixed view from `eye` toward `look`, until `follow` is called again.
func hold_view(eye: Vector3, look: Vector3) -> void:
	_fixed = true
	global_position = eye
	look_at(look, Vector3.UP)


## The horizontal direction "forward" means for the keyboard: away from the camera.
func forward() -> Vector3:
	return Vector3(-sin(yaw), 0, -cos(yaw))


func right() -> Vector3:
	return Vector3(cos(yaw), 0, -sin(yaw))


func _physics_process(delta: float) -> void:
	if _fixed or target == null or not is_instance_valid(target):
		return
	_place(minf(1.0, 6.0 * delta))


func _place(blend: float) -> void:
	var focus := target.global_position + Vector3(0, 1.0, 0)
	var eye := focus - forward() * distance + Vector3(0, height, 0)
	global_position = global_position.lerp(eye, blend)
	look_at(focus, Vector3.UP)
