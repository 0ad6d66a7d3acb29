extends ApsTestSuite
## The level's own lights light the targets: an omni light's pool reads the renderer's
## fall-off, a box between a shadowed lamp and the target leaves only the environment's
## ambient light, a spot light lights inside its cone only, a lamp switched off darkens the
## target at the next measurement, and a guard sees a runner in the lamp's pool sooner than one
## in its shadow.

## The environment's ambient light in these worlds (a colour source of this grey at energy 1).
const AMBIENT_GREY := 0.2


func _exit_tree() -> void:
	ProjectSettings.set_setting("aps/lights/scene_lights", true)


## The renderer's omni fall-off (see `get_omni_attenuation` in Godot's forward lights shader).
func _omni(distance: float, light_range: float, decay: float) -> float:
	var nd := pow(distance / light_range, 4.0)
	var edge := maxf(1.0 - nd, 0.0)
	return edge * edge * pow(maxf(distance, 0.0001), -decay)


## The floor these worlds give: the ambient colour's luminance in linear light.
func _floor() -> float:
	var c := Color(AMBIENT_GREY, AMBIENT_GREY, AMBIENT_GREY).srgb_to_linear()
	return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b


func _environment() -> WorldEnvironment:
	var env := WorldEnvironment.new()
	var e := Environment.new()
	e.ambient_light_source = Environment.AMBIENT_SOURCE_COLOR
	e.ambient_light_color = Color(AMBIENT_GREY, AMBIENT_GREY, AMBIENT_GREY)
	e.ambient_light_energy = 1.0
	env.environment = e
	add_child(env)
	return env


func _omni_light(
	at: Vector3, light_range: float, decay: float, energy := 1.0, shadow := false
) -> OmniLight3D:
	var lamp := OmniLight3D.new()
	lamp.name = "Lamp"
	lamp.omni_range = light_range
	lamp.omni_attenuation = decay
	lamp.light_energy = energy
	lamp.shadow_enabled = shadow
	add_child(lamp)
	lamp.global_position = at
	return lamp


## A runner whose one sample point is 1 m above its feet, so its light is read at one point.
func _runner(feet: Vector3, name_ := "Runner") -> CharacterBody3D:
	var b := ApsWorldBuilder.body(self, feet, name_)
	var t := ApsTargetComponent.new()
	t.sample_points = PackedVector3Array([Vector3(0, 1, 0)])
	b.add_child(t)
	return b


func test_a_target_in_an_omni_light_reads_the_renderer_s_fall_off() -> void:
	ApsWorldBuilder.floor(self)
	_environment()
	_omni_light(Vector3(0, 4, 0), 8.0, 1.0, 1.0)
	var runner := _runner(Vector3(3, 0, 0))
	ApsWorldBuilder.guard(self, Vector3(0, 0, 10), Vector3.FORWARD)
	await seconds(0.5)
	var d := Vector3(3, 1, 0).distance_to(Vector3(0, 4, 0))
	var expected := _floor() + _omni(d, 8.0, 1.0)
	expect_near(
		ApsWorld.get_target_light(runner),
		expected,
		0.01,
		"floor + the lamp's fall-off at %.2f m" % d
	)
	expect_near(
		ApsWorld.get_light_at(Vector3(3, 1, 0)), expected, 0.01, "get_light_at reads the same"
	)
	for probe in [
		[Vector3(2, 4, 0), 2.0, 2.0], [Vector3(0, 4, 5), 5.0, 2.0], [Vector3(0, 0, 7.5), 8.0, 0.5]
	]:
		var dd: float = (probe[0] as Vector3).distance_to(Vector3(0, 4, 0))
		var want := minf(_floor() + _omni(dd, 8.0, 1.0), 1.0)
		expect_near(ApsWorld.get_light_at(probe[0]), want, 0.01, "at %.2f m from the lamp" % dd)
	expect_near(
		ApsWorld.get_light_at(Vector3(0, 1, 9)), _floor(), 0.01, "beyond its range, the floor only"
	)
	var lights: Array = ApsWorld.get_lights_on(runner)
	expect(
		lights.size() == 1 and lights[0]["light"].name == "Lamp" and not lights[0]["shadowed"],
		"the lamp is named: %s" % str(lights)
	)


