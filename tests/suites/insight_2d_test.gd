extends ApsTestSuite
## The 2D component beyond perception itself: its debug drawing on the 2D canvas,
## its setup warnings, its saved beliefs, and a saved 2D level, each as the 3D component does
## them. Positions are pixels (`aps/2d/pixels_per_meter` at its default 100).


func _body_2d(parent: Node, at: Vector2, name_: String, radius := 20.0) -> CharacterBody2D:
	return ApsWorldBuilder2D.body(parent, at, name_, radius)


## A guard at `at` looking along +X, its component named Perception.
func _guard_2d(parent: Node, at: Vector2, name_ := "Guard") -> ApsPerceptionComponent2D:
	return ApsWorldBuilder2D.guard(parent, at, Vector2.RIGHT, null, name_)


func _wall_2d(parent: Node, center: Vector2, size: Vector2) -> StaticBody2D:
	return ApsWorldBuilder2D.wall(parent, center, size)


func _level(name_ := "Level") -> Node2D:
	var level := Node2D.new()
	level.name = name_
	add_child(level)
	return level


func test_debug_drawing_draws_rays_labels_and_cones_on_the_canvas_and_stops() -> void:
	var level := _level()
	var guard := _guard_2d(level, Vector2.ZERO)
	var runner := _body_2d(level, Vector2(600, 0), "Runner")
	# A wall just before the runner across its lower half: the three sample points lie along
	# the circle's y axis (y -16, -4 and 16 px); the ray to y 16 meets the wall, the others pass.
	_wall_2d(level, Vector2(570, 40), Vector2(10, 60))
	expect_eq(guard.get_debug_draw_counts()["drawing"], false, "off by default")
	guard.debug_draw = ApsPerceptionComponent2D.DRAW_ALL
	await seconds(1.0)
	var counts: Dictionary = guard.get_debug_draw_counts()
	expect_eq(counts["drawing"], true, "drawing")
	expect_eq(counts["green_rays"] + counts["red_rays"], 3, "one ray per sample point: %s" % counts)
	expect(counts["green_rays"] >= 1, "a ray reached the runner: %s" % counts)
	expect(counts["red_rays"] >= 1, "the wall blocked a ray: %s" % counts)
	expect(counts["labels"] >= 1, "a label over the runner: %s" % counts)
	expect(counts["cone_lines"] > 10, "the cones and ranges are drawn: %s" % counts)
	expect_eq(guard.get_child_count(true), 0, "no node is added: the drawing is canvas items")
	expect(
		guard.get_belief_state(runner) >= ApsPerceptionComponent2D.STATE_SUSPECTED,
		"the runner is noticed"
	)
	guard.debug_draw = 0
	await frames(3)
	expect_eq(guard.get_debug_draw_counts()["drawing"], false, "stopped")
	# Freed while drawing: its canvas items go with it, nothing is left to crash on.
	guard.debug_draw = ApsPerceptionComponent2D.DRAW_ALL
	await frames(10)
	guard.get_parent().queue_free()
	await frames(10)
	expect(not is_instance_valid(guard), "the guard is gone")


func test_setup_warnings_name_the_2d_bodies() -> void:
	var level := _level()
	var loose := ApsPerceptionComponent2D.new()
	level.add_child(loose)
	var lines := loose.get_setup_warnings()
	expect(lines.size() >= 2, "no profile and no body: %s" % [lines])
	expect(
		Array(lines).any(func(l): return "CharacterBody2D" in l),
		"it says to put it under a CharacterBody2D: %s" % [lines]
	)
	var guard := _guard_2d(level, Vector2.ZERO)
	expect_eq(
		guard.get_setup_warnings().size(),
		0,
		"under a body with a profile: %s" % [guard.get_setup_warnings()]
	)
	var target := ApsTargetComponent2D.new()
	var plain := Node.new()
	level.add_child(plain)
	plain.add_child(target)
	expect(
		Array(target.get_setup_warnings()).any(func(l): return "Node2D" in l),
		"a target component under a plain Node: %s" % [target.get_setup_warnings()]
	)
	var bare := Node2D.new()
	level.add_child(bare)
	var described := ApsTargetComponent2D.new()
	bare.add_child(described)
	expect(
		Array(described.get_setup_warnings()).any(func(l): return "CollisionShape2D" in l),
		"no shape to look at: %s" % [described.get_setup_warnings()]
	)
	described.sample_points = PackedVector2Array([Vector2(0, -10)])
	expect_eq(described.get_setup_warnings().size(), 0, "its own sample points are enough")


