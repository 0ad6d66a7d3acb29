extends ApsTestSuite
## Every APS call that takes an object, given one it cannot use: a node of the other dimension,
## a node (or object) of another class, a freed node, and null where the call needs a node.
## docs/promises.md: each is refused with exactly one warning naming the call and
## what it was given, the call gives its safe answer, and the calling function goes on. Each is
## called typed (the receiver's class known to the script), untyped (the receiver held in a
## Variant) and by name with call(), then a hundred times more: still one warning.
##
## godot-rust used to refuse such an argument itself, before APS's code ran, with its own error
## ("godot-rust function call failed"; from untyped GDScript also "Invalid call error code
## 1337", which stopped the calling function).

## How many times more each refused call is made after its three first calls.
const REPEATS := 100
## Stands for the bad argument in a call's argument list.
const ARG := "<the argument>"

var log: ApsWarningLog


func _ready() -> void:
	log = ApsWarningLog.start()


func _exit_tree() -> void:
	ApsWorld.significance_policy = null
	if log != null:
		log.stop()
		log = null


# --- helpers ----------------------------------------------------------------------------------


## Lets a second of game time pass: a warning an earlier test gave for the same call and cause
## would otherwise fold this test's into it (APS says a cause at most once a second).
func _after_earlier_warnings() -> void:
	await seconds(1.1)


## The arguments no call of `dimension` ("2D" or "3D") can use, by kind: each its value and a
## part of the warning that names it. Made under the suite, so they are named by their paths.
func _bad_arguments(dimension: String) -> Dictionary:
	var other: Node
	if dimension == "2D":
		other = ApsWorldBuilder.body(self, Vector3(0, 0, 40), "Body3D")
	else:
		var level := Node2D.new()
		add_child(level)
		other = ApsWorldBuilder2D.body(level, Vector2(0, 4000), "Body2D")
	var plain := Node.new()
	plain.name = "Plain"
	add_child(plain)
	var doomed: Node = Node3D.new() if dimension == "3D" else Node2D.new()
	add_child(doomed)
	doomed.free()
	return {
		"the other dimension": [other, String(other.name)],
		"another class": [plain, "Plain"],
		"an object": [Resource.new(), "a Resource"],
		"a freed node": [doomed, "a freed object"],
		"null": [null, "is null"],
	}


## `args` with the bad argument `value` in place of ARG.
func _with(args: Array, value: Variant) -> Array:
	# A loop, not a lambda: a lambda capturing a freed object is an engine error.
	var out := []
	for a in args:
		out.append(value if a is String and a == ARG else a)
	return out


## `receiver.call(method, ...)` with `args`: a call a script makes by name. The answer comes
## back in an Array built on the line after the call, so a call that stopped this function
## answers null instead.
func _by_name(receiver: Object, method: String, args: Array) -> Variant:
	var answer: Variant = null
	match args.size():
		1:
			answer = receiver.call(method, args[0])
		2:
			answer = receiver.call(method, args[0], args[1])
		3:
			answer = receiver.call(method, args[0], args[1], args[2])
		4:
			answer = receiver.call(method, args[0], args[1], args[2], args[3])
		5:
			answer = receiver.call(method, args[0], args[1], args[2], args[3], args[4])
	return [answer]


## Whether `answer` (as a call's Array of one) is the safe answer `expected` (a value, or a
## Callable that says).
func _is_safe(answer: Variant, expected: Variant) -> bool:
	if not (answer is Array and answer.size() == 1):
		return false
	if expected is Callable:
		return expected.call(answer[0])
	return typeof(answer[0]) == typeof(expected) and answer[0] == expected


