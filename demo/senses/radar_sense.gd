class_name RadarSense
extends ApsSense
## A custom sense in GDScript: a radar that finds anything within its reach, through walls.
##
## It shows the whole sense contract: `_pre_tick` once per perception tick, `_evaluate` once per
## target (confidence, position, precision), `_post_tick_flush` after all targets. A 2D AI calls
## the `_2d` methods instead, with Node2D nodes and positions in pixels; this radar serves both.
## Add it to a profile's Custom Senses; set its Loss settings like a row of the grace table.

## Sweeps since the perceiver started, for the curious.
var sweeps := 0


func _pre_tick(_eye: Node3D) -> void:
	sweeps += 1


func _evaluate(eye: Node3D, target: Node3D) -> Dictionary:
	var d := eye.global_position.distance_to(target.global_position)
	return _reading(d, target.global_position)


func _post_tick_flush(_eye: Node3D) -> void:
	pass


func _pre_tick_2d(_eye: Node2D) -> void:
	sweeps += 1


## In 2D the distance is in pixels: the reach is in metres, as every profile range is.
func _evaluate_2d(eye: Node2D, target: Node2D) -> Dictionary:
	var ppm: float = ProjectSettings.get_setting("aps/2d/pixels_per_meter", 100.0)
	var d := eye.global_position.distance_to(target.global_position) / ppm
	return _reading(d, target.global_position)


## Strong up close, fading to nothing at the edge of its reach; it knows range, not detail.
## `position` is the target's, in the scene's own units.
func _reading(distance: float, position: Variant) -> Dictionary:
	if distance >= reach:
		return {}
	return {
		"confidence": 0.9 * (1.0 - distance / reach),
		"position": position,
		"precision": 0.6,
	}
