extends ApsTestSuite
## The profile presets in `addons/aps/presets/`: each validates without a warning, holds the
## values that make it what it is, is what `tests/tools/make_presets.gd` declares, and its
## `.tres` and `.toml` hold the same settings, which survive TOML both ways.

const MakePresets := preload("res://tests/tools/make_presets.gd")
const DIR := "res://addons/aps/presets"


func _load_tres(file: String) -> ApsProfile:
	return ResourceLoader.load(DIR.path_join(file + ".tres"), "", ResourceLoader.CACHE_MODE_IGNORE)


func _load_toml(path: String) -> ApsProfile:
	var p := ApsProfile.new()
	expect_eq(p.load_toml(path), OK, "%s loads" % path)
	return p


## Records a failure naming each setting whose value differs between two `to_dict()`s.
func expect_same_settings(actual: Dictionary, expected: Dictionary, message: String) -> void:
	var differences: PackedStringArray = []
	for key in expected:
		if not actual.has(key) or actual[key] != expected[key]:
			differences.append("%s: got %s, expected %s" % [key, actual.get(key), expected[key]])
	for key in actual:
		if not expected.has(key):
			differences.append("%s: not expected" % key)
	expect(differences.is_empty(), "%s: %s" % [message, "; ".join(differences)])


func test_the_folder_holds_every_declared_preset_and_no_other() -> void:
	var declared: PackedStringArray = []
	for preset in MakePresets.presets():
		declared.append(preset["file"])
	for name in [
		"guard", "guard_dog", "security_camera", "bat", "sniper", "melee_brute", "robot", "civilian"
	]:
		expect(name in declared, "the %s preset is declared" % name)
	var found: PackedStringArray = []
	for file in DirAccess.get_files_at(DIR):
		if file.get_extension() in ["tres", "toml"]:
			found.append(file)
			expect(file.get_basename() in declared, "%s is a declared preset" % file)
	for name in declared:
		expect(name + ".tres" in found, "%s.tres is there" % name)
		expect(name + ".toml" in found, "%s.toml is there" % name)
	expect(FileAccess.file_exists(DIR.path_join("README.md")), "the presets README is there")


func test_every_preset_validates_without_a_warning() -> void:
	var warnings := ApsWarningLog.start()
	for preset in MakePresets.presets():
		var p := _load_tres(preset["file"])
		if not expect(p != null, "%s.tres loads as an ApsProfile" % preset["file"]):
			continue
		expect_eq(p.validate(), PackedStringArray(), "%s.tres validates" % preset["file"])
		var t := _load_toml(DIR.path_join(preset["file"] + ".toml"))
		expect_eq(t.validate(), PackedStringArray(), "%s.toml validates" % preset["file"])
	warnings.stop()
	expect_eq(
		warnings.count("ApsProfile"),
		0,
		"no profile warning while loading the presets:\n%s" % warnings.text()
	)


