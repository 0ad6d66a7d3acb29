extends ApsTestSuite
## The debugger tab (addons/aps/editor/debugger/): the parser of the game's messages on
## well-formed and damaged data, the texts of the table's rows, the filter, and the tab itself
## instanced headless: filled from a message, picking a perceiver asks the game for it, a
## recording is scrubbed tick by tick. Then the round trips: what a real guard's component
## sends (`get_debug_snapshot()`, `ApsWorld.get_debug_perceivers()`) and records
## (`save_recording()`) reads back as what it believes.

const Data := preload("res://addons/aps/editor/debugger/aps_debugger_data.gd")
const Tab := preload("res://addons/aps/editor/debugger/aps_debugger_tab.gd")
const World := preload("res://tests/framework/world_builder.gd")
const RECORDING := "user://debugger_tab_test_recording.json"

const GUARD_ID := 1001
const DOG_ID := 1002


func _perceivers_message() -> Array:
	return [
		[
			{
				"id": GUARD_ID,
				"name": "Perception",
				"path": "/root/Level/Guard/Perception",
				"awareness": 3,
				"beliefs": 2,
				"drawing": false
			},
			{
				"id": DOG_ID,
				"name": "Perception",
				"path": "/root/Level/Dog/Perception",
				"awareness": 0,
				"beliefs": 0,
				"drawing": true
			},
		]
	]


func _snapshot(id: int = GUARD_ID) -> Dictionary:
	return {
		"id": id,
		"name": "Perception",
		"path": "/root/Level/Guard/Perception",
		"time": 12.5,
		"awareness": 3,
		"awareness_name": "Alerted",
		"attention": "Player",
		"emotions": {"fear": 0.2, "anger": 0.6, "panic": 0.0},
		"dominant_emotion": "anger",
		"drawing": false,
		"beliefs":
		[
			{
				"target": "Player",
				"target_id": 77,
				"state": "Tracked",
				"confidence": 0.623,
				"senses": "vision, hearing",
				"threat": 0.4,
				"loss_reason": "",
				"uncertainty": 1.43,
				"since_sensed": 0.26,
				"why": "vision 0.62: 12 m, in the cone"
			},
			{
				"target": "Crate",
				"target_id": 78,
				"state": "Lost",
				"confidence": 0.31,
				"senses": "",
				"threat": 0.0,
				"loss_reason": "Occluded",
				"uncertainty": 3.0,
				"since_sensed": 2.0,
				"why": "last seen behind the wall"
			},
		],
		"timeline":
		[
			{"time": 10.0, "target": "Player", "old": "Undetected", "new": "Suspected"},
			{"time": 11.2, "target": "Player", "old": "Suspected", "new": "Tracked"},
		],
	}


## A stand-in for ApsRecording: the same three calls, over ticks given in advance.
class FakeRecording:
	extends RefCounted
	var ticks: Array

	func _init(some_ticks: Array) -> void:
		ticks = some_ticks

	func get_tick_count() -> int:
		return ticks.size()

	func get_duration() -> float:
		return ticks[-1]["time"] - ticks[0]["time"] if not ticks.is_empty() else 0.0

	func get_tick(i: int) -> Dictionary:
		return ticks[i]


func _recording_belief(state: String, confidence: float, readings: Dictionary) -> Dictionary:
	return {
		"target": "Player",
		"state": state,
		"confidence": confidence,
		"fused": confidence,
		"readings": readings,
		"loss_reason": "Occluded" if state == "Lost" else "",
		"last_known_position": Vector3(1, 0, -2),
		"predicted_position": Vector3(1.5, 0, -3),
		"uncertainty": 0.8
	}


func _recording_ticks() -> Array:
	return [
		{"time": 1.0, "perceiver": "Guard", "beliefs": []},
		{
			"time": 1.5,
			"perceiver": "Guard",
			"beliefs": [_recording_belief("Suspected", 0.2, {"vision": 0.2})]
		},
		{
			"time": 2.0,
			"perceiver": "Guard",
			"beliefs":
			[_recording_belief("Tracked", 0.7, {"hearing": 0.3, "vision": 0.7, "smell": 0.0})]
		},
		{"time": 2.5, "perceiver": "Guard", "beliefs": [_recording_belief("Lost", 0.6, {})]},
	]


