extends ApsTestSuite
## The level's own lights in 2D: a PointLight2D lights as its texture says, a LightOccluder2D
## between it and the target leaves only the CanvasModulate's floor, and a light switched off
## darkens the target at the next measurement.

## The CanvasModulate's grey: the floor (2D colours count as blended, not in linear light).
const GREY := 0.2
## The light's texture: 16 texels wide, scaled 20 times: 320 px across.
const TEXELS := 16
const SCALE := 20.0


func _modulate() -> CanvasModulate:
	var m := CanvasModulate.new()
	m.color = Color(GREY, GREY, GREY)
	add_child(m)
	return m


## A texture whose light rises from left to right: texel i is (i + 0.5) / 16, so that between
## the texels' centres the filtered texture reads exactly the fraction of the way across.
func _ramp() -> ImageTexture:
	var img := Image.create(TEXELS, 4, false, Image.FORMAT_RGBA8)
	for x in TEXELS:
		var v := (x + 0.5) / TEXELS
		for y in 4:
			img.set_pixel(x, y, Color(v, v, v, 1.0))
	return ImageTexture.create_from_image(img)


func _lamp(at: Vector2, energy := 1.0, shadow := false) -> PointLight2D:
	var lamp := PointLight2D.new()
	lamp.name = "Lamp"
	lamp.texture = _ramp()
	lamp.texture_scale = SCALE
	lamp.energy = energy
	lamp.shadow_enabled = shadow
	add_child(lamp)
	lamp.global_position = at
	return lamp


## A runner read at its centre only.
func _runner(at: Vector2, name_ := "Runner") -> CharacterBody2D:
	var b := ApsWorldBuilder2D.body(self, at, name_)
	var t := ApsTargetComponent2D.new()
	t.sample_points = PackedVector2Array([Vector2.ZERO])
	b.add_child(t)
	return b


## What the lamp at `lamp` gives at `p`, by the ramp: the fraction of the way across (the
## texture is 320 px wide, 64 px high, centred on the lamp).
func _ramp_at(lamp: Vector2, p: Vector2) -> float:
	var u := (p.x - lamp.x) / (TEXELS * SCALE) + 0.5
	if absf(p.y - lamp.y) > 4 * SCALE * 0.5 or u < 0.0 or u > 1.0:
		return 0.0
	return clampf(u, 0.5 / TEXELS, 1.0 - 0.5 / TEXELS)


func test_a_point_light_lights_as_its_texture_says() -> void:
	_modulate()
	var at := Vector2(2000, 2000)
	_lamp(at, 0.8)
	var runner := _runner(at + Vector2(60, 10))
	ApsWorldBuilder2D.guard(self, at + Vector2(-400, 10), Vector2.RIGHT)
	await seconds(0.5)
	var expected := GREY + 0.8 * _ramp_at(at, runner.global_position)
	expect_near(
		ApsWorld.get_target_light_2d(runner),
		expected,
		0.01,
		"the floor and the texture 60 px right of the lamp"
	)
	for dx in [-140.0, -50.0, 0.0, 100.0, 150.0]:
		var p: Vector2 = at + Vector2(dx, 0)
		expect_near(
			ApsWorld.get_light_at_2d(p),
			minf(GREY + 0.8 * _ramp_at(at, p), 1.0),
			0.01,
			"%d px along" % dx
		)
	expect_near(
		ApsWorld.get_light_at_2d(at + Vector2(200, 0)),
		GREY,
		0.01,
		"beyond the texture, the floor only"
	)
	var lights: Array = ApsWorld.get_lights_on_2d(runner)
	expect(
		lights.size() == 1 and lights[0]["light"].name == "Lamp",
		"the lamp is named: %s" % str(lights)
	)


func test_an_occluder_keeps_a_shadowed_light_off_the_target() -> void:
	_modulate()
	var at := Vector2(4000, 2000)
	var lamp := _lamp(at, 1.0, true)
	var occluder := LightOccluder2D.new()
	var poly := OccluderPolygon2D.new()
	poly.polygon = PackedVector2Array(
		[Vector2(-5, -10), Vector2(5, -10), Vector2(5, 10), Vector2(-5, 10)]
	)
	occluder.occluder = poly
	add_child(occluder)
	occluder.global_position = at + Vector2(60, 0)
	var hidden := _runner(at + Vector2(120, 0), "InTheShadow")
	var lit := _runner(at + Vector2(120, -35), "AboveIt")
	ApsWorldBuilder2D.guard(self, at + Vector2(-400, 0), Vector2.RIGHT)
	await seconds(0.5)
	expect_near(
		ApsWorld.get_target_light_2d(hidden), GREY, 0.01, "behind the occluder: the floor only"
	)
	expect_near(
		ApsWorld.get_target_light_2d(lit),
		minf(GREY + _ramp_at(at, lit.global_position), 1.0),
		0.01,
		"beside it, lit"
	)
	var on: Array = ApsWorld.get_lights_on_2d(hidden)
	expect(on.size() == 1 and on[0]["shadowed"], "the lamp is named as shadowed: %s" % str(on))
	lamp.shadow_enabled = false
	await seconds(0.4)
	expect(
		ApsWorld.get_target_light_2d(hidden) > GREY + 0.5,
		"its shadow off, the light passes: %.3f" % ApsWorld.get_target_light_2d(hidden)
	)
	lamp.shadow_enabled = true
	occluder.occluder_light_mask = 2
	await seconds(0.4)
	expect(
		ApsWorld.get_target_light_2d(hidden) > GREY + 0.5,
		"an occluder on another mask casts no shadow for it"
	)


func test_switching_a_light_off_darkens_the_target() -> void:
	_modulate()
	var at := Vector2(6000, 2000)
	var lamp := _lamp(at, 1.0)
	var runner := _runner(at + Vector2(100, 0))
	ApsWorldBuilder2D.guard(self, at + Vector2(-400, 0), Vector2.RIGHT)
	await seconds(0.5)
	expect(ApsWorld.get_target_light_2d(runner) > GREY + 0.5, "lit")
	lamp.enabled = false
	await seconds(0.4)
	expect_near(ApsWorld.get_target_light_2d(runner), GREY, 0.01, "the lamp off: the floor only")
	lamp.enabled = true
	lamp.visible = false
	await seconds(0.4)
	expect_near(ApsWorld.get_target_light_2d(runner), GREY, 0.01, "hidden: the floor only")


func test_a_generated_gradient_texture_lights_once_it_exists() -> void:
	_modulate()
	var at := Vector2(8000, 2000)
	var glow := GradientTexture2D.new()
	glow.width = 64
	glow.height = 64
	glow.fill = GradientTexture2D.FILL_RADIAL
	glow.fill_from = Vector2(0.5, 0.5)
	glow.fill_to = Vector2(1.0, 0.5)
	var fade := Gradient.new()
	fade.set_color(0, Color.WHITE)
	fade.set_color(1, Color(1, 1, 1, 0))
	glow.gradient = fade
	var lamp := PointLight2D.new()
	lamp.texture = glow
	lamp.texture_scale = 4.0
	add_child(lamp)
	lamp.global_position = at
	await frames(3)
	# 32 px from the centre of a 256 px radial gradient: a quarter of the way out.
	var expected := GREY + 0.75
	expect_near(
		ApsWorld.get_light_at_2d(at + Vector2(32, 0)),
		expected,
		0.03,
		"the gradient's light a quarter of the way out"
	)
	expect_near(
		ApsWorld.get_light_at_2d(at + Vector2(200, 0)), GREY, 0.01, "beyond its edge, the floor"
	)
