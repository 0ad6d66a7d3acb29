extends ApsTestSuite
## Tile maps in the static mirror: a TileMapLayer's tiles are held where its own physics bodies
## stand (flipped and transposed as each cell asks, on its tile set's physics layers), and a
## layer that changes goes to the engine until its cells have settled for a frame. Every answer
## is checked by an engine ray in this project's tests (`aps/debug/static_mirror_shadow`).

const ALL := 0xFFFFFFFF
const TILE := 32
## The tile set's two physics layers: walls on layer 3, glass-like ledges on layer 4.
const WALLS := 1 << 2
const LEDGES := 1 << 3
const SQUARE := Vector2i(0, 0)
const WEDGE := Vector2i(1, 0)
const LEDGE := Vector2i(2, 0)
const FLIP_H := 1 << 12
const FLIP_V := 1 << 13
const TRANSPOSE := 1 << 14

var _anchor: Node2D


func _ready() -> void:
	_anchor = Node2D.new()
	add_child(_anchor)


func _hit(from: Vector2, to: Vector2, mask := ALL) -> Object:
	var d: Dictionary = ApsWorld.cast_sight_ray_2d(_anchor, from, to, mask)
	return d.get("collider")


## A tile set of three tiles cut from one small image: a full square on the walls layer, a
## wedge (a right triangle filling the square's lower left half) on the walls layer, and a thin
## ledge along the square's top on the ledges layer.
func _tile_set() -> TileSet:
	var image := Image.create(TILE * 3, TILE, false, Image.FORMAT_RGBA8)
	image.fill(Color(0.4, 0.4, 0.45))
	var atlas := TileSetAtlasSource.new()
	atlas.texture = ImageTexture.create_from_image(image)
	atlas.texture_region_size = Vector2i(TILE, TILE)
	var tiles := TileSet.new()
	tiles.tile_size = Vector2i(TILE, TILE)
	tiles.add_physics_layer()
	tiles.set_physics_layer_collision_layer(0, WALLS)
	tiles.add_physics_layer()
	tiles.set_physics_layer_collision_layer(1, LEDGES)
	tiles.add_source(atlas, 0)
	var h := TILE / 2.0
	var shapes := {
		SQUARE: [0, [Vector2(-h, -h), Vector2(h, -h), Vector2(h, h), Vector2(-h, h)]],
		WEDGE: [0, [Vector2(-h, -h), Vector2(h, h), Vector2(-h, h)]],
		LEDGE: [1, [Vector2(-h, -h), Vector2(h, -h), Vector2(h, -h + 6), Vector2(-h, -h + 6)]],
	}
	for coords: Vector2i in shapes:
		atlas.create_tile(coords)
		for alternative in [0]:
			var data := atlas.get_tile_data(coords, alternative)
			var physics: int = shapes[coords][0]
			data.add_collision_polygon(physics)
			data.set_collision_polygon_points(physics, 0, PackedVector2Array(shapes[coords][1]))
	return tiles


func _layer() -> TileMapLayer:
	var layer := TileMapLayer.new()
	layer.tile_set = _tile_set()
	add_child(layer)
	return layer


func _stats() -> Dictionary:
	return ApsWorld.get_stats_2d()


func test_a_tile_level_is_mirrored_and_a_guard_sees_and_is_blocked_through_it() -> void:
	var layer := _layer()
	# A wall column four tiles tall at x = 320..352 px.
	for y in range(-2, 2):
		layer.set_cell(Vector2i(10, y), 0, SQUARE)
	var guard := ApsWorldBuilder2D.guard(self, Vector2.ZERO, Vector2.RIGHT)
	var seen := ApsWorldBuilder2D.body(self, Vector2(500, -300), "InTheOpen")
	var hidden := ApsWorldBuilder2D.body(self, Vector2(500, 0), "BehindTheTiles")
	await frames(3)
	var before := _stats()
	await seconds(2.0)
	var after := _stats()
	expect_eq(after["mirror_off"], "", "a settled tile map layer leaves its world mirrored")
	expect_eq(
		guard.get_belief_state(seen), ApsPerceptionComponent.STATE_TRACKED, "the one in the open"
	)
	expect(
		guard.get_confidence(hidden) < 0.05,
		"the one behind the tiles is hidden: %.3f" % guard.get_confidence(hidden)
	)
	expect(
		after["mirror_rays"] > before["mirror_rays"],
		"the mirror decided rays: %d" % (after["mirror_rays"] - before["mirror_rays"])
	)
	expect_eq(_hit(Vector2.ZERO, Vector2(500, 0)), layer, "a ray into the column hits the layer")
	expect_eq(after["mirror_disagreements"], 0, "and the engine agreed with every answer")


