extends DemoWing
## Wing 8, Glass, leaves, smoke and doorways: what sight and sound get through.
##
## An ApsOccluder under a collision object lets sight and sound through it in part instead of
## stopping them: a vision ray goes on through it, and the sample point it reaches counts as
## the occluder's sight transmission of itself. Three lookouts (lookout.gd) watch the player
## past one each: the Clerk through its sliding window, one half glass (a StaticBody3D pane,
## sight 0.9), the other slid open; the Keeper over a hedge (an Area3D, foliage 0.5); the
## Watchman into a cloud of smoke (an Area3D, 0.2). Dividers keep each lookout to its own bay.
##
## An ApsSoundPortal in a doorway lets sound round a wall: when the straight way from a sound to
## an ear is blocked, the sound also arrives by the shortest open way through portals, weaker
## by that way's length, and is heard from the last opening on it. The Porter (search_guard.gd)
## is shut in a room; a stone clatters outside its south wall, and it goes to look at the
## doorway the sound came in by, not at the wall.

@onready var clerk: DemoGuard = $Clerk
@onready var keeper: DemoGuard = $Keeper
@onready var watchman: DemoGuard = $Watchman
@onready var porter: DemoSearchGuard = $Porter
@onready var doorway: Node3D = $Doorway


func _build() -> void:
	DemoLevel.signpost(self, "glass: sight 0.9", Vector3(-21.9, 2.15, -23.6), 40)
	DemoLevel.signpost(self, "slid open", Vector3(-20.1, 2.15, -23.6), 40)
	DemoLevel.signpost(self, "hedge: sight 0.5", Vector3(-7, 2.4, -11.2), 40)
	DemoLevel.signpost(self, "smoke: sight 0.2", Vector3(7, 3.8, -13), 40)
	DemoLevel.signpost(self, "doorway: an ApsSoundPortal", Vector3(34.5, 3.4, -20.8), 40)
	DemoLevel.floor_text(self, "Clerk", Vector3(-21, 0, -18), 64)
	DemoLevel.floor_text(self, "Keeper", Vector3(-7, 0, -6), 64)
	DemoLevel.floor_text(self, "Watchman", Vector3(7, 0, -6), 64)
	DemoLevel.floor_text(self, "Porter", Vector3(27, 0, -14), 64)


func enter() -> void:
	for guard in [clerk, keeper, watchman]:
		hud.add_meter(guard, player)


func tour() -> void:
	await _window()
	await _hedge()
	await _smoke()
	await _doorway()


## Glass: the Clerk sees the player through the shut half of its window nearly as well as
## through the open half, at the same distance and angle.
func _window() -> void:
	var p := clerk.perception
	player.teleport(mark("Glass"), Vector3.FORWARD)
	bot.narrate("stands in front of the Clerk's window, behind its shut pane of glass")
	var seen := await bot.until(
		func() -> bool: return p.get_belief_state(player) >= ApsPerceptionComponent.STATE_DETECTED,
		3.0
	)
	await bot.wait(0.5)
	var glass := _vision(clerk)
	bot.narrate("steps along to the half of the window that is slid open")
	await bot.go_to(mark("OpenWindow"))
	# Standing still again: the motion bonus of the step has faded from the reading.
	await bot.wait(0.6)
	var open := _vision(clerk)
	var through_glass: float = glass.get("confidence", 0.0)
	var in_open: float = open.get("confidence", 0.0)
	var ratio := through_glass / in_open if in_open > 0.0 else 0.0
	(
		DemoTimeline
		. note(
			tag,
			(
				"the Clerk's vision through the glass: %.2f; through the open half: %.2f (the glass keeps %.2f of it)"
				% [through_glass, in_open, ratio]
			)
		)
	)
	DemoTimeline.note(tag, 'explain() through the glass: "%s"' % glass.get("text", ""))
	check(
		(
			seen
			and ratio >= 0.85
			and ratio <= 0.95
			and _passed(glass, $Window)
			and "through Window" in String(glass.get("text", ""))
		),
		(
			"the Clerk saw the player through glass at %.2f, %.2f of the %.2f through the open half"
			% [through_glass, ratio, in_open]
		)
	)


## Foliage: crouched behind the hedge, each of the player's three sample points counts half.
func _hedge() -> void:
	var p := keeper.perception
	bot.crouch(true)
	player.teleport(mark("BehindHedge"), Vector3.FORWARD)
	bot.narrate("crouches behind the hedge, 23 m in front of the Keeper")
	await bot.until(
		func() -> bool: return p.get_belief_state(player) >= ApsPerceptionComponent.STATE_SUSPECTED,
		3.0
	)
	await bot.wait(0.8)
	var hedge := _vision(keeper)
	var factors: Dictionary = hedge.get("factors", {})
	var exposure: float = factors.get("exposure", 0.0)
	(
		DemoTimeline
		. note(
			tag,
			(
				"the Keeper's vision of the player in the hedge: exposure %.2f, confidence %.2f; it believes %s"
				% [exposure, hedge.get("confidence", 0.0), keeper.belief_text(player)]
			)
		)
	)
	DemoTimeline.note(tag, 'explain() through the hedge: "%s"' % hedge.get("text", ""))
	check(
		absf(exposure - 0.5) <= 0.05 and _passed(hedge, $Hedge),
		"behind the hedge the Keeper saw the player by half: exposure %.2f" % exposure
	)
	bot.crouch(false)


