extends ApsTestSuite
## The spec's crowd (section 13): "a player in plain view is picked up even with more bystanders
## than slots", as fast as alone (within one perception interval), whether it was there from
## the start or came back after ten seconds away, near ten thousand perceivables, and running
## among a thousand bystanders standing nearer.

const INTERVAL_FRAMES := 6  # the Base Update Interval, 0.1 s, at 60 frames a second


## `n` bystanders scattered within 35 m around the origin, none between it and (0.3, 0, -6).
func _bystanders(n: int) -> void:
	var rng := RandomNumberGenerator.new()
	rng.seed = 11
	var placed := 0
	while placed < n:
		var angle := rng.randf() * TAU
		var d := 2.0 + rng.randf() * 33.0
		var feet := Vector3(sin(angle) * d, 0, cos(angle) * d)
		if feet.z < -0.5 and feet.z > -7.5 and absf(feet.x - 0.3) < 1.5:
			continue  # the player stays in plain view
		ApsWorldBuilder.body(self, feet, "Bystander%d" % placed)
		placed += 1


## Frames from the player appearing until the guard has it Detected (or -1 within 5 s).
func _frames_to_detect(guard: ApsPerceptionComponent, player: Node3D) -> int:
	for f in 300:
		if guard.get_belief_state(player) >= ApsPerceptionComponent.STATE_DETECTED:
			return f
		await frames(1)
	return -1


## A guard with `n` bystanders around it for a second, then a player 6 m ahead in plain view.
func _time_among(n: int) -> int:
	for child in get_children():
		child.free()
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	_bystanders(n)
	await seconds(1.0)
	var player := ApsWorldBuilder.body(self, Vector3(0.3, 0, -6), "Player")
	return await _frames_to_detect(guard, player)


func test_a_player_in_plain_view_is_picked_up_even_with_more_bystanders_than_slots() -> void:
	var alone := await _time_among(0)
	expect(alone >= 0, "detected alone")
	for n in [16, 32, 64, 200]:
		var among := await _time_among(n)
		expect(
			among >= 0 and among <= alone + INTERVAL_FRAMES,
			"among %d bystanders: detected after %d frames, alone after %d" % [n, among, alone]
		)


func test_a_player_who_left_for_ten_seconds_is_picked_up_again_among_more_bystanders_than_slots(
) -> void:
	var alone := await _time_among(0)
	for n in [64, 200]:
		for child in get_children():
			child.free()
		ApsWorldBuilder.floor(self)
		var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
		_bystanders(n)
		var player := ApsWorldBuilder.body(self, Vector3(0.3, 0, -6), "Player")
		await seconds(1.5)
		expect(
			guard.get_belief_state(player) >= ApsPerceptionComponent.STATE_DETECTED,
			"among %d: seen before it left" % n
		)
		player.global_position = Vector3(0.3, 0, -200)
		await seconds(10.0)
		player.global_position = Vector3(0.3, 0, -6)
		var again := await _frames_to_detect(guard, player)
		expect(
			again >= 0 and again <= alone + INTERVAL_FRAMES,
			"among %d: picked up again after %d frames, alone after %d" % [n, again, alone]
		)


func test_a_player_in_plain_view_is_picked_up_near_ten_thousand_perceivables() -> void:
	var alone := await _time_among(0)
	for child in get_children():
		child.free()
	ApsWorldBuilder.floor(self)
	# Ten guards along a line, ten thousand registered markers over a 200 m square around them.
	var guards := []
	for i in 10:
		guards.append(ApsWorldBuilder.guard(self, Vector3(i * 12 - 54, 0, 0), Vector3.FORWARD))
	var rng := RandomNumberGenerator.new()
	rng.seed = 5
	var markers := Node3D.new()
	markers.name = "Markers"
	add_child(markers)
	for i in 10000:
		var m := Node3D.new()
		markers.add_child(m)
		m.global_position = Vector3(rng.randf_range(-100, 100), 0.5, rng.randf_range(-100, 100))
		ApsWorld.register_perceivable(m)
	await seconds(1.0)
	var player := ApsWorldBuilder.body(self, Vector3(0.3 + 6, 0, -6), "Player")
	var guard: ApsPerceptionComponent = guards[5]
	var among := await _frames_to_detect(guard, player)
	expect(
		among >= 0 and among <= alone + INTERVAL_FRAMES,
		"near 10,000 perceivables: detected after %d frames, alone after %d" % [among, alone]
	)


