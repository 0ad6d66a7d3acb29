extends ApsTestSuite
## APS in a level built as a third-party 3D game builds one, not as our demo does (see
## tests/fixtures/foreign/): a GridMap level and a pillar on physics layer 16 alone, a player
## that is a CharacterBody3D with its own camera, and enemies made from one scene, each a
## RigidBody3D with locked rotation and its own integrator whose glTF-style Model (facing +Z)
## turns to where it walks, its eyes under the Model with Gaze = Model Front and the guard
## preset as it comes. The suite does what a game does with APS and nothing more: it places
## nodes, sets their properties, moves bodies, reads beliefs and listens to signals.

const LEVEL := preload("res://tests/fixtures/foreign/level.tscn")
const PLAYER := preload("res://tests/fixtures/foreign/player.tscn")
const ENEMY := preload("res://tests/fixtures/foreign/enemy.tscn")
## The same enemy with the mistake a game can make: its eyes directly under the locked body,
## looking along Godot's forward (-Z) while the body walks wherever its Model turns.
const ENEMY_EYE_ON_BODY := preload("res://tests/fixtures/foreign/enemy_eye_on_body.tscn")

const LEVEL_LAYER := 1 << 15
## The player's capsule (player.tscn), feet at its origin.
const PLAYER_HEIGHT := 1.8
## Where APS looks at a body: 90, 60 and 10% of its collision shape's height.
const LOOK_HEIGHTS: Array[float] = [0.9, 0.6, 0.1]
## The player's pace, m/s.
const WALK_SPEED := 2.0
const MOVED_WARNING := "its body has moved"

# --- the level and its people --------------------------------------------------------------


func _level() -> Node3D:
	var level: Node3D = LEVEL.instantiate()
	add_child(level)
	return level


func _player(feet: Vector3) -> CharacterBody3D:
	var player: CharacterBody3D = PLAYER.instantiate()
	player.position = feet
	add_child(player)
	return player


## An enemy from `scene` standing at `feet`, its Model facing `looking_at`.
func _enemy(
	feet: Vector3, looking_at: Vector3, name_: String, scene: PackedScene = ENEMY
) -> RigidBody3D:
	var enemy: RigidBody3D = scene.instantiate()
	enemy.name = name_
	enemy.position = feet
	add_child(enemy)
	enemy.face(looking_at)
	return enemy


## How many of the points APS looks at on the player the level leaves open to `enemy`'s eye:
## the test's own rays, against the level's layer only.
func _points_in_view(enemy: RigidBody3D, player: CharacterBody3D) -> int:
	var eye: Vector3 = enemy.perception.global_position
	var space := get_world_3d().direct_space_state
	var open := 0
	for h in LOOK_HEIGHTS:
		var point := player.global_position + Vector3.UP * PLAYER_HEIGHT * h
		if (
			space
			. intersect_ray(PhysicsRayQueryParameters3D.create(eye, point, LEVEL_LAYER))
			. is_empty()
		):
			open += 1
	return open


## One physics frame of the player walking at `velocity` (m/s), as a game moves it.
func _step(player: CharacterBody3D, velocity: Vector3) -> void:
	player.velocity = velocity + Vector3.DOWN
	player.move_and_slide()
	await get_tree().physics_frame


func _now() -> float:
	return ApsWorld.get_world_time()


func _flat(v: Vector3) -> Vector3:
	return Vector3(v.x, 0.0, v.z)


## Waits until `enemy` stops walking (at most `timeout` s).
func _arrive(enemy: RigidBody3D, timeout: float = 10.0) -> void:
	await wait_until(func(): return not enemy.is_walking(), timeout)


