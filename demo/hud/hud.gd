class_name DemoHud
extends CanvasLayer
## What a person sees on screen: the wing's caption (what to try, what to watch), the latest
## lines of the timeline, meters for the guards a wing wants watched, a stats line, and help.

const FEED_LINES := 9

var _caption: Label
var _feed: Label
var _stats: Label
var _help: Label
var _meters: VBoxContainer
var _lines: Array[String] = []


func _init() -> void:
	layer = 10
	var mono: Font = null
	# A fixed-width font keeps the feed's columns aligned; a headless run has no fonts to ask.
	if DisplayServer.get_name() != "headless":
		var sys := SystemFont.new()
		sys.font_names = PackedStringArray(
			["DejaVu Sans Mono", "Liberation Mono", "Noto Sans Mono", "Courier New", "monospace"]
		)
		mono = sys

	_caption = _panel_label(Vector2(12, 12), Vector2(470, 0), 15)
	_feed = _panel_label(Vector2(12, 0), Vector2(900, 0), 13)
	_feed.visible = false
	_feed.anchor_top = 1.0
	_feed.anchor_bottom = 1.0
	_feed.grow_vertical = Control.GROW_DIRECTION_BEGIN
	_feed.offset_top = -12
	_feed.offset_bottom = -12
	if mono != null:
		_feed.add_theme_font_override("font", mono)
	_stats = _panel_label(Vector2(0, 0), Vector2(360, 0), 14)
	_stats.anchor_left = 1.0
	_stats.anchor_right = 1.0
	_stats.offset_left = -372
	_stats.offset_right = -12
	_stats.offset_top = 230
	_stats.visible = false
	_help = _panel_label(Vector2(0, 0), Vector2(330, 0), 14)
	_help.anchor_left = 1.0
	_help.anchor_right = 1.0
	_help.offset_left = -342
	_help.offset_right = -12
	_help.offset_top = 12
	_help.grow_horizontal = Control.GROW_DIRECTION_BEGIN
	_help.visible = false
	_meters = VBoxContainer.new()
	_meters.anchor_left = 1.0
	_meters.anchor_right = 1.0
	_meters.offset_left = -372
	_meters.offset_right = -12
	_meters.offset_top = 200
	_meters.add_theme_constant_override("separation", 8)
	add_child(_meters)
	DemoTimeline.listener = push_line


## Shows a wing's caption.
func show_wing(wing: DemoWing) -> void:
	_caption.text = (
		"%d. %s\n%s\n\nTry:  %s\nWatch:  %s"
		% [wing.number, wing.title, wing.idea, wing.try_text, wing.watch_text]
	)
	_stats.visible = false
	clear_meters()


## Adds a meter of `guard`'s belief in `target`.
func add_meter(guard: DemoGuard, target: Node3D) -> DemoMeter:
	var meter := DemoMeter.new(guard, target)
	_meters.add_child(meter)
	return meter


func clear_meters() -> void:
	for m in _meters.get_children():
		m.queue_free()


## A panel of figures on the right (the crowds wing shows ApsWorld's stats here).
func set_stats(text: String) -> void:
	_stats.visible = not text.is_empty()
	_stats.text = text


func set_help(text: String) -> void:
	_help.text = text
	_help.visible = not text.is_empty()


## Adds one timeline line to the feed.
func push_line(text: String) -> void:
	if text.strip_edges().is_empty():
		return
	_lines.append(text)
	while _lines.size() > FEED_LINES:
		_lines.pop_front()
	_feed.text = "\n".join(_lines)
	_feed.visible = true


func _exit_tree() -> void:
	DemoTimeline.listener = Callable()


func _panel_label(at: Vector2, min_size: Vector2, font_size: int) -> Label:
	var label := Label.new()
	label.position = at
	label.custom_minimum_size = min_size
	label.autowrap_mode = (
		TextServer.AUTOWRAP_WORD_SMART if min_size.x < 800 else TextServer.AUTOWRAP_OFF
	)
	label.add_theme_font_size_override("font_size", font_size)
	var box := StyleBoxFlat.new()
	box.bg_color = Color(0, 0, 0, 0.6)
	box.set_content_margin_all(8)
	box.set_corner_radius_all(4)
	label.add_theme_stylebox_override("normal", box)
	add_child(label)
	return label
