extends ApsTestSuite
## The perception gizmo's drawing code (addons/aps/editor/perception_gizmo_shapes.gd, which
## the editor's gizmo plugin draws), called on a component's profile: which senses are drawn,
## how many segments, the cones' half-angles and ranges, and the handles; each turned to the
## component's gaze, with the arrow that shows it.

const World := preload("res://tests/framework/world_builder.gd")
const Shapes := preload("res://addons/aps/editor/perception_gizmo_shapes.gd")
const PerceptionGizmo := preload("res://addons/aps/editor/perception_gizmo.gd")
const N := Shapes.CIRCLE_SEGMENTS

## Each gaze and the way the gizmo draws it looking, in the component's space: Movement is
## drawn along -Z, as a hint.
const GAZES := {
	Shapes.GAZE_FORWARD: Vector3.FORWARD,
	Shapes.GAZE_MODEL_FRONT: Vector3.BACK,
	Shapes.GAZE_MOVEMENT: Vector3.FORWARD,
}


## The angle in degrees from the gaze (`along`, -Z unless given) of every cone edge (the lines
## from the eye).
func _edge_angles(lines: PackedVector3Array, along := Vector3.FORWARD) -> Array:
	var angles := []
	for i in range(0, lines.size(), 2):
		if lines[i] == Vector3.ZERO:
			angles.append(rad_to_deg(along.angle_to(lines[i + 1])))
	return angles


## Checks that `lines` is a cone around `along` of `half` degrees: four edges at `half`, and no
## point further off `along` than that.
func _expect_cone(lines: PackedVector3Array, along: Vector3, half: float, what: String) -> void:
	var edges := _edge_angles(lines, along)
	expect_eq(edges.size(), 4, "%s: four edges" % what)
	for a in edges:
		expect_near(a, half, 1e-3, "%s: edge off the gaze" % what)
	var widest := 0.0
	for p in lines:
		if p != Vector3.ZERO:
			widest = maxf(widest, rad_to_deg(along.angle_to(p)))
	expect_near(widest, half, 1e-3, "%s: no point further off the gaze than the cone" % what)


## Checks that `lines` has one segment at `from`, and that it goes to `to`.
func _expect_one_line(lines: PackedVector3Array, from: Vector3, to: Vector3, what: String) -> void:
	var ends := _ends_from(lines, from)
	expect(
		ends.size() == 1 and ends[0].is_equal_approx(to),
		"%s: from %s to %s, got lines to %s" % [what, from, to, ends]
	)


## The segments of `lines` that start or end at `point`: the other end of each.
func _ends_from(lines: PackedVector3Array, point: Vector3) -> Array[Vector3]:
	var ends: Array[Vector3] = []
	for i in range(0, lines.size(), 2):
		if lines[i].is_equal_approx(point):
			ends.append(lines[i + 1])
		elif lines[i + 1].is_equal_approx(point):
			ends.append(lines[i])
	return ends


func test_the_default_profile_draws_vision_hearing_and_touch() -> void:
	var eye := World.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var shapes := lines_by_name(Shapes.shapes(eye.profile))
	# Smell, vibration and echolocation are off by default.
	expect_eq(
		shapes.keys(),
		["vision_range", "vision_main_cone", "vision_peripheral_cone", "hearing", "touch"],
		"senses drawn"
	)
	var main: PackedVector3Array = shapes["vision_main_cone"]
	# 4 edges, the rim, and two arcs of 2 x 45 degrees.
	var arcs := 2 * ceili(N * 90.0 / 360.0)
	expect_eq(main.size() / 2, 4 + N + arcs, "main cone segments")
	var angles := _edge_angles(main)
	expect_eq(angles.size(), 4, "four edges")
	for a in angles:
		expect_near(a, 45.0, 1e-3, "main cone half-angle")
	for p in main:
		if p != Vector3.ZERO:
			expect_near(p.length(), 40.0, 1e-3, "main cone reaches Vision Max Range")
	for a in _edge_angles(shapes["vision_peripheral_cone"]):
		expect_near(a, 80.0, 1e-3, "peripheral half-angle")
	var gaze: PackedVector3Array = shapes["vision_range"]
	expect_eq(gaze, PackedVector3Array([Vector3.ZERO, Vector3(0, 0, -40)]), "the gaze, 40 m")
	# Hearing and touch: three great circles each.
	expect_eq(shapes["hearing"].size() / 2, 3 * N, "hearing segments")
	for p in shapes["hearing"]:
		expect_near(p.length(), 40.0, 1e-3, "Hearing Max Range")
	for p in shapes["touch"]:
		expect_near(p.length(), 0.8, 1e-4, "Touch Reach")


