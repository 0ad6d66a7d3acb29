extends ApsTestSuite
## Vision with real bodies, walls and rays (spec sections 1, 3 and 4): a guard sees a target
## walk into view, loses it behind a wall, out of range and to a cloak.


func test_sees_a_walker_then_loses_it_behind_a_wall_at_the_corner() -> void:
	ApsWorldBuilder.floor(self)
	# A wall 12 m ahead whose right end is at x = 0; the runner crosses 14 m ahead, right to left.
	ApsWorldBuilder.wall(self, Vector3(-6, 1.5, -12), Vector3(12, 3, 0.4))
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(6, 0, -14), "Runner")
	var log := ApsSignalLog.new(guard)
	await frames(2)

	# Standing in the open in full view: Suspected, Detected, Tracked, in that order.
	await seconds(2.0)
	expect_eq(
		Array(log.names()),
		["target_suspected", "target_detected", "target_tracked"],
		"signals while in view"
	)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "state in view")
	expect(guard.get_confidence(runner) > 0.6, "confidence in view")

	# Walk left behind the wall at 3 m/s.
	await walk(runner, Vector3(-3, 0, 0), 3.0)
	await seconds(0.5)
	var lost := log.first("target_lost")
	if expect(not lost.is_empty(), "target_lost fired"):
		expect_eq(lost["target"], runner, "lost target")
		expect_eq(lost["args"][0], ApsPerceptionComponent.LOSS_OCCLUDED, "loss reason")
		var last_known: Vector3 = lost["args"][1]
		expect(
			last_known.x > -1.0 and last_known.x < 1.5,
			"last known position at the corner: %s" % last_known
		)
	expect_eq(
		guard.get_loss_reason(runner), ApsPerceptionComponent.LOSS_OCCLUDED, "get_loss_reason"
	)
	var dir := guard.get_loss_direction(runner)
	expect(dir.dot(Vector3.LEFT) > 0.9, "loss direction is the way it ran: %s" % dir)

	# It fades: Remembered, then Expired, and the guard stands down.
	await wait_until(func(): return log.has("target_expired"), 30.0)
	var order := Array(log.names())
	expect_eq(
		order.slice(3),
		["target_lost", "target_remembered", "target_expired", "all_clear"],
		"the fade after the loss"
	)
	expect_eq(
		guard.get_belief_state(runner), ApsPerceptionComponent.STATE_EXPIRED, "state after the fade"
	)


func test_leaving_the_range_is_out_of_range() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -20), "Runner")
	var log := ApsSignalLog.new(guard)
	await seconds(2.0)
	expect_eq(
		guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "tracked at 20 m"
	)
	# Run straight away, past the 40 m range.
	await walk(runner, Vector3(0, 0, -8), 3.0)
	await seconds(0.5)
	expect(log.has("target_lost"), "lost")
	expect_eq(
		guard.get_loss_reason(runner), ApsPerceptionComponent.LOSS_OUT_OF_RANGE, "loss reason"
	)
	expect_eq(
		guard.get_loss_detail(runner),
		ApsPerceptionComponent.LOSS_DETAIL_TOO_FAR,
		"too far, not off the cone"
	)
	expect_eq(
		guard.get_belief_data(runner)["loss_detail"],
		ApsPerceptionComponent.LOSS_DETAIL_TOO_FAR,
		"in the belief data"
	)
	expect(guard.get_loss_direction(runner).dot(Vector3.FORWARD) > 0.9, "ran away along -Z")


func test_leaving_the_cone_is_out_of_range() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	await seconds(2.0)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "tracked ahead")
	# Teleport behind the guard's back: outside both cones.
	runner.global_position = Vector3(0, 0, 6)
	await seconds(0.6)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent.STATE_LOST, "lost")
	expect_eq(
		guard.get_loss_reason(runner), ApsPerceptionComponent.LOSS_OUT_OF_RANGE, "loss reason"
	)
	expect_eq(
		guard.get_loss_detail(runner),
		ApsPerceptionComponent.LOSS_DETAIL_OUTSIDE_CONE,
		"off the side of the cone"
	)


