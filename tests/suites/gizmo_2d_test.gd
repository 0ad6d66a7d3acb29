extends ApsTestSuite
## The 2D perception gizmo's drawing code (addons/aps/editor/perception_gizmo_2d.gd, which the
## editor plugin draws over the 2D viewport for a selected ApsPerceptionComponent2D), called on
## a profile: which senses are drawn, in pixels at `aps/2d/pixels_per_meter`, along +X or the
## component's gaze; the cones' edges and arcs, the circles' radii, the handles and what
## dragging them gives, and the arrow that shows the gaze.

const World := preload("res://tests/framework/world_builder.gd")
const Shapes := preload("res://addons/aps/editor/perception_gizmo_shapes.gd")
const Gizmo2D := preload("res://addons/aps/editor/perception_gizmo_2d.gd")
const N := Shapes.CIRCLE_SEGMENTS

## Each gaze and the way the gizmo draws it looking, in the component's 2D space: Movement is
## drawn along +X, as a hint.
const GAZES := {
	Gizmo2D.GAZE_RIGHT: Vector2.RIGHT,
	Gizmo2D.GAZE_LEFT: Vector2.LEFT,
	Gizmo2D.GAZE_MOVEMENT: Vector2.RIGHT,
	Gizmo2D.GAZE_UP: Vector2.UP,
	Gizmo2D.GAZE_DOWN: Vector2.DOWN,
}


## The signed angle in degrees from the gaze (`along`, +X unless given) of every cone edge (the
## lines from the eye).
func _edge_angles(lines: PackedVector2Array, along := Vector2.RIGHT) -> Array:
	var angles := []
	for i in range(0, lines.size(), 2):
		if lines[i] == Vector2.ZERO:
			angles.append(rad_to_deg(along.angle_to(lines[i + 1])))
	angles.sort()
	return angles


## Checks that `lines` has two edges from the eye, at -`half` and +`half` degrees off the gaze
## (`along`, +X unless given).
func _expect_edges(
	lines: PackedVector2Array, half: float, what: String, along := Vector2.RIGHT
) -> void:
	var edges := _edge_angles(lines, along)
	expect(
		edges.size() == 2 and absf(edges[0] + half) < 1e-3 and absf(edges[1] - half) < 1e-3,
		"%s: edges at %s, expected +-%.1f degrees" % [what, str(edges), half]
	)


## Checks that every point of `lines` but the eye lies `radius` px from it.
func _expect_radius(lines: PackedVector2Array, radius: float, what: String) -> void:
	var off := 0
	for p in lines:
		if p != Vector2.ZERO and absf(p.length() - radius) > radius * 1e-4:
			off += 1
	expect(
		not lines.is_empty() and off == 0,
		"%s: %d points off a radius of %.1f px" % [what, off, radius]
	)


func test_the_default_profile_draws_vision_hearing_and_touch_in_pixels() -> void:
	var profile := ApsProfile.new()
	var shapes := Gizmo2D.shapes(profile, 100.0)
	var lines := lines_by_name(shapes)
	# Smell, vibration and echolocation are off by default: as in 3D.
	expect_eq(
		lines.keys(),
		["vision_range", "vision_main_cone", "vision_peripheral_cone", "hearing", "touch"],
		"senses drawn"
	)
	for s in shapes:
		expect_eq(s["color"], Shapes.COLORS[s["name"]], "%s has the 3D gizmo's colour" % s["name"])
		expect_eq(s["lines"].size() % 2, 0, "%s: segments in pairs" % s["name"])
	expect_eq(
		lines["vision_range"],
		PackedVector2Array([Vector2.ZERO, Vector2(4000, 0)]),
		"the gaze: 40 m at 100 px/m along +X"
	)
	# A cone: its two side edges and its arc on the ground; no rim, no vertical arc.
	var main: PackedVector2Array = lines["vision_main_cone"]
	expect_eq(main.size() / 2, 2 + Shapes.arc_segments(45.0), "main cone segments")
	_expect_edges(main, 45.0, "main cone at Vision Main Cone Half Angle")
	_expect_radius(main, 4000.0, "main cone reaches Vision Max Range")
	for p in main:
		if p != Vector2.ZERO:
			expect(absf(p.angle()) <= deg_to_rad(45.0) + 1e-4, "main cone within its half angle")
	var peripheral: PackedVector2Array = lines["vision_peripheral_cone"]
	_expect_edges(peripheral, 80.0, "peripheral cone")
	# Spheres are circles on the level: one circle each, not three.
	expect_eq(lines["hearing"].size() / 2, N, "hearing: one circle")
	_expect_radius(lines["hearing"], 4000.0, "hearing radius = Hearing Max Range x ppm")
	_expect_radius(lines["touch"], 80.0, "touch radius = Touch Reach x ppm")


