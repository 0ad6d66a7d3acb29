extends ApsTestSuite
## One world of APS per World3D (design notes): two SubViewports with their own worlds, each
## with a guard and a runner at the same coordinates. Each guard perceives only its own world:
## its bodies, its sounds, its squads, its light; each world counts its own passes; and a world
## whose World3D goes away is dropped with everything in it.


## A SubViewport with a World3D of its own, holding a floor, a guard at the origin looking along
## -Z and a runner 6 m in front of it. Returns [root, guard, runner]; root is in the new world.
func _world(label: String) -> Array:
	var viewport := SubViewport.new()
	viewport.name = "World" + label
	viewport.own_world_3d = true
	add_child(viewport)
	var root := Node3D.new()
	root.name = "Level"
	viewport.add_child(root)
	ApsWorldBuilder.floor(root)
	var guard := ApsWorldBuilder.guard(root, Vector3.ZERO, Vector3.FORWARD)
	guard.get_parent().name = "Guard" + label
	var runner := ApsWorldBuilder.body(root, Vector3(0, 0, -6), "Runner" + label)
	return [root, guard, runner]


func test_each_guard_perceives_only_the_runner_of_its_own_world() -> void:
	var a := _world("A")
	var b := _world("B")
	var guard_a: ApsPerceptionComponent = a[1]
	var guard_b: ApsPerceptionComponent = b[1]
	var runner_a: Node3D = a[2]
	var runner_b: Node3D = b[2]
	expect(runner_a.get_world_3d() != runner_b.get_world_3d(), "two worlds")
	expect_eq(
		runner_a.global_position,
		runner_b.global_position,
		"the runners stand at the same coordinates"
	)
	await seconds(1.5)
	expect_eq(
		guard_a.get_belief_state(runner_a),
		ApsPerceptionComponent.STATE_TRACKED,
		"A tracks its runner"
	)
	expect_eq(
		guard_b.get_belief_state(runner_b),
		ApsPerceptionComponent.STATE_TRACKED,
		"B tracks its runner"
	)
	expect_eq(guard_a.get_known_targets(), [runner_a], "A believes only in its own runner")
	expect_eq(guard_b.get_known_targets(), [runner_b], "B believes only in its own runner")
	var state_a := ApsWorld.get_world_state(runner_a)
	var state_b := ApsWorld.get_world_state(runner_b)
	expect_eq(state_a.get_perceivable_count(), 2, "world A: its guard and its runner")
	expect_eq(state_b.get_perceivable_count(), 2, "world B: its guard and its runner")
	# B's runner fires a gun behind its guard: B hears it, A (whose runner stands on the very
	# spot in its own world) does not.
	ApsWorld.emit_sound(
		runner_b.global_position + Vector3(0, 0, 14), 1.0, 40.0, &"gunshot", runner_b
	)
	await seconds(0.5)
	expect(
		guard_b.get_belief_data(runner_b)["active_senses"].has(
			ApsPerceptionComponent.SENSE_HEARING
		),
		"B heard its runner"
	)
	expect_eq(
		guard_a.get_belief_state(runner_b),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"A heard nothing of B's runner"
	)
	expect(
		not guard_a.get_belief_data(runner_a)["active_senses"].has(
			ApsPerceptionComponent.SENSE_HEARING
		),
		"nor took it for its own runner"
	)


func test_a_sound_with_no_source_is_heard_only_in_its_own_world() -> void:
	var a := _world("A")
	var b := _world("B")
	var guard_a: ApsPerceptionComponent = a[1]
	var guard_b: ApsPerceptionComponent = b[1]
	await frames(2)
	var state_b := ApsWorld.get_world_state(b[0])
	state_b.emit_sound(Vector3(2, 1, 3), 1.0, 30.0, &"glass", null)
	await seconds(0.5)
	expect_eq(
		guard_b.get_location_beliefs().size(), 1, "B believes in a place where the glass broke"
	)
	expect_eq(guard_a.get_location_beliefs().size(), 0, "A heard no glass")
	# The main scene's world heard nothing either.
	var main_guard := ApsWorldBuilder.guard(self, Vector3(0, 0, 50), Vector3.FORWARD)
	await seconds(0.3)
	expect_eq(main_guard.get_location_beliefs().size(), 0, "nor did the main scene's world")


