extends Node3D
## The APS demo: a small stealth level of ten wings, each teaching one idea of APS.
##
## Three ways to run it (user arguments, after `--`):
## - no arguments (what `cargo xtask demo` does headless): a scripted tour. A bot plays the
##   player through every wing; the timeline of what each AI perceived and did is printed, then
##   one line per wing saying what it showed. Exits 0 only if every wing showed its idea.
##   `--wing=<name>` tours one wing only (confidence, states_loss, memory, senses, crowds, squad,
##   saves, through, top_down, lamps).
## - `--play` (`cargo xtask demo --play`): a person plays. Keys 1-9 and 0 go to a wing; F5 saves the
##   game and F9 loads it (the level is built again from its scenes, the AIs' beliefs restored).
## - `--screenshots=<dir>`: stages an instructive moment in each wing, saves <dir>/<wing>.png
##   from the viewport, and quits (with `--wing=<name>`, that wing's picture only).
##
## The last wing, top_down, is a 2D level: 2D nodes on a CanvasLayer, in the main scene's
## World2D (its own APS world), shown only while the player is there; see top_down.gd.

## The wings, in tour order, and where each stands along x (far enough apart that one wing's
## guards never perceive another's: sight reaches 40 m).
const WINGS := [
	{"name": "confidence", "x": 0.0},
	{"name": "states_loss", "x": 200.0},
	{"name": "memory", "x": 400.0},
	{"name": "senses", "x": 600.0},
	{"name": "crowds", "x": 1000.0},
	{"name": "squad", "x": 800.0},
	{"name": "saves", "x": 1350.0},
	{"name": "through", "x": 1500.0},
	# A 2D level (top_down.gd): in 3D only a patch of floor far east of the road, where the 3D
	# player waits while the level shown is 2D.
	{"name": "top_down", "x": 1700.0},
	# At night: the sun and the ambient light go out while the player is here.
	{"name": "lamps", "x": 1900.0},
]

## Where F5 saves the game and F9 loads it from.
const SAVE_PATH := "user://aps_demo_save.json"

## Frames to wait in a staged moment before the screenshot (perception ticks, labels update).
const PHOTO_FRAMES := 45

var player: DemoPlayer
var camera: DemoCamera
var hud: DemoHud
var wings: Array[DemoWing] = []
var _current := -1
## True while the tour (or the screenshots) drive the player: wings change only on its say.
var _touring := false


func _ready() -> void:
	_build_world()
	var args := OS.get_cmdline_user_args()
	var shots := ""
	var only := ""
	var play := false
	for a in args:
		if a.begins_with("--screenshots="):
			shots = a.trim_prefix("--screenshots=")
		elif a.begins_with("--wing="):
			only = a.trim_prefix("--wing=")
		elif a == "--play":
			play = true
	if not shots.is_empty():
		_screenshots.call_deferred(shots, only)
	elif play:
		_play()
	else:
		_tour.call_deferred(only)


# --- Building -----------------------------------------------------------------------------


func _build_world() -> void:
	var env := WorldEnvironment.new()
	var environment := Environment.new()
	environment.background_mode = Environment.BG_COLOR
	environment.background_color = Color(0.55, 0.65, 0.78)
	environment.ambient_light_source = Environment.AMBIENT_SOURCE_COLOR
	environment.ambient_light_color = Color(0.75, 0.78, 0.85)
	environment.ambient_light_energy = 0.45
	environment.tonemap_mode = Environment.TONE_MAPPER_FILMIC
	env.environment = environment
	add_child(env)
	var sun := DirectionalLight3D.new()
	sun.rotation_degrees = Vector3(-55, -30, 0)
	sun.light_energy = 1.0
	sun.shadow_enabled = true
	add_child(sun)

	# The road that joins the wings, along their south edges.
	var road := CSGBox3D.new()
	road.name = "Road"
	road.use_collision = true
	road.size = Vector3(1620, 1, 8)
	road.position = Vector3(740, -0.5, 54)
	road.material = DemoLevel.material(Color(0.42, 0.42, 0.4))
	add_child(road)

	player = DemoPlayer.new()
	add_child(player)
	camera = DemoCamera.new()
	add_child(camera)
	camera.make_current()
	hud = DemoHud.new()
	add_child(hud)
	_build_wings()
	_go_to_wing(0)
	camera.follow(player)


