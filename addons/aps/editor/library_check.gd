@tool
extends RefCounted
## Why the APS library did not load, in words a user can act on. Editor-only: the plugin calls
## `explain_here()` when the extension's classes are missing. The decision itself, `explain()`,
## takes everything it reads from the engine as arguments, so the tests call it for each case.

## The oldest Godot that loads the library: `compatibility_minimum` in `aps.gdextension`, and the
## Godot API the library is built against (gdext's `api-4-x` feature in rust/aps-godot/Cargo.toml).
const MINIMUM_GODOT := "4.4"

const EXTENSION_FILE := "res://addons/aps/aps.gdextension"
const LIBRARIES_SECTION := "libraries"


## What went wrong, or "" if the library is loaded.
## `version_info`: `Engine.get_version_info()`. `platform_key`: the `[libraries]` key Godot picks
## for this editor ("" if none fits). `library_path`: that key's file. `library_exists`: whether
## the file is there. `loaded`: whether the extension's classes are registered.
static func explain(
	version_info: Dictionary,
	platform_key: String,
	library_path: String,
	library_exists: bool,
	loaded: bool
) -> String:
	if loaded:
		return ""
	var running := (
		"%d.%d.%d"
		% [version_info.get("major", 0), version_info.get("minor", 0), version_info.get("patch", 0)]
	)
	if is_older_than_minimum(version_info):
		return (
			(
				"APS needs Godot %s or newer; this editor is Godot %s, so Godot did not load the "
				+ "extension library. Open the project in Godot %s or newer."
			)
			% [MINIMUM_GODOT, running, MINIMUM_GODOT]
		)
	if platform_key == "":
		return (
			(
				"APS has no library for this platform: no entry of [%s] in %s matches this "
				+ "editor (%s %s). Build the library on this platform with `cargo xtask package`, "
				+ "then add its entry."
			)
			% [LIBRARIES_SECTION, EXTENSION_FILE, OS.get_name(), Engine.get_architecture_name()]
		)
	if not library_exists:
		return (
			(
				"APS: the extension library for this platform (%s) is missing: expected %s. "
				+ "Install the APS package for your platform, or build it with `cargo xtask "
				+ "package` (or `cargo xtask test`), then restart the editor."
			)
			% [platform_key, library_path]
		)
	return (
		(
			"APS: the extension library %s (%s) is there but did not load; the errors above say "
			+ "why. Rebuild it for Godot %s or newer and restart the editor."
		)
		% [library_path, platform_key, MINIMUM_GODOT]
	)


## Whether `version_info` (as from `Engine.get_version_info()`) is older than `MINIMUM_GODOT`.
static func is_older_than_minimum(version_info: Dictionary) -> bool:
	var minimum := MINIMUM_GODOT.split(".")
	var running := [int(version_info.get("major", 0)), int(version_info.get("minor", 0))]
	var needed := [int(minimum[0]), int(minimum[1])]
	return running[0] < needed[0] or (running[0] == needed[0] and running[1] < needed[1])


## The `[libraries]` key Godot loads among `keys`: the one whose every dot-separated feature tag
## `has_feature` accepts, the most specific (most tags) first. "" if none fits.
static func pick_library_key(keys: PackedStringArray, has_feature: Callable) -> String:
	var best := ""
	var best_tags := -1
	for key: String in keys:
		var tags := key.split(".")
		var fits := true
		for tag in tags:
			if not has_feature.call(tag.strip_edges()):
				fits = false
				break
		if fits and tags.size() > best_tags:
			best = key
			best_tags = tags.size()
	return best


## `explain()` for this editor, reading the engine, `aps.gdextension` and the file system.
static func explain_here() -> String:
	var loaded := ClassDB.class_exists("ApsPerceptionComponent")
	if loaded:
		return ""
	var config := ConfigFile.new()
	var key := ""
	var path := ""
	if config.load(EXTENSION_FILE) == OK and config.has_section(LIBRARIES_SECTION):
		key = pick_library_key(config.get_section_keys(LIBRARIES_SECTION), OS.has_feature)
		if key != "":
			path = str(config.get_value(LIBRARIES_SECTION, key, ""))
	var exists := path != "" and FileAccess.file_exists(path)
	return explain(Engine.get_version_info(), key, path, exists, loaded)
