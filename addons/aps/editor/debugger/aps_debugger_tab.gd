@tool
extends VBoxContainer
## The APS tab of the editor's Debugger panel: the running game's perceivers on the left
## (filtered by name), and for the one picked, on the right, its awareness, attention and
## emotions, its belief table and its last state changes, refreshed at the chosen rate. A
## recording saved by `save_recording()` can be loaded and scrubbed tick by tick in the same
## table.
##
## The tab never talks to the game itself: every request it makes (`aps:pick`, `aps:rate`,
## `aps:draw`) goes out through the `request` signal, which the debugger plugin
## (aps_debugger_plugin.gd) forwards to its session, and a test can watch. What the game sends
## comes in through `receive()`. Nothing is asked of a game before it has sent its first list
## of perceivers: until then its side may not be listening.

const Data := preload("res://addons/aps/editor/debugger/aps_debugger_data.gd")

## The update rates offered, in Hz, and the one a session starts with.
const RATES: PackedFloat32Array = [1.0, 2.0, 5.0, 10.0, 20.0]
const DEFAULT_RATE := 5.0

## The state column's colour per state, so a glance at the table says how sure each belief is.
const STATE_COLORS := {
	"Undetected": Color(0.6, 0.6, 0.6),
	"Suspected": Color(1.0, 0.85, 0.3),
	"Detected": Color(1.0, 0.6, 0.2),
	"Tracked": Color(1.0, 0.35, 0.3),
	"Lost": Color(0.75, 0.55, 1.0),
	"Remembered": Color(0.5, 0.7, 1.0),
	"Expired": Color(0.5, 0.5, 0.5),
}

## Each belief column's width in pixels (at editor scale 1), and its share of the room left
## (0: it keeps its width), in the order of `Data.BELIEF_COLUMNS`.
const COLUMN_WIDTHS: PackedInt32Array = [100, 90, 80, 110, 55, 95, 85, 90, 160]
const COLUMN_SHARES: PackedInt32Array = [1, 0, 0, 1, 0, 0, 0, 0, 4]

const HINT := "Run the game from the editor to see its perceivers here."

## A request for the game: `message` is `aps:pick` (`[id]`, 0 for none), `aps:rate` (`[hz]`)
## or `aps:draw` (`[id, on]`).
signal request(message: String, data: Array)

var filter_edit: LineEdit
var perceiver_list: ItemList
var rate_option: OptionButton
var draw_check: CheckBox
var load_button: Button
var live_button: Button
var status_label: Label
var title_label: Label
var summary_label: Label
var recording_bar: HBoxContainer
var recording_slider: HSlider
var tick_label: Label
var belief_tree: Tree
var timeline_list: ItemList

## The instance id of the picked perceiver (0: none).
var picked_id := 0
## The rate asked of the game, in Hz.
var rate := DEFAULT_RATE

var _perceivers: Array = []
var _snapshot: Dictionary = {}
## The game answered this session (its `aps` capture is listening): requests may go out.
var _game_listening := false
var _recording_ticks: Array = []
var _recording_changes: Array = []
var _recording_label := ""
var _file_dialog: Window


func _init() -> void:
	name = "APS"
	size_flags_vertical = SIZE_EXPAND_FILL
	_build_toolbar()
	var split := HSplitContainer.new()
	split.size_flags_vertical = SIZE_EXPAND_FILL
	add_child(split)
	split.add_child(_build_list())
	split.add_child(_build_details())
	clear_live()


## Handles a message from the game; returns whether it was one of APS's.
func receive(message: String, data: Array) -> bool:
	match message:
		"aps:perceivers":
			if not _game_listening:
				_game_listening = true
				_ask("aps:rate", [rate])
			show_perceivers(Data.parse_perceivers(data))
			return true
		"aps:perceiver":
			show_perceiver(Data.parse_perceiver(data))
			return true
	return false


## Shows the live perceivers (as `Data.parse_perceivers()` gives them), keeping the pick.
func show_perceivers(list: Array) -> void:
	_perceivers = list
	_fill_list()
	if _recording_ticks.is_empty():
		status_label.text = _count_text()


## Shows the picked perceiver's snapshot (as `Data.parse_perceiver()` gives it); a snapshot of
## another perceiver (one sent before a new pick arrived) is ignored.
func show_perceiver(snapshot: Dictionary) -> void:
	if picked_id == 0 or snapshot.get("id", 0) != picked_id:
		return
	_snapshot = snapshot
	if _recording_ticks.is_empty():
		_show_snapshot()


