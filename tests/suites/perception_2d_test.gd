extends ApsTestSuite
## The 2D front end (ApsPerceptionComponent2D, ApsTargetComponent2D, the `_2d` calls of
## ApsWorld) with real CharacterBody2D and StaticBody2D nodes in the main scene's World2D: the
## core 3D suites (vision, hearing, senses, conditions, crowds, robustness, freeing) again on
## the ground plane, with the spec's numbers. Positions, ranges and speeds are pixels, 100 to
## the metre (`aps/2d/pixels_per_meter`'s default): the default 40 m vision range is 4000 px.

const PPM := 100.0
## The frame budget the budget test sets.
const BUDGET := 2
const PPM_SETTING := "aps/2d/pixels_per_meter"
const FREED_WHILE_EMITTING := "was freed or unreferenced while a signal is being emitted from it"

# --- a 2D world builder --------------------------------------------------------------------


func _wall(center: Vector2, size: Vector2) -> StaticBody2D:
	return ApsWorldBuilder2D.wall(self, center, size)


func _body(at: Vector2, name_: String = "Body", radius: float = 20.0) -> CharacterBody2D:
	return ApsWorldBuilder2D.body(self, at, name_, radius)


func _guard(
	at: Vector2, facing: Vector2 = Vector2.RIGHT, profile: ApsProfile = null
) -> ApsPerceptionComponent2D:
	return ApsWorldBuilder2D.guard(self, at, facing, profile)


## Moves `body` at `velocity` px/s for `duration` s, one physics frame at a time, with
## move_and_slide so its measured velocity is real.
func _walk(body: CharacterBody2D, velocity: Vector2, duration: float) -> void:
	for i in int(round(duration * FPS)):
		body.velocity = velocity
		body.move_and_slide()
		await get_tree().physics_frame
	body.velocity = Vector2.ZERO


func _fused(guard: ApsPerceptionComponent2D, target: Node2D) -> float:
	return guard.get_belief_data(target).get("fused", 0.0)


func _senses(guard: ApsPerceptionComponent2D, target: Node2D) -> Array:
	return Array(guard.get_belief_data(target).get("active_senses", []))


# --- vision ---------------------------------------------------------------------------------


func test_a_guard_sees_a_runner_through_the_states_in_order_with_confidence_rising() -> void:
	var guard := _guard(Vector2.ZERO)
	var runner := _body(Vector2(600, 0), "Runner")
	var log := ApsSignalLog.new(guard)
	var confidences: Array[float] = []
	for f in 120:
		await frames(1)
		confidences.append(guard.get_confidence(runner))
	expect_eq(
		Array(log.names()),
		["target_suspected", "target_detected", "target_tracked"],
		"signals while in view"
	)
	expect_eq(
		log.states(),
		[
			ApsPerceptionComponent2D.STATE_SUSPECTED,
			ApsPerceptionComponent2D.STATE_DETECTED,
			ApsPerceptionComponent2D.STATE_TRACKED
		],
		"states in order"
	)
	expect_eq(
		guard.get_belief_state(runner), ApsPerceptionComponent2D.STATE_TRACKED, "state in view"
	)
	# While vision has it, confidence never falls (spec section 2: rise and hold).
	for i in range(1, confidences.size()):
		if not expect(
			confidences[i] >= confidences[i - 1],
			"confidence fell at frame %d: %.4f -> %.4f" % [i, confidences[i - 1], confidences[i]]
		):
			break
	expect(confidences[-1] > 0.6, "confidence in view: %.3f" % confidences[-1])
	# Each state is entered at its threshold (spec section 3): Suspect 0.15, Detect 0.35,
	# Track 0.60 after at least Min Track Duration (0.5 s) in Detected.
	var suspected := log.first("target_suspected")
	var detected := log.first("target_detected")
	var tracked := log.first("target_tracked")
	if expect(not tracked.is_empty(), "target_tracked fired"):
		expect_eq(suspected["target"], runner, "the runner was suspected")
		expect(suspected["args"][0] >= 0.15, "suspected at %.3f" % suspected["args"][0])
		expect(detected["args"][0] >= 0.35, "detected at %.3f" % detected["args"][0])
		expect(tracked["args"][0] >= 0.60, "tracked at %.3f" % tracked["args"][0])
		expect(
			tracked["time"] - detected["time"] >= 0.5 - 1e-6,
			"Min Track Duration in Detected: %.3f s" % (tracked["time"] - detected["time"])
		)
	var data := guard.get_belief_data(runner)
	expect_eq(Array(data["active_senses"]), [ApsPerceptionComponent2D.SENSE_VISION], "by vision")
	var last_known: Vector2 = guard.get_last_known_position(runner)
	expect(
		last_known.distance_to(Vector2(600, 0)) < 1.0,
		"last known position in pixels: %s" % last_known
	)


