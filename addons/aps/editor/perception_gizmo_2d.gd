@tool
extends RefCounted
## What the 2D perception gizmo draws for an ApsPerceptionComponent2D's profile: the 3D
## gizmo's shapes and gaze arrow (perception_gizmo_shapes.gd) laid on the 2D level, in pixels,
## in the component's own 2D space (the eye at the origin), turned to its gaze. Kept apart from
## the editor plugin (plugin.gd draws these over the 2D viewport), so tests can check them
## without an editor.
##
## A 2D level is the core's ground plane: the 3D component's local (x, z) plane is the 2D
## component's local plane, 3D forward (-Z) being 2D +X and 3D right (+X) being 2D +Y, so a 3D
## local point (x, y, z) is the 2D point (-z, x) times `aps/2d/pixels_per_meter`, its height
## dropped. Of the 3D lines, those that lie on the ground are kept and the others left out: a
## cone keeps its two side edges and its horizontal arc, a sphere its ground circle, the arrow's
## head one triangle. Same names and colours as in 3D.
##
## That gives the shapes of an eye looking along +X (Right); they are then turned to the
## component's gaze: Left looks along -X, Up along -Y, Down along +Y. A Movement gaze follows
## the body, which the editor cannot know: drawn along +X as a hint, its arrow marked as in 3D.

const Shapes := preload("res://addons/aps/editor/perception_gizmo_shapes.gd")

## The project setting that turns the profile's metres into a 2D scene's pixels, its default,
## and the range APS keeps it in (as the extension reads it).
const PIXELS_PER_METER_SETTING := "aps/2d/pixels_per_meter"
const DEFAULT_PIXELS_PER_METER := 100.0
const MIN_PIXELS_PER_METER := 0.01
const MAX_PIXELS_PER_METER := 100000.0

## The component's gaze settings (ApsPerceptionComponent2D.GAZE_*), by number so that this
## file loads even when the library does not.
const GAZE_RIGHT := 0
const GAZE_LEFT := 1
const GAZE_MOVEMENT := 2
const GAZE_UP := 3
const GAZE_DOWN := 4

## The way each gaze looks, by its number (Movement: its hint, +X).
const GAZE_DIRECTIONS := [Vector2.RIGHT, Vector2.LEFT, Vector2.RIGHT, Vector2.UP, Vector2.DOWN]

## The handles, by id, as in 3D: vision's range at the end of the gaze, the main cone's
## half-angle on its edge a quarter turn clockwise of the gaze on screen (+Y for a gaze along
## +X: the side the eye turns to with a positive rotation).
const HANDLES := Shapes.HANDLES
const HANDLE_RANGE := Shapes.HANDLE_RANGE
const HANDLE_MAIN_CONE := Shapes.HANDLE_MAIN_CONE

## How far from the ground, relative to a point's distance, a 3D point may be and still count
## as lying on it (rounding: sin(PI) is not quite 0).
const ON_GROUND := 1e-4


## Whether the 2D gizmo draws for `object`: an ApsPerceptionComponent2D (the plugin's
## `_handles`).
static func draws_for(object: Object) -> bool:
	return object != null and object.is_class("ApsPerceptionComponent2D")


## `aps/2d/pixels_per_meter`, as APS uses it: within its range, the default if it is no number.
static func pixels_per_meter() -> float:
	var value: Variant = ProjectSettings.get_setting(
		PIXELS_PER_METER_SETTING, DEFAULT_PIXELS_PER_METER
	)
	if not (value is float or value is int) or not is_finite(value):
		return DEFAULT_PIXELS_PER_METER
	return clampf(value, MIN_PIXELS_PER_METER, MAX_PIXELS_PER_METER)


## The lines for `profile` at `ppm` pixels per metre, looking along `gaze` (a GAZE_* value): an
## Array of {"name", "color", "lines"}, `lines` being a PackedVector2Array of segment end points
## (two per segment) in pixels in the component's 2D space, for each sense that is on and
## reaches somewhere.
static func shapes(profile: Resource, ppm: float, gaze := GAZE_RIGHT) -> Array[Dictionary]:
	var out: Array[Dictionary] = []
	var turn := gaze_transform(gaze)
	for shape in Shapes.shapes(profile):
		var lines := on_ground(shape["lines"], ppm)
		if not lines.is_empty():
			out.append({"name": shape["name"], "color": shape["color"], "lines": turn * lines})
	return out


