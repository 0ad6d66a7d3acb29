extends Node3D
## The whole-addon benchmark: a stress scene built by script and timed in headless Godot.
##
## `cargo xtask bench [-- options]` runs it. By default: 500 guards (vision and hearing, default
## level of detail) among 100 moving CharacterBody3D targets and 2,000 static boxes on a
## 300 m square, one camera, 600 physics frames; then the same with the spatial index off and
## with level of detail off (ratios printed); then a scaling table for 100, 250, 500 and 1,000
## guards at the same density; then ten guards among 100 and among 10,000 registered perceivables in
## range, and with 10,000 packed in front of them around a runner there from the start; what
## debug drawing, recording and the factor notes cost (and what turning debug drawing on and off
## for 200 guards costs, and what each drawing guard holds); and what saving and loading
## the whole level costs; what occluders cost; the same world in 2D against 3D; and every-frame
## mode (300 guards perceiving every physics frame, level of detail off). Options: --guards N,
## --frames N, --only-main, --only-perceivables, --only-insight, --only-drawing (that part of the
## insight section alone), --only-saves, --only-occluders, --only-2d, --only-every-frame,
## --only-scaling, --no-scaling, --scaling-rounds=N (3), --no-perceivables,
## --frames-csv=PATH (the first run's frames, one line each), --with-dog (the first guard also
## smells, so the world lays scent from every perceivable), --budget=N (Max Perception Updates
## Per Frame for every run, 0 for no cap), --scaling-sizes=100,1000 (the scaling section's crowds),
## --scaling-band-only (its runs with the band alone), --no-mirror (every ray to the engine, as
## with `aps/static_mirror` off) and --shadow (the engine checks every ray the static mirror
## decides, as the tests do; slower), --lights=N (N lamps with shadows over the level and a dim
## environment, so the level's own lights light every target; 0 by default) and
## --no-scene-lights (as with `aps/lights/scene_lights` off); with --bright the environment is
## fully lit, so the lamps are measured (and their shadow rays cast) but every target reads 1:
## what reading the lamps costs, with the same detections as without them. With --tiles the 2D
## world's boxes are whole cells of one TileMapLayer (1 m cells), as a tile-built level is; with
## --grid the 3D world's boxes are cells of one GridMap (1 m cubes).
##
## Times are APS's own (ApsWorld.get_last_frame_stats: the driver's whole frame). "Beyond its
## rays" subtracts the time spent inside its ray queries, as the passes timed them
## (`ray_usec`); the older estimate, rays × the cost of one ray in a bare loop of the same
## queries, is printed beside it.

const WARMUP := 60
## How wide the band around the scaling squares is, in metres (see `_scaling`).
const SCALING_BAND := 45.0

var guards_count := 500
var frames_count := 600
var only_main := false
var scaling := true
## How many rounds the scaling section takes its sizes in turn (`--scaling-rounds=N`).
var scaling_rounds := 3
## The crowd sizes of the scaling section (`--scaling-sizes=100,1000`).
var scaling_sizes := [100, 250, 500, 1000]
## Only the scaling section's runs with the band (`--scaling-band-only`).
var scaling_band_only := false
var perceivables := true
## The sections run after the main figures, in order; `--only-<name>` runs one alone.
const SECTIONS := ["perceivables", "insight", "saves", "occluders", "2d", "every-frame", "scaling"]
## Parts of a section that `--only-<name>` may run alone: "drawing" is the insight section's
## turning of debug drawing on and off.
const PARTS := ["drawing"]
## The one section asked for with `--only-<name>`, or "".
var only_section := ""
## `--frames-csv=PATH`: the main run's frames (ms, passes, rays, ms in rays) are written there.
var frames_csv := ""
## `--with-dog`: the first guard of each crowd smells too.
var with_dog := false
var rng := RandomNumberGenerator.new()
## `--shadow`: the engine checks every ray the static mirror decides (off for timing).
var shadow := false
## `--lights=N`: lamps over the level of the main run.
var lights_count := 0
## `--bright`: the lamps' environment lights everything fully.
var bright := false
## `--tiles`: the 2D world's boxes are cells of one tile map layer.
var tiles := false
## `--grid`: the 3D world's boxes are cells of one grid map.
var grid := false


func _ready() -> void:
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--guards="):
			guards_count = int(arg.trim_prefix("--guards="))
		elif arg.begins_with("--frames="):
			frames_count = int(arg.trim_prefix("--frames="))
		elif arg == "--only-main":
			only_main = true
		elif arg == "--no-scaling":
			scaling = false
		elif arg.begins_with("--scaling-rounds="):
			scaling_rounds = maxi(1, arg.trim_prefix("--scaling-rounds=").to_int())
		elif arg == "--no-perceivables":
			perceivables = false
		elif arg.begins_with("--frames-csv="):
			frames_csv = arg.trim_prefix("--frames-csv=")
		elif arg == "--with-dog":
			with_dog = true
		elif arg.begins_with("--scaling-sizes="):
			scaling_sizes = Array(arg.trim_prefix("--scaling-sizes=").split(",")).map(
				func(n): return n.to_int()
			)
		elif arg == "--scaling-band-only":
			scaling_band_only = true
		elif arg == "--no-mirror":
			ProjectSettings.set_setting("aps/static_mirror", false)
		elif arg == "--shadow":
			shadow = true
		elif arg.begins_with("--lights="):
			lights_count = maxi(0, arg.trim_prefix("--lights=").to_int())
		elif arg == "--bright":
			bright = true
		elif arg == "--tiles":
			tiles = true
		elif arg == "--grid":
			grid = true
		elif arg == "--no-scene-lights":
			ProjectSettings.set_setting("aps/lights/scene_lights", false)
		elif arg.begins_with("--budget="):
			ProjectSettings.set_setting(
				"aps/max_perception_updates_per_frame", int(arg.trim_prefix("--budget="))
			)
		elif arg.begins_with("--only-") and arg.trim_prefix("--only-") in SECTIONS + PARTS:
			only_section = arg.trim_prefix("--only-")
	# The project checks the static mirror against the engine in its tests; timing does not.
	ProjectSettings.set_setting("aps/debug/static_mirror_shadow", shadow)
	await get_tree().physics_frame
	print(
		(
			"stress: physics engine %s, %d physics frames per run (first %d not counted); static mirror %s%s; %d lamps, scene lights %s"
			% [
				ProjectSettings.get_setting("physics/3d/physics_engine"),
				frames_count,
				WARMUP,
				"on" if ProjectSettings.get_setting("aps/static_mirror", true) else "off",
				", checked by the engine (shadow)" if shadow else "",
				lights_count,
				"on" if ProjectSettings.get_setting("aps/lights/scene_lights", true) else "off"
			]
		)
	)
	if not only_section.is_empty():
		await _section(only_section)
		get_tree().quit(0)
		return
	var main: Dictionary = await _run(
		guards_count, true, true, "level of detail on, spatial index on"
	)
	if not only_main:
		var no_index: Dictionary = await _run(guards_count, false, true, "spatial index off")
		print(
			(
				"ratio, spatial index off / on: %.2f x the time per frame"
				% (no_index["mean_ms"] / maxf(main["mean_ms"], 1e-6))
			)
		)
		var no_lod: Dictionary = await _run(guards_count, true, false, "level of detail off")
		print(
			(
				"ratio, level of detail off / on: %.2f x the time per frame, %.2f x the passes"
				% [
					no_lod["mean_ms"] / maxf(main["mean_ms"], 1e-6),
					no_lod["passes"] / maxf(main["passes"], 1e-6)
				]
			)
		)
	if perceivables and not only_main:
		await _perceivables()
	if not only_main:
		for section in SECTIONS:
			if section != "scaling" and section != "perceivables":
				await _section(section)
	if scaling and not only_main:
		await _scaling()
	get_tree().quit(0)