## Picks the perceiver with instance id `id` (0: none) and asks the game for its snapshots.
## With "Draw in game" on, its debug draw follows the pick.
func pick(id: int) -> void:
	if id == picked_id:
		return
	var previous := picked_id
	picked_id = id
	_snapshot = {}
	if draw_check.button_pressed and previous != 0:
		_ask("aps:draw", [previous, false])
	_ask("aps:pick", [id])
	if draw_check.button_pressed and id != 0:
		_ask("aps:draw", [id, true])
	_select_picked()
	if _recording_ticks.is_empty():
		_show_snapshot()


## Asks the game for snapshots `hz` times a second.
func set_rate(hz: float) -> void:
	rate = hz
	for i in RATES.size():
		if is_equal_approx(RATES[i], hz):
			rate_option.select(i)
	_ask("aps:rate", [hz])


## Switches the picked perceiver's debug draw in the game on or off.
func set_drawing(on: bool) -> void:
	draw_check.set_pressed_no_signal(on)
	if picked_id != 0:
		_ask("aps:draw", [picked_id, on])


## A new game is attached: it is told the rate once it answers.
func session_started() -> void:
	clear_live()
	status_label.text = "Waiting for the game's perceivers..."


## The game stopped: nothing of it is shown any more (a loaded recording stays).
func session_stopped() -> void:
	clear_live()
	status_label.text = "The game stopped. " + HINT


## Forgets everything live: the perceivers, the pick, the snapshot.
func clear_live() -> void:
	_perceivers = []
	_snapshot = {}
	picked_id = 0
	_game_listening = false
	_fill_list()
	status_label.text = HINT
	if _recording_ticks.is_empty():
		_show_snapshot()


## Loads an APS recording (a JSON file written by `save_recording()`) with `ApsRecording.load`
## and shows its first tick. Returns whether it loaded.
func load_recording(path: String) -> bool:
	if not ClassDB.class_exists("ApsRecording"):
		status_label.text = (
			"This APS library has no ApsRecording: cannot load %s." % path.get_file()
		)
		return false
	var recording: Variant = ClassDB.class_call_static("ApsRecording", "load", path)
	if not recording is Object:
		status_label.text = "Could not load the recording %s (see the Output panel)." % path
		return false
	return open_recording(recording, path.get_file())


## Shows `recording` (anything with `get_tick_count()` and `get_tick(i)`, as `ApsRecording`),
## named `label`, with a slider to scrub its ticks. Returns whether it holds any tick.
func open_recording(recording: Object, label: String) -> bool:
	if (
		recording == null
		or not recording.has_method("get_tick_count")
		or not recording.has_method("get_tick")
	):
		status_label.text = "%s is not a recording." % label
		return false
	var count: Variant = recording.call("get_tick_count")
	var ticks := []
	if count is int:
		for i in count:
			var tick: Variant = recording.call("get_tick", i)
			ticks.append(tick if tick is Dictionary else {})
	if ticks.is_empty():
		status_label.text = "The recording %s holds no tick." % label
		return false
	_recording_ticks = ticks
	# The changes the game recorded; derived from the ticks if the recording cannot say.
	_recording_changes = []
	if recording.has_method("get_state_changes"):
		var changes: Variant = recording.call("get_state_changes")
		if changes is Array:
			for e: Variant in changes:
				_recording_changes.append(Data.timeline_entry(e))
	else:
		_recording_changes = Data.recording_state_changes(ticks)
	_recording_label = label
	recording_slider.max_value = ticks.size() - 1
	recording_slider.set_value_no_signal(0)
	recording_bar.visible = true
	live_button.visible = true
	var duration := (
		float(recording.call("get_duration")) if recording.has_method("get_duration") else 0.0
	)
	status_label.text = "Recording %s: %d ticks, %.1f s" % [label, ticks.size(), duration]
	show_tick(0)
	return true


## Shows tick `index` of the loaded recording in the belief table.
func show_tick(index: int) -> void:
	if _recording_ticks.is_empty():
		return
	index = clampi(index, 0, _recording_ticks.size() - 1)
	var tick: Dictionary = _recording_ticks[index]
	title_label.text = "Recording: %s" % _recording_label
	summary_label.text = Data.recording_tick_title(tick)
	tick_label.text = "tick %d / %d" % [index + 1, _recording_ticks.size()]
	_fill_beliefs(Data.recording_tick_beliefs(tick))
	var time := Data.tick_time(tick)
	_fill_timeline(_recording_changes.filter(func(e: Dictionary) -> bool: return e["time"] <= time))


## Leaves the recording and shows the live game again.
func close_recording() -> void:
	_recording_ticks = []
	_recording_changes = []
	recording_bar.visible = false
	live_button.visible = false
	status_label.text = HINT if _perceivers.is_empty() else _count_text()
	_show_snapshot()