## Each wing from its scene, in its place.
func _build_wings() -> void:
	wings.clear()
	for w: Dictionary in WINGS:
		var scene: PackedScene = load("res://demo/wings/%s.tscn" % w["name"])
		var wing := scene.instantiate() as DemoWing
		wing.position = Vector3(w["x"], 0, 0)
		add_child(wing)
		wing.player = player
		wing.hud = hud
		wings.append(wing)


func _go_to_wing(index: int) -> void:
	var wing := wings[index]
	var start := wing.start()
	player.crouching = false
	player.flashlight = false
	player.teleport(start.origin, -start.basis.z)
	camera.yaw = start.basis.get_euler().y
	camera.follow(player)
	_enter_wing(index)


## The player is in wing `index` now: its caption, its place on the timeline, its `enter`.
func _enter_wing(index: int) -> void:
	if _current >= 0:
		wings[_current].leave()
	_current = index
	var wing := wings[index]
	hud.show_wing(wing)
	DemoTimeline.origin = wing.global_position
	DemoTimeline.current_wing = wing.tag
	wing.enter()


# --- Play ---------------------------------------------------------------------------------


func _play() -> void:
	var controls := DemoControls.new()
	controls.player = player
	controls.camera = camera
	controls.wing_requested.connect(_go_to_wing)
	controls.save_requested.connect(_save_game)
	controls.load_requested.connect(_load_game)
	controls.quit_requested.connect(_quit.bind(0))
	controls.use_requested.connect(func() -> void: wings[_current].use())
	add_child(controls)
	hud.set_help(DemoControls.HELP)


func _physics_process(_delta: float) -> void:
	# Walking (or falling) out of a wing: the caption follows the nearest wing; off the edge,
	# back to its start.
	if player == null:
		return
	if player.global_position.y < -20.0:
		_go_to_wing(maxi(_current, 0))
		return
	var nearest := _nearest_wing()
	if nearest != _current and not _touring:
		_enter_wing(nearest)


## The wing nearest the player (wings stand apart along x).
func _nearest_wing() -> int:
	var nearest := maxi(_current, 0)
	for i in wings.size():
		if (
			absf(player.global_position.x - wings[i].position.x)
			< absf(player.global_position.x - wings[nearest].position.x)
		):
			nearest = i
	return nearest


# --- Saved games (F5, F9) -----------------------------------------------------------------


## F5: what APS holds under the level's root (every AI's beliefs, the world's light, wind,
## rain, squads and the stimuli still in flight) and, beside it, where the player stands, as
## one JSON file. APS saves what the AIs believe; where the player is is the game's to save.
func _save_game() -> void:
	var at := player.global_position
	var data := {
		"aps": ApsWorld.save_state(self),
		"player":
		{
			"position": [at.x, at.y, at.z],
			"yaw": player.rotation.y,
			"crouching": player.crouching,
			"flashlight": player.flashlight
		},
	}
	# full_precision: the numbers come back exactly as saved.
	var text := JSON.stringify(data, "", false, true)
	var file := FileAccess.open(SAVE_PATH, FileAccess.WRITE)
	if file == null:
		DemoTimeline.note(
			wings[_current].tag,
			"could not save to %s (error %d)" % [SAVE_PATH, FileAccess.get_open_error()]
		)
		return
	file.store_string(text)
	file.close()
	var perceivers := find_children("*", "ApsPerceptionComponent", true, false).size()
	DemoTimeline.player(
		wings[_current].tag,
		(
			"saves the game (F5): what %d AIs believe, %d KB, to %s"
			% [perceivers, ceili(text.length() / 1024.0), SAVE_PATH]
		)
	)


