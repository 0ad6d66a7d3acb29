@tool
extends EditorPlugin
## The APS editor plugin. The classes themselves come from the GDExtension
## (`aps.gdextension`) and show in the Create Node dialog with their icons whether or not this
## plugin is enabled; enabling it checks that the extension loaded and says how to fix it if not,
## adds the perception gizmo (perception_gizmo.gd) to the 3D editor, draws the 2D one
## (perception_gizmo_2d.gd) over the 2D editor for a selected ApsPerceptionComponent2D, and
## adds the APS tab (debugger/aps_debugger_plugin.gd) to the Debugger panel.
##
## In 2D, as in 3D, two handles edit the profile with undo and redo: vision's range (at the end
## of the gaze) and the main cone's half-angle (on its edge). Right-click or Escape while
## dragging puts the value back.
##
## Both gizmos follow the component's gaze; a component asks for its gizmo anew whenever its
## gaze or its profile changes.

const PerceptionGizmo := preload("res://addons/aps/editor/perception_gizmo.gd")
const PerceptionGizmo2D := preload("res://addons/aps/editor/perception_gizmo_2d.gd")
const DebuggerPlugin := preload("res://addons/aps/editor/debugger/aps_debugger_plugin.gd")

## The 2D gizmo's lines, in screen pixels (they keep their width at any zoom).
const LINE_WIDTH_2D := 2.0
## How near a click must come to a 2D handle to take it, in screen pixels.
const HANDLE_REACH_2D := 10.0
## The size of the text beside a dragged 2D handle.
const LABEL_SIZE_2D := 16

var _gizmo: EditorNode3DGizmoPlugin
var _debugger: EditorDebuggerPlugin

## The ApsPerceptionComponent2D the 2D editor has selected (its gizmo is drawn), or null.
var _edited_2d: Node2D
## The 2D handle being dragged (-1: none), and the value it had when the drag began.
var _dragged := -1
var _drag_restore := 0.0
## What a component with no profile perceives with: the APS defaults (drawn, not editable).
var _defaults: Resource

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
	# `aps/2d/pixels_per_meter` scales the 2D gizmo.
	ProjectSettings.settings_changed.connect(update_overlays)


func _exit_tree() -> void:
	_edit(null)
	if ProjectSettings.settings_changed.is_connected(update_overlays):
		ProjectSettings.settings_changed.disconnect(update_overlays)
	if _gizmo != null:
		remove_node_3d_gizmo_plugin(_gizmo)
		_gizmo = null
	if _debugger != null:
		remove_debugger_plugin(_debugger)
		_debugger = null


## The 2D gizmo: the plugin edits an ApsPerceptionComponent2D alongside the 2D editor.
func _handles(object: Object) -> bool:
	return PerceptionGizmo2D.draws_for(object)


func _edit(object: Object) -> void:
	if _dragged >= 0:
		_end_drag(true)
	if is_instance_valid(_edited_2d) and _edited_2d.draw.is_connected(update_overlays):
		_edited_2d.draw.disconnect(update_overlays)
	_edited_2d = object as Node2D if PerceptionGizmo2D.draws_for(object) else null
	# The component redraws itself when its profile, or a resource in it, changes.
	if _edited_2d != null:
		_edited_2d.draw.connect(update_overlays)
	update_overlays()


func _make_visible(visible: bool) -> void:
	if not visible:
		_edit(null)


func _forward_canvas_draw_over_viewport(overlay: Control) -> void:
	if not _is_drawn_2d():
		return
	var to_screen := _to_screen_2d()
	var ppm := PerceptionGizmo2D.pixels_per_meter()
	var profile: Resource = _edited_2d.get("profile")
	var drawn := profile if profile != null else _default_profile()
	var gaze := _gaze_2d()
	var marker := PerceptionGizmo2D.gaze_marker(drawn, ppm, gaze)
	for shape in PerceptionGizmo2D.shapes(drawn, ppm, gaze) + [marker]:
		var lines: PackedVector2Array = shape["lines"]
		overlay.draw_multiline(to_screen * lines, shape["color"], LINE_WIDTH_2D, true)
	if profile == null:
		return
	var icon := _handle_icon()
	for handle in PerceptionGizmo2D.handles(profile, ppm, gaze):
		var at: Vector2 = to_screen * handle["position"]
		overlay.draw_texture(icon, (at - icon.get_size() / 2.0).round())
		if handle["id"] == _dragged:
			_draw_label_2d(overlay, at, PerceptionGizmo2D.handle_label(profile, _dragged))


