extends ApsTestSuite
## Hearing with real walls (spec section 1): a sound from an instigator is a reading on it,
## fading with distance and muffled by a wall between the sound and the ear.


func test_a_loud_sound_makes_a_guard_suspect_its_instigator() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	# Behind the guard: vision cannot help.
	var thrower := ApsWorldBuilder.body(self, Vector3(0, 0, 8), "Thrower")
	var log := ApsSignalLog.new(guard)
	await frames(2)
	ApsWorld.emit_sound(thrower.global_position, 1.0, 30.0, &"gunshot", thrower)
	await seconds(0.6)
	expect(
		guard.get_belief_state(thrower) >= ApsPerceptionComponent.STATE_SUSPECTED,
		"suspected at least: state %d" % guard.get_belief_state(thrower)
	)
	var suspected := log.first("target_suspected")
	expect(not suspected.is_empty() and suspected["target"] == thrower, "target_suspected(thrower)")
	var data := guard.get_belief_data(thrower)
	expect(ApsPerceptionComponent.SENSE_VISION not in data["active_senses"], "vision had no part")
	# Then silence: hearing's 3 s grace, then Lost with SoundFaded.
	await wait_until(func(): return log.has("target_lost"), 40.0)
	expect_eq(
		guard.get_loss_reason(thrower), ApsPerceptionComponent.LOSS_SOUND_FADED, "loss reason"
	)


func test_a_wall_muffles_a_sound() -> void:
	ApsWorldBuilder.floor(self)
	# Two guards 10 m from the same noise, one with a wall in between, both looking away.
	var open_guard := ApsWorldBuilder.guard(self, Vector3(-10, 0, 0), Vector3.LEFT)
	var walled_guard := ApsWorldBuilder.guard(self, Vector3(10, 0, 0), Vector3.RIGHT)
	ApsWorldBuilder.wall(self, Vector3(5, 1.5, 0), Vector3(0.4, 3, 6))
	var source := ApsWorldBuilder.body(self, Vector3.ZERO, "Source")
	await frames(2)
	ApsWorld.emit_sound(source.global_position + Vector3(0, 1, 0), 0.8, 25.0, &"footstep", source)
	await seconds(0.3)
	var heard_open := open_guard.get_confidence(source)
	var heard_walled := walled_guard.get_confidence(source)
	expect(heard_open > 0.0, "heard in the open: %.3f" % heard_open)
	expect(heard_walled > 0.0, "heard through the wall: %.3f" % heard_walled)
	expect(
		heard_walled < heard_open * 0.75,
		"the wall muffles: %.3f vs %.3f" % [heard_walled, heard_open]
	)


func test_a_sound_out_of_range_is_not_heard() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var far := ApsWorldBuilder.body(self, Vector3(0, 0, 30), "Far")
	await frames(2)
	ApsWorld.emit_sound(far.global_position, 1.0, 20.0, &"footstep", far)
	await seconds(1.0)
	expect_eq(guard.get_belief_state(far), ApsPerceptionComponent.STATE_UNDETECTED, "state")
	expect_eq(guard.get_confidence(far), 0.0, "confidence")
