extends ApsTestSuite
## What stops sight by default is the game's own walls, whatever physics layer they are on
## (the project setting `aps/occlusion_layers`, every layer unless narrowed, which the presets
## follow); what hangs under a body is that body to the rays; and the Scene dock names the
## layer of any wall a profile's senses would not stop.

const GUARD_PRESET := preload("res://addons/aps/presets/guard.tres")
const LAYER_16 := 1 << 15
const LAYER_5 := 1 << 4


func _exit_tree() -> void:
	ProjectSettings.set_setting("aps/occlusion_layers", 0xFFFFFFFF)
	ProjectSettings.set_setting("layer_names/3d_physics/layer_5", "")


## A guard 0 m, a runner 10 m ahead, a wall 5 m ahead on `layers`.
func _behind_a_wall(profile: ApsProfile, layers: int) -> Dictionary:
	ApsWorldBuilder.floor(self)
	var wall := ApsWorldBuilder.wall(self, Vector3(0, 1.5, -5), Vector3(6, 3, 0.4))
	wall.collision_layer = layers
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, profile)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -10), "Runner")
	return {"guard": guard, "runner": runner, "wall": wall}


func test_a_wall_on_layer_16_stops_a_presets_sight() -> void:
	var s := _behind_a_wall(GUARD_PRESET, LAYER_16)
	var log := ApsSignalLog.new(s["guard"])
	await seconds(3.0)
	expect_eq(log.count("target_suspected"), 0, "never suspected through the wall")
	expect_eq(s["guard"].get_setup_warnings(), PackedStringArray(), "nothing to warn of")


func test_a_project_that_narrows_its_layers_and_a_profile_of_its_own_see_through() -> void:
	# The project says only layer 1 makes walls: the wall on 16 is none.
	ProjectSettings.set_setting("aps/occlusion_layers", 1)
	var s := _behind_a_wall(GUARD_PRESET, LAYER_16)
	await seconds(2.0)
	expect_eq(
		s["guard"].get_belief_state(s["runner"]),
		ApsPerceptionComponent.STATE_TRACKED,
		"seen through a non-wall"
	)
	ProjectSettings.set_setting("aps/occlusion_layers", 0xFFFFFFFF)
	for c in get_children():
		c.free()
	# A profile that keeps its own masks (layer 1) ignores the project's layers.
	var own := GUARD_PRESET.duplicate()
	own.use_project_occlusion_layers = false
	s = _behind_a_wall(own, LAYER_16)
	await seconds(2.0)
	expect_eq(
		s["guard"].get_belief_state(s["runner"]),
		ApsPerceptionComponent.STATE_TRACKED,
		"its own mask of layer 1"
	)
	var text := "\n".join(s["guard"].get_setup_warnings())
	expect(
		"physics layer 16" in text and "sight" in text, "the Scene dock names the layer: %s" % text
	)
	own.vision_collision_mask = 1 | LAYER_16
	own.hearing_occlusion_mask = 1 | LAYER_16
	own.echo_collision_mask = 1 | LAYER_16
	await seconds(1.5)
	expect_eq(
		s["guard"].get_setup_warnings(), PackedStringArray(), "the masks take the wall's layer in"
	)
	expect(s["guard"].get_confidence(s["runner"]) < 0.9, "and it stops sight again")


func test_the_warning_names_a_named_layer_and_says_how_to_fix_it() -> void:
	ProjectSettings.set_setting("layer_names/3d_physics/layer_5", "Ground")
	ProjectSettings.set_setting("aps/occlusion_layers", 1)
	var s := _behind_a_wall(GUARD_PRESET, LAYER_5)
	var text := "\n".join(s["guard"].get_setup_warnings())
	expect("physics layer 5 (Ground)" in text, "named: %s" % text)
	expect("aps/occlusion_layers" in text, "the fix: %s" % text)