func test_a_guard_loses_a_walker_behind_a_wall_at_the_corner() -> void:
	# A wall 12 m ahead whose lower end (screen y) is at y = 0; the runner crosses 14 m ahead,
	# walking up the screen at 3 m/s (the 3D vision test turned onto the ground plane).
	_wall(Vector2(1200, -600), Vector2(40, 1200))
	var guard := _guard(Vector2.ZERO)
	var runner := _body(Vector2(1400, 600), "Runner")
	var log := ApsSignalLog.new(guard)
	await seconds(2.0)
	expect_eq(
		Array(log.names()),
		["target_suspected", "target_detected", "target_tracked"],
		"signals while in view"
	)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"tracked in the open"
	)
	await _walk(runner, Vector2(0, -300), 3.0)
	await seconds(0.5)
	var lost := log.first("target_lost")
	if expect(not lost.is_empty(), "target_lost fired"):
		expect_eq(lost["target"], runner, "lost target")
		expect_eq(lost["args"][0], ApsPerceptionComponent2D.LOSS_OCCLUDED, "loss reason")
		var at: Vector2 = lost["args"][1]
		# It is seen until its last sample point (16 px below its centre) slips behind the
		# corner, at y ≈ -16 px; the last look that saw it is at most a tick (0.1 s, 30 px at
		# 3 m/s) before that.
		expect(
			absf(at.x - 1400.0) < 5.0 and at.y > -100.0 and at.y < 150.0,
			"last known position at the corner, in pixels: %s" % at
		)
		expect_eq(guard.get_last_known_position(runner), at, "get_last_known_position agrees")
	expect_eq(
		guard.get_loss_reason(runner), ApsPerceptionComponent2D.LOSS_OCCLUDED, "get_loss_reason"
	)
	var dir: Vector2 = guard.get_loss_direction(runner)
	expect(dir.dot(Vector2.UP) > 0.9, "loss direction is the way it walked: %s" % dir)
	# While lost, the search radius grows at the Uncertainty Growth Rate, 50 cm/s: 50 px/s.
	var before := guard.get_uncertainty_radius(runner)
	await seconds(1.0)
	var grown := guard.get_uncertainty_radius(runner) - before
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent2D.STATE_LOST, "still lost")
	expect_near(grown, 50.0, 5.0, "uncertainty grew in a second, px")


func test_a_target_walking_out_of_vision_range_is_out_of_range() -> void:
	var guard := _guard(Vector2.ZERO)
	var runner := _body(Vector2(2000, 0), "Runner")
	var log := ApsSignalLog.new(guard)
	await seconds(2.0)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"tracked at 20 m (2000 px)"
	)
	# Straight away at 8 m/s, past the 40 m (4000 px) range.
	await _walk(runner, Vector2(800, 0), 2.0)
	var measured: Vector2 = guard.get_estimated_velocity(runner)
	await _walk(runner, Vector2(800, 0), 1.0)
	await seconds(0.5)
	expect(
		measured.distance_to(Vector2(800, 0)) < 40.0,
		"its velocity as measured, px/s: %s" % measured
	)
	var lost := log.first("target_lost")
	if expect(not lost.is_empty(), "lost"):
		expect_eq(lost["args"][0], ApsPerceptionComponent2D.LOSS_OUT_OF_RANGE, "loss reason")
		var at: Vector2 = lost["args"][1]
		expect(
			at.x > 3800.0 and at.x <= 4000.0 and absf(at.y) < 1.0,
			"last seen inside the 4000 px range: %s" % at
		)
	expect(guard.get_loss_direction(runner).dot(Vector2.RIGHT) > 0.9, "ran away along +X")


# --- hearing --------------------------------------------------------------------------------


func test_a_wall_muffles_a_sound_by_the_wall_muffle_factor() -> void:
	var profile := ApsWorldBuilder.only(["hearing"])
	var guard := _guard(Vector2.ZERO, Vector2.RIGHT, profile)
	var walker := _body(Vector2(800, 0), "Walker")
	await seconds(0.2)
	# The same footstep twice, 5 s apart at the same moment of the guard's rhythm (as the rain
	# test does), read a quarter second later: first in the open, then with a wall between.
	ApsWorld.emit_sound_2d(walker.global_position, 0.8, 2000.0, &"footstep", walker)
	await seconds(0.25)
	var open := _fused(guard, walker)
	var open_conf := guard.get_confidence(walker)
	await seconds(4.75)
	_wall(Vector2(400, 0), Vector2(20, 400))
	ApsWorld.emit_sound_2d(walker.global_position, 0.8, 2000.0, &"footstep", walker)
	await seconds(0.25)
	var walled := _fused(guard, walker)
	expect(open > 0.2, "heard in the open: %.3f" % open)
	expect(open_conf > 0.0, "a belief from the sound: %.3f" % open_conf)
	expect_near(
		walled,
		open * profile.hearing_wall_muffle_factor,
		0.005,
		(
			"through the wall it keeps the Wall Muffle Factor (%.2f)"
			% profile.hearing_wall_muffle_factor
		)
	)
	expect_eq(profile.hearing_wall_muffle_factor, 0.5, "the factor is the default 0.5")


