extends ApsTestSuite
## The 2D front end (ApsPerceptionComponent2D, ApsTargetComponent2D, the `_2d` calls of
## ApsWorld, `aps/2d/pixels_per_meter`) used the way a careless or hostile game would: things
## freed from inside every signal handler and while drawing, nodes moved between 2D and 3D
## bodies, worlds and viewports, 2D and 3D nodes mixed in one call, numbers that are not numbers
## or are at the edge of a float, odd collision shapes and sample points, crowds made and freed
## in one frame, saves of the other kind, and the scale changed at runtime. Each test asks for
## what docs/promises.md says: one clear warning naming the call and the value, safe
## behaviour, no engine error APS could have avoided, never a panic crossing into Godot.
##
## The suite's own logger records every error (a godot-rust panic is one) and warning while a
## test runs; errors Godot itself raises by its rules are declared with expect_engine_error and
## forgiven once each.

const PPM := "aps/2d/pixels_per_meter"
const FREED_WHILE_EMITTING := "was freed or unreferenced while a signal is being emitted from it"
## Godot's own errors when a script frees the object emitting the signal it handles.
const LOCKED := "Attempted to free a locked object"
const LOCKED_TOO := "Object is locked and can't be freed"
## Godot's error when a node outside the tree is asked for its path.
const NO_PATH := "Cannot get path of node as it is not in a scene tree"

var log: ApsWarningLog


func _ready() -> void:
	log = ApsWarningLog.start()


func _exit_tree() -> void:
	# Whatever a test did to the scale, the next one starts at the default.
	ProjectSettings.set_setting(PPM, 100.0)
	ApsWorld.significance_policy = null
	ApsWorld.set_wind_2d(Vector2.ZERO)
	if log != null:
		log.stop()
		log = null


# --- helpers ------------------------------------------------------------------------------


## A Node2D level under the suite (anywhere in the main scene's World2D).
func _level(name_ := "Level") -> Node2D:
	var level := Node2D.new()
	level.name = name_
	add_child(level)
	return level


## No error was logged, but for one containing each part of `allowed` (each must have come,
## and is forgiven once).
func _expect_no_error(allowed: Array = []) -> void:
	var errors := Array(log.errors)
	for part in allowed:
		var i := errors.find_custom(func(e): return part in e)
		expect(i >= 0, "the engine's own error came: %s" % part)
		if i >= 0:
			errors.remove_at(i)
	expect(errors.is_empty(), "no error (a panic is one):\n%s" % "\n".join(errors.slice(0, 6)))


## Exactly one warning was logged and it contains `part`; no error.
func _expect_one_warning(part: String, what: String) -> void:
	expect_eq(log.warnings.size(), 1, "%s: one warning:\n%s" % [what, log.text()])
	expect_eq(log.count(part), 1, "%s: naming %s:\n%s" % [what, part, log.text()])
	_expect_no_error()


## A guard 60 m off (below everything else) watching its own runner: still perceiving after
## whatever the test did.
func _witness() -> Array:
	var level := _level("Witness")
	var guard := ApsWorldBuilder2D.guard(level, Vector2(0, 6000))
	var runner := ApsWorldBuilder2D.body(level, Vector2(600, 6000), "WitnessRunner")
	return [guard, runner]


func _expect_witness_tracks(witness: Array) -> void:
	expect_eq(
		witness[0].get_belief_state(witness[1]),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"the witness guard still perceives"
	)


## Every target_* signal of `log_` whose target is null though no target was freed.
func _null_target_signals(signal_log: ApsSignalLog) -> Array:
	return (
		signal_log
		. entries
		. filter(func(e): return e["signal"].begins_with("target_") and e["target"] == null)
		. map(func(e): return "%s%s" % [e["signal"], e["args"]])
	)


# --- pixels_per_meter ---------------------------------------------------------------------


## Each value the scale cannot be is warned once, naming the setting, the value and what is
## used instead, and perception goes on with finite positions; back at 100 all is as before.
## (The setting is one cause: a second value within a second of the first would be counted in
## the next warning, so the values come a second apart.)
func test_bad_pixels_per_meter_values_are_clamped_with_one_warning_each() -> void:
	var level := _level()
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	var runner := ApsWorldBuilder2D.body(level, Vector2(600, 0), "Runner")
	await seconds(1.0)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"tracked at 100 px/m"
	)
	var cases := [
		[0.0, "using 0.01"],
		[-5.0, "using 0.01"],
		[NAN, "using 100"],
		[1e9, "using 100000"],
		[INF, "using 100"],
		[-INF, "using 100"]
	]
	for c in cases:
		log.clear()
		ProjectSettings.set_setting(PPM, c[0])
		await seconds(1.0)
		expect_eq(log.count(PPM), 1, "%s: one warning naming the setting:\n%s" % [c[0], log.text()])
		expect_eq(log.count(c[1]), 1, "%s: saying what is used:\n%s" % [c[0], log.text()])
		expect(guard.get_last_known_position(runner).is_finite(), "%s: a finite position" % c[0])
		expect(is_finite(guard.get_uncertainty_radius(runner)), "%s: a finite radius" % c[0])
		_expect_no_error()
	log.clear()
	ProjectSettings.set_setting(PPM, 100.0)
	await seconds(1.0)
	expect_eq(log.warnings.size(), 0, "100 is no problem:\n%s" % log.text())
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"tracked again at 100 px/m"
	)
	expect(
		guard.get_last_known_position(runner).distance_to(Vector2(600, 0)) < 1.0,
		"where it stands: %s" % guard.get_last_known_position(runner)
	)
	_expect_no_error()


## `ProjectSettings.set_setting("aps/2d/pixels_per_meter", 50)`, or `=50` in project.godot (an
## int Variant), is the number 50.
func test_an_integer_pixels_per_meter_is_the_number_it_is() -> void:
	var level := _level()
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	# 3000 px is 30 m at 100 px/m (in the 40 m range) and 60 m at 50 (out of it).
	var far := ApsWorldBuilder2D.body(level, Vector2(3000, 0), "Far")
	log.clear()
	ProjectSettings.set_setting(PPM, 50)
	await seconds(1.0)
	expect_eq(
		log.count("not a scale"), 0, "no warning that an int 50 is no scale:\n%s" % log.text()
	)
	expect_eq(
		guard.get_belief_state(far),
		ApsPerceptionComponent2D.STATE_UNDETECTED,
		"3000 px is 60 m at 50 px/m: out of the 40 m range (state %d)" % guard.get_belief_state(far)
	)
	_expect_no_error()


## Each value that is no number is said once: "abc" after NaN is another value, and a Vector2
## another again (a second apart: the setting is one cause, said at most once a second).
func test_each_non_number_pixels_per_meter_is_said_once() -> void:
	_level()
	# A second after whatever the test before did to the setting.
	await seconds(1.0)
	for v in [NAN, "abc", Vector2(1, 2)]:
		log.clear()
		ProjectSettings.set_setting(PPM, v)
		await seconds(1.0)
		expect_eq(log.count(PPM), 1, "%s: one warning:\n%s" % [var_to_str(v), log.text()])
		expect_eq(log.count(str(v)), 1, "naming the value:\n%s" % log.text())
	ProjectSettings.set_setting(PPM, 100.0)
	await frames(2)
	_expect_no_error()