func test_the_masks_are_greyed_while_the_project_decides() -> void:
	var p := ApsProfile.new()
	var usage := func(name: String) -> int:
		for info in p.get_property_list():
			if info["name"] == name:
				return info["usage"]
		return -1
	expect(
		usage.call("vision_collision_mask") & PROPERTY_USAGE_READ_ONLY,
		"greyed while following the project"
	)
	p.use_project_occlusion_layers = false
	expect(
		not (usage.call("vision_collision_mask") & PROPERTY_USAGE_READ_ONLY), "editable once off"
	)
	expect(
		(
			not (usage.call("echo_collision_mask") & PROPERTY_USAGE_READ_ONLY)
			or not p.echolocation_enabled
		),
		"echolocation's is greyed only while echolocation is off"
	)


func test_what_hangs_under_a_body_is_that_body_to_the_rays() -> void:
	ApsWorldBuilder.floor(self)
	# The guard carries a shield in front of its eyes, on layer 4, as its scene holds it.
	var body := ApsWorldBuilder.body(self, Vector3.ZERO, "Guard")
	var shield := _box(Vector3(1, 1, 0.1), 1 << 3)
	body.add_child(shield)
	shield.position = Vector3(0, 1.6, -0.5)
	var guard := ApsPerceptionComponent.new()
	guard.profile = GUARD_PRESET
	guard.position = Vector3(0, 1.6, 0)
	body.add_child(guard)
	# The runner's hitbox: a static body on layer 3 wrapping its whole capsule.
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -8), "Runner")
	var hitbox := _box(Vector3(0.9, 2.0, 0.9), 1 << 2)
	runner.add_child(hitbox)
	hitbox.position = Vector3(0, 0.95, 0)
	await seconds(2.0)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent.STATE_TRACKED,
		"seen through its own hitbox and the guard's shield"
	)
	var vision: Dictionary = guard.explain(runner)["senses"].get("vision", {})
	expect_eq(
		vision.get("factors", {}).get("exposure"), 1.0, "every sample point reached: %s" % vision
	)
	# A box that is no part of either, in between, on layer 3: a wall.
	var crate := _box(Vector3(2, 3, 0.3), 1 << 2)
	add_child(crate)
	crate.global_position = Vector3(0, 1.5, -4)
	await seconds(1.0)
	expect_eq(
		guard.get_belief_state(runner),
		ApsPerceptionComponent.STATE_LOST,
		"hidden by a crate on the same layer"
	)


## A static body with one box of `size` on `layers`.
func _box(size: Vector3, layers: int) -> StaticBody3D:
	var b := StaticBody3D.new()
	b.collision_layer = layers
	var shape := CollisionShape3D.new()
	var box := BoxShape3D.new()
	box.size = size
	shape.shape = box
	b.add_child(shape)
	return b


func test_grid_maps_and_tile_maps_are_walls_the_scene_dock_judges() -> void:
	var own := GUARD_PRESET.duplicate()
	own.use_project_occlusion_layers = false  # its masks: layer 1
	# A grid map on layer 16.
	var grid := GridMap.new()
	var library := MeshLibrary.new()
	library.create_item(0)
	var box := BoxShape3D.new()
	library.set_item_shapes(0, [box, Transform3D.IDENTITY])
	grid.mesh_library = library
	grid.collision_layer = LAYER_16
	grid.set_cell_item(Vector3i(0, 0, -3), 0)
	add_child(grid)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, own)
	var text := "\n".join(guard.get_setup_warnings())
	expect("physics layer 16" in text, "the grid map's layer: %s" % text)
	grid.collision_layer = 1
	expect_eq(guard.get_setup_warnings(), PackedStringArray(), "on the profile's layer: fine")
	# A 2D guard and a tile map layer whose tile set collides on layer 5.
	var root := Node2D.new()
	add_child(root)
	var tiles := TileMapLayer.new()
	var tile_set := TileSet.new()
	tile_set.add_physics_layer()
	tile_set.set_physics_layer_collision_layer(0, LAYER_5)
	tiles.tile_set = tile_set
	root.add_child(tiles)
	var eye := ApsWorldBuilder2D.guard(root, Vector2.ZERO, Vector2.RIGHT, own)
	text = "\n".join(eye.get_setup_warnings())
	expect("physics layer 5" in text and "sight" in text, "the tile set's layer: %s" % text)
	# Following the project (every layer), nothing to say.
	own.use_project_occlusion_layers = true
	expect_eq(
		eye.get_setup_warnings(), PackedStringArray(), "the project's layers stop sight on layer 5"
	)
