extends ApsTestSuite
## Debug drawing in the game (issue 13): nothing is made while it is off; turned on it makes its
## lines and labels, green rays that reach a sample point and red ones a wall blocks, and frees
## everything when turned off again.


func _internal_children(node: Node) -> Array:
	var out := []
	for c in node.get_children(true):
		if not c in node.get_children():
			out.append(c)
	return out


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
	expect(texts.any(func(t): return "Runner" in t and "vision" in t), "the label names the runner and the dominant sense: %s" % [texts])
	expect_eq(guard.get_child_count(), 0, "the drawing is internal: the guard's children are untouched")
	# Turned off, everything goes.
	guard.debug_draw = 0
	await frames(3)
	expect_eq(_internal_children(guard).size(), 0, "drawing nodes freed")
	expect_eq(guard.get_debug_draw_counts()["drawing"], false, "not drawing")


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
	expect_eq(_internal_children(b).size(), 0, "second guard's nodes freed")


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
	expect(await wait_until(func(): return guard.get_debug_draw_counts()["circles"] == 1, 1.0), "a ring where the sound is heard")
	guard.debug_draw = ApsPerceptionComponent.DRAW_ATTENTION
	expect(await wait_until(func(): return guard.get_attention_target() == source, 2.0), "the sound took its attention")
	await seconds(0.2)
	expect_eq(guard.get_debug_draw_counts()["lines"], 1, "one line to the attention target")