func test_a_loud_sound_behind_the_guard_is_heard_and_fades_as_sound_faded() -> void:
	var guard := _guard(Vector2.ZERO)
	# Behind the guard: vision cannot help.
	var thrower := _body(Vector2(-800, 0), "Thrower")
	var log := ApsSignalLog.new(guard)
	await frames(2)
	ApsWorld.emit_sound_2d(thrower.global_position, 1.0, 3000.0, &"gunshot", thrower)
	await seconds(0.6)
	expect(
		guard.get_belief_state(thrower) >= ApsPerceptionComponent2D.STATE_SUSPECTED,
		"suspected at least: state %d" % guard.get_belief_state(thrower)
	)
	expect(
		not _senses(guard, thrower).has(ApsPerceptionComponent2D.SENSE_VISION), "vision had no part"
	)
	await wait_until(func(): return log.has("target_lost"), 20.0)
	expect_eq(
		guard.get_loss_reason(thrower), ApsPerceptionComponent2D.LOSS_SOUND_FADED, "loss reason"
	)
	var lost := log.first("target_lost")
	if not lost.is_empty():
		expect(
			(lost["args"][1] as Vector2).distance_to(Vector2(-800, 0)) < 1.0,
			"the sound's place, in pixels: %s" % lost["args"][1]
		)


# --- each sense alone -----------------------------------------------------------------------


func test_vision_alone_is_lost_as_occluded() -> void:
	_wall(Vector2(600, -400), Vector2(40, 600))
	var guard := _guard(Vector2.ZERO, Vector2.RIGHT, ApsWorldBuilder.only(["vision"]))
	var runner := _body(Vector2(900, 200), "Runner")
	await seconds(1.5)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent2D.STATE_TRACKED, "seen")
	expect_eq(_senses(guard, runner), [ApsPerceptionComponent2D.SENSE_VISION], "by vision alone")
	runner.global_position = Vector2(900, -400)
	await seconds(0.6)
	expect_eq(
		guard.get_belief_state(runner), ApsPerceptionComponent2D.STATE_LOST, "lost (direct cut)"
	)
	expect_eq(guard.get_loss_reason(runner), ApsPerceptionComponent2D.LOSS_OCCLUDED, "loss reason")


func test_hearing_alone_is_lost_as_sound_faded() -> void:
	var guard := _guard(Vector2.ZERO, Vector2.RIGHT, ApsWorldBuilder.only(["hearing"]))
	var walker := _body(Vector2(600, 0), "Walker")
	var log := ApsSignalLog.new(guard)
	for i in 6:
		ApsWorld.emit_sound_2d(walker.global_position, 0.7, 2000.0, &"footstep", walker)
		await seconds(0.4)
	expect(guard.get_belief_state(walker) >= ApsPerceptionComponent2D.STATE_SUSPECTED, "heard")
	expect_eq(_senses(guard, walker), [ApsPerceptionComponent2D.SENSE_HEARING], "by hearing alone")
	await wait_until(func(): return log.has("target_lost"), 20.0)
	expect_eq(
		guard.get_loss_reason(walker), ApsPerceptionComponent2D.LOSS_SOUND_FADED, "loss reason"
	)


func test_smell_alone_follows_a_trail_carried_further_downwind() -> void:
	var upwind_dog := _guard(Vector2(0, -1500), Vector2.RIGHT, ApsWorldBuilder.only(["smell"]))
	var downwind_dog := _guard(Vector2(0, 1500), Vector2.RIGHT, ApsWorldBuilder.only(["smell"]))
	var deer := _body(Vector2(-300, 0), "Deer")
	# 5 m/s (500 px/s) of wind blowing toward +y: the 12 m range becomes 18 m downwind, 6 m
	# upwind (Wind Range Factor 0.1 per m/s).
	ApsWorld.set_wind_2d(Vector2(0, 500))
	expect_eq(ApsWorld.get_wind_2d(), Vector2(0, 500), "the wind reads back in px/s")
	# The deer walks 8 m across, laying a trail (a point every half second).
	await _walk(deer, Vector2(200, 0), 4.0)
	var trail := ApsWorld.get_scent_trail_2d(deer)
	expect(trail.size() >= 6, "a trail was left: %d points" % trail.size())
	if trail.size() > 1:
		expect(
			trail[0].x < trail[-1].x and absf(trail[0].y) < 1.0 and absf(trail[-1].y) < 1.0,
			(
				"the trail lies along the walk, in pixels, oldest first: %s .. %s"
				% [trail[0], trail[-1]]
			)
		)
		expect(
			trail[-1].distance_to(deer.global_position) < 100.0,
			"it ends near the deer: %s" % trail[-1]
		)
	await seconds(0.5)
	expect(
		downwind_dog.get_confidence(deer) > 0.0,
		"smelled 15 m downwind: %.3f" % downwind_dog.get_confidence(deer)
	)
	expect_eq(_senses(downwind_dog, deer), [ApsPerceptionComponent2D.SENSE_SMELL], "by smell alone")
	expect_eq(upwind_dog.get_confidence(deer), 0.0, "not smelled 15 m upwind")
	ApsWorld.set_wind_2d(Vector2.ZERO)
	expect_eq(ApsWorld.get_wind_2d(), Vector2.ZERO, "the wind is calm again")


