extends DemoWing
## Wing 9, Top-down 2D: the same perception in a 2D game. A yard seen from above, in pixels: the
## Sentinel (DemoGuard2D: an ApsPerceptionComponent2D under a CharacterBody2D, with the Guard
## preset, the profile the 3D guards use, in metres; `aps/2d/pixels_per_meter` turns its 40 m of
## sight into 4000 px), a wall to hide behind (a StaticBody2D: it blocks sight), a dark corner
## (ApsWorld.add_light_zone_2d at level 0) and a stone (ApsWorld.emit_sound_2d with no thrower);
## then at dusk (a CanvasModulate) a PointLight2D lamp whose shadow a LightOccluder2D casts.
##
## The demo's main scene is 3D. This wing's level is 2D nodes on a CanvasLayer of the root
## viewport ($Level), so they live in the main scene's World2D: the world the 2D calls that name
## no node (light zones) go to, and an APS world of its own, apart from the 3D wings' World3D.
## The layer is shown, and the Sentinel perceives, only while the player is in this wing; the
## 3D player is parked meanwhile (its process disabled) on a patch of floor far east of the road,
## where the wing's node stands in 3D. The layer is scaled to the window, 1:1 at 1152x648.

## The yard's size in pixels: what the layer fits to the window.
const YARD := Vector2(1152, 648)
## The dark corner: where, how big (pixels), how lit (0..1).
const DARK_RADIUS := 100.0
const DARK_LEVEL := 0.0
## Where the dusk step's lamp stands.
const LAMP_2D := Vector2(152, 300)
## What the Sentinel draws while the wing is shown: cones, rays, labels, where it believes the
## player is, why it lost them, the sounds it hears.
const DRAW := (
	ApsPerceptionComponent2D.DRAW_CONES
	| ApsPerceptionComponent2D.DRAW_RAYS
	| ApsPerceptionComponent2D.DRAW_LABELS
	| ApsPerceptionComponent2D.DRAW_WHEREABOUTS
	| ApsPerceptionComponent2D.DRAW_LOSS_REASONS
	| ApsPerceptionComponent2D.DRAW_SOUNDS
)

@onready var level: CanvasLayer = $Level
@onready var yard: DemoFloor2D = $Level/Floor
@onready var sentinel: DemoGuard2D = $Level/Sentinel
@onready var runner: DemoPlayer2D = $Level/Player

var _controls: DemoControls2D


func _build() -> void:
	sentinel.wing_tag = tag
	yard.add_pool(mark2("Dark"), DARK_RADIUS, DARK_LEVEL)
	yard.write(mark2("Dark"), "DARK CORNER\nlight %.1f" % DARK_LEVEL, 18, Color(0.8, 0.8, 0.9, 0.7))
	yard.write(Vector2(700, 120), "wall: a StaticBody2D\nblocks sight", 16)
	yard.write(mark2("StoneLands") + Vector2(-20, 30), "behind its back", 14)
	_show(false)
	get_viewport().size_changed.connect(_fit)
	_fit()
	# In play, the keyboard drives the 2D player while this wing is shown.
	if OS.get_cmdline_user_args().has("--play"):
		_controls = DemoControls2D.new()
		_controls.player = runner
		add_child(_controls)


func enter() -> void:
	_show(true)
	runner.teleport(mark2("Hide"), Vector2.RIGHT)


func leave() -> void:
	_show(false)


## Shows the 2D level (and lets the Sentinel perceive and draw), or hides it; the 3D player is
## parked while it shows.
func _show(on: bool) -> void:
	level.visible = on
	sentinel.perception.enabled = on
	sentinel.perception.debug_draw = DRAW if on else 0
	sentinel.set_physics_process(on)
	runner.set_physics_process(on)
	if player != null:
		player.process_mode = Node.PROCESS_MODE_DISABLED if on else Node.PROCESS_MODE_INHERIT
		player.move_dir = Vector3.ZERO
	if _controls != null:
		_controls.active = on
	if not on:
		sentinel.stand_down()
		sentinel.rotation = sentinel.home_rotation
		# A stone still in flight would land, and be heard, in a level no one is in.
		for child in level.get_children():
			if child is DemoStone2D:
				child.queue_free()


