@tool
extends EditorPlugin
## Drives a real editor through APS's editor features and photographs them (cargo xtask
## screenshot): the perception gizmo on a selected guard, a configuration warning, a preset in
## the inspector, the 2D gizmo on a selected 2D guard (tour_2d.tscn), and the Debugger panel's
## APS tab with a game attached. Along the way it drags the 3D gizmo's range handle through the
## gizmo plugin's own code and the 2D one with the mouse, and undoes each, printing
## `tour: ok ...` or `tour: FAIL ...` for each check.
##
## It acts only when the editor is started with `-- --editor-screenshots=<dir>`, in the copy of
## the project xtask makes with this plugin enabled beside APS's. With
## `--debugger-game-request=<file>` too, it asks for the game last: it writes the address of
## the editor's debug server into that file, and xtask then starts debugger_game.tscn attached
## to it (the editor keeps its debug server open for games it did not start itself: xtask sets
## that in the copy's project metadata).

const PerceptionGizmo := preload("res://addons/aps/editor/perception_gizmo.gd")
const Shapes := preload("res://addons/aps/editor/perception_gizmo_shapes.gd")
const Gizmo2D := preload("res://addons/aps/editor/perception_gizmo_2d.gd")
const SCENE := "res://tests/editor/tour.tscn"
const SCENE_2D := "res://tests/editor/tour_2d.tscn"
const SCENE_GAZE := "res://tests/editor/tour_gaze.tscn"
const PRESET := "res://addons/aps/presets/guard_dog.tres"

## The perceiver the debugger picture shows, among debugger_game.tscn's, as the tab names it.
const PICKED := "Guard/Perception"
## How long the game may take to start, attach and list its perceivers, in seconds.
const GAME_TIMEOUT := 90.0
## Seconds the editor takes to save a changed layout (its delay is half a second).
const LAYOUT_SAVE_DELAY := 1.5
## The name of the bottom panel's Expand button's shortcut, by which the tour finds it.
const EXPAND_BOTTOM_PANEL := "Expand Bottom Panel"

var _failed := false
var _game_request := ""


func _enter_tree() -> void:
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--debugger-game-request="):
			_game_request = arg.trim_prefix("--debugger-game-request=")
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--editor-screenshots="):
			_tour.call_deferred(arg.trim_prefix("--editor-screenshots="))


func _tour(dir: String) -> void:
	var files := EditorInterface.get_resource_filesystem()
	await _frames(10)
	while files.is_scanning():
		await _frames(1)
	EditorInterface.open_scene_from_path(SCENE)
	await _frames(20)
	EditorInterface.set_main_screen_editor("3D")
	var root := EditorInterface.get_edited_scene_root()
	var guard: Node3D = root.get_node("Guard/Perception")

	_select(guard)
	var camera := EditorInterface.get_editor_viewport_3d(0).get_camera_3d()
	camera.global_transform = Transform3D.IDENTITY.looking_at(Vector3(-9, -6, -8), Vector3.UP)
	camera.global_position = Vector3(7, 7.5, 5)
	await _frames(30)
	_save(dir, "editor_gizmo")
	_drag_and_undo(guard, camera)

	var pole: Node3D = root.get_node("Pole/Perception")
	_select(pole)
	await _frames(30)
	var said := _dock_warning("Perception", 1)
	_check(
		said.contains("No profile") and said.contains("Not under a physics body"),
		"the Scene dock warns of the pole's missing profile and body: %s" % said.c_escape()
	)
	_check(
		_dock_warning("Target", 0).contains("no CollisionShape3D"),
		"the Scene dock warns of the crate's missing collision shape"
	)
	_open_dock_warning("Perception", 1)
	await _frames(30)
	_save(dir, "editor_warning")
	_close_dialogs()
	# A profile set in the inspector clears that warning.
	# The dock redraws its warnings a moment after they change: each check waits up to 3 s.
	pole.profile = guard.profile
	var cleared := func() -> bool:
		var now := _dock_warning("Perception", 1)
		return not now.contains("No profile") and now.contains("Not under a physics body")
	_check(await _within(cleared), "setting a profile clears its warning")
	# An edit of the profile itself reaches the dock through its `changed` signal.
	guard.profile.suspect_threshold = 0.5
	var out_of_order := func() -> bool:
		return _dock_warning("Perception", 0).contains("Thresholds out of order")
	_check(await _within(out_of_order), "Suspect 0.5 above Detect warns in the Scene dock")
	guard.profile.suspect_threshold = 0.15
	_check(
		await _within(func() -> bool: return _dock_warning("Perception", 0) == ""),
		"Suspect 0.15 clears it"
	)

	if ResourceLoader.exists(PRESET):
		var preset: Resource = load(PRESET)
		EditorInterface.edit_resource(preset)
		await _frames(5)
		# Open the dog's nose, and a sense it lacks (its settings greyed out).
		_unfold_section_of("smell_enabled")
		_unfold_section_of("echolocation_enabled")
		await _frames(30)
		_save(dir, "editor_preset")
	else:
		_check(false, "%s exists" % PRESET)

	await _gaze(dir)
	await _gizmo_2d(dir)

	# Last: a game attached to the debugger changes the Scene dock (Remote and Local).
	if _game_request != "":
		await _debugger_tab(dir)

	print("tour: %s" % ("FAIL" if _failed else "done"))
	get_tree().quit(1 if _failed else 0)


