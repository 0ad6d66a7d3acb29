extends ApsTestSuite
## What the AI believes beyond confidence, in real scenes (spec sections 7, 8, 9, 11, 14):
## prediction and the search radius, squads, places, threat and relationships, memory,
## evidence and emotion.


func test_a_lost_runners_predicted_position_leads_and_the_radius_grows_to_5_m() -> void:
	ApsWorldBuilder.floor(self)
	ApsWorldBuilder.wall(self, Vector3(6, 1.5, -10), Vector3(8, 3, 0.4))
	var profile := ApsProfile.new()
	profile.enable_prediction = true
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, profile)
	var runner := ApsWorldBuilder.body(self, Vector3(-6, 0, -12), "Runner")
	var log := ApsSignalLog.new(guard)
	await seconds(1.0)
	# It runs right at 4 m/s and disappears behind the wall.
	await walk(runner, Vector3(4, 0, 0), 2.5)
	expect(log.has("target_lost"), "lost behind the wall")
	var last_known := guard.get_last_known_position(runner)
	var predicted := guard.get_predicted_position(runner)
	var lead := predicted - last_known
	expect(lead.dot(Vector3.RIGHT) > 3.0, "the guess leads along its run: %s" % lead)
	expect(absf(lead.z) < 0.5, "and stays on its line: %s" % lead)
	expect(
		guard.get_estimated_velocity(runner).x > 3.0,
		"measured about 4 m/s: %s" % guard.get_estimated_velocity(runner)
	)
	var r0 := guard.get_uncertainty_radius(runner)
	await seconds(4.0)
	expect_near(guard.get_uncertainty_radius(runner) - r0, 2.0, 0.15, "grows 0.5 m/s")
	await seconds(10.0)
	expect_near(guard.get_uncertainty_radius(runner), 5.0, 0.001, "up to 5 m")


func test_two_guards_in_a_squad_both_believe_what_one_sees() -> void:
	ApsWorldBuilder.floor(self)
	var watcher := ApsWorldBuilder.guard(self, Vector3(-3, 0, 0), Vector3.FORWARD)
	var other := ApsWorldBuilder.guard(self, Vector3(3, 0, 0), Vector3.BACK)
	var intruder := ApsWorldBuilder.body(self, Vector3(0, 0, -15), "Intruder")
	ApsWorld.join_squad(watcher, &"alpha", &"lookout")
	ApsWorld.join_squad(other, &"alpha", &"rifle")
	expect_eq(ApsWorld.get_squad_members(&"alpha").size(), 2, "two members")
	expect_eq(ApsWorld.get_squad_role(other), &"rifle", "roles")
	await seconds(3.0)
	expect(
		watcher.get_belief_state(intruder) >= ApsPerceptionComponent.STATE_DETECTED,
		"the watcher sees it"
	)
	expect(
		other.get_belief_state(intruder) >= ApsPerceptionComponent.STATE_SUSPECTED,
		"the other believes it too"
	)
	var senses: Array = Array(other.get_belief_data(intruder).get("active_senses", []))
	expect_eq(senses, [ApsPerceptionComponent.SENSE_SQUAD], "through the squad alone")
	expect(
		other.get_last_known_position(intruder).distance_to(intruder.global_position) < 1.0,
		"at the sharer's last known position"
	)
	ApsWorld.leave_squad(other)
	ApsWorld.leave_squad(watcher)


func test_a_gunshot_with_no_shooter_is_a_place_that_never_steals_attention() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var player := ApsWorldBuilder.body(self, Vector3(0, 0, -8), "Player")
	var places := []
	guard.location_belief_changed.connect(
		func(at, tag, state, conf): places.append([at, tag, state])
	)
	await seconds(2.0)
	expect_eq(guard.get_attention_target(), player, "watching the player")
	for i in 3:
		ApsWorld.emit_sound(Vector3(10, 1, 5), 1.0, 40.0, &"gunshot", null)
		await seconds(0.4)
	await seconds(1.0)
	expect(places.size() >= 1, "location_belief_changed fired")
	if places.size() >= 1:
		expect_eq(places[0][1], &"gunshot", "tagged gunshot")
	var strongest := guard.get_strongest_location_belief()
	expect_eq(strongest.get("tag"), &"gunshot", "the strongest place")
	expect(
		strongest.get("location", Vector3.ZERO).distance_to(Vector3(10, 1, 5)) < 0.1,
		"where it was fired"
	)
	expect_eq(guard.get_location_beliefs().size(), 1, "three shots, one place")
	expect_eq(guard.get_attention_target(), player, "attention stays on the player")
	expect_eq(guard.get_top_target(), player, "and so does the top target")


func test_a_teammate_stays_threat_none_while_shooting_the_ai() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	guard.team_id = 1
	var mate := ApsWorldBuilder.body(self, Vector3(-2, 0, -6), "Mate")
	var badge := ApsTargetComponent.new()
	badge.team_id = 1
	mate.add_child(badge)
	var enemy := ApsWorldBuilder.body(self, Vector3(2, 0, -6), "Enemy")
	var changes := []
	guard.threat_level_changed.connect(func(t, o, n): changes.append([t, n]))
	for i in 10:
		ApsWorld.report_damage(guard.get_parent(), mate, 25.0, mate.global_position)
		ApsWorld.report_damage(guard.get_parent(), enemy, 25.0, enemy.global_position)
		await seconds(0.3)
	expect_eq(
		guard.get_relationship(mate), ApsPerceptionComponent.RELATIONSHIP_TEAMMATE, "same team"
	)
	expect_eq(
		guard.get_threat_level(mate),
		ApsPerceptionComponent.THREAT_NONE,
		"a teammate is never a threat"
	)
	expect_eq(guard.get_belief_data(mate).get("damage_received"), 250.0, "though it did hurt")
	expect_eq(
		guard.get_relationship(enemy), ApsPerceptionComponent.RELATIONSHIP_ENEMY, "other team"
	)
	expect(
		guard.get_threat_level(enemy) >= ApsPerceptionComponent.THREAT_HIGH,
		"the enemy is: %d" % guard.get_threat_level(enemy)
	)
	for c in changes:
		expect(c[0] != mate, "no threat level change for the teammate")
	# An override makes the enemy a friend.
	guard.set_relationship(enemy, ApsPerceptionComponent.RELATIONSHIP_FRIENDLY)
	await seconds(0.2)
	expect_eq(guard.get_threat_level(enemy), ApsPerceptionComponent.THREAT_NONE, "overridden")


