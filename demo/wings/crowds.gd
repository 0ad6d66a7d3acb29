extends DemoWing
## Wing 5, Crowds: two hundred guards on a square. Every AI is scored for significance each
## tick: the nearer the viewer (the camera) and the more alert, the higher, and the score
## picks its level-of-detail tier: how often it perceives. Each guard is tinted by its tier;
## the figures ApsWorld.get_stats() reports are on screen.

const COLUMNS := 20
const ROWS := 10
const SPACING := 7.5
## Tint per tier: 0 full rate ... 4 suspended.
const TIER_COLORS: Array[Color] = [
	Color(0.95, 0.25, 0.2),
	Color(0.95, 0.65, 0.2),
	Color(0.9, 0.9, 0.3),
	Color(0.35, 0.6, 0.95),
	Color(0.35, 0.35, 0.4)
]
const TIER_NAMES: Array[String] = [
	"every 0.1 s", "every 0.2 s", "every 0.5 s", "every 2 s", "suspended"
]

var crowd: Array[DemoCrowdGuard] = []
## One profile for the whole crowd, lighter than a hero guard's: fewer belief slots and
## fewer rays per look. In a crowd most of what a guard perceives is its own teammates.
var _profile := ApsProfile.new()
var _tick := 0
var _visiting := false
var _stats_text := ""


func _build() -> void:
	_profile.max_tracked_targets = 6
	_profile.vision_max_rays_per_target = 2


## The crowd is on the square only while the player is in this wing: two hundred bodies and
## perceivers cost the other wings' frames even when level of detail suspends them.
func _spawn() -> void:
	for row in ROWS:
		for col in COLUMNS:
			var g := DemoCrowdGuard.new()
			g.name = "Guard%03d" % crowd.size()
			g.setup(_profile)
			add_child(g)
			g.position = Vector3(col * SPACING, 0, -5.0 - row * SPACING)
			# Facing the road along the square's south edge.
			g.rotation.y = PI
			crowd.append(g)


func enter() -> void:
	_visiting = true
	if crowd.is_empty():
		_spawn()
	ApsWorld.reset_stats()
	hud.set_stats(_legend())


## What each tier's colour means, and how many guards are in it now.
func _legend() -> String:
	var counts := [0, 0, 0, 0, 0]
	for g in crowd:
		var tier := ApsWorld.get_lod_tier(g.perception)
		if tier >= 0:
			counts[tier] += 1
	var names := ["red", "orange", "yellow", "blue", "grey"]
	var text := "Tiers (colour, how often it perceives, guards now):"
	for i in TIER_NAMES.size():
		text += "\n  %d %-6s %-12s %3d" % [i, names[i], TIER_NAMES[i], counts[i]]
	return text


func leave() -> void:
	_visiting = false
	hud.set_stats("")
	for g in crowd:
		g.queue_free()
	crowd.clear()


func _physics_process(_delta: float) -> void:
	_tick += 1
	if _tick % 15 == 0:
		_tint()
	if _visiting and _tick % 60 == 0:
		_stats_text = _stats_line()
		hud.set_stats(_legend() + "\n\n" + _stats_text)


## Colours every guard by its tier and turns the aware ones toward the player.
func _tint() -> void:
	for g in crowd:
		var tier := ApsWorld.get_lod_tier(g.perception)
		g.mesh.material_override = DemoLevel.material(TIER_COLORS[clampi(tier, 0, 4)])
		if g.perception.get_awareness_level() > ApsPerceptionComponent.AWARENESS_UNAWARE:
			g.face_attention()


## The figures of the last second, from ApsWorld.get_stats() (counters since the last reset).
func _stats_line() -> String:
	var s := ApsWorld.get_stats()
	ApsWorld.reset_stats()
	var f := ApsWorld.get_last_frame_stats()
	return (
		"last second: %d perception passes, %d rays, %d candidates, %d detections, %.1f ms in APS\nlast frame: %d passes of %d AI, %d rays, %d us"
		% [
			s["perceivers_run"],
			s["rays_cast"],
			s["candidates_gathered"],
			s["detections"],
			float(s["time_usec"]) / 1000.0,
			f["passes"],
			f["perceivers"],
			f["rays"],
			f["time_usec"]
		]
	)


## How many guards are at each tier now, and how many notice the player.
func census() -> Dictionary:
	var tiers := [0, 0, 0, 0, 0]
	var noticed := 0
	var tracked := 0
	for g in crowd:
		var tier := ApsWorld.get_lod_tier(g.perception)
		if tier >= 0:
			tiers[tier] += 1
		var state := g.perception.get_belief_state(player)
		if (
			state >= ApsPerceptionComponent.STATE_SUSPECTED
			and state <= ApsPerceptionComponent.STATE_TRACKED
		):
			noticed += 1
		if state == ApsPerceptionComponent.STATE_TRACKED:
			tracked += 1
	var distinct := 0
	for n: int in tiers:
		if n > 0:
			distinct += 1
	return {"tiers": tiers, "distinct": distinct, "noticed": noticed, "tracked": tracked}


func _census_text(c: Dictionary) -> String:
	var t: Array = c["tiers"]
	return (
		"%d of %d guards notice the player (%d track it); tiers now: 0: %d, 1: %d, 2: %d, 3: %d, 4: %d"
		% [c["noticed"], crowd.size(), c["tracked"], t[0], t[1], t[2], t[3], t[4]]
	)


func tour() -> void:
	bot.narrate("arrives at the square's corner; the camera follows it")
	await bot.wait(2.0)
	var corner := census()
	DemoTimeline.note(tag, "at the corner: " + _census_text(corner))
	bot.narrate("walks along the square's south edge")
	await bot.go_to(mark("Walk"))
	var most_tiers: int = corner["distinct"]
	var noticed: int = corner["noticed"]
	for _i in 6:
		await bot.wait(0.5)
		var c := census()
		noticed = maxi(noticed, c["noticed"])
		most_tiers = maxi(most_tiers, c["distinct"])
	DemoTimeline.note(tag, "with the player in view: " + _census_text(census()))
	# The on-screen figures are refreshed once a second; print the latest full second of them.
	await bot.wait(1.05)
	DemoTimeline.note(tag, _stats_text.get_slice("\n", 0))
	check(
		most_tiers >= 3 and noticed > 0,
		(
			"%d tiers at once across 200 guards, the ones that noticed the player at full rate"
			% most_tiers
		)
	)


func photo() -> Dictionary:
	player.teleport(mark("Walk"), Vector3.RIGHT)
	await get_tree().create_timer(2.0, true, true).timeout
	return {"eye": to_global(Vector3(-6, 20, 22)), "look": to_global(Vector3(40, 0, -35))}
