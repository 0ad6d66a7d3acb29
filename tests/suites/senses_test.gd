extends ApsTestSuite
## Each of the eight senses alone, in a real scene: the target is noticed by that sense and lost
## with the spec's reason (sections 1, 3 and 4), plus a custom GDScript sense from a .tres.


func test_smell_alone_follows_a_trail_and_loses_it_as_scent_lost() -> void:
	ApsWorldBuilder.floor(self)
	var dog := ApsWorldBuilder.guard(
		self, Vector3.ZERO, Vector3.FORWARD, ApsWorldBuilder.only(["smell"])
	)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -3), "Runner")
	var log := ApsSignalLog.new(dog)
	await seconds(2.0)
	expect(
		dog.get_belief_state(runner) >= ApsPerceptionComponent.STATE_DETECTED, "smelled up close"
	)
	# It runs off along +X, out of the dog's 12 m range, and keeps going.
	await walk(runner, Vector3(4, 0, 0), 8.0)
	expect(ApsWorld.get_scent_trail(runner).size() > 10, "a trail was left")
	expect(
		dog.get_belief_state(runner) != ApsPerceptionComponent.STATE_LOST, "the trail still smells"
	)
	await wait_until(func(): return log.has("target_lost"), 120.0)
	expect_eq(dog.get_loss_reason(runner), ApsPerceptionComponent.LOSS_SCENT_LOST, "loss reason")
	var dir := dog.get_loss_direction(runner)
	expect(dir.dot(Vector3.RIGHT) > 0.9, "the loss direction follows the trail: %s" % dir)


func test_touch_alone_feels_contact_and_fades_without_a_cut() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(
		self, Vector3.ZERO, Vector3.FORWARD, ApsWorldBuilder.only(["touch"])
	)
	var pusher := ApsWorldBuilder.body(self, Vector3(0, 0, 3), "Pusher")
	var log := ApsSignalLog.new(guard)
	await seconds(0.5)
	expect_eq(
		guard.get_belief_state(pusher),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"3 m away is no contact"
	)
	pusher.global_position = Vector3(0, 0, 0.7)
	await seconds(1.5)
	expect_eq(guard.get_belief_state(pusher), ApsPerceptionComponent.STATE_TRACKED, "contact")
	var data := guard.get_belief_data(pusher)
	expect_eq(Array(data["active_senses"]), [ApsPerceptionComponent.SENSE_TOUCH], "by touch alone")
	pusher.global_position = Vector3(0, 0, 5)
	await wait_until(func(): return log.has("target_lost"), 60.0)
	var states := []
	for e in log.entries:
		if e["signal"] == "target_state_changed":
			states.append(e["args"][1])
	expect_eq(
		states.slice(3),
		[
			ApsPerceptionComponent.STATE_DETECTED,
			ApsPerceptionComponent.STATE_SUSPECTED,
			ApsPerceptionComponent.STATE_LOST
		],
		"steps down, no direct cut"
	)
	expect_eq(guard.get_loss_reason(pusher), ApsPerceptionComponent.LOSS_UNKNOWN, "touch's reason")
	# A contact the game reports fires `touched`.
	var touched := []
	guard.touched.connect(func(t): touched.append(t))
	ApsWorld.report_touch(guard.get_parent(), pusher)
	await seconds(0.3)
	expect_eq(touched, [pusher], "touched(pusher)")


func test_vibration_alone_stops_when_the_target_stands_still() -> void:
	ApsWorldBuilder.floor(self)
	var plate := ApsWorldBuilder.guard(
		self, Vector3.ZERO, Vector3.FORWARD, ApsWorldBuilder.only(["vibration"])
	)
	var runner := ApsWorldBuilder.body(self, Vector3(-6, 0, -5), "Runner")
	var log := ApsSignalLog.new(plate)
	await walk(runner, Vector3(5, 0, 0), 2.0)
	expect(plate.get_belief_state(runner) >= ApsPerceptionComponent.STATE_DETECTED, "felt running")
	# It stops: the very next tick has no vibration.
	await seconds(0.2)
	expect_eq(Array(plate.get_belief_data(runner)["active_senses"]), [], "standing still: nothing")
	await wait_until(func(): return log.has("target_lost"), 30.0)
	expect_eq(
		plate.get_loss_reason(runner), ApsPerceptionComponent.LOSS_SENSOR_DROPOUT, "loss reason"
	)


func test_a_guard_shot_from_80_m_believes_the_shooter_by_damage_alone() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var sniper := ApsWorldBuilder.body(self, Vector3(0, 0, 80), "Sniper")
	var hits := []
	guard.damage_taken.connect(func(who, amount, _at): hits.append([who, amount]))
	await seconds(0.3)
	ApsWorld.report_damage(guard.get_parent(), sniper, 20.0, sniper.global_position)
	await seconds(0.6)
	expect(
		guard.get_belief_state(sniper) >= ApsPerceptionComponent.STATE_DETECTED,
		"at least Detected: state %d" % guard.get_belief_state(sniper)
	)
	expect_eq(
		Array(guard.get_belief_data(sniper)["active_senses"]).has(
			ApsPerceptionComponent.SENSE_VISION
		),
		false,
		"80 m is beyond sight"
	)
	expect_eq(hits, [[sniper, 20.0]], "damage_taken once")
	var last_known: Vector3 = guard.get_belief_data(sniper)["last_known_position"]
	expect(
		last_known.distance_to(sniper.global_position) < 0.5, "it knows where the shot came from"
	)


