extends ApsTestSuite
## What a game does cannot fool APS (issue: nothing a game does crashes APS, blinds it, fools it):
## a target or a perceiver nowhere real, an AI asked to believe in itself, belief raised by
## script, and a multiplayer client trying to change what the server's AI believes. Each case
## checks its warning (its text, once) and that perception works afterwards.


func test_a_target_teleported_to_nan_while_tracked_is_lost_as_sensor_dropout() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	var log := ApsSignalLog.new(guard)
	await seconds(1.5)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "tracked")
	var warnings := ApsWarningLog.start()
	runner.global_position = Vector3(NAN, 0, 0)
	await seconds(2.0)
	warnings.stop()
	expect_eq(
		warnings.count("which is not a position; it cannot be perceived"),
		1,
		"one warning for the target:\n%s" % warnings.text()
	)
	var lost := log.first("target_lost")
	if expect(not lost.is_empty(), "lost, not Tracked at a frozen position"):
		expect_eq(lost["args"][0], ApsPerceptionComponent.LOSS_SENSOR_DROPOUT, "reason")
	# Back somewhere real: found again.
	runner.global_position = Vector3(0, 0, -6)
	await seconds(1.5)
	expect(
		guard.get_belief_state(runner) >= ApsPerceptionComponent.STATE_DETECTED,
		"found again: %d" % guard.get_belief_state(runner)
	)


func test_a_perceiver_at_nan_skips_its_pass_and_comes_back() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	var body := guard.get_parent() as Node3D
	await frames(2)
	var warnings := ApsWarningLog.start()
	body.global_position = Vector3(INF, 0, 0)
	await seconds(1.0)
	warnings.stop()
	expect_eq(warnings.count("ApsPerceptionComponent"), 1, "one warning:\n%s" % warnings.text())
	expect_eq(
		warnings.count("it skips its perception passes"),
		1,
		"says what it does:\n%s" % warnings.text()
	)
	expect_eq(
		guard.get_belief_state(runner), ApsPerceptionComponent.STATE_UNDETECTED, "perceived nothing"
	)
	body.global_position = Vector3.ZERO
	await seconds(1.5)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "back to work")


func test_a_component_reparented_to_another_body_never_tracks_its_new_body() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var new_body := ApsWorldBuilder.body(self, Vector3(0, 0, -3), "NewBody")
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -9), "Runner")
	await seconds(1.0)
	guard.reparent(new_body, false)
	await seconds(1.5)
	expect_eq(
		guard.get_belief_state(new_body),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"its new body is its own: %d" % guard.get_belief_state(new_body)
	)
	expect(
		new_body not in guard.get_known_targets(), "no belief in it, not even the one from before"
	)
	expect_eq(
		guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "still perceives"
	)


func test_a_component_reparented_by_its_custom_sense_mid_pass_sees_round_its_old_body() -> void:
	# The sense moves the eye from the old body, 4 m in front, to the new one at the origin while
	# the pass runs. From then on its rays skip only the new body: the old one is someone else,
	# perceived in plain view, and it stands between the eye and the runner.
	ApsWorldBuilder.floor(self)
	var new_body := ApsWorldBuilder.body(self, Vector3.ZERO, "NewBody")
	var sense: ApsSense = load("res://tests/fixtures/reparenting_sense.gd").new()
	sense.new_body = new_body
	var profile := ApsProfile.new()
	profile.custom_senses = [sense]
	var guard := ApsWorldBuilder.guard(self, Vector3(0, 0, -4), Vector3.FORWARD, profile)
	var old_body := guard.get_parent()
	new_body.look_at(Vector3(0, 0, -10), Vector3.UP)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -8), "Runner")
	var warnings := ApsWarningLog.start()
	await seconds(3.0)
	warnings.stop()
	expect_eq(guard.get_parent(), new_body, "the sense moved the eye")
	expect_eq(warnings.text(), "", "nothing to warn of")
	expect_eq(
		guard.get_belief_state(new_body),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"its new body is its own: %d" % guard.get_belief_state(new_body)
	)
	expect_eq(
		guard.get_belief_state(old_body),
		ApsPerceptionComponent.STATE_TRACKED,
		"its old body is in plain view: %d" % guard.get_belief_state(old_body)
	)
	# Seen in the first pass from the old body, then hidden behind it.
	var state := guard.get_belief_state(runner)
	expect(
		(
			state != ApsPerceptionComponent.STATE_DETECTED
			and state != ApsPerceptionComponent.STATE_TRACKED
		),
		"the runner is behind the old body, which its rays no longer skip: %d" % state
	)
	if state == ApsPerceptionComponent.STATE_LOST:
		expect_eq(
			guard.get_loss_reason(runner), ApsPerceptionComponent.LOSS_OCCLUDED, "lost behind it"
		)


