extends ApsTestSuite
## World conditions that senses read (spec section 13): light and light zones for vision, rain
## for hearing and smell, wind for smell. All held by ApsWorld and set from script.


func _fused(guard: ApsPerceptionComponent, target: Node3D) -> float:
	var data := guard.get_belief_data(target)
	return data.get("fused", 0.0)


func test_darkness_hides_and_a_carried_light_shows() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var lit := ApsWorldBuilder.body(self, Vector3(-2, 0, -12), "Lit")
	var dark := ApsWorldBuilder.body(self, Vector3(2, 0, -12), "Dark")
	var zone := ApsWorld.add_light_zone(Vector3(2, 1, -12), 2.0, 0.0)
	expect_eq(ApsWorld.get_light_at(Vector3(2, 1, -12)), 0.0, "inside the dark zone")
	expect_eq(ApsWorld.get_light_at(Vector3(-2, 1, -12)), 1.0, "outside it")
	await seconds(1.0)
	var lit_seen := _fused(guard, lit)
	var dark_seen := _fused(guard, dark)
	expect(lit_seen > 0.5, "lit target seen: %.3f" % lit_seen)
	expect(
		dark_seen < lit_seen * 0.3, "the dark one much less: %.3f vs %.3f" % [dark_seen, lit_seen]
	)
	# A flashlight makes the dark one as visible as the lit one.
	var torch := ApsTargetComponent.new()
	torch.carried_light = 1.0
	dark.add_child(torch)
	await seconds(0.3)
	expect_near(_fused(guard, dark), _fused(guard, lit), 0.02, "carried light")
	ApsWorld.remove_light_zone(zone)


func test_rain_masks_hearing() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(
		self, Vector3.ZERO, Vector3.FORWARD, ApsWorldBuilder.only(["hearing"])
	)
	var walker := ApsWorldBuilder.body(self, Vector3(0, 0, -8), "Walker")
	await seconds(0.2)
	# An idle guard perceives every 0.2 s (level of detail tier 1); both sounds are made at the
	# same moment of that rhythm, 5 s apart, and read a quarter second later.
	ApsWorld.emit_sound(walker.global_position, 0.8, 20.0, &"footstep", walker)
	await seconds(0.25)
	var dry := _fused(guard, walker)
	await seconds(4.75)
	ApsWorld.rain = 1.0
	ApsWorld.emit_sound(walker.global_position, 0.8, 20.0, &"footstep", walker)
	await seconds(0.25)
	var wet := _fused(guard, walker)
	ApsWorld.rain = 0.0
	expect(dry > 0.2, "heard when dry: %.3f" % dry)
	expect_near(wet, dry * 0.5, 0.03, "a downpour masks hearing by its Rain Masking (0.5)")


func test_wind_carries_scent_downwind() -> void:
	ApsWorldBuilder.floor(self)
	var upwind_dog := ApsWorldBuilder.guard(
		self, Vector3(0, 0, -15), Vector3.FORWARD, ApsWorldBuilder.only(["smell"])
	)
	var downwind_dog := ApsWorldBuilder.guard(
		self, Vector3(0, 0, 15), Vector3.FORWARD, ApsWorldBuilder.only(["smell"])
	)
	var deer := ApsWorldBuilder.body(self, Vector3.ZERO, "Deer")
	# 5 m/s of wind blowing toward +Z: 12 m becomes 18 m downwind, 6 m upwind.
	ApsWorld.wind = Vector3(0, 0, 5)
	await seconds(1.0)
	expect(downwind_dog.get_confidence(deer) > 0.0, "smelled 15 m downwind")
	expect_eq(upwind_dog.get_confidence(deer), 0.0, "not smelled 15 m upwind")
	ApsWorld.wind = Vector3.ZERO


func test_bad_world_settings_are_clamped() -> void:
	ApsWorld.rain = 3.0
	expect_eq(ApsWorld.rain, 1.0, "rain clamped to 1")
	ApsWorld.rain = 0.0
	ApsWorld.ambient_light = -1.0
	expect_eq(ApsWorld.ambient_light, 0.0, "light clamped to 0")
	ApsWorld.ambient_light = 1.0
	ApsWorld.report_damage(null, null, 10.0, Vector3.ZERO)
	ApsWorld.report_touch(null, null)