func test_a_head_sweeping_past_at_14_m_of_40_loses_it_outside_the_cone() -> void:
	# The spec calls this OutOfRange; the detail tells a game not to chase.
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -14), "Runner")
	await seconds(2.0)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "tracked ahead")
	# The head turns 120 degrees away.
	guard.rotation_degrees.y = 120.0
	await seconds(0.6)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent.STATE_LOST, "lost")
	expect_eq(
		guard.get_loss_reason(runner),
		ApsPerceptionComponent.LOSS_OUT_OF_RANGE,
		"OutOfRange, as the spec says"
	)
	expect_eq(
		guard.get_loss_detail(runner),
		ApsPerceptionComponent.LOSS_DETAIL_OUTSIDE_CONE,
		"outside the cone, not too far"
	)
	# Turned back: found again, and the reason and detail are cleared.
	guard.rotation_degrees.y = 0.0
	await seconds(1.0)
	expect_eq(
		guard.get_loss_detail(runner), ApsPerceptionComponent.LOSS_DETAIL_NONE, "cleared once found"
	)


func test_a_cloaked_target_in_view_drops_out() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -8), "Runner")
	var cloak := ApsTargetComponent.new()
	runner.add_child(cloak)
	await seconds(2.0)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent.STATE_TRACKED,
		"tracked before the cloak"
	)
	cloak.visibility_multiplier = 0.0
	await seconds(0.6)
	expect_eq(
		guard.get_belief_state(runner), ApsPerceptionComponent.STATE_LOST, "lost to the cloak"
	)
	expect_eq(
		guard.get_loss_reason(runner), ApsPerceptionComponent.LOSS_SENSOR_DROPOUT, "loss reason"
	)


func test_a_cloak_changed_any_way_a_script_can_is_seen_at_the_next_look() -> void:
	# Looks keep what a target component said until it changes: every way a game can
	# change a setting must reach the next look.
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -5), "Runner")
	var cloak := ApsTargetComponent.new()
	runner.add_child(cloak)
	await seconds(1.0)
	var cloak_seen := func() -> float:
		return guard.explain(runner)["senses"]["vision"]["factors"]["cloak"]
	expect_near(cloak_seen.call(), 1.0, 0.0001, "no cloak at first")
	var untyped: Variant = cloak
	var ways := {
		"a typed assignment": func(): cloak.visibility_multiplier = 0.9,
		"an untyped assignment": func(): untyped.visibility_multiplier = 0.8,
		"its setter": func(): cloak.set_visibility_multiplier(0.7),
		"set()": func(): cloak.set("visibility_multiplier", 0.6),
		"set_deferred()": func(): cloak.set_deferred("visibility_multiplier", 0.5),
		"call()": func(): cloak.call("set_visibility_multiplier", 0.4),
		"a tween": func(): create_tween().tween_property(cloak, "visibility_multiplier", 0.3, 0.05),
	}
	var value := 0.9
	for way in ways:
		ways[way].call()
		await seconds(0.4)
		expect_near(cloak_seen.call(), value, 0.0001, "changed by %s" % way)
		value -= 0.1
	# From a handler of a signal, in the middle of the frame.
	var in_handler := func(): cloak.visibility_multiplier = 0.2
	get_tree().physics_frame.connect(in_handler, CONNECT_ONE_SHOT)
	await seconds(0.4)
	expect_near(cloak_seen.call(), 0.2, 0.0001, "changed in a signal handler")
	# Out of range: stored clamped, with a warning, whichever way.
	cloak.set_visibility_multiplier(-1.0)
	expect_eq(cloak.visibility_multiplier, 0.0, "a setter call is clamped too")
	# A copy made by duplicate() looks as the original was set.
	cloak.visibility_multiplier = 0.25
	var twin: Node3D = runner.duplicate()
	add_child(twin)
	twin.global_position = Vector3(2, 0, -5)
	await seconds(1.0)
	expect_near(
		guard.explain(twin)["senses"]["vision"]["factors"]["cloak"],
		0.25,
		0.0001,
		"a duplicate carries the cloak"
	)
	twin.queue_free()

	# Its sample points: set, then one appended and set back.
	cloak.visibility_multiplier = 1.0
	cloak.sample_points = PackedVector3Array([Vector3(0, 1.5, 0)])
	await seconds(0.4)
	var points_seen := func() -> float:
		return guard.explain(runner)["senses"]["vision"]["factors"]["sample_points"]
	expect_eq(points_seen.call(), 1.0, "one point set")
	var points := cloak.sample_points
	points.append(Vector3(0, 0.5, 0))
	cloak.sample_points = points
	await seconds(0.4)
	expect_eq(points_seen.call(), 2.0, "a second point set back")
	cloak.sample_points = PackedVector3Array()
	await seconds(0.4)
	expect_eq(points_seen.call(), 3.0, "none: head, chest and feet from the shape again")


