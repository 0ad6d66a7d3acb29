class_name DemoFloor2D
extends Node2D
## The floor of a top-down level: a tiled yard of `size` pixels (and a dark margin round it, so
## nothing of the 3D world shows past its edges), the pools of darkness the level's light zones
## make, and words painted on it. It draws; APS knows nothing of it (the light zones are
## ApsWorld's, see `add_pool`). Give it a low z_index: what stands on the floor (a guard's cone,
## walls, bodies) is drawn over the tiles, but the pools and the words over a guard's cone.

@export var size := Vector2(1152, 648)
@export var color := Color(0.2, 0.22, 0.23)
@export var tile := 64.0

var _pools: Array[Dictionary] = []
var _words: Array[Dictionary] = []
## Pools and words, above the cones the guards lay on the floor.
var _marks: Node2D


func _ready() -> void:
	_marks = Node2D.new()
	_marks.name = "Marks"
	_marks.z_index = 6
	_marks.draw.connect(_draw_marks)
	add_child(_marks)


## A pool of light `level` (0 dark, 1 lit) APS knows of: an ApsWorld 2D light zone, removed when
## this floor leaves the tree, and a disc drawn so a person sees it too. Returns the zone's id.
func add_pool(center: Vector2, radius: float, level: float) -> int:
	var id := ApsWorld.add_light_zone_2d(center, radius, level)
	tree_exiting.connect(func() -> void: ApsWorld.remove_light_zone_2d(id))
	_pools.append({"center": center, "radius": radius, "level": level})
	_marks.queue_redraw()
	return id


## Words painted on the floor, centred on `at`.
func write(at: Vector2, text: String, font_size := 18, tint := Color(1, 1, 1, 0.6)) -> void:
	_words.append({"at": at, "text": text, "size": font_size, "color": tint})
	_marks.queue_redraw()


func _draw() -> void:
	draw_rect(Rect2(Vector2(-2000, -2000), size + Vector2(4000, 4000)), Color(0.06, 0.07, 0.08))
	draw_rect(Rect2(Vector2.ZERO, size), color)
	var line := color.lightened(0.07)
	var x := tile
	while x < size.x:
		draw_line(Vector2(x, 0), Vector2(x, size.y), line)
		x += tile
	var y := tile
	while y < size.y:
		draw_line(Vector2(0, y), Vector2(size.x, y), line)
		y += tile


func _draw_marks() -> void:
	for pool in _pools:
		var shade := lerpf(0.0, 0.9, pool["level"])
		_marks.draw_circle(
			pool["center"], pool["radius"], Color(shade, shade, shade * 1.1 + 0.02, 0.97)
		)
		_marks.draw_arc(pool["center"], pool["radius"], 0, TAU, 64, Color(0.6, 0.6, 0.7, 0.5), 2.0)
	var font := ThemeDB.fallback_font
	for w in _words:
		var text: String = w["text"]
		var lines := text.split("\n")
		var at: Vector2 = w["at"]
		var font_size: int = w["size"]
		var top := at.y - (lines.size() - 1) * (font_size + 2) * 0.5
		for i in lines.size():
			var width := font.get_string_size(lines[i], HORIZONTAL_ALIGNMENT_LEFT, -1, font_size).x
			_marks.draw_string(
				font,
				Vector2(at.x - width * 0.5, top + i * (font_size + 2)),
				lines[i],
				HORIZONTAL_ALIGNMENT_LEFT,
				-1,
				font_size,
				w["color"]
			)
