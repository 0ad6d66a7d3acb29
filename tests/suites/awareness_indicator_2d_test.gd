extends ApsTestSuite
## ApsAwarenessIndicator2D, the "?" and "!" over a 2D guard's head: the behaviours of
## awareness_indicator_test.gd again on the ground plane (it switches at the profile's thresholds,
## spec section 5; icons replace the text; the meter follows confidence; it finds its guard's
## component wherever it sits; anything freed at any moment only hides it), then what is its own
## in 2D: it stands upright over a turning body and draws only when what it shows changes.
##
## What it draws is read from its `_drawing` (the shapes _draw() draws, in the upright frame:
## origin at the node, pixels, +Y down the screen). Each check calls refresh() first: it
## refreshes every frame by itself, but a test resumes on the physics frame, before this frame's
## _process has run.


func _indicator(parent: Node) -> ApsAwarenessIndicator2D:
	var indicator := ApsAwarenessIndicator2D.new()
	indicator.name = "Indicator"
	parent.add_child(indicator)
	return indicator


## What `indicator` draws now (see the suite's comment).
func _drawn(indicator: ApsAwarenessIndicator2D) -> Dictionary:
	return indicator._drawing


## The symbol the thresholds call for at `confidence`.
func _expected(profile: ApsProfile, confidence: float) -> String:
	if confidence >= profile.track_threshold:
		return "!"
	if confidence >= profile.detect_threshold:
		return "?"
	return ""


## Holds the guard's confidence in `target` at exactly `confidence` (raised to it, floored at
## it), waits for perception ticks to take it in, and returns what the indicator shows.
func _hold(
	guard: ApsPerceptionComponent2D,
	target: Node2D,
	confidence: float,
	indicator: ApsAwarenessIndicator2D
) -> String:
	guard.set_target_confidence(target, confidence)
	guard.add_target_evidence(target, ApsPerceptionComponent2D.EVIDENCE_FLOOR, confidence, 60.0)
	await seconds(0.5)
	indicator.refresh()
	return indicator.get_shown_symbol()


## A profile whose thresholds are not the defaults, so that a hard-coded 0.35 or 0.60 fails.
func _tuned() -> ApsProfile:
	var profile := ApsProfile.new()
	profile.suspect_threshold = 0.2
	profile.detect_threshold = 0.45
	profile.track_threshold = 0.7
	profile.full_aware_threshold = 0.9
	return profile


## Moves `body` at `velocity` px/s for `duration` s, one physics frame at a time.
func _walk(body: CharacterBody2D, velocity: Vector2, duration: float) -> void:
	for i in int(round(duration * FPS)):
		body.velocity = velocity
		body.move_and_slide()
		await get_tree().physics_frame
	body.velocity = Vector2.ZERO