func test_pixels_per_meter_scales_every_shape() -> void:
	var profile := ApsProfile.new()
	profile.vision_max_range = 12.5
	profile.hearing_max_range = 7.0
	var at_32 := lines_by_name(Gizmo2D.shapes(profile, 32.0))
	expect_eq(at_32["vision_range"][1], Vector2(400, 0), "12.5 m at 32 px/m: 400 px")
	_expect_radius(at_32["vision_main_cone"], 400.0, "the cone at 32 px/m")
	_expect_radius(at_32["hearing"], 224.0, "hearing 7 m at 32 px/m")
	_expect_radius(at_32["touch"], 0.8 * 32.0, "touch at 32 px/m")
	var at_64 := lines_by_name(Gizmo2D.shapes(profile, 64.0))
	for shape in at_32:
		var small: PackedVector2Array = at_32[shape]
		var big: PackedVector2Array = at_64[shape]
		var same := small.size() == big.size()
		for i in mini(small.size(), big.size()):
			same = same and (small[i] * 2.0).is_equal_approx(big[i])
		expect(same, "%s: twice the scale, twice the size" % shape)


func test_pixels_per_meter_comes_from_the_project_setting() -> void:
	var setting := Gizmo2D.PIXELS_PER_METER_SETTING
	var had := ProjectSettings.has_setting(setting)
	var before: Variant = ProjectSettings.get_setting(setting) if had else null
	if not had:
		expect_eq(Gizmo2D.pixels_per_meter(), 100.0, "100 px/m when the setting is missing")
	ProjectSettings.set_setting(setting, 48.0)
	expect_eq(Gizmo2D.pixels_per_meter(), 48.0, "the setting's value")
	ProjectSettings.set_setting(setting, 0.0)
	expect_eq(Gizmo2D.pixels_per_meter(), 0.01, "kept within its range")
	ProjectSettings.set_setting(setting, "big")
	expect_eq(Gizmo2D.pixels_per_meter(), 100.0, "no number: the default")
	ProjectSettings.set_setting(setting, before)


func test_only_senses_that_are_on_are_drawn() -> void:
	var p := World.only(["smell", "vibration", "echolocation"])
	var lines := lines_by_name(Gizmo2D.shapes(p, 10.0))
	expect_eq(lines.keys(), ["smell", "vibration", "echolocation"], "senses drawn")
	_expect_radius(lines["smell"], 120.0, "Smell Range 12 m at 10 px/m")
	_expect_radius(lines["vibration"], 150.0, "Vibration Detect Range 15 m")
	# A pulse of 180 degrees is a full circle; a narrower one a cone like vision's.
	var echo: PackedVector2Array = lines["echolocation"]
	expect_eq(echo.size() / 2, N, "a 180-degree pulse: one circle")
	expect_eq(_edge_angles(echo).size(), 0, "no edges at 180 degrees")
	_expect_radius(echo, 200.0, "Echo Range 20 m")
	p.echo_half_angle = 60.0
	var narrow: PackedVector2Array = lines_by_name(Gizmo2D.shapes(p, 10.0))["echolocation"]
	_expect_edges(narrow, 60.0, "echolocation at Echo Half Angle")
	p.vision_enabled = true
	p.vision_main_cone_half_angle = 30.0
	p.vision_peripheral_half_angle = 30.0  # equal: peripheral sight off
	lines = lines_by_name(Gizmo2D.shapes(p, 10.0))
	expect(
		lines.has("vision_main_cone") and not lines.has("vision_peripheral_cone"),
		"no peripheral cone when equal to the main"
	)
	_expect_edges(lines["vision_main_cone"], 30.0, "main cone at 30 degrees")
	expect_eq(
		Gizmo2D.shapes(World.only([]), 100.0), [] as Array[Dictionary], "every sense off: nothing"
	)