## Makes each call of `calls` on `receiver` with each of its bad arguments: typed, untyped, by
## name, then REPEATS times more. Each call is [label (the call as warnings name it), method,
## arguments (ARG for the bad one), safe answer, typed call, untyped call, kinds of bad
## argument (default: every kind)]; the typed and untyped calls return their answer in an Array
## of one, built after the call. Expects, for each kind: every answer safe (so every caller
## went on), exactly one warning, naming the call and the argument, and no error.
func _expect_refused(receiver: Object, calls: Array, bad: Dictionary) -> void:
	for c in calls:
		var label: String = c[0]
		var kinds: Array = c[6] if c.size() > 6 else ["the other dimension", "another class", "a freed node", "null"]
		for kind in kinds:
			var value: Variant = bad[kind][0]
			var what := "%s given %s" % [label, kind]
			log.clear()
			var answers := [
				c[4].call(value),
				c[5].call(receiver, value),
				_by_name(receiver, c[1], _with(c[2], value)),
			]
			for i in REPEATS:
				answers.append(c[4].call(value))
			var unsafe := answers.filter(func(a): return not _is_safe(a, c[3]))
			expect(unsafe.is_empty(), "%s: the safe answer %s each time, and the caller went on (%d of %d not: %s)"
					% [what, c[3], unsafe.size(), answers.size(), unsafe.slice(0, 3)])
			expect_eq(log.warnings.size(), 1, "%s: one warning for %d calls:\n%s" % [what, answers.size(), log.text()])
			expect_eq(log.count(label + ":"), 1, "%s: naming the call:\n%s" % [what, log.text()])
			expect_eq(log.count(bad[kind][1]), 1, "%s: saying what it got (%s):\n%s" % [what, bad[kind][1], log.text()])
			expect(log.errors.is_empty(), "%s: no error:\n%s" % [what, "\n".join(log.errors.slice(0, 3))])


# --- the perception components ------------------------------------------------------------


## The calls every perception component has about a target, made on a receiver in a Variant:
## by method name, each returning its answer in an Array of one.
func _untyped_component_calls() -> Dictionary:
	return {
		"get_belief_state": func(r, x): return [r.get_belief_state(x)],
		"get_confidence": func(r, x): return [r.get_confidence(x)],
		"get_loss_reason": func(r, x): return [r.get_loss_reason(x)],
		"get_loss_detail": func(r, x): return [r.get_loss_detail(x)],
		"get_loss_direction": func(r, x): return [r.get_loss_direction(x)],
		"get_belief_data": func(r, x): return [r.get_belief_data(x)],
		"get_awareness_level_for_target": func(r, x): return [r.get_awareness_level_for_target(x)],
		"force_attention_target": func(r, x): return [r.force_attention_target(x)],
		"set_target_confidence": func(r, x): return [r.set_target_confidence(x, 0.9)],
		"explain": func(r, x): return [r.explain(x)],
		"get_last_known_position": func(r, x): return [r.get_last_known_position(x)],
		"get_predicted_position": func(r, x): return [r.get_predicted_position(x)],
		"get_uncertainty_radius": func(r, x): return [r.get_uncertainty_radius(x)],
		"get_estimated_velocity": func(r, x): return [r.get_estimated_velocity(x)],
		"get_recent_episodes": func(r, x): return [r.get_recent_episodes(x)],
		"get_last_episode": func(r, x): return [r.get_last_episode(x)],
		"get_threat_level": func(r, x): return [r.get_threat_level(x)],
		"get_threat_score": func(r, x): return [r.get_threat_score(x)],
		"get_relationship": func(r, x): return [r.get_relationship(x)],
		"set_relationship": func(r, x): return [r.set_relationship(x, ApsPerceptionComponent.RELATIONSHIP_ENEMY)],
		"add_target_evidence": func(r, x): return [r.add_target_evidence(x, ApsPerceptionComponent.EVIDENCE_LOWER, 0.5, 1.0)],
		"remove_target_evidence": func(r, x): return [r.remove_target_evidence(x)],
		"get_player_model": func(r, x): return [r.get_player_model(x)],
	}


## The table `_expect_refused` takes for a component: [method, arguments, safe answer, typed
## call] rows with their labels, untyped calls and kinds filled in.
func _component_table(class_label: String, rows: Array) -> Array:
	var untyped := _untyped_component_calls()
	var table := []
	for row in rows:
		var full: Array = ["%s.%s" % [class_label, row[0]], row[0], row[1], row[2], row[3], untyped[row[0]]]
		# Null is how a script lets the AI choose its attention again: not refused.
		if row[0] == "force_attention_target":
			full.append(["the other dimension", "another class", "a freed node"])
		table.append(full)
	return table


