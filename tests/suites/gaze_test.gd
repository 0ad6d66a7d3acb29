extends ApsTestSuite
## Which way a guard looks: along its component's -Z (Forward) or +Z (Model Front, as glTF
## models face), or the way its body moves; a body that walks away from where a fixed eye looks
## is warned of once; a 2D component looks along +X, -X, -Y, +Y or its movement.

const GUARD_PRESET := preload("res://addons/aps/presets/guard.tres")


## A guard body whose rotation never changes, its component `gaze` set, and a runner 10 m away
## along `runner_at`.
func _guard(gaze: int, runner_at: Vector3) -> Dictionary:
	ApsWorldBuilder.floor(self)
	var body := ApsWorldBuilder.body(self, Vector3.ZERO, "Guard")
	var eye := ApsPerceptionComponent.new()
	eye.profile = GUARD_PRESET
	eye.gaze = gaze
	eye.position = Vector3(0, ApsWorldBuilder.GUARD_EYE_HEIGHT, 0)
	body.add_child(eye)
	var runner := ApsWorldBuilder.body(self, runner_at, "Runner")
	return {"eye": eye, "body": body, "runner": runner}


func test_forward_looks_along_minus_z_and_model_front_along_plus_z() -> void:
	var s := _guard(ApsPerceptionComponent.GAZE_FORWARD, Vector3(0, 0, -10))
	await seconds(1.5)
	expect_eq(
		s["eye"].get_belief_state(s["runner"]),
		ApsPerceptionComponent.STATE_TRACKED,
		"Forward sees -Z"
	)
	for c in get_children():
		c.free()
	s = _guard(ApsPerceptionComponent.GAZE_MODEL_FRONT, Vector3(0, 0, -10))
	await seconds(1.5)
	expect_eq(
		s["eye"].get_belief_state(s["runner"]),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"Model Front is blind to -Z"
	)
	s["runner"].global_position = Vector3(0, 0, 10)
	await seconds(1.5)
	expect_eq(
		s["eye"].get_belief_state(s["runner"]),
		ApsPerceptionComponent.STATE_TRACKED,
		"Model Front sees +Z"
	)
	expect(
		s["eye"].get_setup_warnings().is_empty(),
		"nothing to warn of: %s" % s["eye"].get_setup_warnings()
	)


func test_a_model_turned_with_use_model_front_carries_the_eye_with_it() -> void:
	# The game's way: the body never turns; a child model turns toward where it walks with
	# look_at(..., true), its front being +Z.
	ApsWorldBuilder.floor(self)
	var body := ApsWorldBuilder.body(self, Vector3.ZERO, "Guard")
	var model := Node3D.new()
	body.add_child(model)
	var eye := ApsPerceptionComponent.new()
	eye.profile = GUARD_PRESET
	eye.gaze = ApsPerceptionComponent.GAZE_MODEL_FRONT
	eye.position = Vector3(0, 1.6, 0)
	model.add_child(eye)
	var runner := ApsWorldBuilder.body(self, Vector3(10, 0, 0), "Runner")
	model.look_at(model.global_position + Vector3.LEFT, Vector3.UP, true)
	await seconds(1.5)
	expect_eq(eye.get_belief_state(runner), ApsPerceptionComponent.STATE_UNDETECTED, "facing away")
	model.look_at(model.global_position + Vector3.RIGHT, Vector3.UP, true)
	await seconds(1.5)
	expect_eq(
		eye.get_belief_state(runner),
		ApsPerceptionComponent.STATE_TRACKED,
		"turned toward the runner"
	)


func test_movement_looks_the_way_the_body_walks_and_holds_it_while_still() -> void:
	var s := _guard(ApsPerceptionComponent.GAZE_MOVEMENT, Vector3(12, 0, 0))
	var eye: ApsPerceptionComponent = s["eye"]
	await seconds(1.0)
	expect_eq(
		eye.get_belief_state(s["runner"]),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"before moving: along -Z"
	)
	# Walk toward +X (the body itself never turns), then stand still.
	await walk(s["body"], Vector3(2, 0, 0), 1.0)
	await seconds(1.5)
	expect_eq(
		eye.get_belief_state(s["runner"]),
		ApsPerceptionComponent.STATE_TRACKED,
		"looking the way it walked"
	)
	var a := ApsWorldBuilder.body(self, Vector3(-10, 0, 0), "Behind")
	await seconds(1.0)
	expect_eq(
		eye.get_belief_state(a),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"still along +X while standing"
	)
	# Walk back toward -X: it now looks that way.
	await walk(s["body"], Vector3(-2, 0, 0), 1.0)
	await seconds(1.5)
	expect_eq(
		eye.get_belief_state(a), ApsPerceptionComponent.STATE_TRACKED, "turned round with its walk"
	)