func test_handles_sit_on_the_gaze_and_the_cone_edge() -> void:
	var p := ApsProfile.new()
	var handles := Gizmo2D.handles(p, 100.0)
	expect_eq(handles.size(), 2, "two handles")
	expect_eq(handles[0]["property"], "vision_max_range", "handle 0 edits the range")
	expect(handles[0]["position"].is_equal_approx(Vector2(4000, 0)), "range handle at 4000 px")
	expect_eq(handles[1]["property"], "vision_main_cone_half_angle", "handle 1 edits the angle")
	var edge: Vector2 = handles[1]["position"]
	expect_near(rad_to_deg(edge.angle()), 45.0, 1e-3, "angle handle on the +45 degree edge")
	expect_near(edge.length(), 4000.0, 1e-2, "angle handle on the range")
	p.vision_enabled = false
	expect_eq(Gizmo2D.handles(p, 100.0).size(), 0, "no handles with vision off")


func test_dragging_a_handle_gives_range_and_angle_in_steps() -> void:
	var p := ApsProfile.new()
	var range := Gizmo2D.handle_value(p, Gizmo2D.HANDLE_RANGE, Vector2(2230, 140), 100.0)
	expect_near(range, 22.5, 1e-4, "range: how far along the gaze, in 0.5 m steps")
	expect_near(
		Gizmo2D.handle_value(p, Gizmo2D.HANDLE_RANGE, Vector2(-300, 50), 100.0),
		0.0,
		1e-6,
		"behind the eye: not below 0"
	)
	expect_near(
		Gizmo2D.handle_value(p, Gizmo2D.HANDLE_RANGE, Vector2(90, 0), 10.0),
		9.0,
		1e-4,
		"at 10 px/m, 90 px is 9 m"
	)
	var at_20 := Vector2.from_angle(deg_to_rad(20.0)) * 700.0
	var angle := Gizmo2D.handle_value(p, Gizmo2D.HANDLE_MAIN_CONE, at_20, 100.0)
	expect_near(angle, 20.0, 1e-3, "angle: how far off the gaze")
	expect_near(
		Gizmo2D.handle_value(p, Gizmo2D.HANDLE_MAIN_CONE, at_20 * Vector2(1, -1), 100.0),
		20.0,
		1e-3,
		"either side of the gaze"
	)
	var at_33 := Vector2.from_angle(deg_to_rad(33.3)) * 500.0
	expect_near(
		Gizmo2D.handle_value(p, Gizmo2D.HANDLE_MAIN_CONE, at_33, 100.0),
		33.5,
		1e-4,
		"in 0.5 degree steps"
	)
	# The main cone stays within the peripheral one (80 degrees by default).
	expect_near(
		Gizmo2D.handle_value(p, Gizmo2D.HANDLE_MAIN_CONE, Vector2(-100, 100), 100.0),
		80.0,
		1e-3,
		"kept within the peripheral cone"
	)
	# Dragged where the handles are drawn, they give the profile's own values back.
	for handle in Gizmo2D.handles(p, 100.0):
		expect_near(
			Gizmo2D.handle_value(p, handle["id"], handle["position"], 100.0),
			p.get(handle["property"]),
			1e-3,
			"%s where it is drawn" % handle["name"]
		)


