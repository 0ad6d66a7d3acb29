class_name DemoSearchGuard
extends DemoGuard
## A guard that searches according to why it lost you: the branch every APS game should have.
##
## One script for the three guards of the States and loss wing. APS tells each one why it
## lost the player (get_loss_reason, or the `reason` of target_lost) and where (the last known
## position); the script turns that into a different search:
## - Occluded: you hid behind something. Go to where you were last seen and search that cover.
## - OutOfRange: you got away. Head on the way you were going (get_loss_direction).
## - SoundFaded: a noise stopped. Check the area it came from, and don't chase anyone.
## A noise with no one known behind it (a place belief) gets a look, without taking attention.

## How far to head on along the loss direction (metres).
@export var head_on := 8.0
## How long to look around once there (seconds).
@export var search_time := 4.0

## What its latest search did, for the wing to check: `reason`, `from` (where it stood),
## `last_known`, `direction`, `goal`, `arrived`, `looked` and `farthest` (its greatest distance
## from the last known position while searching).
var search := {}
## Its latest look at a place belief: `location`, `tag`, `arrived`.
var place_check := {}
## A search, once decided, is carried through even if the belief expires meanwhile.
var _busy := false


func _on_belief(target: Node3D, old: int, new: int) -> void:
	match new:
		ApsPerceptionComponent.STATE_SUSPECTED:
			if old == ApsPerceptionComponent.STATE_UNDETECTED:
				begin("turns toward what it noticed")
				watching = target
		ApsPerceptionComponent.STATE_DETECTED, ApsPerceptionComponent.STATE_TRACKED:
			if doing != "keeps its eyes on you":
				begin("keeps its eyes on you")
			watching = target
		ApsPerceptionComponent.STATE_EXPIRED:
			if not _busy:
				return_home("has forgotten you; goes back to its post")


func _on_lost(target: Node3D, reason: int, last_known: Vector3) -> void:
	match reason:
		ApsPerceptionComponent.LOSS_OCCLUDED:
			_search_cover(last_known)
		ApsPerceptionComponent.LOSS_OUT_OF_RANGE:
			_head_on(last_known, perception.get_loss_direction(target))
		ApsPerceptionComponent.LOSS_SOUND_FADED:
			_check_area(last_known)
		_:
			var plan := begin("looks around where it is")
			await look_around(search_time)
			if still(plan):
				doing = ""


## Occluded: it knows where you hid. Walk there and search the cover.
func _search_cover(last_known: Vector3) -> void:
	var plan := begin(
		"walks to where it last saw you %s to search that cover" % DemoTimeline.place(last_known)
	)
	_record(ApsPerceptionComponent.LOSS_OCCLUDED, last_known, Vector3.ZERO, last_known)
	if not await go_to(last_known):
		return
	search["arrived"] = true
	doing = "searches the cover"
	DemoTimeline.action(
		wing_tag,
		display_name,
		"reached %s: searches round the cover" % DemoTimeline.place(global_position)
	)
	if await look_around(search_time, 110.0):
		search["looked"] = true
		_finish(plan)


## OutOfRange: you ran. Head on along the way you were going, past where it lost you.
func _head_on(last_known: Vector3, direction: Vector3) -> void:
	if direction.is_zero_approx():
		# Not moving when lost: nowhere to head for but the spot itself.
		_check_area(last_known)
		return
	var goal := last_known + direction.normalized() * head_on
	var plan := begin("heads on the way you ran, toward %s" % DemoTimeline.place(goal))
	_record(ApsPerceptionComponent.LOSS_OUT_OF_RANGE, last_known, direction, goal)
	if not await go_to(goal, true):
		return
	search["arrived"] = true
	DemoTimeline.action(
		wing_tag, display_name, "reached %s: looks around" % DemoTimeline.place(global_position)
	)
	if await look_around(search_time):
		search["looked"] = true
		_finish(plan)


## SoundFaded: a noise stopped. Check where it came from; no chase.
func _check_area(last_known: Vector3) -> void:
	var plan := begin(
		"checks the area the sound came from %s, without chasing" % DemoTimeline.place(last_known)
	)
	_record(ApsPerceptionComponent.LOSS_SOUND_FADED, last_known, Vector3.ZERO, last_known)
	# Close enough to look the area over, not onto the exact spot.
	var spot := last_known + (global_position - last_known).normalized() * 2.0
	if not await go_to(spot):
		return
	search["arrived"] = true
	DemoTimeline.action(
		wing_tag,
		display_name,
		"reached %s: looks the area over" % DemoTimeline.place(global_position)
	)
	if await look_around(search_time, 90.0):
		search["looked"] = true
		_busy = false
		_back_home(plan)


## The search is over: wait and watch while it still remembers you, else go back.
func _finish(plan: int) -> void:
	if not still(plan):
		return
	_busy = false
	var state := perception.get_belief_state(_player())
	if (
		state == ApsPerceptionComponent.STATE_EXPIRED
		or state == ApsPerceptionComponent.STATE_UNDETECTED
	):
		return_home("nothing here, and it has forgotten you; back to its post")
	else:
		doing = "waits, watching"
		DemoTimeline.action(wing_tag, display_name, "nothing here; waits and watches")


func _back_home(plan: int) -> void:
	if still(plan):
		return_home("nothing there; back to its post")


func _plan_started() -> void:
	_busy = false


func _record(reason: int, last_known: Vector3, direction: Vector3, goal: Vector3) -> void:
	_busy = true
	search = {
		"reason": reason,
		"from": global_position,
		"last_known": last_known,
		"direction": direction,
		"goal": goal,
		"arrived": false,
		"looked": false,
		"farthest": 0.0
	}


func _physics_process(delta: float) -> void:
	super(delta)
	if not search.is_empty() and search["arrived"]:
		search["farthest"] = maxf(
			search["farthest"], global_position.distance_to(search["last_known"])
		)


func _ready_guard() -> void:
	perception.location_belief_changed.connect(_on_place)


## A noise nobody it knows made: a belief about a place. Go and look; it takes no attention.
func _on_place(location: Vector3, tag: StringName, state: int, _confidence: float) -> void:
	if (
		state != ApsPerceptionComponent.STATE_SUSPECTED
		and state != ApsPerceptionComponent.STATE_DETECTED
	):
		return
	if not place_check.is_empty() and place_check["location"].distance_to(location) < 1.0:
		return
	var plan := begin(
		(
			'a "%s" noise with no one behind it: goes to look at %s'
			% [tag, DemoTimeline.place(location)]
		)
	)
	place_check = {"location": location, "tag": tag, "arrived": false}
	var spot := location + (global_position - location).normalized() * 1.5
	if not await go_to(spot):
		return
	place_check["arrived"] = true
	if await look_around(3.0):
		_back_home(plan)