## Asks xtask for the game, waits for its perceivers in the APS tab, picks the guard and
## photographs its beliefs updating live.
func _debugger_tab(dir: String) -> void:
	var settings := EditorInterface.get_editor_settings()
	var uri := (
		"tcp://%s:%d"
		% [
			settings.get_setting("network/debug/remote_host"),
			settings.get_setting("network/debug/remote_port")
		]
	)
	var request := FileAccess.open(_game_request, FileAccess.WRITE)
	if not _check(request != null, "the game requested in %s" % _game_request):
		return
	request.store_string(uri)
	request.close()
	print("tour: asked for the game, attached to %s" % uri)
	var listed := func() -> bool: return _aps_tab_listing(PICKED) != null
	if not _check(
		await _within_seconds(listed, GAME_TIMEOUT, "the game's perceivers"),
		"the game's perceivers reach the APS tab, %s among them" % PICKED
	):
		return
	var tab := _aps_tab_listing(PICKED)
	var shown: Array = await _show_debugger_tab(tab)
	_whole_window_for_bottom_panel(true)
	var list: ItemList = tab.perceiver_list
	for i in list.item_count:
		if list.get_item_text(i).begins_with(PICKED + " "):
			# What a click on it does.
			list.select(i)
			list.item_selected.emit(i)
	_check(
		await _within_seconds(
			func() -> bool: return tab.belief_row_count() > 0, 20.0, "the beliefs"
		),
		"picking %s fills the belief table" % PICKED
	)
	# Let the runner cross behind the wall, for a timeline worth reading.
	var lost := func() -> bool:
		for i in tab.timeline_list.item_count:
			if tab.timeline_list.get_item_text(i).ends_with("-> Lost"):
				return true
		return false
	_check(
		await _within_seconds(lost, 60.0, "the runner lost behind the wall"),
		(
			"the timeline shows the guard losing the runner (%d state changes)"
			% tab.timeline_list.item_count
		)
	)
	await _frames(20)
	_save(dir, "debugger_tab")
	# The editor saves its layout when it quits: leave none of this for the next tour.
	_whole_window_for_bottom_panel(false)
	_put_back(shown)
	# The editor saves a changed layout half a second later: let it, before the tour quits.
	await get_tree().create_timer(LAYOUT_SAVE_DELAY).timeout


## The APS debugger tab whose list shows a perceiver named `perceiver`, or null.
func _aps_tab_listing(perceiver: String) -> Control:
	for tab in EditorInterface.get_base_control().find_children(
		"APS", "VBoxContainer", true, false
	):
		if not tab.has_method("belief_row_count"):
			continue
		var list: ItemList = tab.perceiver_list
		for i in list.item_count:
			if list.get_item_text(i).begins_with(perceiver + " "):
				return tab
	return null


## Opens the Debugger panel on `tab`: every tab container it sits in (the session's tabs, the
## sessions, and the bottom panel) shows the container holding it. Returns what to give
## `_put_back()` to show what they showed before.
func _show_debugger_tab(tab: Control) -> Array:
	var shown := []
	var child: Control = tab
	var panel: Node = null
	while child.get_parent() is Control:
		var parent := child.get_parent() as Control
		if parent is TabContainer:
			shown.append([parent, parent.current_tab])
			parent.current_tab = parent.get_tab_idx_from_control(child)
		if parent.is_class("EditorBottomPanel"):
			panel = parent
		child = parent
	# A bottom panel that is no TabContainer (before Godot 4.5) opens its items itself.
	var debugger := EditorInterface.get_base_control().find_children(
		"*", "EditorDebuggerNode", true, false
	)
	if panel != null and not panel is TabContainer and not debugger.is_empty():
		make_bottom_panel_item_visible(debugger[0])
	await _frames(2)
	_check(tab.is_visible_in_tree(), "the APS tab shows")
	return shown