func test_a_dragged_handle_says_its_value_and_whether_the_profile_is_shared() -> void:
	var p := ApsProfile.new()
	p.vision_max_range = 12.5
	expect_eq(
		Gizmo2D.handle_label(p, Gizmo2D.HANDLE_RANGE),
		"Vision Max Range: 12.5 m",
		"a profile of the scene's own"
	)
	p.take_over_path("res://guards/guard.tres")
	expect(
		Gizmo2D.handle_label(p, Gizmo2D.HANDLE_MAIN_CONE).ends_with(
			"(shared: every AI using guard.tres changes)"
		),
		"a profile in its own file"
	)


func test_the_plugin_draws_for_2d_components_only() -> void:
	var component := ApsPerceptionComponent2D.new()
	var plain := Node2D.new()
	var eye_3d := ApsPerceptionComponent.new()
	expect(Gizmo2D.draws_for(component), "an ApsPerceptionComponent2D")
	expect(not Gizmo2D.draws_for(plain), "not a plain Node2D")
	expect(not Gizmo2D.draws_for(eye_3d), "not the 3D component (its gizmo is the 3D one)")
	expect(not Gizmo2D.draws_for(null), "not nothing")
	for node in [component, plain, eye_3d]:
		node.free()
	# The plugin's `_handles` answers with `draws_for`. An EditorPlugin is made only in the
	# editor (the editor tour asks a real one): here the script can only load.
	var plugin: GDScript = load("res://addons/aps/plugin.gd")
	expect(plugin != null and plugin.can_instantiate(), "plugin.gd loads")
	var script: GDScript = Gizmo2D
	expect(script != null and script.can_instantiate(), "perception_gizmo_2d.gd loads")


func test_the_gaze_settings_are_the_components() -> void:
	expect_eq(Gizmo2D.GAZE_RIGHT, ApsPerceptionComponent2D.GAZE_RIGHT, "Right")
	expect_eq(Gizmo2D.GAZE_LEFT, ApsPerceptionComponent2D.GAZE_LEFT, "Left")
	expect_eq(Gizmo2D.GAZE_MOVEMENT, ApsPerceptionComponent2D.GAZE_MOVEMENT, "Movement")
	expect_eq(Gizmo2D.GAZE_UP, ApsPerceptionComponent2D.GAZE_UP, "Up")
	expect_eq(Gizmo2D.GAZE_DOWN, ApsPerceptionComponent2D.GAZE_DOWN, "Down")
	var eye := ApsPerceptionComponent2D.new()
	expect_eq(Shapes.gaze_of(eye), Gizmo2D.GAZE_RIGHT, "a new component looks right")
	eye.gaze = ApsPerceptionComponent2D.GAZE_UP
	expect_eq(Shapes.gaze_of(eye), Gizmo2D.GAZE_UP, "the component's gaze is read")
	eye.free()


