@tool
extends RefCounted
## What the perception gizmo draws for a profile, as plain lines and handle positions in the
## component's own space (the eye at the origin). Kept apart from the gizmo plugin, which only
## hands these to the editor, so tests can check them without an editor.
##
## One shape per sense that is on, each in its own colour: vision's range (a line along the
## gaze), its main and peripheral cones, the spheres of hearing and touch, the cone of the
## echolocation pulse, and the ground circles of smell and vibration. Apart from these, the gaze
## marker: an arrow from the eye the way it looks.
##
## Every shape is worked out looking along -Z and then turned to the component's gaze (its
## `gaze` setting): Forward looks along -Z, Model Front along +Z (turned half a turn about Y).
## A Movement gaze follows the body, which the editor cannot know: the shapes are drawn along
## -Z as a hint, and the gaze marker says so.

## Segments in a full circle; arcs use their share of it.
const CIRCLE_SEGMENTS := 48

## Each shape's name (its material's name in the gizmo plugin) and colour.
const COLORS := {
	"vision_range": Color(1.0, 0.95, 0.4),
	"vision_main_cone": Color(1.0, 0.8, 0.1),
	"vision_peripheral_cone": Color(1.0, 0.55, 0.1, 0.6),
	"hearing": Color(0.3, 0.75, 1.0, 0.7),
	"smell": Color(0.55, 0.85, 0.3, 0.7),
	"touch": Color(0.35, 1.0, 0.55),
	"vibration": Color(0.75, 0.55, 0.35, 0.8),
	"echolocation": Color(0.8, 0.45, 1.0, 0.8),
	# The gaze marker: white stands apart from every sense's colour; a Movement gaze's own
	# colour (and dashes) tell a hint from a setting.
	"gaze_arrow": Color(1.0, 1.0, 1.0),
	"gaze_movement": Color(1.0, 0.45, 0.8),
}

## The component's gaze settings (ApsPerceptionComponent.GAZE_*), by number so that this file
## loads even when the library does not.
const GAZE_FORWARD := 0
const GAZE_MODEL_FRONT := 1
const GAZE_MOVEMENT := 2

## The gaze marker's arrow, in metres: how far from the eye its tip is, and its head's length
## and half width. About a person's size, so it reads beside the guard from where one edits a
## guard, whatever its ranges. A Movement gaze's shaft is dashed, in dashes of DASH with gaps
## of DASH.
const ARROW_LENGTH := 1.5
const ARROW_HEAD_LENGTH := 0.4
const ARROW_HEAD_HALF_WIDTH := 0.2
const DASH := 0.1

## The handles, by id: what each is called and the profile property it edits.
const HANDLES := [
	{"name": "Vision Max Range", "property": "vision_max_range"},
	{"name": "Vision Main Cone Half Angle", "property": "vision_main_cone_half_angle"},
]
const HANDLE_RANGE := 0
const HANDLE_MAIN_CONE := 1


## The lines for `profile` seen along `gaze` (a GAZE_* value): an Array of {"name", "color",
## "lines"}, `lines` being a PackedVector3Array of segment end points (two per segment), for each
## sense that is on and reaches somewhere.
static func shapes(profile: Resource, gaze := GAZE_FORWARD) -> Array[Dictionary]:
	var out: Array[Dictionary] = []
	if _draws_range(profile):
		var reach: float = profile.vision_max_range
		var main: float = profile.vision_main_cone_half_angle
		var peripheral: float = profile.vision_peripheral_half_angle
		_add(out, "vision_range", PackedVector3Array([Vector3.ZERO, Vector3.FORWARD * reach]))
		_add(out, "vision_main_cone", cone(reach, main))
		if peripheral > main:
			_add(out, "vision_peripheral_cone", cone(reach, peripheral))
	if profile.hearing_enabled and profile.hearing_max_range > 0.0:
		_add(out, "hearing", sphere(profile.hearing_max_range))
	if profile.smell_enabled and profile.smell_range > 0.0:
		_add(out, "smell", circle(profile.smell_range, Vector3.RIGHT, Vector3.BACK))
	if profile.touch_enabled and profile.touch_reach > 0.0:
		_add(out, "touch", sphere(profile.touch_reach))
	if profile.vibration_enabled and profile.vibration_detect_range > 0.0:
		_add(out, "vibration", circle(profile.vibration_detect_range, Vector3.RIGHT, Vector3.BACK))
	if profile.echolocation_enabled and profile.echo_range > 0.0:
		_add(out, "echolocation", cone(profile.echo_range, profile.echo_half_angle))
	var turn := gaze_transform(gaze)
	for shape in out:
		shape["lines"] = turn * shape["lines"]
	return out