## The scenario of the first tests. The enemy walks from z = 6 toward the short wall's west end
## (the level's wall runs from x = 1 to 6 at z -9 to -8) and stops at z = -4; the player waits
## behind that wall at (3.5, -10) and, as the enemy comes, walks west along z = -10 into its
## path, where it is in plain view about 12 m ahead, then stops at x = 0. Once the enemy has it
## tracked, the player walks back east behind the wall and stops at x = 2.5.
## Returns what the test measured: the times (world time, s) it first came into view, was
## detected, was hidden again and was lost, with where and how far.
func _step_out_and_hide(
	enemy: RigidBody3D, player: CharacterBody3D, log: ApsSignalLog
) -> Dictionary:
	var m := {}
	enemy.walk_to(Vector3(0, 0, -4))
	# Leave the cover when the enemy is at z = 3.9: it is then near z = 2 when the player, at
	# 2 m/s, comes past the wall's west end (x = 1.2 seen from z = 2), 12 m ahead.
	await wait_until(func(): return enemy.global_position.z <= 3.9, 5.0)
	m["hidden_before"] = _points_in_view(enemy, player) == 0
	m["suspected_while_hidden"] = log.has("target_suspected")
	while player.global_position.x > 0.0:
		await _step(player, Vector3.LEFT * WALK_SPEED)
		if not m.has("seen_at") and _points_in_view(enemy, player) > 0:
			m["seen_at"] = _now()
			m["seen_distance"] = _flat(player.global_position).distance_to(
				_flat(enemy.perception.global_position)
			)
			m["seen_all_points"] = _points_in_view(enemy, player) == LOOK_HEIGHTS.size()
	await wait_until(
		func():
			return enemy.perception.get_belief_state(player) == ApsPerceptionComponent.STATE_TRACKED,
		4.0
	)
	m["detected"] = log.first("target_detected")
	m["tracked"] = enemy.perception.get_belief_state(player) == ApsPerceptionComponent.STATE_TRACKED
	await _arrive(enemy)

	# Back behind the wall.
	while player.global_position.x < 2.5:
		await _step(player, Vector3.RIGHT * WALK_SPEED)
		if not m.has("hidden_at") and _points_in_view(enemy, player) == 0:
			m["hidden_at"] = _now()
			m["hidden_position"] = player.global_position
	await wait_until(func(): return log.has("target_lost"), 3.0)
	m["lost"] = log.first("target_lost")
	return m


# --- the tests -----------------------------------------------------------------------------


func test_a_player_stepping_out_from_behind_a_grid_map_wall_is_detected_within_a_second() -> void:
	_level()
	var enemy := _enemy(Vector3(0, 0, 6), Vector3(0, 0, -10), "Enemy")
	var player := _player(Vector3(3.5, 0, -10))
	var log := ApsSignalLog.new(enemy.perception)
	await frames(2)
	var m := await _step_out_and_hide(enemy, player, log)

	expect(m["hidden_before"], "the player starts out of sight behind the wall")
	expect(not m["suspected_while_hidden"], "nothing suspected while it hid behind the wall")
	if not expect(m.has("seen_at"), "the player came into view"):
		return
	# A vertical wall edge uncovers head, chest and feet in the same step: plain view.
	expect(m["seen_all_points"], "in plain view as soon as it is past the wall's end")
	expect_near(m["seen_distance"], 12.0, 0.5, "the player comes into view 12 m ahead, m")
	var detected: Dictionary = m["detected"]
	if expect(not detected.is_empty(), "target_detected fired"):
		expect_eq(detected["target"], player, "detected the player")
		var after: float = detected["time"] - m["seen_at"]
		var suspected: float = log.first("target_suspected")["time"] - m["seen_at"]
		print(
			(
				"    in view at %.2f m; suspected %.2f s and detected %.2f s later"
				% [m["seen_distance"], suspected, after]
			)
		)
		expect(
			after >= 0.0 and after <= 1.0, "detected within 1 s of coming into view: %.2f s" % after
		)
	expect(m["tracked"], "then tracked")
	expect(enemy.last_signal_target == player, "the enemy's own script heard about the player")


