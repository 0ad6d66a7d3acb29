extends ApsTestSuite
## Guards and targets of every body kind a game uses: rigid bodies (with their own integrator),
## animatable bodies moved by script, vehicles, in 3D and 2D. A guard's body kind changes
## nothing of what it perceives; a rigid target's velocity is its own.

const GUARD_PRESET := preload("res://addons/aps/presets/guard.tres")


## A body of `kind` at `feet` with a capsule, its perception component at eye height looking
## along -Z, frozen in place unless `moving`.
func _guard_on(body: PhysicsBody3D, feet: Vector3) -> ApsPerceptionComponent:
	var shape := CollisionShape3D.new()
	var capsule := CapsuleShape3D.new()
	capsule.radius = 0.3
	capsule.height = 1.8
	shape.shape = capsule
	shape.position = Vector3(0, 0.9, 0)
	body.add_child(shape)
	add_child(body)
	body.global_position = feet
	var eye := ApsPerceptionComponent.new()
	eye.profile = GUARD_PRESET
	eye.position = Vector3(0, 1.6, 0)
	body.add_child(eye)
	return eye


func test_guards_of_every_body_kind_see_a_runner_in_plain_view() -> void:
	ApsWorldBuilder.floor(self)
	var rigid := RigidBody3D.new()
	var vehicle := VehicleBody3D.new()
	vehicle.freeze = true
	var bodies := {
		"RigidBody3D": rigid,
		"AnimatableBody3D": AnimatableBody3D.new(),
		"VehicleBody3D": vehicle,
		"StaticBody3D": StaticBody3D.new(),
	}
	var eyes := {}
	var x := -6.0
	for kind in bodies:
		eyes[kind] = _guard_on(bodies[kind], Vector3(x, 0, 0))
		x += 4.0
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -10), "Runner")
	await seconds(2.0)
	for kind in eyes:
		expect_eq(
			eyes[kind].get_belief_state(runner),
			ApsPerceptionComponent.STATE_TRACKED,
			"a guard on a %s" % kind
		)
		expect(
			eyes[kind].get_setup_warnings().is_empty(),
			"%s: nothing to warn of: %s" % [kind, eyes[kind].get_setup_warnings()]
		)


func test_a_rigid_guard_that_moves_itself_reacts_in_its_handlers() -> void:
	ApsWorldBuilder.floor(self)
	var body := RigidBody3D.new()
	body.lock_rotation = true
	body.gravity_scale = 0.0
	var eye := _guard_on(body, Vector3(0, 0.05, 0))
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -10), "Runner")
	# The game's own reaction: it heads for whoever it detects, decided in the handler; its own
	# code moves the body.
	var heading := [Vector3.ZERO]
	eye.target_detected.connect(
		func(target: Node3D, _c: float) -> void:
			heading[0] = (target.global_position - body.global_position).normalized()
	)
	for i in 90:
		body.linear_velocity = heading[0] * 2.0
		await get_tree().physics_frame
	expect(
		heading[0].dot(Vector3.FORWARD) > 0.9,
		"it turned its steps toward the runner: %s" % heading[0]
	)
	expect(body.global_position.z < -0.5, "and went there: %s" % body.global_position)
	expect_eq(
		eye.get_belief_state(runner),
		ApsPerceptionComponent.STATE_TRACKED,
		"still tracking as it moves"
	)


func test_a_rigid_target_is_seen_moving_at_its_own_velocity() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, GUARD_PRESET)
	var crate := RigidBody3D.new()
	crate.gravity_scale = 0.0
	var shape := CollisionShape3D.new()
	var box := BoxShape3D.new()
	box.size = Vector3(0.8, 1.8, 0.8)
	shape.shape = box
	shape.position = Vector3(0, 0.9, 0)
	crate.add_child(shape)
	add_child(crate)
	crate.global_position = Vector3(-4, 0.05, -10)
	crate.add_child(ApsTargetComponent.new())
	crate.linear_velocity = Vector3(2, 0, 0)
	await seconds(2.0)
	expect_eq(
		guard.get_belief_state(crate),
		ApsPerceptionComponent.STATE_TRACKED,
		"a rigid body with a target component is seen"
	)
	var velocity: Vector3 = guard.get_belief_data(crate)["estimated_velocity"]
	# Its own velocity (2 m/s at the start, slowed by the default linear damping since).
	expect_near(velocity.x, crate.linear_velocity.x, 0.15, "moving at its own velocity")
	expect(velocity.x > 1.4, "about 2 m/s: %s" % velocity)


func test_2d_guards_on_rigid_and_animatable_bodies_see_a_runner() -> void:
	var root := Node2D.new()
	add_child(root)
	var rigid := RigidBody2D.new()
	rigid.gravity_scale = 0.0
	rigid.lock_rotation = true
	var eyes := []
	var y := -100.0
	for body: PhysicsBody2D in [rigid, AnimatableBody2D.new()]:
		var shape := CollisionShape2D.new()
		var circle := CircleShape2D.new()
		circle.radius = 20.0
		shape.shape = circle
		body.add_child(shape)
		root.add_child(body)
		body.global_position = Vector2(0, y)
		var eye := ApsPerceptionComponent2D.new()
		eye.profile = GUARD_PRESET
		body.add_child(eye)
		eyes.append(eye)
		y += 200.0
	var runner := ApsWorldBuilder2D.body(root, Vector2(800, 0), "Runner")
	await seconds(2.0)
	for eye in eyes:
		expect_eq(
			eye.get_belief_state(runner),
			ApsPerceptionComponent2D.STATE_TRACKED,
			"a 2D guard on a %s" % eye.get_parent().get_class()
		)
