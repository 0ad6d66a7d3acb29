class_name DemoLookout
extends DemoGuard
## A guard that keeps its post and watches: whatever APS says it has noticed, however little of
## you gets through to it (past a pane of glass, a hedge, a cloud of smoke), it turns to keep its
## eyes on where APS places you; once it has lost you it looks about from where it stands, then
## turns back the way its post faces. It never walks off: what stands between it and you is
## what it is there to watch.

## How long it looks about once it has lost you (seconds).
@export var look_time := 3.0


func _on_belief(target: Node3D, _old: int, new: int) -> void:
	match new:
		ApsPerceptionComponent.STATE_SUSPECTED:
			if watching != target:
				begin("glimpses something: turns toward it")
				watching = target
		ApsPerceptionComponent.STATE_DETECTED, ApsPerceptionComponent.STATE_TRACKED:
			if doing != "keeps its eyes on you":
				begin("keeps its eyes on you")
			watching = target


func _on_lost(_target: Node3D, reason: int, _last_known: Vector3) -> void:
	var plan := begin("lost you (%s): looks about from its post" % DemoTimeline.loss_name(reason))
	if await look_around(look_time) and still(plan):
		return_home("nothing more; back to watching its post's way")