## How many rows the belief table shows.
func belief_row_count() -> int:
	var root := belief_tree.get_root()
	return root.get_child_count() if root != null else 0


# Sends a request to the game, once it listens.
func _ask(message: String, data: Array) -> void:
	if _game_listening:
		request.emit(message, data)


func _count_text() -> String:
	return "1 perceiver" if _perceivers.size() == 1 else "%d perceivers" % _perceivers.size()


func _build_toolbar() -> void:
	var bar := HBoxContainer.new()
	add_child(bar)
	var rate_label := Label.new()
	rate_label.text = "Update"
	bar.add_child(rate_label)
	rate_option = OptionButton.new()
	rate_option.tooltip_text = "How often the game sends the picked perceiver's beliefs."
	for hz in RATES:
		rate_option.add_item("%d Hz" % int(hz))
	rate_option.select(RATES.find(DEFAULT_RATE))
	rate_option.item_selected.connect(func(i: int) -> void: set_rate(RATES[i]))
	bar.add_child(rate_option)
	draw_check = CheckBox.new()
	draw_check.text = "Draw in game"
	draw_check.tooltip_text = "Turns the picked perceiver's debug draw on in the running game."
	draw_check.toggled.connect(set_drawing)
	bar.add_child(draw_check)
	bar.add_child(VSeparator.new())
	load_button = Button.new()
	load_button.text = "Load recording..."
	load_button.tooltip_text = "Open a recording saved with save_recording() and scrub its ticks."
	load_button.pressed.connect(_open_file_dialog)
	bar.add_child(load_button)
	live_button = Button.new()
	live_button.text = "Back to live"
	live_button.visible = false
	live_button.pressed.connect(close_recording)
	bar.add_child(live_button)
	status_label = Label.new()
	status_label.size_flags_horizontal = SIZE_EXPAND_FILL
	status_label.horizontal_alignment = HORIZONTAL_ALIGNMENT_RIGHT
	status_label.text_overrun_behavior = TextServer.OVERRUN_TRIM_ELLIPSIS
	bar.add_child(status_label)


func _build_list() -> Control:
	var box := VBoxContainer.new()
	box.custom_minimum_size.x = 300.0 * _scale()
	filter_edit = LineEdit.new()
	filter_edit.placeholder_text = "Filter by name"
	filter_edit.clear_button_enabled = true
	filter_edit.text_changed.connect(func(_text: String) -> void: _fill_list())
	box.add_child(filter_edit)
	perceiver_list = ItemList.new()
	perceiver_list.size_flags_vertical = SIZE_EXPAND_FILL
	perceiver_list.item_selected.connect(
		func(i: int) -> void: pick(int(perceiver_list.get_item_metadata(i)))
	)
	box.add_child(perceiver_list)
	return box


func _build_details() -> Control:
	var box := VBoxContainer.new()
	box.size_flags_horizontal = SIZE_EXPAND_FILL
	title_label = Label.new()
	title_label.text_overrun_behavior = TextServer.OVERRUN_TRIM_ELLIPSIS
	box.add_child(title_label)
	summary_label = Label.new()
	summary_label.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	box.add_child(summary_label)
	recording_bar = HBoxContainer.new()
	recording_bar.visible = false
	recording_slider = HSlider.new()
	recording_slider.step = 1.0
	recording_slider.size_flags_horizontal = SIZE_EXPAND_FILL
	recording_slider.size_flags_vertical = SIZE_SHRINK_CENTER
	recording_slider.value_changed.connect(func(v: float) -> void: show_tick(int(v)))
	recording_bar.add_child(recording_slider)
	tick_label = Label.new()
	recording_bar.add_child(tick_label)
	box.add_child(recording_bar)
	var split := VSplitContainer.new()
	split.size_flags_vertical = SIZE_EXPAND_FILL
	box.add_child(split)
	belief_tree = Tree.new()
	belief_tree.columns = Data.BELIEF_COLUMNS.size()
	belief_tree.column_titles_visible = true
	belief_tree.hide_root = true
	belief_tree.select_mode = Tree.SELECT_ROW
	belief_tree.size_flags_vertical = SIZE_EXPAND_FILL
	belief_tree.custom_minimum_size.y = 80.0 * _scale()
	for c in Data.BELIEF_COLUMNS.size():
		belief_tree.set_column_title(c, Data.BELIEF_COLUMNS[c])
		belief_tree.set_column_clip_content(c, true)
		# The numbers keep their width; the names, the senses and above all the reasons
		# share what is left.
		var share: int = COLUMN_SHARES[c]
		belief_tree.set_column_custom_minimum_width(c, int(COLUMN_WIDTHS[c] * _scale()))
		belief_tree.set_column_expand(c, share > 0)
		if share > 0:
			belief_tree.set_column_expand_ratio(c, share)
	split.add_child(belief_tree)
	var changes := VBoxContainer.new()
	# The table is what matters: it gets two thirds of the height.
	belief_tree.size_flags_stretch_ratio = 2.0
	changes.size_flags_vertical = SIZE_EXPAND_FILL
	var heading := Label.new()
	heading.text = "Last state changes (newest first)"
	changes.add_child(heading)
	timeline_list = ItemList.new()
	timeline_list.size_flags_vertical = SIZE_EXPAND_FILL
	timeline_list.custom_minimum_size.y = 40.0 * _scale()
	changes.add_child(timeline_list)
	split.add_child(changes)
	return box


