extends ApsTestSuite
## Saved games: a level saved mid-chase and rebuilt from its scene remembers what
## the guard knew, runs on tick by tick as the uninterrupted level does, and damaged data loads
## what it can with one warning per problem.

const SAVE_FRAME := 150
const AFTER_FRAMES := 240


## A level: floor, a wall, a guard in squad "alpha", a player with a persistent id running
## left behind the wall, a second runner who ducks early.
func _level(level_name: String, parent: Node = null) -> Node3D:
	var level := Node3D.new()
	level.name = level_name
	(parent if parent != null else self).add_child(level)
	ApsWorldBuilder.floor(level)
	ApsWorldBuilder.wall(level, Vector3(-6, 1.5, -12), Vector3(12, 3, 0.4))
	var guard := ApsWorldBuilder.guard(level, Vector3.ZERO, Vector3.FORWARD)
	ApsWorld.join_squad(guard, &"alpha", &"lead")
	var player := ApsWorldBuilder.body(level, _player_at(0), "Player")
	var id := ApsTargetComponent.new()
	id.persistent_id = "player"
	player.add_child(id)
	ApsWorldBuilder.body(level, _ducker_at(0), "Ducker")
	return level


## Scripted paths, by frame: both runs see the very same positions.
func _player_at(frame: int) -> Vector3:
	return Vector3(clampf(4.0 - 3.0 * maxi(frame - 120, 0) / 60.0, -8.0, 4.0), 0, -13)


func _ducker_at(frame: int) -> Vector3:
	return Vector3(clampf(1.5 - 3.0 * maxi(frame - 30, 0) / 60.0, -8.0, 1.5), 0, -13)


func _move(level: Node3D, frame: int) -> void:
	level.get_node("Player").global_position = _player_at(frame)
	level.get_node("Ducker").global_position = _ducker_at(frame)


## What the guard believes, frame by frame, in a form two runs compare exactly.
func _beliefs(level: Node3D) -> String:
	var guard: ApsPerceptionComponent = level.get_node("Guard/Perception")
	# The mind: the clocks relative to the world's differ by a rounding between two runs.
	return JSON.stringify(guard.save_beliefs()["core"]["mind"], "", true, true)


func _starts_the_driver() -> void:
	# APS's driver joins the tree a frame after the first AI of a run appears.
	var first := ApsWorldBuilder.guard(self, Vector3(80, 0, 80), Vector3.FORWARD)
	await frames(2)
	first.get_parent().free()


## Plays frames `from`..`to` of the chase, returning the guard's beliefs after each.
func _play(level: Node3D, from: int, to: int) -> Array:
	var seen := []
	for frame in range(from, to):
		_move(level, frame)
		if frame == 100:
			# A shot with no known shooter: a belief about a place.
			ApsWorld.get_world_state(level).emit_sound(
				Vector3(-4, 0, 6), 1.0, 40.0, &"gunshot", null
			)
		await get_tree().physics_frame
		seen.append(_beliefs(level))
	return seen


## A World3D of its own: what APS holds of one run's world never reaches the other's.
func _own_world() -> SubViewport:
	var viewport := SubViewport.new()
	viewport.name = "World"
	viewport.own_world_3d = true
	add_child(viewport)
	return viewport