func test_episodes_and_the_player_model() -> void:
	ApsWorldBuilder.floor(self)
	ApsWorldBuilder.wall(self, Vector3(-5, 1.5, -8), Vector3(8, 3, 0.4))
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var runner := ApsWorldBuilder.body(self, Vector3(3, 0, -10), "Runner")
	await seconds(1.5)
	await walk(runner, Vector3(-4, 0, 0), 2.0)
	await seconds(1.0)
	var ep := guard.get_last_episode(runner)
	expect_eq(ep.get("loss_reason"), ApsPerceptionComponent.LOSS_OCCLUDED, "how it was lost")
	expect_eq(ep.get("lost_from"), ApsPerceptionComponent.STATE_TRACKED, "lost from Tracked")
	expect(ep.get("ai_facing", Vector3.ZERO).dot(Vector3.FORWARD) > 0.99, "which way the AI looked")
	expect(ep.get("target_direction", Vector3.ZERO).dot(Vector3.LEFT) > 0.9, "which way it ran")
	expect_eq(guard.get_recent_episodes(runner).size(), 1, "one encounter")
	var model := guard.get_player_model(runner)
	expect_eq(model.get("hides"), 1, "it hid once")
	expect(model.get("typical_speed", 0.0) > 1.0, "it moves: %s" % model.get("typical_speed"))
	expect(
		guard.get_belief_data(runner).get("long_term_memory", 0.0) > 0.0, "long-term memory built"
	)


func test_evidence_caps_belief_and_emotions_follow() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var stranger := ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Stranger")
	guard.add_target_evidence(stranger, ApsPerceptionComponent.EVIDENCE_CAP, 0.2, 2.0)
	await seconds(1.5)
	expect(
		guard.get_confidence(stranger) <= 0.2 + 1e-6,
		"capped: %.3f" % guard.get_confidence(stranger)
	)
	await seconds(2.0)
	expect(guard.get_confidence(stranger) > 0.5, "the cap expired")
	expect(guard.get_emotion(&"alertness") > 0.3, "alert: %.2f" % guard.get_emotion(&"alertness"))
	expect(guard.get_dominant_emotion() != &"", "an emotion dominates")


func test_a_robot_feels_nothing() -> void:
	ApsWorldBuilder.floor(self)
	var profile := ApsProfile.new()
	for e in ["fear", "aggression", "curiosity", "alertness", "panic"]:
		profile.set(e + "_cap", 0.0)
	var robot := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, profile)
	ApsWorldBuilder.body(self, Vector3(0, 0, -6), "Intruder")
	var changes := []
	robot.emotion_changed.connect(func(o, n): changes.append(n))
	await seconds(3.0)
	for e in [&"fear", &"aggression", &"curiosity", &"alertness", &"panic"]:
		expect_eq(robot.get_emotion(e), 0.0, String(e))
	expect_eq(robot.get_dominant_emotion(), &"", "no dominant emotion")
	expect_eq(changes, [], "no emotion_changed")


## A static body at `at` whose target component marks it as evidence of `tag`.
func _evidence(at: Vector3, tag: StringName) -> StaticBody3D:
	var body := StaticBody3D.new()
	add_child(body)
	body.global_position = at
	var component := ApsTargetComponent.new()
	component.evidence_tag = tag
	body.add_child(component)
	return body


func test_discovered_evidence_is_a_place() -> void:
	ApsWorldBuilder.floor(self)
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD)
	var body := _evidence(Vector3(1, 0.3, -5), &"body")
	await seconds(1.5)
	var place := guard.get_strongest_location_belief()
	expect_eq(place.get("tag"), &"body", "a belief about where the body lies")
	expect(place.get("state", 0) >= ApsPerceptionComponent.STATE_SUSPECTED, "noticed")
	expect_eq(
		guard.get_belief_state(body),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"not about the object"
	)
	expect_eq(guard.get_attention_target(), null, "places take no attention")


func test_discovered_evidence_keeps_its_tag_where_an_ai_smells() -> void:
	# An AI that smells makes the world lay scent, and the looks that takes serve every pass of
	# the same frame: they must number evidence tags as any look does. This guard smells, so its
	# own passes lay the scent and then reuse those looks.
	ApsWorldBuilder.floor(self)
	var nose := ApsProfile.new()
	nose.smell_enabled = true
	var guard := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, nose)
	# A second tag out of reach, so the world numbers more than one.
	_evidence(Vector3(40, 0.3, 40), &"forced_lock")
	_evidence(Vector3(1, 0.3, -5), &"body")
	var tags := {}
	for i in 150:
		await get_tree().physics_frame
		for place in guard.get_location_beliefs():
			tags[place.get("tag")] = true
	expect_eq(tags.keys(), [&"body"], "every place believed in is where the body lies, by its tag")
