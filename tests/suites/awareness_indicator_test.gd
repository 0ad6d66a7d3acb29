extends ApsTestSuite
## ApsAwarenessIndicator, the "?" and "!" over a guard's head: it switches at the
## profile's thresholds (Suspicious from Detect Threshold, Alerted from Track Threshold: spec
## section 5), icons replace the text, the meter follows confidence, it finds its guard's
## component wherever it sits, and anything freed at any moment only hides it.
##
## Each check calls the indicator's refresh() first: it refreshes every frame by itself, but a
## test resumes on the physics frame, before this frame's _process has run.


func _indicator(parent: Node) -> ApsAwarenessIndicator:
	var indicator := ApsAwarenessIndicator.new()
	indicator.name = "Indicator"
	parent.add_child(indicator)
	return indicator


## The symbol the thresholds call for at `confidence`.
func _expected(profile: ApsProfile, confidence: float) -> String:
	if confidence >= profile.track_threshold:
		return "!"
	if confidence >= profile.detect_threshold:
		return "?"
	return ""


## The indicator's node called `part` (Symbol, Icon, MeterBack, MeterFill).
func _part(indicator: Node, part: String) -> Node3D:
	for child in indicator.get_children(true):
		if child.name == part:
			return child
	return null


## Holds the guard's confidence in `target` at exactly `confidence` (raised to it, floored at
## it), waits for perception ticks to take it in, and returns what the indicator shows.
func _hold(
	guard: ApsPerceptionComponent,
	target: Node3D,
	confidence: float,
	indicator: ApsAwarenessIndicator
) -> String:
	guard.set_target_confidence(target, confidence)
	guard.add_target_evidence(target, ApsPerceptionComponent.EVIDENCE_FLOOR, confidence, 60.0)
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


func test_the_symbol_switches_at_the_profiles_thresholds() -> void:
	ApsWorldBuilder.floor(self)
	var profile := _tuned()
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, profile)
	# Behind the guard: no sense reaches it, so only the script's numbers count.
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, 8), "Runner")
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
		guard.get_awareness_level(), ApsPerceptionComponent.AWARENESS_PERIPHERAL, "Peripheral there"
	)
	expect_eq(await _hold(guard, runner, detect, indicator), "?", "at Detect Threshold: Suspicious")
	expect_eq(
		guard.get_awareness_level(), ApsPerceptionComponent.AWARENESS_SUSPICIOUS, "Suspicious there"
	)
	expect(_part(indicator, "Symbol").visible, "the symbol is drawn")
	expect_eq(
		await _hold(guard, runner, track - 0.001, indicator), "?", "just below Track Threshold"
	)
	expect_eq(await _hold(guard, runner, track, indicator), "!", "at Track Threshold: Alerted")
	expect_eq(
		guard.get_awareness_level(), ApsPerceptionComponent.AWARENESS_ALERTED, "Alerted there"
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
	expect(not _part(indicator, "Symbol").visible, "and draws nothing")


func test_real_sight_raises_it_and_hiding_lowers_it() -> void:
	ApsWorldBuilder.floor(self)
	ApsWorldBuilder.wall(self, Vector3(-4, 1.5, -10), Vector3(6, 3, 0.4))
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var profile := guard.profile
	var runner := ApsWorldBuilder.body(self, Vector3(4, 0, -12), "Runner")
	# Under the body at its feet, the way a user adds it in the editor.
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
	await walk(runner, Vector3(-4, 0, 0), 2.0)
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
	runner.global_position = Vector3(0, 0, -8)
	await seconds(4.0)
	await get_tree().process_frame
	expect_eq(indicator.get_shown_symbol(), "!", "it refreshes by itself every frame")


func test_texts_colours_and_icons_are_replaceable() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, 8), "Runner")
	var indicator := _indicator(guard.get_parent())
	indicator.suspicious_text = "huh?"
	indicator.suspicious_color = Color.CYAN
	indicator.alerted_color = Color.MAGENTA
	var label := _part(indicator, "Symbol") as Label3D
	var icon := _part(indicator, "Icon") as Sprite3D
	await _hold(guard, runner, guard.profile.detect_threshold, indicator)
	expect_eq(indicator.get_shown_symbol(), "huh?", "its own suspicious text")
	expect_eq(label.text, "huh?", "drawn")
	expect_eq(label.modulate, Color.CYAN, "in its colour")
	expect(label.visible and not icon.visible, "text, no icon")

	var huh := ImageTexture.create_from_image(Image.create_empty(32, 32, false, Image.FORMAT_RGBA8))
	var bang := ImageTexture.create_from_image(
		Image.create_empty(16, 64, false, Image.FORMAT_RGBA8)
	)
	indicator.suspicious_icon = huh
	indicator.alerted_icon = bang
	indicator.refresh()
	expect(icon.visible and not label.visible, "an icon replaces the text")
	expect_eq(icon.texture, huh, "the suspicious icon")
	expect_eq(indicator.get_shown_symbol(), "huh?", "the symbol it stands for")
	expect_near(
		icon.pixel_size * huh.get_height(),
		indicator.pixel_size * indicator.font_size,
		1e-6,
		"as tall as the text"
	)
	expect_eq(icon.modulate, Color.WHITE, "drawn as it is")
	await _hold(guard, runner, guard.profile.track_threshold, indicator)
	expect_eq(icon.texture, bang, "the alerted icon")
	expect_near(
		icon.pixel_size * bang.get_height(),
		indicator.pixel_size * indicator.font_size,
		1e-6,
		"scaled to the same height"
	)
	indicator.tint_icons = true
	expect_eq(icon.modulate, Color.MAGENTA, "tinted on request")
	indicator.alerted_icon = null
	expect(label.visible and not icon.visible, "back to the text without its icon")
	expect_eq(label.text, "!", "the default alerted text")
	expect_eq(label.modulate, Color.MAGENTA, "in the alerted colour")
	indicator.height = 3.0
	expect_eq(label.position, Vector3(0, 3, 0), "at its height")


