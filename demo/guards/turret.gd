extends DemoGuard
## A turret that feels being hit. Its damage sense believes whoever hurt it, wherever they
## stand, even unseen; and damage hurts: pain rises, and above its Dulling Threshold pain dulls
## its other senses, vision included.


func _build_body() -> void:
	var shape := CollisionShape3D.new()
	var box := BoxShape3D.new()
	box.size = Vector3(1.0, 1.8, 1.0)
	shape.shape = box
	shape.position.y = 0.9
	add_child(shape)
	var metal := DemoLevel.material(body_color)
	_part(Vector3(1.0, 1.0, 1.0), Vector3(0, 0.5, 0), metal)
	_part(Vector3(0.8, 0.5, 0.8), Vector3(0, 1.3, 0), metal)
	_part(
		Vector3(0.15, 0.15, 0.9),
		Vector3(0, 1.35, -0.7),
		DemoLevel.material(Color(0.15, 0.15, 0.15))
	)


func _part(size: Vector3, at: Vector3, mat: Material) -> void:
	var mesh := MeshInstance3D.new()
	var box := BoxMesh.new()
	box.size = size
	mesh.mesh = box
	mesh.position = at
	mesh.material_override = mat
	add_child(mesh)


func _ready_guard() -> void:
	perception.damage_taken.connect(_on_hit)


func _on_hit(instigator: Node3D, amount: float, _location: Vector3) -> void:
	if instigator == null:
		return
	# Whoever hit it gets its attention, whoever it was watching before.
	perception.force_attention_target(instigator)
	begin("hit for %.0f: turns on whoever threw it" % amount)
	watching = instigator


func _on_belief(target: Node3D, _old: int, new: int) -> void:
	if new == ApsPerceptionComponent.STATE_DETECTED or new == ApsPerceptionComponent.STATE_TRACKED:
		watching = target


func _on_lost(_target: Node3D, _reason: int, _last_known: Vector3) -> void:
	begin("lost them")


func _label_text() -> String:
	return super() + "\npain %.2f" % perception.get_pain_level()