## The scale changed while the game runs (README: it is read once a frame): a place believed,
## a light zone laid, must stay where they are on screen, in pixels, or the game must be told
## that the change moves them.
func test_changing_pixels_per_meter_keeps_what_is_held_where_it_is_on_screen() -> void:
	var level := _level()
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	var runner := ApsWorldBuilder2D.body(level, Vector2(600, 0), "Runner")
	var zone := ApsWorld.add_light_zone_2d(Vector2(1200, 200), 200.0, 0.0)
	await seconds(1.0)
	runner.global_position = Vector2(-600, 0)
	await seconds(0.5)
	expect_eq(
		guard.get_belief_state(runner), ApsPerceptionComponent2D.STATE_LOST, "lost behind the guard"
	)
	var believed: Vector2 = guard.get_last_known_position(runner)
	expect(believed.distance_to(Vector2(600, 0)) < 1.0, "believed where it was seen: %s" % believed)
	log.clear()
	ProjectSettings.set_setting(PPM, 50.0)
	await frames(2)
	var told := log.count(PPM) >= 1
	var now: Vector2 = guard.get_last_known_position(runner)
	var light := ApsWorld.get_light_at_2d(Vector2(1200, 200))
	ProjectSettings.set_setting(PPM, 100.0)
	await frames(2)
	ApsWorld.remove_light_zone_2d(zone)
	expect(
		told or now.distance_to(believed) < 1.0,
		(
			"the lost runner is still believed at %s px, not %s (or a warning says so)"
			% [believed, now]
		)
	)
	expect(
		told or light == 0.0,
		"the dark corner is still dark at (1200, 200): %.2f (or a warning says so)" % light
	)
	_expect_no_error()


# --- 2D and 3D mixed ------------------------------------------------------------------------


## A hearing-only guard of each kind, its body, and a body of the other kind for each: the 3D
## world's at 6 m, the 2D world's at 600 px.
func _mixed() -> Dictionary:
	ApsWorldBuilder.floor(self)
	var senses := ApsWorldBuilder.only(["hearing", "touch", "damage"])
	var g3 := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, senses)
	var b3 := ApsWorldBuilder.body(self, Vector3(0, 0, 6), "Body3D")
	var level := _level()
	var g2 := ApsWorldBuilder2D.guard(level, Vector2.ZERO, Vector2.RIGHT, senses)
	var b2 := ApsWorldBuilder2D.body(level, Vector2(-600, 0), "Body2D")
	return {"g3": g3, "b3": b3, "g2": g2, "b2": b2}


## emit_sound_2d with a Node3D as instigator: the 2D call's pixels must not become a sound in
## the 3D world.
func test_a_2d_sound_with_a_3d_instigator_is_warned_and_not_made_in_the_3d_world() -> void:
	var m := _mixed()
	await seconds(0.3)
	log.clear()
	ApsWorld.emit_sound_2d(Vector2(600, 0), 1.0, 2000.0, &"stone", m["b3"])
	await seconds(0.4)
	expect_eq(log.count("emit_sound_2d"), 1, "one warning naming emit_sound_2d:\n%s" % log.text())
	expect_eq(
		m["g3"].get_belief_state(m["b3"]),
		ApsPerceptionComponent.STATE_UNDETECTED,
		(
			"the 3D guard believes nothing of a 2D sound (believed at %s)"
			% m["g3"].get_last_known_position(m["b3"])
		)
	)
	_expect_no_error()


## The 3D call emit_sound with a Node2D instigator: told once that a 2D game makes its sounds
## with emit_sound_2d.
func test_a_3d_sound_with_a_2d_instigator_is_warned() -> void:
	var m := _mixed()
	await seconds(0.3)
	log.clear()
	ApsWorld.emit_sound(Vector3(6, 0, 0), 1.0, 20.0, &"stone", m["b2"])
	await seconds(0.4)
	expect_eq(
		log.count("ApsWorld.emit_sound"), 1, "one warning naming emit_sound:\n%s" % log.text()
	)
	_expect_no_error()


## report_touch and the damage calls with one 2D and one 3D node: the game is told, once per
## call, that the two are in different worlds.
func test_touch_and_damage_across_2d_and_3d_are_warned() -> void:
	var m := _mixed()
	var hits := []
	m["g2"].damage_taken.connect(func(who, amount, _at): hits.append([who, amount]))
	await seconds(0.3)
	var calls := {
		"report_touch(2D body, 3D other)":
		func(): ApsWorld.report_touch(m["g2"].get_parent(), m["b3"]),
		"report_touch(3D body, 2D other)":
		func(): ApsWorld.report_touch(m["g3"].get_parent(), m["b2"]),
		"report_damage_2d(2D victim, 3D instigator)":
		func(): ApsWorld.report_damage_2d(m["g2"].get_parent(), m["b3"], 10.0, Vector2(100, 100)),
		"report_damage(3D victim, 2D instigator)":
		func(): ApsWorld.report_damage(m["g3"].get_parent(), m["b2"], 10.0, Vector3(1, 0, 1)),
	}
	for what in calls:
		log.clear()
		calls[what].call()
		await seconds(0.3)
		expect_eq(log.warnings.size(), 1, "%s: one warning:\n%s" % [what, log.text()])
		_expect_no_error()
	expect_eq(
		m["g2"].get_belief_state(m["b3"]),
		ApsPerceptionComponent2D.STATE_UNDETECTED,
		"the 2D guard believes in no 3D body"
	)
	expect_eq(
		m["g3"].get_belief_state(m["b2"]),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"the 3D guard believes in no 2D body"
	)


## Beliefs saved by a 3D guard loaded into a 2D one (and the other way): a 2D guard never
## believes in a Node3D (it could never see it, and its signals carry Node2D), and the game
## is told (load_beliefs answers false, or a warning).
func test_a_3d_save_loaded_into_a_2d_guard_and_back_believes_in_no_node_of_the_other_kind() -> void:
	ApsWorldBuilder.floor(self)
	var g3 := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var r3 := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner3D")
	var level := _level()
	var g2 := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	var r2 := ApsWorldBuilder2D.body(level, Vector2(600, 0), "Runner2D")
	var both := func():
		return (
			g3.get_belief_state(r3) == ApsPerceptionComponent.STATE_TRACKED
			and g2.get_belief_state(r2) == ApsPerceptionComponent2D.STATE_TRACKED
		)
	expect(await wait_until(both, 5.0), "each guard tracks its runner")
	var saved3 := g3.save_beliefs()
	var saved2 := g2.save_beliefs()
	var log2 := ApsSignalLog.new(g2)
	var log3 := ApsSignalLog.new(g3)
	log.clear()
	var ok2 := g2.load_beliefs(saved3)
	var told2 := not ok2 or log.warnings.size() > 0
	log.clear()
	var ok3 := g3.load_beliefs(saved2)
	var told3 := not ok3 or log.warnings.size() > 0
	expect(told2, "a 3D save into a 2D guard: refused or warned")
	expect(told3, "a 2D save into a 3D guard: refused or warned")
	expect_eq(
		g2.get_belief_state(r3),
		ApsPerceptionComponent2D.STATE_UNDETECTED,
		"the 2D guard believes in no Node3D"
	)
	expect_eq(
		g3.get_belief_state(r2),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"the 3D guard believes in no Node2D"
	)
	await seconds(1.0)
	expect_eq(
		_null_target_signals(log2),
		[],
		"no signal of the 2D guard with a null target (nothing was freed)"
	)
	expect_eq(
		_null_target_signals(log3),
		[],
		"no signal of the 3D guard with a null target (nothing was freed)"
	)
	expect(is_instance_valid(r3) and is_instance_valid(r2), "both runners exist")
	_expect_no_error()


