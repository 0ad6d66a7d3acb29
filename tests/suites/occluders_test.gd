extends ApsTestSuite
## Sight through glass, foliage and smoke, sound through a thin wall: an ApsOccluder
## under a collider lets each through by its fraction, in real physics with real rays.

const DISTANCE := 10.0


## A pane 6 m wide and 4 m high across the view, `before` metres in front of the runner, with
## an ApsOccluder of `preset` (or none: a plain wall), named `pane_name`.
## With `volume`, the ApsOccluder is the volume itself, its shape its own child.
func _pane(z: float, preset: int, pane_name: String, area := false, volume := false) -> Node3D:
	var body: CollisionObject3D
	if volume:
		body = ApsOccluder.new()
		body.preset = preset
	else:
		body = Area3D.new() if area else StaticBody3D.new()
	body.name = pane_name
	var shape := CollisionShape3D.new()
	shape.shape = BoxShape3D.new()
	shape.shape.size = Vector3(6, 4, 0.1 if not (area or volume) else 1.0)
	body.add_child(shape)
	if preset >= 0 and not volume:
		var occluder := ApsOccluder.new()
		occluder.preset = preset
		body.add_child(occluder)
	add_child(body)
	body.global_position = Vector3(0, 1.5, z)
	return body


## The guard's vision reading of the runner, `distance` m ahead, after half a second.
func _seen(preset: int, distance := DISTANCE, area := false, volume := false) -> Dictionary:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -distance), "Runner")
	var pane: Node3D = null
	if preset != -2:
		pane = _pane(-distance + 2.0, preset, "Window", area, volume)
	ApsWorld.reset_stats()
	await seconds(0.5)
	var why := guard.explain(runner)
	var out := {
		"vision": why["senses"].get("vision", {}),
		"guard": guard,
		"runner": runner,
		"pane": pane,
		"stats": ApsWorld.get_stats()
	}
	return out


func _clear() -> void:
	for c in get_children():
		c.free()
	await frames(2)


func test_behind_glass_the_guard_keeps_at_least_085_of_its_confidence_in_the_open() -> void:
	var open := await _seen(-2)
	var in_open: float = open["vision"]["confidence"]
	expect_eq(open["stats"]["occluder_hits"], 0, "no occluder, no extra ray")
	await _clear()
	var glass := await _seen(ApsOccluder.PRESET_GLASS)
	var behind: float = glass["vision"]["confidence"]
	expect(in_open > 0.5, "seen in the open: %.3f" % in_open)
	expect(behind >= 0.85 * in_open, "behind glass %.3f, in the open %.3f" % [behind, in_open])
	expect_near(behind / in_open, 0.9, 0.01, "the glass's 0.9, no more")
	expect(
		glass["stats"]["occluder_hits"] > 0,
		"the rays through the pane are counted: %s" % glass["stats"]["occluder_hits"]
	)
	expect_eq(glass["vision"]["through"], [glass["pane"]], "seen through the window node")
	expect(
		"through Window (x0.90)" in glass["vision"]["text"],
		"in words: %s" % glass["vision"]["text"]
	)


func test_behind_foliage_about_half_the_exposure() -> void:
	var open := await _seen(-2)
	await _clear()
	var hedge := await _seen(ApsOccluder.PRESET_FOLIAGE)
	expect_near(
		hedge["vision"]["factors"]["exposure"],
		0.5 * open["vision"]["factors"]["exposure"],
		0.01,
		"half the exposure"
	)
	expect_near(
		hedge["vision"]["confidence"] / open["vision"]["confidence"],
		0.5,
		0.01,
		"half the confidence"
	)


