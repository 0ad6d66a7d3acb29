extends DemoWing
## Wing 1, Confidence: one Sentry on its post and a field with a dark pool, a crate and other
## cover. Confidence is how sure the Sentry is that you are there. It already accounts for
## distance, light and cover, and it is smoothed: it rises while the senses report more than it
## believes, holds while any sense still reports anything, and decays once none does.

const DARK_CENTER := Vector3(-10, 0, -24)
const DARK_RADIUS := 5.0

@onready var sentry: DemoGuard = $Sentry

## Each state the Sentry's belief entered, in order.
var _states: Array[int] = []


func _build() -> void:
	# Pitch dark in the pool: vision there keeps only its Dark Visibility (0.15).
	DemoLevel.light_zone(self, DARK_CENTER, DARK_RADIUS, 0.0)
	DemoLevel.floor_text(self, "DARK", DARK_CENTER + Vector3(0, 0, 3.5))
	DemoLevel.signpost(self, "crate 1.2 m", Vector3(4, 1.8, -12.5), 40)
	DemoLevel.signpost(self, "knee wall 0.6 m", Vector3(12, 1.2, -20), 40)
	DemoLevel.signpost(self, "wall 2.5 m", Vector3(-15, 3.0, -10), 40)
	sentry.perception.target_state_changed.connect(
		func(t: Node3D, _old: int, new: int) -> void:
			if t is DemoPlayer:
				_states.append(new)
	)


func enter() -> void:
	hud.add_meter(sentry, player)


func tour() -> void:
	var p := sentry.perception
	bot.narrate("stands in the dark pool, 26 m from the Sentry, flashlight off")
	await bot.wait(3.0)
	var dark := _reading()
	(
		DemoTimeline
		. note(
			tag,
			(
				"in the dark the Sentry senses %.2f and believes %.2f: below Suspect (0.15), it has not noticed"
				% [dark.x, dark.y]
			)
		)
	)
	check(
		p.get_belief_state(player) == ApsPerceptionComponent.STATE_UNDETECTED and dark.y < 0.15,
		"in the dark pool it barely saw the player (%.2f)" % dark.y
	)

	bot.narrate("switches the flashlight on (carried light 0.9)")
	bot.flashlight(true)
	var lit := await bot.until(
		func() -> bool: return p.get_belief_state(player) >= ApsPerceptionComponent.STATE_DETECTED,
		6.0
	)
	await bot.wait(1.0)
	var torch := _reading()
	DemoTimeline.note(
		tag,
		"with the flashlight the same spot reads %.2f: confidence rose to %.2f" % [torch.x, torch.y]
	)
	check(lit, "the flashlight lit the player up to Detected (%.2f)" % torch.y)

	bot.flashlight(false)
	bot.narrate("switches the light off and walks into the open, 10 m in front of the Sentry")
	await bot.go_to(mark("Open"))
	var tracked := await bot.until(
		func() -> bool: return p.get_belief_state(player) == ApsPerceptionComponent.STATE_TRACKED,
		5.0
	)
	await bot.wait(1.5)
	var open := _reading()
	DemoTimeline.note(
		tag, "in full view, close and lit: senses %.2f, believes %.2f" % [open.x, open.y]
	)
	check(tracked, "confidence rose to Tracked in full view (%.2f)" % open.y)

	bot.narrate("steps behind the crate, standing: only its head shows over it")
	await bot.follow([mark("CrateSide"), mark("CrateBack"), mark("Crate")])
	await bot.wait(0.5)
	var held_from := p.get_confidence(player)
	var lowest := held_from
	var most_sensed := 0.0
	var sensed_all_along := true
	for _i in 30:
		await bot.wait(0.1)
		var data := p.get_belief_data(player)
		lowest = minf(lowest, data["confidence"])
		most_sensed = maxf(most_sensed, data["fused"])
		sensed_all_along = (
			sensed_all_along and not (data["active_senses"] as PackedInt32Array).is_empty()
		)
	(
		DemoTimeline
		. note(
			tag,
			(
				"head over the crate: senses only %.2f, yet believes %.2f: held, because a sense still has the player"
				% [most_sensed, lowest]
			)
		)
	)
	check(
		sensed_all_along and most_sensed < lowest and lowest >= held_from - 0.001,
		"it held %.2f for 3 s while only %.2f was sensed" % [lowest, most_sensed]
	)

	bot.narrate("crouches behind the crate: nothing of it shows")
	bot.crouch(true)
	var crouched_at := _states.size()
	var expired := await bot.until(
		func() -> bool: return p.get_belief_state(player) == ApsPerceptionComponent.STATE_EXPIRED,
		20.0
	)
	var after := _states.slice(crouched_at)
	DemoTimeline.note(
		tag,
		(
			"no sense has the player: confidence decayed %.2f -> %.2f; awareness %s"
			% [
				lowest,
				p.get_confidence(player),
				DemoTimeline.awareness_name(p.get_awareness_level())
			]
		)
	)
	var lost_first: bool = after.size() >= 3 and after[0] == ApsPerceptionComponent.STATE_LOST
	check(
		(
			expired
			and lost_first
			and after.has(ApsPerceptionComponent.STATE_REMEMBERED)
			and p.get_awareness_level() == ApsPerceptionComponent.AWARENESS_UNAWARE
		),
		"hidden, it decayed: Lost (Occluded), Remembered, Expired, Unaware"
	)
	bot.crouch(false)


## The photo: the meter after a rise (in the open) and a hold (head over the crate).
func photo() -> Dictionary:
	player.teleport(mark("Open"), Vector3.BACK)
	await get_tree().create_timer(2.5, true, true).timeout
	player.teleport(mark("Crate"), Vector3.BACK)
	await get_tree().create_timer(2.0, true, true).timeout
	return {"eye": to_global(Vector3(7, 4.5, 3)), "look": to_global(Vector3(2, 0.8, -9))}


## What the Sentry senses of the player right now (x) and what it believes (y).
func _reading() -> Vector2:
	var data := sentry.perception.get_belief_data(player)
	if data.is_empty():
		return Vector2.ZERO
	return Vector2(data["fused"], data["confidence"])
