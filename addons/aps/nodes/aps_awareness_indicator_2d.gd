@tool
@icon("res://addons/aps/icons/ApsAwarenessIndicator2D.svg")
class_name ApsAwarenessIndicator2D
extends Node2D
## The 2D twin of [ApsAwarenessIndicator]: a "?" over an AI's head while it is suspicious and a
## "!" once it is alerted, with no code, for an [code]ApsPerceptionComponent2D[/code].
##
## Put it anywhere under the guard (under its body, or under its
## [code]ApsPerceptionComponent2D[/code] itself) and it finds the guard's component on its own; or
## point [member component] at one. Every frame it reads the component's awareness
## ([code]get_awareness_level()[/code], one cheap call) and shows [member suspicious_text] from
## Suspicious and [member alerted_text] from Alerted (Fully Aware included). Below Suspicious
## (Unaware, Peripheral) it shows nothing. Awareness comes from the profile's state thresholds
## (Suspicious at Detect Threshold, Alerted at Track Threshold: spec section 5), so tuning those
## tunes the indicator too. The rules are the 3D indicator's, to the letter.
##
## What differs is 2D: [member height] and the sizes are pixels of the level (a camera's zoom
## scales them as it scales everything else), and the symbol stands upright [member height]
## pixels above this node, up the screen, however the body under it turns or flips. It draws
## itself with the default theme font, and only when what it shows changes. It is drawn in tree
## order like any node; raise its Z Index to keep it over other things.
##
## Set [member suspicious_icon] or [member alerted_icon] to show a picture instead of the text.
## Turn on [member show_meter] for a small bar above the symbol: the AI's confidence in one
## target, 0 to 1, coloured by that belief's state.
##
## It shows what the component believes, no more: perception runs on the server and no
## [code]ApsReplicator[/code] serves a 2D component, so on a multiplayer client it stays empty.
## In the editor it never reads the component; [member editor_preview] shows how it will look.

## What the editor shows in place of the AI's real awareness, which it never reads.
enum Preview {
	OFF,  ## Nothing, as a calm AI shows.
	SUSPICIOUS,  ## The suspicious symbol (and the meter half full, if Show Meter is on).
	ALERTED,  ## The alerted symbol (and the meter nearly full).
}

## What this node shares with ApsAwarenessIndicator: finding the component, the symbol for an
## awareness level, the meter's target and colour, the warnings.
const _Rules := preload("res://addons/aps/nodes/aps_awareness_rules.gd")

## Frames between two searches for a component while none is found (a script may add it later).
const SEARCH_INTERVAL_FRAMES := _Rules.SEARCH_INTERVAL_FRAMES
## Confidence below this shows no meter.
const METER_MIN := _Rules.METER_MIN
## Pixels between the top of the symbol and the meter.
const METER_GAP := 4.0
## The text's outline (the 3D indicator's).
const OUTLINE_COLOR := Color(0, 0, 0, 0.85)

## The ApsPerceptionComponent2D to show. Empty: the nearest one, searched in the parent and
## what it holds, then up the tree as far as the guard's body.
@export_node_path("Node2D") var component: NodePath:
	set(value):
		component = value
		_component = null
		_next_search = 0
		update_configuration_warnings()

@export_group("Symbols")
## Shown from Suspicious (the profile's Detect Threshold) while no icon is set.
@export var suspicious_text := "?":
	set(value):
		suspicious_text = value
		_update_drawing()
## Shown from Alerted (the profile's Track Threshold) while no icon is set.
@export var alerted_text := "!":
	set(value):
		alerted_text = value
		_update_drawing()
## The colour of the suspicious symbol.
@export var suspicious_color := Color(1.0, 0.82, 0.1):
	set(value):
		suspicious_color = value
		_update_drawing()
## The colour of the alerted symbol.
@export var alerted_color := Color(1.0, 0.18, 0.12):
	set(value):
		alerted_color = value
		_update_drawing()
## A picture shown instead of the suspicious text; empty: the text.
@export var suspicious_icon: Texture2D:
	set(value):
		suspicious_icon = value
		_update_drawing()