func test_behind_smoke_it_stays_below_suspected_where_it_would_be_detected_in_the_open() -> void:
	var open := await _seen(-2, 25.0)
	await seconds(2.5)
	expect(
		open["guard"].get_belief_state(open["runner"]) >= ApsPerceptionComponent.STATE_DETECTED,
		"25 m away in the open: detected (%d)" % open["guard"].get_belief_state(open["runner"])
	)
	for volume in [false, true]:
		await _clear()
		var smoke := await _seen(ApsOccluder.PRESET_SMOKE, 25.0, true, volume)
		await seconds(2.5)
		var how := (
			"the ApsOccluder the volume itself" if volume else "an Area3D holding an ApsOccluder"
		)
		expect_eq(
			smoke["guard"].get_belief_state(smoke["runner"]),
			ApsPerceptionComponent.STATE_UNDETECTED,
			"behind a cloud of smoke (%s): below Suspected" % how
		)
		expect(
			smoke["guard"].get_confidence(smoke["runner"]) < 0.15,
			"what little comes through (%s)" % how
		)


func test_an_opaque_occluder_hides_and_is_named_as_a_wall_is() -> void:
	var wall := await _seen(ApsOccluder.PRESET_THIN_WALL)
	await seconds(0.5)
	expect_eq(
		wall["guard"].get_belief_state(wall["runner"]),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"not seen"
	)
	expect_eq(wall["vision"]["cue"], "Occluded", "occluded")
	expect_eq(wall["vision"]["blocked_by"], [wall["pane"]], "blocked by it")


func test_a_trigger_area_that_is_no_occluder_hides_nothing() -> void:
	# Once a world has an area occluder rays stop at areas; any other area is passed as air.
	ApsWorldBuilder.floor(self)
	var smoke := _pane(20, ApsOccluder.PRESET_SMOKE, "FarSmoke", true)
	var trigger := _pane(-5, -1, "Trigger", true)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -DISTANCE), "Runner")
	await seconds(1.0)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent.STATE_TRACKED,
		"seen through the trigger area"
	)
	var vision: Dictionary = guard.explain(runner)["senses"]["vision"]
	expect_eq(vision["factors"]["exposure"], 1.0, "in full view")
	smoke.free()
	trigger.free()


## The hearing reading of a gunshot the runner fires 10 m behind the guard, through `preset`.
func _heard(preset: int) -> Dictionary:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, 10), "Runner")
	if preset != -2:
		_pane(5, preset, "Wall")
	await frames(2)
	ApsWorld.emit_sound(runner.global_position, 1.0, 40.0, &"gunshot", runner)
	await seconds(0.2)
	return guard.explain(runner)["senses"].get("hearing", {})


func test_hearing_is_muffled_by_each_occluders_sound_transmission() -> void:
	var plain := await _heard(-1)
	await _clear()
	var thin := await _heard(ApsOccluder.PRESET_THIN_WALL)
	await _clear()
	var glass := await _heard(ApsOccluder.PRESET_GLASS)
	var muffle := ApsProfile.new().hearing_wall_muffle_factor
	expect_near(plain["factors"]["muffling"], muffle, 1e-4, "a plain wall: the Wall Muffle Factor")
	expect_near(thin["factors"]["muffling"], 0.4, 1e-4, "a thin wall: its 0.4")
	expect_near(glass["factors"]["muffling"], 0.3, 1e-4, "glass: its 0.3")
	expect("muffled by Wall (x0.40)" in thin["text"], "named: %s" % thin["text"])


func test_bad_values_warn_once_and_are_kept_in_range() -> void:
	var warnings := ApsWarningLog.start()
	var o := ApsOccluder.new()
	o.sight_transmission = 3.0
	o.sound_transmission = NAN
	o.preset = 42
	warnings.stop()
	expect_eq(o.sight_transmission, 1.0, "clamped")
	expect_eq(o.sound_transmission, 0.0, "not a number: opaque")
	expect_eq(warnings.count("ApsOccluder."), 3, "one warning each:\n%s" % warnings.text())
	var lost := Node3D.new()
	add_child(lost)
	warnings = ApsWarningLog.start()
	lost.add_child(o)
	await frames(1)
	warnings.stop()
	expect_eq(
		warnings.count("is not a CollisionObject3D"),
		1,
		"neither a volume nor under a collider: said once, at the frame's end"
	)
	o.free()
	lost.free()