func test_touch_alone_feels_contact_and_a_reported_touch() -> void:
	var guard := _guard(Vector2.ZERO, Vector2.RIGHT, ApsWorldBuilder.only(["touch"]))
	var pusher := _body(Vector2(-300, 0), "Pusher")
	var log := ApsSignalLog.new(guard)
	await seconds(0.5)
	expect_eq(
		guard.get_belief_state(pusher),
		ApsPerceptionComponent2D.STATE_UNDETECTED,
		"3 m away is no contact"
	)
	# Within the 0.8 m (80 px) reach.
	pusher.global_position = Vector2(-70, 0)
	await seconds(1.5)
	expect_eq(guard.get_belief_state(pusher), ApsPerceptionComponent2D.STATE_TRACKED, "contact")
	expect_eq(_senses(guard, pusher), [ApsPerceptionComponent2D.SENSE_TOUCH], "by touch alone")
	pusher.global_position = Vector2(-500, 0)
	await wait_until(func(): return log.has("target_lost"), 20.0)
	expect_eq(
		log.states().slice(3),
		[
			ApsPerceptionComponent2D.STATE_DETECTED,
			ApsPerceptionComponent2D.STATE_SUSPECTED,
			ApsPerceptionComponent2D.STATE_LOST
		],
		"steps down, no direct cut"
	)
	expect_eq(
		guard.get_loss_reason(pusher), ApsPerceptionComponent2D.LOSS_UNKNOWN, "touch's reason"
	)
	# A contact the game reports, from 5 m away: touched(pusher) and a belief by touch.
	var touched := []
	guard.touched.connect(func(t): touched.append(t))
	var poker := _body(Vector2(-500, 300), "Poker")
	await seconds(0.3)
	ApsWorld.report_touch(guard.get_parent(), poker)
	await seconds(0.3)
	expect_eq(touched, [poker], "touched(poker)")
	expect(
		guard.get_belief_state(poker) >= ApsPerceptionComponent2D.STATE_SUSPECTED,
		"believed by a reported touch: state %d" % guard.get_belief_state(poker)
	)
	expect_eq(_senses(guard, poker), [ApsPerceptionComponent2D.SENSE_TOUCH], "by touch")


func test_vibration_alone_stops_when_the_target_stands_still() -> void:
	var plate := _guard(Vector2.ZERO, Vector2.RIGHT, ApsWorldBuilder.only(["vibration"]))
	var runner := _body(Vector2(-500, -600), "Runner")
	var log := ApsSignalLog.new(plate)
	# Within the 15 m (1500 px) Vibration Detect Range; a floating body is on the ground.
	await _walk(runner, Vector2(500, 0), 2.0)
	expect(
		plate.get_belief_state(runner) >= ApsPerceptionComponent2D.STATE_DETECTED,
		"felt running: state %d" % plate.get_belief_state(runner)
	)
	expect_eq(
		_senses(plate, runner), [ApsPerceptionComponent2D.SENSE_VIBRATION], "by vibration alone"
	)
	await seconds(0.2)
	expect_eq(_senses(plate, runner), [], "standing still: nothing")
	await wait_until(func(): return log.has("target_lost"), 20.0)
	expect_eq(
		plate.get_loss_reason(runner), ApsPerceptionComponent2D.LOSS_SENSOR_DROPOUT, "loss reason"
	)


func test_damage_alone_believes_the_shooter_from_80_m_and_pain_rises() -> void:
	var guard := _guard(Vector2.ZERO, Vector2.RIGHT, ApsWorldBuilder.only(["damage", "pain"]))
	var sniper := _body(Vector2(0, 8000), "Sniper")
	var hits := []
	var pains := []
	guard.damage_taken.connect(func(who, amount, at): hits.append([who, amount, at]))
	guard.pain_changed.connect(func(level): pains.append(level))
	await seconds(0.3)
	ApsWorld.report_damage_2d(guard.get_parent(), sniper, 20.0, sniper.global_position)
	# Read within the hit's 0.5 s Hold Time.
	await seconds(0.25)
	expect_eq(
		_senses(guard, sniper),
		[ApsPerceptionComponent2D.SENSE_DAMAGE],
		"by damage alone, from 80 m"
	)
	await seconds(0.35)
	expect(
		guard.get_belief_state(sniper) >= ApsPerceptionComponent2D.STATE_DETECTED,
		"at least Detected: state %d" % guard.get_belief_state(sniper)
	)
	expect_eq(hits, [[sniper, 20.0, Vector2(0, 8000)]], "damage_taken once, the place in pixels")
	var last_known: Vector2 = guard.get_last_known_position(sniper)
	expect(
		last_known.distance_to(sniper.global_position) < 50.0,
		"it knows where the shot came from: %s" % last_known
	)
	# Pain Per Damage 0.01: 20 damage is 0.2 pain.
	expect(pains.size() >= 1 and absf(pains[0] - 0.2) < 0.02, "pain_changed(0.2): %s" % [pains])
	expect_near(guard.get_pain_level(), 0.2, 0.03, "pain")


