extends ApsTestSuite
## Whose side each body is on, the way a Godot game says it: every AI starts on team 1 and its
## body is on its AI's team, a group of `aps/teams/groups` decides for every node in it, and a
## profile's Sides settings (the presets leave out friendlies) decide who is perceived at all.

const GUARD_PRESET := preload("res://addons/aps/presets/guard.tres")


func _exit_tree() -> void:
	ProjectSettings.set_setting("aps/teams/groups", {})


## Two guards 6 m apart facing each other, and a player between them, 2 m to the side.
func _scene(profile: ApsProfile) -> Dictionary:
	ApsWorldBuilder.floor(self)
	var a := ApsWorldBuilder.guard(self, Vector3.ZERO, Vector3.FORWARD, profile)
	var b := ApsWorldBuilder.guard(self, Vector3(0, 0, -6), Vector3.BACK, profile)
	var player := ApsWorldBuilder.body(self, Vector3(2, 0, -3), "Player")
	return {"a": a, "b": b, "player": player}


func _signals_about(log: ApsSignalLog, body: Node) -> int:
	var n := 0
	for e in log.entries:
		if e["target"] == body and e["signal"].begins_with("target_"):
			n += 1
	return n


func test_two_guards_of_a_preset_never_signal_about_each_other_and_see_the_player() -> void:
	var s := _scene(GUARD_PRESET)
	var a: ApsPerceptionComponent = s["a"]
	var b: ApsPerceptionComponent = s["b"]
	expect_eq(a.team_id, 1, "every AI starts on team 1")
	var log_a := ApsSignalLog.new(a)
	var log_b := ApsSignalLog.new(b)
	await seconds(2.0)
	expect_eq(_signals_about(log_a, b.get_parent()), 0, "no signal of A about B")
	expect_eq(_signals_about(log_b, a.get_parent()), 0, "no signal of B about A")
	expect_eq(
		a.get_belief_state(b.get_parent()),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"A believes nothing of B"
	)
	expect_eq(
		a.get_relationship(b.get_parent()),
		ApsPerceptionComponent.RELATIONSHIP_TEAMMATE,
		"B is A's teammate"
	)
	expect_eq(
		a.get_belief_state(s["player"]), ApsPerceptionComponent.STATE_TRACKED, "A tracks the player"
	)
	expect_eq(
		a.get_relationship(s["player"]),
		ApsPerceptionComponent.RELATIONSHIP_ENEMY,
		"the player is an enemy"
	)


func test_the_default_profile_perceives_teammates_as_the_spec_says() -> void:
	var s := _scene(ApsProfile.new())
	var a: ApsPerceptionComponent = s["a"]
	var b_body: Node3D = s["b"].get_parent()
	await seconds(2.0)
	expect_eq(
		a.get_belief_state(b_body),
		ApsPerceptionComponent.STATE_TRACKED,
		"the teammate goes through the states"
	)
	expect_eq(
		a.get_threat_level(b_body),
		ApsPerceptionComponent.THREAT_NONE,
		"a teammate is never a threat"
	)
	expect(a.get_attention_target() != b_body, "nor the attention target")


func test_rival_factions_by_team_id_see_each_other() -> void:
	var s := _scene(GUARD_PRESET)
	var a: ApsPerceptionComponent = s["a"]
	var b: ApsPerceptionComponent = s["b"]
	b.team_id = 2
	await seconds(2.0)
	expect_eq(
		a.get_belief_state(b.get_parent()),
		ApsPerceptionComponent.STATE_TRACKED,
		"A tracks the rival"
	)
	expect_eq(
		b.get_belief_state(a.get_parent()), ApsPerceptionComponent.STATE_TRACKED, "and the rival A"
	)
	# Back on one team: A no longer perceives B, and its belief fades.
	b.team_id = 1
	await seconds(15.0)
	expect(
		(
			a.get_belief_state(b.get_parent())
			in [
				ApsPerceptionComponent.STATE_REMEMBERED,
				ApsPerceptionComponent.STATE_EXPIRED,
				ApsPerceptionComponent.STATE_LOST
			]
		),
		"the old rival fades: %d" % a.get_belief_state(b.get_parent())
	)


func test_groups_named_as_teams_decide_for_every_node_in_them() -> void:
	ProjectSettings.set_setting("aps/teams/groups", {&"villagers": 3, &"bandits": 4})
	var s := _scene(GUARD_PRESET)
	var a: ApsPerceptionComponent = s["a"]
	var b: ApsPerceptionComponent = s["b"]
	var player: Node3D = s["player"]
	# A is a villager, B a bandit: whatever their team ids, they are foes.
	a.get_parent().add_to_group(&"villagers")
	b.get_parent().add_to_group(&"bandits")
	# The player is a villager too: A's teammate, not its enemy.
	player.add_to_group(&"villagers")
	await seconds(2.0)
	expect_eq(
		a.get_belief_state(b.get_parent()),
		ApsPerceptionComponent.STATE_TRACKED,
		"the villager sees the bandit"
	)
	expect_eq(
		a.get_belief_state(player),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"the villager ignores its fellow"
	)
	expect_eq(
		b.get_belief_state(player),
		ApsPerceptionComponent.STATE_TRACKED,
		"the bandit sees the villager"
	)


func test_a_target_component_gives_a_body_its_team() -> void:
	var s := _scene(GUARD_PRESET)
	var a: ApsPerceptionComponent = s["a"]
	var player: Node3D = s["player"]
	var tag := ApsTargetComponent.new()
	tag.team_id = 1
	player.add_child(tag)
	await seconds(2.0)
	expect_eq(
		a.get_belief_state(player),
		ApsPerceptionComponent.STATE_UNDETECTED,
		"an ally of team 1 is left out"
	)
	tag.team_id = 0
	await seconds(2.0)
	expect_eq(
		a.get_belief_state(player),
		ApsPerceptionComponent.STATE_TRACKED,
		"on no team again: an enemy"
	)


func test_bad_team_groups_are_warned_of_once_and_skipped() -> void:
	var warnings := ApsWarningLog.start()
	ProjectSettings.set_setting("aps/teams/groups", {&"ok": 5, 7: 2, &"bad": "x"})
	var s := _scene(GUARD_PRESET)
	s["player"].add_to_group(&"ok")
	await seconds(1.0)
	warnings.stop()
	expect_eq(
		warnings.count("aps/teams/groups"), 2, "one warning per bad entry:\n%s" % warnings.text()
	)
	expect_eq(
		s["a"].get_belief_state(s["player"]),
		ApsPerceptionComponent.STATE_TRACKED,
		"the good entry still counts"
	)
	ProjectSettings.set_setting("aps/teams/groups", "not a dictionary")
	warnings = ApsWarningLog.start()
	await seconds(0.5)
	warnings.stop()
	expect_eq(
		warnings.count("aps/teams/groups"), 1, "one warning for a value that is no Dictionary"
	)