## The ways a node can be put where it does not belong, that work and say so: a 2D target
## component under a Node3D and a 3D one under a Node2D warn once each; a CharacterBody2D
## moved under a Node3D (a top-level canvas item in the same World2D) stays perceivable; a
## Control is refused with a warning; a 2D guard moved between bodies keeps perceiving.
func test_nodes_put_under_the_other_kind() -> void:
	ApsWorldBuilder.floor(self)
	var b3 := ApsWorldBuilder.body(self, Vector3(5, 0, 0), "Body3D")
	var level := _level()
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	var runner := ApsWorldBuilder2D.body(level, Vector2(600, 0), "Runner")
	await seconds(1.0)
	log.clear()
	runner.reparent(b3)
	runner.global_position = Vector2(600, 0)
	await seconds(0.5)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"a 2D runner under a Node3D is still tracked"
	)
	expect(ApsWorld.is_perceivable(runner), "and perceivable")
	var c2 := ApsTargetComponent2D.new()
	b3.add_child(c2)
	expect_eq(
		log.count("its parent is not a Node2D"),
		1,
		"a 2D target component under a Node3D:\n%s" % log.text()
	)
	var c3 := ApsTargetComponent.new()
	runner.add_child(c3)
	expect_eq(
		log.count("its parent is not a Node3D"),
		1,
		"a 3D target component under a Node2D:\n%s" % log.text()
	)
	var panel := Control.new()
	add_child(panel)
	log.clear()
	ApsWorld.register_perceivable(panel)
	_expect_one_warning("neither a Node3D nor a Node2D", "register_perceivable(Control)")
	expect(not ApsWorld.is_perceivable(panel), "a Control is not perceivable")
	log.clear()
	var other := ApsWorldBuilder2D.body(level, Vector2(0, 300), "OtherBody")
	guard.reparent(other, false)
	await seconds(1.0)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"moved to another 2D body, it still tracks"
	)
	expect(not guard.get_known_targets().has(other), "and never believes in its new body")
	_expect_no_error()
	panel.free()


## A 2D component under a CharacterBody3D (it runs as a top-level canvas item, at its own
## position, whatever the 3D body does) and a 3D one under a CharacterBody2D: get_setup_warnings
## says to put each under a body of its own kind.
func test_a_component_under_a_body_of_the_other_kind_says_so() -> void:
	ApsWorldBuilder.floor(self)
	var b3 := ApsWorldBuilder.body(self, Vector3(5, 0, 0), "Body3D")
	var eyes2 := ApsPerceptionComponent2D.new()
	eyes2.profile = ApsProfile.new()
	b3.add_child(eyes2)
	var b2 := ApsWorldBuilder2D.body(_level(), Vector2(0, 300), "Body2D")
	var eyes3 := ApsPerceptionComponent.new()
	eyes3.profile = ApsProfile.new()
	b2.add_child(eyes3)
	await frames(2)
	var w2 := Array(eyes2.get_setup_warnings())
	var w3 := Array(eyes3.get_setup_warnings())
	expect(
		w2.any(func(l): return "CharacterBody2D" in l),
		"the 2D component under a CharacterBody3D: %s" % [w2]
	)
	expect(
		w3.any(func(l): return "CharacterBody3D" in l),
		"the 3D component under a CharacterBody2D: %s" % [w3]
	)
	_expect_no_error()


# --- worlds ---------------------------------------------------------------------------------


## A SubViewport has a World2D of its own: its guard perceives only its runner, the main
## guard only its own, a 3D guard only the 3D runner, sounds stay in their worlds, and freeing
## the SubViewport drops its world with no error and its world state answers neutrally.
func test_a_subviewports_world2d_is_a_world_of_its_own() -> void:
	var holder := SubViewportContainer.new()
	var viewport := SubViewport.new()
	holder.add_child(viewport)
	add_child(holder)
	var inner := ApsWorldBuilder2D.guard(viewport, Vector2.ZERO)
	var inner_runner := ApsWorldBuilder2D.body(viewport, Vector2(600, 100), "InnerRunner")
	var level := _level()
	var outer := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	var outer_runner := ApsWorldBuilder2D.body(level, Vector2(600, -100), "OuterRunner")
	ApsWorldBuilder.floor(self)
	var g3 := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var r3 := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner3D")
	await seconds(1.5)
	expect_eq(
		Array(inner.get_known_targets()), [inner_runner], "the inner guard knows only its runner"
	)
	expect_eq(
		Array(outer.get_known_targets()), [outer_runner], "the main 2D guard knows only its runner"
	)
	expect_eq(Array(g3.get_known_targets()), [r3], "the 3D guard knows only the 3D runner")
	var inner_state := ApsWorld.get_world_state(inner)
	var heard_inner := []
	var heard_outer := []
	inner.location_belief_changed.connect(func(_l, tag, _s, _c): heard_inner.append(tag))
	outer.location_belief_changed.connect(func(_l, tag, _s, _c): heard_outer.append(tag))
	inner_state.emit_sound_2d(Vector2(-500, 0), 1.0, 3000.0, &"inside", null)
	ApsWorld.emit_sound_2d(Vector2(-500, 0), 1.0, 3000.0, &"outside", null)
	await seconds(0.5)
	expect(
		heard_inner.size() > 0 and heard_inner.all(func(t): return t == &"inside"),
		"the inner guard heard only its world: %s" % [heard_inner]
	)
	expect(
		heard_outer.size() > 0 and heard_outer.all(func(t): return t == &"outside"),
		"the main guard heard only its world: %s" % [heard_outer]
	)
	# The inner runner walks out into the main scene's World2D.
	inner_runner.reparent(level)
	await seconds(1.0)
	expect_eq(
		inner.get_belief_state(inner_runner),
		ApsPerceptionComponent2D.STATE_LOST,
		"gone from the inner world"
	)
	expect(
		outer.get_belief_state(inner_runner) >= ApsPerceptionComponent2D.STATE_SUSPECTED,
		"seen in the main one"
	)
	var worlds := ApsWorld.get_world_count()
	holder.free()
	await frames(3)
	expect_eq(ApsWorld.get_world_count(), worlds - 1, "the SubViewport's world is dropped")
	expect(not inner_state.is_valid(), "its state knows it")
	expect_eq(inner_state.get_light_at_2d(Vector2.ZERO), 1.0, "and answers neutrally")
	expect_eq(
		outer.get_belief_state(outer_runner),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"the main guard goes on"
	)
	_expect_no_error()