## Ten guards along a line 54 m long, facing -Z, and `n` registered markers scattered evenly
## over the 60 m x 60 m in front of them (no marker is a body: none blocks a ray).
func _dense_markers(n: int) -> Array:
	for child in get_children():
		child.free()
	ApsWorldBuilder.floor(self)
	var guards := []
	for i in 10:
		guards.append(ApsWorldBuilder.guard(self, Vector3(i * 6 - 27, 0, 0), Vector3.FORWARD))
	var rng := RandomNumberGenerator.new()
	rng.seed = 29
	var markers := Node3D.new()
	markers.name = "Markers"
	add_child(markers)
	for i in n:
		var m := Node3D.new()
		markers.add_child(m)
		m.global_position = Vector3(rng.randf_range(-30, 30), 0.5, rng.randf_range(-60.5, -0.5))
		ApsWorld.register_perceivable(m)
	return guards


func test_a_runner_in_plain_view_from_the_start_among_ten_thousand_dense_markers() -> void:
	# Alone: the guard and the runner 6 m in front of it, nothing else.
	var guards := _dense_markers(0)
	var runner := ApsWorldBuilder.body(self, Vector3(3.3, 0, -6), "Runner")
	var alone := await _frames_to_detect(guards[5], runner)
	expect(alone >= 0, "detected alone")
	guards = _dense_markers(10000)
	runner = ApsWorldBuilder.body(self, Vector3(3.3, 0, -6), "Runner")
	var among := await _frames_to_detect(guards[5], runner)
	expect(
		among >= 0 and among <= alone + INTERVAL_FRAMES,
		(
			"from the start among 10,000 markers: detected after %d frames, alone after %d"
			% [among, alone]
		)
	)
	# Arriving later, when every guard's slots are full of markers.
	runner.global_position = Vector3(3.3, 0, -300)
	await seconds(12.0)
	runner.global_position = Vector3(3.3, 0, -6)
	var later := await _frames_to_detect(guards[5], runner)
	expect(
		later >= 0 and later <= alone + INTERVAL_FRAMES,
		(
			"arriving later among 10,000 markers: detected after %d frames, alone after %d"
			% [later, alone]
		)
	)


## A guard facing -Z and `n` bystanders standing in the 30 m x 30 m in front of it (none in the
## lane from it to 16 m ahead), all there from the start with a runner in that lane 14 m ahead,
## running from side to side at 6 m/s: frames until the guard has the runner Detected (or -1
## within 5 s). Hundreds of bystanders stand nearer than the runner and nearer the centre of
## the gaze; only its movement sets it apart (core: crowd::salience).
func _runner_among(n: int) -> int:
	for child in get_children():
		child.free()
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var rng := RandomNumberGenerator.new()
	rng.seed = 31
	var placed := 0
	while placed < n:
		var feet := Vector3(rng.randf_range(-15, 15), 0, rng.randf_range(-30, 0))
		if feet.length() < 2.0 or (feet.z > -16.5 and absf(feet.x) < 3.0):
			continue
		ApsWorldBuilder.body(self, feet, "Bystander%d" % placed)
		placed += 1
	var runner := ApsWorldBuilder.body(self, Vector3(-1.5, 0, -14), "Runner")
	var heading := 1.0
	runner.velocity = Vector3(6.0, 0, 0)
	for f in 300:
		if guard.get_belief_state(runner) >= ApsPerceptionComponent.STATE_DETECTED:
			return f
		await frames(1)
		if absf(runner.global_position.x) >= 1.5:
			heading = -signf(runner.global_position.x)
		runner.velocity = Vector3(6.0 * heading, 0, 0)
		runner.global_position += runner.velocity / 60.0
	return -1


func test_a_runner_is_looked_at_before_nearer_bystanders_standing_still() -> void:
	var alone := await _runner_among(0)
	expect(alone >= 0, "the runner detected alone")
	var among := await _runner_among(1000)
	expect(
		among >= 0 and among <= alone + INTERVAL_FRAMES,
		(
			"from the start among 1,000 bystanders standing nearer: detected after %d frames, alone after %d"
			% [among, alone]
		)
	)