## Cost per pass at 100, 250, 500 and 1,000 guards with the same density of guards, targets and
## boxes (flat within 20%). `--only-scaling` runs it alone.
##
## Twice: with the square's edges open (a guard near one has less to perceive, and small squares
## have more such guards), then with a band of the same density around it, as wide as a guard's
## reach (40 m of sight and hearing, the grid's 3 m margin and 2 m more), so that every guard has
## the same crowd around it. The sizes take turns for `--scaling-rounds` rounds and each figure is
## the median of its rounds, so a busy spell of the machine falls on every size alike.
func _scaling() -> void:
	for margin in [SCALING_BAND] if scaling_band_only else [0.0, SCALING_BAND]:
		if margin == 0.0:
			print("scaling at constant density, edges open (level of detail on, spatial index on):")
		else:
			print(
				(
					"scaling at constant density, with a %.0f m band of the same density around the square:"
					% margin
				)
			)
		var sizes: Array = scaling_sizes
		var runs := {}
		for n in sizes:
			runs[n] = []
		for turn in scaling_rounds:
			for n in sizes:
				runs[n].append(await _run(n, true, true, "", true, Callable(), -1, -1, margin))
		print(
			"  guards | ms per frame | rays per frame | passes per frame | us per pass | us per ray (timed in place) | us per pass beyond rays | p99 / mean"
		)
		for n in sizes:
			var rs: Array = runs[n]
			var per_ray := func(r: Dictionary) -> float:
				return r["in_rays_ms"] * 1000.0 / maxf(r["rays"], 1e-6)
			var p99r := func(r: Dictionary) -> float: return r["p99_ms"] / maxf(r["mean_ms"], 1e-6)
			print(
				(
					"  %6d | %12.3f | %14.1f | %16.1f | %11.1f | %27.2f | %23.1f | %10.2f"
					% [
						n,
						_median(rs.map(func(r): return r["mean_ms"])),
						_median(rs.map(func(r): return r["rays"])),
						_median(rs.map(func(r): return r["passes"])),
						_median(rs.map(func(r): return r["us_per_pass"])),
						_median(rs.map(per_ray)),
						_median(rs.map(func(r): return r["beyond_us_per_pass"])),
						_median(rs.map(p99r))
					]
				)
			)
		var rounds_of := func(n):
			return "%d: %s" % [n, "/".join(runs[n].map(func(r): return "%.0f" % r["us_per_pass"]))]
		print(
			(
				"  (each figure the median of %d rounds; us per pass, round by round: %s)"
				% [scaling_rounds, ", ".join(sizes.map(rounds_of))]
			)
		)


## The median of `values`.
func _median(values: Array) -> float:
	var sorted := values.duplicate()
	sorted.sort()
	var n := sorted.size()
	if n == 0:
		return 0.0
	if n % 2 == 1:
		return sorted[n / 2]
	return (sorted[n / 2 - 1] + sorted[n / 2]) * 0.5


## Runs the section `name` (one of SECTIONS).
func _section(name: String) -> void:
	match name:
		"perceivables":
			await _perceivables()
		"insight":
			await _insight(guards_count)
		"saves":
			await _saves(guards_count)
		"occluders":
			await _occluders(guards_count)
		"2d":
			await _plane(guards_count)
		"every-frame":
			await _every_frame()
		"scaling":
			await _scaling()
		"drawing":
			await _drawing_toggles(guards_count, 200)


## What seeing inside the AI costs, each against the defaults in paired runs of the
## same world, in the order default, changed, changed, default (so a drift of the machine counts
## on both sides): debug drawing on for 20 guards, recording on for every guard, and the
## senses' factor notes off (the project setting aps/debug/explain); and what turning debug
## drawing on and off for 200 guards costs (`_drawing_toggles`). "frame" is the whole
## physics frame as the game sees it (APS, physics, the drawing's meshes and labels; headless,
## so nothing is rendered); "APS" is APS's own time.
func _insight(guards: int) -> void:
	print(
		(
			"insight, %d guards (mean of runs in the order default, changed, changed, default):"
			% guards
		)
	)
	var draw20 := func(list: Array):
		for g in list.slice(0, 20):
			g.debug_draw = ApsPerceptionComponent.DRAW_ALL
	var record_all := func(list: Array):
		for g in list:
			g.start_recording(10.0)
	var explain_off := func(_list: Array): ProjectSettings.set_setting("aps/debug/explain", false)
	await _paired(guards, "debug draw on for 20 guards", draw20)
	await _drawing_toggles(guards, 200)
	await _paired(guards, "recording on for all %d guards" % guards, record_all)
	await _paired(guards, "factor notes off (aps/debug/explain)", explain_off)


