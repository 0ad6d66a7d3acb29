@tool
@icon("res://addons/aps/icons/ApsAwarenessIndicator.svg")
class_name ApsAwarenessIndicator
extends Node3D
## A "?" over an AI's head while it is suspicious and a "!" once it is alerted, with no code.
##
## Put it anywhere under the guard (under its body, or under its [code]ApsPerceptionComponent[/code]
## itself) and it finds the guard's component on its own; or point [member component] at one.
## Every frame it reads the component's awareness ([code]get_awareness_level()[/code], one cheap
## call) and shows [member suspicious_text] from Suspicious and [member alerted_text] from
## Alerted (Fully Aware included). Below Suspicious (Unaware, Peripheral) it shows nothing.
## Awareness comes from the profile's state thresholds (Suspicious at Detect Threshold, Alerted
## at Track Threshold: spec section 5), so tuning those tunes the indicator too.
##
## Set [member suspicious_icon] or [member alerted_icon] to show a picture instead of the text.
## Turn on [member show_meter] for a small bar above the symbol: the AI's confidence in one
## target, 0 to 1, coloured by that belief's state.
##
## It shows what the component believes, no more: perception runs on the server, so on a
## multiplayer client it stays empty. In the editor it never reads the component;
## [member editor_preview] shows how it will look.

## What the editor shows in place of the AI's real awareness, which it never reads.
enum Preview {
	OFF,  ## Nothing, as a calm AI shows.
	SUSPICIOUS,  ## The suspicious symbol (and the meter half full, if Show Meter is on).
	ALERTED,  ## The alerted symbol (and the meter nearly full).
}

## What this node shares with ApsAwarenessIndicator2D: finding the component, the symbol for
## an awareness level, the meter's target and colour, the warnings.
const _Rules := preload("res://addons/aps/nodes/aps_awareness_rules.gd")

## Frames between two searches for a component while none is found (a script may add it later).
const SEARCH_INTERVAL_FRAMES := _Rules.SEARCH_INTERVAL_FRAMES
## Confidence below this shows no meter.
const METER_MIN := _Rules.METER_MIN
## Pixels between the top of the symbol and the meter.
const METER_GAP := 6.0

## The ApsPerceptionComponent to show. Empty: the nearest one, searched in the parent and
## what it holds, then up the tree as far as the guard's body.
@export_node_path("Node3D") var component: NodePath:
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
		_restyle()
## Shown from Alerted (the profile's Track Threshold) while no icon is set.
@export var alerted_text := "!":
	set(value):
		alerted_text = value
		_restyle()
## The colour of the suspicious symbol.
@export var suspicious_color := Color(1.0, 0.82, 0.1):
	set(value):
		suspicious_color = value
		_restyle()
## The colour of the alerted symbol.
@export var alerted_color := Color(1.0, 0.18, 0.12):
	set(value):
		alerted_color = value
		_restyle()
## A picture shown instead of the suspicious text; empty: the text.
@export var suspicious_icon: Texture2D:
	set(value):
		suspicious_icon = value
		_restyle()
## A picture shown instead of the alerted text; empty: the text.
@export var alerted_icon: Texture2D:
	set(value):
		alerted_icon = value
		_restyle()
## Tint the icons with the symbol colours (for white icons); off: shown as drawn.
@export var tint_icons := false:
	set(value):
		tint_icons = value
		_restyle()

@export_group("Look")
## How high above this node the foot of the symbol stands, in metres (the symbol and the
## meter rise from there, so they never sink into the head, however large). The default suits
## a node at the feet of a 1.8 m character; at its head, lower it.
@export_range(-2.0, 10.0, 0.01, "or_greater", "or_less", "suffix:m") var height := 2.0:
	set(value):
		height = value
		_restyle()
## The symbol's size in pixels; an icon is scaled to the same height.
@export_range(8, 512, 1, "or_greater", "suffix:px") var font_size := 96:
	set(value):
		font_size = value
		_restyle()
## Metres per pixel: with the default 96 px and 0.005, the symbol is about 0.5 m tall. With
## Fixed Size on it is a share of the screen instead: try about 0.0015.
@export_range(0.0001, 0.1, 0.0001, "or_greater", "suffix:m") var pixel_size := 0.005:
	set(value):
		pixel_size = value
		_restyle()
## The dark outline round the text, in pixels (0: none).
@export_range(0, 64, 1, "or_greater", "suffix:px") var outline_size := 16:
	set(value):
		outline_size = value
		_restyle()
## The same size on screen however far the camera is.
@export var fixed_size := false:
	set(value):
		fixed_size = value
		_restyle()
## Seen through walls and other objects, so the player always knows who noticed them.
@export var no_depth_test := true:
	set(value):
		no_depth_test = value
		_restyle()