## A picture shown instead of the alerted text; empty: the text.
@export var alerted_icon: Texture2D:
	set(value):
		alerted_icon = value
		_update_drawing()
## Tint the icons with the symbol colours (for white icons); off: shown as drawn.
@export var tint_icons := false:
	set(value):
		tint_icons = value
		_update_drawing()

@export_group("Look")
## How high above this node the foot of the symbol stands, in pixels, up the screen (the symbol
## and the meter rise from there, so they never sink into the head, however large). The default
## clears a body of 20 px radius with the node at its centre.
@export_range(-200.0, 1000.0, 1.0, "or_greater", "or_less", "suffix:px") var height := 28.0:
	set(value):
		height = value
		_update_drawing()
## The symbol's size in pixels; an icon is scaled to the same height.
@export_range(4, 512, 1, "or_greater", "suffix:px") var font_size := 32:
	set(value):
		font_size = value
		_update_drawing()
## The dark outline round the text, in pixels (0: none).
@export_range(0, 64, 1, "or_greater", "suffix:px") var outline_size := 8:
	set(value):
		outline_size = value
		_update_drawing()

@export_group("Meter")
## Also show a bar above the symbol: the AI's confidence in one target (0 to 1), coloured by
## that belief's state. It shows from the first flicker of confidence, before any symbol.
@export var show_meter := false:
	set(value):
		show_meter = value
		_update_drawing()
		update_configuration_warnings()
## The target the meter is about. Empty: the AI's attention target, else the noticed target
## (not an ally) it is most confident in.
@export_node_path("Node2D") var meter_target: NodePath:
	set(value):
		meter_target = value
		_meter_node = null
		update_configuration_warnings()
## The bar's width in pixels.
@export_range(4, 512, 1, "or_greater", "suffix:px") var meter_width := 40:
	set(value):
		meter_width = value
		_update_drawing()
## The bar's height in pixels.
@export_range(1, 128, 1, "or_greater", "suffix:px") var meter_height := 6:
	set(value):
		meter_height = value
		_update_drawing()
## Behind the bar: the part confidence has not filled.
@export var meter_background_color := Color(0.05, 0.05, 0.05, 0.7):
	set(value):
		meter_background_color = value
		_update_drawing()
## The bar while the belief is Suspected.
@export var meter_suspected_color := Color(1.0, 0.9, 0.3):
	set(value):
		meter_suspected_color = value
		_update_drawing()
## The bar while the belief is Detected.
@export var meter_detected_color := Color(1.0, 0.6, 0.15):
	set(value):
		meter_detected_color = value
		_update_drawing()
## The bar while the belief is Tracked.
@export var meter_tracked_color := Color(1.0, 0.22, 0.15):
	set(value):
		meter_tracked_color = value
		_update_drawing()
## The bar while the target is Lost or Remembered (searched for, not seen).
@export var meter_searching_color := Color(0.55, 0.6, 1.0):
	set(value):
		meter_searching_color = value
		_update_drawing()

@export_group("Editor")
## What the editor shows, to place and style the indicator (the game never reads this).
@export var editor_preview := Preview.OFF:
	set(value):
		editor_preview = value
		_update_drawing()

var _component: Node
var _next_search := 0
var _meter_node: Node
var _shown := _Rules.Shown.NONE
var _meter_value := 0.0
var _meter_color := Color.WHITE
## The component's constants, read once from the component found (never hard-coded).
var _constants := {}
## The parent whose children the editor watches, to refresh the warnings.
var _watched_parent: Node

## What _draw() draws, in pixels of the upright frame (origin at this node, +Y down the screen),
## worked out when something changes so that a frame with no change costs nothing: "text" (with
## "baseline", "font_size", "outline") or "icon", then "color", "symbol_rect"; with a meter
## "meter_back", "meter_background", "meter_fill", "meter_color". Empty: nothing.
var _drawing := {}
## The draw transform of the last _draw(): it cancels this node's global rotation, scale and
## skew, so the symbol stands upright; a turn of the body redraws with a new one.
var _drawn_transform := Transform2D()