func test_the_meter_follows_confidence_in_the_attention_target() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -10), "Runner")
	var indicator := _indicator(guard.get_parent())
	var back := _part(indicator, "MeterBack") as Sprite3D
	var fill := _part(indicator, "MeterFill") as Sprite3D
	await seconds(1.0)
	indicator.refresh()
	expect(guard.get_confidence(runner) > 0.0, "the guard sees the runner")
	expect_eq(indicator.get_meter_value(), 0.0, "no meter unless asked for")
	expect(not back.visible and not fill.visible, "none drawn")

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
	expect(back.visible and fill.visible, "drawn")
	expect_near(fill.region_rect.size.x, indicator.meter_width * value, 1e-3, "filled that far")
	expect_near(
		fill.offset.x - fill.region_rect.size.x * 0.5,
		back.offset.x - back.region_rect.size.x * 0.5,
		1e-3,
		"from the bar's left end"
	)
	expect(back.offset.y > 0.0, "above the symbol")
	expect_eq(guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "tracked")
	expect_eq(fill.modulate, indicator.meter_tracked_color, "in the tracked colour")

	# A named target: the meter is about it, whoever has the attention.
	var stranger := ApsWorldBuilder.body(self, Vector3(0, 0, 9), "Stranger")
	guard.set_target_confidence(stranger, 0.3)
	indicator.meter_target = indicator.get_path_to(stranger)
	await seconds(0.2)
	indicator.refresh()
	expect_eq(indicator.get_meter_target(), stranger, "the named target")
	expect_near(indicator.get_meter_value(), guard.get_confidence(stranger), 1e-6, "its confidence")
	expect(indicator.get_meter_value() < 0.3, "not the runner's")
	expect_eq(indicator.get_shown_symbol(), "!", "the symbol is still the AI's awareness")
	# Scripted belief no sense backs goes Lost at once: searched for, not seen.
	expect_eq(guard.get_belief_state(stranger), ApsPerceptionComponent.STATE_LOST, "lost")
	expect_eq(fill.modulate, indicator.meter_searching_color, "in the searching colour")


func test_the_meter_never_measures_an_ally() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	guard.team_id = 1
	var mate := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Mate")
	var badge := ApsTargetComponent.new()
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