## A 2D level whose root is a plain Node (a `Main` Node holding a Node2D world and a HUD):
## the world state of that root answers for the 2D world its 2D calls name (as emit_sound_2d
## does for a plain instigator), and save_state/load_state of the root keep the 2D world's
## light zones and squads.
func test_a_2d_level_under_a_plain_node_root_keeps_its_2d_world() -> void:
	var root := Node.new()
	root.name = "Main"
	add_child(root)
	var level := Node2D.new()
	level.name = "World"
	root.add_child(level)
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	ApsWorldBuilder2D.body(level, Vector2(600, 0), "Player")
	ApsWorld.join_squad(guard, &"red", &"leader")
	log.clear()
	var zone := ApsWorld.get_world_state(root).add_light_zone_2d(Vector2(600, 0), 100.0, 0.2)
	var lit := ApsWorld.get_light_at_2d(Vector2(600, 0))
	expect(
		is_equal_approx(lit, 0.2) or log.count("add_light_zone_2d") == 1,
		(
			"a zone added through the root's world state lights the 2D world (%.2f) or is warned:\n%s"
			% [lit, log.text()]
		)
	)
	ApsWorld.get_world_state(root).remove_light_zone(zone)
	var zone2 := ApsWorld.get_world_state(level).add_light_zone_2d(Vector2(-600, 0), 100.0, 0.3)
	await seconds(0.5)
	log.clear()
	var saved := ApsWorld.save_state(root)
	var told := log.warnings.size() > 0
	ApsWorld.get_world_state(level).remove_light_zone(zone2)
	ApsWorld.leave_squad(guard)
	expect(ApsWorld.load_state(root, saved), "loaded")
	var light := ApsWorld.get_light_at_2d(Vector2(-600, 0))
	var role := ApsWorld.get_squad_role(guard)
	expect(told or is_equal_approx(light, 0.3), "the 2D zone came back: %.2f" % light)
	expect(told or role == &"leader", "the 2D squad came back: role '%s'" % role)
	ApsWorld.get_world_state(level).remove_light_zone(zone2)
	ApsWorld.leave_squad(guard)
	_expect_no_error()


## A 2D guard that joins its squad before it is added to the tree (a spawner setting it up):
## it is in its World2D's squad once there, listed by get_squad_members_2d, and hears what its
## mate sees.
func test_a_2d_guard_joining_a_squad_outside_the_tree_shares_with_its_mates() -> void:
	var level := _level()
	var front := ApsWorldBuilder2D.guard(level, Vector2.ZERO, Vector2.RIGHT, null, "Front")
	ApsWorld.join_squad(front, &"blue", &"front")
	var spawner := Node.new()
	var rear := ApsWorldBuilder2D.guard(spawner, Vector2(0, 300), Vector2.LEFT, null, "Rear")
	var body := rear.get_parent()
	spawner.remove_child(body)
	spawner.free()
	ApsWorld.join_squad(rear, &"blue", &"rear")
	level.add_child(body)
	body.global_position = Vector2(0, 300)
	var runner := ApsWorldBuilder2D.body(level, Vector2(600, 0), "Runner")
	await seconds(2.0)
	expect_eq(
		front.get_belief_state(runner),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"the front guard tracks the runner"
	)
	expect_eq(ApsWorld.get_squad_role(rear), &"rear", "the rear guard's role")
	var members := Array(ApsWorld.get_squad_members_2d(&"blue"))
	expect(
		members.has(rear) and members.has(front),
		"both are members of the 2D squad: %s" % [members.map(func(m): return m.get_parent().name)]
	)
	expect(
		rear.get_belief_state(runner) >= ApsPerceptionComponent2D.STATE_SUSPECTED,
		(
			"the rear guard (facing away) believes in the runner from its mate: state %d"
			% rear.get_belief_state(runner)
		)
	)
	ApsWorld.leave_squad(front)
	ApsWorld.leave_squad(rear)
	_expect_no_error()


## register_perceivable and unregister_perceivable hold while the node is moved in the tree
## (`reparent`: a player mounting a cart, a crate picked up).
func test_registration_and_unregistration_survive_a_reparent() -> void:
	var a := _level("A")
	var b := _level("B")
	var guard := ApsWorldBuilder2D.guard(a, Vector2.ZERO)
	var crate := Node2D.new()
	crate.name = "Crate"
	crate.position = Vector2(500, -100)
	a.add_child(crate)
	ApsWorld.register_perceivable(crate)
	var hidden := ApsWorldBuilder2D.body(a, Vector2(500, 100), "Hidden")
	ApsWorld.unregister_perceivable(hidden)
	await seconds(1.0)
	expect(
		guard.get_belief_state(crate) >= ApsPerceptionComponent2D.STATE_SUSPECTED,
		"the crate is seen"
	)
	expect_eq(
		guard.get_belief_state(hidden),
		ApsPerceptionComponent2D.STATE_UNDETECTED,
		"the hidden body is not"
	)
	crate.reparent(b)
	hidden.reparent(b)
	await seconds(1.0)
	expect(ApsWorld.is_perceivable(crate), "the crate is still registered after the reparent")
	expect(
		not ApsWorld.is_perceivable(hidden),
		"the hidden body is still unregistered after the reparent"
	)
	expect_eq(
		guard.get_belief_state(hidden),
		ApsPerceptionComponent2D.STATE_UNDETECTED,
		"and still not seen: state %d" % guard.get_belief_state(hidden)
	)
	_expect_no_error()


# --- nodes outside the tree -----------------------------------------------------------------


## Calls naming a node outside the tree get their one warning and nothing else.
func test_calls_about_nodes_outside_the_tree_warn_without_an_engine_error() -> void:
	var plain := Node.new()
	var panel := Control.new()
	var loose := ApsPerceptionComponent2D.new()
	var spot := Node2D.new()
	var nowhere := Node2D.new()
	nowhere.position = Vector2(NAN, 0)
	var eyes := ApsPerceptionComponent2D.new()
	eyes.profile = ApsProfile.new()
	var calls := {
		"register_perceivable(Node)":
		[func(): ApsWorld.register_perceivable(plain), "neither a Node3D nor a Node2D"],
		"register_perceivable(Control)":
		[func(): ApsWorld.register_perceivable(panel), "neither a Node3D nor a Node2D"],
		"join_squad(Node)": [func(): ApsWorld.join_squad(plain, &"s", &"r"), "join_squad"],
		"no profile": [func(): loose.set_target_confidence(spot, 0.5), "no profile set"],
		"set_target_confidence(at NaN)":
		[func(): eyes.set_target_confidence(nowhere, 0.5), "not a position"],
	}
	for what in calls:
		log.clear()
		calls[what][0].call()
		expect_eq(log.warnings.size(), 1, "%s: one warning:\n%s" % [what, log.text()])
		expect_eq(
			log.count(calls[what][1]), 1, "%s: saying what is wrong:\n%s" % [what, log.text()]
		)
		expect(log.errors.is_empty(), "%s: no engine error:\n%s" % [what, "\n".join(log.errors)])
	for n in [plain, panel, loose, spot, nowhere, eyes]:
		n.free()