## What turning debug drawing on and off costs, in one run of the stress world with `guards`
## guards: once it is steady, debug drawing of everything is turned on for `drawn` of them (the
## first ten frames after, against ten steady frames), kept on, then turned off and on again every
## frame; and what a drawing guard holds (Godot's static memory, objects, nodes and resources,
## counted before drawing starts and after it has drawn for a while, divided among the drawing
## guards). A frame here is the whole physics frame as the game sees it (APS, physics, the
## drawing's nodes; headless, so nothing is rendered).
func _drawing_toggles(guards: int, drawn: int) -> void:
	ProjectSettings.set_setting("aps/use_spatial_index", true)
	ProjectSettings.set_setting("aps/level_of_detail", true)
	rng.seed = 7
	var side := 300.0 * sqrt(guards / 500.0)
	var root := Node3D.new()
	add_child(root)
	_build(root, side, guards, int(round(100 * guards / 500.0)), int(round(2000 * guards / 500.0)))
	var movers: Array = root.get_meta("movers")
	var chosen: Array = root.get_meta("guards").slice(0, drawn)
	var set_flags := func(flags: int):
		for g in chosen:
			g.debug_draw = flags
	var turn_on := func(f: int):
		if f == 0:
			set_flags.call(ApsPerceptionComponent.DRAW_ALL)
	var toggle := func(f: int): set_flags.call(0 if f % 2 == 0 else ApsPerceptionComponent.DRAW_ALL)
	await _timed_frames(movers, side, WARMUP)
	var steady := _mean(await _timed_frames(movers, side, 60))
	var before := _memory()
	var first := await _timed_frames(movers, side, 10, turn_on)
	await _timed_frames(movers, side, 50)
	var drawing := _memory()
	# Drawn steadily and toggled in turns of ten frames, six times each, so a world that grows
	# busier as it runs, or a busy spell of the machine, weighs on both alike. A toggling turn
	# ends drawn (off, on, ..., on), as a steady one.
	var steady_drawn := 0.0
	var toggles := 0.0
	var nodes_steady := 0
	var nodes_toggling := 0
	for turn in 6:
		var at := _memory()
		steady_drawn += _mean(await _timed_frames(movers, side, 10)) / 6.0
		var mid := _memory()
		toggles += _mean(await _timed_frames(movers, side, 10, toggle)) / 6.0
		nodes_steady += mid["nodes"] - at["nodes"]
		nodes_toggling += _memory()["nodes"] - mid["nodes"]
	set_flags.call(0)
	await _timed_frames(movers, side, 10)
	var off := _memory()
	var total_first := 0.0
	for t in first:
		total_first += t
	print(
		(
			"  debug draw of everything turned on for %d of %d guards: the first ten frames %.1f ms (%.1f x ten steady frames of %.3f ms; the first frame %.1f ms); a steady frame while drawing %.3f ms"
			% [
				drawn,
				guards,
				total_first,
				total_first / maxf(10.0 * steady, 1e-6),
				steady,
				first[0],
				steady_drawn
			]
		)
	)
	# Toggling costs what drawing costs (a pass's marks are drawn when shown) and what turning
	# on and off adds: the difference, against a steady frame without drawing.
	print(
		(
			"  turned off and on every frame: %.3f ms a frame (%.2f x a steady frame, %.2f x a steady frame while drawing: %.2f steady frames more; turns of ten frames toggled and ten drawn); nodes made over 60 frames drawn %d, over the 60 toggled %d (labels for new beliefs)"
			% [
				toggles,
				toggles / maxf(steady, 1e-6),
				toggles / maxf(steady_drawn, 1e-6),
				(toggles - steady_drawn) / maxf(steady, 1e-6),
				nodes_steady,
				nodes_toggling
			]
		)
	)
	var per := func(key: String) -> float: return (drawing[key] - before[key]) / float(drawn)
	print(
		(
			"  each drawing guard holds: %.1f kB of Godot's static memory (%.1f kB of the process's resident memory), %.1f objects, %.1f nodes, %.1f resources; turned off, %.1f kB and %.1f objects per guard remain"
			% [
				per.call("static") / 1024.0,
				per.call("rss") / 1024.0,
				per.call("objects"),
				per.call("nodes"),
				per.call("resources"),
				(off["static"] - before["static"]) / 1024.0 / drawn,
				(off["objects"] - before["objects"]) / float(drawn)
			]
		)
	)
	root.queue_free()
	await get_tree().physics_frame
	await get_tree().physics_frame


## Runs `count` physics frames of the stress world, its targets walking, calling `each` with the
## frame's index at the start of each; returns each frame's wall time, from one physics frame
## to the next (ms).
func _timed_frames(
	movers: Array, side: float, count: int, each := Callable()
) -> PackedFloat64Array:
	var out := PackedFloat64Array()
	var last := Time.get_ticks_usec()
	for f in count:
		if each.is_valid():
			each.call(f)
		_move(movers, side)
		await get_tree().physics_frame
		var now := Time.get_ticks_usec()
		out.append((now - last) / 1000.0)
		last = now
	return out


## Godot's static memory (bytes), the process's resident memory (bytes, Linux: all of it,
## APS's own included) and Godot's counts of objects, nodes and resources.
func _memory() -> Dictionary:
	var rss := 0.0
	var out := []
	if (
		OS.get_name() == "Linux"
		and OS.execute("cat", ["/proc/%d/status" % OS.get_process_id()], out) == 0
		and out.size() > 0
	):
		for line in str(out[0]).split("\n"):
			if line.begins_with("VmRSS:"):
				rss = line.trim_prefix("VmRSS:").strip_edges().split(" ")[0].to_float() * 1024.0
	return {
		"rss": rss,
		"static": Performance.get_monitor(Performance.MEMORY_STATIC),
		"objects": int(Performance.get_monitor(Performance.OBJECT_COUNT)),
		"nodes": int(Performance.get_monitor(Performance.OBJECT_NODE_COUNT)),
		"resources": int(Performance.get_monitor(Performance.OBJECT_RESOURCE_COUNT)),
	}


## The mean of `values`.
func _mean(values: PackedFloat64Array) -> float:
	var sum := 0.0
	for v in values:
		sum += v
	return sum / maxf(values.size(), 1.0)