func test_a_reloaded_level_runs_on_tick_by_tick_as_the_uninterrupted_one() -> void:
	await _starts_the_driver()
	var first_world := _own_world()
	var a := _level("Level", first_world)
	var conditions := ApsWorld.get_world_state(a)
	conditions.wind = Vector3(1, 0, 0)
	conditions.rain = 0.25
	conditions.add_light_zone(Vector3(20, 0, 20), 5.0, 0.3)
	await frames(1)
	await _play(a, 0, SAVE_FRAME)
	var guard: ApsPerceptionComponent = a.get_node("Guard/Perception")
	var player := a.get_node("Player")
	expect_eq(
		guard.get_belief_state(player),
		ApsPerceptionComponent.STATE_TRACKED,
		"the player is tracked"
	)
	expect_eq(
		guard.get_belief_state(a.get_node("Ducker")),
		ApsPerceptionComponent.STATE_LOST,
		"the ducker is lost"
	)
	expect(guard.get_location_beliefs().size() == 1, "the shot is a place belief")
	# Saved, written as JSON text and read back, as a game would.
	var text := JSON.stringify(ApsWorld.save_state(a), "", false, true)
	var data: Dictionary = JSON.parse_string(text)
	var uninterrupted := await _play(a, SAVE_FRAME, SAVE_FRAME + AFTER_FRAMES)

	# The same level, built again in a world of its own: nothing of the first run is in it
	# but what the save carries (the shot still ringing, the wind, the lamp, the squad).
	first_world.free()
	await frames(1)
	var b := _level("Level", _own_world())
	_move(b, SAVE_FRAME - 1)
	var fresh := ApsWorld.get_world_state(b)
	expect_eq(fresh.wind, Vector3.ZERO, "a fresh world has no wind yet")
	ApsWorld.leave_squad(b.get_node("Guard/Perception"))
	var warnings := ApsWarningLog.start()
	var loaded := []
	b.get_node("Guard/Perception").beliefs_loaded.connect(func(): loaded.append(true))
	var states := ApsSignalLog.new(b.get_node("Guard/Perception"))
	expect(ApsWorld.load_state(b, data), "loaded")
	warnings.stop()
	expect_eq(warnings.text(), "", "no warnings")
	expect_eq(fresh.wind, Vector3(1, 0, 0), "the wind")
	expect_eq(fresh.rain, 0.25, "the rain")
	expect_near(fresh.get_light_at(Vector3(20, 0, 20)), 0.3, 1e-6, "the lamp's zone")
	expect_eq(ApsWorld.get_squad_role(b.get_node("Guard/Perception")), &"lead", "back in its squad")
	var resumed := await _play(b, SAVE_FRAME, SAVE_FRAME + AFTER_FRAMES)
	expect_eq(loaded.size(), 1, "beliefs_loaded once")
	var first_difference := -1
	for i in uninterrupted.size():
		if uninterrupted[i] != resumed[i]:
			first_difference = i
			break
	expect_eq(
		first_difference,
		-1,
		(
			"every tick the same beliefs (first difference: %s\n%s)"
			% [
				first_difference,
				(
					""
					if first_difference < 0
					else "%s\n%s" % [uninterrupted[first_difference], resumed[first_difference]]
				)
			]
		)
	)
	expect(
		states.count("target_lost") >= 1, "the chase goes on after the load: %s" % [states.names()]
	)


func test_a_load_fires_no_state_signals_and_beliefs_loaded_once() -> void:
	var level := _level("Quiet")
	await frames(1)
	await _play(level, 0, 60)
	var guard: ApsPerceptionComponent = level.get_node("Guard/Perception")
	var player := level.get_node("Player")
	expect_eq(guard.get_belief_state(player), ApsPerceptionComponent.STATE_TRACKED, "tracked")
	var saved := guard.save_beliefs()
	var fresh := ApsWorldBuilder.guard(level, Vector3(3, 0, 0), Vector3.FORWARD)
	var log := ApsSignalLog.new(fresh)
	expect(fresh.load_beliefs(saved), "loaded")
	expect_eq(
		fresh.get_belief_state(player), ApsPerceptionComponent.STATE_TRACKED, "tracked at once"
	)
	expect_eq(fresh.get_attention_target(), guard.get_attention_target(), "attention restored")
	expect_eq(fresh.get_awareness_level(), guard.get_awareness_level(), "awareness restored")
	expect_near(
		fresh.get_confidence(player), guard.get_confidence(player), 1e-6, "confidence restored"
	)
	await frames(1)
	expect_eq(log.count("beliefs_loaded"), 1, "beliefs_loaded once")
	for s in [
		"target_suspected",
		"target_detected",
		"target_tracked",
		"target_state_changed",
		"awareness_changed",
		"attention_changed"
	]:
		expect_eq(log.count(s), 0, "no %s for a restored state" % s)