## A 2D guard saved while the target it believes in is out of the tree (taken out for a
## cutscene, a vehicle): no engine error, and the save does not name it by the empty key
## "path:", which names nothing.
func test_saving_a_belief_in_a_target_out_of_the_tree() -> void:
	var level := _level()
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	var runner := ApsWorldBuilder2D.body(level, Vector2(600, 0), "Runner")
	await seconds(1.0)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent2D.STATE_TRACKED, "tracked")
	level.remove_child(runner)
	log.clear()
	var saved := guard.save_beliefs()
	expect(log.errors.is_empty(), "no engine error:\n%s" % "\n".join(log.errors.slice(0, 3)))
	var keys: Array = saved["core"]["mind"]["beliefs"].map(func(b): return b["target"])
	expect(not keys.has("path:"), "no belief saved under the empty key: %s" % [keys])
	level.add_child(runner)
	log.clear()
	await frames(2)
	_expect_no_error()


# --- bad numbers ------------------------------------------------------------------------------


## 2D nodes at NaN, infinity and the edge of a float: one warning each where the position is
## no number, safe answers, finite numbers everywhere, and perception back once the node is
## somewhere real.
func test_2d_nodes_at_nan_infinity_and_huge_coordinates() -> void:
	var level := _level()
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	var runner := ApsWorldBuilder2D.body(level, Vector2(600, 0), "Runner")
	var huge := ApsWorldBuilder2D.body(level, Vector2(1e30, 0), "Huge")
	var edge := ApsWorldBuilder2D.body(level, Vector2(3e38, 3e38), "Edge")
	await seconds(1.0)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent2D.STATE_TRACKED, "tracked")
	expect_eq(
		guard.get_belief_state(huge),
		ApsPerceptionComponent2D.STATE_UNDETECTED,
		"1e30 px is out of range"
	)
	expect_eq(
		guard.get_belief_state(edge),
		ApsPerceptionComponent2D.STATE_UNDETECTED,
		"3e38 px is out of range"
	)
	_expect_no_error()
	log.clear()
	runner.global_position = Vector2(NAN, 0)
	await seconds(1.0)
	expect_eq(log.count("which is not a position"), 1, "the runner at NaN, once:\n%s" % log.text())
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent2D.STATE_LOST, "lost")
	expect_eq(
		guard.get_loss_reason(runner),
		ApsPerceptionComponent2D.LOSS_SENSOR_DROPOUT,
		"as a sensor dropout"
	)
	expect(
		guard.get_last_known_position(runner).distance_to(Vector2(600, 0)) < 1.0,
		"last known where it was real"
	)
	runner.global_position = Vector2(600, 0)
	# A guard and a runner 600 px apart at the far edge of a float.
	var far_guard := ApsWorldBuilder2D.guard(level, Vector2(-3e38, 0))
	var far_runner := ApsWorldBuilder2D.body(level, Vector2(-3e38 + 600, 0), "FarRunner")
	await seconds(1.0)
	expect(
		far_guard.get_belief_state(far_runner) >= ApsPerceptionComponent2D.STATE_SUSPECTED,
		"seen at -3e38 px"
	)
	expect(far_guard.get_last_known_position(far_runner).is_finite(), "at a finite position")
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"the runner is tracked again"
	)
	log.clear()
	guard.get_parent().global_position = Vector2(INF, 0)
	await seconds(0.5)
	expect_eq(
		log.count("it skips its perception passes"), 1, "the guard at INF, once:\n%s" % log.text()
	)
	guard.get_parent().global_position = Vector2.ZERO
	guard.get_parent().rotation = NAN
	await seconds(0.5)
	guard.get_parent().rotation = 0.0
	await seconds(1.0)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"back at the origin, facing +X: tracked"
	)
	# Stimuli at the edge of a float: warned where a value is out of its range, never an error.
	ApsWorld.emit_sound_2d(Vector2(3e38, 0), 1.0, 3e38, &"edge", null)
	ApsWorld.report_damage_2d(guard.get_parent(), null, 5.0, Vector2(3e38, 3e38))
	guard.report_location_belief(Vector2(3e38, -3e38), &"edge", 0.8, 3e38)
	ApsWorld.set_wind_2d(Vector2(3e38, 0))
	await seconds(0.5)
	ApsWorld.set_wind_2d(Vector2.ZERO)
	for place in guard.get_location_beliefs():
		expect(
			place["location"].is_finite() and is_finite(place["confidence"]),
			"a finite place: %s" % place
		)
	for key in ["confidence", "uncertainty_radius", "threat_score"]:
		expect(is_finite(guard.get_belief_data(runner)[key]), "%s is finite" % key)
	expect(guard.get_estimated_velocity(runner).is_finite(), "a finite velocity")
	_expect_no_error()


## The radius warning of add_light_zone_2d names the pixels the game passed.
func test_the_2d_light_zone_radius_warning_names_the_pixels_given() -> void:
	log.clear()
	var zone := ApsWorld.add_light_zone_2d(Vector2(100, 100), 2e8, 0.5)
	expect_eq(log.count("add_light_zone_2d"), 1, "one warning:\n%s" % log.text())
	expect(
		log.count("200000000") == 1 or log.count(" px") == 1,
		"it names the 2e8 px given, or says px:\n%s" % log.text()
	)
	ApsWorld.remove_light_zone_2d(zone)
	_expect_no_error()


## Odd first collision shapes (zero-size, empty polygons, segments, a separation ray), a
## CollisionShape2D with no shape, a CollisionPolygon2D, no shape at all, and a world boundary:
## vision gets finite sample points (the shape's, or the origin) and sees each body.
func test_odd_collision_shapes_are_seen() -> void:
	var level := _level()
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	var circle := CircleShape2D.new()
	circle.radius = 0.0
	var rect := RectangleShape2D.new()
	rect.size = Vector2.ZERO
	var capsule := CapsuleShape2D.new()
	capsule.radius = 0.0
	capsule.height = 0.0
	var concave := ConcavePolygonShape2D.new()
	concave.segments = PackedVector2Array([Vector2(-5, -40), Vector2(5, 40)])
	var shapes := [
		circle,
		rect,
		capsule,
		ConcavePolygonShape2D.new(),
		concave,
		SegmentShape2D.new(),
		ConvexPolygonShape2D.new(),
		SeparationRayShape2D.new(),
		null,
		"none",
		"polygon"
	]
	var bodies := []
	for i in shapes.size():
		var b := CharacterBody2D.new()
		b.name = "Shape%d" % i
		b.motion_mode = CharacterBody2D.MOTION_MODE_FLOATING
		var s = shapes[i]
		if s is Shape2D or s == null:
			var cs := CollisionShape2D.new()
			cs.shape = s
			b.add_child(cs)
		elif s == "polygon":
			var cp := CollisionPolygon2D.new()
			cp.polygon = PackedVector2Array([Vector2(-20, -20), Vector2(20, -20), Vector2(0, 20)])
			b.add_child(cp)
		level.add_child(b)
		# A fan 8 m away, 8° apart: no body stands in another's sight line.
		b.global_position = Vector2.from_angle(deg_to_rad(-40 + i * 8)) * 800
		bodies.append(b)
	var boundary := CharacterBody2D.new()
	boundary.name = "Boundary"
	var bcs := CollisionShape2D.new()
	var wb := WorldBoundaryShape2D.new()
	wb.normal = Vector2.UP
	bcs.shape = wb
	boundary.add_child(bcs)
	level.add_child(boundary)
	boundary.global_position = Vector2(0, 4000)
	await seconds(1.5)
	for b in bodies:
		var vision: Dictionary = guard.explain(b).get("senses", {}).get("vision", {})
		var factors: Dictionary = vision.get("factors", {})
		expect(
			guard.get_belief_state(b) >= ApsPerceptionComponent2D.STATE_DETECTED,
			(
				"%s (%s) is seen: state %d, %s"
				% [b.name, shapes[bodies.find(b)], guard.get_belief_state(b), vision.get("text")]
			)
		)
		expect(
			factors.get("visible_points", 0) >= 1,
			"%s: a sample point reached: %s" % [b.name, factors]
		)
		expect(guard.get_last_known_position(b).is_finite(), "%s: a finite position" % b.name)
	_expect_no_error()


