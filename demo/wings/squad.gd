extends DemoWing
## Wing 6, the Squad room: three guards in one squad. Only the Lookout, behind the counter,
## can see the yard; its two mates face the back wall. What the Lookout detects reaches them
## through the squad. Above each: its belief, its threat level for the player, its emotion.

@onready var lookout: DemoSquadGuard = $Lookout
@onready var mate_a: DemoSquadGuard = $MateA
@onready var mate_b: DemoSquadGuard = $MateB


func _build() -> void:
	DemoLevel.signpost(self, 'squad "red"', Vector3(0, 4.0, -6), 64)


func tour() -> void:
	var squad: Array[DemoSquadGuard] = [lookout, mate_a, mate_b]
	(
		bot
		. narrate(
			"comes out from behind the yard wall and walks up to the counter, in the Lookout's view only"
		)
	)
	await bot.follow([mark("WallEnd"), mark("Counter")])
	var all_believe := func() -> bool:
		for g: DemoSquadGuard in squad:
			if g.perception.get_belief_state(player) < ApsPerceptionComponent.STATE_SUSPECTED:
				return false
		return true
	var shared := await bot.until(all_believe, 5.0)
	for g: DemoSquadGuard in squad:
		DemoTimeline.note(
			tag,
			(
				"%s first believed in the player through: %s"
				% [g.display_name, DemoTimeline.sense_names(g.first_senses)]
			)
		)
	await bot.wait(1.5)
	var before := lookout.perception.get_threat_score(player)
	bot.narrate("throws a stone at the Lookout")
	await bot.throw_at(lookout.global_position + Vector3(0, 1.2, 0))
	await bot.wait(1.5)
	var after := lookout.perception.get_threat_score(player)
	for g: DemoSquadGuard in squad:
		var p := g.perception
		DemoTimeline.note(
			tag,
			(
				"%s: threat %s (%.2f), feels %s"
				% [
					g.display_name,
					DemoTimeline.threat_name(p.get_threat_level(player)),
					p.get_threat_score(player),
					(
						String(p.get_dominant_emotion())
						if not String(p.get_dominant_emotion()).is_empty()
						else "calm"
					)
				]
			)
		)
	var lookout_saw := Array(lookout.first_senses).has(ApsPerceptionComponent.SENSE_VISION)
	var mates_told := (
		Array(mate_a.first_senses) == [ApsPerceptionComponent.SENSE_SQUAD]
		and Array(mate_b.first_senses) == [ApsPerceptionComponent.SENSE_SQUAD]
	)
	check(
		shared and lookout_saw and mates_told,
		"all three believed in the player, though only the Lookout saw it"
	)
	var threatened := true
	var felt := false
	for g: DemoSquadGuard in squad:
		threatened = threatened and g.peak_threat >= ApsPerceptionComponent.THREAT_LOW
		felt = felt or not g.emotions.is_empty()
	check(
		threatened and felt and after > before,
		(
			"each judged a threat and felt something; the stone raised the Lookout's threat from %.2f to %.2f"
			% [before, after]
		)
	)
	bot.narrate("runs off")
	await bot.go_to(mark("Start"), &"run")


## The photo: the Lookout sees the player; its mates, facing the wall, believe it too.
func photo() -> Dictionary:
	player.teleport(mark("Counter"), Vector3.FORWARD)
	await get_tree().create_timer(3.0, true, true).timeout
	return {"eye": to_global(Vector3(7, 9, 10)), "look": to_global(Vector3(0, 0.5, -4))}
