extends ApsTestSuite
## The static mirror: rays that cross only the static level are answered by APS's copy of it,
## never differently from the engine (this project runs with `aps/debug/static_mirror_shadow`
## on, so every answer the copy gives is checked by an engine ray, and a disagreement is an
## error), and the copy follows the level as scripts change it.

const ALL := 0xFFFFFFFF


func _exit_tree() -> void:
	ProjectSettings.set_setting("aps/static_mirror", true)


func _stats() -> Dictionary:
	return ApsWorld.get_stats()


## What one ray hits through APS's path: the collider, or null.
func _hit(from: Vector3, to: Vector3, mask := ALL) -> Object:
	var d: Dictionary = ApsWorld.cast_sight_ray(self, from, to, mask)
	return d.get("collider")


func test_a_guard_sees_and_is_blocked_through_the_mirror_and_the_engine_agrees() -> void:
	ApsWorldBuilder.floor(self)
	ApsWorldBuilder.wall(self, Vector3(3, 1.5, -6), Vector3(4, 3, 0.4))
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var seen := ApsWorldBuilder.body(self, Vector3(-3, 0, -10), "InTheOpen")
	var hidden := ApsWorldBuilder.body(self, Vector3(3, 0, -10), "BehindTheWall")
	var before: Dictionary = _stats()
	await seconds(2.0)
	var after: Dictionary = _stats()
	expect_eq(
		guard.get_belief_state(seen),
		ApsPerceptionComponent.STATE_TRACKED,
		"the runner in the open is seen"
	)
	expect(
		guard.get_confidence(hidden) < 0.05,
		"the one behind the wall is not: %.3f" % guard.get_confidence(hidden)
	)
	expect_eq(after["mirror_off"], "", "the level can be mirrored")
	expect(
		after["mirror_rays"] > before["mirror_rays"],
		"the mirror decided rays: %d" % (after["mirror_rays"] - before["mirror_rays"])
	)
	expect_eq(after["mirror_disagreements"], 0, "and the engine agreed with each")
	expect(
		after["mirror_shapes"] >= 2 and after["mirror_movers"] >= 3,
		"floor and wall mirrored, three bodies as boxes: %s" % str(after)
	)


func test_a_door_a_script_slides_shut_blocks_sight_on_the_next_pass() -> void:
	ApsWorldBuilder.floor(self)
	var door := ApsWorldBuilder.wall(self, Vector3(4, 1.5, -5), Vector3(3, 3, 0.2))
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -10), "Runner")
	await seconds(1.5)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent.STATE_TRACKED,
		"seen through the open doorway"
	)
	var eye := Vector3(0, 1.6, 0)
	var chest := Vector3(0, 1.2, -10)
	expect_eq(_hit(eye, chest), runner, "the ray reaches the runner")
	door.position.x = 0.0
	await frames(1)
	expect_eq(_hit(eye, chest), door, "the next frame, the door stops the ray")
	var lost := await wait_until(
		func() -> bool:
			return guard.get_belief_state(runner) != ApsPerceptionComponent.STATE_TRACKED,
		2.0
	)
	expect(lost, "and the guard loses sight")
	expect_eq(_stats()["mirror_disagreements"], 0, "no disagreement")


func test_layers_switches_sizes_new_and_freed_bodies_are_followed_at_once() -> void:
	ApsWorldBuilder.floor(self)
	var wall := ApsWorldBuilder.wall(self, Vector3(0, 1.5, -5), Vector3(4, 3, 0.4))
	var from := Vector3(0, 1.5, 0)
	var to := Vector3(0, 1.5, -10)
	# Placed this frame, the wall reaches the physics server as the frame's transforms settle.
	await frames(1)
	expect_eq(_hit(from, to), wall, "the wall blocks")
	wall.collision_layer = 2
	expect_eq(_hit(from, to, 1), null, "on another layer than the mask, passed at once")
	expect_eq(_hit(from, to, 2), wall, "on the mask's layer, blocks")
	wall.collision_layer = 1
	var shape: CollisionShape3D = wall.get_child(0)
	shape.disabled = true
	expect_eq(_hit(from, to), null, "a disabled shape is passed")
	shape.disabled = false
	expect_eq(_hit(from, to), wall, "enabled again, it blocks")
	# Resized in place: a ray past its old edge is blocked once it grows.
	var past := Vector3(3, 1.5, 0)
	expect_eq(_hit(past, past + Vector3(0, 0, -10)), null, "3 m aside, the 4 m wall is missed")
	(shape.shape as BoxShape3D).size = Vector3(8, 3, 0.4)
	expect_eq(_hit(past, past + Vector3(0, 0, -10)), wall, "grown to 8 m, it blocks")
	# Another shape given to the same node.
	var small := BoxShape3D.new()
	small.size = Vector3(1, 3, 0.4)
	shape.shape = small
	await frames(1)
	expect_eq(
		_hit(past, past + Vector3(0, 0, -10)), null, "a smaller shape put in its place is missed"
	)
	wall.free()
	await frames(1)
	expect_eq(_hit(from, to), null, "freed, it is gone")
	var crate := ApsWorldBuilder.wall(self, Vector3(0, 1, -7), Vector3(2, 2, 2))
	await frames(1)
	expect_eq(_hit(from, to), crate, "a crate added at run time blocks")
	expect_eq(_stats()["mirror_disagreements"], 0, "no disagreement")


