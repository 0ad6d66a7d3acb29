@tool
extends EditorPlugin
## The APS editor plugin. The classes themselves come from the GDExtension
## (`aps.gdextension`) and show in the Create Node dialog with their icons whether or not this
## plugin is enabled; enabling it checks that the extension loaded and says how to fix it if not,
## adds the perception gizmo (perception_gizmo.gd) to the 3D editor, and the APS tab
## (debugger/aps_debugger_plugin.gd) to the Debugger panel.

const PerceptionGizmo := preload("res://addons/aps/editor/perception_gizmo.gd")
const DebuggerPlugin := preload("res://addons/aps/editor/debugger/aps_debugger_plugin.gd")

var _gizmo: EditorNode3DGizmoPlugin
var _debugger: EditorDebuggerPlugin

## Says why the library did not load (a Godot older than its minimum, or no file for this platform).
const LibraryCheck := preload("res://addons/aps/editor/library_check.gd")


func _enter_tree() -> void:
	var problem := LibraryCheck.explain_here()
	if problem != "":
		push_warning(problem)
		return
	_gizmo = PerceptionGizmo.new()
	_gizmo.undo_redo = get_undo_redo()
	add_node_3d_gizmo_plugin(_gizmo)
	_debugger = DebuggerPlugin.new()
	add_debugger_plugin(_debugger)


func _exit_tree() -> void:
	if _gizmo != null:
		remove_node_3d_gizmo_plugin(_gizmo)
		_gizmo = null
	if _debugger != null:
		remove_debugger_plugin(_debugger)
		_debugger = null