## A target component with a thousand sample points: vision casts at most Max Rays Per Target
## of them, each pass.
func test_a_thousand_sample_points_cost_bounded_rays() -> void:
	var level := _level()
	var profile := ApsProfile.new()
	profile.vision_max_rays_per_target = 16
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO, Vector2.RIGHT, profile)
	var crate := Node2D.new()
	crate.position = Vector2(500, 0)
	level.add_child(crate)
	var described := ApsTargetComponent2D.new()
	var points := PackedVector2Array()
	for i in 1000:
		points.append(Vector2(-50 + (i % 32) * 3, -50 + (i / 32) * 3))
	described.sample_points = points
	crate.add_child(described)
	var most := 0
	for i in 60:
		await frames(1)
		most = maxi(most, ApsWorld.get_stats_2d()["frame_rays"])
	var factors: Dictionary = guard.explain(crate)["senses"]["vision"]["factors"]
	expect(
		guard.get_belief_state(crate) >= ApsPerceptionComponent2D.STATE_DETECTED,
		"the crate is seen"
	)
	expect(
		factors.get("sample_points", 0) <= 16, "at most 16 of its points looked at: %s" % factors
	)
	expect(most <= 20, "at most 16 rays (and a few for other senses) in a frame: %d" % most)
	_expect_no_error()


## A target component's sample points that are not numbers: one warning naming sample_points,
## and the finite ones still looked at.
func test_non_finite_sample_points_are_warned_and_the_finite_ones_used() -> void:
	var level := _level()
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	var crate := Node2D.new()
	crate.name = "Crate"
	crate.position = Vector2(500, 0)
	level.add_child(crate)
	var described := ApsTargetComponent2D.new()
	described.sample_points = PackedVector2Array([Vector2(NAN, 0), Vector2(0, -5), Vector2(0, 5)])
	crate.add_child(described)
	log.clear()
	await seconds(1.5)
	expect_eq(log.count("sample_points"), 1, "one warning naming sample_points:\n%s" % log.text())
	expect(
		guard.get_belief_state(crate) >= ApsPerceptionComponent2D.STATE_DETECTED,
		(
			"seen at its two real points: state %d (%s)"
			% [
				guard.get_belief_state(crate),
				guard.explain(crate).get("senses", {}).get("vision", {}).get("text")
			]
		)
	)
	_expect_no_error()


# --- crowds -------------------------------------------------------------------------------------


## 300 guards and 50 targets made and freed in the same frame, then 100 guards each freeing
## its own body inside its first target_detected: Godot's own error once per guard, nothing
## else, and the world counts what is left.
func test_crowds_made_and_freed_at_once() -> void:
	var level := _level()
	var bodies := []
	for i in 300:
		bodies.append(
			ApsWorldBuilder2D.guard(level, Vector2((i % 20) * 300, (i / 20) * 300)).get_parent()
		)
	for i in 50:
		bodies.append(
			ApsWorldBuilder2D.body(
				level, Vector2((i % 10) * 500 + 150, (i / 10) * 500 + 150), "T%d" % i
			)
		)
	for b in bodies:
		b.free()
	await frames(3)
	expect_eq(ApsWorld.get_perceivable_count_2d(), 0, "nothing left perceivable")
	_expect_no_error()
	var freed := [0]
	for i in 100:
		expect_engine_error(FREED_WHILE_EMITTING)
		var guard := ApsWorldBuilder2D.guard(level, Vector2((i % 10) * 1000, (i / 10) * 1000))
		var body_id := guard.get_parent().get_instance_id()
		guard.target_detected.connect(
			func(_t, _c):
				var body = instance_from_id(body_id)
				if body != null:
					freed[0] += 1
					body.free()
		)
		ApsWorldBuilder2D.body(level, Vector2((i % 10) * 1000 + 300, (i / 10) * 1000), "R%d" % i)
	await seconds(2.0)
	expect_eq(freed[0], 100, "each guard freed its body in its handler")
	expect_eq(ApsWorld.get_perceivable_count_2d(), 100, "the 100 runners are left")
	var errors := Array(log.errors)
	expect_eq(
		errors.filter(func(e): return FREED_WHILE_EMITTING in e).size(),
		100,
		"Godot's own error once per guard"
	)
	expect(
		errors.all(func(e): return FREED_WHILE_EMITTING in e),
		(
			"and no other:\n%s"
			% "\n".join(errors.filter(func(e): return not FREED_WHILE_EMITTING in e).slice(0, 3))
		)
	)


# --- freeing from inside handlers ------------------------------------------------------------


## One case: a drawing 2D guard whose handler of `signal_name` frees `victim` ("body" of the
## guard, its "level", or the "target") the first time it runs. Returns whether it ran.
func _free_inside(signal_name: String, victim: String) -> bool:
	var level := _level("Case")
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	guard.debug_draw = ApsPerceptionComponent2D.DRAW_ALL
	var runner := ApsWorldBuilder2D.body(level, Vector2(600, 0), "Runner")
	var ids := {
		"body": guard.get_parent().get_instance_id(),
		"level": level.get_instance_id(),
		"target": runner.get_instance_id()
	}
	var ran := [false]
	var handler := func(_a = null, _b = null, _c = null, _d = null):
		if ran[0]:
			return
		ran[0] = true
		var node = instance_from_id(ids[victim])
		if node != null:
			node.free()
	guard.connect(signal_name, handler)
	if victim != "target":
		expect_engine_error(FREED_WHILE_EMITTING)
	if (
		signal_name
		in [
			"damage_taken",
			"pain_changed",
			"touched",
			"location_belief_changed",
			"beliefs_loaded",
			"target_lost"
		]
	):
		await seconds(0.5)
	match signal_name:
		"damage_taken", "pain_changed":
			ApsWorld.report_damage_2d(guard.get_parent(), runner, 30.0, runner.global_position)
		"touched":
			ApsWorld.report_touch(guard.get_parent(), runner)
		"location_belief_changed":
			ApsWorld.emit_sound_2d(Vector2(-500, 0), 1.0, 2000.0, &"noise", null)
		"beliefs_loaded":
			guard.load_beliefs(guard.save_beliefs())
		"target_lost":
			runner.global_position = Vector2(-600, 300)
	await wait_until(func(): return ran[0], 3.0)
	await frames(2)
	if is_instance_valid(level):
		level.free()
	return ran[0]


const HANDLED := [
	"target_suspected",
	"target_detected",
	"target_tracked",
	"target_lost",
	"target_state_changed",
	"awareness_changed",
	"attention_changed",
	"damage_taken",
	"pain_changed",
	"touched",
	"location_belief_changed",
	"beliefs_loaded"
]