func _plain(v: Variant, path: String) -> String:
	match typeof(v):
		TYPE_NIL, TYPE_BOOL, TYPE_INT, TYPE_STRING:
			return ""
		TYPE_FLOAT:
			return "" if is_finite(v) else "%s is not finite" % path
		TYPE_ARRAY:
			for i in v.size():
				var bad := _plain(v[i], "%s[%d]" % [path, i])
				if bad != "":
					return bad
			return ""
		TYPE_DICTIONARY:
			for k in v:
				if typeof(k) != TYPE_STRING:
					return "%s has a key that is not a String" % path
				var bad := _plain(v[k], "%s.%s" % [path, k])
				if bad != "":
					return bad
			return ""
	return "%s is a %s" % [path, type_string(typeof(v))]


func test_saved_data_is_plain_and_goes_through_json_and_store_var() -> void:
	var level := _level("Plain")
	await frames(1)
	await _play(level, 0, 150)
	var guard: ApsPerceptionComponent = level.get_node("Guard/Perception")
	var saved := guard.save_beliefs()
	expect_eq(_plain(saved, "beliefs"), "", "only numbers, strings, arrays, dictionaries")
	expect_eq(saved["format"], "aps_beliefs", "the format")
	expect_eq(saved["version"], 1, "the version")
	var state := ApsWorld.save_state(level)
	expect_eq(_plain(state, "state"), "", "the world's state too")
	var file := FileAccess.open("user://aps_save_test.bin", FileAccess.WRITE)
	file.store_var(saved)
	file.close()
	var read: Dictionary = FileAccess.open("user://aps_save_test.bin", FileAccess.READ).get_var()
	var through_json: Dictionary = JSON.parse_string(JSON.stringify(saved))
	for copy in [read, through_json]:
		var other := ApsWorldBuilder.guard(level, Vector3(5, 0, 0), Vector3.FORWARD)
		var warnings := ApsWarningLog.start()
		expect(other.load_beliefs(copy), "loaded")
		warnings.stop()
		expect_eq(warnings.text(), "", "no warnings")
		expect_eq(
			other.get_belief_state(level.get_node("Player")),
			guard.get_belief_state(level.get_node("Player")),
			"the same state"
		)
		other.get_parent().free()


func test_a_target_that_is_gone_becomes_a_place_or_is_dropped() -> void:
	var level := _level("Gone")
	await frames(1)
	await _play(level, 0, 60)
	var guard: ApsPerceptionComponent = level.get_node("Guard/Perception")
	var ducker := level.get_node("Ducker")
	var where := guard.get_last_known_position(ducker)
	var saved := guard.save_beliefs()
	ducker.free()
	var as_place := ApsWorldBuilder.guard(level, Vector3(3, 0, 0), Vector3.FORWARD)
	expect(as_place.load_beliefs(saved), "loaded")
	var places := as_place.get_location_beliefs()
	expect_eq(places.size(), 1, "one place: %s" % [places])
	if places.size() == 1:
		expect_eq(places[0]["tag"], &"missing_target", "tagged")
		expect(places[0]["location"].distance_to(where) < 1e-4, "where it was last known")
	var dropped := ApsWorldBuilder.guard(level, Vector3(-3, 0, 0), Vector3.FORWARD)
	expect(dropped.load_beliefs(saved, ApsPerceptionComponent.MISSING_TARGETS_DROP), "loaded")
	expect_eq(dropped.get_location_beliefs().size(), 0, "dropped")
	expect_eq(dropped.get_known_targets().size(), 1, "only the player")