func _fill_list() -> void:
	if perceiver_list == null:
		return
	perceiver_list.clear()
	for p: Dictionary in Data.filter_perceivers(_perceivers, filter_edit.text):
		var i := perceiver_list.add_item(Data.perceiver_row(p))
		perceiver_list.set_item_metadata(i, p["id"])
		perceiver_list.set_item_tooltip(i, p["path"])
	_select_picked()


func _select_picked() -> void:
	perceiver_list.deselect_all()
	for i in perceiver_list.item_count:
		if perceiver_list.get_item_metadata(i) == picked_id:
			perceiver_list.select(i)


func _show_snapshot() -> void:
	if _snapshot.is_empty():
		var picked := _picked_entry()
		if picked.is_empty():
			picked = {"id": picked_id}
		title_label.text = (
			"Pick a perceiver."
			if picked_id == 0
			else "%s: waiting for its beliefs..." % Data.perceiver_label(picked)
		)
		summary_label.text = ""
		_fill_beliefs([])
		_fill_timeline([])
		return
	var s := _snapshot
	title_label.text = "%s   %s" % [Data.perceiver_label(s), s["path"]]
	summary_label.text = (
		"Awareness: %s     Attention: %s     Emotions: %s     at %.2f s"
		% [
			Data.awareness_name(s["awareness"]),
			s["attention"] if s["attention"] != "" else "none",
			Data.emotions_text(s),
			s["time"]
		]
	)
	_fill_beliefs(s["beliefs"])
	_fill_timeline(s["timeline"])


func _picked_entry() -> Dictionary:
	for p: Dictionary in _perceivers:
		if p["id"] == picked_id:
			return p
	return {}


## Fills the belief table, reusing its rows so its scroll and selection survive each update.
func _fill_beliefs(beliefs: Array) -> void:
	var root := belief_tree.get_root()
	if root == null:
		root = belief_tree.create_item()
	var items := root.get_children()
	for i in beliefs.size():
		var item: TreeItem = items[i] if i < items.size() else belief_tree.create_item(root)
		var texts := Data.belief_columns(beliefs[i])
		for c in texts.size():
			item.set_text(c, texts[c])
			item.set_tooltip_text(c, texts[c])
		var state: String = texts[1]
		if STATE_COLORS.has(state):
			item.set_custom_color(1, STATE_COLORS[state])
		else:
			item.clear_custom_color(1)
	for i in range(beliefs.size(), items.size()):
		items[i].free()


func _fill_timeline(entries: Array) -> void:
	timeline_list.clear()
	for i in range(entries.size() - 1, maxi(entries.size() - Data.TIMELINE_LIMIT, 0) - 1, -1):
		timeline_list.add_item(Data.timeline_row(entries[i]))


func _open_file_dialog() -> void:
	if _file_dialog == null:
		# The editor's own dialog in the editor; a plain one where there is no editor (tests).
		var kind := (
			"EditorFileDialog"
			if Engine.is_editor_hint() and ClassDB.class_exists("EditorFileDialog")
			else "FileDialog"
		)
		_file_dialog = ClassDB.instantiate(kind)
		_file_dialog.set("file_mode", FileDialog.FILE_MODE_OPEN_FILE)
		_file_dialog.set("access", FileDialog.ACCESS_FILESYSTEM)
		_file_dialog.set("filters", PackedStringArray(["*.json ; APS recordings"]))
		_file_dialog.set("title", "Load an APS recording")
		_file_dialog.connect("file_selected", load_recording)
		add_child(_file_dialog)
	_file_dialog.popup_centered_ratio(0.6)


## The editor's display scale (1 outside the editor), for sizes in pixels.
func _scale() -> float:
	var editor: Object = (
		Engine.get_singleton("EditorInterface")
		if Engine.is_editor_hint() and Engine.has_singleton("EditorInterface")
		else null
	)
	return editor.get_editor_scale() if editor != null else 1.0
