extends ApsTestSuite
## ApsOccluder2D: sight through glass, foliage and smoke, sound through a thin wall in a 2D
## level, with real StaticBody2D and Area2D nodes and real 2D rays. The numbers are the 3D
## occluders' (the same presets, the same core): glass keeps 0.9 of what is seen in the open,
## foliage half the exposure, a thin wall lets 0.4 of a sound through.

## 10 m at the default 100 pixels a metre.
const DISTANCE := 1000.0


## A pane 600 px long across the view at `x`, with an ApsOccluder2D of `preset` (or none: a
## plain wall), named `pane_name`. With `volume`, the ApsOccluder2D is the volume itself, its
## shape its own child.
func _pane(x: float, preset: int, pane_name: String, area := false, volume := false) -> Node2D:
	var body: CollisionObject2D
	if volume:
		body = ApsOccluder2D.new()
		body.preset = preset
	else:
		body = Area2D.new() if area else StaticBody2D.new()
	body.name = pane_name
	var shape := CollisionShape2D.new()
	shape.shape = RectangleShape2D.new()
	shape.shape.size = Vector2(10 if not (area or volume) else 100, 600)
	body.add_child(shape)
	if preset >= 0 and not volume:
		var occluder := ApsOccluder2D.new()
		occluder.preset = preset
		body.add_child(occluder)
	add_child(body)
	body.global_position = Vector2(x, 0)
	return body


## The guard's vision reading of the runner, `distance` px ahead, after half a second, with a
## pane of `preset` 200 px in front of the runner (-2: no pane).
func _seen(preset: int, distance := DISTANCE, area := false, volume := false) -> Dictionary:
	var guard := ApsWorldBuilder2D.guard(self, Vector2.ZERO)
	var runner := ApsWorldBuilder2D.body(self, Vector2(distance, 0), "Runner")
	var pane: Node2D = null
	if preset != -2:
		pane = _pane(distance - 200.0, preset, "Window", area, volume)
	await seconds(0.5)
	var why := guard.explain(runner)
	return {
		"vision": why["senses"].get("vision", {}), "guard": guard, "runner": runner, "pane": pane
	}


func _clear() -> void:
	for c in get_children():
		c.free()
	await frames(2)


func test_behind_glass_the_guard_keeps_090_of_its_confidence_in_the_open() -> void:
	var open := await _seen(-2)
	var in_open: float = open["vision"]["confidence"]
	await _clear()
	var glass := await _seen(ApsOccluder2D.PRESET_GLASS)
	var behind: float = glass["vision"]["confidence"]
	expect(in_open > 0.5, "seen in the open: %.3f" % in_open)
	expect_near(
		behind / in_open, 0.9, 0.01, "the glass's 0.9 (behind %.3f, open %.3f)" % [behind, in_open]
	)
	expect_eq(glass["vision"]["through"], [glass["pane"]], "seen through the window node")
	expect(
		"through Window (x0.90)" in glass["vision"]["text"],
		"in words: %s" % glass["vision"]["text"]
	)


func test_behind_foliage_about_half_the_exposure() -> void:
	var open := await _seen(-2)
	await _clear()
	var hedge := await _seen(ApsOccluder2D.PRESET_FOLIAGE)
	expect_near(
		hedge["vision"]["factors"]["exposure"],
		0.5 * open["vision"]["factors"]["exposure"],
		0.01,
		"half the exposure"
	)


func test_behind_smoke_it_stays_below_suspected_as_an_area_or_a_volume() -> void:
	var open := await _seen(-2, 2500.0)
	await seconds(2.5)
	expect(
		open["guard"].get_belief_state(open["runner"]) >= ApsPerceptionComponent2D.STATE_DETECTED,
		"25 m away in the open: detected (%d)" % open["guard"].get_belief_state(open["runner"])
	)
	for volume in [false, true]:
		await _clear()
		var smoke := await _seen(ApsOccluder2D.PRESET_SMOKE, 2500.0, true, volume)
		await seconds(2.5)
		var how := (
			"the ApsOccluder2D the volume itself"
			if volume
			else "an Area2D holding an ApsOccluder2D"
		)
		expect_eq(
			smoke["guard"].get_belief_state(smoke["runner"]),
			ApsPerceptionComponent2D.STATE_UNDETECTED,
			"behind a cloud of smoke (%s): below Suspected" % how
		)
		expect(
			smoke["guard"].get_confidence(smoke["runner"]) < 0.15,
			"what little comes through (%s)" % how
		)