func test_heavy_pain_dulls_vision_into_sensor_dropout() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -10), "Runner")
	var pains := []
	guard.pain_changed.connect(func(level): pains.append(level))
	await seconds(1.5)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent.STATE_TRACKED,
		"tracked before the hit"
	)
	# A hit from nobody it knows, hard enough for full pain.
	ApsWorld.report_damage(guard.get_parent(), null, 100.0, Vector3(0, 1, 5))
	await seconds(0.6)
	expect(pains.size() >= 1 and is_equal_approx(pains[0], 1.0), "pain_changed(1.0): %s" % [pains])
	expect_near(guard.get_pain_level(), 1.0, 0.05, "pain")
	expect_eq(
		guard.get_belief_state(runner), ApsPerceptionComponent.STATE_LOST, "lost while blinded"
	)
	expect_eq(
		guard.get_loss_reason(runner), ApsPerceptionComponent.LOSS_SENSOR_DROPOUT, "loss reason"
	)


func test_a_bat_in_the_dark_loses_a_target_when_its_pulse_misses() -> void:
	ApsWorld.ambient_light = 0.0
	ApsWorldBuilder.floor(self)
	ApsWorldBuilder.wall(self, Vector3(-4, 1.5, -6), Vector3(6, 3, 0.4))
	var bat := ApsWorldBuilder.guard(
		self, Vector3.ZERO, Vector3.FORWARD, ApsWorldBuilder.only(["echolocation"])
	)
	var moth := ApsWorldBuilder.body(self, Vector3(2, 0, -5), "Moth")
	await seconds(2.0)
	expect_eq(bat.get_belief_state(moth), ApsPerceptionComponent.STATE_TRACKED, "found in the dark")
	# Behind the wall: the next pulse misses and the bat cuts straight to Lost.
	moth.global_position = Vector3(-4, 0, -9)
	await seconds(1.2)
	expect_eq(bat.get_belief_state(moth), ApsPerceptionComponent.STATE_LOST, "the pulse missed")
	expect_eq(bat.get_loss_reason(moth), ApsPerceptionComponent.LOSS_OCCLUDED, "loss reason")
	ApsWorld.ambient_light = 1.0


func test_hearing_alone_is_lost_as_sound_faded() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(
		self, Vector3.ZERO, Vector3.FORWARD, ApsWorldBuilder.only(["hearing"])
	)
	var walker := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Walker")
	var log := ApsSignalLog.new(guard)
	for i in 6:
		ApsWorld.emit_sound(walker.global_position, 0.7, 20.0, &"footstep", walker)
		await seconds(0.4)
	expect(guard.get_belief_state(walker) >= ApsPerceptionComponent.STATE_SUSPECTED, "heard")
	await wait_until(func(): return log.has("target_lost"), 60.0)
	expect_eq(guard.get_loss_reason(walker), ApsPerceptionComponent.LOSS_SOUND_FADED, "loss reason")


func test_vision_alone_is_lost_as_occluded() -> void:
	ApsWorldBuilder.floor(self)
	ApsWorldBuilder.wall(self, Vector3(-4, 1.5, -6), Vector3(6, 3, 0.4))
	var guard := ApsWorldBuilder.guard(
		self, Vector3.ZERO, Vector3.FORWARD, ApsWorldBuilder.only(["vision"])
	)
	var runner := ApsWorldBuilder.body(self, Vector3(2, 0, -9), "Runner")
	await seconds(1.5)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "seen")
	runner.global_position = Vector3(-4, 0, -9)
	await seconds(0.6)
	expect_eq(guard.get_loss_reason(runner), ApsPerceptionComponent.LOSS_OCCLUDED, "loss reason")


func test_a_custom_gdscript_sense_from_a_tres_drives_a_belief_up_and_back() -> void:
	var profile: ApsProfile = load("res://demo/senses/radar_profile.tres")
	expect_eq(profile.custom_senses.size(), 1, "the radar is in the profile")
	ApsWorldBuilder.floor(self)
	# A wall in between: the radar sees through it.
	ApsWorldBuilder.wall(self, Vector3(0, 1.5, -1.5), Vector3(6, 3, 0.4))
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, profile)
	var blip := ApsWorldBuilder.body(self, Vector3(0, 0, -3), "Blip")
	var log := ApsSignalLog.new(guard)
	await seconds(2.0)
	expect_eq(
		Array(log.names()),
		["target_suspected", "target_detected", "target_tracked"],
		"up to Tracked"
	)
	var senses: Array = Array(guard.get_belief_data(blip)["active_senses"])
	expect_eq(senses, [8], "the first custom slot")
	# Out of the radar's 15 m reach: lost with the sense's own reason, straight away (direct cut).
	blip.global_position = Vector3(0, 0, -30)
	await seconds(0.5)
	expect_eq(guard.get_belief_state(blip), ApsPerceptionComponent.STATE_LOST, "lost")
	expect_eq(
		guard.get_loss_reason(blip),
		ApsPerceptionComponent.LOSS_SENSOR_DROPOUT,
		"the radar's loss reason"
	)
	await wait_until(func(): return log.has("target_expired"), 60.0)
	expect(log.has("target_expired"), "and back down to forgotten")
