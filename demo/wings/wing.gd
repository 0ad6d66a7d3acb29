class_name DemoWing
extends Node3D
## One wing of the demo level: one idea of APS, its room, its guards, its caption, the route
## the tour's bot takes through it, and the checks that say whether it showed its idea.
##
## A wing scene is built from CSG boxes (with collision) and guards placed as nodes. Its
## `Route` node holds Marker3D points the tour walks between; `Route/Start` is where the player
## arrives. A `Navigation` NavigationRegion3D, if present, is baked when the wing is ready so
## its guards can find paths. Each wing's floor reaches z = +50, where the road between wings
## runs.

## Place in the tour (1..8).
@export var number := 1
@export var title := ""
## The idea in a few words, for the timeline's heading.
@export var idea := ""
## Short name in the timeline's wing column.
@export var tag := ""
## The caption: what to try, and what to watch.
@export_multiline var try_text := ""
@export_multiline var watch_text := ""

var player: DemoPlayer
var bot: DemoBot
var hud: DemoHud
## True once the navigation mesh (if any) is baked.
var navigation_ready := false

var _checks: Array[Dictionary] = []


func _ready() -> void:
	for guard in guards():
		guard.wing_tag = tag
	_build()
	var region := get_node_or_null("Navigation") as NavigationRegion3D
	if region != null:
		_bake.call_deferred(region)


## For subclasses: extra parts built in code (light zones, signs, many guards).
func _build() -> void:
	pass


## The player arrives (the tour, a key press, or walking in).
func enter() -> void:
	pass


## The player leaves: undo what `enter` changed in the world (wind, rain...).
func leave() -> void:
	pass


## G in play: the wing's own action, if it has one (shooting out a lamp).
func use() -> void:
	pass


## The tour's route through this wing, driving `bot`. Ends when the wing has shown its idea.
func tour() -> void:
	await get_tree().physics_frame


## Sets up an instructive moment for a screenshot and returns where the camera goes:
## {"eye": Vector3, "look": Vector3} in global space. The caller waits some frames, then shoots.
func photo() -> Dictionary:
	await get_tree().physics_frame
	return {"eye": to_global(Vector3(0, 20, 30)), "look": to_global(Vector3.ZERO)}


## Every DemoGuard in the wing.
func guards() -> Array[DemoGuard]:
	var out: Array[DemoGuard] = []
	for n in find_children("*", "CharacterBody3D", true, false):
		if n is DemoGuard:
			out.append(n)
	return out


## A route point, in global space.
func mark(point: String) -> Vector3:
	return (get_node("Route/" + point) as Node3D).global_position


## Where the player arrives, and the way it faces.
func start() -> Transform3D:
	return (get_node("Route/Start") as Node3D).global_transform


## A point given in this wing's own coordinates, in global space.
func at(x: float, z: float) -> Vector3:
	return to_global(Vector3(x, 0, z))


## Records one thing the wing set out to show, and whether it did.
func check(ok: bool, text: String) -> void:
	_checks.append({"ok": ok, "text": text})
	if not ok:
		DemoTimeline.note(tag, "MISSING: " + text)


func passed() -> bool:
	if _checks.is_empty():
		return false
	for c in _checks:
		if not c["ok"]:
			return false
	return true


## One line: what this wing showed (or what it failed to show).
func summary() -> String:
	var shown: Array[String] = []
	var missing: Array[String] = []
	for c in _checks:
		(shown if c["ok"] else missing).append(c["text"])
	if _checks.is_empty():
		missing.append("the tour did not run")
	if missing.is_empty():
		return "PASS  %d. %s: %s" % [number, title, "; ".join(shown)]
	return "FAIL  %d. %s: did not show: %s" % [number, title, "; ".join(missing)]


func _bake(region: NavigationRegion3D) -> void:
	# CSG builds its shapes at the end of the frame it enters the tree; bake after that.
	await get_tree().process_frame
	# The source geometry is the level's collision, taken from each CSG shape directly: asking
	# the navigation server to parse the scene would read visual meshes back from the GPU.
	var source := NavigationMeshSourceGeometryData3D.new()
	var to_region := region.global_transform.affine_inverse()
	for node in region.find_children("*", "CSGShape3D", true, false):
		var csg := node as CSGShape3D
		if not csg.is_root_shape() or not csg.use_collision:
			continue
		var shape := csg.bake_collision_shape()
		if shape != null:
			source.add_faces(shape.get_faces(), to_region * csg.global_transform)
	var mesh := region.navigation_mesh.duplicate() as NavigationMesh
	NavigationServer3D.bake_from_source_geometry_data(mesh, source)
	# A new region node with the baked mesh: the server takes it in on its next iterations.
	region.enabled = false
	var baked := NavigationRegion3D.new()
	baked.name = "Baked" + region.name
	baked.navigation_mesh = mesh
	add_child(baked)
	baked.global_transform = region.global_transform
	navigation_ready = true