func test_rays_grazing_every_kind_of_shape_never_disagree_with_the_engine() -> void:
	# Boxes (turned and scaled), spheres, capsules, cylinders, convex hulls, a concave mesh, a
	# polygon, a world boundary, models facing +Z: rays aimed at their corners, edges and
	# faces, give or take a few centimetres, from outside, from inside and of no length.
	var targets := _grazing_level()
	await frames(2)
	var rng := RandomNumberGenerator.new()
	rng.seed = 77
	var before: Dictionary = _stats()
	var cast := 0
	for round in 6:
		for t: Dictionary in targets:
			var center: Vector3 = t["center"]
			var half: Vector3 = t["half"]
			for i in 40:
				var corner := Vector3(
					half.x * [-1.0, 0.0, 1.0][rng.randi() % 3],
					half.y * [-1.0, 0.0, 1.0][rng.randi() % 3],
					half.z * [-1.0, 0.0, 1.0][rng.randi() % 3]
				)
				var nudge := Vector3(
					rng.randf_range(-0.08, 0.08),
					rng.randf_range(-0.08, 0.08),
					rng.randf_range(-0.08, 0.08)
				)
				var on := center + corner + nudge
				var from := (
					on
					+ Vector3(
						rng.randf_range(-8, 8), rng.randf_range(-2, 4), rng.randf_range(-8, 8)
					)
				)
				match i % 8:
					0:
						from = center + nudge  # from inside
					1:
						from = on  # of no length
				var to := on + (on - from).normalized() * rng.randf_range(0.0, 1.5)
				_hit(from, to)
				_hit(from, on)
				cast += 2
	var after: Dictionary = _stats()
	var decided: int = after["mirror_rays"] - before["mirror_rays"]
	var unsure: int = after["mirror_unsure"] - before["mirror_unsure"]
	expect_eq(after["mirror_disagreements"], 0, "%d grazing rays, not one disagreement" % cast)
	expect(
		decided > 0 and unsure > 0,
		"some decided (%d), some left to the engine (%d)" % [decided, unsure]
	)


func _grazing_level() -> Array:
	var targets := []
	var add := func(shape: Shape3D, at: Transform3D, half: Vector3) -> void:
		var b := StaticBody3D.new()
		var s := CollisionShape3D.new()
		s.shape = shape
		b.add_child(s)
		add_child(b)
		b.global_transform = at
		targets.append({"center": at.origin, "half": at.basis * half})
	var box := BoxShape3D.new()
	box.size = Vector3(2, 1, 0.3)
	add.call(box, Transform3D(Basis(), Vector3(0, 1, -6)), Vector3(1, 0.5, 0.15))
	# Turned and facing +Z, scaled evenly.
	add.call(
		box,
		Transform3D(Basis(Vector3.UP, 0.7).scaled(Vector3.ONE * 1.5), Vector3(6, 1, -6)),
		Vector3(1, 0.5, 0.15)
	)
	# Scaled unevenly.
	add.call(
		box,
		Transform3D(Basis().scaled(Vector3(2, 1, 0.5)), Vector3(-6, 1, -6)),
		Vector3(1, 0.5, 0.15)
	)
	var sphere := SphereShape3D.new()
	sphere.radius = 0.8
	add.call(sphere, Transform3D(Basis(), Vector3(0, 1, 6)), Vector3.ONE * 0.8)
	var capsule := CapsuleShape3D.new()
	capsule.radius = 0.4
	capsule.height = 2.0
	add.call(
		capsule, Transform3D(Basis(Vector3.RIGHT, 0.5), Vector3(6, 1, 6)), Vector3(0.4, 1.0, 0.4)
	)
	var cylinder := CylinderShape3D.new()
	cylinder.radius = 0.6
	cylinder.height = 1.6
	add.call(cylinder, Transform3D(Basis(), Vector3(-6, 1, 6)), Vector3(0.6, 0.8, 0.6))
	var hull := ConvexPolygonShape3D.new()
	hull.points = PackedVector3Array(
		[Vector3(-1, 0, -1), Vector3(1, 0, -1), Vector3(0, 0, 1), Vector3(0, 1.5, 0)]
	)
	add.call(hull, Transform3D(Basis(Vector3.UP, 1.1), Vector3(12, 0.2, 0)), Vector3(1, 0.75, 1))
	var mesh := ConcavePolygonShape3D.new()
	# A bent sheet: two faces meeting along a ridge, and a back face.
	(
		mesh
		. set_faces(
			PackedVector3Array(
				[
					Vector3(-2, 0, 0),
					Vector3(0, 2, 0),
					Vector3(2, 0, 0),
					Vector3(-2, 0, 0),
					Vector3(2, 0, 0),
					Vector3(0, 0.5, 1.5),
				]
			)
		)
	)
	add.call(mesh, Transform3D(Basis(), Vector3(-12, 0.5, 0)), Vector3(2, 1, 0.75))
	var boundary := WorldBoundaryShape3D.new()
	add.call(boundary, Transform3D(Basis(), Vector3(0, -3, 0)), Vector3(1, 0, 1))
	var poly_body := StaticBody3D.new()
	var poly := CollisionPolygon3D.new()
	poly.polygon = PackedVector2Array(
		[Vector2(-1, 0), Vector2(1, 0), Vector2(1, 2), Vector2(-1, 2)]
	)
	poly.depth = 0.5
	poly_body.add_child(poly)
	add_child(poly_body)
	poly_body.global_position = Vector3(0, 0, 12)
	targets.append({"center": Vector3(0, 1, 12), "half": Vector3(1, 1, 0.25)})
	return targets