## Scales the layer so the yard fills the window, centred: 1:1 at the default 1152x648.
func _fit() -> void:
	var view := get_viewport().get_visible_rect().size
	var s := minf(view.x / YARD.x, view.y / YARD.y)
	level.scale = Vector2(s, s)
	level.offset = (view - YARD * s) * 0.5


func tour() -> void:
	var bot2 := DemoBot2D.new(runner)
	bot2.wing = tag
	await _dark_and_light(bot2)
	await _cover(bot2)
	await _stone(bot2)
	await _lamp(bot2)


## The dark corner, then the light, as far away: the light factor is the only difference.
func _dark_and_light(bot2: DemoBot2D) -> void:
	var p := sentinel.perception
	runner.teleport(mark2("Dark"), Vector2.RIGHT)
	bot2.narrate(
		(
			"stands still in the dark corner, %.1f m from the Sentinel, in its main cone"
			% _metres(runner.global_position)
		)
	)
	var most := [0.0, ApsPerceptionComponent2D.STATE_UNDETECTED]
	bot2.on_frame = func() -> void:
		most[0] = maxf(most[0], p.get_confidence(runner))
		most[1] = maxi(most[1], p.get_belief_state(runner))
	await bot2.wait(3.0)
	bot2.on_frame = Callable()
	var dark := _vision()
	var dark_conf: float = dark.get("confidence", 0.0)
	(
		DemoTimeline
		. note(
			tag,
			(
				"in the dark (get_light_at_2d %.2f) the Sentinel's vision reads %.2f; its belief never above %.2f (%s)"
				% [
					ApsWorld.get_light_at_2d(runner.global_position),
					dark_conf,
					most[0],
					DemoTimeline.state_name(most[1])
				]
			)
		)
	)
	DemoTimeline.note(tag, 'explain() in the dark: "%s"' % dark.get("text", ""))

	bot2.narrate("steps out of the dark into the light, as far from the Sentinel")
	await bot2.go_to(mark2("Open"))
	var tracked := await bot2.until(
		func() -> bool: return p.get_belief_state(runner) == ApsPerceptionComponent2D.STATE_TRACKED,
		4.0
	)
	# Standing still again: the motion bonus of the step has faded from the reading.
	await bot2.wait(1.0)
	var lit := _vision()
	var lit_conf: float = lit.get("confidence", 0.0)
	(
		DemoTimeline
		. note(
			tag,
			(
				"in the light, %.1f m away, its vision reads %.2f: %.1f times the dark corner's; it believes %s"
				% [
					_metres(runner.global_position),
					lit_conf,
					lit_conf / maxf(dark_conf, 0.001),
					sentinel.belief_text(runner)
				]
			)
		)
	)
	DemoTimeline.note(tag, 'explain() in the light: "%s"' % lit.get("text", ""))
	check(
		(
			most[1] == ApsPerceptionComponent2D.STATE_UNDETECTED
			and most[0] < 0.15
			and tracked
			and dark_conf > 0.0
			and dark_conf * 4.0 < lit_conf
		),
		(
			"in the dark corner the Sentinel's vision read %.2f and it never suspected the player (%.2f); in the light, as far, %.2f and Tracked"
			% [dark_conf, most[0], lit_conf]
		)
	)