func test_a_cloak_freed_any_way_stops_cloaking_at_the_next_look() -> void:
	# A look knows a target component is gone without asking the engine: whichever way
	# it goes, the next look sees the body bare, and nothing reads the freed component.
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -5), "Runner")
	var cloak_seen := func() -> float:
		return guard.explain(runner)["senses"]["vision"]["factors"]["cloak"]
	var cloaked := func() -> ApsTargetComponent:
		var c := ApsTargetComponent.new()
		c.visibility_multiplier = 0.5
		runner.add_child(c)
		return c
	var free_next_physics_frame := func(c: ApsTargetComponent):
		get_tree().physics_frame.connect(func(): c.free(), CONNECT_ONE_SHOT)
	var ways := {
		"free()": func(c: ApsTargetComponent): c.free(),
		"queue_free()": func(c: ApsTargetComponent): c.queue_free(),
		"taken out of the tree": func(c: ApsTargetComponent): runner.remove_child(c),
		"freed in a physics frame's handler": free_next_physics_frame,
	}
	var out_of_tree: Array[Node] = []
	for way in ways:
		var cloak: ApsTargetComponent = cloaked.call()
		await seconds(0.4)
		expect_near(cloak_seen.call(), 0.5, 0.0001, "cloaked before %s" % way)
		ways[way].call(cloak)
		if way == "taken out of the tree":
			out_of_tree.append(cloak)
		await seconds(0.4)
		expect_near(cloak_seen.call(), 1.0, 0.0001, "bare after %s" % way)
		expect(
			(
				guard.get_belief_state(runner)
				in [ApsPerceptionComponent.STATE_DETECTED, ApsPerceptionComponent.STATE_TRACKED]
			),
			"still in sight after %s" % way
		)
	for c in out_of_tree:
		c.free()
	# Freed from the guard's own signal: a full cloak loses the runner, and the handler of that
	# loss frees it; the next looks see the runner bare again.
	var full := ApsTargetComponent.new()
	full.visibility_multiplier = 0.0
	runner.add_child(full)
	guard.target_lost.connect(func(_t, _r, _at): full.free(), CONNECT_ONE_SHOT)
	await seconds(1.0)
	expect(not is_instance_valid(full), "the loss freed the cloak")
	await seconds(2.0)
	expect_near(cloak_seen.call(), 1.0, 0.0001, "bare after it was freed in target_lost")
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent.STATE_TRACKED,
		"tracked again after the cloak freed in target_lost"
	)


func test_never_perceives_its_own_body() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	await seconds(1.0)
	expect_eq(guard.get_known_targets().size(), 0, "no beliefs about itself")
	expect_eq(
		guard.get_belief_state(guard.get_parent()),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"own body"
	)