func test_bodies_that_move_send_the_rays_they_cross_to_the_engine() -> void:
	ApsWorldBuilder.floor(self)
	var rock := RigidBody3D.new()
	var s := CollisionShape3D.new()
	s.shape = SphereShape3D.new()
	rock.add_child(s)
	add_child(rock)
	rock.global_position = Vector3(0, 1.5, -5)
	rock.gravity_scale = 0.0
	await frames(1)
	var from := Vector3(0, 1.5, 0)
	var to := Vector3(0, 1.5, -10)
	expect_eq(_hit(from, to), rock, "the rigid body is hit")
	rock.linear_velocity = Vector3(8, 0, 0)
	await seconds(0.5)
	expect_eq(_hit(from, to), null, "rolled away, the ray is clear")
	expect_eq(_stats()["mirror_disagreements"], 0, "no disagreement")


func test_a_level_with_collision_the_mirror_cannot_see_is_left_to_the_engine() -> void:
	ApsWorldBuilder.floor(self)
	var soft := SoftBody3D.new()
	soft.mesh = BoxMesh.new()
	add_child(soft)
	soft.position = Vector3(20, 1, 20)
	await frames(1)
	_hit(Vector3(0, 1, 0), Vector3(0, 1, -5))
	var s: Dictionary = _stats()
	expect(
		"soft body" in str(s["mirror_off"]),
		"the world says why it is not mirrored: %s" % s["mirror_off"]
	)
	var wall := ApsWorldBuilder.wall(self, Vector3(0, 1.5, -5), Vector3(4, 3, 0.4))
	await frames(1)
	expect_eq(_hit(Vector3(0, 1.5, 0), Vector3(0, 1.5, -10)), wall, "the engine still answers")


func test_the_mirror_can_be_turned_off() -> void:
	ApsWorldBuilder.floor(self)
	var wall := ApsWorldBuilder.wall(self, Vector3(0, 1.5, -5), Vector3(4, 3, 0.4))
	ProjectSettings.set_setting("aps/static_mirror", false)
	await frames(2)
	var before: Dictionary = _stats()
	expect_eq(_hit(Vector3(0, 1.5, 0), Vector3(0, 1.5, -10)), wall, "the engine answers")
	expect_eq(_stats()["mirror_rays"], before["mirror_rays"], "the mirror was not asked")


func test_a_body_a_script_moves_every_frame_is_followed_frame_by_frame() -> void:
	ApsWorldBuilder.floor(self)
	var walker := ApsWorldBuilder.body(self, Vector3(-4, 0, -5), "Walker")
	await frames(1)
	var hits := 0
	for f in 40:
		# Across the ray from the eye to 10 m ahead, 0.2 m a frame.
		walker.position.x += 0.2
		await frames(1)
		if _hit(Vector3(0, 1.5, 0), Vector3(0, 1.5, -10)) == walker:
			hits += 1
	expect(hits >= 2, "the walker was hit while it stood on the line (%d frames)" % hits)
	expect_eq(_stats()["mirror_disagreements"], 0, "and never answered wrongly while it moved")
