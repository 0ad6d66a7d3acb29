extends DemoWing
## Wing 2, States and loss: three stations behind dividing walls, one guard each, all three
## running the same script (search_guard.gd). Each loses the player for a different reason, and
## the reason APS gives decides the search.

@onready var searcher: DemoSearchGuard = $Searcher
@onready var watcher: DemoSearchGuard = $Watcher
@onready var listener: DemoSearchGuard = $Listener


func _build() -> void:
	DemoLevel.signpost(self, "Occluded", Vector3(-40, 4.5, -4), 72)
	DemoLevel.signpost(self, "OutOfRange", Vector3(0, 4.5, -4), 72)
	DemoLevel.signpost(self, "SoundFaded", Vector3(40, 4.5, -4), 72)
	DemoLevel.signpost(self, "back door", Vector3(-38, 3.4, -17), 36)
	DemoLevel.floor_text(self, "sight ends\nabout here", Vector3(0, 0, -31), 72)


func tour() -> void:
	await _occluded()
	await _out_of_range()
	await _sound_faded()


## Station 1: seen, then hidden behind the warehouse. The search goes to that corner.
func _occluded() -> void:
	var p := searcher.perception
	bot.narrate("walks out in front of the warehouse, in the Searcher's view")
	await bot.go_to(mark("AOpen"))
	var seen := await bot.until(
		func() -> bool: return p.get_belief_state(player) >= ApsPerceptionComponent.STATE_DETECTED,
		5.0
	)
	await bot.wait(1.0)
	bot.narrate("ducks round the warehouse's corner and slips in at its back door")
	await bot.follow([mark("ACorner"), mark("ABack"), mark("ADoor"), mark("AInside")])
	bot.crouch(true)
	await bot.until(func() -> bool: return searcher.search.get("looked", false), 30.0)
	var s: Dictionary = searcher.search
	var searched: bool = (
		seen
		and s.get("reason", -1) == ApsPerceptionComponent.LOSS_OCCLUDED
		and s.get("looked", false)
	)
	if searched:
		(
			DemoTimeline
			. note(
				tag,
				(
					"the Searcher searched %.1f m from where it lost the player; the player was inside, out of sight"
					% searcher.global_position.distance_to(s["last_known"])
				)
			)
		)
	check(
		searched and searcher.global_position.distance_to(s["last_known"]) < 2.5,
		"Occluded: the Searcher went to the corner where it lost the player and searched it"
	)
	bot.crouch(false)


## Station 2: seen, then outrun. The search heads on along the way the player ran.
func _out_of_range() -> void:
	var p := watcher.perception
	bot.narrate("goes to the middle station and stands in front of the Watcher")
	player.teleport(mark("BStart"), Vector3.FORWARD)
	var seen := await bot.until(
		func() -> bool: return p.get_belief_state(player) == ApsPerceptionComponent.STATE_TRACKED,
		5.0
	)
	bot.narrate("runs straight away, past the end of its 40 m sight")
	# Where the Watcher went in the 4 s after it lost the player, measured on a physics timer.
	var lost := [false]
	var went := [Vector3.ZERO]
	var on_lost := func(t: Node3D, reason: int, _at: Vector3) -> void:
		if t == player and reason == ApsPerceptionComponent.LOSS_OUT_OF_RANGE and not lost[0]:
			lost[0] = true
			var from := watcher.global_position
			get_tree().create_timer(4.0, false, true).timeout.connect(
				func() -> void: went[0] = watcher.global_position - from
			)
	p.target_lost.connect(on_lost)
	await bot.follow([mark("BFar")], &"run")
	bot.narrate("slips behind the hedge")
	await bot.go_to(mark("BHide"))
	bot.crouch(true)
	await bot.until(func() -> bool: return went[0] != Vector3.ZERO, 8.0)
	p.target_lost.disconnect(on_lost)
	var s: Dictionary = watcher.search
	var moved: Vector3 = went[0] * Vector3(1, 0, 1)
	var along := 0.0
	if not s.is_empty():
		along = moved.normalized().dot((s["direction"] as Vector3).normalized())
		DemoTimeline.note(
			tag,
			(
				"loss direction %s; in 4 s the Watcher went %.1f m, %.0f%% along it"
				% [DemoTimeline.direction(s["direction"]), moved.length(), along * 100.0]
			)
		)
	check(
		(
			seen
			and lost[0]
			and s.get("reason", -1) == ApsPerceptionComponent.LOSS_OUT_OF_RANGE
			and moved.length() > 5.0
			and along > 0.9
		),
		"OutOfRange: the Watcher headed on along the loss direction"
	)
	bot.crouch(false)


## Station 3: heard, never seen; the noise stops. It checks the area and does not chase.
## Then a thrown stone: a noise with no thrower, a belief about a place.
func _sound_faded() -> void:
	var p := listener.perception
	bot.narrate("goes to the right station and walks along behind the fence, footsteps and all")
	player.teleport(mark("CStart"), Vector3.LEFT)
	await bot.go_to(mark("CNoisy"))
	var heard := p.get_belief_state(player) >= ApsPerceptionComponent.STATE_SUSPECTED
	bot.narrate("goes quiet behind the container")
	await bot.go_to(mark("CRound"))
	await bot.go_to(mark("CHide"), &"sneak")
	bot.crouch(true)
	await bot.until(func() -> bool: return listener.search.get("looked", false), 30.0)
	var s: Dictionary = listener.search
	var checked: bool = (
		heard
		and s.get("reason", -1) == ApsPerceptionComponent.LOSS_SOUND_FADED
		and s.get("looked", false)
	)
	if not s.is_empty():
		DemoTimeline.note(
			tag,
			(
				"the Listener looked the area over and went no further than %.1f m from the sound"
				% s["farthest"]
			)
		)
	check(
		checked and s["farthest"] < 4.0,
		"SoundFaded: the Listener checked the area and did not chase"
	)
	await _until_forgotten(listener)
	# Back at its post, so the stone is the only news.
	await bot.until(func() -> bool: return listener.doing.is_empty(), 15.0)

	bot.narrate("throws a stone over the fence, from hiding")
	await bot.throw_at(mark("CStoneLands"))
	var placed := await bot.until(func() -> bool: return not listener.place_check.is_empty(), 3.0)
	var attention := p.get_attention_target()
	DemoTimeline.note(
		tag,
		(
			"attention target: %s (a place never takes attention)"
			% ("none" if attention == null else String(attention.name))
		)
	)
	await bot.until(func() -> bool: return listener.place_check.get("arrived", false), 20.0)
	check(
		placed and attention == null and listener.place_check.get("arrived", false),
		"a stone with no thrower made a place belief, and the Listener went to look"
	)
	await bot.until(func() -> bool: return listener.doing.is_empty(), 25.0)
	bot.crouch(false)


## Waits until `guard` has forgotten the player (Expired) and says so.
func _until_forgotten(guard: DemoGuard) -> void:
	await bot.until(
		func() -> bool:
			var state := guard.perception.get_belief_state(player)
			return (
				state == ApsPerceptionComponent.STATE_EXPIRED
				or state == ApsPerceptionComponent.STATE_UNDETECTED
			),
		30.0
	)


## The photo: the Searcher on its way to the corner where the player vanished.
func photo() -> Dictionary:
	player.teleport(mark("AOpen"), Vector3.FORWARD)
	await get_tree().create_timer(2.0, true, true).timeout
	player.teleport(mark("AInside"), Vector3.FORWARD)
	await get_tree().create_timer(3.0, true, true).timeout
	return {"eye": to_global(Vector3(-24, 12, 8)), "look": to_global(Vector3(-35, 0, -7))}