## Shows again what the tab containers `shown` showed (-1: the bottom panel closed), so that
## the layout the editor saves when it quits is the one the next tour's pictures start from.
func _put_back(shown: Array) -> void:
	for i in range(shown.size() - 1, -1, -1):
		shown[i][0].current_tab = shown[i][1]


## Gives the bottom panel the whole window (`on`), as a person reading the table would, with
## distraction-free mode and the panel's Expand button; or puts the editor back as it was.
func _whole_window_for_bottom_panel(on: bool) -> void:
	EditorInterface.distraction_free_mode = on
	for button in EditorInterface.get_base_control().find_children("*", "Button", true, false):
		if (
			button.toggle_mode
			and button.shortcut != null
			and button.shortcut.resource_name == EXPAND_BOTTOM_PANEL
		):
			button.button_pressed = on
			return


## Drags the range handle through the gizmo plugin's own code, as the editor does, then
## commits it and undoes it with the editor's history.
func _drag_and_undo(guard: Node3D, camera: Camera3D) -> void:
	var plugin := PerceptionGizmo.new()
	plugin.undo_redo = get_undo_redo()
	var gizmo := EditorNode3DGizmo.new()
	gizmo.set_node_3d(guard)
	var profile: Resource = guard.profile
	var before: float = plugin._get_handle_value(gizmo, Shapes.HANDLE_RANGE, false)
	# Where the gaze is 6 m out, on screen.
	var target := guard.global_transform * (Vector3.FORWARD * 6.0)
	plugin._set_handle(gizmo, Shapes.HANDLE_RANGE, false, camera, camera.unproject_position(target))
	var dragged: float = profile.vision_max_range
	_check(absf(dragged - 6.0) <= 0.5, "dragging the range handle to 6 m sets %.1f" % dragged)
	plugin._commit_handle(gizmo, Shapes.HANDLE_RANGE, false, before, false)
	var history := get_undo_redo().get_history_undo_redo(
		get_undo_redo().get_object_history_id(guard)
	)
	history.undo()
	_check(
		is_equal_approx(profile.vision_max_range, before),
		"undo restores %.1f m (now %.1f)" % [before, profile.vision_max_range]
	)
	history.redo()
	_check(is_equal_approx(profile.vision_max_range, dragged), "redo sets %.1f m again" % dragged)
	history.undo()


## The 2D gizmo: opens the 2D scene, asks a real APS plugin whether it edits its guard's
## ApsPerceptionComponent2D, selects it in the 2D editor framed to its gizmo and photographs it,
## then drags the range handle with the mouse, as a person would, and undoes it. Closes the 2D
## scene again, back on the 3D one.
func _gizmo_2d(dir: String) -> void:
	EditorInterface.open_scene_from_path(SCENE_2D)
	await _frames(20)
	EditorInterface.set_main_screen_editor("2D")
	var eye: Node2D = EditorInterface.get_edited_scene_root().get_node("Guard/Perception")
	var plugin: EditorPlugin = load("res://addons/aps/plugin.gd").new()
	var plain := Node2D.new()
	_check(
		plugin._handles(eye) and not plugin._handles(plain) and not plugin._handles(self),
		"the APS plugin edits an ApsPerceptionComponent2D, not a plain Node2D"
	)
	plain.free()
	plugin.free()
	_select(eye)
	await _frames(5)
	await _frame_2d(eye)
	await _frames(30)
	_save(dir, "gizmo_2d")
	await _drag_2d_and_undo(eye)
	EditorInterface.close_scene()
	await _frames(10)
	EditorInterface.set_main_screen_editor("3D")