func test_only_senses_that_are_on_are_drawn() -> void:
	var p := World.only(["smell", "vibration", "echolocation"])
	var shapes := lines_by_name(Shapes.shapes(p))
	expect_eq(shapes.keys(), ["smell", "vibration", "echolocation"], "senses drawn")
	for point in shapes["smell"]:
		expect_near(point.length(), 12.0, 1e-3, "Smell Range")
		expect_near(point.y, 0.0, 1e-6, "smell lies flat")
	for point in shapes["vibration"]:
		expect_near(point.length(), 15.0, 1e-3, "Vibration Detect Range")
	# A pulse of 180 degrees is a sphere: no edges, no rim, two full circles.
	var echo: PackedVector3Array = shapes["echolocation"]
	expect_eq(_edge_angles(echo).size(), 0, "no edges at 180 degrees")
	expect_eq(echo.size() / 2, 2 * N, "two full arcs")
	for point in echo:
		expect_near(point.length(), 20.0, 1e-3, "Echo Range")
	expect_eq(Shapes.shapes(World.only([])), [] as Array[Dictionary], "every sense off: nothing")


func test_a_changed_profile_draws_its_new_cone() -> void:
	var p := ApsProfile.new()
	p.vision_max_range = 25.0
	p.vision_main_cone_half_angle = 30.0
	p.vision_peripheral_half_angle = 30.0  # equal: peripheral sight off
	var shapes := lines_by_name(Shapes.shapes(p))
	expect(not shapes.has("vision_peripheral_cone"), "no peripheral cone when equal to the main")
	var main: PackedVector3Array = shapes["vision_main_cone"]
	expect_eq(main.size() / 2, 4 + N + 2 * ceili(N * 60.0 / 360.0), "segments for 30 degrees")
	for a in _edge_angles(main):
		expect_near(a, 30.0, 1e-3, "half-angle 30")
	var rim_point := main[8]  # the first rim point, after the four edges
	expect_near(rim_point.length(), 25.0, 1e-3, "rim on the range")
	expect_near(rad_to_deg(Vector3.FORWARD.angle_to(rim_point)), 30.0, 1e-3, "rim on the cone")


func test_handles_sit_on_the_range_and_the_cone_edge() -> void:
	var p := ApsProfile.new()
	var handles := Shapes.handles(p)
	expect_eq(handles.size(), 2, "two handles")
	expect_eq(handles[0]["property"], "vision_max_range", "handle 0 edits the range")
	expect(handles[0]["position"].is_equal_approx(Vector3(0, 0, -40)), "range handle at 40 m")
	expect_eq(handles[1]["property"], "vision_main_cone_half_angle", "handle 1 edits the angle")
	var edge: Vector3 = handles[1]["position"]
	expect_near(rad_to_deg(Vector3.FORWARD.angle_to(edge)), 45.0, 1e-3, "angle handle on 45 deg")
	expect_near(edge.length(), 40.0, 1e-3, "angle handle on the range")
	expect(edge.y > 0.0 and absf(edge.x) < 1e-5, "on the upper edge")
	p.vision_enabled = false
	expect_eq(Shapes.handles(p).size(), 0, "no handles with vision off")


