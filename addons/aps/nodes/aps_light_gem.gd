@tool
@icon("res://addons/aps/icons/ApsLightGem.svg")
class_name ApsLightGem
extends Control
## A light gem for the player's HUD: how lit [member target] is as perception last saw it,
## from dark to fully lit, with no code.
##
## Put it in your HUD (a [code]CanvasLayer[/code]) and point [member target] at the player, a
## [code]Node3D[/code] or a [code]Node2D[/code]. Every frame it reads
## [code]ApsWorld.get_target_light()[/code] (or [code]get_target_light_2d()[/code]): the light
## vision reads on the player, from the level's own lamps and their shadows, the light zones,
## the environment's ambient light, and the light the player carries. It draws a gem whose
## colour runs from [member dark_color] to [member lit_color]; [member show_value] writes the
## level under it. [member level] holds the reading for a script of your own.
##
## With no target, or a target that was freed, it shows dark. In the editor it never reads
## the world; [member editor_preview] shows a level instead.

## The player (or any perceivable node) whose light it shows: a Node3D or a Node2D.
@export_node_path("Node3D", "Node2D") var target: NodePath:
	set(value):
		target = value
		update_configuration_warnings()
## The gem's colour in pitch dark.
@export var dark_color := Color(0.07, 0.09, 0.13):
	set(value):
		dark_color = value
		queue_redraw()
## The gem's colour fully lit.
@export var lit_color := Color(1.0, 0.92, 0.55):
	set(value):
		lit_color = value
		queue_redraw()
## The colour of the gem's outline.
@export var outline_color := Color(0.9, 0.9, 0.9, 0.8):
	set(value):
		outline_color = value
		queue_redraw()
## Writes the level (0.00 to 1.00) under the gem.
@export var show_value := false:
	set(value):
		show_value = value
		queue_redraw()
## The level the editor shows, as it never reads the world.
@export_range(0.0, 1.0, 0.01) var editor_preview := 0.6:
	set(value):
		editor_preview = value
		queue_redraw()

## The last reading: 0 pitch dark to 1 fully lit.
var level := 0.0


func _init() -> void:
	custom_minimum_size = Vector2(32, 40)
	mouse_filter = Control.MOUSE_FILTER_IGNORE


func _process(_delta: float) -> void:
	refresh()


## Reads the target's light now (it does every frame by itself).
func refresh() -> void:
	var before := level
	if Engine.is_editor_hint():
		level = editor_preview
	else:
		level = _read()
	if level != before:
		queue_redraw()


func _read() -> float:
	if target.is_empty():
		return 0.0
	var node := get_node_or_null(target)
	if node is Node3D:
		return ApsWorld.get_target_light(node)
	if node is Node2D:
		return ApsWorld.get_target_light_2d(node)
	return 0.0


func _draw() -> void:
	var side := minf(size.x, size.y - (14.0 if show_value else 0.0))
	if side <= 2.0:
		return
	var c := Vector2(size.x * 0.5, side * 0.5)
	var r := side * 0.45
	var gem := PackedVector2Array(
		[c + Vector2(0, -r), c + Vector2(r * 0.8, 0), c + Vector2(0, r), c + Vector2(-r * 0.8, 0)]
	)
	draw_colored_polygon(gem, dark_color.lerp(lit_color, clampf(level, 0.0, 1.0)))
	gem.append(gem[0])
	draw_polyline(gem, outline_color, 1.5, true)
	if show_value:
		var font := get_theme_default_font()
		draw_string(
			font,
			Vector2(0, side + 12.0),
			"%.2f" % level,
			HORIZONTAL_ALIGNMENT_CENTER,
			size.x,
			12,
			outline_color
		)


func _get_configuration_warnings() -> PackedStringArray:
	if target.is_empty():
		return PackedStringArray(
			["Set Target to the player (a Node3D or a Node2D): the gem shows how lit it is."]
		)
	return PackedStringArray()