## The gaze marker for `profile` at `ppm`, looking along `gaze`: {"name", "color", "lines"} as
## in `shapes`. The 3D arrow on the ground: a shaft beyond vision's range line, a triangle for
## its head; for a Movement gaze dashed, in its own colour, in a dashed ring.
static func gaze_marker(profile: Resource, ppm: float, gaze := GAZE_RIGHT) -> Dictionary:
	var marked := Shapes.GAZE_MOVEMENT if gaze == GAZE_MOVEMENT else Shapes.GAZE_FORWARD
	var marker := Shapes.gaze_marker(profile, marked)
	marker["lines"] = gaze_transform(gaze) * on_ground(marker["lines"], ppm)
	return marker


## From the space the shapes are worked out in (looking along +X) to the component's, for its
## `gaze`: a turn by a multiple of a quarter turn, exact (a point on the gaze stays on it).
static func gaze_transform(gaze: int) -> Transform2D:
	var along: Vector2 = (
		GAZE_DIRECTIONS[gaze] if gaze >= 0 and gaze < GAZE_DIRECTIONS.size() else Vector2.RIGHT
	)
	return Transform2D(along, Vector2(-along.y, along.x), Vector2.ZERO)


## The segments of the 3D `lines` (end point pairs) that lie on the ground (y = 0), as 2D
## points in pixels.
static func on_ground(lines: PackedVector3Array, ppm: float) -> PackedVector2Array:
	var out := PackedVector2Array()
	for i in range(0, lines.size() - 1, 2):
		var a := lines[i]
		var b := lines[i + 1]
		if not (_is_on_ground(a) and _is_on_ground(b)):
			continue
		var from := to_2d(a, ppm)
		var to := to_2d(b, ppm)
		if from != to:
			out.append(from)
			out.append(to)
	return out


## A point of the 3D component's space, in metres, as a point of the 2D component's, in pixels.
static func to_2d(point: Vector3, ppm: float) -> Vector2:
	return Vector2(-point.z, point.x) * ppm


## A point of the 2D component's space, in pixels, as a point on the 3D component's ground.
static func to_3d(point: Vector2, ppm: float) -> Vector3:
	return Vector3(point.y, 0.0, -point.x) / ppm


## The handles for `profile`, looking along `gaze`: an Array of {"id", "name", "property",
## "position"}, `position` in pixels in the component's 2D space. The 3D handles turned about
## the gaze onto the ground: the range at the end of the gaze, the main cone's angle on its edge
## (+Y for a gaze along +X).
static func handles(profile: Resource, ppm: float, gaze := GAZE_RIGHT) -> Array[Dictionary]:
	var out: Array[Dictionary] = []
	var turn := gaze_transform(gaze)
	for handle in Shapes.handles(profile):
		var moved: Dictionary = handle.duplicate()
		var at: Vector3 = handle["position"]
		# The 3D handles lie in the vertical plane through the gaze (x = 0): up becomes right.
		moved["position"] = turn * to_2d(Vector3(at.y, 0.0, at.z), ppm)
		out.append(moved)
	return out


## The value handle `id` takes when dragged to `point` (pixels, the component's 2D space, its
## gaze `gaze`): the range is how far along the gaze the point is, the angle how far off the
## gaze it is, either side. Worked out by the 3D gizmo's own rule (Shapes.handle_value, so the
## same limits and steps) with the camera ray a 2D editor has: straight down onto the point for
## the range, and for the angle across the point turned about the gaze into the cone's vertical
## plane.
static func handle_value(
	profile: Resource, id: int, point: Vector2, ppm: float, gaze := GAZE_RIGHT
) -> float:
	# The point as seen looking along +X, where the shapes are worked out.
	var ground := to_3d(gaze_transform(gaze).affine_inverse() * point, ppm)
	if id == HANDLE_MAIN_CONE:
		var upright := Vector3(0.0, absf(ground.x), ground.z)
		return Shapes.handle_value(profile, id, upright + Vector3.RIGHT, Vector3.LEFT)
	return Shapes.handle_value(profile, id, ground + Vector3.UP, Vector3.DOWN)


## What a dragged handle says beside it: its name and value, and, for a profile saved in its
## own file, that every AI using that file changes with it (as the 3D handle's name says).
static func handle_label(profile: Resource, id: int) -> String:
	var property: String = HANDLES[id]["property"]
	var unit := " m" if id == HANDLE_RANGE else "°"
	var label := "%s: %s%s" % [HANDLES[id]["name"], String.num(profile.get(property), 2), unit]
	if profile.resource_path != "" and not profile.resource_path.contains("::"):
		label += " (shared: every AI using %s changes)" % profile.resource_path.get_file()
	return label


static func _is_on_ground(point: Vector3) -> bool:
	return absf(point.y) <= ON_GROUND * (1.0 + point.length())