func test_the_symbol_switches_at_the_profiles_thresholds() -> void:
	var profile := _tuned()
	var guard := ApsWorldBuilder2D.guard(self, Vector2.ZERO, Vector2.RIGHT, profile)
	# Behind the guard: no sense reaches it, so only the script's numbers count.
	var runner := ApsWorldBuilder2D.body(self, Vector2(-800, 0), "Runner")
	var indicator := _indicator(guard.get_parent())
	await frames(2)
	indicator.refresh()
	expect_eq(indicator.get_perception_component(), guard, "found the guard's component")
	expect_eq(indicator.get_shown_symbol(), "", "a calm guard shows nothing")
	var detect := profile.detect_threshold
	var track := profile.track_threshold
	expect_eq(
		await _hold(guard, runner, profile.suspect_threshold, indicator),
		"",
		"Peripheral shows nothing"
	)
	expect_eq(
		await _hold(guard, runner, detect - 0.001, indicator), "", "just below Detect Threshold"
	)
	expect_eq(
		guard.get_awareness_level(),
		ApsPerceptionComponent2D.AWARENESS_PERIPHERAL,
		"Peripheral there"
	)
	expect_eq(await _hold(guard, runner, detect, indicator), "?", "at Detect Threshold: Suspicious")
	expect_eq(
		guard.get_awareness_level(),
		ApsPerceptionComponent2D.AWARENESS_SUSPICIOUS,
		"Suspicious there"
	)
	expect_eq(_drawn(indicator).get("text"), "?", "the symbol is drawn")
	expect_eq(
		await _hold(guard, runner, track - 0.001, indicator), "?", "just below Track Threshold"
	)
	expect_eq(await _hold(guard, runner, track, indicator), "!", "at Track Threshold: Alerted")
	expect_eq(
		guard.get_awareness_level(), ApsPerceptionComponent2D.AWARENESS_ALERTED, "Alerted there"
	)
	expect_eq(
		await _hold(guard, runner, profile.full_aware_threshold, indicator),
		"!",
		"Fully Aware is alerted too"
	)

	# Let go: confidence decays, and each frame the symbol is what the thresholds say.
	guard.remove_target_evidence(runner)
	var seen: Array[String] = ["!"]
	var wrong := 0
	for i in int(40.0 * FPS):
		await frames(1)
		indicator.refresh()
		var shown := indicator.get_shown_symbol()
		if shown != _expected(profile, guard.get_confidence(runner)):
			wrong += 1
		if shown != seen[-1]:
			seen.append(shown)
		if shown == "" and guard.get_confidence(runner) < profile.suspect_threshold:
			break
	expect_eq(wrong, 0, "frames whose symbol was not the thresholds' for the confidence")
	expect_eq(seen, ["!", "?", ""] as Array[String], "it decays through ? back to nothing")
	expect(_drawn(indicator).is_empty(), "and draws nothing")


func test_real_sight_raises_it_and_hiding_lowers_it() -> void:
	# A wall 10 m ahead covering 1 to 7 m on the guard's left (screen up): the 3D test's wall
	# turned onto the ground plane.
	ApsWorldBuilder2D.wall(self, Vector2(1000, -400), Vector2(40, 600))
	var guard := ApsWorldBuilder2D.guard(self, Vector2.ZERO, Vector2.RIGHT)
	var profile := guard.profile
	var runner := ApsWorldBuilder2D.body(self, Vector2(1200, 400), "Runner")
	# Under the body, the way a user adds it in the editor.
	var indicator := _indicator(guard.get_parent())
	var seen: Array[String] = [""]
	var wrong := [0]
	for i in int(4.0 * FPS):
		await frames(1)
		indicator.refresh()
		var shown := indicator.get_shown_symbol()
		if shown != _expected(profile, guard.get_confidence(runner)):
			wrong[0] += 1
		if shown != seen[-1]:
			seen.append(shown)
	expect_eq(seen, ["", "?", "!"] as Array[String], "seen: nothing, then ?, then !")
	# Behind the wall, it fades.
	await _walk(runner, Vector2(0, -400), 2.0)
	expect(
		await wait_until(
			func() -> bool:
				indicator.refresh()
				if indicator.get_shown_symbol() != _expected(profile, guard.get_confidence(runner)):
					wrong[0] += 1
				return indicator.get_shown_symbol() == "",
			40.0
		),
		"nothing once it has forgotten"
	)
	expect_eq(wrong[0], 0, "frames whose symbol was not the thresholds' for the confidence")
	# Every frame on its own, with nobody calling refresh().
	runner.global_position = Vector2(800, 0)
	await seconds(4.0)
	await get_tree().process_frame
	expect_eq(indicator.get_shown_symbol(), "!", "it refreshes by itself every frame")
	expect_eq(_drawn(indicator).get("text"), "!", "and draws it")