func test_echolocation_alone_finds_a_moth_in_the_dark_and_misses_it_behind_a_wall() -> void:
	ApsWorld.ambient_light = 0.0
	_wall(Vector2(600, -400), Vector2(40, 600))
	var bat := _guard(Vector2.ZERO, Vector2.RIGHT, ApsWorldBuilder.only(["echolocation"]))
	var moth := _body(Vector2(500, 200), "Moth")
	await seconds(2.0)
	expect_eq(
		bat.get_belief_state(moth), ApsPerceptionComponent2D.STATE_TRACKED, "found in the dark"
	)
	expect_eq(
		_senses(bat, moth), [ApsPerceptionComponent2D.SENSE_ECHOLOCATION], "by echolocation alone"
	)
	# Behind the wall: the next pulse misses and the bat cuts straight to Lost.
	moth.global_position = Vector2(900, -400)
	await seconds(1.2)
	expect_eq(bat.get_belief_state(moth), ApsPerceptionComponent2D.STATE_LOST, "the pulse missed")
	expect_eq(bat.get_loss_reason(moth), ApsPerceptionComponent2D.LOSS_OCCLUDED, "loss reason")
	ApsWorld.ambient_light = 1.0


# --- world conditions -----------------------------------------------------------------------


func test_a_target_in_a_dark_light_zone_is_seen_less_and_a_carried_light_shows_it() -> void:
	var guard := _guard(Vector2.ZERO)
	var lit := _body(Vector2(1200, -200), "Lit")
	var dark := _body(Vector2(1200, 200), "Dark")
	var zone := ApsWorld.add_light_zone_2d(Vector2(1200, 200), 200.0, 0.0)
	expect(zone > 0, "a zone id: %d" % zone)
	expect_eq(ApsWorld.get_light_at_2d(Vector2(1200, 200)), 0.0, "inside the dark zone")
	expect_eq(ApsWorld.get_light_at_2d(Vector2(1200, 390)), 0.0, "inside its 200 px radius")
	expect_eq(ApsWorld.get_light_at_2d(Vector2(1200, -200)), 1.0, "outside it")
	await seconds(1.0)
	var lit_seen := _fused(guard, lit)
	var dark_seen := _fused(guard, dark)
	expect(lit_seen > 0.5, "lit target seen: %.3f" % lit_seen)
	# The two stand symmetrically: only the light differs, and the dark one keeps Dark
	# Visibility (0.15) of it.
	var dark_visibility: float = guard.profile.vision_dark_visibility
	expect_near(
		dark_seen,
		lit_seen * dark_visibility,
		0.01,
		"the dark one keeps Dark Visibility (%.2f) of it" % dark_visibility
	)
	expect(guard.get_confidence(dark) < guard.get_confidence(lit), "and is believed less")
	var torch := ApsTargetComponent2D.new()
	torch.carried_light = 1.0
	dark.add_child(torch)
	await seconds(0.3)
	expect_near(_fused(guard, dark), _fused(guard, lit), 0.02, "a carried light shows it")
	ApsWorld.remove_light_zone_2d(zone)
	expect_eq(ApsWorld.get_light_at_2d(Vector2(1200, 200)), 1.0, "the zone is gone")


# --- crowds and level of detail -------------------------------------------------------------


func test_the_frame_budget_caps_a_2d_worlds_passes_and_starves_no_one() -> void:
	# The 3D crowd test's case on the plane: 30 guards in a column (five passes a frame
	# without a cap, each every 0.1 s), a runner in front of them all, at most 2 full passes a
	# frame (aps/max_perception_updates_per_frame).
	ProjectSettings.set_setting("aps/max_perception_updates_per_frame", BUDGET)
	var guards: Array[ApsPerceptionComponent2D] = []
	for i in 30:
		guards.append(_guard(Vector2(0, i * 100), Vector2.RIGHT))
	var runner := _body(Vector2(1500, 1450), "Runner")
	var world := ApsWorld.get_world_state(runner)
	var most := 0
	for f in 120:
		await frames(1)
		most = maxi(most, world.get_last_frame_stats()["passes"])
	ProjectSettings.set_setting("aps/max_perception_updates_per_frame", 64)
	expect(most <= 2, "at most 2 passes a frame in the 2D world: %d" % most)
	expect(most >= 1, "the 2D world's AI perceive: %d" % most)
	for g in guards:
		expect(
			g.get_belief_state(runner) >= ApsPerceptionComponent2D.STATE_SUSPECTED,
			(
				"every guard got its turns: %s at state %d"
				% [g.get_parent().name, g.get_belief_state(runner)]
			)
		)