func test_every_shape_with_a_direction_looks_along_the_gaze() -> void:
	var p := ApsProfile.new()
	p.echolocation_enabled = true
	p.echo_half_angle = 60.0
	for gaze: int in GAZES:
		var along: Vector2 = GAZES[gaze]
		var what := "gaze %d" % gaze
		var lines := lines_by_name(Gizmo2D.shapes(p, 100.0, gaze))
		expect_eq(
			lines.keys(),
			[
				"vision_range",
				"vision_main_cone",
				"vision_peripheral_cone",
				"hearing",
				"touch",
				"echolocation"
			],
			"%s: the same senses" % what
		)
		var gaze_line: PackedVector2Array = lines["vision_range"]
		expect(
			(
				gaze_line.size() == 2
				and gaze_line[0] == Vector2.ZERO
				and gaze_line[1].is_equal_approx(along * 4000.0)
			),
			"%s: the range line runs 4000 px along %s, got %s" % [what, along, gaze_line]
		)
		var main: PackedVector2Array = lines["vision_main_cone"]
		_expect_edges(main, 45.0, what + " main cone", along)
		_expect_radius(main, 4000.0, what + " main cone reach")
		for point in main:
			if point != Vector2.ZERO:
				expect(
					absf(along.angle_to(point)) <= deg_to_rad(45.0) + 1e-4,
					"%s: main cone within its half angle, %s" % [what, point]
				)
		_expect_edges(lines["vision_peripheral_cone"], 80.0, what + " peripheral cone", along)
		_expect_edges(lines["echolocation"], 60.0, what + " echolocation", along)
		_expect_radius(lines["hearing"], 4000.0, what + " hearing")
	expect_eq(
		Gizmo2D.shapes(p, 100.0, Gizmo2D.GAZE_RIGHT),
		Gizmo2D.shapes(p, 100.0),
		"Right is the default"
	)


func test_the_handles_follow_the_gaze_and_drag_along_it() -> void:
	var p := ApsProfile.new()
	for gaze: int in GAZES:
		var along: Vector2 = GAZES[gaze]
		var what := "gaze %d" % gaze
		var handles := Gizmo2D.handles(p, 100.0, gaze)
		var at_range: Vector2 = handles[Gizmo2D.HANDLE_RANGE]["position"]
		expect(
			at_range.is_equal_approx(along * 4000.0),
			"%s: range handle at the end of the gaze, got %s" % [what, at_range]
		)
		var edge: Vector2 = handles[Gizmo2D.HANDLE_MAIN_CONE]["position"]
		expect_near(
			rad_to_deg(along.angle_to(edge)),
			45.0,
			1e-3,
			"%s: angle handle on the edge a positive rotation turns to" % what
		)
		expect_near(edge.length(), 4000.0, 1e-2, "%s: angle handle on the range" % what)
		# Dragged along the gaze and off it, either side.
		var across := along.orthogonal()
		expect_near(
			Gizmo2D.handle_value(
				p, Gizmo2D.HANDLE_RANGE, along * 2230.0 + across * 140.0, 100.0, gaze
			),
			22.5,
			1e-4,
			"%s: range, how far along the gaze" % what
		)
		expect_near(
			Gizmo2D.handle_value(p, Gizmo2D.HANDLE_RANGE, -along * 300.0, 100.0, gaze),
			0.0,
			1e-6,
			"%s: behind the eye, not below 0" % what
		)
		for side in [1.0, -1.0]:
			var at_20 := along.rotated(side * deg_to_rad(20.0)) * 700.0
			expect_near(
				Gizmo2D.handle_value(p, Gizmo2D.HANDLE_MAIN_CONE, at_20, 100.0, gaze),
				20.0,
				1e-3,
				"%s: angle, how far off the gaze" % what
			)
		for handle in handles:
			expect_near(
				Gizmo2D.handle_value(p, handle["id"], handle["position"], 100.0, gaze),
				p.get(handle["property"]),
				1e-3,
				"%s: %s where it is drawn" % [what, handle["name"]]
			)
	# Left looks along -X: dragging the range handle out along -X, as a person would.
	expect_near(
		Gizmo2D.handle_value(p, Gizmo2D.HANDLE_RANGE, Vector2(-900, 30), 100.0, Gizmo2D.GAZE_LEFT),
		9.0,
		1e-4,
		"Left: 900 px along -X is 9 m"
	)
	expect_near(
		Gizmo2D.handle_value(p, Gizmo2D.HANDLE_RANGE, Vector2(900, 30), 100.0, Gizmo2D.GAZE_LEFT),
		0.0,
		1e-6,
		"Left: +X is behind the eye"
	)


