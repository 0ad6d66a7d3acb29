extends ApsTestSuite
## Debug drawing in the game: nothing is made while it is off; turned on it makes its
## lines and labels, green rays that reach a sample point and red ones a wall blocks, and hides
## them when turned off again, keeping them for the next time: toggling makes and frees nothing.
## What every AI draws alike (the material, the cones of one profile) is made once for all.


func _internal_children(node: Node) -> Array:
	var out := []
	for c in node.get_children(true):
		if not c in node.get_children():
			out.append(c)
	return out


func _visible_internal_children(node: Node) -> Array:
	return _internal_children(node).filter(func(c): return c.visible)


func test_nothing_is_made_while_it_is_off() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	await seconds(1.0)
	expect_eq(guard.debug_draw, 0, "off by default")
	expect_eq(_internal_children(guard).size(), 0, "no drawing nodes")
	expect_eq(guard.get_debug_draw_counts()["drawing"], false, "not drawing")


func test_a_target_half_behind_a_wall_gets_green_and_red_rays_and_a_label() -> void:
	ApsWorldBuilder.floor(self)
	# Waist-high cover 3 m before the runner: the feet and chest rays are blocked, the head's
	# ray reaches it.
	var cover := ApsWorldBuilder.wall(self, Vector3(0, 0.6, -7), Vector3(4, 1.2, 0.3))
	cover.name = "Cover"
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -10), "Runner")
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await seconds(1.5)
	var counts: Dictionary = guard.get_debug_draw_counts()
	expect_eq(counts["drawing"], true, "drawing")
	expect(counts["green_rays"] >= 1, "a ray reached the runner: %s" % counts)
	expect(counts["red_rays"] >= 1, "the cover blocked a ray: %s" % counts)
	expect_eq(counts["green_rays"] + counts["red_rays"], 3, "one ray per sample point: %s" % counts)
	expect(counts["labels"] >= 1, "a label over the runner: %s" % counts)
	expect(counts["lines"] > 3, "rays and whereabouts are drawn: %s" % counts)
	expect(counts["cone_lines"] > 10, "cones and ranges are drawn: %s" % counts)
	var nodes := _internal_children(guard)
	var meshes := nodes.filter(func(n): return n is MeshInstance3D)
	var labels := nodes.filter(func(n): return n is Label3D)
	expect_eq(meshes.size(), 2, "a mesh for the cones, one for what the last pass found")
	for m in meshes:
		var mesh: ImmediateMesh = m.mesh
		expect_eq(mesh.get_surface_count(), 1, "%s's lines are in one surface" % m.name)
	var texts := labels.filter(func(l): return l.visible).map(func(l): return l.text)
	expect(
		texts.any(func(t): return "Runner" in t and "vision" in t),
		"the label names the runner and the dominant sense: %s" % [texts]
	)
	expect_eq(
		guard.get_child_count(), 0, "the drawing is internal: the guard's children are untouched"
	)
	# Turned off, everything is hidden and kept for the next time.
	var made := _internal_children(guard)
	guard.debug_draw = 0
	await frames(3)
	expect_eq(_visible_internal_children(guard).size(), 0, "drawing nodes hidden")
	expect_eq(_internal_children(guard), made, "and kept, not freed")
	expect_eq(guard.get_debug_draw_counts()["drawing"], false, "not drawing")
	expect_eq(guard.get_debug_draw_counts()["lines"], 0, "nothing counted while hidden")
	# Turned on again, the same nodes show what they drew.
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await frames(1)
	expect_eq(_internal_children(guard), made, "the same nodes")
	expect(
		guard.get_debug_draw_counts()["green_rays"] >= 1,
		"drawn again: %s" % guard.get_debug_draw_counts()
	)
	var shown := _visible_internal_children(guard)
	expect_eq(shown.filter(func(n): return n is MeshInstance3D).size(), 2, "both meshes shown")
	expect_eq(
		shown.filter(func(n): return n is Label3D).size(),
		guard.get_debug_draw_counts()["labels"],
		"a label shown for each label drawn"
	)


func test_only_the_flags_asked_for_are_drawn() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	guard.debug_draw = ApsPerceptionComponent.DRAW_RAYS
	await seconds(1.0)
	var counts: Dictionary = guard.get_debug_draw_counts()
	expect_eq(counts["labels"], 0, "no labels asked for")
	expect_eq(counts["green_rays"], 3, "rays drawn")
	expect_eq(counts["lines"], 3, "only the rays")


func test_the_project_setting_draws_every_ai() -> void:
	ApsWorldBuilder.floor(self)
	var a := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var b := ApsWorldBuilder.guard(self, Vector3(5, 0, 0), Vector3.FORWARD)
	ProjectSettings.set_setting("aps/debug/draw", true)
	await frames(3)
	expect_eq(a.get_debug_draw_counts()["drawing"], true, "first guard draws")
	expect_eq(b.get_debug_draw_counts()["drawing"], true, "second guard draws")
	ProjectSettings.set_setting("aps/debug/draw", false)
	await frames(3)
	expect_eq(a.get_debug_draw_counts()["drawing"], false, "first guard stopped")
	expect_eq(_visible_internal_children(b).size(), 0, "second guard's nodes hidden")


func test_freeing_a_drawing_guard_or_its_target_is_safe() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Runner")
	guard.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await seconds(1.0)
	runner.free()
	await seconds(0.5)
	expect(guard.get_debug_draw_counts()["drawing"], "still drawing after its target was freed")
	guard.get_parent().free()
	await frames(3)