## A headless tab in the tree, and the requests it makes, in order.
func _tab() -> Array:
	var tab: Control = Tab.new()
	add_child(tab)
	var sent := []
	tab.request.connect(func(message: String, data: Array) -> void: sent.append([message, data]))
	return [tab, sent]


func test_the_perceiver_list_is_read_as_sent() -> void:
	var list := Data.parse_perceivers(_perceivers_message())
	expect_eq(list.size(), 2, "two perceivers")
	expect_eq(
		list[0],
		{
			"id": GUARD_ID,
			"name": "Perception",
			"path": "/root/Level/Guard/Perception",
			"awareness": 3,
			"beliefs": 2,
			"drawing": false
		},
		"the guard"
	)
	expect_eq(list[1]["drawing"], true, "the dog is drawn")
	expect_eq(
		Data.perceiver_row(list[0]),
		"Guard/Perception  (Alerted, 2 beliefs)",
		"the guard's line, named with its body"
	)
	expect_eq(
		Data.perceiver_row(list[1]), "Dog/Perception  (Unaware, 0 beliefs, drawn)", "the dog's line"
	)
	# As the game sends them: a StringName name and a NodePath path.
	var typed := Data.parse_perceivers(
		[[{"id": 5, "name": &"Eyes", "path": NodePath("/root/Level/Camera/Eyes"), "beliefs": 1}]]
	)
	expect_eq(typed[0]["path"], "/root/Level/Camera/Eyes", "a NodePath path")
	expect_eq(Data.perceiver_row(typed[0]), "Camera/Eyes  (Unaware, 1 belief)", "its line")
	expect_eq(
		Data.perceiver_label({"id": 5, "name": "Eyes", "path": "/root/Eyes"}),
		"Eyes",
		"right under the root: its name alone"
	)
	expect_eq(
		Data.perceiver_label({"id": 5, "path": "/root/Level/Bat/Ears"}),
		"Bat/Ears",
		"no name: the path's"
	)


func test_a_damaged_perceiver_list_gives_defaults() -> void:
	for data: Variant in [null, 5, "x", [], [null], [7], [{}], [[]]]:
		var list := Data.parse_perceivers(data)
		expect(list.is_empty() or list == [], "nothing from %s" % str(data))
	var list := Data.parse_perceivers(
		[
			[
				3,
				"Guard",
				null,
				{
					"id": "7",
					"name": 3,
					"path": null,
					"awareness": 9,
					"beliefs": -2,
					"drawing": "yes"
				},
				{"id": 8.0, "name": &"Bat", "awareness": 2.0}
			]
		]
	)
	expect_eq(list.size(), 2, "only the Dictionaries are perceivers")
	expect_eq(
		list[0],
		{"id": 0, "name": "", "path": "", "awareness": 0, "beliefs": 0, "drawing": false},
		"every wrong type takes its default"
	)
	expect_eq(
		list[1],
		{"id": 8, "name": "Bat", "path": "", "awareness": 2, "beliefs": 0, "drawing": false},
		"whole floats and StringNames are accepted"
	)
	expect_eq(Data.perceiver_row(list[0]), "#0  (Unaware, 0 beliefs)", "a nameless line")
	expect_eq(Data.perceiver_row(list[1]), "Bat  (Suspicious, 0 beliefs)", "no path: its name")


