extends ApsTestSuite
## Sound that travels around walls: a shot behind a wall with an open doorway is
## heard from the doorway, through sound portals or along the navigation mesh; with the door
## closed it is muffled by the wall; a portal in a vent carries sound where no one can walk.

const DOOR_X := 3.0
const SHOT := Vector3(0, 0, 10)


## A wall along z = 5 from x = -10 to 10, 3 m high, with a doorway 1 m wide at `door_x` (or
## none), and an ApsOccluder on it if `preset` is one.
func _wall(door_x: float, has_door: bool, preset := -1) -> void:
	var pieces := []
	if has_door:
		pieces.append([-10.0, door_x - 0.5])
		pieces.append([door_x + 0.5, 10.0])
	else:
		pieces.append([-10.0, 10.0])
	for p in pieces:
		var w := ApsWorldBuilder.wall(
			self, Vector3((p[0] + p[1]) * 0.5, 1.5, 5), Vector3(p[1] - p[0], 3, 0.3)
		)
		w.name = "Wall"
		if preset >= 0:
			var o := ApsOccluder.new()
			o.preset = preset
			w.add_child(o)


func _portal(at: Vector3) -> ApsSoundPortal:
	var p := ApsSoundPortal.new()
	add_child(p)
	p.global_position = at
	return p


## The guard inside the room (looking away from the wall) hears the runner's shot behind it.
func _hear() -> Dictionary:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, SHOT, "Runner")
	await frames(3)
	ApsWorld.emit_sound(SHOT, 1.0, 40.0, &"gunshot", runner)
	await seconds(0.3)
	var why := guard.explain(runner)
	return {
		"guard": guard,
		"runner": runner,
		"hearing": why["senses"].get("hearing", {}),
		"at": guard.get_last_known_position(runner)
	}


func _clear() -> void:
	for c in get_children():
		c.free()
	await frames(2)


func test_through_an_open_door_the_shot_is_heard_from_the_door() -> void:
	_wall(DOOR_X, true)
	var door := _portal(Vector3(DOOR_X, 1.0, 5))
	var near := await _hear()
	var at: Vector3 = near["at"]
	expect(
		Vector2(at.x, at.z).distance_to(Vector2(DOOR_X, 5)) < 0.5, "believed at the door: %s" % at
	)
	expect(
		near["hearing"]["factors"].has("route_metres"), "came round: %s" % near["hearing"]["text"]
	)
	expect_eq(near["hearing"]["factors"]["muffling"], 1.0, "not muffled on the way round")
	var way: float = near["hearing"]["factors"]["route_metres"]
	expect_near(
		way,
		(
			(SHOT + Vector3(0, 0.3, 0)).distance_to(door.global_position)
			+ door.global_position.distance_to(Vector3(0, 1.6, 0))
		),
		0.05,
		"the length of the way round"
	)
	expect(
		"came round the wall" in near["hearing"]["text"], "in words: %s" % near["hearing"]["text"]
	)
	var c_near: float = near["hearing"]["confidence"]
	await _clear()
	_wall(8.0, true)
	_portal(Vector3(8.0, 1.0, 5))
	var far := await _hear()
	expect(
		far["hearing"]["confidence"] < c_near,
		"a longer way is fainter: %.3f < %.3f" % [far["hearing"]["confidence"], c_near]
	)


func test_with_the_door_closed_it_is_muffled_by_the_wall() -> void:
	_wall(DOOR_X, false, ApsOccluder.PRESET_THIN_WALL)
	_portal(Vector3(DOOR_X, 1.0, 5))
	var closed := await _hear()
	expect_near(closed["hearing"]["factors"]["muffling"], 0.4, 1e-4, "the thin wall's 0.4")
	expect(not closed["hearing"]["factors"].has("route_metres"), "no way round")
	var at: Vector3 = closed["at"]
	expect(
		Vector2(at.x, at.z).distance_to(Vector2(SHOT.x, SHOT.z)) < 0.5,
		"heard where it was: %s" % at
	)


func test_a_vent_carries_a_sound_where_no_one_can_walk() -> void:
	# A wall with no door, and a vent 0.6 m square high up at x = -4.
	ApsWorldBuilder.wall(self, Vector3(-7.15, 1.5, 5), Vector3(5.7, 3, 0.3))
	ApsWorldBuilder.wall(self, Vector3(3.15, 1.5, 5), Vector3(13.7, 3, 0.3))
	ApsWorldBuilder.wall(self, Vector3(-4, 1.1, 5), Vector3(0.6, 2.2, 0.3))
	ApsWorldBuilder.wall(self, Vector3(-4, 2.9, 5), Vector3(0.6, 0.2, 0.3))
	_portal(Vector3(-4, 2.5, 5))
	var heard := await _hear()
	var at: Vector3 = heard["at"]
	expect(Vector2(at.x, at.z).distance_to(Vector2(-4, 5)) < 0.5, "believed at the vent: %s" % at)


## The floor of both rooms and the doorway as a navigation mesh: three columns split at the
## door's sides, three rows split at the wall (on the map's 0.25 m cells).
func _navigation() -> void:
	var xs := [-10.0, DOOR_X - 0.5, DOOR_X + 0.5, 10.0]
	var zs := [-10.0, 4.75, 5.25, 15.0]
	var mesh := NavigationMesh.new()
	var vertices := PackedVector3Array()
	for z in zs:
		for x in xs:
			vertices.append(Vector3(x, 0, z))
	mesh.vertices = vertices
	for row in 3:
		for col in 3:
			if row == 1 and col != 1:
				continue  # the wall
			var a: int = row * 4 + col
			mesh.add_polygon(PackedInt32Array([a, a + 1, a + 5, a + 4]))
	var region := NavigationRegion3D.new()
	region.navigation_mesh = mesh
	add_child(region)


func test_along_the_navigation_mesh_the_shot_comes_round_by_the_door() -> void:
	_wall(DOOR_X, true)
	_navigation()
	# The navigation map takes in a new region over its next syncs.
	await frames(30)
	var heard := await _hear()
	var at: Vector3 = heard["at"]
	expect(
		heard["hearing"]["factors"].has("route_metres"),
		"came round: %s" % heard["hearing"].get("text", "")
	)
	expect(
		Vector2(at.x, at.z).distance_to(Vector2(DOOR_X, 5)) < 1.0, "believed by the door: %s" % at
	)


func test_with_no_portal_and_no_navigation_nothing_changes() -> void:
	_wall(DOOR_X, false)
	ApsWorld.reset_stats()
	var heard := await _hear()
	expect_near(
		heard["hearing"]["factors"]["muffling"],
		ApsProfile.new().hearing_wall_muffle_factor,
		1e-4,
		"the Wall Muffle Factor"
	)
	expect(not heard["hearing"]["factors"].has("route_metres"), "no way round looked for")


func test_a_bad_radius_warns_once() -> void:
	var warnings := ApsWarningLog.start()
	var p := ApsSoundPortal.new()
	p.radius = -1.0
	warnings.stop()
	expect_eq(p.radius, 0.5, "the default")
	expect_eq(warnings.count("ApsSoundPortal.radius"), 1, "one warning:\n%s" % warnings.text())
	p.free()