func test_texts_colours_and_icons_are_replaceable() -> void:
	var guard := ApsWorldBuilder2D.guard(self, Vector2.ZERO, Vector2.RIGHT)
	var runner := ApsWorldBuilder2D.body(self, Vector2(-800, 0), "Runner")
	var indicator := _indicator(guard.get_parent())
	indicator.suspicious_text = "huh?"
	indicator.suspicious_color = Color.CYAN
	indicator.alerted_color = Color.MAGENTA
	await _hold(guard, runner, guard.profile.detect_threshold, indicator)
	var drawn := _drawn(indicator)
	expect_eq(indicator.get_shown_symbol(), "huh?", "its own suspicious text")
	expect_eq(drawn.get("text"), "huh?", "drawn")
	expect_eq(drawn.get("color"), Color.CYAN, "in its colour")
	expect(not drawn.has("icon"), "text, no icon")
	var rect: Rect2 = drawn.symbol_rect
	expect_near(rect.get_center().x, 0.0, 1e-3, "centred over the node")
	expect_near(rect.end.y, -indicator.height, 1e-3, "its foot at Height, up the screen")
	expect_near(rect.size.y, indicator.font_size, 1e-3, "as tall as its size")

	var huh := ImageTexture.create_from_image(Image.create_empty(32, 32, false, Image.FORMAT_RGBA8))
	var bang := ImageTexture.create_from_image(
		Image.create_empty(16, 64, false, Image.FORMAT_RGBA8)
	)
	indicator.suspicious_icon = huh
	indicator.alerted_icon = bang
	indicator.refresh()
	drawn = _drawn(indicator)
	expect(drawn.get("icon") == huh and not drawn.has("text"), "an icon replaces the text")
	expect_eq(indicator.get_shown_symbol(), "huh?", "the symbol it stands for")
	expect_eq(
		drawn.symbol_rect.size,
		Vector2(indicator.font_size, indicator.font_size),
		"as tall as the text"
	)
	expect_eq(drawn.color, Color.WHITE, "drawn as it is")
	await _hold(guard, runner, guard.profile.track_threshold, indicator)
	drawn = _drawn(indicator)
	expect_eq(drawn.get("icon"), bang, "the alerted icon")
	expect_eq(
		drawn.symbol_rect.size,
		Vector2(indicator.font_size / 4.0, indicator.font_size),
		"scaled to the same height, in its own proportions"
	)
	indicator.tint_icons = true
	expect_eq(_drawn(indicator).color, Color.MAGENTA, "tinted on request")
	indicator.alerted_icon = null
	drawn = _drawn(indicator)
	expect(drawn.has("text") and not drawn.has("icon"), "back to the text without its icon")
	expect_eq(drawn.get("text"), "!", "the default alerted text")
	expect_eq(drawn.get("color"), Color.MAGENTA, "in the alerted colour")
	indicator.height = 50.0
	indicator.font_size = 20
	indicator.outline_size = 0
	drawn = _drawn(indicator)
	expect_near(drawn.symbol_rect.end.y, -50.0, 1e-3, "at its height")
	expect_eq(drawn.font_size, 20, "in its size")
	expect_eq(drawn.outline, 0, "without an outline")


func test_the_meter_follows_confidence_in_the_attention_target() -> void:
	var guard := ApsWorldBuilder2D.guard(self, Vector2.ZERO, Vector2.RIGHT)
	var runner := ApsWorldBuilder2D.body(self, Vector2(1000, 0), "Runner")
	var indicator := _indicator(guard.get_parent())
	await seconds(1.0)
	indicator.refresh()
	expect(guard.get_confidence(runner) > 0.0, "the guard sees the runner")
	expect_eq(indicator.get_meter_value(), 0.0, "no meter unless asked for")
	expect(not _drawn(indicator).has("meter_back"), "none drawn")

	indicator.show_meter = true
	var wrong := 0
	for i in int(3.0 * FPS):
		await frames(1)
		indicator.refresh()
		if not is_equal_approx(indicator.get_meter_value(), guard.get_confidence(runner)):
			wrong += 1
	expect_eq(wrong, 0, "frames the meter was not the confidence")
	expect_eq(indicator.get_meter_target(), runner, "the attention target")
	var value := indicator.get_meter_value()
	expect(value >= guard.profile.track_threshold, "high in plain view: %.2f" % value)
	var drawn := _drawn(indicator)
	expect(drawn.has("meter_back") and drawn.has("meter_fill"), "drawn")
	var back: Rect2 = drawn.meter_back
	var fill: Rect2 = drawn.meter_fill
	expect_near(back.size.x, indicator.meter_width, 1e-3, "the bar's width")
	expect_near(fill.size.x, indicator.meter_width * value, 1e-3, "filled that far")
	expect_near(fill.position.x, back.position.x, 1e-3, "from the bar's left end")
	expect(back.end.y < drawn.symbol_rect.position.y, "above the symbol")
	expect_near(
		indicator.get_top_pixels(),
		-indicator.height - back.position.y,
		1e-3,
		"get_top_pixels reaches the bar's top"
	)
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent2D.STATE_TRACKED, "tracked")
	expect_eq(drawn.meter_color, indicator.meter_tracked_color, "in the tracked colour")

	# A named target: the meter is about it, whoever has the attention.
	var stranger := ApsWorldBuilder2D.body(self, Vector2(-900, 0), "Stranger")
	guard.set_target_confidence(stranger, 0.3)
	indicator.meter_target = indicator.get_path_to(stranger)
	await seconds(0.2)
	indicator.refresh()
	expect_eq(indicator.get_meter_target(), stranger, "the named target")
	expect_near(indicator.get_meter_value(), guard.get_confidence(stranger), 1e-6, "its confidence")
	expect(indicator.get_meter_value() < 0.3, "not the runner's")
	expect_eq(indicator.get_shown_symbol(), "!", "the symbol is still the AI's awareness")
	# Scripted belief no sense backs goes Lost at once: searched for, not seen.
	expect_eq(guard.get_belief_state(stranger), ApsPerceptionComponent2D.STATE_LOST, "lost")
	expect_eq(
		_drawn(indicator).meter_color, indicator.meter_searching_color, "in the searching colour"
	)