func test_dragging_a_handle_gives_range_and_angle_in_steps() -> void:
	var p := ApsProfile.new()
	# A camera ray crossing the gaze 22.3 m out, from the side.
	var range := Shapes.handle_value(p, Shapes.HANDLE_RANGE, Vector3(10, 0, -22.3), Vector3.LEFT)
	expect_near(range, 22.5, 1e-4, "range where the ray crosses the gaze, in 0.5 m steps")
	# Behind the eye: no negative range.
	expect_near(
		Shapes.handle_value(p, Shapes.HANDLE_RANGE, Vector3(10, 0, 5), Vector3.LEFT),
		0.0,
		1e-6,
		"not below 0"
	)
	# A ray meeting the vertical plane at 20 degrees above the gaze.
	var at := Vector3(0, sin(deg_to_rad(20.0)), -cos(deg_to_rad(20.0))) * 10.0
	var angle := Shapes.handle_value(
		p, Shapes.HANDLE_MAIN_CONE, at + Vector3.RIGHT * 3.0, Vector3.LEFT
	)
	expect_near(angle, 20.0, 1e-3, "angle where the ray meets the cone's plane")
	# The main cone stays within the peripheral one (80 degrees by default).
	var wide := Vector3(0, 10, 5)
	expect_near(
		Shapes.handle_value(p, Shapes.HANDLE_MAIN_CONE, wide + Vector3.RIGHT, Vector3.LEFT),
		80.0,
		1e-3,
		"kept within the peripheral cone"
	)
	# A ray parallel to the plane leaves the angle as it is.
	expect_near(
		Shapes.handle_value(p, Shapes.HANDLE_MAIN_CONE, Vector3(1, 0, 0), Vector3.FORWARD),
		45.0,
		1e-6,
		"no crossing: unchanged"
	)


func test_the_gizmo_plugin_script_parses() -> void:
	var script: GDScript = PerceptionGizmo
	expect(script != null and script.can_instantiate(), "perception_gizmo.gd loads")
	expect_eq(script.get_instance_base_type(), &"EditorNode3DGizmoPlugin", "a 3D gizmo plugin")


func test_the_gaze_settings_are_the_components() -> void:
	expect_eq(Shapes.GAZE_FORWARD, ApsPerceptionComponent.GAZE_FORWARD, "Forward")
	expect_eq(Shapes.GAZE_MODEL_FRONT, ApsPerceptionComponent.GAZE_MODEL_FRONT, "Model Front")
	expect_eq(Shapes.GAZE_MOVEMENT, ApsPerceptionComponent.GAZE_MOVEMENT, "Movement")
	var eye := ApsPerceptionComponent.new()
	expect_eq(Shapes.gaze_of(eye), Shapes.GAZE_FORWARD, "a new component looks forward")
	eye.gaze = ApsPerceptionComponent.GAZE_MODEL_FRONT
	expect_eq(Shapes.gaze_of(eye), Shapes.GAZE_MODEL_FRONT, "the component's gaze is read")
	eye.free()
	var plain := Node3D.new()
	expect_eq(Shapes.gaze_of(plain), Shapes.GAZE_FORWARD, "a node with no gaze: forward")
	plain.free()
	expect_eq(Shapes.gaze_of(null), Shapes.GAZE_FORWARD, "nothing: forward")


func test_every_shape_with_a_direction_looks_along_the_gaze() -> void:
	var p := ApsProfile.new()
	p.echolocation_enabled = true
	p.echo_half_angle = 60.0
	p.smell_enabled = true
	for gaze: int in GAZES:
		var along: Vector3 = GAZES[gaze]
		var shapes := lines_by_name(Shapes.shapes(p, gaze))
		var what := "gaze %d" % gaze
		expect_eq(
			shapes.keys(),
			[
				"vision_range",
				"vision_main_cone",
				"vision_peripheral_cone",
				"hearing",
				"smell",
				"touch",
				"echolocation"
			],
			"%s: the same senses" % what
		)
		var line: PackedVector3Array = shapes["vision_range"]
		expect(
			line.size() == 2 and line[0] == Vector3.ZERO and line[1].is_equal_approx(along * 40.0),
			"%s: the range line runs 40 m along %s, got %s" % [what, along, line]
		)
		_expect_cone(shapes["vision_main_cone"], along, 45.0, what + " main cone")
		_expect_cone(shapes["vision_peripheral_cone"], along, 80.0, what + " peripheral cone")
		_expect_cone(shapes["echolocation"], along, 60.0, what + " echolocation")
		for point in shapes["vision_main_cone"]:
			if point != Vector3.ZERO:
				expect_near(point.length(), 40.0, 1e-3, "%s: the cone keeps its reach" % what)
		# Round shapes stay round and where they were.
		for point in shapes["hearing"]:
			expect_near(point.length(), 40.0, 1e-3, "%s: hearing" % what)
		for point in shapes["smell"]:
			expect_near(point.y, 0.0, 1e-6, "%s: smell lies flat" % what)
	# Forward is the shapes as they always were.
	expect_eq(Shapes.shapes(p, Shapes.GAZE_FORWARD), Shapes.shapes(p), "Forward is the default")


