extends ApsTestSuite
## APS in a side-view 2D level built as a third-party platformer builds one, not as our demo
## does (see tests/fixtures/foreign/): ground and a wall column as a TileMapLayer whose tiles
## collide on physics layer 5 alone, a player that is a CharacterBody2D with its own camera, and
## enemies made from one scene, each a grounded CharacterBody2D that patrols under its own
## gravity and flips its sprite instead of turning, its eyes looking the way it walks
## (Gaze = Movement) with the guard preset as it comes. The suite does what a game does with
## APS and nothing more: it places nodes, sets their properties, moves bodies, reads beliefs
## and listens to signals. Pixels are 1/100 m (`aps/2d/pixels_per_meter`'s default).

const LEVEL := preload("res://tests/fixtures/foreign/level_2d.tscn")
const PLAYER := preload("res://tests/fixtures/foreign/player_2d.tscn")
const ENEMY := preload("res://tests/fixtures/foreign/enemy_2d.tscn")

const GROUND_LAYER := 1 << 4
## The bodies' capsules are 180 px tall, centred on their origin: standing on the floor (its
## top at y = 0) their origin is at y = -90.
const BODY_HEIGHT := 180.0
const STANDING_Y := -90.0
## Where APS looks at a body: 90, 60 and 10% of its collision shape's height, from its feet.
const LOOK_HEIGHTS: Array[float] = [0.9, 0.6, 0.1]
## The east face of the wall column (tile_ground.gd: x from 1536 to 1600 px, 224 px tall).
const WALL_EAST := 1600.0
## A jump that clears the wall: 760 px/s up (about 295 px high under 980 px/s² of gravity),
## 350 px/s along.
const JUMP_UP := 760.0
const JUMP_ALONG := 350.0

var _gravity: float = ProjectSettings.get_setting("physics/2d/default_gravity")

# --- the level and its people --------------------------------------------------------------


func _level() -> Node2D:
	var level: Node2D = LEVEL.instantiate()
	add_child(level)
	return level


func _player(x: float) -> CharacterBody2D:
	var player: CharacterBody2D = PLAYER.instantiate()
	player.position = Vector2(x, STANDING_Y - 1.0)
	add_child(player)
	player.get_node("Camera").make_current()
	return player


## An enemy from enemy_2d.tscn at `x`, set up as a level designer would in the inspector:
## `settings` holds the exported properties to set before it enters the level.
func _enemy(x: float, name_: String, settings: Dictionary = {}) -> CharacterBody2D:
	var enemy: CharacterBody2D = ENEMY.instantiate()
	enemy.name = name_
	enemy.position = Vector2(x, STANDING_Y - 1.0)
	for property in settings:
		enemy.set(property, settings[property])
	add_child(enemy)
	return enemy


## How many of the points APS looks at on `target` the ground leaves open to `enemy`'s eye: the
## test's own rays, against the ground's layer only.
func _points_in_view(enemy: CharacterBody2D, target: CharacterBody2D) -> int:
	var eye: Vector2 = enemy.perception.global_position
	var space := enemy.get_world_2d().direct_space_state
	var open := 0
	for h in LOOK_HEIGHTS:
		var point := target.global_position + Vector2(0, BODY_HEIGHT * 0.5 - BODY_HEIGHT * h)
		if (
			space
			. intersect_ray(PhysicsRayQueryParameters2D.create(eye, point, GROUND_LAYER))
			. is_empty()
		):
			open += 1
	return open


## One physics frame of the player moving at `along` px/s under gravity, as a game moves it.
func _step(player: CharacterBody2D, along: float) -> void:
	player.velocity.x = along
	if not player.is_on_floor():
		player.velocity.y += _gravity / FPS
	player.move_and_slide()
	await get_tree().physics_frame


## Jumps the player `toward` (1 right, -1 left) and calls `each_frame` every frame until it
## lands.
func _jump(player: CharacterBody2D, toward: float, each_frame: Callable) -> void:
	player.velocity = Vector2(toward * JUMP_ALONG, -JUMP_UP)
	for i in int(3.0 * FPS):
		await _step(player, toward * JUMP_ALONG)
		each_frame.call()
		if player.is_on_floor():
			break
	player.velocity = Vector2.ZERO


## The player follows `enemy` at its pace for `duration` s, keeping its distance.
func _creep_after(enemy: CharacterBody2D, player: CharacterBody2D, duration: float) -> void:
	var speed: float = enemy.speed
	var gap := player.global_position.x - enemy.global_position.x
	for i in int(duration * FPS):
		await _step(player, -speed)
	expect_near(
		player.global_position.x - enemy.global_position.x,
		gap,
		20.0,
		"kept its distance behind, px"
	)


func _now() -> float:
	return ApsWorld.get_world_time()