## What a saved game costs: the stress world run until its guards believe in
## things, then ApsWorld.save_state of the whole level, the JSON text of it, and
## ApsWorld.load_state back into the same level, each the best of five.
func _saves(guards: int) -> void:
	ProjectSettings.set_setting("aps/use_spatial_index", true)
	ProjectSettings.set_setting("aps/level_of_detail", true)
	rng.seed = 7
	var scale := sqrt(guards / 500.0)
	var side := 300.0 * scale
	var root := Node3D.new()
	add_child(root)
	_build(root, side, guards, int(round(100 * guards / 500.0)), int(round(2000 * guards / 500.0)))
	var movers: Array = root.get_meta("movers")
	for f in 300:
		_move(movers, side)
		await get_tree().physics_frame
	var beliefs := 0
	for g in root.get_meta("guards"):
		beliefs += g.get_known_targets().size()
	var best := {"save": INF, "json": INF, "parse": INF, "load": INF}
	var data := {}
	var text := ""
	for i in 5:
		var t0 := Time.get_ticks_usec()
		data = ApsWorld.save_state(root)
		var t1 := Time.get_ticks_usec()
		text = JSON.stringify(data, "", false, true)
		var t2 := Time.get_ticks_usec()
		var parsed: Dictionary = JSON.parse_string(text)
		var t3 := Time.get_ticks_usec()
		ApsWorld.load_state(root, parsed)
		var t4 := Time.get_ticks_usec()
		best["save"] = minf(best["save"], (t1 - t0) / 1000.0)
		best["json"] = minf(best["json"], (t2 - t1) / 1000.0)
		best["parse"] = minf(best["parse"], (t3 - t2) / 1000.0)
		best["load"] = minf(best["load"], (t4 - t3) / 1000.0)
	print(
		(
			"saves, %d guards holding %d beliefs: save_state %.1f ms, JSON.stringify %.1f ms (%d kB), JSON.parse %.1f ms, load_state %.1f ms (%.1f us per belief saved and loaded)"
			% [
				guards,
				beliefs,
				best["save"],
				best["json"],
				text.length() / 1024,
				best["parse"],
				best["load"],
				(best["save"] + best["load"]) * 1000.0 / maxf(beliefs, 1.0)
			]
		)
	)
	root.queue_free()
	await get_tree().physics_frame
	await get_tree().physics_frame


## What occluders cost, in paired runs of the stress world: one box in ten made a
## pane of glass (rays pass on through it), against the same world without.
func _occluders(guards: int) -> void:
	print(
		(
			"occluders, %d guards (mean of runs in the order default, changed, changed, default):"
			% guards
		)
	)
	var glass := func(list: Array):
		var root: Node = list[0].get_parent().get_parent()
		var k := 0
		for c in root.get_children():
			if c is StaticBody3D and c.get_child_count() == 1:
				k += 1
				if k % 10 == 0:
					var o := ApsOccluder.new()
					o.preset = ApsOccluder.PRESET_GLASS
					c.add_child(o)
	await _paired(guards, "one box in ten is glass", glass)


## The stress world in 2D against the same world in 3D, paired (3D, 2D, 2D, 3D): the
## 2D world is the 3D one's ground plane at 100 px per metre, guards and targets circles of the
## capsules' radius, boxes rectangles of their footprint. Same guards, profile, targets, paths
## and footsteps; the rays go through Godot's 2D physics instead of the 3D engine.
func _plane(guards: int) -> void:
	print("2D, %d guards (mean of runs in the order 3D, 2D, 2D, 3D):" % guards)
	var three := {"mean_ms": 0.0, "p99_ms": 0.0, "rays": 0.0, "passes": 0.0, "ray_us": 0.0}
	var two := three.duplicate()
	two["mirrored"] = 0.0
	two["in_rays_ms"] = 0.0
	for flat in [false, true, true, false]:
		var r: Dictionary
		if flat:
			r = await _run_2d(guards)
		else:
			r = await _run(guards, true, true, "", true)
		var into: Dictionary = two if flat else three
		for k in into:
			into[k] += r[k] / 2.0
	print(
		(
			"  APS per frame: 3D %.3f ms, 2D %.3f ms (%.2f x); p99 %.3f -> %.3f ms; rays per frame %.1f -> %.1f; passes per frame %.1f -> %.1f"
			% [
				three["mean_ms"],
				two["mean_ms"],
				two["mean_ms"] / maxf(three["mean_ms"], 1e-6),
				three["p99_ms"],
				two["p99_ms"],
				three["rays"],
				two["rays"],
				three["passes"],
				two["passes"]
			]
		)
	)
	var beyond := func(r: Dictionary) -> float:
		return r["mean_ms"] - r["rays"] * r["ray_us"] / 1000.0
	print(
		(
			"  one ray: 3D %.2f us, 2D %.2f us; APS beyond its rays: 3D %.3f ms, 2D %.3f ms per frame (%.2f x)"
			% [
				three["ray_us"],
				two["ray_us"],
				beyond.call(three),
				beyond.call(two),
				beyond.call(two) / maxf(beyond.call(three), 1e-6)
			]
		)
	)
	print(
		(
			"  2D: %.1f%% of its rays decided by the static mirror; in its rays %.3f ms a frame, beyond them %.3f ms"
			% [100.0 * two["mirrored"], two["in_rays_ms"], two["mean_ms"] - two["in_rays_ms"]]
		)
	)


## A grid map of 1 m cubes whose one item is a solid cube.
func _grid_map() -> GridMap:
	var library := MeshLibrary.new()
	library.create_item(0)
	var cube := BoxShape3D.new()
	cube.size = Vector3.ONE
	library.set_item_shapes(0, [cube, Transform3D.IDENTITY])
	var cells := GridMap.new()
	cells.mesh_library = library
	cells.cell_size = Vector3.ONE
	return cells


## A tile map layer of `px`-pixel square cells whose one tile is solid on layer 1.
func _tile_layer(px: float) -> TileMapLayer:
	var image := Image.create(int(px), int(px), false, Image.FORMAT_RGBA8)
	var atlas := TileSetAtlasSource.new()
	atlas.texture = ImageTexture.create_from_image(image)
	atlas.texture_region_size = Vector2i(int(px), int(px))
	var kinds := TileSet.new()
	kinds.tile_size = Vector2i(int(px), int(px))
	kinds.add_physics_layer()
	kinds.add_source(atlas, 0)
	atlas.create_tile(Vector2i.ZERO)
	var h := px * 0.5
	var data := atlas.get_tile_data(Vector2i.ZERO, 0)
	data.add_collision_polygon(0)
	data.set_collision_polygon_points(
		0, 0, PackedVector2Array([Vector2(-h, -h), Vector2(h, -h), Vector2(h, h), Vector2(-h, h)])
	)
	var layer := TileMapLayer.new()
	layer.tile_set = kinds
	return layer


