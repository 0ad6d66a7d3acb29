extends ApsTestSuite
## Grid maps in the static mirror: a GridMap's cells are held where its own octant bodies put
## each item's shapes (turned by the cell's orientation, scaled by `cell_scale`, offset by the
## shape's transform in the item), on its `collision_layer`; a grid map whose cells change goes
## to the engine until they have settled for a frame. Every answer is checked by an engine ray
## in this project's tests (`aps/debug/static_mirror_shadow`).

const ALL := 0xFFFFFFFF
const BLOCK := 0
const WEDGE := 1
const POST := 2


func _hit(from: Vector3, to: Vector3, mask := ALL) -> Object:
	var d: Dictionary = ApsWorld.cast_sight_ray(self, from, to, mask)
	return d.get("collider")


func _stats() -> Dictionary:
	return ApsWorld.get_stats()


## A library of three items: a 2 m block; a wedge (a convex hull, lower along +X) whose shape
## sits 0.2 m up in the item; and a thin post, a cylinder.
func _library() -> MeshLibrary:
	var library := MeshLibrary.new()
	var block := BoxShape3D.new()
	block.size = Vector3(2, 2, 2)
	library.create_item(BLOCK)
	library.set_item_shapes(BLOCK, [block, Transform3D.IDENTITY])
	var wedge := ConvexPolygonShape3D.new()
	wedge.points = PackedVector3Array(
		[
			Vector3(-1, -1, -1),
			Vector3(1, -1, -1),
			Vector3(-1, 1, -1),
			Vector3(-1, -1, 1),
			Vector3(1, -1, 1),
			Vector3(-1, 1, 1),
		]
	)
	library.create_item(WEDGE)
	library.set_item_shapes(WEDGE, [wedge, Transform3D(Basis.IDENTITY, Vector3(0, 0.2, 0))])
	var post := CylinderShape3D.new()
	post.radius = 0.3
	post.height = 2.0
	library.create_item(POST)
	library.set_item_shapes(POST, [post, Transform3D.IDENTITY])
	return library


func _grid() -> GridMap:
	var grid := GridMap.new()
	grid.mesh_library = _library()
	grid.cell_size = Vector3(2, 2, 2)
	add_child(grid)
	return grid


func test_a_grid_level_is_mirrored_and_a_guard_sees_and_is_blocked_through_it() -> void:
	ApsWorldBuilder.floor(self)
	var grid := _grid()
	# A wall of blocks two high across x = -2..4, at z = -6 (cells z = -3).
	for x in range(-1, 2):
		for y in 2:
			grid.set_cell_item(Vector3i(x, y, -3), BLOCK)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var seen := ApsWorldBuilder.body(self, Vector3(-6, 0, -10), "InTheOpen")
	var hidden := ApsWorldBuilder.body(self, Vector3(1, 0, -10), "BehindTheBlocks")
	await ApsWorldBuilder.settle_mirror(self)
	var before := _stats()
	await seconds(2.0)
	var after := _stats()
	expect_eq(after["mirror_off"], "", "a settled grid map leaves its world mirrored")
	expect_eq(
		guard.get_belief_state(seen), ApsPerceptionComponent.STATE_TRACKED, "the one in the open"
	)
	expect(
		guard.get_confidence(hidden) < 0.05,
		"the one behind the blocks is hidden: %.3f" % guard.get_confidence(hidden)
	)
	expect(after["mirror_rays"] > before["mirror_rays"], "the mirror decided rays")
	expect_eq(
		_hit(Vector3(1, 1, 0), Vector3(1, 1, -10)), grid, "a ray into the wall hits the grid map"
	)
	expect_eq(after["mirror_disagreements"], 0, "and the engine agreed with every answer")