func test_a_persistent_id_reconnects_a_target_that_moved_in_the_tree() -> void:
	var level := _level("Ids")
	await frames(1)
	await _play(level, 0, 60)
	var guard: ApsPerceptionComponent = level.get_node("Guard/Perception")
	var saved := guard.save_beliefs()
	# The player is rebuilt elsewhere in the tree, under another name, with the same id.
	level.get_node("Player").free()
	var moved := ApsWorldBuilder.body(level, _player_at(60), "SomeoneElse")
	var id := ApsTargetComponent.new()
	id.persistent_id = "player"
	moved.add_child(id)
	expect(guard.load_beliefs(saved), "loaded")
	expect_eq(
		guard.get_belief_state(moved),
		ApsPerceptionComponent.STATE_TRACKED,
		"the belief found the new node"
	)


var _damaged_level: Node3D


## The guard's saved beliefs with `damage` done to them, loaded into a fresh guard.
func _damaged(damage: Callable) -> Dictionary:
	if _damaged_level != null:
		_damaged_level.free()
	var level := _level("Damaged")
	_damaged_level = level
	await frames(1)
	await _play(level, 0, 60)
	var guard: ApsPerceptionComponent = level.get_node("Guard/Perception")
	var saved: Dictionary = guard.save_beliefs().duplicate(true)
	damage.call(saved)
	var fresh := ApsWorldBuilder.guard(level, Vector3(3, 0, 0), Vector3.FORWARD)
	var warnings := ApsWarningLog.start()
	var ok := fresh.load_beliefs(saved)
	warnings.stop()
	return {"ok": ok, "warnings": warnings, "guard": fresh, "player": level.get_node("Player")}


func _player_belief(saved: Dictionary) -> Dictionary:
	for b in saved["core"]["mind"]["beliefs"]:
		if b["target"] == "id:player":
			return b
	return {}


func test_damaged_data_warns_once_per_problem_and_loads_the_rest() -> void:
	var missing := await _damaged(func(d): _player_belief(d).erase("state"))
	expect(missing["ok"], "loaded")
	expect_eq(
		missing["warnings"].count("load_beliefs"),
		1,
		"one warning:\n%s" % missing["warnings"].text()
	)
	expect_eq(
		missing["warnings"].count(".state: missing"),
		1,
		"names the field:\n%s" % missing["warnings"].text()
	)
	expect(missing["guard"].get_confidence(missing["player"]) > 0.5, "the rest of the belief loads")

	var wrong := await _damaged(func(d): _player_belief(d)["confidence"] = "very")
	expect_eq(
		wrong["warnings"].count("load_beliefs"), 1, "one warning:\n%s" % wrong["warnings"].text()
	)
	expect_eq(
		wrong["warnings"].count(".confidence: invalid type"),
		1,
		"names the field:\n%s" % wrong["warnings"].text()
	)
	expect_eq(
		wrong["guard"].get_belief_state(wrong["player"]),
		ApsPerceptionComponent.STATE_TRACKED,
		"the state loads"
	)

	var nan := await _damaged(func(d): _player_belief(d)["last_known_position"] = [NAN, 0.0, INF])
	expect_eq(nan["warnings"].count("load_beliefs"), 1, "one warning:\n%s" % nan["warnings"].text())
	expect_eq(
		nan["warnings"].count("last_known_position"),
		1,
		"names the field:\n%s" % nan["warnings"].text()
	)
	var p: Vector3 = nan["guard"].get_last_known_position(nan["player"])
	expect(p.is_finite(), "never a non-finite position: %s" % p)

	var newer := await _damaged(
		func(d):
			d["version"] = 99
			d["core"]["mind"]["brain"]["boredom"] = 0.5
	)
	expect(newer["ok"], "a newer save loads")
	expect_eq(
		newer["warnings"].count("load_beliefs"),
		2,
		"two problems, two warnings:\n%s" % newer["warnings"].text()
	)
	expect_eq(
		newer["warnings"].count("version: 99 is newer"),
		1,
		"the version:\n%s" % newer["warnings"].text()
	)
	expect_eq(
		newer["warnings"].count("boredom: not known"),
		1,
		"the unknown field:\n%s" % newer["warnings"].text()
	)
	expect_eq(
		newer["guard"].get_belief_state(newer["player"]),
		ApsPerceptionComponent.STATE_TRACKED,
		"everything else loads"
	)