func test_a_target_component_2d_makes_a_node_perceivable_at_its_sample_points() -> void:
	var level := _level()
	var guard := _guard_2d(level, Vector2.ZERO)
	var crate := Node2D.new()
	crate.name = "Crate"
	crate.position = Vector2(500, 0)
	level.add_child(crate)
	var described := ApsTargetComponent2D.new()
	described.sample_points = PackedVector2Array([Vector2(0, -5), Vector2(0, 5)])
	crate.add_child(described)
	await seconds(1.5)
	expect(
		guard.get_belief_state(crate) >= ApsPerceptionComponent2D.STATE_DETECTED,
		"the crate is seen: state %d" % guard.get_belief_state(crate)
	)
	expect(
		guard.get_last_known_position(crate).distance_to(Vector2(500, 0)) < 1.0,
		"believed where it is, in pixels: %s" % guard.get_last_known_position(crate)
	)
	var why: Dictionary = guard.explain(crate)
	var vision: Dictionary = why["senses"]["vision"]
	expect_eq(vision["factors"]["visible_points"], 2, "its two sample points were looked at")
	# 500 px at 100 px per metre is 5 m.
	expect_near(vision["factors"]["metres"], 5.0, 0.01, "the distance in the profile's metres")


func test_beliefs_saved_and_loaded_come_back_in_pixels() -> void:
	var level := _level()
	var guard := _guard_2d(level, Vector2.ZERO)
	var runner := _body_2d(level, Vector2(700, 100), "Runner")
	await seconds(1.5)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"tracked before the save"
	)
	var confidence := guard.get_confidence(runner)
	var where := guard.get_last_known_position(runner)
	var data := guard.save_beliefs()
	expect_eq(data.get("format"), "aps_beliefs", "the beliefs' format")
	# The guard is rebuilt (a level reloaded) and its beliefs loaded.
	guard.get_parent().free()
	var again := _guard_2d(level, Vector2.ZERO, "Guard")
	var log := ApsSignalLog.new(again)
	expect(again.load_beliefs(data, ApsPerceptionComponent2D.MISSING_TARGETS_AS_PLACE), "loaded")
	expect_eq(
		again.get_belief_state(runner),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"tracked after the load"
	)
	expect_near(again.get_confidence(runner), confidence, 1e-5, "the same confidence")
	expect(
		again.get_last_known_position(runner).distance_to(where) < 0.01,
		(
			"the same last known position in pixels: %s vs %s"
			% [again.get_last_known_position(runner), where]
		)
	)
	await frames(2)
	expect_eq(log.count("beliefs_loaded"), 1, "beliefs_loaded once")
	expect_eq(
		log.count("target_detected") + log.count("target_tracked"),
		0,
		"no state signal for what was restored"
	)


func test_a_saved_2d_level_keeps_its_light_zones_and_its_guards_beliefs() -> void:
	var level := _level()
	var guard := _guard_2d(level, Vector2.ZERO)
	var runner := _body_2d(level, Vector2(600, 0), "Runner")
	var state := ApsWorld.get_world_state(level)
	var zone := state.add_light_zone_2d(Vector2(600, 0), 150.0, 0.3)
	expect(zone > 0, "a zone in the level's 2D world")
	expect_near(state.get_light_at_2d(Vector2(600, 0)), 0.3, 1e-6, "lit 0.3 in the zone")
	expect_near(
		ApsWorld.get_light_at_2d(Vector2(600, 0)),
		0.3,
		1e-6,
		"the suite's level is the main 2D world"
	)
	await seconds(2.0)
	var before := guard.get_belief_state(runner)
	expect(before >= ApsPerceptionComponent2D.STATE_SUSPECTED, "the runner is noticed in the zone")
	var saved := ApsWorld.save_state(level)
	state.remove_light_zone(zone)
	expect_near(state.get_light_at_2d(Vector2(600, 0)), 1.0, 1e-6, "zone removed")
	guard.get_parent().free()
	var again := _guard_2d(level, Vector2.ZERO, "Guard")
	expect(
		ApsWorld.load_state(level, saved, ApsPerceptionComponent2D.MISSING_TARGETS_AS_PLACE),
		"loaded"
	)
	expect_near(state.get_light_at_2d(Vector2(600, 0)), 0.3, 1e-6, "the zone came back")
	expect_eq(again.get_belief_state(runner), before, "the rebuilt guard believes as before")
	state.remove_light_zone(zone)