## The gaze marker for `profile` seen along `gaze`: {"name", "color", "lines"} as in `shapes`.
## An arrow from the eye, its tip ARROW_LENGTH out along the gaze; its head is two triangles
## crossed on the gaze, so that it points the same way seen from any side. Vision's range line
## is its shaft where that is drawn (two lines on one another flicker); its own shaft only
## reaches past it. A Movement gaze's marker has its own name and colour, a dashed shaft and a
## dashed ring around the eye: the AI will look the way its body moves, -Z only until it
## first moves.
static func gaze_marker(profile: Resource, gaze := GAZE_FORWARD) -> Dictionary:
	var moving := gaze == GAZE_MOVEMENT
	var lines := PackedVector3Array()
	var base := ARROW_LENGTH - ARROW_HEAD_LENGTH
	var shaft_from: float = profile.vision_max_range if _draws_range(profile) else 0.0
	if moving:
		var at := shaft_from
		while at < base:
			lines.append_array([Vector3.FORWARD * at, Vector3.FORWARD * minf(at + DASH, base)])
			at += 2.0 * DASH
	elif shaft_from < base:
		lines.append_array([Vector3.FORWARD * shaft_from, Vector3.FORWARD * base])
	var tip := Vector3.FORWARD * ARROW_LENGTH
	for side in [Vector3.RIGHT, Vector3.UP]:
		var one: Vector3 = Vector3.FORWARD * base + side * ARROW_HEAD_HALF_WIDTH
		var other: Vector3 = Vector3.FORWARD * base - side * ARROW_HEAD_HALF_WIDTH
		lines.append_array([tip, one, tip, other, one, other])
	if moving:
		var ring := circle(ARROW_LENGTH, Vector3.RIGHT, Vector3.BACK)
		for i in range(0, ring.size(), 4):
			lines.append_array([ring[i], ring[i + 1]])
	var shape := "gaze_movement" if moving else "gaze_arrow"
	return {"name": shape, "color": COLORS[shape], "lines": gaze_transform(gaze) * lines}


## The handles for `profile` seen along `gaze`: an Array of {"id", "name", "property",
## "position"}. Vision's range sits at the end of the gaze; the main cone's angle on the cone's
## upper edge.
static func handles(profile: Resource, gaze := GAZE_FORWARD) -> Array[Dictionary]:
	if not profile.vision_enabled:
		return []
	var reach: float = profile.vision_max_range
	var main := deg_to_rad(profile.vision_main_cone_half_angle)
	var turn := gaze_transform(gaze)
	var at := [turn * (Vector3.FORWARD * reach), turn * (_direction(main, PI / 2.0) * reach)]
	var out: Array[Dictionary] = []
	for id in HANDLES.size():
		var handle: Dictionary = HANDLES[id].duplicate()
		handle["id"] = id
		handle["position"] = at[id]
		out.append(handle)
	return out


## The value handle `id` takes when dragged under a camera ray, the ray given in the
## component's own space, its gaze `gaze`: the range is where the ray passes closest to the
## gaze; the angle is where the ray meets the cone's vertical plane. Kept within the property's
## inspector range and step, and the main cone within the peripheral one (the profile's own
## rule).
static func handle_value(
	profile: Resource, id: int, origin: Vector3, direction: Vector3, gaze := GAZE_FORWARD
) -> float:
	var property: String = HANDLES[id]["property"]
	var value: float = profile.get(property)
	# The ray as seen looking along -Z, where the rules below are written.
	var unturn := gaze_transform(gaze).affine_inverse()
	origin = unturn * origin
	direction = unturn.basis * direction
	if id == HANDLE_RANGE:
		var far := 1.0e6
		var closest := Geometry3D.get_closest_points_between_segments(
			Vector3.ZERO, Vector3.FORWARD * far, origin, origin + direction * far
		)
		value = -closest[0].z
	elif id == HANDLE_MAIN_CONE:
		var hit: Variant = Plane(Vector3.RIGHT, 0.0).intersects_ray(origin, direction)
		if hit == null:
			return value
		value = rad_to_deg(Vector3.FORWARD.angle_to(hit))
		value = minf(value, profile.vision_peripheral_half_angle)
	return _fit(profile, property, value)