func test_a_player_slipping_behind_a_grid_map_wall_is_lost_as_occluded_where_it_hid() -> void:
	_level()
	var enemy := _enemy(Vector3(0, 0, 6), Vector3(0, 0, -10), "Enemy")
	var player := _player(Vector3(3.5, 0, -10))
	var log := ApsSignalLog.new(enemy.perception)
	await frames(2)
	var m := await _step_out_and_hide(enemy, player, log)

	expect(m["tracked"], "tracked before it hid")
	if not expect(m.has("hidden_at"), "the player went out of sight behind the wall"):
		return
	var lost: Dictionary = m["lost"]
	if not expect(not lost.is_empty(), "target_lost fired"):
		return
	var after: float = lost["time"] - m["hidden_at"]
	var last_known: Vector3 = lost["args"][1]
	var off := _flat(last_known).distance_to(_flat(m["hidden_position"]))
	print("    lost %.2f s after it hid, last known %.2f m from where it hid" % [after, off])
	expect_eq(lost["target"], player, "lost the player")
	expect_eq(lost["args"][0], ApsPerceptionComponent.LOSS_OCCLUDED, "loss reason")
	expect(after >= 0.0 and after <= 0.5, "lost within 0.5 s of hiding: %.2f s" % after)
	expect(
		off <= 1.0,
		(
			"last known position within 1 m of where it hid: %s against %s"
			% [last_known, m["hidden_position"]]
		)
	)
	expect_eq(
		enemy.perception.get_loss_reason(player),
		ApsPerceptionComponent.LOSS_OCCLUDED,
		"get_loss_reason"
	)
	expect_eq(enemy.last_signal, &"target_lost", "the enemy's own script heard of the loss")
	expect(
		enemy.search_point.distance_to(last_known) < 0.001,
		"and would search where it was last seen"
	)


func test_a_player_slipping_behind_the_pillar_is_lost_as_occluded_where_it_hid() -> void:
	_level()
	# The enemy stands 6 m short of the player's path, the pillar (x -2.5 to -1.5, z -8.5 to
	# -7.5) between; the player walks west along z = -10 from in front of it to x = -3, in its
	# shadow.
	var enemy := _enemy(Vector3(0, 0, -4), Vector3(0, 0, -10), "Enemy")
	var player := _player(Vector3(0, 0, -10))
	var log := ApsSignalLog.new(enemy.perception)
	await frames(2)
	var tracked := await wait_until(
		func():
			return enemy.perception.get_belief_state(player) == ApsPerceptionComponent.STATE_TRACKED,
		3.0
	)
	expect(tracked, "tracked in the open first")
	var hidden_at := -1.0
	var hidden_position := Vector3.INF
	while player.global_position.x > -3.0:
		await _step(player, Vector3.LEFT * WALK_SPEED)
		if hidden_at < 0.0 and _points_in_view(enemy, player) == 0:
			hidden_at = _now()
			hidden_position = player.global_position
	if not expect(hidden_at >= 0.0, "the player went out of sight behind the pillar"):
		return
	await wait_until(func(): return log.has("target_lost"), 3.0)
	var lost := log.first("target_lost")
	if not expect(not lost.is_empty(), "target_lost fired"):
		return
	var after: float = lost["time"] - hidden_at
	var last_known: Vector3 = lost["args"][1]
	var off := _flat(last_known).distance_to(_flat(hidden_position))
	print("    lost %.2f s after it hid, last known %.2f m from where it hid" % [after, off])
	expect_eq(lost["args"][0], ApsPerceptionComponent.LOSS_OCCLUDED, "loss reason")
	expect(after >= 0.0 and after <= 0.5, "lost within 0.5 s of hiding: %.2f s" % after)
	expect(
		off <= 1.0,
		(
			"last known position within 1 m of where it hid: %s against %s"
			% [last_known, hidden_position]
		)
	)


func test_a_player_behind_a_grid_map_wall_is_never_perceived() -> void:
	_level()
	# 8 m apart across the short wall (z -9 to -8), the enemy facing it and the player.
	var enemy := _enemy(Vector3(3.5, 0, -2), Vector3(3.5, 0, -10), "Enemy")
	var player := _player(Vector3(3.5, 0, -10))
	var log := ApsSignalLog.new(enemy.perception)
	await frames(2)
	expect_eq(_points_in_view(enemy, player), 0, "the wall hides the player")
	await seconds(5.0)
	expect(not log.has("target_suspected"), "never suspected through the wall: %s" % log.names())
	expect(log.entries.is_empty(), "no signal at all: %s" % log.names(true))
	expect_eq(
		enemy.perception.get_belief_state(player), ApsPerceptionComponent.STATE_UNDETECTED, "state"
	)
	# Not a blind enemy: past the wall's west end the player is seen at once.
	while player.global_position.x > -0.5:
		await _step(player, Vector3.LEFT * WALK_SPEED)
	var seen := await wait_until(func(): return log.has("target_detected"), 1.0)
	expect(seen, "detected once out from behind the wall")