func _ready() -> void:
	set_process(not Engine.is_editor_hint())
	_update_drawing()


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSFORM_CHANGED:
		# Only a turn, flip or scale changes the drawing (a move carries it along by itself).
		# Hidden, nothing is drawn; showing again redraws anyway.
		if is_visible_in_tree() and not _upright_transform().is_equal_approx(_drawn_transform):
			queue_redraw()
	elif Engine.is_editor_hint():
		if what == NOTIFICATION_PARENTED:
			_watch_parent(get_parent())
		elif what == NOTIFICATION_UNPARENTED:
			_watch_parent(null)


func _process(_delta: float) -> void:
	refresh()


## Reads the component now and updates what is shown (it does so by itself every frame).
func refresh() -> void:
	if Engine.is_editor_hint():
		return
	# Untyped: the component's calls and constants are looked up at run time, so that this
	# script parses even when the APS library did not load.
	var c: Variant = get_perception_component()
	if c == null:
		_show(_Rules.Shown.NONE, 0.0, null)
		return
	var shown := _Rules.shown_for(c.get_awareness_level(), _constants)
	if not show_meter:
		_show(shown, 0.0, null)
		return
	var target := _meter_target_of(c)
	if target == null:
		_show(shown, 0.0, null)
		return
	var confidence: float = c.get_confidence(target)
	var state: int = c.get_belief_state(target)
	_show(shown, confidence, _Rules.meter_color(self, _constants, state))


## The symbol showing now: "", [member suspicious_text] or [member alerted_text] (also while an
## icon stands in for the text).
func get_shown_symbol() -> String:
	return _Rules.symbol_of(_shown, suspicious_text, alerted_text)


## The confidence the meter shows, 0 to 1 (0 while there is no meter or nobody to measure).
func get_meter_value() -> float:
	return _meter_value


## How far above [member height] the indicator reaches, in pixels: the symbol, and the meter
## when [member show_meter] is on. For a label of your own stacked on top of it.
func get_top_pixels() -> float:
	return float(font_size) + (METER_GAP + meter_height if show_meter else 0.0)


## The component this indicator shows (as [member component] says, or the nearest one), or
## null if there is none, it was freed, or it is out of the tree.
func get_perception_component() -> Node2D:
	if is_instance_valid(_component) and _component.is_inside_tree():
		return _component as Node2D
	_component = null
	var now := Engine.get_process_frames()
	if now < _next_search:
		return null
	_next_search = now + SEARCH_INTERVAL_FRAMES
	var found: Variant = _find_component()
	if found == null or not found.is_inside_tree():
		return null
	_component = found
	_constants = _Rules.constants_of(found)
	return found


## The target the meter measures now, or null.
func get_meter_target() -> Node2D:
	var c: Variant = get_perception_component()
	return _meter_target_of(c) if c != null else null


func _get_configuration_warnings() -> PackedStringArray:
	return _Rules.warnings(self, "ApsPerceptionComponent2D", &"CollisionObject2D")


func _find_component() -> Node:
	return _Rules.find_component(self, component, &"ApsPerceptionComponent2D", &"CollisionObject2D")


func _meter_target_of(c: Variant) -> Node2D:
	if not meter_target.is_empty():
		if not is_instance_valid(_meter_node):
			_meter_node = get_node_or_null(meter_target)
		return _meter_node as Node2D if is_instance_valid(_meter_node) else null
	return _Rules.default_meter_target(c, _constants) as Node2D


# --- Showing ----------------------------------------------------------------------------------


func _show(shown: _Rules.Shown, meter: float, meter_color: Variant) -> void:
	meter = clampf(meter, 0.0, 1.0) if meter_color != null else 0.0
	if (
		shown == _shown
		and is_equal_approx(meter, _meter_value)
		and (meter_color == null or meter_color == _meter_color)
	):
		return
	_shown = shown
	_meter_value = meter
	if meter_color != null:
		_meter_color = meter_color
	_update_drawing()