## From the space the shapes are worked out in (looking along -Z) to the component's, for its
## `gaze`: half a turn about Y for Model Front (exact, so a point on the gaze stays on it),
## nothing for Forward or for Movement (drawn along -Z).
static func gaze_transform(gaze: int) -> Transform3D:
	if gaze == GAZE_MODEL_FRONT:
		return Transform3D(Basis(Vector3.LEFT, Vector3.UP, Vector3.FORWARD), Vector3.ZERO)
	return Transform3D.IDENTITY


## The gaze setting of `component` (its `gaze`, a GAZE_* value here or in the 2D gizmo); 0
## (Forward, Right in 2D) if it has none.
static func gaze_of(component: Object) -> int:
	var gaze: Variant = component.get("gaze") if component != null else null
	return gaze if gaze is int else GAZE_FORWARD


## A cone of `half_angle_degrees` around -Z reaching `reach`: four edges from the eye, the rim
## where the edges end, and the two arcs (horizontal and vertical) of the sphere it cuts out.
## At 180 degrees the arcs close into circles and the cone is a sphere.
static func cone(reach: float, half_angle_degrees: float) -> PackedVector3Array:
	var lines := PackedVector3Array()
	var half := deg_to_rad(clampf(half_angle_degrees, 0.0, 180.0))
	if half < PI:
		for i in 4:
			lines.append(Vector3.ZERO)
			lines.append(_direction(half, i * PI / 2.0) * reach)
	if sin(half) > 0.001:
		var rim_center := Vector3.FORWARD * (reach * cos(half))
		var rim := circle(reach * sin(half), Vector3.RIGHT, Vector3.UP)
		for point in rim:
			lines.append(point + rim_center)
	var steps := arc_segments(half_angle_degrees)
	for plane_angle in [0.0, PI / 2.0]:
		for i in steps:
			var a := -half + 2.0 * half * i / steps
			var b := -half + 2.0 * half * (i + 1) / steps
			lines.append(_direction(a, plane_angle) * reach)
			lines.append(_direction(b, plane_angle) * reach)
	return lines


## Segments in each arc of a cone of `half_angle_degrees`: its share of a full circle.
static func arc_segments(half_angle_degrees: float) -> int:
	return maxi(1, ceili(CIRCLE_SEGMENTS * 2.0 * clampf(half_angle_degrees, 0.0, 180.0) / 360.0))


## A sphere of `radius` as its three great circles.
static func sphere(radius: float) -> PackedVector3Array:
	var lines := circle(radius, Vector3.RIGHT, Vector3.UP)
	lines.append_array(circle(radius, Vector3.RIGHT, Vector3.BACK))
	lines.append_array(circle(radius, Vector3.UP, Vector3.BACK))
	return lines


## A circle of `radius` around the origin in the plane of axes `u` and `v`.
static func circle(radius: float, u: Vector3, v: Vector3) -> PackedVector3Array:
	var lines := PackedVector3Array()
	for i in CIRCLE_SEGMENTS:
		var a := TAU * i / CIRCLE_SEGMENTS
		var b := TAU * (i + 1) / CIRCLE_SEGMENTS
		lines.append((u * cos(a) + v * sin(a)) * radius)
		lines.append((u * cos(b) + v * sin(b)) * radius)
	return lines


## The unit direction `off_axis` radians from -Z, turned `around` radians about -Z from +X.
static func _direction(off_axis: float, around: float) -> Vector3:
	return Vector3(sin(off_axis) * cos(around), sin(off_axis) * sin(around), -cos(off_axis))


## Whether `shapes` draws vision's range line.
static func _draws_range(profile: Resource) -> bool:
	return profile.vision_enabled and profile.vision_max_range > 0.0


static func _add(out: Array[Dictionary], shape: String, lines: PackedVector3Array) -> void:
	out.append({"name": shape, "color": COLORS[shape], "lines": lines})


## `value` kept within the property's inspector range ("min,max,step[,or_greater]") and
## rounded to its step, so a drag never stores a value the profile would clamp.
static func _fit(profile: Resource, property: String, value: float) -> float:
	for info in profile.get_property_list():
		if info["name"] != property:
			continue
		var hint: PackedStringArray = String(info["hint_string"]).split(",")
		if hint.size() < 3:
			break
		value = maxf(value, hint[0].to_float())
		if not hint.has("or_greater"):
			value = minf(value, hint[1].to_float())
		return snappedf(value, hint[2].to_float())
	return maxf(value, 0.0)
