extends ApsTestSuite
## The insight API (debug drawing, `explain()`, recordings, the debugger's snapshot
## and list, the monitors) used the way a hostile or careless game script would: bad values,
## calls at the wrong moment, nodes freed, moved or taken out of the tree while drawing or
## recording. Each test checks that nothing crashes, that neither Godot nor godot-rust prints an
## error (the suite's own logger records every error and warning while a test runs), that a bad
## call gets at most one clear warning, and that the state reads back consistent afterwards.

const FREED_WHILE_EMITTING := "was freed or unreferenced while a signal is being emitted from it"

## The monitors and the get_stats() keys they show, as monitors_test.gd lists them.
const MONITORS: Dictionary = preload("res://tests/suites/monitors_test.gd").MONITORS

const STATE_NAMES := [
	"Undetected", "Suspected", "Detected", "Tracked", "Lost", "Remembered", "Expired"
]


## A custom sense that calls the insight API of its own eye from inside the pass.
class PryingSense:
	extends ApsSense
	var answers: Array = []

	func _evaluate(eye: Node3D, target: Node3D) -> Dictionary:
		if answers.size() < 20:
			(
				answers
				. append(
					{
						"explain": eye.explain(target),
						"snapshot": eye.get_debug_snapshot(),
						"perceivers": ApsWorld.get_debug_perceivers(),
						"counts": eye.get_debug_draw_counts(),
						"monitor": Performance.get_custom_monitor("APS/Beliefs held"),
					}
				)
			)
		return {"confidence": 0.0}


var log: ApsWarningLog


func _ready() -> void:
	log = ApsWarningLog.start()


func _exit_tree() -> void:
	if log != null:
		log.stop()
		log = null


# --- helpers ------------------------------------------------------------------------------


## No error was logged (except one containing `allowed`, if given, which must have come), and
## at most `max_warnings` warnings.
func _expect_clean(max_warnings: int = 0, allowed: String = "") -> void:
	var errors := Array(log.errors)
	if allowed != "":
		var i := errors.find_custom(func(e): return allowed in e)
		expect(i >= 0, "the engine's own error came: %s" % allowed)
		if i >= 0:
			errors.remove_at(i)
	expect(errors.is_empty(), "no error:\n%s" % "\n".join(errors))
	expect(
		log.warnings.size() <= max_warnings,
		(
			"at most %d warning(s), got %d:\n%s"
			% [max_warnings, log.warnings.size(), "\n".join(log.warnings)]
		)
	)


## Exactly one warning containing `part`, and nothing else logged.
func _expect_one_warning(part: String) -> void:
	expect(log.errors.is_empty(), "no error:\n%s" % "\n".join(log.errors))
	expect_eq(
		log.count(part), 1, "one warning about '%s' in:\n%s" % [part, "\n".join(log.warnings)]
	)
	expect_eq(log.warnings.size(), 1, "and no other warning:\n%s" % "\n".join(log.warnings))


## The drawing's nodes: internal children the scene does not list.
func _internal(node: Node) -> Array:
	var out := []
	var public := node.get_children()
	for c in node.get_children(true):
		if not c in public:
			out.append(c)
	return out


func _live_internal(node: Node) -> Array:
	return _internal(node).filter(
		func(n): return is_instance_valid(n) and not n.is_queued_for_deletion()
	)


## The drawing's nodes that show (turned off, they are hidden and kept for the next time).
func _shown_internal(node: Node) -> Array:
	return _live_internal(node).filter(func(n): return n.visible)


## Whether APS's driver (added with the first perception component of a run) exists yet.
func _driver_exists() -> bool:
	for n in get_tree().root.get_children(true):
		if n.get_class() == "ApsDriver":
			return true
	return false


func _expect_fields(d: Dictionary, fields: Dictionary, what: String) -> void:
	for key in fields:
		if not expect(d.has(key), "%s has '%s': %s" % [what, key, d.keys()]):
			continue
		var types: Array = fields[key] if fields[key] is Array else [fields[key]]
		expect(
			typeof(d[key]) in types,
			(
				"%s.%s is of type %s, expected %s"
				% [
					what,
					key,
					type_string(typeof(d[key])),
					types.map(func(t): return type_string(t))
				]
			)
		)


## A guard watching a runner 6 m ahead on a floor.
func _guard_and_runner(profile: ApsProfile = null) -> Array:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, profile)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	return [guard, runner]


func _write(path: String, text: String) -> void:
	var f := FileAccess.open(path, FileAccess.WRITE)
	f.store_string(text)
	f.close()


# --- monitors -----------------------------------------------------------------------------


## Kept first: only a run in which no perception component was made yet can show it (run this
## suite alone: `--only=insight_misuse`). A HUD or a tool reading an APS monitor before the
## first AI of the game spawns gets Godot's "custom monitor doesn't exist" error, and the
## Monitors tab has no APS group until then.
func test_the_monitors_exist_before_any_ai_does() -> void:
	if _driver_exists():
		print("    (an AI was made earlier in this run: run the suite alone to see this)")
		return
	for id in MONITORS:
		expect(Performance.has_custom_monitor(id), "%s is registered with no AI yet" % id)
	_expect_clean()


func test_monitors_read_zero_with_no_ai_and_after_every_ai_is_freed() -> void:
	ApsWorldBuilder.floor(self)
	var guards := []
	for i in 4:
		guards.append(ApsWorldBuilder.guard(self, Vector3(i * 3, 0, 0), Vector3.FORWARD))
	var runner := ApsWorldBuilder.body(self, Vector3(4, 0, -8), "Runner")
	await seconds(1.0)
	expect(int(Performance.get_custom_monitor("APS/Beliefs held")) > 0, "beliefs are counted")
	for g in guards:
		g.get_parent().free()
	runner.free()
	await frames(3)
	for id in MONITORS:
		if not expect(Performance.has_custom_monitor(id), "%s is registered" % id):
			continue
		var v = Performance.get_custom_monitor(id)
		expect_eq(int(v), ApsWorld.get_stats()[MONITORS[id]], "%s matches get_stats()" % id)
		if id != "APS/Time per frame (usec)":
			expect_eq(int(v), 0, "%s with no AI left" % id)
	expect_eq(ApsWorld.get_debug_perceivers(), [], "no perceiver listed")
	_expect_clean()


