extends ApsTestSuite
## Anything may be freed at any moment (issue: nothing a game does crashes APS), even with
## free() from inside APS's own signal handlers, custom senses and significance policies: no
## abort, no panic, the freed target's belief ends as TargetDestroyed, and every other signal of
## the batch is still delivered, in order. Each test keeps a second guard watching its own
## runner to show perception goes on.

## What Godot itself says when a signal's handler frees the object emitting it: an error, not a
## crash. APS cannot spare the game it; it can only not make it worse.
const FREED_WHILE_EMITTING := "was freed or unreferenced while a signal is being emitted from it"


## A guard 30 m off watching its own runner: still perceiving after whatever the test did.
func _witness() -> Array:
	var guard := ApsWorldBuilder.guard(self, Vector3(30, 0, 0), Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(30, 0, -6), "WitnessRunner")
	return [guard, runner]


func _expect_witness_tracks(witness: Array) -> void:
	expect_eq(
		witness[0].get_belief_state(witness[1]),
		ApsPerceptionComponent.STATE_TRACKED,
		"the other guard still perceives"
	)


func test_the_guards_body_freed_inside_its_target_detected_handler() -> void:
	ApsWorldBuilder.floor(self)
	var witness := _witness()
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	var body := guard.get_parent()
	var freed := [false]
	expect_engine_error(FREED_WHILE_EMITTING)
	guard.target_detected.connect(
		func(_t, _c):
			if is_instance_valid(body):
				body.free()
				freed[0] = true
	)
	await seconds(2.0)
	expect(freed[0], "the handler freed the guard's body")
	_expect_witness_tracks(witness)


func test_the_guards_body_freed_inside_its_damage_taken_handler() -> void:
	ApsWorldBuilder.floor(self)
	var witness := _witness()
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var shooter := ApsWorldBuilder.body(self, Vector3(0, 0, 10), "Shooter")
	var body := guard.get_parent()
	var freed := [false]
	expect_engine_error(FREED_WHILE_EMITTING)
	guard.damage_taken.connect(
		func(_who, _amount, _at):
			if is_instance_valid(body):
				body.free()
				freed[0] = true
	)
	await seconds(1.0)
	ApsWorld.report_damage(body, shooter, 25.0, shooter.global_position)
	await seconds(1.0)
	expect(freed[0], "the handler freed the guard's body")
	_expect_witness_tracks(witness)


func _sense_that_frees(what: String) -> ApsProfile:
	var sense: ApsSense = load("res://tests/fixtures/freeing_sense.gd").new()
	sense.what = what
	var profile := ApsProfile.new()
	profile.custom_senses = [sense]
	return profile


func test_a_custom_sense_that_frees_its_eye() -> void:
	ApsWorldBuilder.floor(self)
	var witness := _witness()
	var guard := ApsWorldBuilder.guard(
		self, Vector3.ZERO, Vector3.FORWARD, _sense_that_frees("eye")
	)
	var body := guard.get_parent()
	ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	await seconds(1.5)
	expect(not is_instance_valid(guard), "the sense freed its eye")
	expect(is_instance_valid(body), "the body stays")
	_expect_witness_tracks(witness)


func test_a_custom_sense_that_frees_its_eyes_body() -> void:
	ApsWorldBuilder.floor(self)
	var witness := _witness()
	var guard := ApsWorldBuilder.guard(
		self, Vector3.ZERO, Vector3.FORWARD, _sense_that_frees("body")
	)
	var body := guard.get_parent()
	ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	await seconds(1.5)
	expect(not is_instance_valid(body), "the sense freed the body")
	_expect_witness_tracks(witness)


func test_a_target_freed_inside_its_own_target_detected_handler() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	var log := ApsSignalLog.new(guard)
	var awareness := [0]
	guard.awareness_changed.connect(func(_old, new): awareness[0] = new)
	guard.target_detected.connect(
		func(t, _c):
			if t != null and is_instance_valid(t):
				t.free()
	)
	await wait_until(func(): return log.has("target_detected"), 3.0)
	await frames(1)
	# The rest of the batch came: the state change that followed target_detected (its target
	# now null) and the awareness it raised.
	var detected_at := -1
	for i in log.entries.size():
		if log.entries[i]["signal"] == "target_detected":
			detected_at = i
	expect(detected_at >= 0, "target_detected fired")
	var after: Array = log.entries.slice(detected_at + 1).map(func(e): return e["signal"])
	expect("target_state_changed" in after, "target_state_changed still delivered: %s" % [after])
	expect("awareness_changed" in after, "awareness_changed still delivered: %s" % [after])
	expect_eq(
		awareness[0], guard.get_awareness_level(), "the script's awareness agrees with the guard's"
	)
	await seconds(1.0)
	var lost := log.first("target_lost")
	if expect(not lost.is_empty(), "the freed target went Lost"):
		expect_eq(
			lost["args"][0], ApsPerceptionComponent.LOSS_TARGET_DESTROYED, "as TargetDestroyed"
		)
	expect(not is_instance_valid(runner), "the handler freed it")


func test_a_significance_policy_that_frees_a_perceiver() -> void:
	ApsWorldBuilder.floor(self)
	var witness := _witness()
	var doomed := ApsWorldBuilder.guard(self, Vector3(-30, 0, 0), Vector3.FORWARD)
	for i in 5:
		ApsWorldBuilder.guard(self, Vector3(-10 + i * 4, 0, 20), Vector3.FORWARD)
	var policy = load("res://tests/fixtures/freeing_policy.gd").new()
	policy.victim = doomed.get_parent()
	ApsWorld.significance_policy = policy
	await seconds(1.5)
	ApsWorld.significance_policy = null
	expect(not is_instance_valid(doomed), "the policy freed an AI")
	_expect_witness_tracks(witness)
