extends ApsTestSuite
## Each warning APS prints is said once per cause (per AI, per profile, per setting), and where
## repeats matter at most once a second of game time, with a count of what happened since; a
## legal call says nothing. Each test repeats one cause as a game would, every frame or
## thousands of times, and counts what was printed.

const PPM := "aps/2d/pixels_per_meter"

var log: ApsWarningLog


func _ready() -> void:
	log = ApsWarningLog.start()


func _exit_tree() -> void:
	ProjectSettings.set_setting(PPM, 100.0)
	if log != null:
		log.stop()
		log = null


## start_recording(3600) is legal (an hour is the longest window), but at the default Base
## Update Interval a full ledger's hour is more than one recording holds: that is said once for
## the guard, however many times the game asks.
func test_start_recording_an_hour_6100_times_says_so_once() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	await frames(2)
	log.clear()
	var accepted := 0
	for f in 61:
		for i in 100:
			if guard.start_recording(3600.0):
				accepted += 1
		await frames(1)
	expect_eq(accepted, 6100, "every call is accepted")
	print(
		"    start_recording(3600) called 6,100 times: %d warnings" % log.count("start_recording")
	)
	expect(guard.is_recording(), "recording")
	expect_eq(log.count("start_recording"), 1, "said once for the guard:\n%s" % log.text())
	expect_eq(log.warnings.size(), 1, "nothing else:\n%s" % log.text())
	expect(log.errors.is_empty(), "no error: %s" % [log.errors])


## A window that fits says nothing, called as often as a game likes.
func test_start_recording_a_window_that_fits_says_nothing() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	await frames(2)
	log.clear()
	for i in 1000:
		guard.start_recording(30.0)
	expect_eq(log.warnings.size(), 0, "a legal call is silent:\n%s" % log.text())


## A script writing a new scale every frame while 2D AI hold beliefs: 600 frames are 10 s of
## game time. The first change is said at once; after it, at most once a second, with how many
## changes there were since: 10 warnings (frames 0, 60, ..., 540), where every change was said
## (600) before.
func test_pixels_per_meter_written_every_frame_is_said_once_a_second() -> void:
	var level := Node2D.new()
	add_child(level)
	var guard := ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	var runner := ApsWorldBuilder2D.body(level, Vector2(600, 0), "Runner")
	await seconds(1.0)
	expect(guard.get_known_targets().has(runner), "the guard holds a belief: the scale is in use")
	log.clear()
	for f in 600:
		ProjectSettings.set_setting(PPM, 100.0 + 0.01 * (f + 1))
		await frames(1)
	var said := log.count(PPM)
	print("    pixels_per_meter written 600 times over 10 s: %d warnings" % said)
	expect_eq(said, 10, "once, then once a second of the 10 s:\n%s" % log.text())
	# The first may also count changes an earlier test made unsaid.
	expect(
		log.count("changed 59 times since") >= 9,
		"each repeat counts the 59 changes since:\n%s" % log.text()
	)
	expect_eq(log.warnings.size(), said, "nothing else:\n%s" % log.text())
	ProjectSettings.set_setting(PPM, 100.0)
	await frames(2)


## Bad values written every frame (a different one each time) are the same cause: one
## warning, then at most one a second with a count.
func test_bad_pixels_per_meter_written_every_frame_is_said_once_a_second() -> void:
	var level := Node2D.new()
	add_child(level)
	ApsWorldBuilder2D.guard(level, Vector2.ZERO)
	# A second after the last test's changes of the setting.
	await seconds(1.0)
	log.clear()
	for f in 120:
		ProjectSettings.set_setting(PPM, -1.0 - f)
		await frames(1)
	var said := log.count(PPM)
	expect_eq(said, 2, "once, then once a second of the 2 s:\n%s" % log.text())
	expect(log.text().contains("using 0.01"), "says what is used:\n%s" % log.text())
	ProjectSettings.set_setting(PPM, 100.0)
	await frames(2)