func test_behind_a_box_a_shadowed_lamp_leaves_only_the_ambient_light() -> void:
	ApsWorldBuilder.floor(self)
	_environment()
	_omni_light(Vector3(0, 1, 0), 10.0, 1.0, 2.0, true)
	# A crate between the lamp and the runner.
	ApsWorldBuilder.wall(self, Vector3(2.5, 1, 0), Vector3(0.5, 2, 2))
	var hidden := _runner(Vector3(5, 0, 0), "InTheShadow")
	var lit := _runner(Vector3(-5, 0, 0), "InThePool")
	# Someone looks at them: a target's light is measured as it is looked at.
	ApsWorldBuilder.guard(self, Vector3(0, 0, 10), Vector3.FORWARD)
	await seconds(0.5)
	expect_near(
		ApsWorld.get_target_light(hidden),
		_floor(),
		0.01,
		"behind the crate: the ambient light only"
	)
	var open := _floor() + 2.0 * _omni(5.0, 10.0, 1.0)
	expect_near(ApsWorld.get_target_light(lit), open, 0.01, "on the open side: floor + the lamp")
	var on_hidden: Array = ApsWorld.get_lights_on(hidden)
	expect(
		on_hidden.size() == 1 and on_hidden[0]["shadowed"],
		"the lamp is named as shadowing it: %s" % str(on_hidden)
	)


func test_a_lamp_without_shadows_lights_through_the_box() -> void:
	ApsWorldBuilder.floor(self)
	_environment()
	_omni_light(Vector3(0, 1, 0), 10.0, 1.0, 2.0, false)
	ApsWorldBuilder.wall(self, Vector3(2.5, 1, 0), Vector3(0.5, 2, 2))
	var runner := _runner(Vector3(5, 0, 0))
	ApsWorldBuilder.guard(self, Vector3(0, 0, 10), Vector3.FORWARD)
	await seconds(0.5)
	expect_near(
		ApsWorld.get_target_light(runner),
		_floor() + 2.0 * _omni(5.0, 10.0, 1.0),
		0.01,
		"its shadow is off, as the renderer draws it"
	)


func test_a_spot_light_lights_inside_its_cone_and_not_outside() -> void:
	ApsWorldBuilder.floor(self)
	_environment()
	var spot := SpotLight3D.new()
	spot.spot_range = 10.0
	spot.spot_angle = 30.0
	spot.spot_attenuation = 1.0
	spot.spot_angle_attenuation = 1.0
	add_child(spot)
	spot.global_position = Vector3(0, 5, 0)
	spot.look_at(Vector3(0, 0, 0), Vector3.FORWARD)
	await frames(2)
	var below := Vector3(0, 1, 0)
	var d := 4.0
	var expected := _floor() + _omni(d, 10.0, 1.0) * (1.0 - 0.0001)
	expect_near(ApsWorld.get_light_at(below), expected, 0.01, "under the spot, on its axis")
	var off := Vector3(4.0 * tan(deg_to_rad(20.0)), 1, 0)
	var rim := (1.0 - cos(deg_to_rad(20.0))) / (1.0 - cos(deg_to_rad(30.0)))
	var want := _floor() + _omni(off.distance_to(spot.global_position), 10.0, 1.0) * (1.0 - rim)
	expect_near(
		ApsWorld.get_light_at(off), want, 0.01, "20 degrees off its axis, the cone's fall-off"
	)
	var outside := Vector3(4.0 * tan(deg_to_rad(40.0)), 1, 0)
	expect_near(ApsWorld.get_light_at(outside), _floor(), 0.01, "40 degrees off: outside the cone")


## Long enough for the guard's next look at the runner (its passes come several times a second).
const NEXT_LOOK := 0.4