func _state(enemy: CharacterBody2D, target: Node2D) -> int:
	return enemy.perception.get_belief_state(target)


# --- the tests -----------------------------------------------------------------------------


func test_a_player_jumping_into_view_1200_px_ahead_of_a_walking_enemy_is_detected_within_a_second(
) -> void:
	_level()
	# The enemy patrols right, toward the wall; the player waits behind the wall and, as the
	# enemy comes, jumps over it toward the enemy.
	var enemy := _enemy(
		200.0, "Enemy", {"heading": 1, "patrol_left": -1000.0, "patrol_right": 1400.0}
	)
	var player := _player(1800.0)
	var log := ApsSignalLog.new(enemy.perception)
	await frames(2)
	# Jump when the enemy is at x = 440: it is then near 470 px when the player is in plain
	# view over the wall at about 1670 px.
	await wait_until(func(): return enemy.global_position.x >= 440.0, 5.0)
	expect_eq(_points_in_view(enemy, player), 0, "the wall hides the player before it jumps")
	expect(log.entries.is_empty(), "no signal while it hid: %s" % log.names(true))
	var m := {}
	await _jump(
		player,
		-1.0,
		func():
			var open := _points_in_view(enemy, player)
			if open > 0 and not m.has("seen_at"):
				m["seen_at"] = _now()
			if open == LOOK_HEIGHTS.size() and not m.has("plain_at"):
				m["plain_at"] = _now()
				m["plain_distance"] = player.global_position.x - enemy.perception.global_position.x
	)
	await wait_until(func(): return log.has("target_detected"), 2.0)
	if not expect(m.has("plain_at"), "the player came into plain view"):
		return
	expect_near(m["plain_distance"], 1200.0, 50.0, "in plain view 1200 px ahead, px")
	var detected := log.first("target_detected")
	if expect(not detected.is_empty(), "target_detected fired"):
		expect_eq(detected["target"], player, "detected the player")
		var after_plain: float = detected["time"] - m["plain_at"]
		var after_seen: float = detected["time"] - m["seen_at"]
		print(
			(
				"    seen (the head over the wall) %.2f s before plain view at %.0f px; detected %.2f s after plain view"
				% [m["plain_at"] - m["seen_at"], m["plain_distance"], after_plain]
			)
		)
		expect(after_seen >= 0.0, "not detected before any of it was in view")
		expect(after_plain <= 1.0, "detected within 1 s of plain view: %.2f s" % after_plain)
	expect_eq(enemy.last_signal_target, player, "the enemy's own script heard about the player")


func test_a_player_jumping_behind_the_tile_wall_is_lost_as_occluded_where_it_hid() -> void:
	_level()
	# The enemy steps right and stands 980 px from the player, who is in front of the wall.
	var enemy := _enemy(300.0, "Enemy")
	enemy.walk_to(320.0)
	var player := _player(1300.0)
	var log := ApsSignalLog.new(enemy.perception)
	await frames(2)
	var tracked := await wait_until(
		func(): return _state(enemy, player) == ApsPerceptionComponent2D.STATE_TRACKED, 3.0
	)
	expect(tracked, "tracked in the open first")
	var m := {}
	await _jump(
		player,
		1.0,
		func():
			if not m.has("hidden_at") and _points_in_view(enemy, player) == 0:
				m["hidden_at"] = _now()
				m["hidden_position"] = player.global_position
	)
	expect(
		player.global_position.x > WALL_EAST, "landed behind the wall: %s" % player.global_position
	)
	if not expect(m.has("hidden_at"), "the player went out of sight behind the wall"):
		return
	await wait_until(func(): return log.has("target_lost"), 3.0)
	var lost := log.first("target_lost")
	if not expect(not lost.is_empty(), "target_lost fired"):
		return
	var after: float = lost["time"] - m["hidden_at"]
	var last_known: Vector2 = lost["args"][1]
	var off := last_known.distance_to(m["hidden_position"])
	print("    lost %.2f s after it hid, last known %.0f px from where it hid" % [after, off])
	expect_eq(lost["target"], player, "lost the player")
	expect_eq(lost["args"][0], ApsPerceptionComponent2D.LOSS_OCCLUDED, "loss reason")
	expect(after >= 0.0 and after <= 0.5, "lost within 0.5 s of hiding: %.2f s" % after)
	expect(
		off <= 100.0,
		(
			"last known position within 100 px of where it hid: %s against %s"
			% [last_known, m["hidden_position"]]
		)
	)
	expect_eq(enemy.last_signal, &"target_lost", "the enemy's own script heard of the loss")
	expect(
		enemy.search_point.distance_to(last_known) < 0.001,
		"and would search where it was last seen"
	)


