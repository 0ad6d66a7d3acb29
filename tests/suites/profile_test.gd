extends ApsTestSuite
## ApsProfile as a resource: the spec's defaults, inspector groups and hints, .tres and TOML
## round trips.


func test_defaults_are_the_specs() -> void:
	var p := ApsProfile.new()
	expect_near(p.suspect_threshold, 0.15, 1e-6, "Suspect")
	expect_near(p.detect_threshold, 0.35, 1e-6, "Detect")
	expect_near(p.track_threshold, 0.60, 1e-6, "Track")
	expect_near(p.full_aware_threshold, 0.85, 1e-6, "Full Aware")
	expect_near(p.memory_expire_threshold, 0.05, 1e-6, "Memory Expire")
	expect_near(p.min_track_duration, 0.5, 1e-6, "Min Track Duration")
	expect_near(p.corroboration_bonus, 0.1, 1e-6, "Corroboration Bonus")
	expect_near(p.vision_grace_time, 0.3, 1e-6, "vision grace")
	expect_eq(p.vision_direct_cut, true, "vision direct cut")
	expect_near(p.smell_grace_time, 20.0, 1e-6, "smell grace")
	expect_near(p.attention_stickiness_time, 2.0, 1e-6, "stickiness")
	expect_near(p.attention_switch_threshold, 0.2, 1e-6, "switch threshold")
	expect_eq(p.max_tracked_targets, 16, "Max Tracked Targets")
	expect_near(p.base_update_interval, 0.1, 1e-6, "Base Update Interval")
	expect_near(p.maintenance_interval, 0.5, 1e-6, "Maintenance Interval")


func test_the_inspector_groups_and_hints() -> void:
	var p := ApsProfile.new()
	var groups := []
	var hints := {}
	for prop in p.get_property_list():
		if prop["usage"] & PROPERTY_USAGE_GROUP:
			groups.append(prop["name"])
		hints[prop["name"]] = prop["hint_string"]
	for g in [
		"Thresholds",
		"Fusion and Sense Weights",
		"Smoothing",
		"Loss per Sense",
		"Attention",
		"Performance",
		"Vision",
		"Hearing"
	]:
		expect(g in groups, "group %s" % g)
	expect(
		hints["min_track_duration"].contains("suffix:s"),
		"seconds: %s" % hints["min_track_duration"]
	)
	expect(hints["vision_max_range"].contains("suffix:m"), "metres: %s" % hints["vision_max_range"])
	expect(hints["suspect_threshold"].begins_with("0,1"), "0..1: %s" % hints["suspect_threshold"])


func test_tres_round_trip() -> void:
	var p := ApsProfile.new()
	p.smell_weight = 1.5
	p.vision_weight = 0.6
	p.hearing_grace_time = 4.5
	var path := "user://aps_profile_test.tres"
	expect_eq(ResourceSaver.save(p, path), OK, "saved")
	var back: ApsProfile = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	expect_eq(back.to_dict(), p.to_dict(), "every setting survives .tres")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))


func test_toml_round_trip() -> void:
	var p := ApsProfile.new()
	p.detect_threshold = 0.4
	p.vision_max_range = 55.0
	p.vibration_direct_cut = true
	var curve := Curve.new()
	curve.max_domain = 10.0
	curve.add_point(Vector2(0, 1))
	curve.add_point(Vector2(10, 0))
	p.decay_curve = curve
	var path := "user://aps_profile_test.toml"
	expect_eq(p.save_toml(path), OK, "saved")
	var text := FileAccess.get_file_as_string(path)
	expect(text.contains("[thresholds]") and text.contains("detect_threshold = 0.4"), "core TOML")
	var back := ApsProfile.new()
	expect_eq(back.load_toml(path), OK, "loaded")
	var a := p.to_dict()
	var b := back.to_dict()
	a.erase("decay_curve")
	b.erase("decay_curve")
	expect_eq(b, a, "every setting survives TOML")
	expect(back.decay_curve != null, "the decay curve came back")
	if back.decay_curve != null:
		expect_near(back.decay_curve.sample(5.0), 0.5, 0.02, "curve midpoint")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))