func test_a_2d_guards_calls_about_a_target() -> void:
	await _after_earlier_warnings()
	var level := Node2D.new()
	add_child(level)
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	var runner := ApsWorldBuilder2D.body(level, Vector2(600, 0), "Runner")
	var bad := _bad_arguments("2D")
	await seconds(1.0)
	var attention := guard.get_attention_target()
	var none := {}
	_expect_refused(guard, _component_table("ApsPerceptionComponent2D", [
		["get_belief_state", [ARG], 0, func(x): return [guard.get_belief_state(x)]],
		["get_confidence", [ARG], 0.0, func(x): return [guard.get_confidence(x)]],
		["get_loss_reason", [ARG], 0, func(x): return [guard.get_loss_reason(x)]],
		["get_loss_detail", [ARG], 0, func(x): return [guard.get_loss_detail(x)]],
		["get_loss_direction", [ARG], Vector2.ZERO, func(x): return [guard.get_loss_direction(x)]],
		["get_belief_data", [ARG], none, func(x): return [guard.get_belief_data(x)]],
		["get_awareness_level_for_target", [ARG], 0, func(x): return [guard.get_awareness_level_for_target(x)]],
		["force_attention_target", [ARG], null, func(x): guard.force_attention_target(x); return [null]],
		["set_target_confidence", [ARG, 0.9], false, func(x): return [guard.set_target_confidence(x, 0.9)]],
		["explain", [ARG], none, func(x): return [guard.explain(x)]],
		["get_last_known_position", [ARG], Vector2.ZERO, func(x): return [guard.get_last_known_position(x)]],
		["get_predicted_position", [ARG], Vector2.ZERO, func(x): return [guard.get_predicted_position(x)]],
		["get_uncertainty_radius", [ARG], 0.0, func(x): return [guard.get_uncertainty_radius(x)]],
		["get_estimated_velocity", [ARG], Vector2.ZERO, func(x): return [guard.get_estimated_velocity(x)]],
		["get_recent_episodes", [ARG], func(a): return a is Array and a.is_empty(), func(x): return [guard.get_recent_episodes(x)]],
		["get_last_episode", [ARG], none, func(x): return [guard.get_last_episode(x)]],
		["get_threat_level", [ARG], 0, func(x): return [guard.get_threat_level(x)]],
		["get_threat_score", [ARG], 0.0, func(x): return [guard.get_threat_score(x)]],
		["get_relationship", [ARG], ApsPerceptionComponent2D.RELATIONSHIP_UNKNOWN, func(x): return [guard.get_relationship(x)]],
		["set_relationship", [ARG, ApsPerceptionComponent2D.RELATIONSHIP_ENEMY], null,
				func(x): guard.set_relationship(x, ApsPerceptionComponent2D.RELATIONSHIP_ENEMY); return [null]],
		["add_target_evidence", [ARG, ApsPerceptionComponent2D.EVIDENCE_LOWER, 0.5, 1.0], null,
				func(x): guard.add_target_evidence(x, ApsPerceptionComponent2D.EVIDENCE_LOWER, 0.5, 1.0); return [null]],
		["remove_target_evidence", [ARG], null, func(x): guard.remove_target_evidence(x); return [null]],
		["get_player_model", [ARG], none, func(x): return [guard.get_player_model(x)]],
	]), bad)
	expect_eq(guard.get_attention_target(), attention, "its attention is where it was")
	expect_eq(guard.get_known_targets().size(), 1, "it believes in its runner alone")
	await seconds(0.5)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent2D.STATE_TRACKED, "and it still tracks its runner")