## The stress world built in 2D and run like `_run`; its figures are its World2D's.
func _run_2d(guards: int) -> Dictionary:
	const PX := 100.0
	ProjectSettings.set_setting("aps/use_spatial_index", true)
	ProjectSettings.set_setting("aps/level_of_detail", true)
	rng.seed = 7
	var scale := sqrt(guards / 500.0)
	var side := 300.0 * scale
	var half := side * 0.5
	var targets := int(round(100 * guards / 500.0))
	var boxes := int(round(2000 * guards / 500.0))
	var root := Node2D.new()
	add_child(root)
	var circle := func(at: Vector3) -> CharacterBody2D:
		var b := CharacterBody2D.new()
		b.motion_mode = CharacterBody2D.MOTION_MODE_FLOATING
		var cs := CollisionShape2D.new()
		cs.shape = CircleShape2D.new()
		cs.shape.radius = 0.3 * PX
		b.add_child(cs)
		root.add_child(b)
		b.position = Vector2(at.x, at.z) * PX
		return b
	var layer: TileMapLayer = _tile_layer(PX) if tiles else null
	if layer:
		root.add_child(layer)
	for i in boxes:
		var size := Vector3(rng.randf_range(1, 4), rng.randf_range(1, 3), rng.randf_range(1, 4))
		var at := Vector2(rng.randf_range(-half, half), rng.randf_range(-half, half)) * PX
		if layer:
			var first := layer.local_to_map(at - Vector2(size.x, size.z) * PX * 0.5)
			for x in range(first.x, first.x + int(ceil(size.x))):
				for y in range(first.y, first.y + int(ceil(size.z))):
					layer.set_cell(Vector2i(x, y), 0, Vector2i.ZERO)
			continue
		var b := StaticBody2D.new()
		var cs := CollisionShape2D.new()
		cs.shape = RectangleShape2D.new()
		cs.shape.size = Vector2(size.x, size.z) * PX
		b.add_child(cs)
		root.add_child(b)
		b.position = at
	if layer:
		print("  the level: %d tiles in one TileMapLayer" % layer.get_used_cells().size())
	var profile := ApsProfile.new()
	profile.touch_enabled = false
	profile.damage_enabled = false
	profile.pain_enabled = false
	for i in guards:
		var g: CharacterBody2D = circle.call(
			Vector3(rng.randf_range(-half, half), 0, rng.randf_range(-half, half))
		)
		var eye := ApsPerceptionComponent2D.new()
		eye.profile = profile
		eye.team_id = 1
		g.add_child(eye)
		var badge := ApsTargetComponent2D.new()
		badge.team_id = 1
		g.add_child(badge)
		g.rotation = rng.randf_range(-PI, PI)
	var movers := []
	for i in targets:
		var t: CharacterBody2D = circle.call(
			Vector3(rng.randf_range(-half, half), 0, rng.randf_range(-half, half))
		)
		var angle := rng.randf_range(-PI, PI)
		t.set_meta("v", Vector2(cos(angle), sin(angle)) * rng.randf_range(1.5, 5.0) * PX)
		t.set_meta("step", rng.randf_range(0, 1))
		movers.append(t)
	var camera := Camera2D.new()
	root.add_child(camera)
	camera.make_current()
	var world := ApsWorld.get_world_state(root)
	world.reset_stats()
	var times := PackedFloat64Array()
	var rays := 0.0
	var mirror_rays := 0.0
	var ray_usec := 0.0
	var passes := 0.0
	var dt := 1.0 / 60.0
	for f in frames_count:
		for t in movers:
			var v: Vector2 = t.get_meta("v")
			var p: Vector2 = t.position + v * dt
			if absf(p.x) > half * PX:
				v.x = -v.x
			if absf(p.y) > half * PX:
				v.y = -v.y
			t.set_meta("v", v)
			t.position = t.position + v * dt
			var step: float = t.get_meta("step") + dt
			if step >= 1.0:
				step -= 1.0
				ApsWorld.emit_sound_2d(t.position, 0.6, 15.0 * PX, &"footstep", t)
			t.set_meta("step", step)
		await get_tree().physics_frame
		if f >= WARMUP:
			var s := world.get_last_frame_stats()
			times.append(s["time_usec"] / 1000.0)
			rays += s["rays"]
			mirror_rays += s["mirror_rays"]
			ray_usec += s["ray_usec"]
			passes += s["passes"]
	var n := float(times.size())
	var mean := 0.0
	for t in times:
		mean += t
	mean /= n
	var sorted := times.duplicate()
	sorted.sort()
	var p99: float = sorted[min(sorted.size() - 1, int(ceil(0.99 * n)) - 1)]
	var ray_us := ApsWorld.measure_ray_cost(root, half * PX, 20000)
	root.queue_free()
	await get_tree().physics_frame
	await get_tree().physics_frame
	return {
		"mean_ms": mean,
		"p99_ms": p99,
		"rays": rays / n,
		"passes": passes / n,
		"ray_us": ray_us,
		"mirrored": mirror_rays / maxf(rays, 1.0),
		"in_rays_ms": ray_usec / n / 1000.0
	}


## Every-frame mode: 300 guards whose Base Update Interval is one physics frame,
## level of detail off, among 100 moving targets and 400 boxes: what a game that wants every AI
## to perceive every frame pays, and how much of it is beyond the rays.
func _every_frame() -> void:
	var every_frame := func(list: Array):
		# One profile is shared by the stress world's guards.
		list[0].profile.base_update_interval = 1.0 / 60.0
	await _run(
		300,
		true,
		false,
		"every-frame mode: Base Update Interval one physics frame, level of detail off",
		false,
		every_frame,
		100,
		400
	)


## Runs the defaults and `change` as default, changed, changed, default and prints the means.
func _paired(guards: int, label: String, change: Callable) -> void:
	var base := {"frame_ms": 0.0, "mean_ms": 0.0, "rays": 0.0, "occluder_hits": 0.0}
	var changed := {"frame_ms": 0.0, "mean_ms": 0.0, "rays": 0.0, "occluder_hits": 0.0}
	for changed_run in [false, true, true, false]:
		var r: Dictionary = await _run(
			guards, true, true, "", true, change if changed_run else Callable()
		)
		ProjectSettings.set_setting("aps/debug/explain", true)
		var into: Dictionary = changed if changed_run else base
		for k in into:
			into[k] += r[k] / 2.0
	print(
		(
			"  %s: frame %.3f -> %.3f ms (%.2f x), APS %.3f -> %.3f ms (%.2f x), rays per frame %.1f -> %.1f, of them through occluders %.1f -> %.1f"
			% [
				label,
				base["frame_ms"],
				changed["frame_ms"],
				changed["frame_ms"] / maxf(base["frame_ms"], 1e-6),
				base["mean_ms"],
				changed["mean_ms"],
				changed["mean_ms"] / maxf(base["mean_ms"], 1e-6),
				base["rays"],
				changed["rays"],
				base["occluder_hits"],
				changed["occluder_hits"]
			]
		)
	)


