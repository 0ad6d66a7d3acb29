extends ApsTestSuite
## Recording and replay: a scripted chase recorded twice gives the same file, and a
## loaded recording replays the state sequence the signals showed.


func _chase(path: String) -> Array:
	var world := Node3D.new()
	# Targets are named by their path from the scene: the same names give the same file.
	world.name = "Chase"
	add_child(world)
	ApsWorldBuilder.floor(world)
	ApsWorldBuilder.wall(world, Vector3(-6, 1.5, -12), Vector3(12, 3, 0.4))
	var guard := ApsWorldBuilder.guard(world, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(world, Vector3(6, 0, -14), "Runner")
	expect(guard.start_recording(60.0), "recording starts")
	var states := []
	guard.target_state_changed.connect(func(_t, _old, new_state): states.append(new_state))
	await seconds(2.0)
	# Scripted: moved along its path frame by frame, so both runs see the very same positions
	# (move_and_slide's contact with the floor may differ by a hair from run to run).
	for i in 180:
		runner.global_position = Vector3(6.0 - 3.0 * (i + 1) / 60.0, 0, -14)
		await get_tree().physics_frame
	await seconds(3.0)
	expect(guard.save_recording(path), "saved")
	world.free()
	await frames(2)
	return states


func test_a_chase_recorded_twice_gives_identical_files() -> void:
	# APS's driver joins the tree a frame after the first AI of a run appears: a guard first, so
	# that both chases start with it running.
	var first := ApsWorldBuilder.guard(self, Vector3(50, 0, 50), Vector3.FORWARD)
	await frames(2)
	first.get_parent().free()
	var a := await _chase("user://aps_chase_a.json")
	var b := await _chase("user://aps_chase_b.json")
	expect_eq(a, b, "the same signals both times")
	var text_a := FileAccess.get_file_as_string("user://aps_chase_a.json")
	var text_b := FileAccess.get_file_as_string("user://aps_chase_b.json")
	expect(text_a.length() > 1000, "something was recorded")
	expect(text_a == text_b, "identical files")


func test_a_loaded_recording_replays_the_state_sequence_the_signals_showed() -> void:
	var signalled := await _chase("user://aps_chase.json")
	var rec := ApsRecording.load("user://aps_chase.json")
	if not expect(rec != null, "loads"):
		return
	expect(rec.get_tick_count() > 40, "ticks: %d" % rec.get_tick_count())
	expect(rec.get_duration() > 5.0, "covers the chase: %f" % rec.get_duration())
	var names := ["Undetected", "Suspected", "Detected", "Tracked", "Lost", "Remembered", "Expired"]
	var replayed := rec.get_state_changes().map(func(c): return names.find(c["new"]))
	expect_eq(replayed, signalled, "the replay's state changes are the signals'")
	# Stepping tick by tick: each tick's state is the last change's, and readings are there.
	var last := ""
	var seen_vision := false
	for i in rec.get_tick_count():
		var tick: Dictionary = rec.get_tick(i)
		for c in tick["changes"]:
			last = c["new"]
		for b in tick["beliefs"]:
			if b["target"].ends_with("Chase/Runner"):
				if last != "":
					expect_eq(b["state"], last, "tick %d's state" % i)
				if b["readings"].get("vision", 0.0) > 0.0:
					seen_vision = true
	expect(seen_vision, "vision readings were recorded")
	expect_eq(rec.get_tick(-1), {}, "no such tick")
	expect_eq(rec.get_tick(100000), {}, "no such tick")


func test_bad_calls_warn_and_do_nothing() -> void:
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	await frames(2)
	expect(not guard.start_recording(-1.0), "negative seconds refused")
	expect(not guard.start_recording(NAN), "not a number refused")
	expect(not guard.is_recording(), "not recording")
	expect(not guard.save_recording("user://never.json"), "nothing to save")
	expect_eq(guard.stop_recording(), null, "nothing recorded")
	expect_eq(ApsRecording.load("user://does_not_exist.json"), null, "no such file")
	var f := FileAccess.open("user://not_a_recording.json", FileAccess.WRITE)
	f.store_string('{"hello": 1}')
	f.close()
	expect_eq(ApsRecording.load("user://not_a_recording.json"), null, "not a recording")
	expect_eq(ApsRecording.from_json("garbage"), null, "garbage")