func test_a_3d_guards_calls_about_a_target() -> void:
	await _after_earlier_warnings()
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	var bad := _bad_arguments("3D")
	await seconds(1.0)
	var attention := guard.get_attention_target()
	var none := {}
	_expect_refused(guard, _component_table("ApsPerceptionComponent", [
		["get_belief_state", [ARG], 0, func(x): return [guard.get_belief_state(x)]],
		["get_confidence", [ARG], 0.0, func(x): return [guard.get_confidence(x)]],
		["get_loss_reason", [ARG], 0, func(x): return [guard.get_loss_reason(x)]],
		["get_loss_detail", [ARG], 0, func(x): return [guard.get_loss_detail(x)]],
		["get_loss_direction", [ARG], Vector3.ZERO, func(x): return [guard.get_loss_direction(x)]],
		["get_belief_data", [ARG], none, func(x): return [guard.get_belief_data(x)]],
		["get_awareness_level_for_target", [ARG], 0, func(x): return [guard.get_awareness_level_for_target(x)]],
		["force_attention_target", [ARG], null, func(x): guard.force_attention_target(x); return [null]],
		["set_target_confidence", [ARG, 0.9], false, func(x): return [guard.set_target_confidence(x, 0.9)]],
		["explain", [ARG], none, func(x): return [guard.explain(x)]],
		["get_last_known_position", [ARG], Vector3.ZERO, func(x): return [guard.get_last_known_position(x)]],
		["get_predicted_position", [ARG], Vector3.ZERO, func(x): return [guard.get_predicted_position(x)]],
		["get_uncertainty_radius", [ARG], 0.0, func(x): return [guard.get_uncertainty_radius(x)]],
		["get_estimated_velocity", [ARG], Vector3.ZERO, func(x): return [guard.get_estimated_velocity(x)]],
		["get_recent_episodes", [ARG], func(a): return a is Array and a.is_empty(), func(x): return [guard.get_recent_episodes(x)]],
		["get_last_episode", [ARG], none, func(x): return [guard.get_last_episode(x)]],
		["get_threat_level", [ARG], 0, func(x): return [guard.get_threat_level(x)]],
		["get_threat_score", [ARG], 0.0, func(x): return [guard.get_threat_score(x)]],
		["get_relationship", [ARG], ApsPerceptionComponent.RELATIONSHIP_UNKNOWN, func(x): return [guard.get_relationship(x)]],
		["set_relationship", [ARG, ApsPerceptionComponent.RELATIONSHIP_ENEMY], null,
				func(x): guard.set_relationship(x, ApsPerceptionComponent.RELATIONSHIP_ENEMY); return [null]],
		["add_target_evidence", [ARG, ApsPerceptionComponent.EVIDENCE_LOWER, 0.5, 1.0], null,
				func(x): guard.add_target_evidence(x, ApsPerceptionComponent.EVIDENCE_LOWER, 0.5, 1.0); return [null]],
		["remove_target_evidence", [ARG], null, func(x): guard.remove_target_evidence(x); return [null]],
		["get_player_model", [ARG], none, func(x): return [guard.get_player_model(x)]],
	]), bad)
	expect_eq(guard.get_attention_target(), attention, "its attention is where it was")
	await seconds(0.5)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "and it still tracks its runner")


## The replicator's getters answer on every peer; with no multiplayer, from the component.
func test_a_replicators_calls_about_a_target() -> void:
	await _after_earlier_warnings()
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var replicator := ApsReplicator.new()
	guard.add_child(replicator)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	var bad := _bad_arguments("3D")
	await seconds(1.0)
	_expect_refused(replicator, [
		["ApsReplicator.get_belief_state", "get_belief_state", [ARG], 0,
				func(x): return [replicator.get_belief_state(x)], func(r, x): return [r.get_belief_state(x)]],
		["ApsReplicator.get_confidence", "get_confidence", [ARG], 0.0,
				func(x): return [replicator.get_confidence(x)], func(r, x): return [r.get_confidence(x)]],
		["ApsReplicator.get_threat_score", "get_threat_score", [ARG], 0.0,
				func(x): return [replicator.get_threat_score(x)], func(r, x): return [r.get_threat_score(x)]],
		["ApsReplicator.get_last_known_position", "get_last_known_position", [ARG], Vector3.ZERO,
				func(x): return [replicator.get_last_known_position(x)], func(r, x): return [r.get_last_known_position(x)]],
		["ApsReplicator.get_loss_reason", "get_loss_reason", [ARG], 0,
				func(x): return [replicator.get_loss_reason(x)], func(r, x): return [r.get_loss_reason(x)]],
	], bad)
	expect_eq(replicator.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "it still answers for the runner")


# --- ApsWorld and ApsWorldState ---------------------------------------------------------------