## Builds a world for `guards` guards, runs it, prints its figures and tears it down. `setup`,
## if given, is called with the guards' perception components before the run.
func _run(
	guards: int,
	index: bool,
	lod: bool,
	label: String,
	quiet := false,
	setup := Callable(),
	targets := -1,
	boxes := -1,
	margin := 0.0
) -> Dictionary:
	ProjectSettings.set_setting("aps/use_spatial_index", index)
	ProjectSettings.set_setting("aps/level_of_detail", lod)
	rng.seed = 7
	var scale := sqrt(guards / 500.0)
	var side := 300.0 * scale
	if targets < 0:
		targets = int(round(100 * guards / 500.0))
	if boxes < 0:
		boxes = int(round(2000 * guards / 500.0))
	var root := Node3D.new()
	add_child(root)
	_build(root, side, guards, targets, boxes, margin)
	# Targets walk the whole square, band and all.
	side += 2.0 * margin
	var movers: Array = root.get_meta("movers")
	if setup.is_valid():
		setup.call(root.get_meta("guards"))
	ApsWorld.reset_stats()
	# The level's lights count since the start: their figures are taken from here.
	var lights_before := ApsWorld.get_stats()
	var times := PackedFloat64Array()
	# Each counted frame's passes, rays and time in rays, to tell what the slowest frames held.
	var frame_passes := PackedInt32Array()
	var frame_rays := PackedInt32Array()
	var frame_ray_ms := PackedFloat64Array()
	var frame_usec := 0
	var last_frame := Time.get_ticks_usec()
	var rays := 0.0
	var mirror_rays := 0.0
	var ray_usec := 0.0
	var passes := 0.0
	var most_passes := 0
	for f in frames_count:
		_move(movers, side)
		await get_tree().physics_frame
		var now := Time.get_ticks_usec()
		if f >= WARMUP:
			frame_usec += now - last_frame
			var s := ApsWorld.get_last_frame_stats()
			times.append(s["time_usec"] / 1000.0)
			rays += s["rays"]
			mirror_rays += s["mirror_rays"]
			ray_usec += s["ray_usec"]
			passes += s["passes"]
			most_passes = maxi(most_passes, s["passes"])
			frame_passes.append(s["passes"])
			frame_rays.append(s["rays"])
			frame_ray_ms.append(s["ray_usec"] / 1000.0)
		last_frame = now
	var totals := ApsWorld.get_stats()
	var n := float(times.size())
	var occluder_hits: float = totals["occluder_hits"] / n
	var mean := 0.0
	for t in times:
		mean += t
	mean /= n
	var sorted := times.duplicate()
	sorted.sort()
	var p99: float = sorted[min(sorted.size() - 1, int(ceil(0.99 * n)) - 1)]
	# The frames at or above the 99th percentile: what they held against the mean frame.
	var slow := {"frames": 0, "passes": 0.0, "rays": 0.0, "ray_ms": 0.0, "ms": 0.0}
	for i in times.size():
		if times[i] >= p99:
			slow["frames"] += 1
			slow["passes"] += frame_passes[i]
			slow["rays"] += frame_rays[i]
			slow["ray_ms"] += frame_ray_ms[i]
			slow["ms"] += times[i]
	if not frames_csv.is_empty() and not quiet:
		var csv := FileAccess.open(frames_csv, FileAccess.WRITE)
		csv.store_line("frame,ms,passes,rays,ray_ms")
		for i in times.size():
			csv.store_line(
				(
					"%d,%.4f,%d,%d,%.4f"
					% [i + WARMUP, times[i], frame_passes[i], frame_rays[i], frame_ray_ms[i]]
				)
			)
		csv = null
		frames_csv = ""
	var ray_us := ApsWorld.measure_ray_cost(root, side * 0.5, 20000)
	var rays_per_frame := rays / n
	# Beyond the rays, two ways: the time inside the rays as the passes timed them, and the
	# rays times one ray's cost in a bare loop of the same queries (the older estimate).
	var in_rays_ms := ray_usec / n / 1000.0
	var beyond_ms := mean - in_rays_ms
	var beyond_loop_ms := mean - rays_per_frame * ray_us / 1000.0
	var result := {
		"mean_ms": mean,
		"p99_ms": p99,
		"rays": rays_per_frame,
		"passes": passes / n,
		"occluder_hits": occluder_hits,
		"frame_ms": frame_usec / 1000.0 / n,
		"us_per_pass": mean * 1000.0 / maxf(passes / n, 1e-6),
		"ray_us": ray_us,
		"in_rays_ms": in_rays_ms,
		"beyond_ms": beyond_ms,
		"beyond_us_per_pass": beyond_ms * 1000.0 / maxf(passes / n, 1e-6),
		"mirrored": mirror_rays / maxf(rays, 1.0),
	}
	if not quiet:
		print(
			(
				"--- %d guards, %d targets, %d boxes, %.0f m square, one camera; %s"
				% [guards, targets, boxes, side, label]
			)
		)
		print(
			(
				"perception time per frame: mean %.3f ms, p99 %.3f ms (%.2f x the mean), largest %.3f ms"
				% [mean, p99, p99 / maxf(mean, 1e-6), sorted[sorted.size() - 1]]
			)
		)
		print(
			(
				"rays per frame: %.1f; decided by the static mirror without the engine: %.1f%% (%.1f a frame)"
				% [rays_per_frame, 100.0 * mirror_rays / maxf(rays, 1.0), mirror_rays / n]
			)
		)
		print(
			(
				"static mirror: %d static shapes, %d shapes of bodies that move, about %.0f kB; %.1f shapes confirmed a frame; %d disagreements with the engine%s"
				% [
					totals["mirror_shapes"],
					totals["mirror_movers"],
					totals["mirror_bytes"] / 1024.0,
					totals["mirror_checks"] / n,
					totals["mirror_disagreements"],
					"" if shadow else " (not checked: --shadow checks)"
				]
			)
		)
		var k := maxf(slow["frames"], 1.0)
		print(
			(
				"the slowest 1%% (%d frames): %.3f ms, %.1f passes, %.1f rays, %.3f ms in rays, %.3f ms beyond them (the mean frame: %.3f ms beyond)"
				% [
					slow["frames"],
					slow["ms"] / k,
					slow["passes"] / k,
					slow["rays"] / k,
					slow["ray_ms"] / k,
					(slow["ms"] - slow["ray_ms"]) / k,
					mean - ray_usec / n / 1000.0
				]
			)
		)
		print(
			(
				"perceivers run per frame: %.2f; the largest frame ran %d (%.2f x the mean)"
				% [passes / n, most_passes, most_passes / maxf(passes / n, 1e-6)]
			)
		)
		print("detections made: %d" % totals["detections"])
		if totals["scene_lights"] > 0:
			print(
				(
					"scene lights: %d lamps; %.1f targets' light measured a frame, %.1f shadow rays a frame"
					% [
						totals["scene_lights"],
						(totals["light_measurements"] - lights_before["light_measurements"]) / n,
						(totals["light_rays"] - lights_before["light_rays"]) / n
					]
				)
			)
		print(
			(
				"in its rays: %.3f ms per frame (%.2f us a ray); APS beyond its rays: %.3f ms per frame, %.0f%% of its time"
				% [
					in_rays_ms,
					in_rays_ms * 1000.0 / maxf(rays_per_frame, 1e-6),
					beyond_ms,
					100.0 * beyond_ms / maxf(mean, 1e-6)
				]
			)
		)
		print(
			(
				"one ray in a bare loop: %.2f us; by it, beyond its rays: %.3f ms per frame, %.0f%% of its time"
				% [ray_us, beyond_loop_ms, 100.0 * beyond_loop_ms / maxf(mean, 1e-6)]
			)
		)
	root.queue_free()
	await get_tree().physics_frame
	await get_tree().physics_frame
	return result