## Not drawn further than this from the camera, in metres (0: at any distance).
@export_range(0.0, 500.0, 0.1, "or_greater", "suffix:m") var max_distance := 0.0:
	set(value):
		max_distance = value
		_restyle()

@export_group("Meter")
## Also show a bar above the symbol: the AI's confidence in one target (0 to 1), coloured by
## that belief's state. It shows from the first flicker of confidence, before any symbol.
@export var show_meter := false:
	set(value):
		show_meter = value
		_restyle()
		update_configuration_warnings()
## The target the meter is about. Empty: the AI's attention target, else the noticed target
## (not an ally) it is most confident in.
@export_node_path("Node3D") var meter_target: NodePath:
	set(value):
		meter_target = value
		_meter_node = null
		update_configuration_warnings()
## The bar's width in pixels (at Pixel Size).
@export_range(4, 512, 1, "or_greater", "suffix:px") var meter_width := 80:
	set(value):
		meter_width = value
		_restyle()
## The bar's height in pixels (at Pixel Size).
@export_range(1, 128, 1, "or_greater", "suffix:px") var meter_height := 12:
	set(value):
		meter_height = value
		_restyle()
## Behind the bar: the part confidence has not filled.
@export var meter_background_color := Color(0.05, 0.05, 0.05, 0.7):
	set(value):
		meter_background_color = value
		_restyle()
## The bar while the belief is Suspected.
@export var meter_suspected_color := Color(1.0, 0.9, 0.3):
	set(value):
		meter_suspected_color = value
		_restyle()
## The bar while the belief is Detected.
@export var meter_detected_color := Color(1.0, 0.6, 0.15):
	set(value):
		meter_detected_color = value
		_restyle()
## The bar while the belief is Tracked.
@export var meter_tracked_color := Color(1.0, 0.22, 0.15):
	set(value):
		meter_tracked_color = value
		_restyle()
## The bar while the target is Lost or Remembered (searched for, not seen).
@export var meter_searching_color := Color(0.55, 0.6, 1.0):
	set(value):
		meter_searching_color = value
		_restyle()

@export_group("Editor")
## What the editor shows, to place and style the indicator (the game never reads this).
@export var editor_preview := Preview.OFF:
	set(value):
		editor_preview = value
		_restyle()

var _label: Label3D
var _icon: Sprite3D
var _meter_back: Sprite3D
var _meter_fill: Sprite3D
var _meter_texture: ImageTexture

var _component: Node
var _next_search := 0
var _meter_node: Node
var _shown := _Rules.Shown.NONE
var _meter_value := 0.0
## The component's constants, read once from the component found (never hard-coded).
var _constants := {}
## The parent whose children the editor watches, to refresh the warnings.
var _watched_parent: Node


func _init() -> void:
	_label = Label3D.new()
	_label.name = "Symbol"
	_label.billboard = BaseMaterial3D.BILLBOARD_ENABLED
	_label.vertical_alignment = VERTICAL_ALIGNMENT_BOTTOM
	_label.outline_modulate = Color(0, 0, 0, 0.85)
	_label.render_priority = 2
	_label.outline_render_priority = 1
	_label.visible = false
	add_child(_label, false, Node.INTERNAL_MODE_BACK)
	_icon = _sprite("Icon", 2)
	_meter_back = _sprite("MeterBack", 3)
	_meter_fill = _sprite("MeterFill", 4)
	_meter_back.region_enabled = true
	_meter_fill.region_enabled = true
	_restyle()


func _ready() -> void:
	set_process(not Engine.is_editor_hint())


func _notification(what: int) -> void:
	if not Engine.is_editor_hint():
		return
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


## How far above [member height] the indicator reaches, in its pixels (times [member pixel_size]:
## metres, or with Fixed Size on a share of the screen): the symbol, and the meter when
## [member show_meter] is on. For a label of your own stacked on top of it.
func get_top_pixels() -> float:
	return float(font_size) + (METER_GAP + meter_height if show_meter else 0.0)


## The component this indicator shows (as [member component] says, or the nearest one), or
## null if there is none, it was freed, or it is out of the tree.
func get_perception_component() -> Node3D:
	if is_instance_valid(_component) and _component.is_inside_tree():
		return _component as Node3D
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
func get_meter_target() -> Node3D:
	var c: Variant = get_perception_component()
	return _meter_target_of(c) if c != null else null


func _get_configuration_warnings() -> PackedStringArray:
	return _Rules.warnings(self, "ApsPerceptionComponent", &"CollisionObject3D")


# --- Finding ----------------------------------------------------------------------------------


