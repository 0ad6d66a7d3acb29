@tool
extends EditorNode3DGizmoPlugin
## Draws what an ApsPerceptionComponent perceives with: vision's range and cones, hearing,
## smell, touch, vibration and echolocation, each in its colour, for the senses its profile
## has on, all turned to the component's gaze, and an arrow the way it looks (see
## perception_gizmo_shapes.gd for the shapes). Two handles edit the profile with undo and redo:
## vision's range (at the end of the gaze) and the main cone's half-angle (on its upper edge).
##
## A profile is a shared resource: dragging a handle on one guard changes every AI using the
## same profile (the handle's name says so). Make the profile unique first
## (right-click it in the inspector > Make Unique) to change one guard alone.

const Shapes := preload("res://addons/aps/editor/perception_gizmo_shapes.gd")

## Set by the plugin: where the handles record their edits.
var undo_redo: EditorUndoRedoManager

## What a component with no profile perceives with: the APS defaults (drawn, not editable).
var _defaults: Resource


func _init() -> void:
	for shape: String in Shapes.COLORS:
		create_material(shape, Shapes.COLORS[shape])
	create_handle_material("handles")


func _get_gizmo_name() -> String:
	return "ApsPerceptionComponent"


func _has_gizmo(node: Node3D) -> bool:
	return node.is_class("ApsPerceptionComponent")


func _redraw(gizmo: EditorNode3DGizmo) -> void:
	gizmo.clear()
	var node := gizmo.get_node_3d()
	var profile: Resource = node.get("profile")
	var drawn := profile if profile != null else _default_profile()
	var gaze := Shapes.gaze_of(node)
	for shape in Shapes.shapes(drawn, gaze):
		gizmo.add_lines(shape["lines"], get_material(shape["name"], gizmo))
	var marker := Shapes.gaze_marker(drawn, gaze)
	gizmo.add_lines(marker["lines"], get_material(marker["name"], gizmo))
	if profile == null:
		return
	var points := PackedVector3Array()
	var ids := PackedInt32Array()
	for handle in Shapes.handles(profile, gaze):
		points.append(handle["position"])
		ids.append(handle["id"])
	if not points.is_empty():
		gizmo.add_handles(points, get_material("handles", gizmo), ids)


func _get_handle_name(gizmo: EditorNode3DGizmo, id: int, _secondary: bool) -> String:
	var profile: Resource = gizmo.get_node_3d().get("profile")
	var name: String = Shapes.HANDLES[id]["name"]
	if profile != null and profile.resource_path != "" and not profile.resource_path.contains("::"):
		name += " (shared: every AI using %s changes)" % profile.resource_path.get_file()
	return name


func _get_handle_value(gizmo: EditorNode3DGizmo, id: int, _secondary: bool) -> Variant:
	return gizmo.get_node_3d().get("profile").get(Shapes.HANDLES[id]["property"])


func _set_handle(
	gizmo: EditorNode3DGizmo, id: int, _secondary: bool, camera: Camera3D, screen_position: Vector2
) -> void:
	var node := gizmo.get_node_3d()
	var profile: Resource = node.get("profile")
	if profile == null:
		return
	var to_local := node.global_transform.affine_inverse()
	var origin := to_local * camera.project_ray_origin(screen_position)
	var direction := (to_local.basis * camera.project_ray_normal(screen_position)).normalized()
	profile.set(
		Shapes.HANDLES[id]["property"],
		Shapes.handle_value(profile, id, origin, direction, Shapes.gaze_of(node))
	)
	node.update_gizmos()


func _commit_handle(
	gizmo: EditorNode3DGizmo, id: int, _secondary: bool, restore: Variant, cancel: bool
) -> void:
	var node := gizmo.get_node_3d()
	var profile: Resource = node.get("profile")
	if profile == null:
		return
	var property: String = Shapes.HANDLES[id]["property"]
	if cancel or undo_redo == null:
		if cancel:
			profile.set(property, restore)
		node.update_gizmos()
		return
	undo_redo.create_action("APS: " + Shapes.HANDLES[id]["name"], UndoRedo.MERGE_DISABLE, node)
	undo_redo.add_do_property(profile, property, profile.get(property))
	undo_redo.add_undo_property(profile, property, restore)
	undo_redo.add_do_method(node, "update_gizmos")
	undo_redo.add_undo_method(node, "update_gizmos")
	undo_redo.commit_action()


func _default_profile() -> Resource:
	if _defaults == null:
		_defaults = ClassDB.instantiate("ApsProfile")
	return _defaults
