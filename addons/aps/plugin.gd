@tool
extends EditorPlugin
## The APS editor plugin. The classes themselves come from the GDExtension
## (`aps.gdextension`) and show in the Create Node dialog with their icons whether or not this
## plugin is enabled; enabling it checks that the extension loaded and says how to fix it if not,
## and adds the perception gizmo (perception_gizmo.gd) to the 3D editor.

const PerceptionGizmo := preload("res://addons/aps/editor/perception_gizmo.gd")

var _gizmo: EditorNode3DGizmoPlugin


func _enter_tree() -> void:
	if not ClassDB.class_exists("ApsPerceptionComponent"):
		push_warning("APS: the extension library is missing from addons/aps/bin/. Build it with "
				+ "`cargo xtask test` (or copy the prebuilt library for your platform there), "
				+ "then restart the editor.")
		return
	_gizmo = PerceptionGizmo.new()
	_gizmo.undo_redo = get_undo_redo()
	add_node_3d_gizmo_plugin(_gizmo)


func _exit_tree() -> void:
	if _gizmo != null:
		remove_node_3d_gizmo_plugin(_gizmo)
		_gizmo = null