func test_squads_light_zones_and_stats_stay_apart() -> void:
	var a := _world("A")
	var b := _world("B")
	var guard_a: ApsPerceptionComponent = a[1]
	var guard_b: ApsPerceptionComponent = b[1]
	var runner_a: Node3D = a[2]
	# A second guard in B, facing away from where A's runner stands in A's world.
	var mate_b := ApsWorldBuilder.guard(b[0], Vector3(5, 0, 0), Vector3.BACK)
	ApsWorld.join_squad(guard_a, &"patrol", &"lookout")
	ApsWorld.join_squad(mate_b, &"patrol", &"rifle")
	var state_a := ApsWorld.get_world_state(a[0])
	var state_b := ApsWorld.get_world_state(b[0])
	expect_eq(state_a.get_squad_members(&"patrol"), [guard_a], "A's squad holds A's guard")
	expect_eq(
		state_b.get_squad_members(&"patrol"), [mate_b], "B's squad of the same name holds B's"
	)
	expect_eq(ApsWorld.get_squad_members(&"patrol").size(), 0, "the main world has no such squad")
	# Light: a pitch-dark zone and a dim sky in A leave B and the main world as they were.
	var zone := state_a.add_light_zone(Vector3.ZERO, 50.0, 0.0)
	expect(zone > 0, "zone id")
	state_a.ambient_light = 0.3
	expect_eq(state_a.get_light_at(Vector3.ZERO), 0.0, "dark in A's zone")
	expect_near(state_a.get_light_at(Vector3(100, 0, 0)), 0.3, 1e-6, "dim outside it")
	expect_eq(state_b.get_light_at(Vector3.ZERO), 1.0, "daylight in B")
	expect_eq(ApsWorld.get_light_at(Vector3.ZERO), 1.0, "daylight in the main world")
	expect_eq(ApsWorld.ambient_light, 1.0, "the main world's sky")
	# Stats: with B's guards off, only A counts passes.
	guard_b.enabled = false
	mate_b.enabled = false
	await frames(1)
	state_a.reset_stats()
	state_b.reset_stats()
	await seconds(1.5)
	expect(state_a.get_stats()["perceivers_run"] > 0, "A ran passes: %s" % state_a.get_stats())
	expect_eq(state_b.get_stats()["perceivers_run"], 0, "B ran none")
	expect_eq(state_b.get_stats()["rays_cast"], 0, "B cast no ray")
	# A's guard sees its runner in the dark only faintly, and shares nothing with B's squad.
	mate_b.enabled = true
	state_a.remove_light_zone(zone)
	state_a.ambient_light = 1.0
	await seconds(2.0)
	expect_eq(
		guard_a.get_belief_state(runner_a),
		ApsPerceptionComponent.STATE_TRACKED,
		"A tracks its runner in daylight"
	)
	expect_eq(
		mate_b.get_belief_state(runner_a),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"B's squad heard nothing of it"
	)
	expect(state_b.get_stats()["perceivers_run"] > 0, "B's mate runs again")


func test_a_world_whose_world3d_goes_away_is_dropped_with_everything_in_it() -> void:
	var a := _world("A")
	await seconds(0.5)
	expect_eq(
		(a[1] as ApsPerceptionComponent).get_belief_state(a[2]),
		ApsPerceptionComponent.STATE_DETECTED,
		"the guard of the world to go sees its runner"
	)
	var before := ApsWorld.get_world_count()
	var state := ApsWorld.get_world_state(a[0])
	expect(state.is_valid(), "the world is there")
	state.add_light_zone(Vector3.ZERO, 5.0, 0.5)
	a[0].get_parent().free()
	a.clear()
	await frames(2)
	expect_eq(ApsWorld.get_world_count(), before - 1, "one world fewer")
	expect(not state.is_valid(), "the handle knows it is gone")
	expect_eq(state.get_stats()["perceivers_run"], 0, "and answers neutrally")
	expect_eq(state.get_light_at(Vector3.ZERO), 1.0, "with no light zones left")
	state.ambient_light = 0.5
	expect_eq(state.ambient_light, 1.0, "nothing is kept for it")