## Photographs where an eye goes in a game built another way: a rotation-locked rigid body whose
## model turns, the eye under the model with Gaze Model Front, its gizmo's arrow along the
## model's +Z, on walls of layer 16. Checks the Scene dock has nothing to say of it, and that an
## eye moved right under the locked body is warned of.
func _gaze(dir: String) -> void:
	EditorInterface.open_scene_from_path(SCENE_GAZE)
	await _frames(20)
	EditorInterface.set_main_screen_editor("3D")
	var root := EditorInterface.get_edited_scene_root()
	var eye: Node3D = root.get_node("Enemy/Model/Perception")
	_select(eye)
	var camera := EditorInterface.get_editor_viewport_3d(0).get_camera_3d()
	# From the side and close, so that the arrow reaches well past the move and rotate handles
	# drawn on the selected eye.
	var gaze := eye.global_basis.z
	var side := gaze.cross(Vector3.UP).normalized()
	camera.global_position = eye.global_position - side * 3.2 + Vector3.UP * 1.4 - gaze * 0.6
	camera.look_at(eye.global_position + gaze * 1.4 + Vector3.DOWN * 0.4, Vector3.UP)
	await _frames(30)
	_check(_dock_warning("Perception", 0) == "", "an eye under the turning model: no warning")
	_save(dir, "editor_gaze")
	eye.gaze = 0
	eye.reparent(root.get_node("Enemy"))
	eye.owner = root
	_check(
		await _within(
			func() -> bool: return _dock_warning("Perception", 0).contains("rotation is locked")
		),
		"an eye right under the locked body is warned of in the Scene dock"
	)
	EditorInterface.close_scene()
	await _frames(10)


## Zooms and scrolls the 2D editor so that `eye`'s gizmo fills most of its viewport.
func _frame_2d(eye: Node2D) -> void:
	var ppm := Gizmo2D.pixels_per_meter()
	var points := PackedVector2Array()
	for shape in Gizmo2D.shapes(eye.profile, ppm):
		points.append_array(eye.global_transform * (shape["lines"] as PackedVector2Array))
	var bounds := Rect2(points[0], Vector2.ZERO)
	for point in points:
		bounds = bounds.expand(point)
	var view := Vector2(EditorInterface.get_editor_viewport_2d().size)
	var zoom := minf(view.x / bounds.size.x, view.y / bounds.size.y) * 0.85
	var editors := EditorInterface.get_editor_main_screen().find_children(
		"*", "CanvasItemEditor", true, false
	)
	if not _check(not editors.is_empty(), "the 2D editor is there"):
		return
	var widgets: Array[Node] = editors[0].find_children("*", "EditorZoomWidget", true, false)
	if _check(not widgets.is_empty(), "the 2D editor's zoom widget is there"):
		widgets[0].set_zoom(zoom)
		widgets[0].zoom_changed.emit(widgets[0].get_zoom())
	await _frames(2)
	editors[0].center_at(bounds.get_center())
	await _frames(2)


## Drags the 2D range handle 1 m further with mouse events sent to the editor's window, where
## the APS plugin gets them from the 2D editor, then undoes and redoes it with the history.
func _drag_2d_and_undo(eye: Node2D) -> void:
	var profile: Resource = eye.profile
	var before: float = profile.vision_max_range
	var ppm := Gizmo2D.pixels_per_meter()
	var handle: Vector2 = Gizmo2D.handles(profile, ppm)[Gizmo2D.HANDLE_RANGE]["position"]
	var to_window := _window_transform_2d(eye)
	var from := to_window * handle
	var to := to_window * Vector2((before + 1.0) * ppm, 0.0)
	_mouse_button(from, true)
	await _frames(3)
	for step in 4:
		_mouse_motion(from.lerp(to, (step + 1) / 4.0))
		await _frames(2)
	_mouse_button(to, false)
	await _frames(3)
	var dragged: float = profile.vision_max_range
	_check(
		absf(dragged - (before + 1.0)) <= 0.25,
		"dragging the 2D range handle 1 m out sets %.1f m (was %.1f)" % [dragged, before]
	)
	var history := get_undo_redo().get_history_undo_redo(get_undo_redo().get_object_history_id(eye))
	history.undo()
	_check(
		is_equal_approx(profile.vision_max_range, before),
		"undo restores %.1f m (now %.1f)" % [before, profile.vision_max_range]
	)
	history.redo()
	_check(is_equal_approx(profile.vision_max_range, dragged), "redo sets %.1f m again" % dragged)
	history.undo()


## From `eye`'s 2D space to the editor window: through the 2D editor's view, then where its
## viewport sits in the window.
func _window_transform_2d(eye: Node2D) -> Transform2D:
	var container := EditorInterface.get_editor_viewport_2d().get_parent() as Control
	return (
		container.get_global_transform_with_canvas()
		* eye.get_viewport_transform()
		* eye.get_global_transform()
	)