## Smoke: 23 m away behind the cloud the Watchman never suspects the player; beside it, as
## far away, it detects them.
func _smoke() -> void:
	var p := watchman.perception
	player.teleport(mark("BehindSmoke"), Vector3.FORWARD)
	bot.narrate("stands behind the smoke, 23 m in front of the Watchman")
	var most := [0.0, ApsPerceptionComponent.STATE_UNDETECTED]
	bot.on_frame = func() -> void:
		most[0] = maxf(most[0], p.get_confidence(player))
		most[1] = maxi(most[1], p.get_belief_state(player))
	await bot.wait(2.5)
	bot.on_frame = Callable()
	var smoke := _vision(watchman)
	DemoTimeline.note(
		tag,
		(
			"behind the smoke the Watchman's vision reads %.2f; its belief never above %.2f (%s)"
			% [smoke.get("confidence", 0.0), most[0], DemoTimeline.state_name(most[1])]
		)
	)
	DemoTimeline.note(tag, 'explain() through the smoke: "%s"' % smoke.get("text", ""))
	bot.narrate("steps out beside the smoke, as far from the Watchman")
	await bot.go_to(mark("BesideSmoke"))
	var detected := await bot.until(
		func() -> bool: return p.get_belief_state(player) >= ApsPerceptionComponent.STATE_DETECTED,
		3.0
	)
	var open := _vision(watchman)
	DemoTimeline.note(
		tag,
		(
			"beside the smoke, %.1f m away: its vision reads %.2f"
			% [
				watchman.perception.global_position.distance_to(player.global_position),
				open.get("confidence", 0.0)
			]
		)
	)
	check(
		(
			most[1] == ApsPerceptionComponent.STATE_UNDETECTED
			and most[0] < 0.15
			and detected
			and _passed(smoke, $Smoke)
		),
		(
			"the smoke hid the player from the Watchman (never above %.2f, below Suspected), who detected it beside the smoke (%.2f)"
			% [most[0], open.get("confidence", 0.0)]
		)
	)


## A doorway: a stone clatters outside the Porter's room, behind its south wall; the Porter hears
## it from the doorway the sound came in by and goes there.
func _doorway() -> void:
	player.teleport(mark("Throw"), mark("Clatter") - mark("Throw"))
	bot.narrate("outside the Porter's room, throws a stone against the far side of its south wall")
	await bot.throw_at(mark("Clatter"))
	var clatter := mark("Clatter") + Vector3(0, 0.3, 0)
	var ear := porter.perception.global_position
	var straight := ear.distance_to(clatter)
	var query := PhysicsRayQueryParameters3D.create(ear, clatter)
	var wall := get_world_3d().direct_space_state.intersect_ray(query)
	var heard := await bot.until(func() -> bool: return not porter.place_check.is_empty(), 2.0)
	# A noise with no one behind it is a belief about a place: where APS believes it was.
	var believed: Vector3 = porter.perception.get_strongest_location_belief().get(
		"location", Vector3.INF
	)
	var portal := doorway.global_position
	# How far round from the straight way (through the wall) the Porter hears it.
	var turn := rad_to_deg(
		absf(
			(_on_ground(clatter) - _on_ground(ear)).angle_to(_on_ground(believed) - _on_ground(ear))
		)
	)
	(
		DemoTimeline
		. note(
			tag,
			(
				"the stone clattered at %s, %.1f m from the Porter straight through %s; the Porter believes the noise is at %s, %.2f m from the doorway's portal, %.0f deg round from the straight way"
				% [
					DemoTimeline.place(clatter),
					straight,
					(
						"the %s's wall" % (wall["collider"] as Node).name
						if not wall.is_empty()
						else "nothing"
					),
					DemoTimeline.place(believed),
					believed.distance_to(portal),
					turn
				]
			)
		)
	)
	var arrived := await bot.until(
		func() -> bool: return porter.place_check.get("arrived", false), 5.0
	)
	var from_door := _on_ground(porter.global_position).distance_to(_on_ground(portal))
	DemoTimeline.note(
		tag,
		(
			"the Porter stands %.1f m from the doorway, %.1f m from where the stone lies"
			% [
				from_door,
				_on_ground(porter.global_position).distance_to(_on_ground(mark("Clatter")))
			]
		)
	)
	check(
		(
			heard
			and not wall.is_empty()
			and believed.distance_to(portal) <= 1.0
			and arrived
			and from_door <= 2.5
		),
		(
			"the Porter heard the stone behind the wall from the doorway (%.2f m from its portal) and went there"
			% believed.distance_to(portal)
		)
	)


## The photo: the Clerk tracking the player through the shut half of its window.
func photo() -> Dictionary:
	player.teleport(mark("Glass"), Vector3.FORWARD)
	await get_tree().create_timer(2.5, true, true).timeout
	# From above the player's left shoulder: the Clerk seen through the tinted pane, the open
	# half beside it.
	return {
		"eye": to_global(Vector3(-25.5, 4.5, -15.5)), "look": to_global(Vector3(-21.6, 1.8, -25.5))
	}


## What vision reported of the player in `guard`'s last pass (explain()'s vision part).
func _vision(guard: DemoGuard) -> Dictionary:
	return guard.perception.explain(player).get("senses", {}).get("vision", {})


## `v` on the ground: distances across the floor.
static func _on_ground(v: Vector3) -> Vector2:
	return Vector2(v.x, v.z)


## Whether a vision reading's rays passed `occluder` (its `through`).
func _passed(vision: Dictionary, occluder: Node) -> bool:
	return (vision.get("through", []) as Array).has(occluder)
