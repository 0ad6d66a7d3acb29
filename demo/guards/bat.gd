extends DemoGuard
## A bat: it hangs in the dark cave and finds you by echolocation, pulses of rays that care
## nothing for light. Its profile, the bat preset, has echolocation only. A pulse that misses
## (you stepped behind a pillar) drops you at once: echolocation cuts straight to Lost.


func _build_body() -> void:
	var shape := CollisionShape3D.new()
	var ball := SphereShape3D.new()
	ball.radius = 0.2
	shape.shape = ball
	add_child(shape)
	var dark := DemoLevel.material(body_color)
	var body := MeshInstance3D.new()
	var sm := SphereMesh.new()
	sm.radius = 0.2
	sm.height = 0.4
	body.mesh = sm
	body.material_override = dark
	add_child(body)
	for side in [-1.0, 1.0]:
		var wing := MeshInstance3D.new()
		var wm := BoxMesh.new()
		wm.size = Vector3(0.5, 0.03, 0.3)
		wing.mesh = wm
		wing.position = Vector3(0.35 * side, 0.05, 0)
		wing.rotation_degrees.z = -25.0 * side
		wing.material_override = dark
		add_child(wing)


func _on_belief(target: Node3D, _old: int, new: int) -> void:
	match new:
		ApsPerceptionComponent.STATE_DETECTED, ApsPerceptionComponent.STATE_TRACKED:
			if watching == null:
				begin("screeches: an echo came back")
			watching = target


func _on_lost(_target: Node3D, _reason: int, _last_known: Vector3) -> void:
	begin("the pulse came back empty: silence")