func test_switching_a_lamp_off_darkens_the_target_at_the_next_measurement() -> void:
	ApsWorldBuilder.floor(self)
	_environment()
	var lamp := _omni_light(Vector3(0, 3, 0), 8.0, 1.0, 3.0)
	var runner := _runner(Vector3(1, 0, 0))
	ApsWorldBuilder.guard(self, Vector3(0, 0, 10), Vector3.FORWARD)
	await seconds(0.5)
	expect_near(ApsWorld.get_target_light(runner), 1.0, 0.01, "in the lamp's pool: fully lit")
	lamp.visible = false
	await seconds(NEXT_LOOK)
	expect_near(ApsWorld.get_target_light(runner), _floor(), 0.01, "hidden: the floor only")
	lamp.visible = true
	lamp.light_energy = 0.0
	await seconds(NEXT_LOOK)
	expect_near(ApsWorld.get_target_light(runner), _floor(), 0.01, "at energy 0: the floor only")
	lamp.light_energy = 3.0
	lamp.set_meta("aps_ignore", true)
	await seconds(NEXT_LOOK)
	expect_near(
		ApsWorld.get_target_light(runner), _floor(), 0.01, "a lamp marked aps_ignore gives nothing"
	)
	lamp.remove_meta("aps_ignore")
	await seconds(NEXT_LOOK)
	expect_near(ApsWorld.get_target_light(runner), 1.0, 0.01, "back on")
	lamp.queue_free()
	await seconds(NEXT_LOOK)
	expect_near(ApsWorld.get_target_light(runner), _floor(), 0.01, "freed: the floor only")


func test_a_guard_sees_the_runner_in_the_pool_sooner_than_the_one_in_the_shadow() -> void:
	ApsWorldBuilder.floor(self)
	_environment()
	_omni_light(Vector3(-4, 3, -12), 8.0, 1.0, 3.0, true)
	# A crate shading the right-hand runner from the lamp, not from the guard.
	ApsWorldBuilder.wall(self, Vector3(0, 1.5, -12), Vector3(0.4, 3, 3))
	var lit := _runner(Vector3(-2, 0, -12), "InThePool")
	var shaded := _runner(Vector3(2, 0, -12), "InTheShadow")
	var guard := ApsWorldBuilder.guard(self, Vector3(0, 0, 0), Vector3.FORWARD)
	await seconds(0.6)
	var why: Dictionary = guard.explain(lit)
	expect(
		str(why.get("text", "")).contains("lit by Lamp"),
		"explain names the lamp: %s" % why.get("text", "")
	)
	var why_shaded: Dictionary = guard.explain(shaded)
	expect(
		str(why_shaded.get("text", "")).contains("in Lamp's shadow"),
		"and its shadow: %s" % why_shaded.get("text", "")
	)
	expect(
		guard.get_confidence(lit) > guard.get_confidence(shaded),
		(
			"the lit runner is seen with more confidence: %.3f vs %.3f"
			% [guard.get_confidence(lit), guard.get_confidence(shaded)]
		)
	)


func test_zones_stand_and_the_setting_turns_scene_lights_off() -> void:
	ApsWorldBuilder.floor(self)
	_environment()
	_omni_light(Vector3(0, 3, 0), 8.0, 1.0, 3.0)
	var id := ApsWorld.add_light_zone(Vector3(0, 1, 0), 2.0, 0.1)
	expect_near(
		ApsWorld.get_light_at(Vector3(0, 1, 0)),
		0.1,
		0.001,
		"inside a zone, the zone's level stands"
	)
	ApsWorld.remove_light_zone(id)
	await frames(1)
	expect_near(
		ApsWorld.get_light_at(Vector3(0, 1, 0)),
		1.0,
		0.001,
		"without it, the lamp lights the point fully"
	)
	ProjectSettings.set_setting("aps/lights/scene_lights", false)
	await frames(1)
	expect_near(
		ApsWorld.get_light_at(Vector3(0, 1, 0)),
		1.0,
		0.001,
		"off: the world's ambient light, 1 by default"
	)
	expect_near(ApsWorld.get_light_at(Vector3(50, 1, 0)), 1.0, 0.001, "everywhere")
	ProjectSettings.set_setting("aps/lights/scene_lights", true)
	await frames(1)
	expect_near(
		ApsWorld.get_light_at(Vector3(50, 1, 0)),
		_floor(),
		0.01,
		"on again: the environment's floor far from the lamp"
	)