## Ten guards among registered perceivables: 100 and 10,000 over a 200 m square, then 10,000
## packed in front of them around a runner there from the start.
func _perceivables() -> void:
	var few: Dictionary = await _run_perceivables(100)
	var many: Dictionary = await _run_perceivables(10000)
	print(
		(
			"10 guards among perceivables over 200 m: 100: mean %.3f ms, p99 %.3f ms; 10,000: mean %.3f ms, p99 %.3f ms (%.2f x the time)"
			% [
				few["mean_ms"],
				few["p99_ms"],
				many["mean_ms"],
				many["p99_ms"],
				many["mean_ms"] / maxf(few["mean_ms"], 1e-6)
			]
		)
	)
	print(
		(
			"  the runner in plain view was detected after %d frames among 100, %d among 10,000"
			% [few["detected"], many["detected"]]
		)
	)
	var alone: Dictionary = await _run_perceivables(0, true)
	var dense: Dictionary = await _run_perceivables(10000, true)
	print(
		(
			"10 guards with 10,000 perceivables packed in the 60 m x 60 m in front of them, the runner there from the start: mean %.3f ms, p99 %.3f ms, %.1f us a pass; the runner detected after %d frames (%d alone)"
			% [
				dense["mean_ms"],
				dense["p99_ms"],
				dense["us_per_pass"],
				dense["detected"],
				alone["detected"]
			]
		)
	)


## Ten guards in a row among `count` registered perceivables (plain markers) over a 200 m square
## around them (10,000 puts about 1,250 within each guard's 40 m), and a runner in plain view of
## the middle one: APS's time per frame and per pass, and how soon the runner is detected. With
## `dense`, the markers are packed into the 60 m x 60 m in front of the guards (about 2.8 a
## square metre) and the runner stands among them from the start.
func _run_perceivables(count: int, dense := false) -> Dictionary:
	ProjectSettings.set_setting("aps/use_spatial_index", true)
	ProjectSettings.set_setting("aps/level_of_detail", true)
	rng.seed = 9
	var root := Node3D.new()
	add_child(root)
	var ground := StaticBody3D.new()
	var gshape := CollisionShape3D.new()
	gshape.shape = BoxShape3D.new()
	gshape.shape.size = Vector3(220, 1, 220)
	ground.add_child(gshape)
	root.add_child(ground)
	ground.position = Vector3(0, -0.5, 0)
	var profile := ApsProfile.new()
	var guards := []
	for i in 10:
		var g := _capsule(root, Vector3(i * 4 - 18, 0, 0))
		var eye := ApsPerceptionComponent.new()
		eye.profile = profile
		g.add_child(eye)
		eye.position = Vector3(0, 1.6, 0)
		guards.append(eye)
	for i in count:
		var m := Node3D.new()
		root.add_child(m)
		if dense:
			m.position = Vector3(rng.randf_range(-30, 30), 0.5, rng.randf_range(-60.5, -0.5))
		else:
			m.position = Vector3(rng.randf_range(-100, 100), 0.5, rng.randf_range(-100, 100))
		ApsWorld.register_perceivable(m)
	var early: Node3D = _capsule(root, Vector3(2.3, 0, -6)) if dense else null
	var camera := Camera3D.new()
	root.add_child(camera)
	camera.position = Vector3(0, 20, 10)
	camera.make_current()
	var times := PackedFloat64Array()
	var detected := -1
	var passes := 0
	var runner := early
	if not dense:
		for f in WARMUP:
			await get_tree().physics_frame
		runner = _capsule(root, Vector3(2.3, 0, -6))
	for f in frames_count:
		await get_tree().physics_frame
		var stats: Dictionary = ApsWorld.get_last_frame_stats()
		times.append(stats["time_usec"] / 1000.0)
		passes += int(stats["passes"])
		if (
			detected < 0
			and guards[5].get_belief_state(runner) >= ApsPerceptionComponent.STATE_DETECTED
		):
			detected = f
	var mean := 0.0
	for t in times:
		mean += t
	mean /= float(times.size())
	var sorted := times.duplicate()
	sorted.sort()
	var p99: float = sorted[min(sorted.size() - 1, int(ceil(0.99 * times.size())) - 1)]
	root.queue_free()
	await get_tree().physics_frame
	await get_tree().physics_frame
	var total := 0.0
	for t in times:
		total += t
	return {
		"mean_ms": mean,
		"p99_ms": p99,
		"detected": detected,
		"us_per_pass": total * 1000.0 / maxf(passes, 1.0)
	}


