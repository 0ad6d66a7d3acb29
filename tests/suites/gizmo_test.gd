extends ApsTestSuite
## The perception gizmo's drawing code (addons/aps/editor/perception_gizmo_shapes.gd, which
## the editor's gizmo plugin draws), called on a component's profile: which senses are drawn,
## how many segments, the cones' half-angles and ranges, and the handles.

const World := preload("res://tests/framework/world_builder.gd")
const Shapes := preload("res://addons/aps/editor/perception_gizmo_shapes.gd")
const N := Shapes.CIRCLE_SEGMENTS


## The angle in degrees from the gaze (-Z) of every cone edge (the lines from the eye).
func _edge_angles(lines: PackedVector3Array) -> Array:
	var angles := []
	for i in range(0, lines.size(), 2):
		if lines[i] == Vector3.ZERO:
			angles.append(rad_to_deg(Vector3.FORWARD.angle_to(lines[i + 1])))
	return angles


func test_the_default_profile_draws_vision_hearing_and_touch() -> void:
	var eye := World.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var shapes := lines_by_name(Shapes.shapes(eye.profile))
	# Smell, vibration and echolocation are off by default.
	expect_eq(shapes.keys(), ["vision_range", "vision_main_cone", "vision_peripheral_cone",
			"hearing", "touch"], "senses drawn")
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
	expect_near(Shapes.handle_value(p, Shapes.HANDLE_RANGE, Vector3(10, 0, 5), Vector3.LEFT),
			0.0, 1e-6, "not below 0")
	# A ray meeting the vertical plane at 20 degrees above the gaze.
	var at := Vector3(0, sin(deg_to_rad(20.0)), -cos(deg_to_rad(20.0))) * 10.0
	var angle := Shapes.handle_value(p, Shapes.HANDLE_MAIN_CONE, at + Vector3.RIGHT * 3.0, Vector3.LEFT)
	expect_near(angle, 20.0, 1e-3, "angle where the ray meets the cone's plane")
	# The main cone stays within the peripheral one (80 degrees by default).
	var wide := Vector3(0, 10, 5)
	expect_near(Shapes.handle_value(p, Shapes.HANDLE_MAIN_CONE, wide + Vector3.RIGHT, Vector3.LEFT),
			80.0, 1e-3, "kept within the peripheral cone")
	# A ray parallel to the plane leaves the angle as it is.
	expect_near(Shapes.handle_value(p, Shapes.HANDLE_MAIN_CONE, Vector3(1, 0, 0), Vector3.FORWARD),
			45.0, 1e-6, "no crossing: unchanged")


func test_the_gizmo_plugin_script_parses() -> void:
	var script: GDScript = load("res://addons/aps/editor/perception_gizmo.gd")
	expect(script != null and script.can_instantiate(), "perception_gizmo.gd loads")
	expect_eq(script.get_instance_base_type(), &"EditorNode3DGizmoPlugin", "a 3D gizmo plugin")
