@tool
extends EditorPlugin
## Drives a real editor through APS's editor features and photographs them (cargo xtask
## screenshot): the perception gizmo on a selected guard, a configuration warning, a preset in
## the inspector. Along the way it drags the gizmo's range handle through the gizmo plugin's own
## code and undoes it, printing `tour: ok ...` or `tour: FAIL ...` for each check.
##
## It acts only when the editor is started with `-- --editor-screenshots=<dir>`, in the copy of
## the project xtask makes with this plugin enabled beside APS's.

const PerceptionGizmo := preload("res://addons/aps/editor/perception_gizmo.gd")
const Shapes := preload("res://addons/aps/editor/perception_gizmo_shapes.gd")
const SCENE := "res://tests/editor/tour.tscn"
const PRESET := "res://addons/aps/presets/guard_dog.tres"

var _failed := false


func _enter_tree() -> void:
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
	_check(said.contains("No profile") and said.contains("Not under a physics body"),
			"the Scene dock warns of the pole's missing profile and body: %s" % said.c_escape())
	_check(_dock_warning("Target", 0).contains("no CollisionShape3D"),
			"the Scene dock warns of the crate's missing collision shape")
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
	_check(await _within(func() -> bool:
			return _dock_warning("Perception", 0).contains("Thresholds out of order")),
			"Suspect 0.5 above Detect warns in the Scene dock")
	guard.profile.suspect_threshold = 0.15
	_check(await _within(func() -> bool: return _dock_warning("Perception", 0) == ""),
			"Suspect 0.15 clears it")

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

	print("tour: %s" % ("FAIL" if _failed else "done"))
	get_tree().quit(1 if _failed else 0)


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
	var history := get_undo_redo().get_history_undo_redo(get_undo_redo().get_object_history_id(guard))
	history.undo()
	_check(is_equal_approx(profile.vision_max_range, before), "undo restores %.1f m (now %.1f)" % [before, profile.vision_max_range])
	history.redo()
	_check(is_equal_approx(profile.vision_max_range, dragged), "redo sets %.1f m again" % dragged)
	history.undo()


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
	for dialog in EditorInterface.get_base_control().find_children("*", "AcceptDialog", true, false):
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


func _check(ok: bool, what: String) -> void:
	print("tour: %s %s" % ["ok" if ok else "FAIL", what])
	_failed = _failed or not ok


## Whether `condition` holds within 3 s of frames.
func _within(condition: Callable) -> bool:
	for i in 180:
		if condition.call():
			return true
		await _frames(1)
	return condition.call()


func _frames(n: int) -> void:
	for i in n:
		await get_tree().process_frame