func test_rays_grazing_flipped_and_transposed_tiles_never_disagree_with_the_engine() -> void:
	ApsWorldBuilder2D.guard(self, Vector2(-3000, -3000), Vector2.RIGHT)
	var layer := _layer()
	layer.position = Vector2(13, -7)
	layer.rotation = 0.3
	var cells: Array[Vector2i] = []
	var flags := [0, FLIP_H, FLIP_V, TRANSPOSE, FLIP_H | FLIP_V, FLIP_H | TRANSPOSE]
	for i in flags.size():
		for kind in [WEDGE, LEDGE, SQUARE]:
			var cell := Vector2i(i * 3, [WEDGE, LEDGE, SQUARE].find(kind) * 3)
			layer.set_cell(cell, 0, kind, flags[i])
			cells.append(cell)
	await ApsWorldBuilder.settle_mirror(_anchor)
	expect_eq(_stats()["mirror_off"], "", "settled")
	var rng := RandomNumberGenerator.new()
	rng.seed = 17
	var before := _stats()
	var blocked := 0
	for cell in cells:
		var center := layer.to_global(layer.map_to_local(cell))
		for i in 60:
			var corner := Vector2(
				TILE * 0.5 * [-1.0, 0.0, 1.0][rng.randi() % 3],
				TILE * 0.5 * [-1.0, 0.0, 1.0][rng.randi() % 3]
			)
			var on := (
				center
				+ corner.rotated(0.3)
				+ Vector2(rng.randf_range(-3, 3), rng.randf_range(-3, 3))
			)
			var from := on + Vector2(rng.randf_range(-200, 200), rng.randf_range(-200, 200))
			var to := on + (on - from).normalized() * rng.randf_range(0.0, 40.0)
			var mask: int = [ALL, WALLS, LEDGES][i % 3]
			if _hit(from, to, mask) == layer:
				blocked += 1
	var after := _stats()
	var decided: int = after["mirror_rays"] - before["mirror_rays"]
	expect_eq(after["mirror_disagreements"], 0, "not one disagreement")
	expect(decided > 100, "the mirror decided most of them: %d" % decided)
	expect(blocked > 100, "and many met a tile: %d" % blocked)


func test_a_tile_set_in_a_doorway_blocks_sight_once_it_stands_and_is_then_mirrored() -> void:
	ApsWorldBuilder2D.guard(self, Vector2(-400, -400), Vector2.RIGHT)
	var layer := _layer()
	layer.set_cell(Vector2i(10, -3), 0, SQUARE)
	await frames(3)
	var from := Vector2(0, 16)
	var to := Vector2(600, 16)
	expect_eq(_hit(from, to), null, "the doorway is open")
	layer.set_cell(Vector2i(10, 0), 0, SQUARE)
	expect_eq(_hit(from, to), null, "a tile set now stands only once the layer updates")
	await frames(1)
	expect_eq(_hit(from, to), layer, "the next frame it blocks")
	expect(
		"tile map" in str(_stats()["mirror_off"]),
		"while it settles, the engine answers: %s" % _stats()["mirror_off"]
	)
	await frames(2)
	var before := _stats()
	expect_eq(_hit(from, to), layer, "settled, it still blocks")
	expect_eq(_hit(from, to, LEDGES), null, "a mask without the walls layer passes it")
	expect_eq(_stats()["mirror_off"], "", "and the world is mirrored again")
	expect(_stats()["mirror_rays"] > before["mirror_rays"], "by the mirror")
	layer.erase_cell(Vector2i(10, 0))
	await frames(1)
	expect_eq(_hit(from, to), null, "erased, the doorway is open again")
	layer.position.y = -96.0
	await frames(1)
	expect_eq(
		_hit(Vector2(0, -80), Vector2(600, -80)),
		null,
		"moved up, the first tile is gone from y = -80"
	)
	expect_eq(_hit(Vector2(0, -176), Vector2(600, -176)), layer, "and stands 96 px higher")
	layer.collision_enabled = false
	await frames(1)
	expect_eq(_hit(Vector2(0, -176), Vector2(600, -176)), null, "collision off, rays pass")
	await frames(2)
	expect_eq(_hit(Vector2(0, -176), Vector2(600, -176)), null, "and the mirror agrees")
	layer.free()
	await frames(1)
	expect_eq(_stats()["mirror_off"], "", "freed, it is let go")
	expect_eq(_stats()["mirror_disagreements"], 0, "no disagreement at any step")