func test_a_snapshot_is_read_as_sent() -> void:
	var s := Data.parse_perceiver([_snapshot()])
	expect_eq(s["id"], GUARD_ID, "id")
	expect_eq(s["name"], "Perception", "name")
	expect_near(s["time"], 12.5, 1e-6, "time")
	expect_eq(s["awareness"], 3, "awareness")
	expect_eq(s["awareness_name"], "Alerted", "awareness name")
	expect_eq(s["attention"], "Player", "attention")
	expect_eq(s["emotions"], {"fear": 0.2, "anger": 0.6, "panic": 0.0}, "emotions")
	expect_eq(s["dominant_emotion"], "anger", "dominant emotion")
	expect_eq(
		Data.emotions_text(s),
		"anger 0.60 (dominant), fear 0.20",
		"emotions text, those not felt left out"
	)
	expect_eq(s["beliefs"].size(), 2, "two beliefs")
	expect_eq(
		s["beliefs"][1],
		{
			"target": "Crate",
			"target_id": 78,
			"state": "Lost",
			"confidence": 0.31,
			"senses": "",
			"threat": 0.0,
			"loss_reason": "Occluded",
			"uncertainty": 3.0,
			"since_sensed": 2.0,
			"why": "last seen behind the wall"
		},
		"the second belief"
	)
	expect_eq(s["timeline"].size(), 2, "two state changes")
	expect_eq(
		s["timeline"][1],
		{"time": 11.2, "target": "Player", "old": "Suspected", "new": "Tracked"},
		"the newest change"
	)


func test_a_damaged_snapshot_gives_defaults() -> void:
	var empty := Data.parse_perceiver([])
	for data: Variant in [null, [null], ["x"], [[1, 2]], [{}]]:
		expect_eq(Data.parse_perceiver(data), empty, "defaults from %s" % str(data))
	expect_eq(empty["awareness_name"], "Unaware", "no awareness: Unaware")
	expect_eq(empty["beliefs"], [], "no beliefs")
	expect_eq(Data.emotions_text(empty), "none", "no emotions")
	var timeline := []
	for i in 40:
		timeline.append({"time": float(i), "target": "Player", "old": "Lost", "new": "Tracked"})
	timeline.append("not a change")
	var s := Data.parse_perceiver(
		[
			{
				"id": GUARD_ID,
				"time": NAN,
				"awareness": -1,
				"emotions": {"fear": "high", 3: 0.5, "joy": 0.25, "calm": INF},
				"beliefs": "many",
				"timeline": timeline,
				"attention": 5,
				"drawing": 1
			}
		]
	)
	expect_eq(s["id"], GUARD_ID, "the id survives")
	expect_eq(s["time"], 0.0, "NaN time: 0")
	expect_eq(s["awareness"], 0, "out-of-range awareness: 0")
	expect_eq(s["emotions"], {"joy": 0.25}, "only named, finite emotions")
	expect_eq(s["beliefs"], [], "beliefs not an Array: none")
	expect_eq(s["attention"], "", "attention not a String: none")
	expect_eq(s["drawing"], false, "drawing not a bool: off")
	expect_eq(s["timeline"].size(), Data.TIMELINE_LIMIT, "at most 32 changes")
	expect_eq(s["timeline"][-1]["time"], 39.0, "the newest kept")
	expect_eq(s["timeline"][0]["time"], 8.0, "the oldest dropped")
	var b: Array = (
		Data
		. parse_perceiver(
			[{"id": 1, "beliefs": [{"target": 1, "confidence": "0.5", "uncertainty": null}, 4]}]
		)["beliefs"]
	)
	expect_eq(b.size(), 1, "only Dictionary beliefs")
	expect_eq(b[0]["target"], "", "target not a String")
	expect_eq(b[0]["confidence"], 0.0, "confidence not a number")
	expect_eq(b[0]["uncertainty"], -1.0, "no uncertainty: unknown")


