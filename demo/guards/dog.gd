extends DemoGuard
## A guard dog: a nose first, poor eyes (its profile weighs smell 1.5 and vision 0.6). It lies
## in its kennel and smells you through the walls when the wind carries your scent its way.
## When the scent is lost (ScentLost) it noses a few steps along the way the trail led.
##
## Its profile (in senses.tscn) is the guard dog preset's, except that its trail goes cold
## sooner: Smell grace 6 s and decay multiplier 1.5 instead of the spec's 20 s and 0.3. With
## the preset's own values it loses the trail about 70 s after the wind turns, out of sight
## while the player is at the turret; with these, 14 s later, as the player passes the camera.


func _build_body() -> void:
	var shape := CollisionShape3D.new()
	var box := BoxShape3D.new()
	box.size = Vector3(0.5, 0.7, 1.0)
	shape.shape = box
	shape.position.y = 0.35
	add_child(shape)
	var fur := DemoLevel.material(body_color)
	_part(Vector3(0.45, 0.45, 0.95), Vector3(0, 0.45, 0), fur)
	_part(Vector3(0.35, 0.35, 0.4), Vector3(0, eye_height, -0.6), fur)
	_part(
		Vector3(0.12, 0.12, 0.2),
		Vector3(0, eye_height - 0.05, -0.85),
		DemoLevel.material(Color(0.1, 0.08, 0.08))
	)


func _part(size: Vector3, at: Vector3, mat: Material) -> void:
	var mesh := MeshInstance3D.new()
	var box := BoxMesh.new()
	box.size = size
	mesh.mesh = box
	mesh.position = at
	mesh.material_override = mat
	add_child(mesh)


func _on_belief(target: Node3D, old: int, new: int) -> void:
	if new < old and new >= ApsPerceptionComponent.STATE_SUSPECTED:
		# Stepping down: no new scent, the old one fading.
		begin("the scent is fading")
		watching = target
		return
	match new:
		ApsPerceptionComponent.STATE_SUSPECTED:
			begin("lifts its nose: sniffs the air")
			watching = target
		ApsPerceptionComponent.STATE_DETECTED:
			begin("growls toward the scent")
			watching = target
		ApsPerceptionComponent.STATE_TRACKED:
			begin("barks: it is sure someone is there")
			watching = target
		ApsPerceptionComponent.STATE_EXPIRED:
			return_home("settles down again")


func _on_lost(target: Node3D, reason: int, _last_known: Vector3) -> void:
	var direction := perception.get_loss_direction(target)
	if reason != ApsPerceptionComponent.LOSS_SCENT_LOST or direction.is_zero_approx():
		begin("looks about")
		return
	# ScentLost: follow the loss direction like a trail (as far as the kennel allows).
	var plan := begin(
		"lost the scent: noses along the way the trail led %s" % DemoTimeline.direction(direction)
	)
	if await go_to(global_position + direction.normalized() * 3.0) and still(plan):
		await look_around(2.0)