## A custom sense written for 3D only: a 2D AI calls `_evaluate_2d`, which it lacks.
class Only3DSense:
	extends ApsSense

	func _evaluate(_eye: Node3D, _target: Node3D) -> Dictionary:
		return {}


## Ten 2D guards share a profile that lists a custom sense written for 3D only: said once for
## the profile, not once per guard per rebuild, through 39 edits of its other settings (each
## rebuilds every guard's core profile). An edit of its custom senses says it again, once.
func test_custom_senses_on_a_2d_profile_are_said_once_per_profile() -> void:
	var level := Node2D.new()
	add_child(level)
	var profile := ApsProfile.new()
	profile.custom_senses = [Only3DSense.new()]
	var guards: Array[ApsPerceptionComponent2D] = []
	for i in 10:
		guards.append(
			ApsWorldBuilder2D.guard(
				level, Vector2(i * 300, 0), Vector2.RIGHT, profile, "Guard%d" % i
			)
		)
	log.clear()
	for edit in 39:
		profile.vision_max_range = 30.0 + edit * 0.1
		# Every guard's turn comes within a Base Update Interval (0.1 s): each rebuilds.
		await seconds(0.2)
	print(
		(
			"    ten 2D guards through 39 rebuilds: %d warnings about custom senses"
			% log.count("custom sense")
		)
	)
	expect_eq(log.count("custom sense"), 1, "said once for the profile:\n%s" % log.text())
	expect_eq(log.warnings.size(), 1, "nothing else:\n%s" % log.text())
	profile.custom_senses = [Only3DSense.new(), Only3DSense.new()]
	await seconds(0.2)
	expect_eq(
		log.count("custom sense"),
		2,
		"a new list of custom senses is said once more:\n%s" % log.text()
	)
	for g in guards:
		expect(g.is_inside_tree(), "%s perceives on" % g.name)


## debug_draw = -1 is documented to draw everything: legal, silent. Bits beyond DRAW_ALL are
## a mistake, said once per guard however often they are set.
func test_debug_draw_minus_one_is_silent_and_stray_bits_are_said_once() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	await frames(2)
	log.clear()
	for i in 100:
		guard.debug_draw = -1
	expect_eq(guard.debug_draw, ApsPerceptionComponent.DRAW_ALL, "-1 draws everything")
	expect_eq(log.warnings.size(), 0, "-1 is legal:\n%s" % log.text())
	for i in 100:
		guard.debug_draw = 256 + 3
	expect_eq(guard.debug_draw, 3, "stray bits dropped")
	expect_eq(log.count("debug_draw"), 1, "said once for the guard:\n%s" % log.text())
	guard.debug_draw = 0
	await frames(2)


## A bad call repeated every frame by one guard's script: the first is said at once, repeats at
## most once a second with a count, so 3 s of it make at most 4 warnings.
func test_a_bad_call_every_frame_is_said_at_most_once_a_second() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	await frames(2)
	log.clear()
	for f in 180:
		guard.set_target_confidence(null, 0.5)
		await frames(1)
	var said := log.count("set_target_confidence")
	expect_eq(said, 3, "once, then once a second of the 3 s:\n%s" % log.text())
	expect_eq(
		log.count("59 more times since"), 2, "each repeat counts the calls since:\n%s" % log.text()
	)


## A world call with a value that is no number, every frame for 3 s: at most 4 warnings.
func test_a_bad_world_call_every_frame_is_said_at_most_once_a_second() -> void:
	ApsWorldBuilder.floor(self)
	ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	await frames(2)
	log.clear()
	for f in 180:
		ApsWorld.emit_sound(Vector3(NAN, 0, 0), 1.0, 10.0, &"step", null)
		await frames(1)
	var said := log.count("emit_sound")
	expect(
		said >= 2 and said <= 3,
		(
			"once (or counted with an earlier test's), then once a second of the 3 s: %d\n%s"
			% [said, log.text()]
		)
	)
