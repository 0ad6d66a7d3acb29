extends ApsTestSuite
## A script's mistake costs only that script's answer (issue: nothing a game does crashes APS):
## a custom sense that answers with something other than a Dictionary reads as nothing sensed,
## with one warning naming the sense and what it returned; the core, the guard's other senses
## and every other guard go on untouched.


func _guard_with_bad_sense(answer: Variant, at: Vector3) -> Array:
	var sense = load("res://tests/fixtures/bad_answer_sense.gd").new()
	sense.sense_name = "broken radar"
	sense.answer = answer
	var profile := ApsProfile.new()
	profile.custom_senses = [sense]
	var guard := ApsWorldBuilder.guard(self, at, Vector3.FORWARD, profile)
	var runner := ApsWorldBuilder.body(self, at + Vector3(0, 0, -6), "Runner")
	return [guard, runner, sense]


func _check_bad_answer(answer: Variant, said: String) -> void:
	ApsWorldBuilder.floor(self)
	var warnings := ApsWarningLog.start()
	var broken := _guard_with_bad_sense(answer, Vector3.ZERO)
	var guard: ApsPerceptionComponent = broken[0]
	var other := ApsWorldBuilder.guard(self, Vector3(30, 0, 0), Vector3.FORWARD)
	var other_runner := ApsWorldBuilder.body(self, Vector3(30, 0, -6), "OtherRunner")
	await seconds(1.5)
	warnings.stop()
	expect(broken[2].calls > 5, "the sense was asked many times: %d" % broken[2].calls)
	expect_eq(
		warnings.count("ApsSense 'broken radar'"),
		1,
		"one warning for the sense:\n%s" % warnings.text()
	)
	expect_eq(
		warnings.count("_evaluate returned %s instead of a Dictionary" % said),
		1,
		"naming what it returned:\n%s" % warnings.text()
	)
	expect_eq(
		guard.get_belief_state(broken[1]),
		ApsPerceptionComponent.STATE_TRACKED,
		"vision still tracks"
	)
	expect(
		not guard.get_belief_data(broken[1])["active_senses"].has(8),
		"the broken sense adds nothing"
	)
	expect_eq(
		other.get_belief_state(other_runner),
		ApsPerceptionComponent.STATE_TRACKED,
		"other guards perceive"
	)
	# Nothing was left refusing calls on the guard.
	var far := ApsWorldBuilder.body(self, Vector3(-20, 0, 0), "Far")
	expect(guard.set_target_confidence(far, 0.5), "calls on the guard work afterwards")


func test_a_custom_sense_whose_evaluate_returns_null() -> void:
	await _check_bad_answer(null, "null")


func test_a_custom_sense_whose_evaluate_returns_a_number() -> void:
	await _check_bad_answer(0.9, "0.9")


func test_a_custom_sense_whose_evaluate_returns_an_array() -> void:
	await _check_bad_answer([0.9], "[0.9]")


func test_an_empty_custom_senses_slot_is_skipped_with_one_warning() -> void:
	ApsWorldBuilder.floor(self)
	var profile := ApsProfile.new()
	profile.custom_senses.resize(2)  # what the inspector's Add Element leaves: empty slots
	profile.custom_senses[1] = load("res://tests/fixtures/nosy_sense.gd").new()
	var warnings := ApsWarningLog.start()
	var a := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, profile)
	var b := ApsWorldBuilder.guard(self, Vector3(20, 0, 0), Vector3.FORWARD, profile)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	await seconds(1.5)
	warnings.stop()
	expect_eq(
		warnings.count("custom_senses[0] is empty; the slot is skipped"),
		1,
		"one warning, though two guards use the profile:\n%s" % warnings.text()
	)
	expect_eq(
		a.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "the guard perceives"
	)
	expect(a.get_belief_data(runner)["active_senses"].has(8), "with the sense in the other slot")
	expect(b.get_known_targets().size() >= 0, "the other guard runs too")