# --- debug_draw: values -------------------------------------------------------------------


## -1 is how a script says "every flag"; godot-rust refuses it at the boundary with an error
## (`u32` cannot store the given value: -1) and the assignment fails with a SCRIPT ERROR.
func test_debug_draw_set_to_minus_one() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	await frames(2)
	(func(): guard.debug_draw = -1).call()
	expect(
		guard.debug_draw == ApsPerceptionComponent.DRAW_ALL or guard.debug_draw == 0,
		"-1 reads back as every flag (or is refused): %d" % guard.debug_draw
	)
	_expect_clean(1)


func test_set_debug_draw_minus_one() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	await frames(2)
	(func(): guard.set_debug_draw(-1)).call()
	expect(
		guard.debug_draw == ApsPerceptionComponent.DRAW_ALL or guard.debug_draw == 0,
		"-1 reads back as every flag (or is refused): %d" % guard.debug_draw
	)
	_expect_clean(1)


## A value above 32 bits fails the same way as -1.
func test_debug_draw_set_above_32_bits() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	await frames(2)
	(func(): guard.debug_draw = 1 << 32 | ApsPerceptionComponent.DRAW_RAYS).call()
	await frames(2)
	expect(
		guard.debug_draw & ~ApsPerceptionComponent.DRAW_ALL == 0,
		"only known flags kept: %d" % guard.debug_draw
	)
	_expect_clean(1)


## 1 << 31 is no flag: it is silently masked to 0, so the script that asked for drawing draws
## nothing, and no warning says why (README: "A bad call gets one warning and a safe answer").
func test_debug_draw_set_to_an_unknown_bit_warns() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	await frames(2)
	guard.debug_draw = 1 << 31
	await frames(2)
	expect_eq(guard.debug_draw, 0, "no known flag")
	expect_eq(_internal(guard).size(), 0, "nothing drawn")
	expect(log.errors.is_empty(), "no error:\n%s" % "\n".join(log.errors))
	expect_eq(
		log.count("debug_draw"),
		1,
		"one warning naming debug_draw and the value:\n%s" % "\n".join(log.warnings)
	)


func test_debug_draw_all_reads_back_and_draws() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await seconds(1.0)
	expect_eq(guard.debug_draw, 255, "every flag")
	var counts := guard.get_debug_draw_counts()
	expect(counts["drawing"], "drawing")
	expect(counts["labels"] >= 1 and counts["cone_lines"] > 0, "cones and a label: %s" % counts)
	expect_eq(guard.get_child_count(), 0, "the guard's own children are untouched")
	_expect_clean()


func test_debug_draw_toggled_every_frame_for_60_frames_leaks_nothing() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	await seconds(0.5)
	var most := 0
	for i in 60:
		guard.debug_draw = ApsPerceptionComponent.DRAW_ALL if i % 2 == 0 else 0
		await frames(1)
		most = maxi(most, _live_internal(guard).size())
	expect(most <= 3, "never more than two meshes and a label alive at once: %d" % most)
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await seconds(0.5)
	expect(guard.get_debug_draw_counts()["drawing"], "draws after the toggling")
	expect_eq(_internal(guard).size(), 3, "two meshes and one label")
	guard.debug_draw = 0
	await frames(3)
	expect_eq(_shown_internal(guard).size(), 0, "everything hidden")
	expect_eq(_internal(guard).size(), 3, "and kept for the next time")
	expect_eq(guard.get_debug_draw_counts()["drawing"], false, "not drawing")
	_expect_clean()


func test_debug_draw_set_before_the_guard_enters_the_tree() -> void:
	ApsWorldBuilder.floor(self)
	ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	var body := ApsWorldBuilder.body(self, Vector3.ZERO, "Guard")
	body.look_at(Vector3(0, 0, -1), Vector3.UP)
	var guard := ApsPerceptionComponent.new()
	guard.profile = ApsProfile.new()
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	expect_eq(guard.get_debug_draw_counts()["drawing"], false, "nothing made outside the tree")
	expect_eq(guard.get_child_count(true), 0, "no node made outside the tree")
	body.add_child(guard)
	guard.position = Vector3(0, 1.6, 0)
	await seconds(1.0)
	var counts := guard.get_debug_draw_counts()
	expect(counts["drawing"], "draws once in the tree")
	expect(counts["labels"] >= 1, "and labels the runner: %s" % counts)
	_expect_clean()


func test_removed_from_the_tree_and_added_back_while_drawing() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var body := guard.get_parent()
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await seconds(1.0)
	var before := _internal(guard).size()
	body.remove_child(guard)
	await frames(3)
	expect_eq(guard.get_debug_draw_counts()["drawing"], false, "not drawing out of the tree")
	expect_eq(_live_internal(guard).size(), 0, "its nodes are going")
	body.add_child(guard)
	await seconds(1.0)
	expect(guard.get_debug_draw_counts()["drawing"], "drawing resumes")
	expect_eq(_internal(guard).size(), before, "as many nodes as before, none leaked")
	# Out and back in within one frame.
	body.remove_child(guard)
	body.add_child(guard)
	await seconds(0.5)
	expect_eq(_internal(guard).size(), before, "none leaked by a quick round trip")
	_expect_clean()


func test_reparented_to_another_body_while_drawing() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var runner: Node3D = pair[1]
	var other := ApsWorldBuilder.body(self, Vector3(0, 0, 6), "OtherBody")
	other.look_at(Vector3(0, 0, -1), Vector3.UP)
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await seconds(1.0)
	guard.reparent(other, false)
	await seconds(1.0)
	var counts := guard.get_debug_draw_counts()
	expect(counts["drawing"], "still drawing in its new body")
	var nodes := _internal(guard)
	expect_eq(
		nodes.filter(func(n): return n is MeshInstance3D).size(), 2, "two meshes, none leaked"
	)
	expect_eq(
		nodes.filter(func(n): return n is Label3D).size(),
		counts["labels"],
		"a label per mark (its old body is a target now), none leaked"
	)
	expect_eq(_internal(other).size(), 0, "nothing left on the new body itself")
	expect(not guard.get_known_targets().has(other), "never believes in its new body")
	expect(guard.get_known_targets().has(runner), "still believes in the runner")
	_expect_clean()