func test_each_preset_is_what_it_says() -> void:
	var defaults := ApsProfile.new()
	var guard := _load_tres("guard")
	var blind_to_its_side := ApsProfile.new()
	blind_to_its_side.detect_friendlies = false
	expect_same_settings(
		guard.to_dict(),
		blind_to_its_side.to_dict(),
		"the guard is the APS defaults, blind to its own side"
	)
	# Every hostile preset leaves out its own side; the civilian perceives everyone; every preset
	# follows the project's occlusion layers.
	for name in ["guard", "guard_dog", "security_camera", "bat", "sniper", "melee_brute", "robot"]:
		var hostile := _load_tres(name)
		expect(not hostile.detect_friendlies, "%s ignores its own side" % name)
		expect(
			hostile.detect_enemies and hostile.detect_neutrals, "%s perceives everyone else" % name
		)
	for name in [
		"guard", "guard_dog", "security_camera", "bat", "sniper", "melee_brute", "robot", "civilian"
	]:
		expect(
			_load_tres(name).use_project_occlusion_layers, "%s follows aps/occlusion_layers" % name
		)

	var dog := _load_tres("guard_dog")
	expect(dog.smell_enabled, "the dog smells")
	expect_near(dog.smell_weight, 1.5, 1e-6, "the dog's smell weight (the spec's 1.5)")
	expect_near(dog.vision_weight, 0.6, 1e-6, "the dog's vision weight (the spec's 0.6)")

	var camera := _load_tres("security_camera")
	expect(camera.vision_enabled, "the camera sees")
	for sense in ["hearing", "smell", "touch", "vibration", "damage", "pain", "echolocation"]:
		expect(not camera.get(sense + "_enabled"), "the camera has no %s" % sense)

	var bat := _load_tres("bat")
	expect(bat.echolocation_enabled, "the bat echolocates")
	expect(not bat.vision_enabled, "the bat is blind")
	expect(not bat.hearing_enabled, "the bat hears only its echoes")

	var sniper := _load_tres("sniper")
	expect(
		sniper.sort_weight_confidence > defaults.sort_weight_confidence,
		"the sniper ranks by confidence more"
	)
	expect(
		sniper.sort_weight_proximity < defaults.sort_weight_proximity,
		"the sniper ranks by proximity less"
	)
	expect(
		sniper.sort_weight_confidence > sniper.sort_weight_proximity + sniper.sort_weight_recency,
		"confidence leads the sniper's sort"
	)
	expect(
		sniper.vision_max_range >= 100.0, "the sniper sees far: %.0f m" % sniper.vision_max_range
	)

	var brute := _load_tres("melee_brute")
	expect(
		brute.sort_weight_proximity > defaults.sort_weight_proximity,
		"the brute ranks by proximity more"
	)
	expect(
		brute.sort_weight_proximity > brute.sort_weight_confidence + brute.sort_weight_recency,
		"proximity leads the brute's sort"
	)

	var robot := _load_tres("robot")
	for cap in ["fear_cap", "aggression_cap", "curiosity_cap", "alertness_cap", "panic_cap"]:
		expect_eq(robot.get(cap), 0.0, "the robot's %s" % cap)

	var civilian := _load_tres("civilian")
	expect_eq(civilian.fear_cap, 1.0, "the civilian can be fully afraid")
	expect_eq(civilian.panic_cap, 1.0, "the civilian can panic")
	expect_eq(
		civilian.default_relationship,
		ApsPerceptionComponent.RELATIONSHIP_FEARED,
		"strangers are Feared"
	)
	expect(civilian.aggression_cap < 0.5, "the civilian won't fight")
	expect(civilian.suspect_threshold < defaults.suspect_threshold, "the civilian notices sooner")
	expect(civilian.detect_friendlies, "the civilian perceives every side")


func test_each_tres_is_what_make_presets_declares() -> void:
	for preset in MakePresets.presets():
		var p := _load_tres(preset["file"])
		var declared := MakePresets.build(preset)
		expect_eq(p.resource_name, preset["title"], "%s.tres is named" % preset["file"])
		expect_same_settings(
			p.to_dict(),
			declared.to_dict(),
			"%s.tres holds the declared settings (run make_presets.gd)" % preset["file"]
		)
		expect_eq(p.custom_senses.size(), 0, "%s has no custom senses" % preset["file"])


func test_the_tres_and_toml_of_each_preset_agree() -> void:
	for preset in MakePresets.presets():
		var path := DIR.path_join(preset["file"] + ".toml")
		var text := FileAccess.get_file_as_string(path)
		expect(
			text.begins_with("# %s\n" % preset["line"]),
			"%s.toml says what it is for" % preset["file"]
		)
		expect(text.contains("[thresholds]"), "%s.toml is the core's TOML" % preset["file"])
		expect_same_settings(
			_load_toml(path).to_dict(),
			_load_tres(preset["file"]).to_dict(),
			"%s: the .toml holds the .tres's settings" % preset["file"]
		)


func test_each_toml_round_trips_without_loss() -> void:
	for preset in MakePresets.presets():
		var first := _load_toml(DIR.path_join(preset["file"] + ".toml"))
		var again := "user://aps_presets_test_%s.toml" % preset["file"]
		expect_eq(first.save_toml(again), OK, "%s saved again" % preset["file"])
		var second := _load_toml(again)
		expect_same_settings(
			second.to_dict(),
			first.to_dict(),
			"%s survives save_toml and load_toml" % preset["file"]
		)
		# The file written again is the preset's file without its comment.
		var original := FileAccess.get_file_as_string(DIR.path_join(preset["file"] + ".toml"))
		var body := original.substr(original.find("\n\n") + 2)
		expect_eq(
			FileAccess.get_file_as_string(again),
			body,
			"%s.toml is what save_toml writes" % preset["file"]
		)
		DirAccess.remove_absolute(ProjectSettings.globalize_path(again))