func test_an_opaque_occluder_hides_and_is_named_as_a_wall_is() -> void:
	var wall := await _seen(ApsOccluder2D.PRESET_THIN_WALL)
	await seconds(0.5)
	expect_eq(
		wall["guard"].get_belief_state(wall["runner"]),
		ApsPerceptionComponent2D.STATE_UNDETECTED,
		"not seen"
	)
	expect_eq(wall["vision"]["cue"], "Occluded", "occluded")
	expect_eq(wall["vision"]["blocked_by"], [wall["pane"]], "blocked by it")


func test_a_trigger_area_that_is_no_occluder_hides_nothing() -> void:
	var smoke := _pane(-2000, ApsOccluder2D.PRESET_SMOKE, "FarSmoke", true)
	var trigger := _pane(500, -1, "Trigger", true)
	var guard := ApsWorldBuilder2D.guard(self, Vector2.ZERO)
	var runner := ApsWorldBuilder2D.body(self, Vector2(DISTANCE, 0), "Runner")
	await seconds(1.0)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"seen through the trigger area"
	)
	expect_eq(guard.explain(runner)["senses"]["vision"]["factors"]["exposure"], 1.0, "in full view")
	smoke.free()
	trigger.free()


## The hearing reading of a gunshot the runner fires 1000 px behind the guard, through a wall
## with `preset` (-1: a plain wall).
func _heard(preset: int) -> Dictionary:
	var guard := ApsWorldBuilder2D.guard(self, Vector2.ZERO)
	var runner := ApsWorldBuilder2D.body(self, Vector2(-1000, 0), "Runner")
	_pane(-500, preset, "Wall")
	await frames(2)
	ApsWorld.emit_sound_2d(runner.global_position, 1.0, 4000.0, &"gunshot", runner)
	await seconds(0.2)
	return guard.explain(runner)["senses"].get("hearing", {})


func test_hearing_is_muffled_by_each_occluders_sound_transmission() -> void:
	var plain := await _heard(-1)
	await _clear()
	var thin := await _heard(ApsOccluder2D.PRESET_THIN_WALL)
	await _clear()
	var glass := await _heard(ApsOccluder2D.PRESET_GLASS)
	var muffle := ApsProfile.new().hearing_wall_muffle_factor
	expect_near(plain["factors"]["muffling"], muffle, 1e-4, "a plain wall: the Wall Muffle Factor")
	expect_near(thin["factors"]["muffling"], 0.4, 1e-4, "a thin wall: its 0.4")
	expect_near(glass["factors"]["muffling"], 0.3, 1e-4, "glass: its 0.3")
	expect("muffled by Wall (x0.40)" in thin["text"], "named: %s" % thin["text"])


func test_bad_values_warn_once_and_are_kept_in_range() -> void:
	var warnings := ApsWarningLog.start()
	var o := ApsOccluder2D.new()
	o.sight_transmission = 3.0
	o.sound_transmission = NAN
	o.preset = 42
	warnings.stop()
	expect_eq(o.sight_transmission, 1.0, "clamped")
	expect_eq(o.sound_transmission, 0.0, "not a number: opaque")
	expect_eq(o.preset, ApsOccluder2D.PRESET_GLASS, "no preset: left as it was")
	expect_eq(warnings.count("ApsOccluder2D."), 3, "one warning each:\n%s" % warnings.text())
	var lost := Node2D.new()
	add_child(lost)
	warnings = ApsWarningLog.start()
	lost.add_child(o)
	await frames(1)
	warnings.stop()
	expect_eq(
		warnings.count("is not a CollisionObject2D"),
		1,
		"neither a volume nor under a collider: said once, at the frame's end"
	)
	o.free()
	lost.free()


func test_a_polygon_shape_makes_it_a_volume() -> void:
	# A volume's shape may be a CollisionPolygon2D, as tile-based and hand-drawn levels use.
	var smoke := ApsOccluder2D.new()
	smoke.preset = ApsOccluder2D.PRESET_THIN_WALL
	var polygon := CollisionPolygon2D.new()
	polygon.polygon = PackedVector2Array(
		[Vector2(-50, -300), Vector2(50, -300), Vector2(50, 300), Vector2(-50, 300)]
	)
	smoke.add_child(polygon)
	add_child(smoke)
	smoke.global_position = Vector2(800, 0)
	var guard := ApsWorldBuilder2D.guard(self, Vector2.ZERO)
	var runner := ApsWorldBuilder2D.body(self, Vector2(DISTANCE, 0), "Runner")
	await seconds(1.0)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent2D.STATE_UNDETECTED,
		"hidden by the opaque volume"
	)
	expect_eq(
		guard.explain(runner)["senses"]["vision"].get("blocked_by", []),
		[smoke],
		"blocked by the occluder itself"
	)