func test_guards_body_freed_inside_target_detected_while_drawing() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var body := guard.get_parent()
	var witness := ApsWorldBuilder.guard(self, Vector3(30, 0, 0), Vector3.FORWARD)
	var witness_runner := ApsWorldBuilder.body(self, Vector3(30, 0, -6), "WitnessRunner")
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	witness.debug_draw = ApsPerceptionComponent.DRAW_ALL
	expect_engine_error(FREED_WHILE_EMITTING)
	guard.target_detected.connect(
		func(_t, _c):
			if is_instance_valid(body):
				body.free()
	)
	await seconds(2.0)
	expect(not is_instance_valid(body), "the handler freed the guard's body")
	expect_eq(
		witness.get_belief_state(witness_runner),
		ApsPerceptionComponent.STATE_TRACKED,
		"the other guard perceives"
	)
	expect(witness.get_debug_draw_counts()["drawing"], "and draws")
	_expect_clean(0, FREED_WHILE_EMITTING)


func test_target_freed_inside_target_detected_while_drawing() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var runner: Node3D = pair[1]
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	guard.target_detected.connect(
		func(t, _c):
			if t != null and is_instance_valid(t):
				t.free()
	)
	await seconds(2.0)
	expect(not is_instance_valid(runner), "the handler freed the runner")
	var counts := guard.get_debug_draw_counts()
	expect(counts["drawing"], "still drawing")
	var snapshot := guard.get_debug_snapshot()
	expect_eq(snapshot["beliefs"].size(), 1, "the freed runner's belief is kept, lost")
	if snapshot["beliefs"].size() == 1:
		expect_eq(snapshot["beliefs"][0]["loss_reason"], "TargetDestroyed", "as TargetDestroyed")
	_expect_clean()


func test_queue_free_of_the_guard_while_drawing() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await seconds(1.0)
	var nodes := _internal(guard)
	guard.get_parent().queue_free()
	await frames(3)
	expect(not is_instance_valid(guard), "the guard went")
	expect(nodes.all(func(n): return not is_instance_valid(n)), "with its drawing")
	expect_eq(ApsWorld.get_debug_perceivers(), [], "no longer listed")
	_expect_clean()


func test_project_setting_draw_toggled_with_30_guards() -> void:
	ApsWorldBuilder.floor(self)
	var guards: Array[ApsPerceptionComponent] = []
	for i in 30:
		guards.append(
			ApsWorldBuilder.guard(self, Vector3((i % 10) * 3, 0, (i / 10) * 3), Vector3.FORWARD)
		)
	ApsWorldBuilder.body(self, Vector3(12, 0, -10), "Runner")
	await seconds(0.5)
	for round in 3:
		ProjectSettings.set_setting("aps/debug/draw", true)
		await seconds(0.5)
		expect(
			guards.all(func(g): return g.get_debug_draw_counts()["drawing"]),
			"every guard draws (round %d)" % round
		)
		ProjectSettings.set_setting("aps/debug/draw", false)
		await frames(3)
		expect(
			guards.all(func(g): return not g.get_debug_draw_counts()["drawing"]),
			"every guard stopped (round %d)" % round
		)
		expect(
			guards.all(func(g): return _shown_internal(g).is_empty()),
			"every guard's nodes hidden (round %d)" % round
		)
	# The setting on, then one guard's own flags: turning the setting off keeps that one.
	guards[0].debug_draw = ApsPerceptionComponent.DRAW_CONES
	ProjectSettings.set_setting("aps/debug/draw", true)
	await frames(3)
	ProjectSettings.set_setting("aps/debug/draw", false)
	await frames(3)
	expect(guards[0].get_debug_draw_counts()["drawing"], "the guard with its own flags draws on")
	expect(not guards[1].get_debug_draw_counts()["drawing"], "the others stopped")
	_expect_clean()


func test_drawing_a_guard_with_no_profile() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	guard.profile = null
	ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await seconds(1.0)
	var counts := guard.get_debug_draw_counts()
	expect(counts["drawing"], "draws with the APS defaults")
	expect(counts["cone_lines"] > 0, "the default cones: %s" % counts)
	expect(counts["labels"] >= 1, "the runner: %s" % counts)
	_expect_one_warning("no profile set")


func test_drawing_a_guard_whose_profile_has_vision_and_hearing_off() -> void:
	var profile := ApsProfile.new()
	profile.vision_enabled = false
	profile.hearing_enabled = false
	var pair := _guard_and_runner(profile)
	var guard: ApsPerceptionComponent = pair[0]
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await seconds(1.0)
	var counts := guard.get_debug_draw_counts()
	expect(counts["drawing"], "drawing")
	expect_eq(counts["cone_lines"], 0, "no cone or range to draw")
	expect_eq(counts["green_rays"] + counts["red_rays"], 0, "no ray cast")
	expect_eq(counts["labels"], 0, "nobody perceived")
	# Vision turned back on: its cone appears.
	profile.vision_enabled = true
	await seconds(1.0)
	expect(guard.get_debug_draw_counts()["cone_lines"] > 0, "the cone once vision is on")
	_expect_clean()


## A script watching the guard's children (`child_entered_tree`, or a script extending the
## component with `_notification`) runs while the drawing adds its nodes, with the component
## bound by Rust: any call on the guard, or ApsWorld.get_debug_perceivers(), panics with
## "Gd<T>::bind() failed, already bound".
func test_a_script_calling_the_guard_while_the_drawing_adds_its_nodes() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var answers := []
	guard.child_entered_tree.connect(
		func(n):
			answers.append([n.name, guard.get_debug_draw_counts(), ApsWorld.get_debug_perceivers()])
	)
	await frames(2)
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await seconds(1.0)
	expect(answers.size() >= 3, "the handler ran for the meshes and a label: %d" % answers.size())
	for a in answers:
		expect(a[1].has("drawing"), "get_debug_draw_counts answered in the handler: %s" % [a])
		expect_eq(a[2].size(), 1, "get_debug_perceivers answered in the handler")
	_expect_clean()