func test_a_crowd_of_100_guards_with_tiers_by_the_distance_to_a_camera2d() -> void:
	var camera := Camera2D.new()
	add_child(camera)
	camera.global_position = Vector2.ZERO
	camera.make_current()
	# 100 guards facing +X: 5 columns 45 m apart (beyond the 40 m range), 20 rows 25 m apart
	# (outside each other's 80° peripheral cone), so no guard sees another.
	var guards: Array[ApsPerceptionComponent2D] = []
	for row in 20:
		for col in 5:
			guards.append(_guard(Vector2(col * 4500, row * 2500)))
	# Four runners, 3 m in front of guards at 25, 134, 200 and 266 m from the camera: at tiers
	# 1, 2, 3 and 4 while idle.
	var watched := {}
	for pick in [[0, 1], [2, 4], [0, 8], [2, 10]]:
		var g: ApsPerceptionComponent2D = guards[pick[1] * 5 + pick[0]]
		var r := _body(g.global_position + Vector2(300, 0), "Runner%d_%d" % pick)
		watched[g] = r
	await seconds(3.0)
	var tiers := {}
	for g in guards:
		var tier := ApsWorld.get_lod_tier(g)
		tiers[tier] = tiers.get(tier, 0) + 1
		var d: float = g.global_position.length() / PPM
		if g in watched:
			continue
		# An idle AI: tier 1 out to 50 m, tier 2 to 150 m, tier 3 to 225 m, suspended beyond
		# (spec section 12), each scored 0.6 × (1 − d / 300 m); a guard within a metre of a
		# border may fall either side of it.
		var expected := 1 if d <= 50.0 else 2 if d <= 150.0 else 3 if d <= 225.0 else 4
		var near_border := [50.0, 150.0, 225.0].any(func(b): return absf(d - b) < 1.0)
		if not near_border:
			expect_eq(tier, expected, "idle guard %.0f m from the camera" % d)
		expect_eq(
			g.get_known_targets().size(), 0, "an idle guard %.0f m away believes in no one" % d
		)
	for tier in [1, 2, 3, 4]:
		expect(tiers.get(tier, 0) > 0, "some guards at tier %d: %s" % [tier, tiers])
	for g in watched:
		var d: float = g.global_position.length() / PPM
		var r: Node2D = watched[g]
		if d < 225.0:
			expect(
				g.get_belief_state(r) >= ApsPerceptionComponent2D.STATE_DETECTED,
				(
					"a guard %.0f m from the camera detects its runner: state %d"
					% [d, g.get_belief_state(r)]
				)
			)
			# Engaged: full rate out to about 260 m.
			expect_eq(ApsWorld.get_lod_tier(g), 0, "engaged at %.0f m" % d)
		else:
			expect_eq(ApsWorld.get_lod_tier(g), 4, "a guard %.0f m away is suspended" % d)
			expect_eq(
				g.get_belief_state(r),
				ApsPerceptionComponent2D.STATE_UNDETECTED,
				"and perceives nothing"
			)
	var stats := ApsWorld.get_stats_2d()
	expect(
		stats["perceivers_run"] > 0 and stats["rays_cast"] > 0,
		"the 2D world's stats count: %s" % stats
	)
	expect_eq(ApsWorld.get_perceivable_count_2d(), 104, "100 guards and 4 runners are perceivable")
	camera.queue_free()


# --- scale ----------------------------------------------------------------------------------


func test_pixels_per_meter_sets_the_scale() -> void:
	var before = ProjectSettings.get_setting(PPM_SETTING)
	expect_eq(before, PPM, "the default scale")
	# At 100 px/m, 3000 px is 30 m: inside the 40 m range.
	var guard := _guard(Vector2.ZERO)
	var runner := _body(Vector2(3000, 0), "Runner")
	await seconds(1.0)
	expect(
		guard.get_belief_state(runner) >= ApsPerceptionComponent2D.STATE_SUSPECTED,
		"seen at 3000 px = 30 m: state %d" % guard.get_belief_state(runner)
	)
	var fused_100 := _fused(guard, runner)
	guard.get_parent().free()
	runner.free()
	await frames(2)
	# At 50 px/m the same 3000 px is 60 m: out of range; 1500 px is the 30 m of before.
	ProjectSettings.set_setting(PPM_SETTING, 50.0)
	await frames(1)
	var guard50 := _guard(Vector2.ZERO)
	var far := _body(Vector2(3000, 100), "Far")
	var near := _body(Vector2(1500, 0), "Near")
	await seconds(1.0)
	var far_state := guard50.get_belief_state(far)
	var near_state := guard50.get_belief_state(near)
	var fused_50 := _fused(guard50, near)
	var near_last: Vector2 = guard50.get_last_known_position(near)
	ProjectSettings.set_setting(PPM_SETTING, before)
	await frames(1)
	expect_eq(
		far_state,
		ApsPerceptionComponent2D.STATE_UNDETECTED,
		"3000 px = 60 m at 50 px/m: out of range"
	)
	expect(
		near_state >= ApsPerceptionComponent2D.STATE_SUSPECTED,
		"1500 px = 30 m at 50 px/m: seen, state %d" % near_state
	)
	# 30 m straight ahead either way: the same look.
	expect_near(fused_50, fused_100, 0.001, "the same 30 m looks the same")
	expect(
		near_last.distance_to(Vector2(1500, 0)) < 1.0,
		"positions come back in pixels: %s" % near_last
	)
	expect_eq(ProjectSettings.get_setting(PPM_SETTING), before, "the setting is restored")


# --- bad input ------------------------------------------------------------------------------


