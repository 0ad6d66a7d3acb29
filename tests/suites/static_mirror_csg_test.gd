extends ApsTestSuite
## CSG in the static mirror: the root of a CSG tree with collision on is held as the faces of
## its result (`bake_collision_shape`), where it stands, on its `collision_layer`; a tree whose
## result changes goes to the engine until the new one has settled. Every answer is checked by
## an engine ray in this project's tests (`aps/debug/static_mirror_shadow`).

const ALL := 0xFFFFFFFF


func _hit(from: Vector3, to: Vector3, mask := ALL) -> Object:
	var d: Dictionary = ApsWorld.cast_sight_ray(self, from, to, mask)
	return d.get("collider")


func _stats() -> Dictionary:
	return ApsWorld.get_stats()


## A wall 6 m wide, 3 m tall and 0.4 m thick at z = -5 with a doorway 1.2 m wide cut through
## it at x = 1: a combiner root holding a box and a subtracted box.
func _wall_with_doorway() -> CSGCombiner3D:
	var root := CSGCombiner3D.new()
	root.use_collision = true
	var wall := CSGBox3D.new()
	wall.size = Vector3(6, 3, 0.4)
	root.add_child(wall)
	var door := CSGBox3D.new()
	door.name = "Doorway"
	door.operation = CSGShape3D.OPERATION_SUBTRACTION
	door.size = Vector3(1.2, 2.2, 1.0)
	door.position = Vector3(1, -0.4, 0)
	root.add_child(door)
	add_child(root)
	root.position = Vector3(0, 1.5, -5)
	return root


func test_a_csg_wall_is_mirrored_through_its_doorway_and_never_disagrees() -> void:
	ApsWorldBuilder.floor(self)
	ApsWorldBuilder.guard(self, Vector3(30, 0, 30), Vector3.FORWARD)
	var root := _wall_with_doorway()
	await ApsWorldBuilder.settle_mirror(self)
	var before := _stats()
	expect_eq(_stats()["mirror_off"], "", "a settled CSG tree leaves its world mirrored")
	expect_eq(_hit(Vector3(1, 1, 0), Vector3(1, 1, -10)), null, "through the doorway, clear")
	expect_eq(_hit(Vector3(-1.5, 1, 0), Vector3(-1.5, 1, -10)), root, "through the wall, stopped")
	var rng := RandomNumberGenerator.new()
	rng.seed = 31
	for i in 400:
		var on := Vector3(
			rng.randf_range(-3.2, 3.2), rng.randf_range(0.0, 3.2), -5 + rng.randf_range(-0.3, 0.3)
		)
		var from := (
			on
			+ Vector3(
				rng.randf_range(-6, 6),
				rng.randf_range(-1, 3),
				rng.randf_range(2, 8) * [-1, 1][i % 2]
			)
		)
		_hit(from, on + (on - from).normalized() * rng.randf_range(0.0, 2.0))
	var after := _stats()
	expect(
		after["mirror_rays"] - before["mirror_rays"] > 200,
		"the mirror decided most: %d" % (after["mirror_rays"] - before["mirror_rays"])
	)
	expect_eq(after["mirror_disagreements"], 0, "not one disagreement")


func test_a_doorway_a_script_narrows_and_collision_switched_off_are_followed() -> void:
	ApsWorldBuilder.floor(self)
	ApsWorldBuilder.guard(self, Vector3(30, 0, 30), Vector3.FORWARD)
	var root := _wall_with_doorway()
	await ApsWorldBuilder.settle_mirror(self)
	var from := Vector3(1.45, 1, 0)
	var to := Vector3(1.45, 1, -10)
	expect_eq(_hit(from, to), null, "0.45 m from the doorway's middle, clear")
	var door: CSGBox3D = root.get_node("Doorway")
	door.size = Vector3(0.6, 2.2, 1.0)
	expect_eq(_hit(from, to), null, "narrowed, it is worked out only as the step ends")
	await frames(1)
	expect_eq(_hit(from, to), root, "then the same ray is stopped")
	await ApsWorldBuilder.settle_mirror(self)
	var before := _stats()
	expect_eq(_hit(from, to), root, "settled, it is still stopped")
	expect(_stats()["mirror_rays"] > before["mirror_rays"], "by the mirror")
	root.collision_layer = 2
	expect_eq(_hit(from, to, 1), null, "on layer 2, a ray on layer 1 passes at once")
	root.collision_layer = 1
	root.use_collision = false
	expect_eq(_hit(from, to), null, "collision off, rays pass at once")
	await ApsWorldBuilder.settle_mirror(self)
	expect_eq(_hit(from, to), null, "and still pass once it is read again")
	expect_eq(_stats()["mirror_disagreements"], 0, "no disagreement at any step")