## A believed target taken out of the tree (remove_child, kept alive, e.g. pooled) while the
## guard draws: every physics frame the drawing errs ("Condition !is_inside_tree()" from
## get_global_transform, then a godot-rust panic "node outside scene tree" from get_tree in
## the label naming the target), in ApsDriver::physics_process; the panic drops the drawing
## without freeing its nodes, so three internal nodes leak every frame (11 after 10 frames,
## still there after debug_draw = 0), and get_debug_draw_counts says it is not drawing.
## Perception itself copes (see test_explain_of_a_target_taken_out_of_the_tree).
func test_drawing_a_target_taken_out_of_the_tree() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var runner: Node3D = pair[1]
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await seconds(1.0)
	remove_child(runner)
	await seconds(0.5)
	var counts := guard.get_debug_draw_counts()
	expect(counts["drawing"], "still drawing")
	expect(counts["labels"] >= 1, "the runner's belief is labelled: %s" % counts)
	expect(_internal(guard).size() <= 4, "no drawing nodes pile up: %d" % _internal(guard).size())
	add_child(runner)
	await seconds(1.0)
	expect_eq(
		guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "tracked once back"
	)
	guard.debug_draw = 0
	await frames(3)
	expect_eq(_shown_internal(guard).size(), 0, "turned off, every drawing node is hidden")
	expect(_internal(guard).size() <= 4, "none leaked: %d" % _internal(guard).size())
	_expect_clean()


## The user frees the drawing's internal nodes (a `for c in get_children(true): c.free()`
## cleanup): it must not err, and drawing must come back (at once, and after a toggle).
func test_the_drawing_survives_its_nodes_being_freed_by_a_script() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await seconds(1.0)
	for n in _internal(guard):
		n.free()
	await seconds(0.5)
	expect(guard.get_debug_draw_counts()["drawing"], "it says it still draws")
	expect_eq(_shown_internal(guard).size(), 3, "and it does: two meshes and a label")
	guard.debug_draw = 0
	await frames(2)
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await seconds(0.5)
	expect_eq(_internal(guard).size(), 3, "toggled, it draws again: two meshes and a label")
	_expect_clean()


# --- explain() ----------------------------------------------------------------------------


func test_explain_null_is_an_empty_answer() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	await seconds(0.5)
	expect_eq(guard.explain(null), {}, "null")
	_expect_clean(1)


func test_explain_of_a_node_it_never_saw() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var stranger := ApsWorldBuilder.body(self, Vector3(0, 0, 30), "Behind")
	var loose := Node3D.new()
	await seconds(0.5)
	for n in [stranger, loose]:
		var why: Dictionary = guard.explain(n)
		expect_eq(why["believed"], false, "%s not believed" % n)
		expect_eq(why["state_name"], "Undetected", "Undetected")
		expect_eq(why["senses"], {}, "no reading")
		expect(why["text"] is String and why["text"] != "", "a sentence: %s" % why["text"])
	loose.free()
	_expect_clean()
	# A node that is no Node3D is no target at all: refused, as every call about a target does.
	var plain := Node.new()
	expect_eq(guard.explain(plain), {}, "a plain Node: an empty answer")
	_expect_one_warning("ApsPerceptionComponent.explain: target is a Node out of the tree")
	plain.free()


func test_explain_of_its_own_body_and_of_itself() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	await seconds(1.0)
	for n in [guard.get_parent(), guard]:
		var why: Dictionary = guard.explain(n)
		expect_eq(why["believed"], false, "never believes in %s" % n.name)
		expect_eq(why["senses"], {}, "nothing read of %s" % n.name)
	expect(not guard.get_known_targets().has(guard.get_parent()), "its body is not a target")
	_expect_clean()


func test_explain_of_a_target_taken_out_of_the_tree() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var runner: Node3D = pair[1]
	await seconds(1.0)
	remove_child(runner)
	await seconds(0.5)
	var why: Dictionary = guard.explain(runner)
	expect_eq(why["believed"], true, "still believed")
	expect(
		why["state_name"] in ["Tracked", "Detected", "Lost"],
		"in some state: %s" % why["state_name"]
	)
	add_child(runner)
	_expect_clean()


func test_explain_inside_the_guards_own_signal_handlers() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var runner: Node3D = pair[1]
	var got := {}
	guard.target_suspected.connect(func(t, _c): got["suspected"] = guard.explain(t))
	guard.target_detected.connect(func(t, _c): got["detected"] = guard.explain(t))
	guard.target_tracked.connect(func(t, _c): got["tracked"] = guard.explain(t))
	guard.target_lost.connect(func(t, _r, _p): got["lost"] = guard.explain(t))
	guard.awareness_changed.connect(func(_o, _n): got["awareness"] = guard.explain(runner))
	guard.target_state_changed.connect(func(t, _o, n): got["changed_%d" % n] = guard.explain(t))
	await seconds(1.5)
	runner.global_position = Vector3(0, 0, 40)
	await seconds(3.0)
	for key in ["suspected", "detected", "tracked", "lost", "awareness"]:
		if expect(got.has(key), "%s handler ran" % key):
			expect(got[key].has("text"), "explain answered in the %s handler: %s" % [key, got[key]])
	if got.has("detected"):
		expect(
			got["detected"]["state_name"] in ["Detected", "Tracked"],
			"Detected in its handler: %s" % got["detected"]["state_name"]
		)
	if got.has("tracked"):
		expect_eq(got["tracked"]["state_name"], "Tracked", "Tracked in its handler")
	if got.has("lost"):
		expect_eq(got["lost"]["state_name"], "Lost", "Lost in its handler")
	_expect_clean()