func test_rows_are_formatted_for_the_table() -> void:
	var row := Data.belief_columns(_snapshot()["beliefs"][0])
	expect_eq(row.size(), Data.BELIEF_COLUMNS.size(), "one text per column")
	expect_eq(
		row,
		PackedStringArray(
			[
				"Player",
				"Tracked",
				"0.62",
				"vision, hearing",
				"0.40",
				"",
				"1.4 m",
				"0.3 s",
				"vision 0.62: 12 m, in the cone"
			]
		),
		"the player's row"
	)
	expect_eq(
		Data.belief_columns({}),
		PackedStringArray(["", "", "0.00", "", "", "", "", "", ""]),
		"an empty belief: unknowns are empty"
	)
	expect_eq(Data.belief_columns("junk"), Data.belief_columns({}), "not a Dictionary")
	expect_eq(Data.belief_columns({"target_id": 42})[0], "#42", "a nameless target by its id")
	expect_eq(Data.belief_columns({"since_sensed": 1e9})[7], "never", "never sensed")
	expect_eq(
		Data.belief_columns({"loss_reason": "None"})[5], "", "no loss, as a recording says it"
	)
	expect_eq(
		Data.timeline_row(_snapshot()["timeline"][0]),
		"10.00 s  Player: Undetected -> Suspected",
		"a timeline line"
	)
	expect_eq(Data.timeline_row(null), "0.00 s  ?: ? -> ?", "a damaged timeline line")


func test_the_filter_matches_names_ignoring_case() -> void:
	var list := Data.parse_perceivers(_perceivers_message())
	var names := func(found: Array) -> Array:
		return found.map(func(p: Dictionary) -> String: return Data.perceiver_label(p))
	var both := ["Guard/Perception", "Dog/Perception"]
	expect_eq(names.call(Data.filter_perceivers(list, "")), both, "empty: all")
	expect_eq(names.call(Data.filter_perceivers(list, "  ")), both, "blank: all")
	expect_eq(names.call(Data.filter_perceivers(list, "gUA")), ["Guard/Perception"], "any case")
	expect_eq(names.call(Data.filter_perceivers(list, "og")), ["Dog/Perception"], "a part")
	expect_eq(names.call(Data.filter_perceivers(list, "percep")), both, "the component's name")
	expect_eq(names.call(Data.filter_perceivers(list, "Level")), [], "not the whole path")
	expect_eq(Data.filter_perceivers("junk", "g"), [], "not a list")
	expect_eq(
		names.call(Data.filter_perceivers(list + [5], null)),
		both,
		"junk entries and text are ignored"
	)


func test_a_recording_tick_becomes_table_rows() -> void:
	var ticks := _recording_ticks()
	var rows := Data.recording_tick_beliefs(ticks[2])
	expect_eq(rows.size(), 1, "one belief")
	var row := Data.belief_columns(rows[0])
	expect_eq(row[0], "Player", "target")
	expect_eq(row[1], "Tracked", "state")
	expect_eq(row[2], "0.70", "confidence")
	expect_eq(row[3], "vision, hearing", "senses above 0, strongest first")
	expect_eq(row[4], "", "a recording holds no threat")
	expect_eq(row[6], "0.8 m", "uncertainty")
	expect_eq(row[7], "", "nor time since sensed")
	expect_eq(
		row[8],
		(
			"fused 0.70; vision 0.70; hearing 0.30; last known (1.0, 0.0, -2.0); "
			+ "predicted (1.5, 0.0, -3.0)"
		),
		"why: fused, readings, positions"
	)
	expect_eq(
		Data.belief_columns(Data.recording_tick_beliefs(ticks[3])[0])[5], "Occluded", "loss reason"
	)
	expect_eq(Data.recording_tick_beliefs({"beliefs": [1, {}]}).size(), 1, "junk skipped")
	expect_eq(Data.recording_tick_beliefs(null), [], "not a tick")
	expect_eq(Data.recording_tick_title(ticks[1]), "1.50 s  Guard", "a tick's title")
	var changes := Data.recording_state_changes(ticks)
	expect_eq(
		changes.map(func(e: Dictionary) -> String: return Data.timeline_row(e)),
		[
			"1.50 s  Player: Undetected -> Suspected",
			"2.00 s  Player: Suspected -> Tracked",
			"2.50 s  Player: Tracked -> Lost",
		],
		"the state changes the ticks show"
	)
	expect_eq(
		Data.recording_state_changes([ticks[3], ticks[3]]), [], "the first tick changes nothing"
	)