func test_the_meter_never_measures_an_ally() -> void:
	var guard := ApsWorldBuilder2D.guard(self, Vector2.ZERO, Vector2.RIGHT)
	guard.team_id = 1
	var mate := ApsWorldBuilder2D.body(self, Vector2(600, 0), "Mate")
	var badge := ApsTargetComponent2D.new()
	badge.team_id = 1
	mate.add_child(badge)
	var indicator := _indicator(guard.get_parent())
	indicator.show_meter = true
	await seconds(2.0)
	indicator.refresh()
	expect(
		guard.get_confidence(mate) > 0.5,
		"the guard sees its mate: %.2f" % guard.get_confidence(mate)
	)
	expect_eq(indicator.get_meter_target(), null, "but measures nobody")
	expect_eq(indicator.get_meter_value(), 0.0, "so no meter")
	expect_eq(indicator.get_shown_symbol(), "", "and a mate alarms nobody")
	expect(_drawn(indicator).is_empty(), "nothing drawn")


func test_it_finds_its_guards_component_wherever_it_sits() -> void:
	var guard := ApsWorldBuilder2D.guard(self, Vector2.ZERO, Vector2.RIGHT)
	var other := ApsWorldBuilder2D.guard(self, Vector2(500, 0), Vector2.RIGHT)
	var body := guard.get_parent()
	var head := Node2D.new()
	body.add_child(head)
	var places := {
		"under the body": _indicator(body),
		"under a child of the body": _indicator(head),
		"under the component": _indicator(guard)
	}
	for where: String in places:
		expect_eq(places[where].get_perception_component(), guard, where)
		expect_eq(
			places[where]._get_configuration_warnings(), PackedStringArray(), "no warning " + where
		)
	var named := _indicator(self)
	named.component = named.get_path_to(other)
	expect_eq(named.get_perception_component(), other, "the one Component names")
	expect_eq(
		named._get_configuration_warnings(), PackedStringArray(), "no warning for a named one"
	)
	named.component = NodePath("Nowhere")
	expect_eq(named.get_perception_component(), null, "nothing at a wrong path")
	expect_eq(named._get_configuration_warnings().size(), 1, "which warns")
	named.component = named.get_path_to(body)
	expect_eq(named.get_perception_component(), null, "a body is no component")
	expect(
		" is a CharacterBody2D" in "".join(named._get_configuration_warnings()),
		"which warns: %s" % named._get_configuration_warnings()
	)

	# Each twin shows a component of its own dimension only.
	var guard_3d := ApsWorldBuilder.guard(self, Vector3(0, 0, 30), Vector3.FORWARD)
	named.component = named.get_path_to(guard_3d)
	expect_eq(named.get_perception_component(), null, "the 2D indicator takes no 3D component")
	var warned := "".join(named._get_configuration_warnings())
	expect(
		" is a ApsPerceptionComponent, not an ApsPerceptionComponent2D" in warned,
		"which warns: " + warned
	)
	var indicator_3d := ApsAwarenessIndicator.new()
	body.add_child(indicator_3d)
	expect_eq(
		indicator_3d.get_perception_component(), null, "the 3D indicator takes no 2D component"
	)

	# A bare body: nothing found, never another guard's component; a warning says so.
	var bare := ApsWorldBuilder2D.body(self, Vector2(-500, 0), "Bare")
	var lonely := _indicator(bare)
	expect_eq(lonely.get_perception_component(), null, "no component under this guard")
	expect_eq(lonely._get_configuration_warnings().size(), 1, "which warns")
	# A component a script adds later (the demo's guards add theirs in _ready) is found soon.
	var late := ApsPerceptionComponent2D.new()
	late.profile = ApsProfile.new()
	bare.add_child(late)
	await frames(ApsAwarenessIndicator2D.SEARCH_INTERVAL_FRAMES + 1)
	expect_eq(lonely.get_perception_component(), late, "found once it is there")
	expect_eq(lonely._get_configuration_warnings(), PackedStringArray(), "and the warning goes")