func test_editing_the_profile_while_playing_keeps_beliefs() -> void:
	ApsWorldBuilder.floor(self)
	var profile := ApsProfile.new()
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, profile)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	await seconds(1.5)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "tracked")
	# Blind it while it watches: the belief stays and now fades as vision no longer sees.
	profile.vision_enabled = false
	await seconds(0.2)
	expect(guard.get_confidence(runner) > 0.5, "belief kept across the edit")
	await seconds(1.0)
	expect(
		guard.get_belief_state(runner) != ApsPerceptionComponent.STATE_TRACKED,
		"the edit took effect"
	)


## The usage flags of `p`'s property `name`, as the inspector gets them.
func _usage(p: ApsProfile, name: String) -> int:
	for prop in p.get_property_list():
		if prop["name"] == name:
			return prop["usage"]
	return -1


func test_a_sense_that_is_off_has_its_settings_greyed_out() -> void:
	var p := ApsProfile.new()
	# Smell is off by default, vision on.
	expect(_usage(p, "smell_range") & PROPERTY_USAGE_READ_ONLY, "smell off: Smell Range greyed")
	expect(_usage(p, "smell_grace_time") & PROPERTY_USAGE_READ_ONLY, "and its loss settings")
	expect(not _usage(p, "smell_enabled") & PROPERTY_USAGE_READ_ONLY, "its switch stays editable")
	expect(not _usage(p, "vision_max_range") & PROPERTY_USAGE_READ_ONLY, "vision on: editable")
	expect(_usage(p, "vision_max_range") & PROPERTY_USAGE_STORAGE, "still saved")
	p.smell_enabled = true
	p.vision_enabled = false
	expect(not _usage(p, "smell_range") & PROPERTY_USAGE_READ_ONLY, "smell on: editable")
	expect(_usage(p, "vision_max_range") & PROPERTY_USAGE_READ_ONLY, "vision off: greyed")
	expect(not _usage(p, "suspect_threshold") & PROPERTY_USAGE_READ_ONLY, "no sense's: editable")
	# Greyed settings still take values from scripts and files.
	p.vision_max_range = 12.0
	expect_near(p.vision_max_range, 12.0, 1e-6, "set while greyed")


func test_edits_emit_changed_once_a_frame() -> void:
	var p := ApsProfile.new()
	var log := {"changed": 0, "list": 0}
	p.changed.connect(func() -> void: log["changed"] += 1)
	p.property_list_changed.connect(func() -> void: log["list"] += 1)
	p.vision_max_range = 30.0
	p.hearing_max_range = 20.0
	expect_eq(log["changed"], 0, "not inside the edit")
	await get_tree().process_frame
	expect_eq(log["changed"], 1, "one changed for two edits")
	expect_eq(log["list"], 0, "no new property list for a value")
	p.smell_enabled = true
	await get_tree().process_frame
	expect_eq(log["changed"], 2, "a switch emits changed")
	expect_eq(log["list"], 1, "and a new property list, for the greyed settings")
	expect_engine_error("no file at res://no/such/profile.toml")
	expect_eq(p.load_toml("res://no/such/profile.toml"), ERR_FILE_NOT_FOUND, "a missing file")
	await get_tree().process_frame
	expect_eq(log["changed"], 2, "a failed load changes nothing")


func test_raising_max_tracked_targets_in_place_lets_more_targets_in() -> void:
	ApsWorldBuilder.floor(self)
	var p := ApsProfile.new()
	p.max_tracked_targets = 1
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, p)
	for i in 6:
		ApsWorldBuilder.body(self, Vector3(i - 3, 0, -6), "Runner%d" % i)
	await seconds(1.0)
	expect_eq(guard.get_known_targets().size(), 1, "one slot, one belief")
	guard.profile.max_tracked_targets = 8
	await seconds(0.5)
	expect_eq(guard.get_known_targets().size(), 6, "eight slots: all six in plain view believed")
