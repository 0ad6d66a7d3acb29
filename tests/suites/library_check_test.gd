extends ApsTestSuite
## The plugin's message when the extension library did not load
## (addons/aps/editor/library_check.gd): too old a Godot, no entry for this platform, the
## platform's file missing, or a file there that did not load.

const LibraryCheck := preload("res://addons/aps/editor/library_check.gd")
const KEYS: PackedStringArray = [
	"linux.debug.x86_64",
	"linux.release.x86_64",
	"windows.debug.x86_64",
	"windows.release.x86_64",
	"macos.debug",
	"macos.release",
]
const DEBUG_SO := "res://addons/aps/bin/libaps_godot.linux.x86_64.debug.so"


func _version(major: int, minor: int, patch: int) -> Dictionary:
	return {"major": major, "minor": minor, "patch": patch, "status": "stable"}


func _features(tags: Array) -> Callable:
	return func(tag: String) -> bool: return tag in tags


func test_a_loaded_library_needs_no_message() -> void:
	expect_eq(
		LibraryCheck.explain(_version(4, 6, 3), "linux.debug.x86_64", DEBUG_SO, true, true),
		"",
		"loaded"
	)


func test_an_older_godot_is_named_with_the_minimum() -> void:
	var message := LibraryCheck.explain(
		_version(4, 3, 0), "linux.debug.x86_64", DEBUG_SO, true, false
	)
	expect(message.contains("needs Godot %s or newer" % LibraryCheck.MINIMUM_GODOT), message)
	expect(message.contains("Godot 4.3.0"), "names the running version: " + message)
	expect(not message.contains("missing"), "not called missing: " + message)
	# Too old wins even when the file is missing too: a build would not help.
	var both := LibraryCheck.explain(
		_version(3, 6, 0), "linux.debug.x86_64", DEBUG_SO, false, false
	)
	expect(both.contains("needs Godot"), both)


func test_the_minimum_itself_is_not_too_old() -> void:
	var parts := LibraryCheck.MINIMUM_GODOT.split(".")
	var minimum := _version(int(parts[0]), int(parts[1]), 0)
	expect(not LibraryCheck.is_older_than_minimum(minimum), "the minimum is supported")
	expect(not LibraryCheck.is_older_than_minimum(_version(5, 0, 0)), "5.0 is newer")
	expect(
		LibraryCheck.is_older_than_minimum(_version(int(parts[0]), int(parts[1]) - 1, 9)),
		"one minor below"
	)
	expect(
		not LibraryCheck.is_older_than_minimum(Engine.get_version_info()),
		"the Godot running these tests"
	)


func test_a_missing_file_is_named() -> void:
	var message := LibraryCheck.explain(
		_version(4, 6, 3), "linux.debug.x86_64", DEBUG_SO, false, false
	)
	expect(message.contains("missing"), message)
	expect(message.contains(DEBUG_SO), "names the file it expected: " + message)
	expect(message.contains("linux.debug.x86_64"), "names the entry: " + message)


func test_a_platform_without_an_entry_says_so() -> void:
	var message := LibraryCheck.explain(_version(4, 6, 3), "", "", false, false)
	expect(message.contains("no library for this platform"), message)
	expect(message.contains("[libraries]"), message)


func test_a_file_that_is_there_but_did_not_load() -> void:
	var message := LibraryCheck.explain(
		_version(4, 6, 3), "linux.debug.x86_64", DEBUG_SO, true, false
	)
	expect(message.contains("did not load"), message)
	expect(not message.contains("missing"), message)


func test_the_key_is_picked_as_godot_picks_it() -> void:
	var pick := LibraryCheck.pick_library_key
	expect_eq(
		pick.call(KEYS, _features(["linux", "debug", "x86_64", "editor"])),
		"linux.debug.x86_64",
		"editor on Linux"
	)
	expect_eq(
		pick.call(KEYS, _features(["linux", "release", "x86_64"])),
		"linux.release.x86_64",
		"exported release game on Linux"
	)
	expect_eq(
		pick.call(KEYS, _features(["macos", "debug", "arm64"])),
		"macos.debug",
		"macOS: one universal entry"
	)
	expect_eq(pick.call(KEYS, _features(["linux", "debug", "arm64"])), "", "no Linux arm64 entry")
	expect_eq(
		pick.call(PackedStringArray(["linux", "linux.debug"]), _features(["linux", "debug"])),
		"linux.debug",
		"the most specific entry"
	)


func test_this_editor_finds_its_entry_in_the_real_file() -> void:
	var config := ConfigFile.new()
	expect_eq(config.load(LibraryCheck.EXTENSION_FILE), OK, "aps.gdextension loads")
	var key := LibraryCheck.pick_library_key(config.get_section_keys("libraries"), OS.has_feature)
	expect(key != "", "an entry for this platform")
	var path := str(config.get_value("libraries", key, ""))
	expect(FileAccess.file_exists(path), "the file this run loaded: %s" % path)
	expect_eq(LibraryCheck.explain_here(), "", "nothing to explain: the library is loaded")
