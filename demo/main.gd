extends Node3D
## The APS demo: a small stealth level of six wings, each teaching one idea of APS.
##
## Three ways to run it (user arguments, after `--`):
## - no arguments (what `cargo xtask demo` does headless): a scripted tour. A bot plays the
##   player through every wing; the timeline of what each AI perceived and did is printed, then
##   one line per wing saying what it showed. Exits 0 only if every wing showed its idea.
##   `--wing=<name>` tours one wing only (confidence, states_loss, memory, senses, crowds, squad).
## - `--play` (`cargo xtask demo --play`): a person plays. Keys 1-6 go to a wing.
## - `--screenshots=<dir>`: stages an instructive moment in each wing, saves <dir>/<wing>.png
##   from the viewport, and quits.

## The wings, in tour order, and where each stands along x (far enough apart that one wing's
## guards never perceive another's: sight reaches 40 m).
const WINGS := [
	{"name": "confidence", "x": 0.0},
	{"name": "states_loss", "x": 200.0},
	{"name": "memory", "x": 400.0},
	{"name": "senses", "x": 600.0},
	{"name": "crowds", "x": 1000.0},
	{"name": "squad", "x": 800.0},
]

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
		_screenshots.call_deferred(shots)
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
	road.size = Vector3(1220, 1, 8)
	road.position = Vector3(540, -0.5, 54)
	road.material = DemoLevel.material(Color(0.42, 0.42, 0.4))
	add_child(road)

	for w: Dictionary in WINGS:
		var scene: PackedScene = load("res://demo/wings/%s.tscn" % w["name"])
		var wing := scene.instantiate() as DemoWing
		wing.position = Vector3(w["x"], 0, 0)
		add_child(wing)
		wings.append(wing)

	player = DemoPlayer.new()
	add_child(player)
	camera = DemoCamera.new()
	add_child(camera)
	camera.make_current()
	hud = DemoHud.new()
	add_child(hud)
	for wing in wings:
		wing.player = player
		wing.hud = hud
	_go_to_wing(0)
	camera.follow(player)


func _go_to_wing(index: int) -> void:
	if _current >= 0:
		wings[_current].leave()
	_current = index
	var wing := wings[index]
	var start := wing.start()
	player.crouching = false
	player.flashlight = false
	player.teleport(start.origin, -start.basis.z)
	camera.yaw = start.basis.get_euler().y
	camera.follow(player)
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
	controls.quit_requested.connect(_quit.bind(0))
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
	var nearest := _current
	for i in wings.size():
		if absf(player.global_position.x - wings[i].position.x) < absf(player.global_position.x - wings[nearest].position.x):
			nearest = i
	if nearest != _current and not _touring:
		wings[_current].leave()
		_current = nearest
		hud.show_wing(wings[nearest])
		DemoTimeline.origin = wings[nearest].global_position
		DemoTimeline.current_wing = wings[nearest].tag
		wings[nearest].enter()


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
	DemoTimeline.say("APS demo: a scripted tour. A bot plays the player through six wings of a small stealth level.")
	DemoTimeline.say("Each line is a signal an AI received from APS (its state and confidence that the player is there,")
	DemoTimeline.say("0 to 1, and why it lost them), what the AI's own script decided to do about it (>), what the")
	DemoTimeline.say("player did, or a reading the demo took (*). Times are seconds of game time.")
	DemoTimeline.say("A belief climbs Undetected -> Suspected (0.15) -> Detected (0.35) -> Tracked (0.60); once no")
	DemoTimeline.say("sense has the player it goes Lost (with a reason), then Remembered, then Expired.")


func _outro(results: Array[DemoWing]) -> void:
	var ok := not results.is_empty()
	DemoTimeline.say("")
	DemoTimeline.say("What each wing showed:")
	for wing in results:
		DemoTimeline.say("  " + wing.summary())
		ok = ok and wing.passed()
	DemoTimeline.say("")
	DemoTimeline.say("demo: %s (%.0f s of game time)" % ["every wing showed what it teaches" if ok else "FAILED: a wing did not show what it teaches", DemoTimeline.now()])
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


func _screenshots(dir: String) -> void:
	_touring = true
	DemoTimeline.enabled = false
	for _i in 10:
		await get_tree().physics_frame
	var headless := DisplayServer.get_name() == "headless"
	DirAccess.make_dir_recursive_absolute(dir)
	for i in wings.size():
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
	if not headless:
		await _debug_draw_photo(dir)
	await _quit(0)


## The addon's own debug drawing during a chase (issue 13's picture): the States and Loss wing
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