## Behind the wall: Lost, Occluded, and it knows where it last saw the player.
func _cover(bot2: DemoBot2D) -> void:
	var p := sentinel.perception
	var lost := {}
	var on_lost := func(t: Node2D, reason: int, last_known: Vector2) -> void:
		if t == runner and lost.is_empty():
			lost.merge({"reason": reason, "at": last_known, "conf": p.get_confidence(t)})
	p.target_lost.connect(on_lost)
	# Where the wall first stood between the Sentinel's eye and the player: a ray of the demo's
	# own, to compare with where APS says it lost them.
	var hidden_at := [Vector2.INF]
	bot2.on_frame = func() -> void:
		if hidden_at[0] == Vector2.INF and _wall_between():
			hidden_at[0] = runner.global_position
	bot2.narrate("sneaks behind the wall (slow, quiet footsteps)")
	await bot2.go_to(mark2("Hide"), &"sneak")
	await bot2.until(func() -> bool: return not lost.is_empty(), 3.0)
	bot2.on_frame = Callable()
	p.target_lost.disconnect(on_lost)
	var gap := INF
	if not lost.is_empty() and hidden_at[0] != Vector2.INF:
		gap = (lost["at"] as Vector2).distance_to(hidden_at[0])
		(
			DemoTimeline
			. note(
				tag,
				(
					"the wall hid the player at %s; APS lost them %s with last known %s, %.0f px from there"
					% [
						DemoGuard2D.place(hidden_at[0]),
						DemoTimeline.loss_name(lost["reason"]),
						DemoGuard2D.place(lost["at"]),
						gap
					]
				)
			)
		)
	check(
		(
			not lost.is_empty()
			and lost["reason"] == ApsPerceptionComponent2D.LOSS_OCCLUDED
			and gap <= 60.0
		),
		(
			"behind the wall the Sentinel lost the player, Occluded, last known %.0f px from where the wall hid them"
			% gap
		)
	)


## A stone behind the Sentinel's back: a noise with no thrower, a belief about a place; it turns.
func _stone(bot2: DemoBot2D) -> void:
	var p := sentinel.perception
	await bot2.wait(1.0)
	var lands := mark2("StoneLands")
	var before := sentinel.facing()
	bot2.narrate(
		"throws a stone back over the wall; it lands behind the Sentinel's back, out of its sight"
	)
	await bot2.throw_at(lands)
	var heard := await bot2.until(
		func() -> bool: return not p.get_strongest_location_belief().is_empty(), 2.0
	)
	var place := p.get_strongest_location_belief()
	var believed: Vector2 = place.get("location", Vector2.INF)
	var off := believed.distance_to(lands) if heard else INF
	var faced := await bot2.until(
		func() -> bool:
			return (
				absf(sentinel.facing().angle_to(believed - sentinel.global_position))
				< deg_to_rad(10.0)
			),
		3.0
	)
	var turned := rad_to_deg(absf(before.angle_to(sentinel.facing())))
	var state := p.get_belief_state(runner)
	if heard:
		place = p.get_strongest_location_belief()
	(
		DemoTimeline
		. note(
			tag,
			(
				'the Sentinel believes in a place: "%s" at %s (%s %.2f), %.0f px from where the stone landed; it turned %.0f deg to face it; of the player it believes %s'
				% [
					place.get("tag", ""),
					DemoGuard2D.place(believed),
					DemoTimeline.state_name(place.get("state", 0)),
					place.get("confidence", 0.0),
					off,
					turned,
					sentinel.belief_text(runner)
				]
			)
		)
	)
	check(
		(
			heard
			and off <= 30.0
			and faced
			and turned > 60.0
			and (
				state == ApsPerceptionComponent2D.STATE_LOST
				or state == ApsPerceptionComponent2D.STATE_REMEMBERED
			)
		),
		(
			"it heard the stone behind its back, believed it %.0f px from where it landed, and turned %.0f deg to it"
			% [off, turned]
		)
	)
	await bot2.wait(1.0)