func test_bad_2d_input_gives_one_warning_each_and_no_crash() -> void:
	var guard := _guard(Vector2.ZERO)
	var runner := _body(Vector2(600, 0), "Runner")
	await seconds(0.3)
	var nan2 := Vector2(NAN, 0)
	var log := ApsWarningLog.start()
	ApsWorld.emit_sound_2d(nan2, 1.0, 1000.0, &"bad", runner)
	expect_eq(log.warnings.size(), 1, "emit_sound_2d(NaN): one warning:\n%s" % log.text())
	expect_eq(log.count("emit_sound_2d"), 1, "naming the call:\n%s" % log.text())
	log.clear()
	expect_eq(ApsWorld.add_light_zone_2d(nan2, 100.0, 0.0), 0, "no zone at NaN")
	expect_eq(log.warnings.size(), 1, "add_light_zone_2d(NaN): one warning:\n%s" % log.text())
	log.clear()
	# As add_light_zone in 3D: the radius is kept in the zones' range (0 px here), said once.
	var zero := ApsWorld.add_light_zone_2d(Vector2(100, 0), -5.0, 0.0)
	expect(zero > 0, "a zone of radius 0: id %d" % zero)
	expect_eq(log.warnings.size(), 1, "add_light_zone_2d(radius -5): one warning:\n%s" % log.text())
	expect_eq(log.count("radius (px): -5"), 1, "naming the radius in pixels:\n%s" % log.text())
	expect_eq(
		ApsWorld.get_light_at_2d(Vector2(101, 0)),
		1.0,
		"a zone of radius 0 darkens nothing 1 px off"
	)
	ApsWorld.remove_light_zone_2d(zero)
	log.clear()
	expect_eq(guard.report_location_belief(nan2, &"bad", 0.5, 100.0), false, "no place at NaN")
	expect_eq(log.warnings.size(), 1, "report_location_belief(NaN): one warning:\n%s" % log.text())
	log.clear()
	ApsWorld.emit_sound_2d(Vector2(100, 0), 1.0, -10.0, &"bad", runner)
	expect_eq(log.warnings.size(), 1, "emit_sound_2d(range -10): one warning:\n%s" % log.text())
	log.clear()
	ApsWorld.report_damage_2d(null, runner, 10.0, Vector2.ZERO)
	expect_eq(
		log.warnings.size(), 1, "report_damage_2d(null victim): one warning:\n%s" % log.text()
	)
	log.clear()
	await seconds(1.0)
	log.stop()
	expect(log.errors.is_empty(), "no error:\n%s" % "\n".join(log.errors))
	expect(log.warnings.is_empty(), "no warning from perceiving afterwards:\n%s" % log.text())
	expect_eq(guard.get_location_beliefs().size(), 0, "no place believed")
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"and it still perceives"
	)
	expect_eq(ApsWorld.get_light_at_2d(Vector2(100, 0)), 1.0, "no zone was added")


# --- freeing --------------------------------------------------------------------------------


## A guard 50 m off watching its own runner: still perceiving after whatever the test did.
func _witness() -> Array:
	var guard := _guard(Vector2(0, 5000))
	var runner := _body(Vector2(600, 5000), "WitnessRunner")
	return [guard, runner]


func test_the_guards_body_freed_inside_its_target_detected_handler() -> void:
	var witness := _witness()
	var guard := _guard(Vector2.ZERO)
	_body(Vector2(600, 0), "Runner")
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
	expect_eq(
		witness[0].get_belief_state(witness[1]),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"the other guard still perceives"
	)


func test_a_target_freed_inside_a_target_detected_handler_is_lost_as_target_destroyed() -> void:
	var witness := _witness()
	var guard := _guard(Vector2.ZERO)
	var runner := _body(Vector2(600, 0), "Runner")
	var log := ApsSignalLog.new(guard)
	guard.target_detected.connect(
		func(t, _c):
			if t != null and is_instance_valid(t):
				t.free()
	)
	await wait_until(func(): return log.has("target_detected"), 3.0)
	await seconds(1.0)
	expect(not is_instance_valid(runner), "the handler freed it")
	var lost := log.first("target_lost")
	if expect(not lost.is_empty(), "the freed target went Lost"):
		expect_eq(lost["target"], null, "the signal carries null")
		expect_eq(
			lost["args"][0], ApsPerceptionComponent2D.LOSS_TARGET_DESTROYED, "as TargetDestroyed"
		)
	expect_eq(guard.get_known_targets().size(), 0, "no live known targets")
	expect_eq(
		witness[0].get_belief_state(witness[1]),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"the other guard still perceives"
	)


## A policy of a 2D game's own: it scores by the 2D component it is given.
class PolicyFor2D:
	extends ApsSignificancePolicy
	var seen: Array = []
	var keep_awake: Node

	func _score_2d(perceiver: Node2D, _distance: float, _awareness: int) -> float:
		seen.append(perceiver)
		return 1.0 if perceiver == keep_awake else 0.0


func test_a_significance_policy_is_given_the_2d_component_and_its_score_decides() -> void:
	var camera := Camera2D.new()
	add_child(camera)
	camera.make_current()
	var awake := _guard(Vector2.ZERO)
	var asleep := _guard(Vector2(0, 2000))
	var r1 := _body(Vector2(300, 0), "Runner1")
	var r2 := _body(Vector2(300, 2000), "Runner2")
	var policy := PolicyFor2D.new()
	policy.keep_awake = awake
	ApsWorld.significance_policy = policy
	await seconds(1.0)
	ApsWorld.significance_policy = null
	expect(
		awake in policy.seen and asleep in policy.seen,
		"both 2D components were given: %s" % [policy.seen.slice(0, 4)]
	)
	expect(
		policy.seen.all(func(p): return p is ApsPerceptionComponent2D), "as themselves, never null"
	)
	expect_eq(ApsWorld.get_lod_tier(awake), 0, "scored 1: full rate")
	expect_eq(ApsWorld.get_lod_tier(asleep), 4, "scored 0: suspended")
	expect(
		awake.get_belief_state(r1) >= ApsPerceptionComponent2D.STATE_DETECTED,
		"the awake guard sees its runner"
	)
	expect_eq(
		asleep.get_belief_state(r2),
		ApsPerceptionComponent2D.STATE_UNDETECTED,
		"the suspended one perceives nothing"
	)
	camera.queue_free()