func test_a_layer_with_kinematic_bodies_is_left_to_the_engine() -> void:
	ApsWorldBuilder2D.guard(self, Vector2(-400, -400), Vector2.RIGHT)
	var layer := _layer()
	layer.use_kinematic_bodies = true
	layer.set_cell(Vector2i(10, 0), 0, SQUARE)
	await frames(3)
	expect_eq(_hit(Vector2(0, 16), Vector2(600, 16)), layer, "the engine answers")
	expect(
		"kinematic" in str(_stats()["mirror_off"]),
		"and the world says why: %s" % _stats()["mirror_off"]
	)


func test_rays_from_inside_a_block_of_tiles_are_left_to_the_engine_which_merges_them() -> void:
	# Godot joins a quadrant's tiles into one polygon and splits it its own way: a ray that
	# starts inside the block meets no face between two tiles.
	ApsWorldBuilder2D.guard(self, Vector2(-3000, -3000), Vector2.RIGHT)
	var layer := _layer()
	for x in 5:
		for y in 3:
			layer.set_cell(Vector2i(x, y), 0, SQUARE)
	await ApsWorldBuilder.settle_mirror(_anchor)
	var rng := RandomNumberGenerator.new()
	rng.seed = 5
	var before := _stats()
	var inside := 0
	for n in 1500:
		var from := Vector2(rng.randf_range(-60, 220), rng.randf_range(-60, 150))
		var to := Vector2(rng.randf_range(-60, 220), rng.randf_range(-60, 150))
		if Rect2(0, 0, 160, 96).has_point(from):
			inside += 1
		_hit(from, to)
	var after := _stats()
	expect_eq(after["mirror_disagreements"], 0, "not one disagreement")
	expect(inside > 300, "many started inside the block: %d" % inside)
	expect(
		after["mirror_unsure"] - before["mirror_unsure"] >= inside,
		"and each of those went to the engine"
	)
	expect(after["mirror_rays"] - before["mirror_rays"] > 300, "the rest were decided")


func test_a_tile_set_during_the_physics_step_is_not_missed_by_a_ray_in_the_process_step() -> void:
	# The layer makes its bodies as the physics step ends; a ray a script casts in the process
	# step that follows must see them, though the physics frame is the same.
	ApsWorldBuilder2D.guard(self, Vector2(-400, -400), Vector2.RIGHT)
	var layer := _layer()
	layer.set_cell(Vector2i(10, -3), 0, SQUARE)
	await ApsWorldBuilder.settle_mirror(_anchor)
	var from := Vector2(0, 16)
	var to := Vector2(600, 16)
	var before := _stats()
	await get_tree().physics_frame
	expect_eq(_hit(from, to), null, "open while the step runs")
	layer.set_cell(Vector2i(10, 0), 0, SQUARE)
	expect_eq(_hit(from, to), null, "and still open, the tile not yet made")
	await get_tree().process_frame
	expect_eq(_hit(from, to), layer, "made as the step ended: the ray in the process step stops")
	expect_eq(
		_stats()["mirror_disagreements"], before["mirror_disagreements"], "and no disagreement"
	)


func test_a_layer_of_more_cells_than_the_mirror_follows_is_left_to_the_engine() -> void:
	ApsWorldBuilder2D.guard(self, Vector2(-400, -400), Vector2.RIGHT)
	var layer := _layer()
	# 129 × 256 = 33,024 tiles, past the 32,768 the mirror follows.
	for x in 129:
		for y in 256:
			layer.set_cell(Vector2i(x, y + 4), 0, SQUARE)
	await ApsWorldBuilder.settle_mirror(_anchor)
	expect(
		"32,768 tiles" in str(_stats()["mirror_off"]),
		"the world says why it is not mirrored: %s" % _stats()["mirror_off"]
	)
	expect_eq(_hit(Vector2(-100, 200), Vector2(300, 200)), layer, "the engine answers")
	layer.free()
	await ApsWorldBuilder.settle_mirror(_anchor)
	expect_eq(_stats()["mirror_off"], "", "gone, the world is mirrored again")


func test_a_layer_moved_into_another_world_is_let_go_by_this_one() -> void:
	ApsWorldBuilder2D.guard(self, Vector2(-400, -400), Vector2.RIGHT)
	var layer := _layer()
	layer.set_cell(Vector2i(10, 0), 0, SQUARE)
	await ApsWorldBuilder.settle_mirror(_anchor)
	var from := Vector2(0, 16)
	var to := Vector2(600, 16)
	expect_eq(_hit(from, to), layer, "in this world, it blocks")
	var elsewhere := SubViewport.new()
	add_child(elsewhere)
	layer.reparent(elsewhere, false)
	await ApsWorldBuilder.settle_mirror(_anchor)
	expect_eq(_hit(from, to), null, "moved into a viewport of its own, it is gone from this world")
	expect_eq(_stats()["mirror_off"], "", "and this world is mirrored")
	expect_eq(_stats()["mirror_disagreements"], 0, "with no disagreement")