func test_the_worlds_2d_calls() -> void:
	await _after_earlier_warnings()
	var level := Node2D.new()
	add_child(level)
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	var runner := ApsWorldBuilder2D.body(level, Vector2(600, 0), "Runner")
	var body := guard.get_parent()
	var state := ApsWorld.get_world_state(level)
	var bad := _bad_arguments("2D")
	var hits := []
	guard.damage_taken.connect(func(who, amount, _at): hits.append([who, amount]))
	await seconds(1.0)
	var instigator_kinds := ["the other dimension", "an object", "a freed node"]
	var node_kinds := ["an object", "a freed node", "null"]
	_expect_refused(ApsWorld, [
		["ApsWorld.report_damage_2d", "report_damage_2d", [ARG, runner, 10.0, Vector2.ZERO], null,
				func(x): ApsWorld.report_damage_2d(x, runner, 10.0, Vector2.ZERO); return [null],
				func(r, x): return [r.report_damage_2d(x, runner, 10.0, Vector2.ZERO)]],
		["ApsWorld.report_damage_2d", "report_damage_2d", [body, ARG, 10.0, Vector2.ZERO], null,
				func(x): ApsWorld.report_damage_2d(body, x, 10.0, Vector2.ZERO); return [null],
				func(r, x): return [r.report_damage_2d(body, x, 10.0, Vector2.ZERO)], instigator_kinds],
		["ApsWorld.emit_sound_2d", "emit_sound_2d", [Vector2(100, 0), 1.0, 1000.0, &"refused", ARG], null,
				func(x): ApsWorld.emit_sound_2d(Vector2(100, 0), 1.0, 1000.0, &"refused", x); return [null],
				func(r, x): return [r.emit_sound_2d(Vector2(100, 0), 1.0, 1000.0, &"refused", x)], instigator_kinds],
		["ApsWorld.report_touch", "report_touch", [ARG, runner], null,
				func(x): ApsWorld.report_touch(x, runner); return [null], func(r, x): return [r.report_touch(x, runner)],
				["the other dimension", "an object", "a freed node", "null"]],
		["ApsWorld.report_touch", "report_touch", [body, ARG], null,
				func(x): ApsWorld.report_touch(body, x); return [null], func(r, x): return [r.report_touch(body, x)],
				["the other dimension", "an object", "a freed node", "null"]],
		["ApsWorld.get_scent_trail_2d", "get_scent_trail_2d", [ARG], PackedVector2Array(),
				func(x): return [ApsWorld.get_scent_trail_2d(x)], func(r, x): return [r.get_scent_trail_2d(x)]],
		["ApsWorld.register_perceivable", "register_perceivable", [ARG], null,
				func(x): ApsWorld.register_perceivable(x); return [null], func(r, x): return [r.register_perceivable(x)],
				["another class", "an object", "a freed node", "null"]],
		["ApsWorld.unregister_perceivable", "unregister_perceivable", [ARG], null,
				func(x): ApsWorld.unregister_perceivable(x); return [null], func(r, x): return [r.unregister_perceivable(x)], node_kinds],
		["ApsWorld.is_perceivable", "is_perceivable", [ARG], false,
				func(x): return [ApsWorld.is_perceivable(x)], func(r, x): return [r.is_perceivable(x)], node_kinds],
	], bad)
	_expect_refused(state, [
		["ApsWorldState.emit_sound_2d", "emit_sound_2d", [Vector2(100, 0), 1.0, 1000.0, &"refused", ARG], null,
				func(x): state.emit_sound_2d(Vector2(100, 0), 1.0, 1000.0, &"refused", x); return [null],
				func(r, x): return [r.emit_sound_2d(Vector2(100, 0), 1.0, 1000.0, &"refused", x)], instigator_kinds],
	], bad)
	await seconds(0.5)
	expect_eq(hits, [], "no damage reached the guard")
	expect(not ApsWorld.is_perceivable(bad["another class"][0]), "the plain node was not registered")
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent2D.STATE_TRACKED, "the guard still tracks its runner")


func test_the_worlds_3d_calls() -> void:
	await _after_earlier_warnings()
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	var body := guard.get_parent()
	var state := ApsWorld.get_world_state(self)
	var bad := _bad_arguments("3D")
	var hits := []
	guard.damage_taken.connect(func(who, amount, _at): hits.append([who, amount]))
	await seconds(1.0)
	var instigator_kinds := ["the other dimension", "an object", "a freed node"]
	_expect_refused(ApsWorld, [
		["ApsWorld.report_damage", "report_damage", [ARG, runner, 10.0, Vector3.ZERO], null,
				func(x): ApsWorld.report_damage(x, runner, 10.0, Vector3.ZERO); return [null],
				func(r, x): return [r.report_damage(x, runner, 10.0, Vector3.ZERO)]],
		["ApsWorld.report_damage", "report_damage", [body, ARG, 10.0, Vector3.ZERO], null,
				func(x): ApsWorld.report_damage(body, x, 10.0, Vector3.ZERO); return [null],
				func(r, x): return [r.report_damage(body, x, 10.0, Vector3.ZERO)], instigator_kinds],
		["ApsWorld.emit_sound", "emit_sound", [Vector3(0, 0, -3), 1.0, 10.0, &"refused", ARG], null,
				func(x): ApsWorld.emit_sound(Vector3(0, 0, -3), 1.0, 10.0, &"refused", x); return [null],
				func(r, x): return [r.emit_sound(Vector3(0, 0, -3), 1.0, 10.0, &"refused", x)], instigator_kinds],
		["ApsWorld.get_scent_trail", "get_scent_trail", [ARG], PackedVector3Array(),
				func(x): return [ApsWorld.get_scent_trail(x)], func(r, x): return [r.get_scent_trail(x)]],
	], bad)
	_expect_refused(state, [
		["ApsWorldState.emit_sound", "emit_sound", [Vector3(0, 0, -3), 1.0, 10.0, &"refused", ARG], null,
				func(x): state.emit_sound(Vector3(0, 0, -3), 1.0, 10.0, &"refused", x); return [null],
				func(r, x): return [r.emit_sound(Vector3(0, 0, -3), 1.0, 10.0, &"refused", x)], instigator_kinds],
	], bad)
	await seconds(0.5)
	expect_eq(hits, [], "no damage reached the guard")
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "the guard still tracks its runner")