func test_freeing_the_component_or_the_target_at_any_time_only_hides_it() -> void:
	var guard := ApsWorldBuilder2D.guard(self, Vector2.ZERO, Vector2.RIGHT)
	var runner := ApsWorldBuilder2D.body(self, Vector2(800, 0), "Runner")
	var indicator := _indicator(guard.get_parent())
	indicator.show_meter = true
	indicator.meter_target = indicator.get_path_to(runner)
	await seconds(3.0)
	indicator.refresh()
	expect_eq(indicator.get_shown_symbol(), "!", "alerted")
	expect(indicator.get_meter_value() >= guard.profile.track_threshold, "the meter is high")
	runner.free()
	await frames(1)
	indicator.refresh()
	expect_eq(indicator.get_meter_value(), 0.0, "no meter for a freed target")
	expect(not _drawn(indicator).has("meter_back"), "none drawn")
	guard.free()
	indicator.refresh()
	expect_eq(indicator.get_perception_component(), null, "its component is gone")
	expect_eq(indicator.get_shown_symbol(), "", "so it shows nothing")
	expect(_drawn(indicator).is_empty(), "and draws nothing")
	await frames(2)

	# Freed from inside the component's own signals: the target as it is tracked, and the
	# component (queued) as awareness changes.
	var guard2 := ApsWorldBuilder2D.guard(self, Vector2(0, 2000), Vector2.RIGHT)
	var runner2 := ApsWorldBuilder2D.body(self, Vector2(800, 2000), "Runner2")
	var indicator2 := _indicator(guard2.get_parent())
	indicator2.show_meter = true
	guard2.target_tracked.connect(
		func(t: Node2D, _c: float) -> void:
			if is_instance_valid(t):
				t.free()
	)
	guard2.awareness_changed.connect(
		func(_old: int, new: int) -> void:
			if new == ApsPerceptionComponent2D.AWARENESS_UNAWARE and is_instance_valid(guard2):
				guard2.queue_free()
	)
	await seconds(2.0)
	expect(not is_instance_valid(runner2), "the handler freed the target")
	var guard2_ref: WeakRef = weakref(guard2)
	expect(
		await wait_until(func() -> bool: return guard2_ref.get_ref() == null, 40.0),
		"the handler freed the component"
	)
	await frames(2)
	expect_eq(indicator2.get_shown_symbol(), "", "nothing shown")
	expect_eq(indicator2.get_meter_value(), 0.0, "no meter")
	expect(_drawn(indicator2).is_empty(), "nothing drawn")

	# The guard's whole body freed inside target_detected takes the indicator with it.
	var guard3 := ApsWorldBuilder2D.guard(self, Vector2(0, 4000), Vector2.RIGHT)
	ApsWorldBuilder2D.body(self, Vector2(800, 4000), "Runner3")
	var body3 := guard3.get_parent()
	var indicator3 := _indicator(body3)
	expect_engine_error("was freed or unreferenced while a signal is being emitted from it")
	guard3.target_detected.connect(
		func(_t: Node2D, _c: float) -> void:
			if is_instance_valid(body3):
				body3.free()
	)
	await seconds(2.0)
	expect(not is_instance_valid(indicator3), "freed with the body")