func test_the_tab_fills_from_messages() -> void:
	var made := _tab()
	var tab: Control = made[0]
	var sent: Array = made[1]
	expect_eq(tab.name, "APS", "the tab's title")
	tab.set_rate(10.0)
	expect_eq(sent, [], "nothing is asked of a game that has not spoken yet")
	tab.set_rate(Tab.DEFAULT_RATE)
	expect(tab.receive("aps:perceivers", _perceivers_message()), "aps:perceivers is handled")
	expect(not tab.receive("other:thing", []), "another capture's message is not")
	expect_eq(sent, [["aps:rate", [Tab.DEFAULT_RATE]]], "the game is told the rate once it answers")
	expect_eq(tab.perceiver_list.item_count, 2, "two perceivers listed")
	expect_eq(
		tab.perceiver_list.get_item_text(0),
		"Guard/Perception  (Alerted, 2 beliefs)",
		"the guard listed"
	)
	tab.filter_edit.text = "dog"
	tab.filter_edit.text_changed.emit("dog")
	expect_eq(tab.perceiver_list.item_count, 1, "the filter keeps the dog")
	tab.filter_edit.text = ""
	tab.filter_edit.text_changed.emit("")
	expect_eq(tab.perceiver_list.item_count, 2, "an empty filter shows both")

	# A click on the guard.
	tab.perceiver_list.select(0)
	tab.perceiver_list.item_selected.emit(0)
	expect_eq(tab.picked_id, GUARD_ID, "the guard is picked")
	expect_eq(sent.back(), ["aps:pick", [GUARD_ID]], "the pick goes to the game")
	tab.receive("aps:perceiver", [_snapshot(DOG_ID)])
	expect_eq(tab.belief_row_count(), 0, "a snapshot of another perceiver is ignored")
	tab.receive("aps:perceiver", [_snapshot()])
	expect_eq(tab.belief_row_count(), 2, "two beliefs in the table")
	expect_eq(tab.belief_tree.get_root().get_child(0).get_text(2), "0.62", "the confidence cell")
	expect_eq(tab.belief_tree.get_root().get_child(1).get_text(5), "Occluded", "the loss cell")
	expect_eq(tab.timeline_list.item_count, 2, "two state changes")
	expect_eq(
		tab.timeline_list.get_item_text(0), "11.20 s  Player: Suspected -> Tracked", "newest first"
	)
	expect(
		(
			tab.summary_label.text.contains("Alerted")
			and tab.summary_label.text.contains("Player")
			and tab.summary_label.text.contains("anger 0.60 (dominant)")
		),
		"awareness, attention, emotions: %s" % tab.summary_label.text
	)
	# One belief fewer: the table follows.
	var fewer := _snapshot()
	fewer["beliefs"].pop_back()
	tab.receive("aps:perceiver", [fewer])
	expect_eq(tab.belief_row_count(), 1, "one belief left")
	# A list update keeps the pick selected.
	tab.receive("aps:perceivers", _perceivers_message())
	expect_eq(tab.perceiver_list.get_selected_items(), PackedInt32Array([0]), "still selected")

	tab.session_stopped()
	expect_eq(tab.perceiver_list.item_count, 0, "a stopped game lists nothing")
	expect_eq(tab.belief_row_count(), 0, "and shows no belief")
	expect_eq(tab.picked_id, 0, "nor a pick")


func test_the_tab_asks_the_rate_and_the_drawing() -> void:
	var made := _tab()
	var tab: Control = made[0]
	var sent: Array = made[1]
	tab.receive("aps:perceivers", _perceivers_message())
	sent.clear()
	tab.rate_option.select(4)
	tab.rate_option.item_selected.emit(4)
	expect_eq(sent, [["aps:rate", [20.0]]], "20 Hz asked")
	sent.clear()
	tab.pick(GUARD_ID)
	tab.draw_check.button_pressed = true
	expect_eq(
		sent, [["aps:pick", [GUARD_ID]], ["aps:draw", [GUARD_ID, true]]], "pick, then draw it"
	)
	sent.clear()
	tab.pick(DOG_ID)
	expect_eq(
		sent,
		[["aps:draw", [GUARD_ID, false]], ["aps:pick", [DOG_ID]], ["aps:draw", [DOG_ID, true]]],
		"the drawing follows the pick"
	)
	sent.clear()
	tab.pick(DOG_ID)
	expect_eq(sent, [], "picking it again asks nothing")
	tab.draw_check.button_pressed = false
	expect_eq(sent, [["aps:draw", [DOG_ID, false]]], "draw off")


