extends ApsTestSuite
## Bad input and broken worlds: clear warnings, safe behaviour, no crash, no error printed
## (the runner fails on any error in Godot's output).


func test_a_freed_target_is_lost_as_target_destroyed() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	var log := ApsSignalLog.new(guard)
	await seconds(1.5)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "tracked")
	runner.queue_free()
	await seconds(0.5)
	var lost := log.first("target_lost")
	if expect(not lost.is_empty(), "target_lost fired"):
		expect_eq(lost["target"], null, "the target is gone, so the signal carries null")
		expect_eq(lost["args"][0], ApsPerceptionComponent.LOSS_TARGET_DESTROYED, "reason")
	expect_eq(guard.get_known_targets().size(), 0, "no live known targets")
	expect_eq(guard.get_attention_target(), null, "attention target")
	# Its memory fades and the slot is freed without further trouble.
	await seconds(15.0)


func test_freeing_a_target_mid_tick_inside_a_handler() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var a := ApsWorldBuilder.body(self, Vector3(-1, 0, -6), "A")
	var b := ApsWorldBuilder.body(self, Vector3(1, 0, -6), "B")
	# The game frees B the moment A is detected, inside the signal handler.
	var b_id := b.get_instance_id()
	guard.target_detected.connect(
		func(t, _c):
			var victim := instance_from_id(b_id)
			if t == a and victim != null:
				victim.free()
	)
	await seconds(2.0)
	expect_eq(guard.get_belief_state(a), ApsPerceptionComponent.STATE_TRACKED, "A is still tracked")


func test_handlers_may_call_back_into_the_component() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	var seen := []
	guard.target_state_changed.connect(
		func(t, _o, n):
			seen.append([n, guard.get_belief_state(t), guard.get_confidence(t)])
			guard.force_attention_target(t)
			guard.set_target_confidence(t, 0.2)
	)
	await seconds(1.5)
	expect(seen.size() >= 3, "handlers ran: %d" % seen.size())
	for s in seen:
		expect_eq(s[1], s[0], "get_belief_state inside the handler agrees with the signal")
		expect(s[2] > 0.0, "get_confidence inside the handler")
	expect_eq(guard.get_attention_target(), runner, "forced attention from the handler")


func test_a_null_profile_uses_the_defaults() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	guard.profile = null
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	await seconds(1.5)
	expect_eq(
		guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "works on defaults"
	)


func test_a_profile_with_bad_values_is_clamped_and_named() -> void:
	var profile := ApsProfile.new()
	# Each value outside its legal range is clamped as it is set, with one warning naming it, so
	# what reads back is what APS uses (NaN takes the default).
	var warnings := ApsWarningLog.start()
	profile.detect_threshold = -1.0
	profile.confidence_rise_rate = NAN
	profile.vision_grace_time = -3.0
	warnings.stop()
	expect_eq(
		warnings.count("ApsProfile (unsaved): "),
		3,
		"one warning per bad value:\n%s" % warnings.text()
	)
	expect_eq(
		warnings.count("detect_threshold: -1 is outside 0..1; using 0"),
		1,
		"names the property:\n%s" % warnings.text()
	)
	expect_eq(profile.confidence_rise_rate, 2.0, "NaN reads back as the default")
	expect_eq(profile.vision_grace_time, 0.0, "reads back clamped")
	# What a single setting's range cannot see, the order of the thresholds, validation names.
	var problems := profile.validate()
	expect_eq(problems.size(), 1, "the order problem left: %s" % [problems])
	expect("detect_threshold" in problems[0], "names the property: %s" % problems[0])
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, profile)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	await seconds(1.5)
	# The component used the clamped values and wrote them back for the inspector.
	expect_eq(profile.detect_threshold, profile.suspect_threshold, "Detect raised to Suspect")
	expect_eq(profile.confidence_rise_rate, 2.0, "NaN rate replaced by the default")
	expect_eq(profile.vision_grace_time, 0.0, "negative grace clamped to 0")
	expect_eq(profile.validate().size(), 0, "nothing left to fix")
	expect_eq(
		guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "still perceives"
	)


func test_a_component_with_no_body_still_perceives() -> void:
	ApsWorldBuilder.floor(self)
	var eye := ApsPerceptionComponent.new()
	eye.profile = ApsProfile.new()
	add_child(eye)
	eye.position = Vector3(0, 1.6, 0)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	await seconds(1.5)
	expect_eq(
		eye.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "sees without a body"
	)


func test_null_arguments_are_harmless() -> void:
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	await seconds(0.2)
	expect_eq(
		guard.get_belief_state(null), ApsPerceptionComponent.STATE_UNDETECTED, "state of null"
	)
	expect_eq(guard.get_belief_data(null), {}, "data of null")
	expect_eq(guard.set_target_confidence(null, 0.5), false, "raise null")
	guard.force_attention_target(null)
	ApsWorld.register_perceivable(null)
	ApsWorld.emit_sound(Vector3.ZERO, -1.0, 10.0, &"bad", null)
	ApsWorld.emit_sound(Vector3.ZERO, 1.0, 10.0, &"placeless", null)


func test_a_custom_sense_may_call_back_into_its_component() -> void:
	var nosy: ApsSense = load("res://tests/fixtures/nosy_sense.gd").new()
	var profile := ApsWorldBuilder.only([])
	profile.custom_senses = [nosy]
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, profile)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -5), "Runner")
	await seconds(1.0)
	expect(nosy.answers.size() >= 5, "the sense ran: %d" % nosy.answers.size())
	expect_eq(
		guard.get_belief_state(runner) >= ApsPerceptionComponent.STATE_SUSPECTED,
		true,
		"and drove a belief"
	)
