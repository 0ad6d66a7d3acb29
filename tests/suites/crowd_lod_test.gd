extends ApsTestSuite
## Hundreds of AI (spec sections 12, 13, 14): the ledger in a crowd, level of detail, the frame
## budget, and the figures ApsWorld reports.


func _body_with_team(feet: Vector3, team: int, name_: String) -> CharacterBody3D:
	var b := ApsWorldBuilder.body(self, feet, name_)
	var t := ApsTargetComponent.new()
	t.team_id = team
	b.add_child(t)
	return b


func test_a_player_in_plain_view_is_detected_among_40_bystanders() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	guard.team_id = 1
	# 40 of the guard's teammates in a fan in front of it, 6 to 22 m away.
	for i in 40:
		var angle := (float(i) / 40.0 - 0.5) * 1.4
		var d := 6.0 + (i % 5) * 4.0
		_body_with_team(Vector3(sin(angle) * d, 0, -cos(angle) * d), 1, "Bystander%d" % i)
	await seconds(2.0)
	expect(
		guard.get_known_targets().size() <= 16,
		"16 slots: %d beliefs" % guard.get_known_targets().size()
	)
	# The player walks into plain view, 4 m ahead.
	var player := ApsWorldBuilder.body(self, Vector3(8, 0, -4), "Player")
	await walk(player, Vector3(-4, 0, 0), 1.75)
	await seconds(1.5)
	expect(
		guard.get_belief_state(player) >= ApsPerceptionComponent.STATE_DETECTED,
		"the player is detected: state %d" % guard.get_belief_state(player)
	)


func test_a_shot_from_out_of_range_is_believed_with_full_slots() -> void:
	ApsWorldBuilder.floor(self)
	var profile := ApsProfile.new()
	profile.max_tracked_targets = 4
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, profile)
	for i in 6:
		ApsWorldBuilder.body(self, Vector3(i * 1.2 - 3.0, 0, -8), "Enemy%d" % i)
	await seconds(2.0)
	expect_eq(guard.get_known_targets().size(), 4, "every slot taken")
	var sniper := ApsWorldBuilder.body(self, Vector3(0, 0, 80), "Sniper")
	ApsWorld.report_damage(guard.get_parent(), sniper, 30.0, sniper.global_position)
	await seconds(0.5)
	expect(
		guard.get_belief_state(sniper) >= ApsPerceptionComponent.STATE_SUSPECTED,
		"the shot is believed: state %d" % guard.get_belief_state(sniper)
	)
	expect(sniper in guard.get_known_targets(), "the sniper has a slot")


func test_a_far_idle_guard_is_suspended_and_its_memory_still_fades() -> void:
	ApsWorldBuilder.floor(self)
	var camera := Camera3D.new()
	add_child(camera)
	camera.make_current()
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	await seconds(1.5)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent.STATE_TRACKED,
		"tracked near the camera"
	)
	expect(
		ApsWorld.get_lod_tier(guard) <= 1,
		"close and engaged: tier %d" % ApsWorld.get_lod_tier(guard)
	)
	# The runner vanishes; once the belief is only remembered, the camera goes 260 m away.
	runner.global_position = Vector3(0, 0, 60)
	await wait_until(
		func(): return guard.get_belief_state(runner) == ApsPerceptionComponent.STATE_REMEMBERED,
		30.0
	)
	camera.global_position = Vector3(260, 10, 0)
	await seconds(1.0)
	expect_eq(ApsWorld.get_lod_tier(guard), 4, "idle beyond 225 m: suspended")
	var before := guard.get_confidence(runner)
	await seconds(3.0)
	var after := guard.get_confidence(runner)
	expect(after < before, "memory still fades while suspended: %.3f -> %.3f" % [before, after])
	await wait_until(
		func(): return guard.get_belief_state(runner) == ApsPerceptionComponent.STATE_EXPIRED, 30.0
	)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent.STATE_EXPIRED, "and expires")
	camera.queue_free()