## From inside a custom sense the AI's beliefs are out of reach (as for get_belief_state, see
## tests/fixtures/nosy_sense.gd): explain() answers "not believed", the snapshot has no
## beliefs. It must answer in full and quietly, not crash.
func test_explain_snapshot_and_list_inside_a_custom_sense() -> void:
	var sense := PryingSense.new()
	sense.sense_name = "prying"
	var profile := ApsProfile.new()
	profile.custom_senses = [sense]
	var pair := _guard_and_runner(profile)
	var guard: ApsPerceptionComponent = pair[0]
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await seconds(1.5)
	expect(sense.answers.size() >= 5, "the sense ran: %d" % sense.answers.size())
	for a in sense.answers:
		expect(
			a["explain"].has("believed") and a["explain"].has("text"),
			"explain answered: %s" % [a["explain"]]
		)
		expect(
			a["snapshot"].has("beliefs") and a["snapshot"].has("timeline"), "the snapshot answered"
		)
		expect_eq(a["perceivers"].size(), 1, "the list answered")
		expect(a["counts"].has("drawing"), "the counts answered")
	expect_eq(
		guard.get_belief_state(pair[1]), ApsPerceptionComponent.STATE_TRACKED, "vision tracks on"
	)
	_expect_clean()


func test_explain_10000_times_in_one_frame() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var runner: Node3D = pair[1]
	await seconds(1.0)
	var frame := Engine.get_physics_frames()
	var first: Dictionary = guard.explain(runner)
	var same := true
	var started := Time.get_ticks_usec()
	for i in 10000:
		if guard.explain(runner)["text"] != first["text"]:
			same = false
	var ms := (Time.get_ticks_usec() - started) / 1000.0
	started = Time.get_ticks_usec()
	for i in 10000:
		guard.get_belief_data(runner)
	var baseline := (Time.get_ticks_usec() - started) / 1000.0
	print(
		(
			"    explain() x 10000: %.1f ms (%.1f us each); get_belief_data() x 10000: %.1f ms"
			% [ms, ms / 10.0, baseline]
		)
	)
	expect_eq(Engine.get_physics_frames(), frame, "all in one frame")
	expect(same, "the same answer every time within the frame")
	_expect_clean()


# --- recordings ---------------------------------------------------------------------------


func _refused(seconds_asked: float) -> void:
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	await frames(2)
	expect(not guard.start_recording(seconds_asked), "%s s refused" % seconds_asked)
	expect(not guard.is_recording(), "not recording")
	expect_eq(guard.get_recording(), null, "nothing recorded")
	_expect_one_warning("start_recording")


func test_start_recording_zero_seconds() -> void:
	await _refused(0.0)


func test_start_recording_a_billion_seconds() -> void:
	await _refused(1e9)


func test_start_recording_infinite_seconds() -> void:
	await _refused(INF)


func test_start_recording_minus_infinite_seconds() -> void:
	await _refused(-INF)


func test_start_recording_a_millisecond() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	await frames(2)
	expect(guard.start_recording(0.001), "a tiny window is accepted")
	await seconds(1.0)
	var rec := guard.get_recording()
	if expect(rec != null, "recording"):
		expect(
			rec.get_tick_count() >= 1 and rec.get_tick_count() <= 3,
			"a tick or so: %d" % rec.get_tick_count()
		)
		expect(rec.get_duration() <= 0.2, "a tiny duration: %f" % rec.get_duration())
	expect(guard.save_recording("user://aps_misuse_tiny.json"), "saved")
	var back := ApsRecording.load("user://aps_misuse_tiny.json")
	expect(back != null and back.get_tick_count() == rec.get_tick_count(), "loads back")
	_expect_clean()


## The window is checked against what a recording holds: asking for more says so in one
## warning, one sentence with no runs of spaces (it once carried the source's indentation).
func test_the_too_long_window_warning_reads_cleanly() -> void:
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	await frames(2)
	expect(guard.start_recording(3600.0), "an hour is accepted")
	expect(guard.is_recording(), "recording")
	_expect_one_warning("more than one recording holds")
	for w in log.warnings:
		expect(not "  " in w, "no run of spaces in the warning: '%s'" % w)


func test_start_recording_twice_replaces_the_first() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	await frames(2)
	expect(guard.start_recording(10.0), "first")
	await seconds(1.0)
	expect(guard.start_recording(10.0), "second")
	await seconds(0.5)
	expect(guard.is_recording(), "recording")
	var rec := guard.get_recording()
	expect(rec.get_duration() < 0.9, "only since the second start: %f" % rec.get_duration())
	_expect_clean()


func test_stop_recording_twice() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	await frames(2)
	guard.start_recording(5.0)
	await seconds(0.5)
	var first := guard.stop_recording()
	expect(first != null and first.get_tick_count() > 0, "the first stop returns the recording")
	expect_eq(guard.stop_recording(), null, "the second returns nothing")
	expect(not guard.is_recording(), "not recording")
	expect(not guard.save_recording("user://aps_misuse_never.json"), "nothing to save")
	_expect_clean(2)


func _save_refused(path: String) -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	await frames(2)
	guard.start_recording(5.0)
	await seconds(0.3)
	expect(not guard.save_recording(path), "'%s' refused" % path)
	expect(guard.is_recording(), "still recording")
	_expect_one_warning("save_recording: cannot write %s" % path)
	log.clear()
	expect(guard.save_recording("user://aps_misuse_ok.json"), "a good path still works")
	_expect_clean()


func test_save_recording_to_an_empty_path() -> void:
	await _save_refused("")


func test_save_recording_to_a_directory() -> void:
	await _save_refused("user://")


func test_save_recording_to_res_root() -> void:
	await _save_refused("res://")


func test_save_recording_to_a_missing_nested_directory() -> void:
	await _save_refused("user://nested/missing/dir/x.json")


func test_save_recording_deferred_then_the_guard_freed() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	await frames(2)
	guard.start_recording(5.0)
	await seconds(0.5)
	var path := "user://aps_misuse_deferred.json"
	DirAccess.remove_absolute(path)
	guard.save_recording.call_deferred(path)
	guard.get_parent().free()
	await frames(2)
	expect(not FileAccess.file_exists(path), "the deferred call died with the guard")
	_expect_clean()