func test_it_finds_its_guards_component_wherever_it_sits() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var other := ApsWorldBuilder.guard(self, Vector3(5, 0, 0), Vector3.FORWARD)
	var body := guard.get_parent()
	var head := Node3D.new()
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
		" is a CharacterBody3D" in "".join(named._get_configuration_warnings()),
		"which warns: %s" % named._get_configuration_warnings()
	)

	# A bare body: nothing found, never another guard's component; a warning says so.
	var bare := ApsWorldBuilder.body(self, Vector3(-5, 0, 0), "Bare")
	var lonely := _indicator(bare)
	expect_eq(lonely.get_perception_component(), null, "no component under this guard")
	expect_eq(lonely._get_configuration_warnings().size(), 1, "which warns")
	# A component a script adds later (the demo's guards add theirs in _ready) is found soon.
	var late := ApsPerceptionComponent.new()
	late.profile = ApsProfile.new()
	bare.add_child(late)
	await frames(ApsAwarenessIndicator.SEARCH_INTERVAL_FRAMES + 1)
	expect_eq(lonely.get_perception_component(), late, "found once it is there")
	expect_eq(lonely._get_configuration_warnings(), PackedStringArray(), "and the warning goes")


func test_freeing_the_component_or_the_target_at_any_time_only_hides_it() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -8), "Runner")
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
	expect(not _part(indicator, "MeterBack").visible, "none drawn")
	guard.free()
	indicator.refresh()
	expect_eq(indicator.get_perception_component(), null, "its component is gone")
	expect_eq(indicator.get_shown_symbol(), "", "so it shows nothing")
	expect(not _part(indicator, "Symbol").visible, "and draws nothing")
	await frames(2)

	# Freed from inside the component's own signals: the target as it is tracked, and the
	# component (queued) as awareness changes.
	var guard2 := ApsWorldBuilder.guard(self, Vector3(10, 0, 0), Vector3.FORWARD)
	var runner2 := ApsWorldBuilder.body(self, Vector3(10, 0, -8), "Runner2")
	var indicator2 := _indicator(guard2.get_parent())
	indicator2.show_meter = true
	guard2.target_tracked.connect(
		func(t: Node3D, _c: float) -> void:
			if is_instance_valid(t):
				t.free()
	)
	guard2.awareness_changed.connect(
		func(_old: int, new: int) -> void:
			if new == ApsPerceptionComponent.AWARENESS_UNAWARE and is_instance_valid(guard2):
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

	# The guard's whole body freed inside target_detected takes the indicator with it.
	var guard3 := ApsWorldBuilder.guard(self, Vector3(20, 0, 0), Vector3.FORWARD)
	ApsWorldBuilder.body(self, Vector3(20, 0, -8), "Runner3")
	var body3 := guard3.get_parent()
	var indicator3 := _indicator(body3)
	expect_engine_error("was freed or unreferenced while a signal is being emitted from it")
	guard3.target_detected.connect(
		func(_t: Node3D, _c: float) -> void:
			if is_instance_valid(body3):
				body3.free()
	)
	await seconds(2.0)
	expect(not is_instance_valid(indicator3), "freed with the body")


func test_a_game_never_shows_the_editor_preview() -> void:
	# Engine.is_editor_hint() can't be flipped in a game: what a game must never do is draw the
	# preview the scene was saved with.
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var indicator := _indicator(guard.get_parent())
	indicator.editor_preview = ApsAwarenessIndicator.Preview.ALERTED
	indicator.show_meter = true
	await frames(2)
	indicator.refresh()
	expect_eq(indicator.get_shown_symbol(), "", "a game shows the real awareness, not the preview")
	expect(not _part(indicator, "Symbol").visible, "and draws no preview")
	expect(not _part(indicator, "MeterBack").visible, "nor its meter")
	var warnings := indicator._get_configuration_warnings()
	expect_eq(warnings, PackedStringArray(), "set up right, no warning")
	indicator.show_meter = false
	indicator.meter_target = NodePath("..")
	expect_eq(
		indicator._get_configuration_warnings().size(), 1, "a meter target with no meter warns"
	)