func _free_inside_every_handler(victim: String) -> void:
	var witness := _witness()
	var ran := []
	for s in HANDLED:
		if await _free_inside(s, victim):
			ran.append(s)
	expect_eq(ran, HANDLED, "every handler ran and freed the %s" % victim)
	_expect_witness_tracks(witness)
	var errors := Array(log.errors)
	var godot_own := errors.filter(func(e): return FREED_WHILE_EMITTING in e)
	expect_eq(
		godot_own.size(),
		0 if victim == "target" else ran.size(),
		"Godot's own error once per freed ancestor"
	)
	expect(
		errors.all(func(e): return FREED_WHILE_EMITTING in e),
		(
			"no other error:\n%s"
			% "\n".join(errors.filter(func(e): return not FREED_WHILE_EMITTING in e).slice(0, 3))
		)
	)


func test_the_drawing_guards_body_freed_inside_each_signal_handler() -> void:
	await _free_inside_every_handler("body")


func test_the_drawing_guards_level_freed_inside_each_signal_handler() -> void:
	await _free_inside_every_handler("level")


func test_the_target_freed_inside_each_signal_handler_of_a_drawing_guard() -> void:
	await _free_inside_every_handler("target")


## The component itself freed with free() inside its own target_detected: Godot refuses (its
## own two errors), the guard goes on, and queue_free() from the same handler frees it.
func test_the_guard_freeing_itself_inside_its_own_handler() -> void:
	expect_engine_error(LOCKED)
	expect_engine_error(LOCKED_TOO)
	var level := _level()
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	guard.debug_draw = ApsPerceptionComponent2D.DRAW_ALL
	var runner := ApsWorldBuilder2D.body(level, Vector2(600, 0), "Runner")
	var tried := [false]
	guard.target_detected.connect(
		func(_t, _c):
			if not tried[0]:
				tried[0] = true
				guard.free()
	)
	await seconds(1.5)
	expect(tried[0], "the handler tried")
	expect(is_instance_valid(guard), "Godot kept it")
	expect_eq(
		guard.get_belief_state(runner), ApsPerceptionComponent2D.STATE_TRACKED, "and it goes on"
	)
	guard.target_lost.connect(func(_t, _r, _p): guard.queue_free())
	runner.global_position = Vector2(-600, 0)
	await seconds(1.5)
	expect(not is_instance_valid(guard), "queue_free from a handler frees it")
	_expect_no_error([LOCKED, LOCKED_TOO])


## Handlers that call back into the guard and move it about while its batch of signals is
## being emitted: its body moved between the main World2D and a SubViewport's, taken out of
## the tree and put back, its beliefs and the level saved and loaded, its profile and drawing
## swapped, the scale changed, perception switched off and on. Nothing errs, the guard keeps
## answering, and it perceives once left alone.
func test_handlers_that_move_the_guard_between_worlds_mid_batch() -> void:
	var holder := SubViewportContainer.new()
	var viewport := SubViewport.new()
	holder.add_child(viewport)
	add_child(holder)
	var level := _level()
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	var runners := []
	for world in [level, viewport]:
		for i in 3:
			runners.append(
				ApsWorldBuilder2D.body(
					world, Vector2(300 + i * 150, -100 + i * 100), "Runner%d" % i
				)
			)
	var ran := [0]
	var guard_id := guard.get_instance_id()
	var meddle := func(_a = null, _b = null, _c = null, _d = null):
		var me = instance_from_id(guard_id)
		if me == null:
			return
		ran[0] += 1
		match ran[0] % 9:
			0:
				me.get_parent().reparent(
					viewport if me.get_parent().get_parent() == level else level
				)
			1:
				me.debug_draw = ApsPerceptionComponent2D.DRAW_ALL if me.debug_draw == 0 else 0
			2:
				me.load_beliefs(me.save_beliefs())
			3:
				ApsWorld.load_state(level, ApsWorld.save_state(level))
			4:
				me.profile = ApsProfile.new()
			5:
				var body = me.get_parent()
				var parent = body.get_parent()
				parent.remove_child(body)
				parent.add_child(body)
			6:
				me.report_location_belief(Vector2(1, 1), &"meddling", 0.9, 5.0)
			7:
				ProjectSettings.set_setting(PPM, 50.0 if ran[0] % 2 == 0 else 100.0)
			8:
				me.enabled = not me.enabled
				if not me.enabled:
					me.set_deferred("enabled", true)
	for s in [
		"target_suspected",
		"target_detected",
		"target_tracked",
		"target_lost",
		"target_state_changed",
		"awareness_changed",
		"attention_changed",
		"beliefs_loaded",
		"location_belief_changed"
	]:
		guard.connect(s, meddle)
	for step in 30:
		# The runners step in and out of sight, in both worlds.
		for i in runners.size():
			var r: Node2D = runners[i]
			r.global_position = (
				Vector2(300 + i * 150, -100 + i * 100) * (1.0 if (step + i) % 3 else -1.0)
			)
		await seconds(0.2)
	for s in [
		"target_suspected",
		"target_detected",
		"target_tracked",
		"target_lost",
		"target_state_changed",
		"awareness_changed",
		"attention_changed",
		"beliefs_loaded",
		"location_belief_changed"
	]:
		guard.disconnect(s, meddle)
	ProjectSettings.set_setting(PPM, 100.0)
	guard.enabled = true
	expect(ran[0] >= 9, "the handlers meddled in every way: %d runs" % ran[0])
	expect(is_instance_valid(guard), "the guard exists")
	var home: Node = guard.get_parent().get_parent()
	var own := runners.filter(func(r): return r.get_parent() == home)
	for r in own:
		r.global_position = Vector2(500, 0) + Vector2(0, 60) * own.find(r)
	await seconds(1.5)
	expect(
		own.any(
			func(r): return guard.get_belief_state(r) >= ApsPerceptionComponent2D.STATE_DETECTED
		),
		"left alone, it perceives the runners of its world"
	)
	# Whatever the handlers did, nothing errs.
	_expect_no_error()


# --- debug drawing ----------------------------------------------------------------------------


## 100 drawing guards (each its own debug_draw, then every one through `aps/debug/draw`), each
## with a runner to draw rays and labels to, freed at once, three times: memory and objects
## come back. A leaked RenderingServer canvas item with its lines costs several kilobytes
## (200 of them about 1.8 MB here), so a leak of the drawings shows as megabytes.
func _drawing_crowd(by_setting: bool) -> void:
	var level := _level("Crowd")
	for i in 100:
		var g := ApsWorldBuilder2D.guard(level, Vector2((i % 10) * 500, (i / 10) * 500))
		if not by_setting:
			g.debug_draw = ApsPerceptionComponent2D.DRAW_ALL
		ApsWorldBuilder2D.body(level, Vector2((i % 10) * 500 + 200, (i / 10) * 500 + 50), "R%d" % i)
	if by_setting:
		ProjectSettings.set_setting("aps/debug/draw", true)
	await frames(30)
	var draws := func(b):
		return (
			b.get_node_or_null("Perception") != null
			and b.get_node("Perception").get_debug_draw_counts()["drawing"]
		)
	var drawing := level.get_children().filter(draws).size()
	expect_eq(drawing, 100, "all 100 draw")
	level.free()
	ProjectSettings.set_setting("aps/debug/draw", false)
	await frames(3)