func test_a_player_behind_the_tile_wall_is_never_perceived() -> void:
	_level()
	# 800 px apart across the wall, the enemy facing it and the player.
	var enemy := _enemy(960.0, "Enemy")
	enemy.walk_to(1000.0)
	var player := _player(1800.0)
	var log := ApsSignalLog.new(enemy.perception)
	await frames(2)
	await wait_until(func(): return enemy.standing, 2.0)
	expect_near(player.global_position.x - enemy.global_position.x, 800.0, 5.0, "apart, px")
	expect_eq(_points_in_view(enemy, player), 0, "the wall hides the player")
	await seconds(5.0)
	expect(not log.has("target_suspected"), "never suspected through the wall: %s" % log.names())
	expect(log.entries.is_empty(), "no signal at all: %s" % log.names(true))
	expect_eq(_state(enemy, player), ApsPerceptionComponent2D.STATE_UNDETECTED, "state")
	# Not a blind enemy: once the player jumps over the wall toward it, it is seen.
	await _jump(player, -1.0, func(): pass)
	var seen := await wait_until(func(): return log.has("target_detected"), 1.0)
	expect(seen, "detected once over the wall")


func test_two_enemies_from_one_scene_say_nothing_about_each_other() -> void:
	_level()
	# Each steps toward the other and stands, so that each looks at the other, 600 px apart.
	var west := _enemy(-340.0, "EnemyA")
	var east := _enemy(340.0, "EnemyB")
	west.walk_to(-300.0)
	east.walk_to(300.0)
	var logs := {west: ApsSignalLog.new(west.perception), east: ApsSignalLog.new(east.perception)}
	await frames(2)
	await wait_until(func(): return west.standing and east.standing, 2.0)
	expect_near(east.global_position.x - west.global_position.x, 600.0, 5.0, "apart, px")
	expect(
		west.sprite.flip_h == false and east.sprite.flip_h == true, "their sprites face each other"
	)
	await seconds(3.0)
	for pair in [[west, east], [east, west]]:
		var enemy: CharacterBody2D = pair[0]
		var mate: CharacterBody2D = pair[1]
		expect_eq(
			_points_in_view(enemy, mate),
			LOOK_HEIGHTS.size(),
			"%s has %s in plain view" % [enemy.name, mate.name]
		)
		var log: ApsSignalLog = logs[enemy]
		var about_mate := log.entries.filter(func(e): return e["target"] == mate)
		expect(
			about_mate.is_empty(),
			"%s says nothing about %s: %s" % [enemy.name, mate.name, about_mate]
		)
		expect_eq(
			_state(enemy, mate),
			ApsPerceptionComponent2D.STATE_UNDETECTED,
			"%s's belief in %s" % [enemy.name, mate.name]
		)


func test_an_enemy_walking_away_does_not_see_the_player_behind_it_until_it_turns_round() -> void:
	_level()
	# The enemy patrols left; half a second later, its eyes by then looking the way it goes, the
	# player arrives 500 px behind it and creeps after it at its pace. (The next test meets the
	# enemy on its first step.)
	var enemy := _enemy(
		0.0, "Enemy", {"heading": -1, "patrol_left": -1500.0, "patrol_right": 1000.0}
	)
	await seconds(0.5)
	var player := _player(enemy.global_position.x + 500.0)
	var log := ApsSignalLog.new(enemy.perception)
	await _creep_after(enemy, player, 2.0)
	expect(not log.has("target_detected"), "not detected while walking away: %s" % log.names())
	expect(not log.has("target_suspected"), "not even suspected: %s" % log.names())
	# It turns round: now it walks toward the player, and looks that way.
	enemy.turn_round()
	var turned_at := _now()
	var seen := await wait_until(func(): return log.has("target_detected"), 2.0)
	if expect(seen, "detected once it turned round"):
		var after: float = log.first("target_detected")["time"] - turned_at
		print("    detected %.2f s after it turned round" % after)
		expect(after <= 1.0, "detected within 1 s of turning round: %.2f s" % after)


func test_an_enemy_that_starts_the_level_walking_away_does_not_look_back() -> void:
	_level()
	# As the level designer placed them: the enemy patrolling left from the first frame (its
	# sprite flipped), the player standing 500 px behind it. It has never walked right, so it
	# should never look right.
	var start := _now()
	var enemy := _enemy(
		0.0, "Enemy", {"heading": -1, "patrol_left": -1500.0, "patrol_right": 1000.0}
	)
	var player := _player(500.0)
	var log := ApsSignalLog.new(enemy.perception)
	await _creep_after(enemy, player, 2.0)
	var first: float = log.entries[0]["time"] - start if not log.entries.is_empty() else 0.0
	expect(
		not log.has("target_suspected"),
		(
			"not suspected while walking away from the start: %s, the first %.2f s into the level"
			% [log.names(), first]
		)
	)
	expect(
		not log.has("target_detected"),
		"not detected while walking away from the start: %s" % log.names()
	)
