class_name RadarSense
extends ApsSense
## A custom sense in GDScript: a radar that finds anything within its reach, through walls.
##
## It shows the whole sense contract: `_pre_tick` once per perception tick, `_evaluate` once per
## target (confidence, position, precision), `_post_tick_flush` after all targets. Add it to a
## profile's Custom Senses; set its Loss settings like a row of the grace table.

## Sweeps since the perceiver started, for the curious.
var sweeps := 0


func _pre_tick(_eye: Node3D) -> void:
	sweeps += 1


func _evaluate(eye: Node3D, target: Node3D) -> Dictionary:
	var d := eye.global_position.distance_to(target.global_position)
	if d >= reach:
		return {}
	# Strong up close, fading to nothing at the edge of its reach; it knows range, not detail.
	return {
		"confidence": 0.9 * (1.0 - d / reach),
		"position": target.global_position,
		"precision": 0.6,
	}


func _post_tick_flush(_eye: Node3D) -> void:
	pass
