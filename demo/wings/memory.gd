extends DemoWing
## Wing 3, Memory: where the AI thinks you are once no sense has you. Two guards behind a
## divider run the same script (memory_guard.gd) on the same escape: seen, hidden by a block,
## gone into a hut. The Patroller's profile has prediction off, the Pursuer's on; both keep
## their memory longer than the default and widen their search slowly, so the widening shows.

@onready var patroller: DemoMemoryGuard = $Patroller
@onready var pursuer: DemoMemoryGuard = $Pursuer


func _build() -> void:
	DemoLevel.signpost(self, "prediction off", Vector3(-25, 4.2, 12), 56)
	DemoLevel.signpost(self, "prediction on", Vector3(25, 4.2, 12), 56)
	for m in ["WestManhole", "EastManhole"]:
		_manhole((get_node("Route/" + m) as Node3D).position)


## A manhole: step on it and you are out on the road, gone from the yard for good.
func _manhole(at_local: Vector3) -> void:
	var lid := MeshInstance3D.new()
	var cyl := CylinderMesh.new()
	cyl.top_radius = 0.6
	cyl.bottom_radius = 0.6
	cyl.height = 0.04
	lid.mesh = cyl
	lid.material_override = DemoLevel.material(Color(0.12, 0.12, 0.14))
	lid.position = at_local + Vector3(0, 0.02, 0)
	add_child(lid)
	DemoLevel.signpost(self, "manhole", at_local + Vector3(0, 1.0, 0), 32)
	var area := Area3D.new()
	var shape := CollisionShape3D.new()
	var disc := CylinderShape3D.new()
	disc.radius = 0.5
	disc.height = 1.0
	shape.shape = disc
	area.add_child(shape)
	area.position = at_local + Vector3(0, 0.5, 0)
	add_child(area)
	area.body_entered.connect(
		func(body: Node3D) -> void:
			if body is DemoPlayer:
				(body as DemoPlayer).teleport.call_deferred(mark("Exit"), Vector3.FORWARD)
	)


func tour() -> void:
	await _escape(patroller, "Patroller", "Start", "WestHidden", "WestManhole")
	await _escape(pursuer, "Pursuer", "EastStart", "EastHidden", "EastManhole")
	bot.narrate("waits out on the road while both search the yard")
	var done := func() -> bool: return _forgot(patroller) and _forgot(pursuer)
	await bot.until(done, 45.0)
	_report(patroller)
	_report(pursuer)

	var a: Dictionary = patroller.first_goal
	var b: Dictionary = pursuer.first_goal
	var patrol_same := (
		not a.is_empty() and (a["predicted"] as Vector3).distance_to(a["last_known"]) < 0.2
	)
	var ahead := 0.0
	if not b.is_empty():
		ahead = ((b["predicted"] as Vector3) - (b["last_known"] as Vector3)).dot(
			(b["direction"] as Vector3).normalized()
		)
	check(
		patrol_same and ahead > 3.0,
		(
			"prediction: the Pursuer ran %.1f m ahead of where it lost the player, the Patroller to the spot itself"
			% ahead
		)
	)

	var picks: Array[Dictionary] = patroller.picks
	var inside := picks.size() >= 3
	for pick in picks:
		inside = (
			inside
			and (
				(pick["point"] as Vector3).distance_to(pick["center"])
				<= float(pick["radius"]) + 0.5
			)
		)
	var first := float(picks[0]["radius"]) if not picks.is_empty() else 0.0
	var last := float(picks[-1]["radius"]) if not picks.is_empty() else 0.0
	check(
		inside and last > first + 2.0,
		(
			"the Patroller's search radius grew from %.1f m to %.1f m over %d points"
			% [first, last, picks.size()]
		)
	)
	check(
		_forgot(patroller) and _forgot(pursuer),
		"both remembered, then forgot, and went back to their posts"
	)


## The player shows itself to `guard`, walks east until the block hides it, and sneaks (quiet:
## a guard that heard a footstep now would find it again) into the manhole behind the block.
func _escape(
	guard: DemoMemoryGuard, who: String, from: String, hidden: String, manhole: String
) -> void:
	var p := guard.perception
	player.teleport(mark(from), Vector3.RIGHT)
	bot.narrate("stands in front of the %s, then walks east until the block hides it" % who)
	await bot.until(
		func() -> bool: return p.get_belief_state(player) == ApsPerceptionComponent.STATE_TRACKED,
		5.0
	)
	var hole := mark(manhole)
	var gone := func() -> bool: return player.global_position.distance_to(hole) > 10.0
	await bot.go_to(mark(hidden))
	bot.narrate("sneaks to the manhole behind the block and drops in: gone from the yard")
	# Stepping onto the manhole is enough: it takes the player out to the road.
	await bot.go_to(hole, &"sneak")
	await bot.until(gone, 1.0)
	var lost := guard.first_goal
	if not lost.is_empty():
		DemoTimeline.note(
			tag,
			(
				"%s: last known %s, loss direction %s, predicted position %s"
				% [
					who,
					DemoTimeline.place(lost["last_known"]),
					DemoTimeline.direction(lost["direction"]),
					DemoTimeline.place(lost["predicted"])
				]
			)
		)


func _forgot(guard: DemoGuard) -> bool:
	return guard.perception.get_belief_state(player) == ApsPerceptionComponent.STATE_EXPIRED


## What the guard's memory kept of the encounter: its last episode and what it learned of the
## player.
func _report(guard: DemoGuard) -> void:
	var p := guard.perception
	var e := p.get_last_episode(player)
	if not e.is_empty():
		(
			DemoTimeline
			. note(
				tag,
				(
					"%s remembers: lost from %s (%s) at %s, it was looking %s, the player went %s, peak confidence %.2f"
					% [
						guard.display_name,
						DemoTimeline.state_name(e["lost_from"]),
						DemoTimeline.loss_name(e["loss_reason"]),
						DemoTimeline.place(e["location"]),
						DemoTimeline.direction(e["ai_facing"]),
						DemoTimeline.direction(e["target_direction"]),
						e["peak_confidence"]
					]
				)
			)
		)
	var m := p.get_player_model(player)
	if not m.is_empty():
		DemoTimeline.note(
			tag,
			(
				"%s's model of the player: %d encounter(s), hid %d time(s), typical speed %.1f m/s"
				% [guard.display_name, m["encounters"], m["hides"], m["typical_speed"]]
			)
		)


## The photo: the Patroller searching inside its growing circle, the player long gone.
func photo() -> Dictionary:
	player.teleport(mark("Start"), Vector3.RIGHT)
	await get_tree().create_timer(1.5, true, true).timeout
	player.teleport(mark("WestHidden"), Vector3.RIGHT)
	await get_tree().create_timer(0.5, true, true).timeout
	player.teleport(mark("Exit"), Vector3.FORWARD)
	await get_tree().create_timer(14.0, true, true).timeout
	return {"eye": to_global(Vector3(-22, 13, 9)), "look": to_global(Vector3(-32, 0, -5))}
