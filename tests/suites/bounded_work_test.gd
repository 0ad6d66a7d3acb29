extends ApsTestSuite
## Bounded work and nothing that grows without bound (issue: nothing a game does crashes APS,
## blinds it or makes it leak): every reach and range has a maximum it is clamped to, names and
## amounts are bounded, and perceivers made in the same frame spread their passes.


func test_a_custom_sense_reaching_1e30_m_is_clamped_and_the_frame_goes_on() -> void:
	ApsWorldBuilder.floor(self)
	var warnings := ApsWarningLog.start()
	var sense := ApsSense.new()
	sense.reach = 1e30
	warnings.stop()
	expect_eq(sense.reach, 10000.0, "read back clamped to 10 km")
	expect_eq(
		warnings.count(
			"ApsSense.reach: 1000000000000000000000000000000 is outside 0..10000; using 10000"
		),
		1,
		warnings.text()
	)
	var profile := ApsProfile.new()
	profile.custom_senses = [sense]
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, profile)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	await seconds(1.5)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "perceives")


func test_vision_reaching_1e5_m_is_clamped_to_10_km() -> void:
	ApsWorldBuilder.floor(self)
	var profile := ApsProfile.new()
	var warnings := ApsWarningLog.start()
	profile.vision_max_range = 1e5
	warnings.stop()
	expect_eq(profile.vision_max_range, 10000.0, "read back clamped")
	expect_eq(
		warnings.count("vision_max_range: 100000 is outside 0..10000; using 10000"),
		1,
		warnings.text()
	)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, profile)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	for i in 40:
		ApsWorldBuilder.body(self, Vector3(i * 50 - 1000, 0, 300), "Far%d" % i)
	await seconds(1.5)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "perceives")


func test_new_tags_are_bounded_and_tags_in_use_keep_working() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var warnings := ApsWarningLog.start()
	for i in 9000:
		ApsWorld.emit_sound(Vector3(500, 0, 500), 0.5, 1.0, StringName("bang%d" % i), null)
	warnings.stop()
	expect_eq(
		warnings.count("different tag names in use"),
		1,
		"one warning past 4096 tags:\n%s" % warnings.text().left(400)
	)
	# A tag used now still names its place.
	guard.report_location_belief(Vector3(0, 0, -4), &"body", 0.9, 0.5)
	var places := guard.get_location_beliefs()
	expect_eq(places.size(), 1, "one place")
	if places.size() == 1:
		expect_eq(places[0]["tag"], &"body", "the tag in use: %s" % places[0])


func test_absurd_amounts_and_places_are_refused_or_clamped() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var shooter := ApsWorldBuilder.body(self, Vector3(0, 0, 5), "Shooter")
	await frames(2)
	var warnings := ApsWarningLog.start()
	ApsWorld.report_damage(guard.get_parent(), shooter, 1e30, shooter.global_position)
	var zone := ApsWorld.add_light_zone(Vector3(NAN, 0, 0), 5.0, 0.2)
	guard.report_location_belief(Vector3(2, 0, -2), &"noise", 0.5, NAN)
	await seconds(0.5)
	warnings.stop()
	expect_eq(warnings.count("is more than 1000000; using 1000000"), 1, warnings.text())
	expect_eq(zone, 0, "no zone at NaN")
	expect_eq(warnings.count("add_light_zone: center"), 1, warnings.text())
	expect_eq(warnings.count("report_location_belief: accuracy NaN"), 1, warnings.text())
	var data := guard.get_belief_data(shooter)
	expect(
		is_finite(data["damage_received"]) and data["damage_received"] <= 1e6,
		"damage kept: %s" % data["damage_received"]
	)
	expect(is_finite(guard.get_pain_level()), "pain finite")


func test_perceivers_made_in_the_same_frame_spread_their_passes() -> void:
	ApsWorldBuilder.floor(self)
	for i in 50:
		ApsWorldBuilder.guard(self, Vector3((i % 10) * 3 - 15, 0, (i / 10) * 3), Vector3.FORWARD)
	await seconds(0.5)
	var passes: Array[int] = []
	for f in 120:
		await frames(1)
		passes.append(ApsWorld.get_last_frame_stats()["passes"])
	var total := 0
	var most := 0
	for p in passes:
		total += p
		most = maxi(most, p)
	var mean := float(total) / passes.size()
	print("50 guards made at once: largest frame %d passes, mean %.2f" % [most, mean])
	expect(mean > 1.0, "they perceive: mean %.2f" % mean)
	expect(most <= 2.0 * mean, "largest frame %d passes against a mean of %.2f" % [most, mean])


func test_values_set_out_of_range_read_back_as_what_aps_uses() -> void:
	var warnings := ApsWarningLog.start()
	var t := ApsTargetComponent.new()
	t.light_level = 5.0
	t.noise_multiplier = -2.0
	t.visibility_multiplier = NAN
	var q := ApsQualityProfile.new()
	q.interval_scale = 0.0
	var s := ApsSense.new()
	s.grace_time = 1e9
	warnings.stop()
	expect_eq(t.light_level, 1.0, "light")
	expect_eq(t.noise_multiplier, 0.0, "noise")
	expect_eq(t.visibility_multiplier, 1.0, "NaN cloak reads as the default")
	expect_near(q.interval_scale, 0.1, 1e-6, "interval scale")
	expect_eq(s.grace_time, 600.0, "grace time")
	expect_eq(warnings.count(" is outside "), 5, "one warning each:\n%s" % warnings.text())
	t.free()


func test_nodes_registered_outside_the_tree_and_freed_leave_nothing_behind() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	for i in 2000:
		var n := Node3D.new()
		ApsWorld.register_perceivable(n)
		n.free()
	# One that does enter the tree later becomes perceivable there.
	var late := Node3D.new()
	ApsWorld.register_perceivable(late)
	expect(ApsWorld.is_perceivable(late), "perceivable before it enters the tree")
	add_child(late)
	late.global_position = Vector3(1, 1, -5)
	await seconds(1.5)
	expect(late in guard.get_known_targets(), "seen once it entered")
	expect_eq(
		guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "perception goes on"
	)


func test_a_relationship_or_a_mask_out_of_range_reads_back_as_what_aps_uses() -> void:
	var p := ApsProfile.new()
	var warnings := ApsWarningLog.start()
	p.default_relationship = 99
	p.vision_collision_mask = -1
	p.hearing_occlusion_mask = 1 << 40
	warnings.stop()
	expect_eq(
		p.default_relationship,
		ApsPerceptionComponent.RELATIONSHIP_TEAMMATE,
		"the last relationship"
	)
	expect_eq(p.vision_collision_mask, 0xFFFFFFFF, "-1: every layer")
	expect_eq(p.hearing_occlusion_mask, 0, "the low 32 bits")
	expect_eq(warnings.count(" is outside "), 3, "one warning each:\n%s" % warnings.text())
	expect_eq(p.validate().size(), 0, "nothing left to fix")