func test_the_handles_follow_the_gaze() -> void:
	var p := ApsProfile.new()
	for gaze: int in GAZES:
		var along: Vector3 = GAZES[gaze]
		var handles := Shapes.handles(p, gaze)
		var what := "gaze %d" % gaze
		expect_eq(handles.size(), 2, "%s: two handles" % what)
		var at_range: Vector3 = handles[Shapes.HANDLE_RANGE]["position"]
		expect(
			at_range.is_equal_approx(along * 40.0),
			"%s: range handle at the end of the gaze, got %s" % [what, at_range]
		)
		var edge: Vector3 = handles[Shapes.HANDLE_MAIN_CONE]["position"]
		expect_near(
			rad_to_deg(along.angle_to(edge)), 45.0, 1e-3, "%s: angle handle on 45 deg" % what
		)
		expect_near(edge.length(), 40.0, 1e-3, "%s: angle handle on the range" % what)
		expect(edge.y > 0.0 and absf(edge.x) < 1e-5, "%s: on the upper edge, got %s" % [what, edge])


func test_dragging_a_handle_of_a_model_front_gaze_goes_along_plus_z() -> void:
	var p := ApsProfile.new()
	var front := Shapes.GAZE_MODEL_FRONT
	# A camera ray crossing the gaze 22.3 m out, from the side: in front of a Model Front eye.
	var crossing := Vector3(10, 0, 22.3)
	expect_near(
		Shapes.handle_value(p, Shapes.HANDLE_RANGE, crossing, Vector3.LEFT, front),
		22.5,
		1e-4,
		"range where the ray crosses +Z, in 0.5 m steps"
	)
	expect_near(
		Shapes.handle_value(p, Shapes.HANDLE_RANGE, crossing, Vector3.LEFT),
		0.0,
		1e-6,
		"the same ray is behind a Forward eye"
	)
	expect_near(
		Shapes.handle_value(p, Shapes.HANDLE_RANGE, Vector3(10, 0, -5), Vector3.LEFT, front),
		0.0,
		1e-6,
		"behind a Model Front eye (-Z): not below 0"
	)
	# A ray meeting the vertical plane at 20 degrees above +Z.
	var at := Vector3(0, sin(deg_to_rad(20.0)), cos(deg_to_rad(20.0))) * 10.0
	expect_near(
		Shapes.handle_value(
			p, Shapes.HANDLE_MAIN_CONE, at + Vector3.RIGHT * 3.0, Vector3.LEFT, front
		),
		20.0,
		1e-3,
		"angle where the ray meets the cone's plane"
	)
	expect_near(
		Shapes.handle_value(
			p, Shapes.HANDLE_MAIN_CONE, Vector3(0, 10, -5) + Vector3.RIGHT, Vector3.LEFT, front
		),
		80.0,
		1e-3,
		"behind the eye: kept within the peripheral cone"
	)
	# For every gaze, a ray through a handle where it is drawn gives the profile's own value.
	p.vision_max_range = 17.5
	p.vision_main_cone_half_angle = 32.5
	for gaze: int in GAZES:
		for handle in Shapes.handles(p, gaze):
			var through: Vector3 = handle["position"]
			for side in [Vector3.RIGHT, Vector3(1, 1, 1).normalized()]:
				var value := Shapes.handle_value(p, handle["id"], through + side * 3.0, -side, gaze)
				expect_near(
					value,
					p.get(handle["property"]),
					1e-3,
					"gaze %d: %s where it is drawn" % [gaze, handle["name"]]
				)