## At dusk: a CanvasModulate dims the yard, a PointLight2D lamp lights a pool, and a
## LightOccluder2D beside it casts a shadow (no light zone: the level's own 2D lights). The
## player in the lamp's shadow reads dark, in its pool lit, and the Sentinel's vision follows.
func _lamp(bot2: DemoBot2D) -> void:
	var dusk := CanvasModulate.new()
	dusk.color = Color(0.05, 0.05, 0.07)
	level.add_child(dusk)
	var glow := GradientTexture2D.new()
	glow.width = 256
	glow.height = 256
	glow.fill = GradientTexture2D.FILL_RADIAL
	glow.fill_from = Vector2(0.5, 0.5)
	glow.fill_to = Vector2(1.0, 0.5)
	var fade := Gradient.new()
	fade.set_color(0, Color.WHITE)
	fade.set_color(1, Color(1, 1, 1, 0))
	glow.gradient = fade
	var lamp := PointLight2D.new()
	lamp.texture = glow
	lamp.texture_scale = 2.0
	lamp.energy = 1.5
	lamp.shadow_enabled = true
	lamp.position = LAMP_2D
	level.add_child(lamp)
	var post := LightOccluder2D.new()
	var box := OccluderPolygon2D.new()
	box.polygon = PackedVector2Array(
		[Vector2(-10, -30), Vector2(10, -30), Vector2(10, 30), Vector2(-10, 30)]
	)
	post.occluder = box
	post.position = LAMP_2D + Vector2(68, 0)
	level.add_child(post)
	yard.write(LAMP_2D + Vector2(0, -60), "lamp: PointLight2D\nshadow: LightOccluder2D", 14)

	# Back at its post, looking over the yard as at the start.
	sentinel.stand_down()
	sentinel.rotation = sentinel.home_rotation
	runner.teleport(LAMP_2D + Vector2(138, 0), Vector2.RIGHT)
	bot2.narrate("at dusk, stands in the shadow the occluder casts from the lamp")
	await bot2.wait(2.0)
	var shade := ApsWorld.get_target_light_2d(runner)
	var shaded: float = _vision().get("confidence", 0.0)
	bot2.narrate("steps into the lamp's pool")
	await bot2.go_to(LAMP_2D + Vector2(0, 70))
	await bot2.wait(1.5)
	var lit := ApsWorld.get_target_light_2d(runner)
	var seen: float = _vision().get("confidence", 0.0)
	(
		DemoTimeline
		. note(
			tag,
			(
				"in the lamp's shadow the player reads light %.2f and the Sentinel's vision %.2f; in its pool %.2f and %.2f"
				% [shade, shaded, lit, seen]
			)
		)
	)
	check(
		shade < 0.1 and lit > 0.8 and shaded > 0.0 and seen > shaded * 3.0,
		(
			"at dusk, in a PointLight2D's shadow the player read light %.2f (vision %.2f), in its pool %.2f (vision %.2f)"
			% [shade, shaded, lit, seen]
		)
	)
	for node in [dusk, lamp, post]:
		node.queue_free()


## The photo: the Sentinel's debug drawing while it tracks the player in the light, the dark
## corner beside them.
func photo() -> Dictionary:
	runner.teleport(mark2("Open"), Vector2.RIGHT)
	await get_tree().create_timer(2.5, true, true).timeout
	return {"eye": to_global(Vector3(0, 6, 8)), "look": to_global(Vector3.ZERO)}


## A route point of the 2D level (Level/Route), in the level's pixels.
func mark2(point: String) -> Vector2:
	return (level.get_node("Route/" + point) as Node2D).global_position


## What vision reported of the player in the Sentinel's last pass (explain()'s vision part).
func _vision() -> Dictionary:
	return sentinel.perception.explain(runner).get("senses", {}).get("vision", {})


## Metres from the Sentinel's eye to `at`.
func _metres(at: Vector2) -> float:
	return sentinel.perception.global_position.distance_to(at) / runner.ppm


## Whether a wall stands between the Sentinel's eye and the player's centre now.
func _wall_between() -> bool:
	var query := PhysicsRayQueryParameters2D.create(
		sentinel.perception.global_position, runner.global_position
	)
	query.exclude = [sentinel.get_rid(), runner.get_rid()]
	var hit := runner.get_world_2d().direct_space_state.intersect_ray(query)
	return not hit.is_empty()