func test_a_recording_is_scrubbed_in_the_table() -> void:
	var made := _tab()
	var tab: Control = made[0]
	expect(tab.open_recording(FakeRecording.new(_recording_ticks()), "chase.json"), "opened")
	expect(tab.recording_bar.visible, "the slider shows")
	expect_eq(int(tab.recording_slider.max_value), 3, "one step per tick")
	expect_eq(tab.belief_row_count(), 0, "tick 1 believes nothing")
	tab.recording_slider.value = 2
	expect_eq(tab.belief_row_count(), 1, "tick 3: one belief")
	expect_eq(tab.belief_tree.get_root().get_child(0).get_text(1), "Tracked", "its state")
	expect_eq(tab.timeline_list.item_count, 2, "two changes up to tick 3")
	# Live snapshots do not overwrite the recording.
	tab.receive("aps:perceivers", _perceivers_message())
	tab.pick(GUARD_ID)
	tab.receive("aps:perceiver", [_snapshot()])
	expect_eq(tab.belief_row_count(), 1, "the recording stays on screen")
	tab.close_recording()
	expect(not tab.recording_bar.visible, "back to live")
	expect_eq(tab.belief_row_count(), 2, "the live beliefs show again")
	expect(not tab.open_recording(FakeRecording.new([]), "empty.json"), "an empty recording")
	expect(not tab.open_recording(RefCounted.new(), "x"), "not a recording")
	expect(not tab.load_recording("user://no_such_recording.json"), "no such file: not loaded")
	expect(not tab.recording_bar.visible, "and nothing shown of it")


func test_the_plugin_scripts_load() -> void:
	for path in [
		"res://addons/aps/editor/debugger/aps_debugger_plugin.gd", "res://addons/aps/plugin.gd"
	]:
		var script: GDScript = load(path)
		# An EditorDebuggerPlugin is made only in the editor: here it can only load.
		expect(script != null and script.can_instantiate(), "%s loads" % path)


