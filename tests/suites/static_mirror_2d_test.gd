extends ApsTestSuite
## The static mirror in 2D: a 2D level's static shapes stand in the core's space as the 3D
## shapes whose slice is the level (rectangles boxes, circles cylinders, polygons prisms,
## segments flat triangles), and every answer is checked by an engine ray in this project's
## tests (`aps/debug/static_mirror_shadow`).

const ALL := 0xFFFFFFFF


func _exit_tree() -> void:
	ProjectSettings.set_setting("aps/static_mirror", true)


func _hit(from: Vector2, to: Vector2, mask := ALL) -> Object:
	var d: Dictionary = ApsWorld.cast_sight_ray_2d(_anchor, from, to, mask)
	return d.get("collider")


var _anchor: Node2D


func _ready() -> void:
	_anchor = Node2D.new()
	add_child(_anchor)


func test_a_guard_sees_and_is_blocked_through_the_mirror_and_the_engine_agrees() -> void:
	ApsWorldBuilder2D.wall(self, Vector2(300, 200), Vector2(40, 300))
	var guard := ApsWorldBuilder2D.guard(self, Vector2.ZERO, Vector2.RIGHT)
	var seen := ApsWorldBuilder2D.body(self, Vector2(500, -150), "InTheOpen")
	var hidden := ApsWorldBuilder2D.body(self, Vector2(500, 200), "BehindTheWall")
	var before: Dictionary = ApsWorld.get_stats_2d()
	await seconds(2.0)
	var after: Dictionary = ApsWorld.get_stats_2d()
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


func test_a_door_layers_switches_and_sizes_are_followed() -> void:
	ApsWorldBuilder2D.guard(self, Vector2(-400, -400), Vector2.RIGHT)
	var door := ApsWorldBuilder2D.wall(self, Vector2(200, 300), Vector2(20, 200))
	await frames(1)
	var from := Vector2(0, 0)
	var to := Vector2(400, 0)
	expect_eq(_hit(from, to), null, "the doorway is open")
	door.position.y = 0.0
	await frames(1)
	expect_eq(_hit(from, to), door, "slid shut, the door stops the ray the next frame")
	door.collision_layer = 2
	expect_eq(_hit(from, to, 1), null, "on another layer than the mask, passed at once")
	door.collision_layer = 1
	var shape: CollisionShape2D = door.get_child(0)
	shape.disabled = true
	expect_eq(_hit(from, to), null, "a disabled shape is passed")
	shape.disabled = false
	(shape.shape as RectangleShape2D).size = Vector2(20, 20)
	expect_eq(_hit(Vector2(0, 60), Vector2(400, 60)), null, "shrunk, a ray 60 px aside misses it")
	expect_eq(_hit(from, to), door, "and one through it still stops")
	door.free()
	await frames(1)
	expect_eq(_hit(from, to), null, "freed, it is gone")
	expect_eq(ApsWorld.get_stats_2d()["mirror_disagreements"], 0, "no disagreement")


