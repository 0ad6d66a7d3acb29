extends ApsTestSuite
## The classes APS registers, as a user meets them: each has its own icon (class name = icon
## file name, listed in aps.gdextension), engine callbacks are no part of any API, and the
## internal driver is hidden from scripts and the editor while APS still adds it itself.

const ICONS := "res://addons/aps/icons"
const EXTENSION := "res://addons/aps/aps.gdextension"
## Registered with Godot for APS's own use, never created by a user (`#[class(internal)]`).
const INTERNAL := ["ApsDriver", "ApsEditorListener", "ApsMirrorWatch", "ApsMirrorWatch2D"]


## The addon's own GDScript classes (class_name Aps...), by name: their global class entries.
func _addon_script_classes() -> Dictionary:
	var found := {}
	for entry in ProjectSettings.get_global_class_list():
		if (
			String(entry["class"]).begins_with("Aps")
			and String(entry["path"]).begins_with("res://addons/aps/")
		):
			found[String(entry["class"])] = entry
	return found


func _aps_classes() -> PackedStringArray:
	var found: PackedStringArray = []
	for c in ClassDB.get_class_list():
		if c.begins_with("Aps"):
			found.append(c)
	return found


## Whether a script can name `type` (as a variable's type). A script that cannot fails to
## compile; the parse error it prints is expected here, so printing is muted while it compiles
## (a printed error, even one a test declares, would start the runner's watch for a hung run).
func _scripts_can_name(type: String) -> bool:
	var script := GDScript.new()
	script.source_code = "extends RefCounted\nvar value: %s\n" % type
	var printing := Engine.print_error_messages
	Engine.print_error_messages = false
	var compiled := script.reload()
	Engine.print_error_messages = printing
	return compiled == OK


func test_the_world_has_no_engine_callbacks_as_methods() -> void:
	expect(
		not ClassDB.class_has_method("ApsWorld", "_on_node_added"),
		"ApsWorld._on_node_added is no method"
	)
	expect(
		not ClassDB.class_has_method("ApsWorld", "_on_node_removed"),
		"ApsWorld._on_node_removed is no method"
	)
	for c in _aps_classes():
		for m in ClassDB.class_get_method_list(c, true):
			expect(
				not m["name"].begins_with("_on_"),
				"%s.%s looks like an engine callback" % [c, m["name"]]
			)


func test_every_class_a_user_meets_has_its_own_icon() -> void:
	var config := ConfigFile.new()
	expect_eq(config.load(EXTENSION), OK, "aps.gdextension reads")
	var classes := _aps_classes()
	expect(classes.size() >= 8, "the APS classes are registered: %s" % ", ".join(classes))
	for c in classes:
		if c in INTERNAL:
			continue
		# The Create dialogs offer what can be instantiated; the rest (ApsWorld, a singleton,
		# and ApsWorldState, a handle) show in the docs and the inspector, so they get one too.
		var icon := ICONS.path_join(c + ".svg")
		expect(
			FileAccess.file_exists(icon),
			"%s has its icon %s (instantiable: %s)" % [c, icon, ClassDB.can_instantiate(c)]
		)
		expect_eq(config.get_value("icons", c, ""), icon, "aps.gdextension [icons] lists %s" % c)
	for key in config.get_section_keys("icons"):
		expect(
			key in classes and not key in INTERNAL,
			"the icon for %s is for a class users meet" % key
		)
	var script_classes := _addon_script_classes().keys()
	for file in DirAccess.get_files_at(ICONS):
		if file.get_extension() == "svg":
			expect(
				file.get_basename() in classes or file.get_basename() in script_classes,
				"icons/%s is named for a class" % file
			)


func test_the_driver_is_internal_yet_apsworld_still_adds_it() -> void:
	# Godot keeps no "exposed" flag a script can read (ClassDB.is_class_exposed is not bound;
	# can_instantiate and is_class_enabled stay true for an internal class). What a script can
	# observe is GDScript refusing to name an unexposed class, the same flag that keeps it out
	# of the Create Node dialog and the class reference.
	expect(ClassDB.class_exists("ApsDriver"), "ApsDriver is registered")
	expect(_scripts_can_name("ApsTargetComponent"), "a script can name an exposed APS class")
	expect(not _scripts_can_name("ApsDriver"), "a script cannot name ApsDriver")
	expect(not _scripts_can_name("ApsEditorListener"), "nor the editor's listener")
	# Perception still runs: APS adds its driver when the first component appears.
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	await seconds(1.0)
	var driver := get_tree().root.get_node_or_null("ApsDriver")
	expect(
		driver != null and driver.get_class() == "ApsDriver",
		"ApsWorld added its driver to the root"
	)
	expect(
		guard.get_belief_state(runner) >= ApsPerceptionComponent.STATE_DETECTED,
		"and the guard perceives"
	)


func test_bodies_entering_and_leaving_the_tree_are_followed() -> void:
	# The tree's node_added and node_removed reach ApsWorld through closures, not methods.
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	expect(ApsWorld.is_perceivable(runner), "a body entering the tree is perceivable at once")
	remove_child(runner)
	expect(not ApsWorld.is_perceivable(runner), "a body leaving the tree is forgotten")
	await seconds(0.5)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"unseen while out of the tree"
	)
	add_child(runner)
	expect(ApsWorld.is_perceivable(runner), "and perceivable again when it comes back")
	await seconds(1.0)
	expect(guard.get_belief_state(runner) >= ApsPerceptionComponent.STATE_DETECTED, "and perceived")


func test_the_addons_script_classes_have_their_icon_file_name_and_tooltips() -> void:
	# Nodes the addon ships as GDScript (ApsAwarenessIndicator, its 2D twin, ApsLightGem) follow the same
	# rule as the library's classes: class name = icon name, and file name = the class name in
	# snake_case.
	var scripts := _addon_script_classes()
	for c in ["ApsAwarenessIndicator", "ApsAwarenessIndicator2D", "ApsLightGem"]:
		expect(scripts.has(c), "%s is a global class: %s" % [c, scripts.keys()])
	for c: String in scripts:
		var entry: Dictionary = scripts[c]
		expect(not ClassDB.class_exists(c), "%s is not also a library class" % c)
		expect_eq(entry["icon"], ICONS.path_join(c + ".svg"), "%s's @icon" % c)
		expect(FileAccess.file_exists(entry["icon"]), "%s's icon exists" % c)
		expect_eq(String(entry["path"]).get_file(), c.to_snake_case() + ".gd", "%s's file name" % c)
		# Every setting the inspector shows has a `##` comment right above it: its tooltip.
		var script: Script = load(entry["path"])
		var lines := script.source_code.split("\n")
		for property in script.get_script_property_list():
			if (
				not property["usage"] & PROPERTY_USAGE_EDITOR
				or property["usage"] & PROPERTY_USAGE_GROUP
			):
				continue
			var documented := false
			for i in lines.size():
				if (
					lines[i].begins_with("@export")
					and (
						" var %s " % property["name"] in lines[i]
						or " var %s:" % property["name"] in lines[i]
					)
				):
					documented = i > 0 and lines[i - 1].begins_with("##")
					break
			expect(documented, "%s.%s has a ## tooltip" % [c, property["name"]])
