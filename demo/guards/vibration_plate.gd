extends DemoGuard
## A vibration sensor plate set into the floor: its profile has vibration only. Whatever moves
## over it faster than its Min Speed shakes it; its lamp turns red while it believes someone is
## there. Sneak across and it feels nothing; run and it goes off; stand still on it and the
## signal is gone (vibration has no grace time).

@export var plate_size := 5.0

var _lamp: MeshInstance3D


func _build_body() -> void:
	# No collider: the plate is flush with the floor and you walk over it.
	var plate := MeshInstance3D.new()
	var pm := BoxMesh.new()
	pm.size = Vector3(plate_size, 0.04, plate_size)
	plate.mesh = pm
	plate.position.y = 0.02
	plate.material_override = DemoLevel.material(body_color)
	add_child(plate)
	var post := MeshInstance3D.new()
	var cm := CylinderMesh.new()
	cm.top_radius = 0.06
	cm.bottom_radius = 0.06
	cm.height = 2.0
	post.mesh = cm
	post.position = Vector3(plate_size * 0.5 + 0.5, 1.0, 0)
	post.material_override = DemoLevel.material(Color(0.3, 0.3, 0.3))
	add_child(post)
	_lamp = MeshInstance3D.new()
	var sm := SphereMesh.new()
	sm.radius = 0.2
	sm.height = 0.4
	_lamp.mesh = sm
	_lamp.position = Vector3(plate_size * 0.5 + 0.5, 2.15, 0)
	add_child(_lamp)
	_set_lamp(false)


func _set_lamp(alarm: bool) -> void:
	_lamp.material_override = DemoLevel.material(
		Color(1, 0.1, 0.1) if alarm else Color(0.2, 0.8, 0.3), true
	)


func _on_belief(_target: Node3D, _old: int, new: int) -> void:
	var alarm := (
		new >= ApsPerceptionComponent.STATE_SUSPECTED
		and new <= ApsPerceptionComponent.STATE_TRACKED
	)
	_set_lamp(alarm)
	if alarm and doing.is_empty():
		begin("lamp red: something is moving on it")
	elif not alarm and not doing.is_empty():
		begin("")