func test_the_gaze_arrow_points_along_the_gaze() -> void:
	var p := ApsProfile.new()
	var ppm := 100.0
	var length := Shapes.ARROW_LENGTH * ppm
	var base := (Shapes.ARROW_LENGTH - Shapes.ARROW_HEAD_LENGTH) * ppm
	var half_width := Shapes.ARROW_HEAD_HALF_WIDTH * ppm
	for gaze: int in GAZES:
		var along: Vector2 = GAZES[gaze]
		var what := "gaze %d" % gaze
		var marker := Gizmo2D.gaze_marker(p, ppm, gaze)
		var name := "gaze_movement" if gaze == Gizmo2D.GAZE_MOVEMENT else "gaze_arrow"
		expect_eq(marker["name"], name, "%s: the marker's name" % what)
		expect_eq(marker["color"], Shapes.COLORS[name], "%s: the 3D marker's colour" % what)
		var lines: PackedVector2Array = marker["lines"]
		# The head on the level: a triangle, two barbs from the tip and the line across them.
		var tip := along * length
		var barbs: Array[Vector2] = []
		for i in range(0, lines.size(), 2):
			for end in [[lines[i], lines[i + 1]], [lines[i + 1], lines[i]]]:
				if end[0].is_equal_approx(tip) and not is_equal_approx(end[1].length(), length):
					barbs.append(end[1])
		expect_eq(barbs.size(), 2, "%s: two barbs from the tip %s" % [what, tip])
		for end in barbs:
			expect_near(end.dot(along), base, 1e-2, "%s: a barb ends behind the tip" % what)
			expect_near(
				absf(end.cross(along)), half_width, 1e-2, "%s: a barb ends off the gaze" % what
			)
		var across := false
		for i in range(0, lines.size(), 2):
			across = (
				across
				or (
					barbs.size() == 2
					and (
						(
							lines[i].is_equal_approx(barbs[0])
							and lines[i + 1].is_equal_approx(barbs[1])
						)
						or (
							lines[i].is_equal_approx(barbs[1])
							and lines[i + 1].is_equal_approx(barbs[0])
						)
					)
				)
			)
		expect(across, "%s: the head is closed" % what)
	# With vision off, its shaft runs from the eye.
	var shaft: PackedVector2Array = (
		Gizmo2D.gaze_marker(World.only(["hearing"]), ppm, Gizmo2D.GAZE_UP)["lines"]
	)
	expect(
		shaft[0] == Vector2.ZERO and shaft[1].is_equal_approx(Vector2.UP * base),
		"Up, vision off: a shaft from the eye up to the head, got %s" % [shaft.slice(0, 2)]
	)


func test_a_movement_gaze_is_marked_as_a_hint() -> void:
	var ppm := 100.0
	var marker := Gizmo2D.gaze_marker(World.only(["hearing"]), ppm, Gizmo2D.GAZE_MOVEMENT)
	var lines: PackedVector2Array = marker["lines"]
	var base := (Shapes.ARROW_LENGTH - Shapes.ARROW_HEAD_LENGTH) * ppm
	var dashes := 0
	var ring := 0
	for i in range(0, lines.size(), 2):
		var a := lines[i]
		var b := lines[i + 1]
		if a.y == 0.0 and b.y == 0.0 and b.x <= base + 1e-2:
			dashes += 1
			expect(a.distance_to(b) <= Shapes.DASH * ppm + 1e-3, "a dash, not a line")
		elif (
			is_equal_approx(a.length(), Shapes.ARROW_LENGTH * ppm)
			and is_equal_approx(b.length(), Shapes.ARROW_LENGTH * ppm)
		):
			ring += 1
	expect_eq(dashes, ceili(base / (2.0 * Shapes.DASH * ppm)), "a dashed shaft along +X")
	expect_eq(ring, N / 2, "a dashed ring around the eye: it may look any way")
	expect(marker["color"] != Shapes.COLORS["gaze_arrow"], "in its own colour")