func test_save_recording_while_the_guard_is_queued_for_deletion() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	await frames(2)
	guard.start_recording(5.0)
	await seconds(0.5)
	guard.get_parent().queue_free()
	expect(guard.save_recording("user://aps_misuse_queued.json"), "saved before it goes")
	var rec := guard.stop_recording()
	await frames(2)
	expect(rec != null and rec.get_tick_count() > 0, "the recording outlives the guard")
	expect(ApsRecording.load("user://aps_misuse_queued.json") != null, "the file loads")
	_expect_clean()


func _load_refused(text: String) -> void:
	_write("user://aps_misuse_load.json", text)
	expect_eq(
		ApsRecording.load("user://aps_misuse_load.json"), null, "not a recording: '%s'" % text
	)
	_expect_one_warning("ApsRecording.load: user://aps_misuse_load.json is not an APS recording")


func test_load_an_empty_file() -> void:
	_load_refused("")


func test_load_a_json_array() -> void:
	_load_refused("[1, 2, 3]")


func test_load_ticks_that_are_not_a_list() -> void:
	_load_refused('{"format": 1, "ticks": "oops"}')


func test_load_a_negative_format() -> void:
	_load_refused('{"format": -1, "ticks": []}')


func test_load_missing_file_and_directory() -> void:
	expect_eq(ApsRecording.load("user://aps_misuse_no_such_file.json"), null, "no file")
	expect_eq(ApsRecording.load("user://"), null, "a directory")
	expect_eq(
		log.count("ApsRecording.load: cannot read"),
		2,
		"one warning each:\n%s" % "\n".join(log.warnings)
	)
	expect(log.errors.is_empty(), "no error: %s" % [log.errors])


func test_get_tick_out_of_range() -> void:
	_write("user://aps_misuse_load.json", '{"format": 1, "ticks": [{"time": 1.0}, {"time": 1.1}]}')
	var rec := ApsRecording.load("user://aps_misuse_load.json")
	if not expect(rec != null, "a minimal recording loads"):
		return
	expect_eq(rec.get_tick_count(), 2, "two ticks")
	for i in [-1, 2, 1 << 31, 1 << 62, -9223372036854775807 - 1, 9223372036854775807]:
		expect_eq(rec.get_tick(i), {}, "no tick %d" % i)
	expect_eq(rec.get_tick(1)["time"], 1.1, "the last tick")
	expect_eq(rec.get_state_changes(), [], "no change")
	_expect_clean()


## An ApsRecording made with new() saves (true) a file with "format": 0 that load() refuses
## ("it has no format number: not an APS recording"): a round trip of the class's own calls.
func test_a_new_recording_saved_loads_back() -> void:
	var rec := ApsRecording.new()
	expect(rec.save("user://aps_misuse_new.json"), "saves")
	var back := ApsRecording.load("user://aps_misuse_new.json")
	expect(
		back != null,
		(
			"what save() wrote, load() reads: %s"
			% FileAccess.get_file_as_string("user://aps_misuse_new.json")
		)
	)
	_expect_clean()


func test_recording_on_while_the_profile_is_swapped() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	await frames(2)
	guard.start_recording(20.0)
	await seconds(1.0)
	var p := ApsProfile.new()
	p.vision_max_range = 3.0
	guard.set_profile(p)
	await seconds(1.5)
	guard.set_profile(ApsProfile.new())
	await seconds(1.0)
	expect(guard.is_recording(), "still recording")
	var rec := guard.stop_recording()
	expect(rec.get_duration() > 3.0, "the whole time: %f" % rec.get_duration())
	var states := rec.get_state_changes().map(func(c): return c["new"])
	expect("Lost" in states, "the short-sighted profile lost the runner: %s" % [states])
	expect_eq(states[-1] if states.size() > 0 else "", "Tracked", "and the next found it again")
	_expect_clean()


## The ring is sized for Max Tracked Targets when recording starts; a profile with more
## targets set afterwards makes each tick hold more beliefs, and the window the recording
## keeps shrinks silently: here a 10 s window, 6 s recorded, 3.1 s kept (5.8 s when the
## profile has 20 from the start, or 1 throughout). No warning says so, unlike the one
## start_recording gives for a window too long from the start.
func test_recording_keeps_its_window_when_max_tracked_targets_grows() -> void:
	ApsWorldBuilder.floor(self)
	var small := ApsProfile.new()
	small.max_tracked_targets = 1
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, small)
	for i in 10:
		ApsWorldBuilder.body(self, Vector3(-4.5 + i, 0, -8), "R%d" % i)
	await frames(2)
	expect(guard.start_recording(10.0), "recording")
	await seconds(2.0)
	var big := ApsProfile.new()
	big.max_tracked_targets = 20
	guard.set_profile(big)
	await seconds(4.0)
	expect(
		guard.get_known_targets().size() >= 8,
		"the new profile tracks them all: %d" % guard.get_known_targets().size()
	)
	var rec := guard.get_recording()
	expect(
		rec.get_duration() > 5.0,
		"the 6 s recorded are kept (10 s window): %.2f s" % rec.get_duration()
	)
	expect(log.errors.is_empty(), "no error: %s" % [log.errors])
	expect(log.warnings.size() <= 1, "at most one warning: %s" % [log.warnings])