## F9: the level is quit and loaded again, as a game does: every wing is freed (its AIs with all
## they believed) and built again from its scene, the player goes back where it was saved, and
## ApsWorld.load_state gives every new AI what the old one believed. No state signal fires for
## a restored belief; each AI hears beliefs_loaded once, at the end of the frame.
func _load_game() -> void:
	var wing_tag := wings[_current].tag
	if not FileAccess.file_exists(SAVE_PATH):
		DemoTimeline.note(wing_tag, "no saved game yet: F5 saves one")
		return
	var parsed: Variant = JSON.parse_string(FileAccess.get_file_as_string(SAVE_PATH))
	if not parsed is Dictionary or not (parsed as Dictionary).get("aps") is Dictionary:
		DemoTimeline.note(wing_tag, "%s is not a saved game of this demo" % SAVE_PATH)
		return
	var saved := parsed as Dictionary
	wings[_current].leave()
	_current = -1
	# Out of the tree first, then freed at once: the new wings take the old ones' names, and
	# the saved beliefs name each AI by its path from the root.
	for wing in wings:
		remove_child(wing)
		wing.free()
	_build_wings()
	var p: Dictionary = saved.get("player", {})
	var at := _vector(p.get("position", []), player.global_position)
	player.teleport(at, Vector3.FORWARD.rotated(Vector3.UP, float(p.get("yaw", 0.0))))
	player.crouching = bool(p.get("crouching", false))
	player.flashlight = bool(p.get("flashlight", false))
	camera.follow(player)
	_enter_wing(_nearest_wing())
	var ok := ApsWorld.load_state(self, saved["aps"])
	DemoTimeline.player(
		wings[_current].tag,
		"loads the game (F9): the level built again from its scenes, back where it saved"
	)
	if not ok:
		DemoTimeline.note(
			wings[_current].tag, "ApsWorld.load_state refused the saved data: the AIs start afresh"
		)
		return
	# What came back, read from APS itself: each guard here and what it believes of the player.
	var here: Array[String] = []
	for guard in wings[_current].guards():
		var state := guard.perception.get_belief_state(player)
		if state != ApsPerceptionComponent.STATE_UNDETECTED:
			here.append(
				(
					"%s %s %.2f"
					% [
						guard.display_name,
						DemoTimeline.state_name(state),
						guard.perception.get_confidence(player)
					]
				)
			)
	var perceivers := find_children("*", "ApsPerceptionComponent", true, false).size()
	DemoTimeline.note(
		wings[_current].tag,
		(
			"restored what %d AIs believed; here: %s"
			% [
				perceivers,
				", ".join(here) if not here.is_empty() else "no guard believes in the player"
			]
		)
	)


## A position saved as [x, y, z], else `otherwise`.
static func _vector(value: Variant, otherwise: Vector3) -> Vector3:
	if value is Array and (value as Array).size() == 3:
		return Vector3(value[0], value[1], value[2])
	return otherwise


# --- The scripted tour --------------------------------------------------------------------


func _tour(only: String) -> void:
	_touring = true
	hud.set_help("Scripted tour: a bot plays.\n`cargo xtask demo --play` to play yourself.")
	# Let CSG build its colliders and the wings bake their navigation meshes.
	for _i in 10:
		await get_tree().physics_frame
	_intro()
	var bot := DemoBot.new(player)
	var results: Array[DemoWing] = []
	for i in wings.size():
		if not only.is_empty() and WINGS[i]["name"] != only:
			continue
		var wing := wings[i]
		_go_to_wing(i)
		wing.bot = bot
		bot.wing = wing.tag
		DemoTimeline.heading(wing.number, wing.title, wing.idea)
		await wing.tour()
		DemoTimeline.say("  => " + wing.summary())
		results.append(wing)
	_outro(results)


