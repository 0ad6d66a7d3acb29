extends ApsTestSuite
## Every script of the addon, the demo and the tests compiles, those no suite runs among them
## (the stress scene, the soak run, the editor tour): a script that stops compiling, by hand or
## by the formatter, fails here with its path rather than where it is next used.

const FOLDERS := ["res://addons", "res://demo", "res://tests"]


## The `.gd` files under `dir`, skipping hidden folders.
func _scripts(dir: String, out: PackedStringArray) -> void:
	for folder in DirAccess.get_directories_at(dir):
		if not folder.begins_with("."):
			_scripts(dir.path_join(folder), out)
	for file in DirAccess.get_files_at(dir):
		if file.get_extension() == "gd":
			out.append(dir.path_join(file))


func test_every_script_compiles() -> void:
	var scripts := PackedStringArray()
	for folder in FOLDERS:
		_scripts(folder, scripts)
	expect(scripts.size() >= 100, "at least a hundred scripts found (%d)" % scripts.size())
	for path in scripts:
		# A script loaded already (this suite, the runner, what the suites before it used)
		# compiled as it loaded: Godot keeps no script that failed to.
		var script := ResourceLoader.load(path, "GDScript")
		expect(
			script is GDScript and (script as GDScript).can_instantiate(),
			"%s compiles" % path.trim_prefix("res://")
		)
