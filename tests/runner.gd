extends Node
## Runs every Godot test suite (`tests/suites/*_test.gd`) in this headless Godot, prints each
## failure with its file and line, prints `N passed, N failed` alone on a line, and quits with
## exit code 0 only if every test passed.
##
## Run only some suites or tests: `-- --only=<part of a suite file or test name>`.

const SUITES_DIR := "res://tests/suites"


func _ready() -> void:
	# Physics must have stepped once before bodies can be queried.
	await get_tree().physics_frame
	var only := ""
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--only="):
			only = arg.trim_prefix("--only=")
	var passed := 0
	var failed := 0
	for path in _suite_paths():
		var script: GDScript = load(path)
		if script == null or not script.can_instantiate():
			print("FAIL %s: the suite does not load (see the errors above)" % path.get_file())
			failed += 1
			continue
		for method in script.get_script_method_list():
			var test: String = method["name"]
			if not test.begins_with("test_"):
				continue
			if only != "" and not (only in path.get_file() or only in test):
				continue
			var ok := await _run_test(script, test)
			if ok:
				passed += 1
			else:
				failed += 1
	print("%d passed, %d failed" % [passed, failed])
	get_tree().quit(0 if failed == 0 else 1)


func _run_test(script: GDScript, test: String) -> bool:
	var suite: ApsTestSuite = script.new()
	suite.name = test
	suite.test_name = test
	add_child(suite)
	await suite.call(test)
	var label := "%s::%s" % [script.resource_path.get_file().get_basename(), test]
	var ok := suite.failures.is_empty()
	if ok:
		print("ok   %s" % label)
	else:
		print("FAIL %s" % label)
		for f in suite.failures:
			print("       %s" % f)
	remove_child(suite)
	suite.free()
	# Let freed bodies leave the physics space before the next test.
	await get_tree().physics_frame
	return ok


func _suite_paths() -> PackedStringArray:
	var paths: PackedStringArray = []
	for file in DirAccess.get_files_at(SUITES_DIR):
		if file.ends_with("_test.gd"):
			paths.append(SUITES_DIR.path_join(file))
	paths.sort()
	return paths