func _find_component() -> Node:
	return _Rules.find_component(self, component, &"ApsPerceptionComponent", &"CollisionObject3D")


func _meter_target_of(c: Variant) -> Node3D:
	if not meter_target.is_empty():
		if not is_instance_valid(_meter_node):
			_meter_node = get_node_or_null(meter_target)
		return _meter_node as Node3D if is_instance_valid(_meter_node) else null
	return _Rules.default_meter_target(c, _constants) as Node3D


# --- Showing ----------------------------------------------------------------------------------


func _show(shown: _Rules.Shown, meter: float, meter_color: Variant) -> void:
	meter = clampf(meter, 0.0, 1.0) if meter_color != null else 0.0
	if (
		shown == _shown
		and is_equal_approx(meter, _meter_value)
		and (meter_color == null or meter_color == _meter_fill.modulate)
	):
		return
	_shown = shown
	_meter_value = meter
	if meter_color != null:
		_meter_fill.modulate = meter_color
	_apply_shown()


## Puts the current symbol and meter on the nodes.
func _apply_shown() -> void:
	if _label == null:
		return
	var shown := _shown
	var meter := _meter_value
	var meter_on := show_meter and meter >= METER_MIN
	if Engine.is_editor_hint():
		shown = _Rules.PREVIEW_SHOWN[editor_preview]
		meter = _Rules.PREVIEW_METER[editor_preview]
		meter_on = show_meter and editor_preview != Preview.OFF
		_meter_fill.modulate = get(_Rules.PREVIEW_METER_COLOR[editor_preview])
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
	_label.text = text
	_label.modulate = color
	_label.visible = shown != _Rules.Shown.NONE and icon == null and not text.is_empty()
	_icon.visible = shown != _Rules.Shown.NONE and icon != null
	if icon != null:
		_icon.texture = icon
		_icon.pixel_size = pixel_size * float(font_size) / float(maxi(icon.get_height(), 1))
		# Standing on Height, as the text does (in the icon's own pixels).
		_icon.offset = Vector2(0.0, icon.get_height() * 0.5)
		_icon.modulate = color if tint_icons else Color.WHITE
	_meter_back.visible = meter_on
	_meter_fill.visible = meter_on and meter > 0.0
	if meter_on:
		var filled := float(meter_width) * meter
		_meter_fill.region_rect = Rect2(0, 0, filled, meter_height)
		# Centred sprites: shift the fill left so that it grows from the bar's left end.
		_meter_fill.offset = Vector2((filled - float(meter_width)) * 0.5, _meter_back.offset.y)


## Puts every setting on the nodes (settings change rarely; this is not per frame).
func _restyle() -> void:
	if _label == null:
		return
	var at := Vector3(0.0, height, 0.0)
	_label.position = at
	_label.font_size = font_size
	_label.pixel_size = pixel_size
	_label.outline_size = outline_size
	_label.fixed_size = fixed_size
	_label.no_depth_test = no_depth_test
	_label.visibility_range_end = max_distance
	for sprite: Sprite3D in [_icon, _meter_back, _meter_fill]:
		sprite.position = at
		sprite.fixed_size = fixed_size
		sprite.no_depth_test = no_depth_test
		sprite.visibility_range_end = max_distance
	_meter_back.pixel_size = pixel_size
	_meter_fill.pixel_size = pixel_size
	if (
		_meter_texture == null
		or _meter_texture.get_width() != meter_width
		or _meter_texture.get_height() != meter_height
	):
		var image := Image.create_empty(meter_width, meter_height, false, Image.FORMAT_RGBA8)
		image.fill(Color.WHITE)
		_meter_texture = ImageTexture.create_from_image(image)
	_meter_back.texture = _meter_texture
	_meter_fill.texture = _meter_texture
	_meter_back.region_rect = Rect2(0, 0, meter_width, meter_height)
	_meter_back.modulate = meter_background_color
	# The bar sits above the symbol, in the symbol's pixels, so that it stays above it at any
	# distance with Fixed Size on too.
	_meter_back.offset = Vector2(0.0, font_size + METER_GAP + meter_height * 0.5)
	_apply_shown()


func _sprite(node_name: String, priority: int) -> Sprite3D:
	var sprite := Sprite3D.new()
	sprite.name = node_name
	sprite.billboard = BaseMaterial3D.BILLBOARD_ENABLED
	sprite.shaded = false
	sprite.double_sided = true
	sprite.render_priority = priority
	sprite.visible = false
	add_child(sprite, false, Node.INTERNAL_MODE_BACK)
	return sprite


## In the editor: the warnings change when the guard gains or loses its component.
func _watch_parent(parent: Node) -> void:
	_watched_parent = _Rules.watch_children(_watched_parent, parent, update_configuration_warnings)
