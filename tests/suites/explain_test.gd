extends ApsTestSuite
## `explain()`: why the guard believes what it does, factor by factor, naming the
## wall that hides a target and the darkness that hides another.


func test_a_target_in_view_is_explained_factor_by_factor() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -5), "Runner")
	await seconds(1.0)
	var why := guard.explain(runner)
	expect_eq(why["state_name"], "Tracked", "tracked after a second in view")
	expect_eq(why["dominant_sense_name"], "vision", "seen")
	var vision: Dictionary = why["senses"]["vision"]
	expect(vision["perceived"], "vision has it")
	var f: Dictionary = vision["factors"]
	expect_eq(f["visible_points"], 3.0, "3 of 3 points in view")
	expect_eq(f["sample_points"], 3.0, "3 points tried")
	expect_near(f["metres"], 5.0, 0.3, "5 m away")
	# Distance factor 1 − (d / 40)² for the default 40 m range.
	expect_near(f["distance"], 1.0 - pow(f["metres"] / 40.0, 2), 0.001, "distance factor")
	var product: float = (
		f["acuity"]
		* f["exposure"]
		* f["distance"]
		* f["cone"]
		* f["motion"]
		* f["light"]
		* f["cloak"]
		* f["pain_dulling"]
	)
	expect_near(
		vision["confidence"],
		minf(product, 1.0),
		0.0001,
		"the reading is the product of its factors"
	)
	expect("3 of 3 points in view" in vision["text"], "in words: %s" % vision["text"])
	expect("Tracked" in why["text"], "the whole text: %s" % why["text"])


func test_behind_a_wall_it_names_the_wall() -> void:
	ApsWorldBuilder.floor(self)
	var wall := ApsWorldBuilder.wall(self, Vector3(0, 1.5, -6), Vector3(4, 3, 0.3))
	wall.name = "KitchenWall"
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(4, 0, -10), "Runner")
	await seconds(1.0)
	expect_eq(
		guard.get_belief_state(runner), ApsPerceptionComponent.STATE_TRACKED, "seen beside the wall"
	)
	await walk(runner, Vector3(-4, 0, 0), 1.0)
	await seconds(0.3)
	var why := guard.explain(runner)
	var vision: Dictionary = why["senses"]["vision"]
	expect(not vision["perceived"], "not seen behind the wall")
	expect_eq(vision["cue"], "Occluded", "occluded")
	expect_eq(vision["blocked_by"], [wall], "blocked by the wall node")
	expect("blocked by KitchenWall" in vision["text"], "named in words: %s" % vision["text"])
	expect("KitchenWall" in why["text"], "and in the whole text: %s" % why["text"])


func test_in_the_dark_it_says_it_is_too_dark() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	# At 36 m of 40 the distance leaves 0.19; the dark visibility of 0.15 brings that below the
	# Min Confidence of 0.03.
	var runner := ApsWorldBuilder.body(self, Vector3(0, 0, -36), "Runner")
	ApsWorld.ambient_light = 0.0
	await seconds(0.5)
	var why := guard.explain(runner)
	ApsWorld.ambient_light = 1.0
	var vision: Dictionary = why["senses"]["vision"]
	expect(not vision["perceived"], "not seen in the dark")
	expect_eq(vision["cue"], "SensorDropout", "in view but too faint")
	expect_eq(vision["factors"]["light_level"], 0.0, "pitch dark")
	expect("too dark" in vision["text"], "in words: %s" % vision["text"])


func test_bad_arguments_give_an_empty_answer() -> void:
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	await frames(2)
	expect_eq(guard.explain(null), {}, "null target")
	var stranger := Node3D.new()
	add_child(stranger)
	var why := guard.explain(stranger)
	expect_eq(why["believed"], false, "a node it never perceived")
	expect_eq(why["senses"], {}, "no readings")


func test_a_sound_through_a_wall_is_explained_as_muffled() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3(10, 0, 0), Vector3.RIGHT)
	ApsWorldBuilder.wall(self, Vector3(5, 1.5, 0), Vector3(0.4, 3, 6))
	var source := ApsWorldBuilder.body(self, Vector3.ZERO, "Source")
	await frames(2)
	ApsWorld.emit_sound(source.global_position + Vector3(0, 1, 0), 0.8, 25.0, &"footstep", source)
	expect(await wait_until(func(): return guard.get_confidence(source) > 0.0, 1.0), "heard")
	var why := guard.explain(source)
	if not expect(why["senses"].has("hearing"), "hearing read it: %s" % why):
		return
	var hearing: Dictionary = why["senses"]["hearing"]
	var muffle: float = guard.profile.hearing_wall_muffle_factor
	expect_near(hearing["factors"]["muffling"], muffle, 1e-6, "muffled by the wall muffle factor")
	expect_near(hearing["factors"]["loudness"], 0.8, 1e-6, "its loudness")
	expect("muffled by a wall" in hearing["text"], "in words: %s" % hearing["text"])
	expect_eq(why["dominant_sense_name"], "hearing", "heard, not seen")