## A policy written for 3D only scores 2D AI too, by distance and awareness (given no node).
class PolicyFor3D:
	extends ApsSignificancePolicy
	var nodes: Array = []

	func _score(perceiver: Node3D, _distance: float, _awareness: int) -> float:
		nodes.append(perceiver)
		return 1.0


func test_a_3d_significance_policy_still_scores_2d_ai_without_a_node() -> void:
	var guard := _guard(Vector2.ZERO)
	var policy := PolicyFor3D.new()
	ApsWorld.significance_policy = policy
	await seconds(0.5)
	ApsWorld.significance_policy = null
	expect(not policy.nodes.is_empty(), "it was asked")
	expect(policy.nodes.all(func(p): return p == null), "given null for a 2D AI, as before")
	expect_eq(ApsWorld.get_lod_tier(guard), 0, "its score used")


# --- custom senses --------------------------------------------------------------------------


## A sense that records what a 2D AI gives it.
class Recorder2D:
	extends ApsSense
	var eyes: Array = []
	var targets: Array = []
	var ticks := 0
	var flushes := 0

	func _pre_tick_2d(_eye: Node2D) -> void:
		ticks += 1

	func _evaluate_2d(eye: Node2D, target: Node2D) -> Dictionary:
		eyes.append(eye)
		targets.append(target)
		return {
			"confidence": 1.0, "position": target.global_position + Vector2(0, 50), "precision": 1.0
		}

	func _post_tick_flush_2d(_eye: Node2D) -> void:
		flushes += 1


func test_a_custom_sense_runs_for_a_2d_ai_with_2d_nodes_and_pixels() -> void:
	var sense := Recorder2D.new()
	sense.sense_name = "recorder"
	sense.reach = 20.0
	var profile := ApsWorldBuilder.only([])
	profile.custom_senses = [sense]
	# The runner is behind a wall, 8 m away: only the custom sense can have it.
	_wall(Vector2(400, 0), Vector2(40, 800))
	var guard := _guard(Vector2.ZERO, Vector2.RIGHT, profile)
	var runner := _body(Vector2(800, 0), "Runner")
	await seconds(1.0)
	expect(
		sense.ticks > 0 and sense.flushes == sense.ticks,
		"ticked and flushed alike: %d, %d" % [sense.ticks, sense.flushes]
	)
	expect(
		sense.eyes.size() > 0 and sense.eyes.all(func(e): return e == guard),
		"its eye is the 2D component"
	)
	expect(runner in sense.targets, "the runner was a candidate")
	expect(
		guard.get_belief_state(runner) >= ApsPerceptionComponent2D.STATE_DETECTED,
		"believed through the custom sense: %d" % guard.get_belief_state(runner)
	)
	expect_eq(
		Array(guard.get_belief_data(runner)["active_senses"]),
		[8],
		"by the custom sense alone, in the first custom slot (after the eight built-in senses)"
	)
	expect(
		(guard.get_last_known_position(runner) as Vector2).distance_to(Vector2(800, 50)) < 1.0,
		"where the sense placed it, in pixels: %s" % guard.get_last_known_position(runner)
	)
	expect(
		"recorder" in guard.explain(runner)["text"],
		"explain names it: %s" % guard.explain(runner)["text"]
	)


func test_the_demo_radar_finds_a_2d_runner_behind_a_wall_within_its_reach_only() -> void:
	var radar := RadarSense.new()
	radar.reach = 10.0
	var profile := ApsWorldBuilder.only([])
	profile.custom_senses = [radar]
	_wall(Vector2(300, 0), Vector2(40, 2000))
	var guard := _guard(Vector2.ZERO, Vector2.RIGHT, profile)
	var near := _body(Vector2(600, 0), "Near")
	var far := _body(Vector2(1200, 0), "Far")
	await seconds(1.0)
	expect(radar.sweeps > 0, "the radar swept")
	expect(
		guard.get_belief_state(near) >= ApsPerceptionComponent2D.STATE_SUSPECTED,
		"6 m: found through the wall"
	)
	expect_eq(
		guard.get_belief_state(far),
		ApsPerceptionComponent2D.STATE_UNDETECTED,
		"12 m: beyond its 10 m reach"
	)


func test_a_target_component_given_to_a_call_stands_for_its_parent() -> void:
	var guard := _guard(Vector2.ZERO, Vector2.LEFT)
	var runner := _body(Vector2(600, 0), "Runner")
	var component := ApsTargetComponent2D.new()
	runner.add_child(component)
	await frames(1)
	expect(guard.set_target_confidence(component, 0.9), "raised through the component")
	expect_near(guard.get_confidence(runner), 0.9, 0.001, "the runner is believed in")
	expect_near(
		guard.get_confidence(component),
		guard.get_confidence(runner),
		0.0001,
		"the component answers for its parent"
	)
	expect_eq(guard.get_known_targets(), [runner], "one belief, about the parent")