func test_data_that_is_not_aps_beliefs_loads_nothing() -> void:
	var level := _level("NotOurs")
	await frames(1)
	await _play(level, 0, 60)
	var guard: ApsPerceptionComponent = level.get_node("Guard/Perception")
	var player := level.get_node("Player")
	var warnings := ApsWarningLog.start()
	expect(not guard.load_beliefs({}), "an empty dictionary is refused")
	expect(not guard.load_beliefs({"format": "my_game_save"}), "another format is refused")
	expect(not guard.load_beliefs(ApsWorld.save_state(level)), "a world's state is refused")
	expect(
		not ApsWorld.load_state(level, guard.save_beliefs()),
		"a perceiver's beliefs are refused by load_state"
	)
	expect(not ApsWorld.load_state(null, {}), "no root")
	expect(
		guard.load_beliefs(guard.save_beliefs(), 7), "a bad missing_targets loads as the default"
	)
	warnings.stop()
	expect_eq(warnings.count("nothing is loaded"), 5, "each refusal says so:\n%s" % warnings.text())
	expect_eq(warnings.count("missing_targets 7"), 1, "the bad argument:\n%s" % warnings.text())
	expect_eq(
		guard.get_belief_state(player), ApsPerceptionComponent.STATE_TRACKED, "nothing was wiped"
	)


func test_on_a_client_loading_is_refused() -> void:
	var level := _level("Client")
	await frames(1)
	var guard: ApsPerceptionComponent = level.get_node("Guard/Perception")
	var saved := guard.save_beliefs()
	var peer := ENetMultiplayerPeer.new()
	peer.create_client("127.0.0.1", 9)
	var mp := SceneMultiplayer.new()
	mp.multiplayer_peer = peer
	get_tree().set_multiplayer(mp, get_path())
	var warnings := ApsWarningLog.start()
	expect(not guard.load_beliefs(saved), "load_beliefs is refused")
	expect(not ApsWorld.load_state(level, ApsWorld.save_state(level)), "load_state is refused")
	warnings.stop()
	expect_eq(
		warnings.count("perception runs on the server"),
		2,
		"one warning each:\n%s" % warnings.text()
	)
	get_tree().set_multiplayer(null, get_path())


func test_a_target_outside_the_loaded_root_is_found_by_its_persistent_id() -> void:
	# The player lives outside the level that is saved and rebuilt (a persistent player node).
	var hero := ApsWorldBuilder.body(self, Vector3(0, 0, -8), "Hero")
	var id := ApsTargetComponent.new()
	id.persistent_id = "hero"
	hero.add_child(id)
	var level := Node3D.new()
	level.name = "Level"
	add_child(level)
	ApsWorldBuilder.floor(level)
	var guard := ApsWorldBuilder.guard(level, Vector3.ZERO, Vector3.FORWARD)
	await wait_until(
		func(): return guard.get_belief_state(hero) == ApsPerceptionComponent.STATE_TRACKED, 5.0
	)
	var data := ApsWorld.save_state(level)
	level.free()
	var again := Node3D.new()
	again.name = "Level"
	add_child(again)
	ApsWorldBuilder.floor(again)
	var rebuilt := ApsWorldBuilder.guard(again, Vector3.ZERO, Vector3.FORWARD)
	expect(ApsWorld.load_state(again, data), "loaded")
	expect_eq(
		rebuilt.get_belief_state(hero),
		ApsPerceptionComponent.STATE_TRACKED,
		"the hero, not a place"
	)
	expect_eq(rebuilt.get_location_beliefs().size(), 0, "no missing_target place")