func test_a_heard_sound_gets_a_ring_and_attention_a_line() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var source := ApsWorldBuilder.body(self, Vector3(0, 0, 8), "Source")
	guard.debug_draw = ApsPerceptionComponent.DRAW_SOUNDS
	await frames(2)
	expect_eq(guard.get_debug_draw_counts()["circles"], 0, "no sound, no ring")
	ApsWorld.emit_sound(source.global_position, 1.0, 30.0, &"footstep", source)
	expect(
		await wait_until(func(): return guard.get_debug_draw_counts()["circles"] == 1, 1.0),
		"a ring where the sound is heard"
	)
	guard.debug_draw = ApsPerceptionComponent.DRAW_ATTENTION
	expect(
		await wait_until(func(): return guard.get_attention_target() == source, 2.0),
		"the sound took its attention"
	)
	await seconds(0.2)
	expect_eq(guard.get_debug_draw_counts()["lines"], 1, "one line to the attention target")


## What a drawing guard makes, counted: two meshes and a label for each thing labelled, no
## material or cone mesh of its own (one for all guards of a profile). Ten guards of one profile,
## each watching its own runner, add ten lines meshes and nothing else shared.
func test_each_drawing_guard_makes_two_meshes_and_its_labels_and_shares_the_rest() -> void:
	ApsWorldBuilder.floor(self)
	var profile := ApsProfile.new()
	var guards := []
	# 50 m apart, beyond sight and hearing: each guard believes in its own runner alone.
	for i in 10:
		var g := ApsWorldBuilder.guard(self, Vector3(i * 50, 0, 0), Vector3.FORWARD, profile)
		ApsWorldBuilder.body(self, Vector3(i * 50, 0, -6), "Runner%d" % i)
		guards.append(g)
	await seconds(1.0)
	var objects := Performance.get_monitor(Performance.OBJECT_COUNT)
	var nodes := Performance.get_monitor(Performance.OBJECT_NODE_COUNT)
	for g in guards:
		g.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await frames(3)
	var labels := 0
	var meshes := {}
	var materials := {}
	for g in guards:
		var counts: Dictionary = g.get_debug_draw_counts()
		expect_eq(counts["labels"], 1, "%s labels its runner: %s" % [g.get_parent().name, counts])
		labels += counts["labels"]
		var made := _internal_children(g)
		expect_eq(made.size(), 2 + counts["labels"], "two meshes and one label: %s" % [made])
		for m in made.filter(func(n): return n is MeshInstance3D):
			var mesh: Mesh = m.mesh
			meshes[mesh] = true
			for s in mesh.get_surface_count():
				materials[mesh.surface_get_material(s)] = true
	expect_eq(
		Performance.get_monitor(Performance.OBJECT_NODE_COUNT) - nodes,
		10 * 2 + labels,
		"nodes made: two meshes a guard and its labels"
	)
	# Per guard: two mesh nodes, its lines' mesh and its labels; the material and the cones' mesh
	# are one each for all ten (or none, when an earlier test made them).
	var made_objects: int = Performance.get_monitor(Performance.OBJECT_COUNT) - objects
	expect(
		made_objects >= 10 * 3 + labels and made_objects <= 10 * 3 + labels + 2,
		"objects made: three a guard, its labels, at most the shared two: %d" % made_objects
	)
	expect_eq(meshes.size(), 10 + 1, "a lines mesh each and one cones mesh for the profile")
	expect_eq(materials.size(), 1, "one material for every line")


## Drawing turned on and off every frame for 200 guards makes no node or object after the first
## time: the nodes are hidden and shown again.
func test_toggling_drawing_every_frame_for_200_guards_makes_nothing_new() -> void:
	# 50 m apart, beyond sight and hearing, each with its own runner in view: what each believes,
	# and so what it labels, settles within a second and stays.
	var profile := ApsProfile.new()
	var guards := []
	for i in 200:
		var at := Vector3((i % 20) * 50, 0, (i / 20) * 50)
		guards.append(ApsWorldBuilder.guard(self, at, Vector3.FORWARD, profile))
		ApsWorldBuilder.body(self, at + Vector3(0, 0, -6), "Runner%d" % i)
	await seconds(0.5)
	for g in guards:
		g.debug_draw = ApsPerceptionComponent.DRAW_ALL
	await seconds(1.0)
	expect(
		guards.all(func(g): return g.get_debug_draw_counts()["labels"] == 1),
		"each labels its runner"
	)
	var nodes := Performance.get_monitor(Performance.OBJECT_NODE_COUNT)
	var children := 0
	for g in guards:
		children += g.get_child_count(true)
	# Objects are counted at the same point of each frame (a script's own awaits are objects).
	var objects := -1.0
	for f in 60:
		for g in guards:
			g.debug_draw = 0 if f % 2 == 0 else ApsPerceptionComponent.DRAW_ALL
		await frames(1)
		if objects < 0:
			objects = Performance.get_monitor(Performance.OBJECT_COUNT)
		var same_nodes := expect_eq(
			Performance.get_monitor(Performance.OBJECT_NODE_COUNT),
			nodes,
			"frame %d: no node made or freed" % f
		)
		var same_objects := expect_eq(
			Performance.get_monitor(Performance.OBJECT_COUNT),
			objects,
			"frame %d: no object made or freed" % f
		)
		if not (same_nodes and same_objects):
			break
	var after := 0
	for g in guards:
		after += g.get_child_count(true)
	expect_eq(after, children, "the guards hold the same children")
	expect(guards.all(func(g): return g.get_debug_draw_counts()["drawing"]), "drawing at the end")
