extends DemoGuard
## A security camera: vision only (its profile, the security camera preset, turns every other
## sense off) and a body that never moves: it pans to and fro, locks on to whatever it sees, and pans again once it has
## lost it. Run right behind it: it has no ears.

@export var pan_degrees := 35.0
@export var pan_period := 8.0
## How far its eye looks down.
@export var tilt_degrees := 15.0

var _sweep_time := 0.0
var _alarm: MeshInstance3D


func _build_body() -> void:
	var shape := CollisionShape3D.new()
	var box := BoxShape3D.new()
	box.size = Vector3(0.4, 0.4, 0.7)
	shape.shape = box
	add_child(shape)
	var housing := MeshInstance3D.new()
	var hm := BoxMesh.new()
	hm.size = Vector3(0.4, 0.4, 0.7)
	housing.mesh = hm
	housing.material_override = DemoLevel.material(body_color)
	add_child(housing)
	_alarm = MeshInstance3D.new()
	var lens := SphereMesh.new()
	lens.radius = 0.12
	lens.height = 0.24
	_alarm.mesh = lens
	_alarm.position = Vector3(0, 0, -0.38)
	_alarm.material_override = DemoLevel.material(Color(0.2, 0.2, 0.25))
	add_child(_alarm)
	# The pole it is mounted on, standing on the floor (it does not turn with the camera).
	var pole := MeshInstance3D.new()
	var pm := CylinderMesh.new()
	pm.top_radius = 0.08
	pm.bottom_radius = 0.08
	pm.height = global_position.y
	pole.mesh = pm
	pole.material_override = DemoLevel.material(Color(0.3, 0.3, 0.3))
	pole.top_level = true
	add_child(pole)
	pole.global_position = Vector3(global_position.x, global_position.y * 0.5, global_position.z)


func _ready_guard() -> void:
	perception.position = Vector3(0, 0, -0.4)
	perception.rotation_degrees.x = -tilt_degrees


func _physics_process(delta: float) -> void:
	if watching == null:
		# Nothing seen: sweep the room.
		_sweep_time += delta
		_facing_goal = (
			home.basis.get_euler().y + deg_to_rad(pan_degrees) * sin(_sweep_time / pan_period * TAU)
		)
	super(delta)


func _on_belief(target: Node3D, _old: int, new: int) -> void:
	match new:
		ApsPerceptionComponent.STATE_SUSPECTED:
			if watching == null:
				begin("stops its sweep and turns to look")
			watching = target
		ApsPerceptionComponent.STATE_DETECTED, ApsPerceptionComponent.STATE_TRACKED:
			if not doing.begins_with("locks on"):
				begin("locks on: alarm light on")
				_alarm.material_override = DemoLevel.material(Color(1, 0.1, 0.1), true)
			watching = target


func _on_lost(_target: Node3D, _reason: int, _last_known: Vector3) -> void:
	begin("lost it: alarm off, back to sweeping")
	_alarm.material_override = DemoLevel.material(Color(0.2, 0.2, 0.25))