## The calls about a perceiver, a level's root or any node, in either dimension.
func test_the_worlds_calls_about_perceivers_roots_and_worlds() -> void:
	await _after_earlier_warnings()
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var bad := _bad_arguments("3D")
	await seconds(0.5)
	var node_kinds := ["an object", "a freed node", "null"]
	var main_world := func(a): return a is ApsWorldState and a.get_perceivable_count() == ApsWorld.get_perceivable_count()
	_expect_refused(ApsWorld, [
		["ApsWorld.join_squad", "join_squad", [ARG, &"squad", &"role"], null,
				func(x): ApsWorld.join_squad(x, &"squad", &"role"); return [null], func(r, x): return [r.join_squad(x, &"squad", &"role")],
				["the other dimension", "another class", "an object", "a freed node", "null"]],
		["ApsWorld.leave_squad", "leave_squad", [ARG], null,
				func(x): ApsWorld.leave_squad(x); return [null], func(r, x): return [r.leave_squad(x)], node_kinds],
		["ApsWorld.get_squad_role", "get_squad_role", [ARG], &"",
				func(x): return [ApsWorld.get_squad_role(x)], func(r, x): return [r.get_squad_role(x)], node_kinds],
		["ApsWorld.get_lod_tier", "get_lod_tier", [ARG], -1,
				func(x): return [ApsWorld.get_lod_tier(x)], func(r, x): return [r.get_lod_tier(x)], node_kinds],
		["ApsWorld.measure_ray_cost", "measure_ray_cost", [ARG, 1.0, 1], 0.0,
				func(x): return [ApsWorld.measure_ray_cost(x, 1.0, 1)], func(r, x): return [r.measure_ray_cost(x, 1.0, 1)], node_kinds],
		["ApsWorld.save_state", "save_state", [ARG], {},
				func(x): return [ApsWorld.save_state(x)], func(r, x): return [r.save_state(x)], node_kinds],
		["ApsWorld.load_state", "load_state", [ARG, {}], false,
				func(x): return [ApsWorld.load_state(x, {})], func(r, x): return [r.load_state(x, {})], node_kinds],
		# Null asks for the main scene's world: not refused.
		["ApsWorld.get_world_state", "get_world_state", [ARG], main_world,
				func(x): return [ApsWorld.get_world_state(x)], func(r, x): return [r.get_world_state(x)],
				["an object", "a freed node"]],
	], bad)
	expect_eq(ApsWorld.get_squad_role(guard), &"", "no one joined a squad")


# --- arguments typed by the script, settings, and what may be null ----------------------------


## A script whose variables are typed passes them as they are: a Node3D into a 2D call, a
## freed Node2D still typed Node2D, a Resource. The calls compile, and each is refused.
func test_typed_arguments_of_another_class_reach_the_call() -> void:
	await _after_earlier_warnings()
	var level := Node2D.new()
	add_child(level)
	var guard: ApsPerceptionComponent2D = ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	var three: Node3D = ApsWorldBuilder.body(self, Vector3(0, 0, 40), "Typed3D")
	var gone: Node2D = Node2D.new()
	gone.free()
	var thing: Resource = Resource.new()
	await seconds(0.5)
	log.clear()
	var reached := 0
	expect_eq(guard.set_target_confidence(three, 0.5), false, "a Node3D: refused")
	reached += 1
	expect_eq(guard.set_target_confidence(gone, 0.5), false, "a freed Node2D: refused")
	reached += 1
	expect_eq(guard.get_confidence(thing), 0.0, "a Resource: refused")
	reached += 1
	ApsWorld.report_damage_2d(three, gone, 10.0, Vector2.ZERO)
	reached += 1
	expect_eq(reached, 4, "every line after a call ran")
	expect_eq(log.count("ApsPerceptionComponent2D.set_target_confidence: target is the CharacterBody3D"), 1, "the Node3D named:\n%s" % log.text())
	expect_eq(log.count("ApsPerceptionComponent2D.set_target_confidence: target is a freed object"), 1, "the freed Node2D named:\n%s" % log.text())
	expect_eq(log.count("ApsPerceptionComponent2D.get_confidence: target is a Resource"), 1, "the Resource named:\n%s" % log.text())
	expect_eq(log.count("ApsWorld.report_damage_2d: victim is the CharacterBody3D"), 1, "the victim named:\n%s" % log.text())
	expect_eq(log.warnings.size(), 4, "one warning each:\n%s" % log.text())
	expect(log.errors.is_empty(), "no error:\n%s" % "\n".join(log.errors))