func test_two_enemies_from_one_scene_say_nothing_about_each_other() -> void:
	_level()
	# Face to face 6 m apart in the open, the player off to one side in both their main cones,
	# so that each is seen to perceive, just not its teammate.
	var east := _enemy(Vector3(8, 0, -2), Vector3(8, 0, -8), "EnemyA")
	var west := _enemy(Vector3(8, 0, -8), Vector3(8, 0, -2), "EnemyB")
	var player := _player(Vector3(10, 0, -5))
	var logs := {east: ApsSignalLog.new(east.perception), west: ApsSignalLog.new(west.perception)}
	await frames(2)
	await seconds(3.0)
	for pair in [[east, west], [west, east]]:
		var enemy: RigidBody3D = pair[0]
		var mate: RigidBody3D = pair[1]
		var log: ApsSignalLog = logs[enemy]
		var about_mate := log.entries.filter(func(e): return e["target"] == mate)
		expect(
			about_mate.is_empty(),
			"%s says nothing about %s: %s" % [enemy.name, mate.name, about_mate]
		)
		expect_eq(
			enemy.perception.get_belief_state(mate),
			ApsPerceptionComponent.STATE_UNDETECTED,
			"%s's belief in %s" % [enemy.name, mate.name]
		)
		expect(
			enemy.perception.get_belief_state(player) >= ApsPerceptionComponent.STATE_DETECTED,
			(
				"%s does see the player: state %d"
				% [enemy.name, enemy.perception.get_belief_state(player)]
			)
		)


func test_an_eye_left_on_a_locked_body_is_said_once_and_an_eye_on_the_model_not_at_all() -> void:
	_level()
	# Both stand facing -Z (their Models do), then walk 6 m toward +Z: the right one's Model, and
	# its eyes with it, turn round; the wrong one's eyes, on the locked body, go on looking -Z
	# while it walks backwards.
	var right := _enemy(Vector3(-5, 0, -6), Vector3(-5, 0, -12), "RightEnemy")
	var wrong := _enemy(Vector3(-8, 0, -6), Vector3(-8, 0, -12), "WrongEnemy", ENEMY_EYE_ON_BODY)
	var warnings := ApsWarningLog.start()
	await frames(2)
	right.walk_to(Vector3(-5, 0, 0))
	wrong.walk_to(Vector3(-8, 0, 0))
	await _arrive(right)
	await _arrive(wrong)
	await seconds(0.5)
	warnings.stop()
	expect_near(wrong.global_position.z - (-6.0), 6.0, 0.1, "the wrong one walked 6 m")
	expect_eq(
		warnings.count(MOVED_WARNING),
		1,
		"one warning for the eye on the locked body:\n%s" % warnings.text()
	)
	expect_eq(warnings.count(str(wrong.perception.get_path())), 1, "it names that eye")
	expect_eq(
		warnings.count(str(right.perception.get_path())), 0, "none names the eye on the Model"
	)


func test_the_whole_scenario_raises_no_warning_from_aps() -> void:
	var warnings := ApsWarningLog.start()
	_level()
	var enemy := _enemy(Vector3(0, 0, 6), Vector3(0, 0, -10), "Enemy")
	var other := _enemy(Vector3(8, 0, -2), Vector3(8, 0, -8), "OtherEnemy")
	var player := _player(Vector3(3.5, 0, -10))
	var log := ApsSignalLog.new(enemy.perception)
	await frames(2)
	var m := await _step_out_and_hide(enemy, player, log)
	await seconds(1.0)
	warnings.stop()
	expect(
		not (m["detected"] as Dictionary).is_empty() and not (m["lost"] as Dictionary).is_empty(),
		"the scenario ran: detected, then lost"
	)
	expect_eq(
		warnings.count("Aps") + warnings.count("APS"),
		0,
		"no warning from APS:\n%s" % warnings.text()
	)
	expect(warnings.errors.is_empty(), "no error: %s" % "\n".join(warnings.errors))
	expect(is_instance_valid(other), "the second enemy stood by")