func test_a_real_guards_snapshot_reads_back_as_it_believes() -> void:
	World.floor(self)
	var eye := World.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := World.body(self, Vector3(0, 0, -8), "Runner")
	var tracked := func() -> bool:
		return eye.get_belief_state(runner) == ApsPerceptionComponent.STATE_TRACKED
	if not expect(await wait_until(tracked, 10.0), "the guard tracks the runner"):
		return
	var s := Data.parse_perceiver([eye.get_debug_snapshot()])
	expect_eq(s["id"], eye.get_instance_id(), "id")
	expect_eq(s["name"], "Perception", "name")
	expect_eq(s["path"], str(eye.get_path()), "path")
	expect_eq(Data.perceiver_label(s), "Guard/Perception", "label")
	expect_eq(s["awareness"], eye.get_awareness_level(), "awareness")
	expect(s["awareness_name"] != "", "an awareness name: %s" % s["awareness_name"])
	expect(s["time"] > 0.0, "perception time: %.2f" % s["time"])
	expect(String(s["attention"]).ends_with("Runner"), "attention: %s" % s["attention"])
	expect_eq(s["beliefs"].size(), eye.get_known_targets().size(), "one belief per known target")
	var row: Dictionary = {}
	for b: Dictionary in s["beliefs"]:
		if b["target_id"] == runner.get_instance_id():
			row = b
	if not expect(not row.is_empty(), "a belief about the runner, by its instance id"):
		return
	expect(String(row["target"]).ends_with("Runner"), "target: %s" % row["target"])
	expect_eq(row["state"], "Tracked", "state")
	expect_near(row["confidence"], eye.get_confidence(runner), 1e-4, "confidence")
	expect_near(row["uncertainty"], eye.get_uncertainty_radius(runner), 1e-4, "uncertainty")
	expect_near(row["threat"], eye.get_threat_score(runner), 1e-4, "threat")
	expect(String(row["senses"]).contains("vision"), "senses: %s" % row["senses"])
	expect_eq(row["loss_reason"], "", "not lost")
	expect(
		row["since_sensed"] >= 0.0 and row["since_sensed"] < 1.0,
		"sensed just now: %.2f" % row["since_sensed"]
	)
	expect(row["why"] != "", "a reason: %s" % row["why"])
	var cells := Data.belief_columns(row)
	expect_eq(cells[2], "%.2f" % eye.get_confidence(runner), "the confidence cell")
	expect_eq(
		s["timeline"].back()["new"] if not s["timeline"].is_empty() else "",
		"Tracked",
		"the timeline ends on Tracked"
	)
	# The list, as the game sends it, and the tab filled from both.
	var list := Data.parse_perceivers([ApsWorld.get_debug_perceivers()])
	var mine := Data.filter_perceivers(list, "Guard/Perception")
	expect_eq(mine.size(), 1, "the guard is listed")
	if not mine.is_empty():
		expect_eq(mine[0]["id"], eye.get_instance_id(), "its id")
		expect_eq(mine[0]["awareness"], eye.get_awareness_level(), "its awareness")
		expect_eq(mine[0]["beliefs"], eye.get_known_targets().size(), "its beliefs")
	var tab: Control = _tab()[0]
	tab.receive("aps:perceivers", [ApsWorld.get_debug_perceivers()])
	tab.pick(eye.get_instance_id())
	tab.receive("aps:perceiver", [eye.get_debug_snapshot()])
	expect_eq(tab.belief_row_count(), eye.get_known_targets().size(), "the table's rows")


func test_a_saved_recording_replays_in_the_tab() -> void:
	World.floor(self)
	var eye := World.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := World.body(self, Vector3(0, 0, -8), "Runner")
	if not expect(eye.start_recording(30.0), "recording"):
		return
	var tracked := func() -> bool:
		return eye.get_belief_state(runner) == ApsPerceptionComponent.STATE_TRACKED
	expect(await wait_until(tracked, 10.0), "the guard tracks the runner")
	# Then the runner leaves its sight, behind its back.
	runner.global_position = Vector3(0, 0, 8)
	await seconds(1.0)
	expect(eye.save_recording(RECORDING), "saved")
	var tab: Control = _tab()[0]
	if not expect(tab.load_recording(RECORDING), "the tab loads it: %s" % tab.status_label.text):
		return
	var recording: Object = ClassDB.class_call_static("ApsRecording", "load", RECORDING)
	var ticks: int = recording.get_tick_count()
	expect_eq(int(tab.recording_slider.max_value), ticks - 1, "one step per tick")
	# Scrubbed to the end: the runner is there, lost, and the timeline says how it went.
	tab.recording_slider.value = ticks - 1
	expect_eq(tab.belief_row_count(), 1, "one belief at the end")
	var state: String = (
		tab.belief_tree.get_root().get_child(0).get_text(1) if tab.belief_row_count() > 0 else ""
	)
	expect_eq(
		state, _state_name(eye.get_belief_state(runner)), "the last tick's state is the guard's now"
	)
	var changes: Array = recording.get_state_changes()
	expect_eq(
		tab.timeline_list.item_count,
		mini(changes.size(), Data.TIMELINE_LIMIT),
		"every recorded change up to the end"
	)
	expect(changes.size() >= 2, "at least Suspected and Tracked: %s" % str(changes))
	tab.recording_slider.value = 0
	expect(
		tab.summary_label.text.ends_with("  " + recording.get_perceiver()),
		"the first tick's title names the perceiver: %s" % tab.summary_label.text
	)
	DirAccess.remove_absolute(ProjectSettings.globalize_path(RECORDING))


func _state_name(state: int) -> String:
	return ["Undetected", "Suspected", "Detected", "Tracked", "Lost", "Remembered", "Expired"][state]