## Sets `property` the way a script does with a typed receiver (`guard.profile = value`);
## true, from the line after, if this function went on.
func _set_typed(receiver: Object, property: String, value: Variant) -> Variant:
	if receiver is ApsPerceptionComponent:
		var guard: ApsPerceptionComponent = receiver
		if property == "profile":
			guard.profile = value
		else:
			guard.quality_profile = value
	elif receiver is ApsPerceptionComponent2D:
		var guard_2d: ApsPerceptionComponent2D = receiver
		guard_2d.profile = value
	elif receiver is ApsProfile:
		var profile: ApsProfile = receiver
		profile.decay_curve = value
	else:
		ApsWorld.significance_policy = value
	return true


## Sets `property` on a receiver held in a Variant; true if this function went on.
func _set_untyped(receiver: Variant, property: String, value: Variant) -> Variant:
	match property:
		"profile":
			receiver.profile = value
		"quality_profile":
			receiver.quality_profile = value
		"significance_policy":
			receiver.significance_policy = value
		"decay_curve":
			receiver.decay_curve = value
	return true


## Sets `property` by name with set(); true if this function went on.
func _set_by_name(receiver: Object, property: String, value: Variant) -> Variant:
	receiver.set(property, value)
	return true


## A profile, quality profile, significance policy or decay curve set to something else is
## refused like a call's argument, and the setting stays as it was: set typed, untyped and by
## name, then a hundred times more.
func test_settings_that_hold_a_resource_refuse_anything_else() -> void:
	await _after_earlier_warnings()
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var guard_2d := ApsWorldBuilder2D.guard(self, Vector2.ZERO)
	var profile := guard.profile
	var profile_2d := guard_2d.profile
	var quality := ApsQualityProfile.new()
	guard.quality_profile = quality
	var node := Node3D.new()
	add_child(node)
	var wrong_resource: Variant = ApsQualityProfile.new()
	var doomed := Node.new()
	doomed.free()
	var settings := [
		# [label, receiver, property, what stays, the bad value, part of the warning]
		["ApsPerceptionComponent.profile", guard, "profile", profile, node, "Node3D"],
		["ApsPerceptionComponent.profile", guard, "profile", profile, wrong_resource, "an ApsQualityProfile"],
		["ApsPerceptionComponent2D.profile", guard_2d, "profile", profile_2d, doomed, "a freed object"],
		["ApsPerceptionComponent.quality_profile", guard, "quality_profile", quality, node, "Node3D"],
		["ApsWorld.significance_policy", ApsWorld, "significance_policy", null, node, "Node3D"],
		["ApsProfile.decay_curve", profile, "decay_curve", null, node, "Node3D"],
	]
	for s in settings:
		log.clear()
		var receiver: Object = s[1]
		var value: Variant = s[4]
		var went_on := [_set_typed(receiver, s[2], value), _set_untyped(receiver, s[2], value)]
		for i in REPEATS:
			went_on.append(_set_by_name(receiver, s[2], value))
		expect(went_on.all(func(w): return w is bool and w), "%s: the setting script went on each time: %s" % [s[0], went_on.slice(0, 3)])
		expect_eq(receiver.get(s[2]), s[3], "%s: stays as it was" % s[0])
		expect_eq(log.warnings.size(), 1, "%s: one warning:\n%s" % [s[0], log.text()])
		expect_eq(log.count("%s: the value is" % s[0]), 1, "%s: naming the setting:\n%s" % [s[0], log.text()])
		expect_eq(log.count(s[5]), 1, "%s: and what it got:\n%s" % [s[0], log.text()])
		expect(log.errors.is_empty(), "%s: no error:\n%s" % [s[0], "\n".join(log.errors)])
	# The typed way, and the right values, go through as before.
	log.clear()
	guard.profile = null
	guard.profile = profile
	guard.quality_profile = null
	expect_eq(guard.profile, profile, "a profile is set")
	expect_eq(guard.quality_profile, null, "null clears the quality profile")
	expect(log.warnings.is_empty(), "no warning:\n%s" % log.text())