func _mouse_button(at: Vector2, pressed: bool) -> void:
	var event := InputEventMouseButton.new()
	event.button_index = MOUSE_BUTTON_LEFT
	event.pressed = pressed
	event.button_mask = MOUSE_BUTTON_MASK_LEFT if pressed else 0
	event.position = at
	event.global_position = at
	Input.parse_input_event(event)


func _mouse_motion(at: Vector2) -> void:
	var event := InputEventMouseMotion.new()
	event.button_mask = MOUSE_BUTTON_MASK_LEFT
	event.position = at
	event.global_position = at
	Input.parse_input_event(event)


## The Scene dock's tree.
func _dock_tree() -> Tree:
	var dock := EditorInterface.get_base_control().find_children("*", "SceneTreeDock", true, false)
	return dock[0].find_children("*", "Tree", true, false)[0] if not dock.is_empty() else null


## The Scene dock's items named `text`, in order.
func _items(text: String) -> Array[TreeItem]:
	var found: Array[TreeItem] = []
	var tree := _dock_tree()
	var stack := []
	if tree != null:
		stack.append(tree.get_root())
	while not stack.is_empty():
		var item: TreeItem = stack.pop_front()
		if item == null:
			continue
		if item.get_text(0) == text:
			found.append(item)
		stack.append_array(item.get_children())
	return found


## The warning button's tooltip on the `index`th dock item named `text` ("" if it has none),
## with its button's id.
func _warning_button(text: String, index: int) -> Array:
	var items := _items(text)
	if index >= items.size():
		return ["", -1, null]
	var item := items[index]
	for i in item.get_button_count(0):
		var tip := item.get_button_tooltip_text(0, i)
		if tip.to_lower().contains("warning"):
			return [tip, item.get_button_id(0, i), item]
	return ["", -1, item]


func _dock_warning(text: String, index: int) -> String:
	return _warning_button(text, index)[0]


## Presses the warning button, as a click would: the editor opens its warning dialog.
func _open_dock_warning(text: String, index: int) -> void:
	var found := _warning_button(text, index)
	if found[1] >= 0:
		_dock_tree().button_clicked.emit(found[2], 0, found[1], MOUSE_BUTTON_LEFT)


func _close_dialogs() -> void:
	for dialog in EditorInterface.get_base_control().find_children(
		"*", "AcceptDialog", true, false
	):
		if dialog.visible:
			dialog.hide()


## Unfolds the inspector section that holds `property`.
func _unfold_section_of(property: String) -> void:
	var inspector := EditorInterface.get_inspector()
	for section in inspector.find_children("*", "EditorInspectorSection", true, false):
		for editor in section.get_vbox().get_children():
			if editor is EditorProperty and editor.get_edited_property() == property:
				section.unfold()
				return
	_check(false, "the inspector shows %s" % property)


func _select(node: Node) -> void:
	var selection := EditorInterface.get_selection()
	selection.clear()
	selection.add_node(node)
	EditorInterface.edit_node(node)


func _save(dir: String, name: String) -> void:
	var image := get_viewport().get_texture().get_image()
	var path := dir.path_join(name + ".png")
	var err := image.save_png(path)
	_check(err == OK, "%s saved" % path)


func _check(ok: bool, what: String) -> bool:
	print("tour: %s %s" % ["ok" if ok else "FAIL", what])
	_failed = _failed or not ok
	return ok


## Whether `condition` holds within 3 s of frames.
func _within(condition: Callable) -> bool:
	for i in 180:
		if condition.call():
			return true
		await _frames(1)
	return condition.call()


## Whether `condition` holds within `seconds` of wall-clock time: a game runs beside the editor
## at its own pace, whatever the editor's frame rate. Says every few seconds that it is still
## waiting for `what` (xtask stops a run that goes quiet after an error).
func _within_seconds(condition: Callable, seconds: float, what: String) -> bool:
	var started := Time.get_ticks_msec()
	var said := started
	while Time.get_ticks_msec() - started < seconds * 1000.0:
		if condition.call():
			return true
		if Time.get_ticks_msec() - said > 3000:
			said = Time.get_ticks_msec()
			print("tour: waiting for %s (%d s)" % [what, roundi((said - started) / 1000.0)])
		await _frames(1)
	return condition.call()


func _frames(n: int) -> void:
	for i in n:
		await get_tree().process_frame