func test_100_drawing_guards_freed_at_once_leak_nothing() -> void:
	await _drawing_crowd(false)
	await _drawing_crowd(true)
	var memory := OS.get_static_memory_usage()
	var objects := Performance.get_monitor(Performance.OBJECT_COUNT)
	for i in 3:
		await _drawing_crowd(i % 2 == 1)
	var grown := OS.get_static_memory_usage() - memory
	expect(grown < 1_000_000, "three more rounds of 100 drawings kept %d bytes" % grown)
	expect(
		Performance.get_monitor(Performance.OBJECT_COUNT) - objects <= 5,
		"objects left: %d" % (Performance.get_monitor(Performance.OBJECT_COUNT) - objects)
	)
	_expect_no_error()


## A drawing guard moved into a SubViewport (another canvas), that viewport freed with it; one
## drawn under a CanvasLayer, moved out and the layer freed; one under a Control; hidden ones:
## each keeps drawing where it is, nothing errs.
func test_a_drawing_guard_moved_between_viewports_and_layers() -> void:
	var level := _level()
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	ApsWorldBuilder2D.body(level, Vector2(600, 0), "Runner")
	guard.debug_draw = ApsPerceptionComponent2D.DRAW_ALL
	await seconds(0.5)
	var holder := SubViewportContainer.new()
	var viewport := SubViewport.new()
	holder.add_child(viewport)
	add_child(holder)
	guard.get_parent().reparent(viewport)
	await seconds(0.5)
	expect(guard.get_debug_draw_counts()["drawing"], "it draws in the SubViewport")
	holder.free()
	await frames(3)
	var layer := CanvasLayer.new()
	add_child(layer)
	var layered := ApsWorldBuilder2D.guard(layer, Vector2.ZERO)
	ApsWorldBuilder2D.body(layer, Vector2(600, 0), "LayerRunner")
	layered.debug_draw = ApsPerceptionComponent2D.DRAW_ALL
	await seconds(0.5)
	expect(
		layered.get_debug_draw_counts()["green_rays"] >= 1,
		"it draws rays on the layer: %s" % layered.get_debug_draw_counts()
	)
	layered.get_parent().reparent(level)
	await seconds(0.3)
	layer.free()
	await seconds(0.3)
	expect(
		layered.get_debug_draw_counts()["drawing"], "it draws on after the layer it left is freed"
	)
	layered.visible = false
	var panel := Control.new()
	add_child(panel)
	var boxed := ApsPerceptionComponent2D.new()
	boxed.profile = ApsProfile.new()
	boxed.debug_draw = ApsPerceptionComponent2D.DRAW_ALL
	panel.add_child(boxed)
	await seconds(0.5)
	expect(boxed.get_debug_draw_counts()["drawing"], "one under a Control draws")
	panel.free()
	await frames(3)
	# The one warning: the guard under a Control has no body above it.
	expect(log.warnings.size() <= 1, "at most the no-body warning:\n%s" % log.text())
	_expect_no_error()


# --- saves --------------------------------------------------------------------------------


## A saved 2D level with a persistent_id on its player, reloaded with the player renamed and
## moved elsewhere in the tree: the belief reconnects to it, at the saved position in pixels,
## and the light zone comes back.
func test_a_saved_2d_level_reloads_onto_moved_nodes_by_persistent_id() -> void:
	var level := _level()
	ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	var player := ApsWorldBuilder2D.body(level, Vector2(600, 0), "Player")
	var id := ApsTargetComponent2D.new()
	id.persistent_id = "player"
	player.add_child(id)
	var zone := ApsWorld.get_world_state(level).add_light_zone_2d(Vector2(600, 0), 100.0, 0.4)
	await seconds(1.5)
	var saved := ApsWorld.save_state(level)
	level.free()
	ApsWorld.remove_light_zone_2d(zone)
	var again := _level()
	var holder := Node2D.new()
	holder.name = "Moved"
	again.add_child(holder)
	var guard := ApsWorldBuilder2D.guard(again, Vector2.ZERO)
	var renamed := ApsWorldBuilder2D.body(holder, Vector2(-900, 400), "Renamed")
	var id2 := ApsTargetComponent2D.new()
	id2.persistent_id = "player"
	renamed.add_child(id2)
	log.clear()
	expect(ApsWorld.load_state(again, saved), "loaded")
	expect_eq(log.warnings.size(), 0, "no problem:\n%s" % log.text())
	expect(
		guard.get_belief_state(renamed) >= ApsPerceptionComponent2D.STATE_DETECTED,
		"the belief found the renamed player"
	)
	expect(
		guard.get_last_known_position(renamed).distance_to(Vector2(600, 0)) < 1.0,
		"where it was saved, in pixels: %s" % guard.get_last_known_position(renamed)
	)
	expect_near(ApsWorld.get_light_at_2d(Vector2(600, 0)), 0.4, 1e-5, "the zone came back")
	await seconds(1.0)
	expect_eq(
		guard.get_belief_state(renamed),
		ApsPerceptionComponent2D.STATE_LOST,
		"not where it was believed (it is behind the guard now): lost"
	)
	ApsWorld.remove_light_zone_2d(zone)
	_expect_no_error()


# --- a significance policy ----------------------------------------------------------------------


## A policy that, while it scores, makes 2D sounds and light zones, changes the scale and frees
## a SubViewport full of 2D guards: no error, and the main world's guard perceives on.
class AbusivePolicy:
	extends ApsSignificancePolicy
	var victim: Node
	var calls := 0

	func _score(_perceiver: Node3D, _distance: float, _awareness: int) -> float:
		calls += 1
		ApsWorld.emit_sound_2d(Vector2(10, 10), 0.5, 100.0, &"policy", null)
		ApsWorld.get_stats_2d()
		var zone := ApsWorld.add_light_zone_2d(Vector2(5, 5), 10.0, 0.5)
		ApsWorld.remove_light_zone_2d(zone)
		ProjectSettings.set_setting("aps/2d/pixels_per_meter", 100.0 + float(calls % 2))
		if victim != null and is_instance_valid(victim):
			victim.free()
			victim = null
		return 1.0


func test_a_significance_policy_abusing_the_2d_calls() -> void:
	var holder := SubViewportContainer.new()
	var viewport := SubViewport.new()
	holder.add_child(viewport)
	add_child(holder)
	for i in 5:
		ApsWorldBuilder2D.guard(viewport, Vector2(i * 100, 0))
	var level := _level()
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	var runner := ApsWorldBuilder2D.body(level, Vector2(600, 0), "Runner")
	var policy := AbusivePolicy.new()
	policy.victim = holder
	ApsWorld.significance_policy = policy
	await seconds(1.0)
	ApsWorld.significance_policy = null
	ProjectSettings.set_setting(PPM, 100.0)
	await seconds(0.5)
	expect(policy.calls > 0, "the policy ran")
	expect(not is_instance_valid(holder), "it freed the SubViewport")
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent2D.STATE_TRACKED,
		"the main guard perceives on"
	)
	_expect_no_error()