func _intro() -> void:
	(
		DemoTimeline
		. say(
			"APS demo: a scripted tour. A bot plays the player through ten wings of a small stealth level."
		)
	)
	(
		DemoTimeline
		. say(
			"Each line is a signal an AI received from APS (its state and confidence that the player is there,"
		)
	)
	(
		DemoTimeline
		. say(
			"0 to 1, and why it lost them), what the AI's own script decided to do about it (>), what the"
		)
	)
	DemoTimeline.say("player did, or a reading the demo took (*). Times are seconds of game time.")
	(
		DemoTimeline
		. say(
			"A belief climbs Undetected -> Suspected (0.15) -> Detected (0.35) -> Tracked (0.60); once no"
		)
	)
	DemoTimeline.say(
		"sense has the player it goes Lost (with a reason), then Remembered, then Expired."
	)


func _outro(results: Array[DemoWing]) -> void:
	var ok := not results.is_empty()
	DemoTimeline.say("")
	DemoTimeline.say("What each wing showed:")
	for wing in results:
		DemoTimeline.say("  " + wing.summary())
		ok = ok and wing.passed()
	DemoTimeline.say("")
	DemoTimeline.say(
		(
			"demo: %s (%.0f s of game time)"
			% [
				(
					"every wing showed what it teaches"
					if ok
					else "FAILED: a wing did not show what it teaches"
				),
				DemoTimeline.now()
			]
		)
	)
	await _quit(0 if ok else 1)


## Stops every guard's plan and lets their coroutines see it before quitting, so none is left
## waiting on a frame that never comes.
func _quit(code: int) -> void:
	DemoTimeline.enabled = false
	for wing in wings:
		for guard in wing.guards():
			guard.stand_down()
	for _i in 3:
		await get_tree().physics_frame
	get_tree().quit(code)


# --- Screenshots --------------------------------------------------------------------------


func _screenshots(dir: String, only := "") -> void:
	_touring = true
	DemoTimeline.enabled = false
	for _i in 10:
		await get_tree().physics_frame
	var headless := DisplayServer.get_name() == "headless"
	DirAccess.make_dir_recursive_absolute(dir)
	for i in wings.size():
		if not only.is_empty() and WINGS[i]["name"] != only:
			continue
		var wing := wings[i]
		_go_to_wing(i)
		var view: Dictionary = await wing.photo()
		camera.hold_view(view["eye"], view["look"])
		for _f in PHOTO_FRAMES:
			await get_tree().process_frame
		var path := dir.path_join("%s.png" % WINGS[i]["name"])
		if headless:
			# No renderer, no picture: say so rather than save an empty file.
			print("screenshots: %s skipped (headless: nothing is rendered)" % path)
			continue
		var image := get_viewport().get_texture().get_image()
		if image == null or image.is_empty():
			print("screenshots: %s skipped (the viewport gave no image)" % path)
			continue
		var err := image.save_png(path)
		print("screenshots: %s %s" % [path, "saved" if err == OK else "not saved (error %d)" % err])
	if not headless and only.is_empty():
		await _debug_draw_photo(dir)
	await _quit(0)


## The addon's own debug drawing during a chase (a picture): the States and Loss wing
## with every guard's debug_draw on, just after the player ducked behind the wall.
func _debug_draw_photo(dir: String) -> void:
	var i := 1
	var wing := wings[i]
	_go_to_wing(i)
	for guard in wing.guards():
		guard.perception.debug_draw = ApsPerceptionComponent.DRAW_ALL
	var view: Dictionary = await wing.photo()
	camera.hold_view(view["eye"], view["look"])
	for _f in PHOTO_FRAMES:
		await get_tree().process_frame
	var path := dir.path_join("debug_draw.png")
	var image := get_viewport().get_texture().get_image()
	var err := image.save_png(path) if image != null and not image.is_empty() else FAILED
	print("screenshots: %s %s" % [path, "saved" if err == OK else "not saved (error %d)" % err])
	for guard in wing.guards():
		guard.perception.debug_draw = 0