func test_the_gaze_arrow_points_along_the_gaze() -> void:
	var p := ApsProfile.new()
	var length := Shapes.ARROW_LENGTH
	var base := length - Shapes.ARROW_HEAD_LENGTH
	for gaze: int in GAZES:
		var along: Vector3 = GAZES[gaze]
		var what := "gaze %d" % gaze
		var marker := Shapes.gaze_marker(p, gaze)
		var name := "gaze_movement" if gaze == Shapes.GAZE_MOVEMENT else "gaze_arrow"
		expect_eq(marker["name"], name, "%s: the marker's name" % what)
		expect_eq(marker["color"], Shapes.COLORS[name], "%s: its colour" % what)
		var lines: PackedVector3Array = marker["lines"]
		expect_eq(lines.size() % 2, 0, "%s: segments in pairs" % what)
		# The head: four barbs from the tip, each going back towards the eye (a Movement gaze's
		# ring around the eye passes through the tip too).
		var tip := along * length
		var barbs := _ends_from(lines, tip).filter(
			func(end: Vector3) -> bool: return not is_equal_approx(end.length(), length)
		)
		expect_eq(barbs.size(), 4, "%s: four barbs from the tip %s" % [what, tip])
		for end in barbs:
			expect_near(end.dot(along), base, 1e-4, "%s: a barb ends behind the tip" % what)
			expect_near(
				(end - along * base).length(),
				Shapes.ARROW_HEAD_HALF_WIDTH,
				1e-4,
				"%s: a barb ends off the gaze" % what
			)
		# Vision's range line is the shaft: nothing of the arrow lies on it.
		for point in lines:
			var on_line := point.cross(along).is_zero_approx() and point.dot(along) >= 0.0
			expect(
				not on_line or point.dot(along) >= base - 1e-4,
				"%s: the arrow lies on the range line at %s" % [what, point]
			)
	expect(
		Shapes.COLORS["gaze_arrow"] != Shapes.COLORS["gaze_movement"],
		"a Movement gaze's arrow has its own colour"
	)
	for shape: String in Shapes.COLORS:
		if not shape.begins_with("gaze_"):
			expect(
				Shapes.COLORS[shape] != Shapes.COLORS["gaze_arrow"],
				"the arrow's colour is not %s's" % shape
			)


func test_the_gaze_arrow_has_a_shaft_beyond_the_range_line() -> void:
	var base := Shapes.ARROW_LENGTH - Shapes.ARROW_HEAD_LENGTH
	var deaf := World.only(["hearing"])
	for gaze: int in [Shapes.GAZE_FORWARD, Shapes.GAZE_MODEL_FRONT]:
		var along: Vector3 = GAZES[gaze]
		var lines: PackedVector3Array = Shapes.gaze_marker(deaf, gaze)["lines"]
		_expect_one_line(
			lines,
			Vector3.ZERO,
			along * base,
			"gaze %d, vision off: a shaft from the eye to the head" % gaze
		)
		expect_eq(lines.size() / 2, 1 + 6, "gaze %d: a shaft and a head of six lines" % gaze)
	var short := ApsProfile.new()
	short.vision_max_range = 0.5
	var lines: PackedVector3Array = Shapes.gaze_marker(short, Shapes.GAZE_FORWARD)["lines"]
	_expect_one_line(
		lines,
		Vector3.FORWARD * 0.5,
		Vector3.FORWARD * base,
		"a range shorter than the arrow: the shaft goes on from the range line's end"
	)
	lines = Shapes.gaze_marker(ApsProfile.new(), Shapes.GAZE_FORWARD)["lines"]
	expect_eq(lines.size() / 2, 6, "40 m of vision: the head alone")


func test_a_movement_gaze_is_marked_as_a_hint() -> void:
	var base := Shapes.ARROW_LENGTH - Shapes.ARROW_HEAD_LENGTH
	var lines: PackedVector3Array = (
		Shapes.gaze_marker(World.only(["hearing"]), Shapes.GAZE_MOVEMENT)["lines"]
	)
	var dashes := 0
	var ring := 0
	for i in range(0, lines.size(), 2):
		var a := lines[i]
		var b := lines[i + 1]
		if a.x == 0.0 and a.y == 0.0 and b.x == 0.0 and b.y == 0.0 and b.z >= -base - 1e-4:
			dashes += 1
			expect(a.distance_to(b) <= Shapes.DASH + 1e-6, "a dash, not a line: %s-%s" % [a, b])
		elif (
			is_equal_approx(a.length(), Shapes.ARROW_LENGTH)
			and is_equal_approx(b.length(), Shapes.ARROW_LENGTH)
			and a.y == 0.0
			and b.y == 0.0
		):
			ring += 1
	expect_eq(dashes, ceili(base / (2.0 * Shapes.DASH)), "a dashed shaft from the eye")
	expect_eq(ring, N / 2, "a dashed ring around the eye: it may look any way")
	var barbs := _ends_from(lines, Vector3.FORWARD * Shapes.ARROW_LENGTH).filter(
		func(end: Vector3) -> bool: return end.length() < Shapes.ARROW_LENGTH - 1e-4
	)
	expect_eq(barbs.size(), 4, "its head points along -Z, where it looks until its body moves")
