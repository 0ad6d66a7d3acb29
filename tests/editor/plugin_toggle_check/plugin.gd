@tool
extends EditorPlugin
## A fixture of `cargo xtask test`, enabled in a scratch project that holds the packaged addon:
## in a headless editor it enables the APS plugin, waits for the editor to save project.godot,
## keeps a copy (`enabled.godot`), disables the plugin, keeps another copy (`disabled.godot`),
## and quits. The copies go to the folder given as `-- --out=<folder>`; xtask compares them with
## the file it wrote. Prints `toggle check: failed ...` and quits with 1 if a step never happens.
## Without `--out` it does nothing.

const APS := "aps"
const APS_CONFIG := "res://addons/aps/plugin.cfg"
const PROJECT := "res://project.godot"
## How long the editor may take to save project.godot after a toggle (it saves on a short timer).
const SAVE_TIMEOUT_MS := 20000


func _enter_tree() -> void:
	_run.call_deferred()


func _run() -> void:
	var out := ""
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--out="):
			out = arg.trim_prefix("--out=")
	# Without `--out` (the project's import, say) it does nothing.
	if out == "":
		return
	while EditorInterface.get_resource_filesystem().is_scanning():
		await get_tree().process_frame
	EditorInterface.set_plugin_enabled(APS, true)
	if not await _saved(true):
		_fail("project.godot never listed the APS plugin after enabling it")
		return
	_keep(out.path_join("enabled.godot"))
	EditorInterface.set_plugin_enabled(APS, false)
	if not await _saved(false):
		_fail("project.godot still listed the APS plugin after disabling it")
		return
	_keep(out.path_join("disabled.godot"))
	print("toggle check: done")
	get_tree().quit(0)


## Waits until project.godot lists (or no longer lists) the APS plugin.
func _saved(listed: bool) -> bool:
	var start := Time.get_ticks_msec()
	while Time.get_ticks_msec() - start < SAVE_TIMEOUT_MS:
		if FileAccess.get_file_as_string(PROJECT).contains(APS_CONFIG) == listed:
			return true
		await get_tree().process_frame
	return false


func _keep(path: String) -> void:
	var file := FileAccess.open(path, FileAccess.WRITE)
	file.store_string(FileAccess.get_file_as_string(PROJECT))
	file.close()


func _fail(why: String) -> void:
	print("toggle check: failed: %s" % why)
	get_tree().quit(1)