func test_rays_grazing_every_kind_of_2d_shape_never_disagree_with_the_engine() -> void:
	ApsWorldBuilder2D.guard(self, Vector2(-2000, -2000), Vector2.RIGHT)
	var targets := []
	var add := func(shape: Shape2D, at: Transform2D, half: Vector2) -> void:
		var b := StaticBody2D.new()
		var s := CollisionShape2D.new()
		s.shape = shape
		b.add_child(s)
		add_child(b)
		b.global_transform = at
		targets.append({"center": at.origin, "half": at.basis_xform(half)})
	var rect := RectangleShape2D.new()
	rect.size = Vector2(120, 40)
	add.call(rect, Transform2D(0.0, Vector2(0, 0)), Vector2(60, 20))
	add.call(rect, Transform2D(0.6, Vector2(400, 0)), Vector2(60, 20))
	add.call(rect, Transform2D(0.0, Vector2(2, 0.5), 0.0, Vector2(800, 0)), Vector2(60, 20))
	var circle := CircleShape2D.new()
	circle.radius = 50
	add.call(circle, Transform2D(0.0, Vector2(0, 400)), Vector2(50, 50))
	var capsule := CapsuleShape2D.new()
	capsule.radius = 20
	capsule.height = 120
	add.call(capsule, Transform2D(0.4, Vector2(400, 400)), Vector2(20, 60))
	var hull := ConvexPolygonShape2D.new()
	hull.points = PackedVector2Array([Vector2(-60, -40), Vector2(60, -40), Vector2(0, 60)])
	add.call(hull, Transform2D(1.1, Vector2(800, 400)), Vector2(60, 50))
	var outline := ConcavePolygonShape2D.new()
	outline.segments = PackedVector2Array(
		[
			Vector2(-80, 0),
			Vector2(0, -60),
			Vector2(0, -60),
			Vector2(80, 0),
			Vector2(80, 0),
			Vector2(0, 60)
		]
	)
	add.call(outline, Transform2D(0.0, Vector2(0, 800)), Vector2(80, 60))
	var segment := SegmentShape2D.new()
	segment.a = Vector2(-70, -30)
	segment.b = Vector2(70, 30)
	add.call(segment, Transform2D(0.0, Vector2(400, 800)), Vector2(70, 30))
	var boundary := WorldBoundaryShape2D.new()
	boundary.normal = Vector2.UP
	boundary.distance = -1200.0
	add.call(boundary, Transform2D(0.0, Vector2(0, 0)), Vector2(1, 0))
	targets[targets.size() - 1]["center"] = Vector2(400, 1200)
	for mode in [CollisionPolygon2D.BUILD_SOLIDS, CollisionPolygon2D.BUILD_SEGMENTS]:
		var body := StaticBody2D.new()
		var poly := CollisionPolygon2D.new()
		poly.build_mode = mode
		poly.polygon = PackedVector2Array(
			[Vector2(-50, -50), Vector2(50, -50), Vector2(50, 50), Vector2(-50, 50)]
		)
		body.add_child(poly)
		add_child(body)
		var at := Vector2(800 + 300 * mode, 800)
		body.global_position = at
		targets.append({"center": at, "half": Vector2(50, 50)})
	await frames(2)
	var rng := RandomNumberGenerator.new()
	rng.seed = 91
	var before: Dictionary = ApsWorld.get_stats_2d()
	var cast := 0
	for round in 5:
		for t: Dictionary in targets:
			var center: Vector2 = t["center"]
			var half: Vector2 = t["half"]
			for i in 40:
				var corner := Vector2(
					half.x * [-1.0, 0.0, 1.0][rng.randi() % 3],
					half.y * [-1.0, 0.0, 1.0][rng.randi() % 3]
				)
				var nudge := Vector2(rng.randf_range(-6, 6), rng.randf_range(-6, 6))
				var on := center + corner + nudge
				var from := on + Vector2(rng.randf_range(-600, 600), rng.randf_range(-600, 600))
				match i % 8:
					0:
						from = center + nudge  # from inside
					1:
						from = on  # of no length
				var to := on + (on - from).normalized() * rng.randf_range(0.0, 150.0)
				_hit(from, to)
				_hit(from, on)
				cast += 2
	var after: Dictionary = ApsWorld.get_stats_2d()
	var decided: int = after["mirror_rays"] - before["mirror_rays"]
	var unsure: int = after["mirror_unsure"] - before["mirror_unsure"]
	expect_eq(after["mirror_disagreements"], 0, "%d grazing rays, not one disagreement" % cast)
	expect(
		decided > 0 and unsure > 0,
		"some decided (%d), some left to the engine (%d)" % [decided, unsure]
	)


func test_an_old_tile_map_node_is_left_to_the_engine() -> void:
	ApsWorldBuilder2D.guard(self, Vector2(-400, -400), Vector2.RIGHT)
	var tiles := TileMap.new()
	add_child(tiles)
	await frames(1)
	var wall := ApsWorldBuilder2D.wall(self, Vector2(200, 0), Vector2(20, 200))
	await frames(1)
	expect_eq(_hit(Vector2.ZERO, Vector2(400, 0)), wall, "the engine answers")
	expect(
		"TileMap" in str(ApsWorld.get_stats_2d()["mirror_off"]),
		"the world says why it is not mirrored: %s" % ApsWorld.get_stats_2d()["mirror_off"]
	)


func test_a_body_a_script_moves_every_frame_is_followed_frame_by_frame() -> void:
	ApsWorldBuilder2D.guard(self, Vector2(-400, -400), Vector2.RIGHT)
	var walker := ApsWorldBuilder2D.body(self, Vector2(200, -200), "Walker")
	await frames(1)
	var hits := 0
	for f in 40:
		# Down across the ray from (0, 0) to (400, 0), 10 px a frame.
		walker.position.y += 10.0
		await frames(1)
		if _hit(Vector2.ZERO, Vector2(400, 0)) == walker:
			hits += 1
	expect(hits >= 3, "the walker was hit while it stood on the line (%d frames)" % hits)
	expect_eq(
		ApsWorld.get_stats_2d()["mirror_disagreements"],
		0,
		"and never answered wrongly while it moved"
	)