## Writes `text` beside the handle at `at`, on the side where the overlay has room for it.
func _draw_label_2d(overlay: Control, at: Vector2, text: String) -> void:
	var font := overlay.get_theme_font("font", "Label")
	var size := font.get_string_size(text, HORIZONTAL_ALIGNMENT_LEFT, -1, LABEL_SIZE_2D)
	var place := at + Vector2(12, -12)
	if place.x + size.x > overlay.size.x:
		place.x = at.x - 12 - size.x
	place = place.clamp(
		Vector2(0, size.y), Vector2(maxf(0, overlay.size.x - size.x), overlay.size.y)
	)
	overlay.draw_string_outline(
		font, place, text, HORIZONTAL_ALIGNMENT_LEFT, -1, LABEL_SIZE_2D, 4, Color.BLACK
	)
	overlay.draw_string(font, place, text, HORIZONTAL_ALIGNMENT_LEFT, -1, LABEL_SIZE_2D)


func _forward_canvas_gui_input(event: InputEvent) -> bool:
	if not _is_drawn_2d():
		return false
	var profile: Resource = _edited_2d.get("profile")
	if profile == null:
		return false
	var button := event as InputEventMouseButton
	if _dragged < 0:
		if button == null or not button.pressed or button.button_index != MOUSE_BUTTON_LEFT:
			return false
		_dragged = _handle_at_2d(profile, button.position)
		if _dragged < 0:
			return false
		_drag_restore = profile.get(PerceptionGizmo2D.HANDLES[_dragged]["property"])
		update_overlays()
		return true
	if event is InputEventMouseMotion:
		var local := _to_screen_2d().affine_inverse() * (event as InputEventMouseMotion).position
		var property: String = PerceptionGizmo2D.HANDLES[_dragged]["property"]
		profile.set(
			property,
			PerceptionGizmo2D.handle_value(
				profile, _dragged, local, PerceptionGizmo2D.pixels_per_meter(), _gaze_2d()
			)
		)
		update_overlays()
		return true
	if button != null:
		if button.button_index == MOUSE_BUTTON_LEFT and not button.pressed:
			_end_drag(false)
		elif button.button_index == MOUSE_BUTTON_RIGHT and button.pressed:
			_end_drag(true)
		return true
	var key := event as InputEventKey
	if key != null and key.pressed and key.keycode == KEY_ESCAPE:
		_end_drag(true)
		return true
	return false


## Ends the drag of a 2D handle: records the new value with undo and redo, or puts back the one
## it had (`cancel`).
func _end_drag(cancel: bool) -> void:
	var id := _dragged
	_dragged = -1
	update_overlays()
	if id < 0 or not is_instance_valid(_edited_2d):
		return
	var profile: Resource = _edited_2d.get("profile")
	if profile == null:
		return
	var property: String = PerceptionGizmo2D.HANDLES[id]["property"]
	var value: float = profile.get(property)
	if cancel or is_equal_approx(value, _drag_restore):
		profile.set(property, _drag_restore)
		return
	var undo := get_undo_redo()
	undo.create_action(
		"APS: " + PerceptionGizmo2D.HANDLES[id]["name"], UndoRedo.MERGE_DISABLE, _edited_2d
	)
	undo.add_do_property(profile, property, value)
	undo.add_undo_property(profile, property, _drag_restore)
	undo.add_do_method(_edited_2d, "queue_redraw")
	undo.add_undo_method(_edited_2d, "queue_redraw")
	undo.commit_action()


## The 2D handle within reach of `screen_position` (the nearest), or -1.
func _handle_at_2d(profile: Resource, screen_position: Vector2) -> int:
	var to_screen := _to_screen_2d()
	var found := -1
	var nearest := HANDLE_REACH_2D
	for handle in PerceptionGizmo2D.handles(
		profile, PerceptionGizmo2D.pixels_per_meter(), _gaze_2d()
	):
		var distance := screen_position.distance_to(to_screen * handle["position"])
		if distance <= nearest:
			nearest = distance
			found = handle["id"]
	return found


## The gaze of the selected 2D component (a PerceptionGizmo2D.GAZE_* value).
func _gaze_2d() -> int:
	return PerceptionGizmo2D.Shapes.gaze_of(_edited_2d)


func _is_drawn_2d() -> bool:
	return (
		is_instance_valid(_edited_2d)
		and _edited_2d.is_inside_tree()
		and _edited_2d.is_visible_in_tree()
	)


## From the selected component's 2D space to the 2D editor's viewport, where the overlay is
## drawn and the mouse is.
func _to_screen_2d() -> Transform2D:
	return _edited_2d.get_viewport_transform() * _edited_2d.get_global_transform()


func _handle_icon() -> Texture2D:
	return EditorInterface.get_editor_theme().get_icon("EditorHandle", "EditorIcons")


func _default_profile() -> Resource:
	if _defaults == null:
		_defaults = ClassDB.instantiate("ApsProfile")
	return _defaults