## With a `margin`, a band that wide around the square holds targets, boxes and guards' bodies
## (allies without eyes) at the same density, so no perceiver stands near an empty edge.
func _build(
	root: Node3D, side: float, guards: int, targets: int, boxes: int, margin := 0.0
) -> void:
	var half := side * 0.5
	# The guards stand in the square as given, band or none.
	var inner := half
	if margin > 0.0:
		# The square grows by the band; the counts grow with its area.
		var grown := (side + 2.0 * margin) * (side + 2.0 * margin) / (side * side)
		_build_padding(root, half, half + margin, int(round(guards * (grown - 1.0))))
		targets = int(round(targets * grown))
		boxes = int(round(boxes * grown))
		side += 2.0 * margin
		half = side * 0.5
	var ground := StaticBody3D.new()
	var gshape := CollisionShape3D.new()
	gshape.shape = BoxShape3D.new()
	gshape.shape.size = Vector3(side + 20, 1, side + 20)
	ground.add_child(gshape)
	root.add_child(ground)
	ground.position = Vector3(0, -0.5, 0)
	var cells: GridMap = _grid_map() if grid else null
	if cells:
		root.add_child(cells)
	for i in boxes:
		var size := Vector3(rng.randf_range(1, 4), rng.randf_range(1, 3), rng.randf_range(1, 4))
		var at := Vector3(rng.randf_range(-half, half), size.y * 0.5, rng.randf_range(-half, half))
		if cells:
			var first := Vector3i((at - size * 0.5).floor())
			for x in range(first.x, first.x + int(ceil(size.x))):
				for y in range(0, int(ceil(size.y))):
					for z in range(first.z, first.z + int(ceil(size.z))):
						cells.set_cell_item(Vector3i(x, y, z), 0)
			continue
		var b := StaticBody3D.new()
		var s := CollisionShape3D.new()
		s.shape = BoxShape3D.new()
		s.shape.size = size
		b.add_child(s)
		root.add_child(b)
		b.position = at
	if cells:
		print("  the level: %d cells in one GridMap" % cells.get_used_cells().size())
	_build_lights(root, half)
	var eyes := []
	var profile := ApsProfile.new()
	profile.touch_enabled = false
	profile.damage_enabled = false
	profile.pain_enabled = false
	for i in guards:
		var g := _capsule(
			root, Vector3(rng.randf_range(-inner, inner), 0, rng.randf_range(-inner, inner))
		)
		var eye := ApsPerceptionComponent.new()
		eye.profile = profile
		if i == 0 and with_dog:
			var dog: ApsProfile = profile.duplicate()
			dog.smell_enabled = true
			eye.profile = dog
		eye.team_id = 1
		g.add_child(eye)
		# The guards are one team: they see each other without alarm.
		var badge := ApsTargetComponent.new()
		badge.team_id = 1
		g.add_child(badge)
		eye.position = Vector3(0, 1.6, 0)
		g.rotation.y = rng.randf_range(-PI, PI)
		eyes.append(eye)
	var movers := []
	for i in targets:
		var t := _capsule(
			root, Vector3(rng.randf_range(-half, half), 0, rng.randf_range(-half, half))
		)
		var angle := rng.randf_range(-PI, PI)
		t.set_meta("v", Vector3(cos(angle), 0, sin(angle)) * rng.randf_range(1.5, 5.0))
		t.set_meta("step", rng.randf_range(0, 1))
		movers.append(t)
	root.set_meta("movers", movers)
	root.set_meta("guards", eyes)
	var camera := Camera3D.new()
	root.add_child(camera)
	camera.position = Vector3(0, 20, 0)
	camera.make_current()


## `lights_count` lamps 4 m up, 12 m in range, casting shadows, and a dim environment.
func _build_lights(root: Node3D, half: float) -> void:
	if lights_count == 0:
		return
	var env := WorldEnvironment.new()
	env.environment = Environment.new()
	env.environment.ambient_light_source = Environment.AMBIENT_SOURCE_COLOR
	env.environment.ambient_light_color = Color.WHITE if bright else Color(0.3, 0.3, 0.3)
	root.add_child(env)
	# Their own numbers: the guards and targets stand where they would without lamps.
	var lamp_rng := RandomNumberGenerator.new()
	lamp_rng.seed = 7
	for i in lights_count:
		var lamp := OmniLight3D.new()
		lamp.omni_range = 12.0
		lamp.light_energy = 1.5
		lamp.shadow_enabled = true
		root.add_child(lamp)
		lamp.position = Vector3(
			lamp_rng.randf_range(-half, half), 4.0, lamp_rng.randf_range(-half, half)
		)


## `count` guards' bodies without eyes (allies to the guards) in the band between `inner` and
## `outer` metres from the centre.
func _build_padding(root: Node3D, inner: float, outer: float, count: int) -> void:
	var placed := 0
	while placed < count:
		var p := Vector3(rng.randf_range(-outer, outer), 0, rng.randf_range(-outer, outer))
		if absf(p.x) <= inner and absf(p.z) <= inner:
			continue
		var badge := ApsTargetComponent.new()
		badge.team_id = 1
		_capsule(root, p).add_child(badge)
		placed += 1


func _capsule(root: Node3D, feet: Vector3) -> CharacterBody3D:
	var b := CharacterBody3D.new()
	var s := CollisionShape3D.new()
	s.shape = CapsuleShape3D.new()
	s.shape.radius = 0.3
	s.shape.height = 1.8
	s.position = Vector3(0, 0.9, 0)
	b.add_child(s)
	root.add_child(b)
	b.position = feet
	return b


## Targets walk straight, bounce off the square's edges, and make a footstep each second.
func _move(movers: Array, side: float) -> void:
	var half := side * 0.5
	var dt := 1.0 / 60.0
	for t in movers:
		var v: Vector3 = t.get_meta("v")
		var p: Vector3 = t.position + v * dt
		if absf(p.x) > half:
			v.x = -v.x
		if absf(p.z) > half:
			v.z = -v.z
		t.set_meta("v", v)
		t.position = t.position + v * dt
		var step: float = t.get_meta("step") + dt
		if step >= 1.0:
			step -= 1.0
			ApsWorld.emit_sound(t.position, 0.6, 15.0, &"footstep", t)
		t.set_meta("step", step)