func test_idle_tiers_follow_the_distance_to_the_camera() -> void:
	ApsWorldBuilder.floor(self)
	var camera := Camera3D.new()
	add_child(camera)
	camera.make_current()
	var near := ApsWorldBuilder.guard(self, Vector3(0, 0, 30), Vector3.FORWARD)
	var mid := ApsWorldBuilder.guard(self, Vector3(0, 0, 100), Vector3.FORWARD)
	var far := ApsWorldBuilder.guard(self, Vector3(0, 0, 200), Vector3.FORWARD)
	var gone := ApsWorldBuilder.guard(self, Vector3(0, 0, 240), Vector3.FORWARD)
	await seconds(1.0)
	expect_eq(
		[
			ApsWorld.get_lod_tier(near),
			ApsWorld.get_lod_tier(mid),
			ApsWorld.get_lod_tier(far),
			ApsWorld.get_lod_tier(gone)
		],
		[1, 2, 3, 4],
		"tiers at 30, 100, 200 and 240 m"
	)
	# A policy of your own can keep everyone at full rate.
	ApsWorld.significance_policy = load("res://tests/fixtures/always_significant.gd").new()
	await seconds(0.5)
	expect_eq(ApsWorld.get_lod_tier(gone), 0, "the policy's score")
	ApsWorld.significance_policy = null
	camera.queue_free()


func test_the_frame_budget_caps_passes_and_starves_no_one() -> void:
	ProjectSettings.set_setting("aps/max_perception_updates_per_frame", 2)
	ApsWorldBuilder.floor(self)
	var guards := []
	for i in 10:
		guards.append(ApsWorldBuilder.guard(self, Vector3(i * 3.0, 0, 0), Vector3.FORWARD))
	var runner := ApsWorldBuilder.body(self, Vector3(12, 0, -8), "Runner")
	var most := 0
	for f in 120:
		await frames(1)
		most = maxi(most, ApsWorld.get_last_frame_stats()["passes"])
	ProjectSettings.set_setting("aps/max_perception_updates_per_frame", 64)
	expect(most <= 2, "at most 2 passes a frame: %d" % most)
	for g in guards:
		expect(
			g.get_belief_state(runner) >= ApsPerceptionComponent.STATE_SUSPECTED,
			"every guard got its turns"
		)


func test_a_sound_type_can_skip_far_ai() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(
		self, Vector3.ZERO, Vector3.FORWARD, ApsWorldBuilder.only(["hearing"])
	)
	var walker := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Walker")
	ApsWorld.set_sound_max_tier(&"footstep_only_near", 0)
	await seconds(0.5)
	expect_eq(ApsWorld.get_lod_tier(guard), 1, "an idle guard is tier 1")
	for i in 5:
		ApsWorld.emit_sound(walker.global_position, 1.0, 20.0, &"footstep_only_near", walker)
		await seconds(0.2)
	expect_eq(guard.get_confidence(walker), 0.0, "a tier-0-only sound is not heard at tier 1")
	for i in 5:
		ApsWorld.emit_sound(walker.global_position, 1.0, 20.0, &"shout", walker)
		await seconds(0.2)
	expect(guard.get_confidence(walker) > 0.1, "other sounds are")


func test_stats_count_passes_rays_and_candidates() -> void:
	ApsWorldBuilder.floor(self)
	ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	ApsWorld.reset_stats()
	await seconds(1.0)
	var s := ApsWorld.get_stats()
	expect(s["perceivers_run"] >= 4, "passes: %d" % s["perceivers_run"])
	expect(s["rays_cast"] >= s["perceivers_run"], "rays: %d" % s["rays_cast"])
	expect(
		s["candidates_gathered"] >= s["perceivers_run"], "candidates: %d" % s["candidates_gathered"]
	)
	expect(s["time_usec"] > 0, "time")
	expect(ApsWorld.measure_ray_cost(get_child(0), 20.0, 200) > 0.0, "a ray costs something")