func test_debug_drawing_draws_a_line_from_each_target_to_the_lamps_that_lit_it() -> void:
	ApsWorldBuilder.floor(self)
	# A fully lit environment: the lamp changes no reading, so vision draws the same rays.
	var env := _environment()
	env.environment.ambient_light_color = Color.WHITE
	var lamp := _omni_light(Vector3(0, 3, -10), 10.0, 1.0, 1.0, true)
	var lit := _runner(Vector3(-2, 0, -10), "Lit")
	var other := _runner(Vector3(2, 0, -10), "AlsoLit")
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	guard.debug_draw = ApsPerceptionComponent.DRAW_RAYS
	await seconds(1.0)
	expect(
		(
			guard.get_belief_state(lit) >= ApsPerceptionComponent.STATE_DETECTED
			and guard.get_belief_state(other) >= ApsPerceptionComponent.STATE_DETECTED
		),
		"both seen"
	)
	var with_lamp: int = guard.get_debug_draw_counts()["lines"]
	lamp.set_meta("aps_ignore", true)
	await seconds(NEXT_LOOK)
	var without: int = guard.get_debug_draw_counts()["lines"]
	expect_eq(
		with_lamp - without,
		2,
		(
			"one line from each runner to the lamp (%d lines with it, %d without)"
			% [with_lamp, without]
		)
	)


func test_the_sun_lights_the_open_and_not_under_a_roof() -> void:
	ApsWorldBuilder.floor(self)
	_environment()
	var sun := DirectionalLight3D.new()
	sun.light_energy = 0.6
	sun.shadow_enabled = true
	add_child(sun)
	sun.rotation_degrees = Vector3(-60, 20, 0)
	# A roof 3 m up, 10 m square, over (20, 0, 0).
	ApsWorldBuilder.wall(self, Vector3(20, 3, 0), Vector3(10, 0.2, 10))
	await frames(2)
	expect_near(
		ApsWorld.get_light_at(Vector3(0, 1, 0)),
		_floor() + 0.6,
		0.01,
		"in the open: the floor and the sun's energy"
	)
	expect_near(
		ApsWorld.get_light_at(Vector3(20, 1, 0)), _floor(), 0.01, "under the roof: the floor only"
	)
	sun.shadow_enabled = false
	await frames(1)
	expect_near(
		ApsWorld.get_light_at(Vector3(20, 1, 0)),
		_floor() + 0.6,
		0.01,
		"its shadow off, the sun reaches under the roof too"
	)


func test_bad_lights_and_lights_freed_from_handlers_harm_nothing() -> void:
	ApsWorldBuilder.floor(self)
	_environment()
	var weird: Array[Light3D] = []
	for energy in [NAN, INF, -INF, 1e30]:
		var lamp := _omni_light(Vector3(0, 3, -8), 8.0, 1.0, energy, true)
		weird.append(lamp)
	var bad_range := _omni_light(Vector3(0, 3, -8), NAN, NAN, 1.0, true)
	var negative := _omni_light(Vector3(0, 3, -8), -5.0, -3.0, 1.0, true)
	var spot := SpotLight3D.new()
	spot.spot_angle = NAN
	spot.spot_angle_attenuation = -INF
	add_child(spot)
	var runner := _runner(Vector3(0, 0, -8))
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	# Every light in the yard goes the moment the runner is noticed, from inside APS's signal.
	guard.target_suspected.connect(
		func(_t: Node3D, _c: float) -> void:
			for lamp in weird:
				if is_instance_valid(lamp):
					lamp.free()
			if is_instance_valid(bad_range):
				bad_range.free()
	)
	await seconds(1.5)
	var level := ApsWorld.get_target_light(runner)
	expect(level >= 0.0 and level <= 1.0, "the light stays between 0 and 1: %s" % level)
	expect(not is_nan(ApsWorld.get_light_at(Vector3(0, 1, -8))), "and is a number")
	negative.queue_free()
	spot.queue_free()
	await frames(2)
	expect(ApsWorld.get_lights_on(runner).size() <= 4, "the readings name at most four lights")