## Works out what to draw from what is shown (in the editor: the preview) and the settings, and
## redraws only if that changed.
func _update_drawing() -> void:
	var shown := _shown
	var meter := _meter_value
	var meter_on := show_meter and meter >= METER_MIN
	var meter_color := _meter_color
	if Engine.is_editor_hint():
		shown = _Rules.PREVIEW_SHOWN[editor_preview]
		meter = _Rules.PREVIEW_METER[editor_preview]
		meter_on = show_meter and editor_preview != Preview.OFF
		meter_color = get(_Rules.PREVIEW_METER_COLOR[editor_preview])
	var drawing := {}
	var foot := -height
	var top := foot - font_size
	var text := ""
	var color := Color.WHITE
	var icon: Texture2D = null
	if shown == _Rules.Shown.SUSPICIOUS:
		text = suspicious_text
		color = suspicious_color
		icon = suspicious_icon
	elif shown == _Rules.Shown.ALERTED:
		text = alerted_text
		color = alerted_color
		icon = alerted_icon
	if icon != null:
		var width := icon.get_width() * float(font_size) / float(maxi(icon.get_height(), 1))
		drawing.icon = icon
		drawing.color = color if tint_icons else Color.WHITE
		drawing.symbol_rect = Rect2(-width * 0.5, top, width, font_size)
	elif shown != _Rules.Shown.NONE and not text.is_empty():
		var font := ThemeDB.fallback_font
		var width := font.get_string_size(text, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size).x
		drawing.text = text
		drawing.font_size = font_size
		drawing.outline = outline_size
		drawing.color = color
		drawing.symbol_rect = Rect2(-width * 0.5, top, width, font_size)
		# Standing on the foot with its descent, as a bottom-aligned label does.
		drawing.baseline = Vector2(-width * 0.5, foot - font.get_descent(font_size))
	if meter_on:
		var back := Rect2(
			-meter_width * 0.5, top - METER_GAP - meter_height, meter_width, meter_height
		)
		drawing.meter_back = back
		drawing.meter_background = meter_background_color
		drawing.meter_fill = Rect2(back.position, Vector2(meter_width * meter, meter_height))
		drawing.meter_color = meter_color
	if drawing == _drawing:
		return
	_drawing = drawing
	# Turns are only watched while there is something to keep upright.
	set_notify_transform(not drawing.is_empty())
	queue_redraw()


func _draw() -> void:
	_drawn_transform = _upright_transform()
	if _drawing.is_empty():
		return
	draw_set_transform_matrix(_drawn_transform)
	if _drawing.has("meter_back"):
		draw_rect(_drawing.meter_back, _drawing.meter_background)
		if _drawing.meter_fill.size.x > 0.0:
			draw_rect(_drawing.meter_fill, _drawing.meter_color)
	if _drawing.has("icon"):
		draw_texture_rect(_drawing.icon, _drawing.symbol_rect, false, _drawing.color)
	elif _drawing.has("text"):
		var font := ThemeDB.fallback_font
		if _drawing.outline > 0:
			draw_string_outline(
				font,
				_drawing.baseline,
				_drawing.text,
				HORIZONTAL_ALIGNMENT_LEFT,
				-1,
				_drawing.font_size,
				_drawing.outline,
				OUTLINE_COLOR
			)
		draw_string(
			font,
			_drawing.baseline,
			_drawing.text,
			HORIZONTAL_ALIGNMENT_LEFT,
			-1,
			_drawing.font_size,
			_drawing.color
		)


## The draw transform that cancels this node's global rotation, scale and skew (identity if it is
## scaled to nothing, when nothing shows anyway).
func _upright_transform() -> Transform2D:
	var basis := get_global_transform()
	basis.origin = Vector2.ZERO
	if is_zero_approx(basis.determinant()):
		return Transform2D()
	return basis.affine_inverse()


## In the editor: the warnings change when the guard gains or loses its component.
func _watch_parent(parent: Node) -> void:
	_watched_parent = _Rules.watch_children(_watched_parent, parent, update_configuration_warnings)