func test_recording_across_evictions_matches_the_signals() -> void:
	ApsWorldBuilder.floor(self)
	var world := Node3D.new()
	world.name = "Evictions"
	add_child(world)
	ApsWorldBuilder.wall(world, Vector3(0, 1.5, -5), Vector3(40, 3, 0.4))
	var profile := ApsProfile.new()
	profile.max_tracked_targets = 3
	var guard := ApsWorldBuilder.guard(world, Vector3.ZERO, Vector3.FORWARD, profile)
	var runners: Array[CharacterBody3D] = []
	for i in 10:
		runners.append(ApsWorldBuilder.body(world, Vector3(-9 + 2 * i, 0, -12), "R%d" % i))
	var signalled := []
	guard.target_state_changed.connect(
		func(t, _o, n):
			signalled.append("%s:%s" % [t.name if t != null else "null", STATE_NAMES[n]])
	)
	await frames(2)
	expect(guard.start_recording(60.0), "recording")
	# Runners step out in front of the wall in fives, then back behind it, again and again:
	# more than Max Tracked Targets are seen, so beliefs are evicted.
	for round in 8:
		for i in 10:
			var out := (i + 3 * round) % 10 < 5
			runners[i].global_position = Vector3(-9 + 2 * i, 0, -3 if out else -12)
		await seconds(1.2)
	await seconds(4.0)
	var rec := guard.stop_recording()
	if not expect(rec != null, "recorded"):
		return
	var replayed := rec.get_state_changes().map(
		func(c): return "%s:%s" % [c["target"].get_file(), c["new"]]
	)
	var distinct := {}
	for entry in signalled:
		distinct[entry.get_slice(":", 0)] = true
	expect(
		distinct.size() > 3,
		"more targets believed over time than it can hold: %s" % [distinct.keys()]
	)
	expect(signalled.size() > 20, "many state changes: %d" % signalled.size())
	expect_eq(replayed, signalled, "the recording's changes are the signals'")
	expect(guard.get_known_targets().size() <= 3, "at most Max Tracked Targets held")
	_expect_clean()


## A believed target taken out of the tree (remove_child, kept alive): naming it calls
## get_tree() on it, which errs and panics ("node outside scene tree; use get_tree_or_null()")
## in save_recording, get_recording and stop_recording; stop_recording then does not stop.
func test_saving_a_recording_while_a_target_is_out_of_the_tree() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var runner: Node3D = pair[1]
	await frames(2)
	guard.start_recording(10.0)
	await seconds(1.0)
	remove_child(runner)
	await seconds(0.3)
	var path := "user://aps_misuse_out_of_tree.json"
	DirAccess.remove_absolute(path)
	expect(guard.save_recording(path) == true, "saved")
	expect(FileAccess.file_exists(path), "the file is there")
	expect(guard.get_recording() != null, "get_recording answers")
	var rec = guard.stop_recording()
	expect(rec != null, "stop_recording returns the recording")
	expect(not guard.is_recording(), "and stops")
	add_child(runner)
	_expect_clean()


# --- the debugger's snapshot and list -----------------------------------------------------

const SNAPSHOT_FIELDS := {
	"id": TYPE_INT,
	"name": [TYPE_STRING, TYPE_STRING_NAME],
	"path": [TYPE_NODE_PATH, TYPE_STRING],
	"time": TYPE_FLOAT,
	"awareness": TYPE_INT,
	"awareness_name": TYPE_STRING,
	"attention": TYPE_STRING,
	"emotions": TYPE_DICTIONARY,
	"dominant_emotion": TYPE_STRING,
	"drawing": TYPE_BOOL,
	"beliefs": TYPE_ARRAY,
	"timeline": TYPE_ARRAY,
}

const BELIEF_FIELDS := {
	"target": TYPE_STRING,
	"target_id": TYPE_INT,
	"state": TYPE_STRING,
	"confidence": TYPE_FLOAT,
	"senses": TYPE_STRING,
	"threat": TYPE_FLOAT,
	"loss_reason": TYPE_STRING,
	"uncertainty": TYPE_FLOAT,
	"since_sensed": TYPE_FLOAT,
	"why": TYPE_STRING,
}

const TIMELINE_FIELDS := {
	"time": TYPE_FLOAT, "target": TYPE_STRING, "old": TYPE_STRING, "new": TYPE_STRING
}

const PERCEIVER_FIELDS := {
	"id": TYPE_INT,
	"name": [TYPE_STRING, TYPE_STRING_NAME],
	"path": [TYPE_NODE_PATH, TYPE_STRING],
	"awareness": TYPE_INT,
	"beliefs": TYPE_INT,
	"drawing": TYPE_BOOL,
}


func test_debug_perceivers_with_no_perceiver() -> void:
	await frames(2)
	expect_eq(ApsWorld.get_debug_perceivers(), [], "empty")
	_expect_clean()


func test_debug_snapshot_has_every_documented_field() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var runner: Node3D = pair[1]
	guard.debug_draw = ApsPerceptionComponent.DRAW_LABELS
	await seconds(1.5)
	runner.global_position = Vector3(0, 0, 45)
	await seconds(1.5)
	var s := guard.get_debug_snapshot()
	_expect_fields(s, SNAPSHOT_FIELDS, "snapshot")
	expect_eq(s.get("id"), guard.get_instance_id(), "its id")
	expect_eq(s.get("drawing"), true, "drawing")
	if s.get("beliefs") is Array and expect_eq(s["beliefs"].size(), 1, "one belief"):
		_expect_fields(s["beliefs"][0], BELIEF_FIELDS, "belief")
		expect(
			s["beliefs"][0]["target"].ends_with("Runner"),
			"named by path: %s" % s["beliefs"][0]["target"]
		)
		expect_eq(s["beliefs"][0]["target_id"], runner.get_instance_id(), "the runner's id")
	if (
		s.get("timeline") is Array
		and expect(s["timeline"].size() >= 3, "state changes on the timeline")
	):
		for row in s["timeline"]:
			_expect_fields(row, TIMELINE_FIELDS, "timeline row")
	for e in s.get("emotions", {}):
		expect(s["emotions"][e] is float, "emotion %s is a number" % e)
	_expect_clean()


## The snapshot names the component by get_path(), which Godot refuses outside the tree with
## an error: "Cannot get path of node as it is not in a scene tree."
func test_debug_snapshot_of_a_guard_never_in_the_tree() -> void:
	var guard := ApsPerceptionComponent.new()
	var s := guard.get_debug_snapshot()
	_expect_fields(s, SNAPSHOT_FIELDS, "snapshot")
	expect_eq(s.get("beliefs"), [], "no belief")
	var loose := Node3D.new()
	expect_eq(guard.explain(loose)["believed"], false, "explain answers too")
	loose.free()
	expect_eq(guard.get_debug_draw_counts()["drawing"], false, "not drawing")
	guard.free()
	_expect_clean(1)