func test_an_ai_never_believes_in_itself() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var body := guard.get_parent() as Node3D
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	await frames(2)
	var warnings := ApsWarningLog.start()
	expect(not guard.set_target_confidence(body, 1.0), "set_target_confidence on itself is refused")
	guard.force_attention_target(body)
	guard.add_target_evidence(body, ApsPerceptionComponent.EVIDENCE_FLOOR, 0.9, 10.0)
	ApsWorld.report_touch(body, body)
	ApsWorld.report_damage(body, body, 20.0, body.global_position)
	await seconds(1.5)
	warnings.stop()
	expect_eq(
		warnings.count("is this AI's own body"),
		3,
		"one warning per refused call:\n%s" % warnings.text()
	)
	expect(body not in guard.get_known_targets(), "no belief in itself")
	expect(guard.get_attention_target() != body, "no attention on itself")
	expect_eq(
		guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "the runner instead"
	)
	expect_eq(guard.get_attention_target(), runner, "attention on the runner")


func test_belief_raised_by_script_is_placed_where_the_target_is() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var far := ApsWorldBuilder.body(self, Vector3(300, 0, 40), "Far")
	await frames(2)
	expect(guard.set_target_confidence(far, 0.5), "raised")
	await wait_until(
		func(): return guard.get_belief_state(far) == ApsPerceptionComponent.STATE_DETECTED, 1.0
	)
	expect_eq(guard.get_belief_state(far), ApsPerceptionComponent.STATE_DETECTED, "Detected")
	expect(
		guard.get_last_known_position(far).distance_to(far.global_position) < 0.01,
		"at the target, not the origin: %s" % guard.get_last_known_position(far)
	)


## Makes this suite's subtree a multiplayer client of a server that is not there: enough for
## `is_server()` to be false, as on a real client.
func _become_client() -> void:
	var peer := ENetMultiplayerPeer.new()
	peer.create_client("127.0.0.1", 9)
	var mp := SceneMultiplayer.new()
	mp.multiplayer_peer = peer
	get_tree().set_multiplayer(mp, get_path())


func test_on_a_client_the_server_decides() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	_become_client()
	expect(not multiplayer.is_server(), "a client")
	var log := ApsSignalLog.new(guard)
	var warnings := ApsWarningLog.start()
	expect(not guard.set_target_confidence(runner, 0.9), "set_target_confidence is refused")
	guard.set_target_confidence(runner, 0.9)
	guard.force_attention_target(runner)
	guard.add_target_evidence(runner, ApsPerceptionComponent.EVIDENCE_CLEAR, 1.0, 5.0)
	guard.set_relationship(runner, ApsPerceptionComponent.RELATIONSHIP_FEARED)
	expect(
		not guard.report_location_belief(Vector3.ONE, &"noise", 0.8, 1.0),
		"report_location_belief is refused"
	)
	ApsWorld.emit_sound(runner.global_position, 1.0, 30.0, &"shot", runner)
	ApsWorld.report_damage(guard.get_parent(), runner, 10.0, runner.global_position)
	ApsWorld.report_touch(guard.get_parent(), runner)
	ApsWorld.join_squad(guard, &"alpha", &"lead")
	await seconds(1.0)
	warnings.stop()
	expect_eq(
		warnings.count("perception runs on the server"),
		9,
		"one warning per call:\n%s" % warnings.text()
	)
	expect_eq(
		warnings.count("set_target_confidence: perception runs on the server"),
		1,
		"once, though called twice"
	)
	expect(not log.has("attention_changed"), "no attention_changed on a client")
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"nothing believed on the client"
	)
	expect_eq(ApsWorld.get_squad_role(guard), &"", "no squad")
	get_tree().set_multiplayer(null, get_path())
