class_name DemoBlock2D
extends StaticBody2D
## A wall or a crate on the top-down level: a StaticBody2D, so it blocks the sight of every
## ApsPerceptionComponent2D (and muffles the sounds that pass it), drawn as the rectangles of its
## RectangleShape2D children: what you see is what blocks.

@export var color := Color(0.45, 0.43, 0.4)


func _draw() -> void:
	for child in get_children():
		var shape := child as CollisionShape2D
		if shape == null or not shape.shape is RectangleShape2D:
			continue
		var size := (shape.shape as RectangleShape2D).size
		draw_set_transform(shape.position, shape.rotation)
		var rect := Rect2(-size * 0.5, size)
		draw_rect(rect, color)
		draw_rect(rect, color.darkened(0.45), false, 2.0)
	draw_set_transform(Vector2.ZERO)