## Where null means something (no instigator, no attention, the main scene's world), it is no
## mistake: no warning.
func test_null_where_a_call_allows_it_is_no_refusal() -> void:
	await _after_earlier_warnings()
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	await seconds(0.5)
	log.clear()
	guard.force_attention_target(null)
	ApsWorld.emit_sound(Vector3(0, 0, -3), 1.0, 10.0, &"unknown", null)
	ApsWorld.report_damage(guard.get_parent(), null, 1.0, Vector3.ZERO)
	var state := ApsWorld.get_world_state(null)
	expect(state != null and state.is_valid(), "null asks for the main scene's world")
	expect(log.warnings.is_empty(), "no warning:\n%s" % log.text())
	expect(log.errors.is_empty(), "no error:\n%s" % "\n".join(log.errors))


## A script making the same mistake every frame is told at most once a second, and each later
## warning says how many it stands for. (A mistake no other test makes: a position where the
## call takes a target.)
func test_a_mistake_made_every_frame_is_told_once_a_second() -> void:
	await _after_earlier_warnings()
	var level := Node2D.new()
	add_child(level)
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	await seconds(0.2)
	log.clear()
	var frames_made := 0
	for i in 150:
		guard.get_belief_state(Vector2(1, 2))
		frames_made += 1
		await frames(1)
	expect_eq(frames_made, 150, "the script went on every frame")
	var told := log.count("ApsPerceptionComponent2D.get_belief_state: target is the Vector2 (1.0, 2.0), not a Node2D")
	expect(told >= 2 and told <= 3, "2.5 s of one mistake every frame: told %d times (at most once a second):\n%s" % [told, log.text()])
	expect_eq(log.count("more times since this was last said"), told - 1, "each later warning counts the calls it stands for:\n%s" % log.text())


# --- what the editor's help shows ------------------------------------------------------------


## No APS call a script makes takes an object that the engine or godot-rust would check before
## APS: each such parameter is a Variant that names its class, which the editor's help shows as
## its type. Scripts' own overrides (`_evaluate`, `_score`, named with an underscore) keep the
## types a script declares them with; a property's setter is typed as the property, and what a
## script sets is refused before it (see the settings test above).
func test_every_object_parameter_is_a_variant_that_names_its_class() -> void:
	var checked := 0
	for c in ClassDB.get_class_list():
		if not c.begins_with("Aps"):
			continue
		var setters := ClassDB.class_get_property_list(c, true).map(func(p): return "set_" + p["name"])
		for m in ClassDB.class_get_method_list(c, true):
			if String(m["name"]).begins_with("_") or m["name"] in setters:
				continue
			for arg in m["args"]:
				expect(arg["type"] != TYPE_OBJECT, "%s.%s(%s) takes an object godot-rust converts before the call (a wrong one fails it)"
						% [c, m["name"], arg["name"]])
				if arg["type"] == TYPE_NIL and arg["class_name"] != &"":
					checked += 1
	expect(checked >= 60, "the object parameters are Variants naming their class (%d)" % checked)
	var expected := {
		["ApsPerceptionComponent", "get_belief_state", "target"]: &"Node3D",
		["ApsPerceptionComponent2D", "set_target_confidence", "target"]: &"Node2D",
		["ApsWorld", "report_damage_2d", "victim"]: &"Node2D",
		["ApsWorld", "report_damage_2d", "instigator"]: &"Node",
		["ApsReplicator", "get_confidence", "target"]: &"Node3D",
	}
	for key in expected:
		var found := {}
		for m in ClassDB.class_get_method_list(key[0], true):
			if m["name"] == key[1]:
				for arg in m["args"]:
					if arg["name"] == key[2]:
						found = arg
		expect_eq([found.get("type"), found.get("class_name")], [TYPE_NIL, expected[key]], "%s.%s(%s): a Variant named %s" % [key[0], key[1], key[2], expected[key]])