func test_debug_perceivers_have_every_documented_field() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	guard.debug_draw = ApsPerceptionComponent.DRAW_CONES
	await seconds(1.0)
	var list := ApsWorld.get_debug_perceivers()
	if expect_eq(list.size(), 1, "one perceiver"):
		_expect_fields(list[0], PERCEIVER_FIELDS, "perceiver")
		expect_eq(list[0]["id"], guard.get_instance_id(), "its id")
		expect_eq(list[0]["beliefs"], 1, "one belief")
		expect_eq(list[0]["drawing"], true, "drawing")
	_expect_clean()


func test_a_guard_freed_in_the_same_frame_is_not_listed() -> void:
	ApsWorldBuilder.floor(self)
	var a := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var b := ApsWorldBuilder.guard(self, Vector3(4, 0, 0), Vector3.FORWARD)
	var c := ApsWorldBuilder.guard(self, Vector3(8, 0, 0), Vector3.FORWARD)
	await seconds(0.5)
	var c_id := c.get_instance_id()
	a.get_parent().free()
	c.get_parent().queue_free()
	var ids := ApsWorld.get_debug_perceivers().map(func(p): return p["id"])
	expect_eq(ids.size(), 2, "the freed guard is gone at once: %s" % [ids])
	expect(b.get_instance_id() in ids, "the other listed")
	var snap := b.get_debug_snapshot()
	expect(snap.has("beliefs"), "a live guard's snapshot answers")
	await frames(2)
	ids = ApsWorld.get_debug_perceivers().map(func(p): return p["id"])
	expect_eq(ids, [b.get_instance_id()], "the queued one is gone after the frame")
	expect(not c_id in ids, "not the queued one")
	_expect_clean()


func test_snapshot_and_list_inside_signal_handlers() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var runner: Node3D = pair[1]
	var got := []
	var grab := func(where: String):
		got.append([where, guard.get_debug_snapshot(), ApsWorld.get_debug_perceivers()])
	guard.target_detected.connect(func(_t, _c): grab.call("detected"))
	guard.target_state_changed.connect(func(_t, _o, _n): grab.call("changed"))
	guard.awareness_changed.connect(func(_o, _n): grab.call("awareness"))
	guard.target_lost.connect(func(_t, _r, _p): grab.call("lost"))
	await seconds(1.5)
	runner.global_position = Vector3(0, 0, 45)
	await seconds(3.0)
	expect(got.size() >= 5, "the handlers ran: %d" % got.size())
	for g in got:
		expect(g[1].has("beliefs") and g[1].has("timeline"), "the snapshot answered in %s" % g[0])
		expect_eq(g[2].size(), 1, "the list answered in %s" % g[0])
	var detected = got.filter(func(g): return g[0] == "detected")
	if expect(detected.size() >= 1, "target_detected came"):
		expect_eq(
			detected[0][1]["beliefs"].size(), 1, "the snapshot shows the belief being signalled"
		)
	_expect_clean()


## A believed target taken out of the tree (remove_child, kept alive): the snapshot names it
## through get_tree() and panics ("node outside scene tree"), answering an empty Dictionary; so
## does the debugger tab's feed, which sends this snapshot.
func test_snapshot_while_a_believed_target_is_out_of_the_tree() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var runner: Node3D = pair[1]
	await seconds(1.0)
	remove_child(runner)
	await seconds(0.3)
	var s := guard.get_debug_snapshot()
	_expect_fields(s, SNAPSHOT_FIELDS, "snapshot")
	expect_eq(s.get("beliefs", []).size(), 1, "the runner still believed")
	add_child(runner)
	_expect_clean()


## A pooled AI: its component taken out of the tree (kept alive) still holds its recording,
## but saving it, stopping it, or the "not recording" warning each name the component by
## get_path(), and Godot errs: "Cannot get path of node as it is not in a scene tree."
func test_recording_calls_on_a_guard_taken_out_of_the_tree() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var body := guard.get_parent()
	await frames(2)
	guard.start_recording(5.0)
	await seconds(0.5)
	body.remove_child(guard)
	expect(guard.save_recording("user://aps_misuse_pooled.json"), "saved")
	var rec := guard.stop_recording()
	expect(rec != null and rec.get_tick_count() > 0, "stopped, with its ticks")
	expect(not guard.save_recording("user://aps_misuse_pooled.json"), "nothing left to save")
	body.add_child(guard)
	_expect_clean(1)


func test_explain_through_a_target_component_is_its_body() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var runner: Node3D = pair[1]
	var tc := ApsTargetComponent.new()
	runner.add_child(tc)
	await seconds(1.0)
	var by_body: Dictionary = guard.explain(runner)
	var by_component: Dictionary = guard.explain(tc)
	expect_eq(by_component["state_name"], by_body["state_name"], "the same belief")
	expect_eq(by_component["text"], by_body["text"], "the same words")
	_expect_clean()


func test_explain_with_the_explain_setting_off() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	var runner: Node3D = pair[1]
	ProjectSettings.set_setting("aps/debug/explain", false)
	guard.debug_draw = ApsPerceptionComponent.DRAW_LABELS
	await seconds(1.0)
	var why: Dictionary = guard.explain(runner)
	ProjectSettings.set_setting("aps/debug/explain", true)
	expect_eq(why["state_name"], "Tracked", "still the state")
	expect(why["text"] is String and why["text"] != "", "still a sentence: %s" % why["text"])
	expect(guard.get_debug_draw_counts()["labels"] >= 1, "the label is drawn")
	await seconds(0.5)
	var vision: Dictionary = guard.explain(runner)["senses"].get("vision", {})
	expect(vision.get("factors", {}).has("distance"), "factors are back once it is on again")
	_expect_clean()


func test_drawing_a_disabled_guard() -> void:
	var pair := _guard_and_runner()
	var guard: ApsPerceptionComponent = pair[0]
	await seconds(1.0)
	guard.enabled = false
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await seconds(0.5)
	var counts := guard.get_debug_draw_counts()
	expect(counts["drawing"], "drawing")
	expect(counts["labels"] >= 1, "the belief it keeps is labelled: %s" % counts)
	guard.enabled = true
	await seconds(0.5)
	expect(guard.get_debug_draw_counts()["green_rays"] == 3, "rays once enabled again")
	_expect_clean()