func test_an_eye_that_never_follows_its_body_is_warned_of_once() -> void:
	var warnings := ApsWarningLog.start()
	var s := _guard(ApsPerceptionComponent.GAZE_FORWARD, Vector3(0, 0, 30))
	# Walking forward (-Z) and sideways says nothing.
	await walk(s["body"], Vector3(0, 0, -3), 2.0)
	await walk(s["body"], Vector3(3, 0, 0), 2.0)
	expect_eq(warnings.count("its body has moved"), 0, "walking along or across the gaze")
	# Walking backwards 6 m: one warning, however long it goes on.
	await walk(s["body"], Vector3(0, 0, 3), 2.0)
	await walk(s["body"], Vector3(0, 0, 3), 2.0)
	warnings.stop()
	expect_eq(warnings.count("its body has moved"), 1, "said once:\n%s" % warnings.text())
	expect_eq(warnings.count("Model Front"), 1, "naming the fix")


func test_an_eye_that_turns_is_never_warned_of() -> void:
	var warnings := ApsWarningLog.start()
	var s := _guard(ApsPerceptionComponent.GAZE_FORWARD, Vector3(0, 0, 30))
	# The body turns toward where it walks, as a character does: the eye follows.
	var body: CharacterBody3D = s["body"]
	body.look_at(body.global_position + Vector3.BACK, Vector3.UP)
	await walk(body, Vector3(0, 0, 3), 4.0)
	# A Movement gaze is never warned of either.
	s["eye"].gaze = ApsPerceptionComponent.GAZE_MOVEMENT
	await walk(body, Vector3(0, 0, -3), 4.0)
	warnings.stop()
	expect_eq(warnings.count("its body has moved"), 0, "nothing to say:\n%s" % warnings.text())


func test_a_locked_rigid_body_with_the_eye_right_under_it_warns_in_the_scene_dock() -> void:
	var body := RigidBody3D.new()
	body.lock_rotation = true
	body.freeze = true
	add_child(body)
	var eye := ApsPerceptionComponent.new()
	eye.profile = GUARD_PRESET
	body.add_child(eye)
	var text := "\n".join(eye.get_setup_warnings())
	expect("its rotation is locked" in text, "the lock is named: %s" % text)
	eye.gaze = ApsPerceptionComponent.GAZE_MOVEMENT
	expect(
		not ("its rotation is locked" in "\n".join(eye.get_setup_warnings())),
		"Movement needs no turning"
	)
	# Under a model that turns, all is well.
	eye.gaze = ApsPerceptionComponent.GAZE_MODEL_FRONT
	var model := Node3D.new()
	body.add_child(model)
	eye.reparent(model)
	expect(
		not ("its rotation is locked" in "\n".join(eye.get_setup_warnings())),
		"under a turning model"
	)


func test_a_2d_eye_looks_along_the_axis_it_is_given_or_its_movement() -> void:
	var profile: ApsProfile = GUARD_PRESET
	var cases := {
		ApsPerceptionComponent2D.GAZE_RIGHT: Vector2(800, 0),
		ApsPerceptionComponent2D.GAZE_LEFT: Vector2(-800, 0),
		ApsPerceptionComponent2D.GAZE_UP: Vector2(0, -800),
		ApsPerceptionComponent2D.GAZE_DOWN: Vector2(0, 800),
	}
	for gaze in cases:
		var root := Node2D.new()
		add_child(root)
		var eye := ApsWorldBuilder2D.guard(root, Vector2.ZERO, Vector2.RIGHT, profile)
		eye.gaze = gaze
		var seen := ApsWorldBuilder2D.body(root, cases[gaze], "Seen")
		var unseen := ApsWorldBuilder2D.body(root, -cases[gaze], "Unseen")
		await seconds(1.5)
		expect_eq(
			eye.get_belief_state(seen),
			ApsPerceptionComponent2D.STATE_TRACKED,
			"gaze %d sees its way" % gaze
		)
		expect_eq(
			eye.get_belief_state(unseen),
			ApsPerceptionComponent2D.STATE_UNDETECTED,
			"gaze %d is blind behind" % gaze
		)
		root.free()
		await frames(2)
	# Movement: a side-view walker flipped rather than turned looks the way it walks.
	var root2 := Node2D.new()
	add_child(root2)
	var walker := ApsWorldBuilder2D.guard(root2, Vector2.ZERO, Vector2.RIGHT, profile)
	walker.gaze = ApsPerceptionComponent2D.GAZE_MOVEMENT
	var body: CharacterBody2D = walker.get_parent()
	var left := ApsWorldBuilder2D.body(root2, Vector2(-900, 0), "Left")
	for i in 30:
		body.velocity = Vector2(-200, 0)
		body.move_and_slide()
		await get_tree().physics_frame
	body.velocity = Vector2.ZERO
	await seconds(1.5)
	expect_eq(
		walker.get_belief_state(left),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"walking left, it looks left"
	)
