extends ApsTestSuite
## Sound round walls in a 2D level: a shot behind a wall with an open doorway is heard from the
## doorway through an ApsSoundPortal2D, with the way round's length in metres (pixels over
## `aps/2d/pixels_per_meter`, 100 by default); with no opening it is muffled by the wall; a
## portal moved or freed is followed.

const PPM := 100.0
const DOOR_X := 300.0
## The wall runs along y = WALL_Y; the guard stands at the origin, the shot 1000 px behind.
const WALL_Y := 500.0
const SHOT := Vector2(0, 1000)


## A wall along y = 500 from x = -1000 to 1000, 30 px thick, with a doorway 100 px wide at
## `door_x` (or none), an ApsOccluder2D on it if `preset` is one.
func _wall(door_x: float, has_door: bool, preset := -1) -> void:
	var pieces := []
	if has_door:
		pieces.append([-1000.0, door_x - 50.0])
		pieces.append([door_x + 50.0, 1000.0])
	else:
		pieces.append([-1000.0, 1000.0])
	for p in pieces:
		var w := ApsWorldBuilder2D.wall(
			self, Vector2((p[0] + p[1]) * 0.5, WALL_Y), Vector2(p[1] - p[0], 30)
		)
		w.name = "Wall"
		if preset >= 0:
			var o := ApsOccluder2D.new()
			o.preset = preset
			w.add_child(o)


func _portal(at: Vector2) -> ApsSoundPortal2D:
	var p := ApsSoundPortal2D.new()
	add_child(p)
	p.global_position = at
	return p


## The guard (looking away from the wall) hears the runner's shot behind the wall.
func _hear() -> Dictionary:
	var guard := ApsWorldBuilder2D.guard(self, Vector2.ZERO, Vector2.UP)
	var runner := ApsWorldBuilder2D.body(self, SHOT, "Runner")
	await frames(3)
	ApsWorld.emit_sound_2d(SHOT, 1.0, 4000.0, &"gunshot", runner)
	await seconds(0.3)
	return {
		"guard": guard,
		"runner": runner,
		"hearing": guard.explain(runner)["senses"].get("hearing", {}),
		"at": guard.get_last_known_position(runner)
	}


func _clear() -> void:
	for c in get_children():
		c.free()
	await frames(2)


func test_through_an_open_door_the_shot_is_heard_from_the_door() -> void:
	_wall(DOOR_X, true)
	var door := _portal(Vector2(DOOR_X, WALL_Y))
	var near := await _hear()
	var at: Vector2 = near["at"]
	expect(at.distance_to(door.global_position) < 50.0, "believed at the door: %s" % at)
	expect(
		near["hearing"]["factors"].has("route_metres"), "came round: %s" % near["hearing"]["text"]
	)
	expect_eq(near["hearing"]["factors"]["muffling"], 1.0, "not muffled on the way round")
	var way: float = near["hearing"]["factors"]["route_metres"]
	var expected := (SHOT.distance_to(door.global_position) + door.global_position.length()) / PPM
	expect_near(way, expected, 0.05, "the length of the way round, in metres")
	var c_near: float = near["hearing"]["confidence"]
	await _clear()
	_wall(800.0, true)
	_portal(Vector2(800.0, WALL_Y))
	var far := await _hear()
	expect(
		far["hearing"]["confidence"] < c_near,
		"a longer way is fainter: %.3f < %.3f" % [far["hearing"]["confidence"], c_near]
	)


func test_with_no_opening_it_is_muffled_by_the_wall() -> void:
	_wall(DOOR_X, false, ApsOccluder2D.PRESET_THIN_WALL)
	_portal(Vector2(DOOR_X, WALL_Y))
	var closed := await _hear()
	expect_near(closed["hearing"]["factors"]["muffling"], 0.4, 1e-4, "the thin wall's 0.4")
	expect(not closed["hearing"]["factors"].has("route_metres"), "no way round")
	var at: Vector2 = closed["at"]
	expect(at.distance_to(SHOT) < 50.0, "heard where it was: %s" % at)


func test_a_portal_moved_or_freed_is_followed() -> void:
	_wall(DOOR_X, true)
	var door := _portal(Vector2(-DOOR_X, WALL_Y))
	await frames(1)
	door.global_position = Vector2(DOOR_X, WALL_Y)
	var moved := await _hear()
	expect(
		(moved["at"] as Vector2).distance_to(Vector2(DOOR_X, WALL_Y)) < 50.0,
		"heard from where the portal went: %s" % moved["at"]
	)
	await _clear()
	_wall(DOOR_X, true)
	_portal(Vector2(DOOR_X, WALL_Y)).free()
	var gone := await _hear()
	expect(
		not gone["hearing"].get("factors", {}).has("route_metres"),
		"no portal, no way round: %s" % gone["hearing"].get("text", "")
	)


func test_a_bad_radius_warns_once_in_pixels_and_uses_the_default() -> void:
	var warnings := ApsWarningLog.start()
	var p := ApsSoundPortal2D.new()
	p.radius = -3.0
	p.radius = NAN
	warnings.stop()
	expect_eq(p.radius, 50.0, "the default 50 px")
	expect_eq(warnings.count("ApsSoundPortal2D.radius"), 1, "said once:\n%s" % warnings.text())
	expect_eq(warnings.count(" px"), 1, "in pixels:\n%s" % warnings.text())
	p.free()