func test_rays_grazing_turned_scaled_and_offset_cells_never_disagree_with_the_engine() -> void:
	ApsWorldBuilder.guard(self, Vector3(300, 0, 300), Vector3.FORWARD)
	var grid := _grid()
	grid.cell_center_y = false
	grid.cell_scale = 0.8
	grid.position = Vector3(0.3, 0.1, -0.7)
	grid.rotation = Vector3(0, 0.4, 0)
	var cells: Array[Vector3i] = []
	for i in 24:
		var cell := Vector3i((i % 6) * 3 - 8, (i / 12) * 3, (i / 6 % 2) * 3 - 12)
		grid.set_cell_item(cell, [BLOCK, WEDGE, POST][i % 3], i)
		cells.append(cell)
	grid.set_cell_item(Vector3i(-20, -20, -20), BLOCK, 0)
	cells.append(Vector3i(-20, -20, -20))
	await ApsWorldBuilder.settle_mirror(self)
	expect_eq(_stats()["mirror_off"], "", "settled")
	var rng := RandomNumberGenerator.new()
	rng.seed = 23
	var before := _stats()
	var hits := 0
	for cell in cells:
		var centre := grid.to_global(grid.map_to_local(cell))
		for i in 40:
			var corner := Vector3(
				[-1.0, 0.0, 1.0][rng.randi() % 3],
				[-1.0, 0.0, 1.0][rng.randi() % 3],
				[-1.0, 0.0, 1.0][rng.randi() % 3]
			)
			var on := (
				centre
				+ corner * 0.8
				+ Vector3(
					rng.randf_range(-0.1, 0.1),
					rng.randf_range(-0.1, 0.1),
					rng.randf_range(-0.1, 0.1)
				)
			)
			var from := (
				on + Vector3(rng.randf_range(-8, 8), rng.randf_range(-8, 8), rng.randf_range(-8, 8))
			)
			if i % 10 == 0:
				from = centre
			var to := on + (on - from).normalized() * rng.randf_range(0.0, 1.5)
			if _hit(from, to) == grid:
				hits += 1
	var after := _stats()
	expect_eq(after["mirror_disagreements"], 0, "not one disagreement")
	expect(
		after["mirror_rays"] - before["mirror_rays"] > 300,
		"the mirror decided most of them: %d" % (after["mirror_rays"] - before["mirror_rays"])
	)
	expect(hits > 200, "and many met a cell: %d" % hits)


func test_a_cell_set_in_a_doorway_blocks_sight_once_it_stands_and_layers_follow_at_once() -> void:
	ApsWorldBuilder.guard(self, Vector3(30, 0, 30), Vector3.FORWARD)
	var grid := _grid()
	grid.set_cell_item(Vector3i(5, 0, 5), BLOCK)
	await ApsWorldBuilder.settle_mirror(self)
	var from := Vector3(1, 1, 0)
	var to := Vector3(1, 1, -10)
	expect_eq(_hit(from, to), null, "the doorway is open")
	grid.set_cell_item(Vector3i(0, 0, -3), BLOCK)
	expect_eq(_hit(from, to), null, "a cell set now stands only once the grid map updates")
	await frames(1)
	expect_eq(_hit(from, to), grid, "the next frame it blocks")
	expect(
		"grid map" in str(_stats()["mirror_off"]),
		"while it settles, the engine answers: %s" % _stats()["mirror_off"]
	)
	await ApsWorldBuilder.settle_mirror(self)
	var before := _stats()
	expect_eq(_hit(from, to), grid, "settled, it still blocks")
	expect(_stats()["mirror_rays"] > before["mirror_rays"], "by the mirror")
	grid.collision_layer = 2
	expect_eq(_hit(from, to, 1), null, "put on layer 2, a ray on layer 1 passes at once")
	expect_eq(_hit(from, to, 2), grid, "and one on layer 2 stops")
	grid.collision_layer = 1
	var block: BoxShape3D = grid.mesh_library.get_item_shapes(BLOCK)[0]
	block.size = Vector3(0.4, 2, 2)
	var aside_from := Vector3(0.4, 1, 0)
	var aside_to := Vector3(0.4, 1, -10)
	expect_eq(
		_hit(aside_from, aside_to), null, "its block thinned in place, a ray 0.6 m aside passes"
	)
	await ApsWorldBuilder.settle_mirror(self)
	expect_eq(
		_hit(aside_from, aside_to), null, "and still passes once the mirror has read it again"
	)
	expect_eq(_hit(from, to), grid, "through its middle, it stops")
	grid.position.x = 10.0
	await ApsWorldBuilder.settle_mirror(self)
	expect_eq(_hit(from, to), null, "moved away, the doorway is open")
	grid.queue_free()
	await ApsWorldBuilder.settle_mirror(self)
	expect_eq(_stats()["mirror_off"], "", "freed, it is let go")
	expect_eq(_stats()["mirror_disagreements"], 0, "no disagreement at any step")


func test_a_grid_map_of_more_cells_than_the_mirror_follows_is_left_to_the_engine() -> void:
	ApsWorldBuilder.guard(self, Vector3(30, 0, 30), Vector3.FORWARD)
	var grid := _grid()
	# 91 × 91 = 8,281 cells, past the 8,192 the mirror follows.
	for x in 91:
		for z in 91:
			grid.set_cell_item(Vector3i(x - 45, -1, z - 45), BLOCK)
	await ApsWorldBuilder.settle_mirror(self)
	expect(
		"8,192 cells" in str(_stats()["mirror_off"]),
		"the world says why it is not mirrored: %s" % _stats()["mirror_off"]
	)
	expect_eq(_hit(Vector3(0, 1, 0), Vector3(0, -3, 0)), grid, "the engine answers")
	grid.queue_free()
	await ApsWorldBuilder.settle_mirror(self)
	expect_eq(_stats()["mirror_off"], "", "gone, the world is mirrored again")