func test_a_game_never_shows_the_editor_preview() -> void:
	# Engine.is_editor_hint() can't be flipped in a game: what a game must never do is draw the
	# preview the scene was saved with.
	var guard := ApsWorldBuilder2D.guard(self, Vector2.ZERO, Vector2.RIGHT)
	var indicator := _indicator(guard.get_parent())
	indicator.editor_preview = ApsAwarenessIndicator2D.Preview.ALERTED
	indicator.show_meter = true
	await frames(2)
	indicator.refresh()
	expect_eq(indicator.get_shown_symbol(), "", "a game shows the real awareness, not the preview")
	expect(_drawn(indicator).is_empty(), "and draws no preview, nor its meter")
	var warnings := indicator._get_configuration_warnings()
	expect_eq(warnings, PackedStringArray(), "set up right, no warning")
	indicator.show_meter = false
	indicator.meter_target = NodePath("..")
	expect_eq(
		indicator._get_configuration_warnings().size(), 1, "a meter target with no meter warns"
	)


func test_it_stands_upright_and_draws_only_when_what_it_shows_changes() -> void:
	var guard := ApsWorldBuilder2D.guard(self, Vector2.ZERO, Vector2.RIGHT)
	var runner := ApsWorldBuilder2D.body(self, Vector2(-800, 0), "Runner")
	var body := guard.get_parent() as Node2D
	var head := Node2D.new()
	body.add_child(head)
	var indicator := _indicator(head)
	indicator.show_meter = true
	expect_eq(
		await _hold(guard, runner, guard.profile.detect_threshold, indicator), "?", "suspicious"
	)
	await frames(2)
	var draws := [0]
	indicator.draw.connect(func() -> void: draws[0] += 1)

	# The same belief, frame after frame, draws nothing; nor does a walk (the canvas carries
	# the drawing along).
	await seconds(1.0)
	expect_eq(draws[0], 0, "a second of the same awareness and confidence draws nothing")
	for i in 30:
		body.position += Vector2(5, 2)
		await frames(1)
	expect_eq(draws[0], 0, "nor does a walk")
	expect_eq(indicator.get_shown_symbol(), "?", "still suspicious")

	# A turn, a flip or a scale redraws it upright: up the screen, at Height, at its size.
	var upright := func() -> bool:
		var frame := indicator.get_global_transform() * indicator._drawn_transform
		var foot := frame * Vector2(0, -indicator.height)
		return (
			frame.x.is_equal_approx(Vector2.RIGHT)
			and frame.y.is_equal_approx(Vector2.DOWN)
			and foot.is_equal_approx(indicator.global_position + Vector2(0, -indicator.height))
		)
	expect(upright.call(), "upright before any turn")
	body.rotation = 2.0
	await frames(2)
	expect_eq(draws[0], 1, "a turn redraws once")
	expect(upright.call(), "upright on a turned body")
	head.scale = Vector2(-2.0, 0.5)
	await frames(2)
	expect_eq(draws[0], 2, "a flip and a squash redraw once")
	expect(upright.call(), "upright and unscaled under a flipped, squashed head")

	# What it shows changing redraws it, once.
	expect_eq(await _hold(guard, runner, guard.profile.track_threshold, indicator), "!", "alerted")
	await frames(2)
	var redrawn: int = draws[0] - 2
	# The confidence and the awareness taken from it may reach the indicator a frame apart.
	expect(
		redrawn == 1 or redrawn == 2, "the new symbol and meter redraw once or twice: %d" % redrawn
	)
	# A setting that changes nothing drawn draws nothing.
	var before: int = draws[0]
	indicator.suspicious_text = "??"
	await frames(2)
	expect_eq(draws[0], before, "the suspicious text is not showing")
