extends DemoWing
## Wing 4, Senses: five stations, five AI, each with only the senses its profile gives it.
## A guard dog (smell weighed 1.5, vision 0.6) in a kennel the wind blows your scent into; a
## security camera that only sees; a bat that finds you by echolocation in a pitch dark cave;
## a vibration plate in the floor; a turret that feels being hit and the pain of it.

## The wind while the player is in this wing (m/s): from the dog's station's path toward the
## kennel, so the scent carries to the dog.
const WIND := Vector3(0, 0, -4)

@onready var dog: DemoGuard = $Dog
@onready var camera: DemoGuard = $Camera
@onready var bat: DemoGuard = $Bat
@onready var plate: DemoGuard = $Plate
@onready var turret: DemoGuard = $Turret

var _dog_loss := -1
var _dog_smelled := false
var _bat_loss := -1
var _bat_before_loss := -1
var _plate_loss := -1
var _hits: Array[Node3D] = []
var _pain := 0.0


func _build() -> void:
	DemoLevel.light_zone(self, Vector3(0, 0, -13), 11.5, 0.0)
	DemoLevel.signpost(self, "dog: smell", Vector3(-60, 3.2, -8), 56)
	DemoLevel.signpost(self, "camera: vision only", Vector3(-30, 4.6, 0), 56)
	DemoLevel.signpost(self, "bat: echolocation (pitch dark)", Vector3(0, 4.2, -13), 56)
	DemoLevel.signpost(self, "vibration plate", Vector3(30, 3.0, -10), 56)
	DemoLevel.signpost(self, "turret: damage and pain", Vector3(60, 3.4, -10), 56)
	dog.perception.target_lost.connect(
		func(t: Node3D, reason: int, _at: Vector3) -> void:
			if t is DemoPlayer:
				_dog_loss = reason
	)
	bat.perception.target_state_changed.connect(
		func(t: Node3D, old: int, new: int) -> void:
			if t is DemoPlayer and new == ApsPerceptionComponent.STATE_LOST and _bat_loss < 0:
				_bat_loss = bat.perception.get_loss_reason(t)
				_bat_before_loss = old
	)
	plate.perception.target_lost.connect(
		func(t: Node3D, reason: int, _at: Vector3) -> void:
			if t is DemoPlayer:
				_plate_loss = reason
	)
	turret.perception.damage_taken.connect(
		func(who: Node3D, _amount: float, _at: Vector3) -> void: _hits.append(who)
	)
	turret.perception.pain_changed.connect(func(level: float) -> void: _pain = maxf(_pain, level))


func enter() -> void:
	ApsWorld.wind = WIND


func leave() -> void:
	ApsWorld.wind = Vector3.ZERO


func tour() -> void:
	await _dog_smells()
	await _camera_sees()
	await _bat_echoes()
	await _plate_feels()
	await _turret_hurts()
	# The dog lost the trail while the player was away: the scent lingers, then it fades.
	await bot.until(func() -> bool: return _dog_loss >= 0, 30.0)
	check(
		_dog_smelled and _dog_loss == ApsPerceptionComponent.LOSS_SCENT_LOST,
		"the dog smelled the player through its kennel wall and lost the trail (ScentLost) when the wind turned"
	)


func _dog_smells() -> void:
	var p := dog.perception
	bot.narrate(
		"walks past the kennel; the wind (%.0f m/s) carries its scent to the dog" % WIND.length()
	)
	await bot.follow([mark("DogWest"), mark("DogEast")])
	await bot.until(
		func() -> bool: return p.get_belief_state(player) >= ApsPerceptionComponent.STATE_DETECTED,
		3.0
	)
	var data := p.get_belief_data(player)
	if not data.is_empty():
		var senses: PackedInt32Array = data["active_senses"]
		_dog_smelled = (
			senses.has(ApsPerceptionComponent.SENSE_SMELL)
			and not senses.has(ApsPerceptionComponent.SENSE_VISION)
		)
		DemoTimeline.note(
			tag,
			(
				"the dog has not seen the player: senses %s, confidence %.2f"
				% [DemoTimeline.sense_names(senses), data["confidence"]]
			)
		)
	# Walking, and out of earshot of the dog before running: a footstep it heard would be a
	# second sense on the player, and the sound fading would then be how it lost them.
	await bot.follow([mark("DogLeave"), mark("RunFrom")])
	ApsWorld.wind = -WIND
	DemoTimeline.note(tag, "the wind turns: it now blows from the kennel toward the player's trail")


func _camera_sees() -> void:
	var p := camera.perception
	bot.narrate("runs along the corridor right behind the camera: loud, but it has no ears")
	var noticed_unseen := [false]
	bot.on_frame = func() -> void:
		noticed_unseen[0] = noticed_unseen[0] or p.get_confidence(player) > 0.0
	await bot.go_to(mark("BehindCamera"), &"run")
	await bot.go_to(mark("CameraBayIn"))
	await bot.wait(0.5)
	bot.on_frame = Callable()
	bot.narrate("walks into the camera's view")
	await bot.go_to(mark("InFrontOfCamera"))
	var seen := await bot.until(
		func() -> bool: return p.get_belief_state(player) >= ApsPerceptionComponent.STATE_DETECTED,
		4.0
	)
	var senses: PackedInt32Array = p.get_belief_data(player).get(
		"active_senses", PackedInt32Array()
	)
	DemoTimeline.note(tag, "the camera's senses: %s" % DemoTimeline.sense_names(senses))
	await bot.wait(1.0)
	bot.narrate("steps behind the shelf")
	await bot.follow([mark("ShelfWest"), mark("BehindShelf")])
	var lost := await bot.until(
		func() -> bool: return p.get_belief_state(player) == ApsPerceptionComponent.STATE_LOST, 4.0
	)
	check(
		(
			not noticed_unseen[0]
			and seen
			and Array(senses) == [ApsPerceptionComponent.SENSE_VISION]
			and lost
		),
		"the camera ignored a run behind it, saw the player by vision alone, and lost it behind a shelf"
	)


func _bat_echoes() -> void:
	var p := bat.perception
	bot.narrate("slips through the door behind the shelf and runs to the pitch dark cave")
	await bot.follow(
		[mark("DoorWest"), mark("DoorEast"), mark("CaveApproach"), mark("CaveMouth")], &"run"
	)
	await bot.go_to(mark("InTheDark"))
	var found := await bot.until(
		func() -> bool: return p.get_belief_state(player) >= ApsPerceptionComponent.STATE_DETECTED,
		4.0
	)
	var light := ApsWorld.get_light_at(player.global_position)
	var senses: PackedInt32Array = p.get_belief_data(player).get(
		"active_senses", PackedInt32Array()
	)
	DemoTimeline.note(
		tag,
		(
			"light where the player stands: %.2f; the bat's senses: %s"
			% [light, DemoTimeline.sense_names(senses)]
		)
	)
	bot.narrate("steps behind the pillar")
	await bot.go_to(mark("BehindPillar"))
	await bot.until(func() -> bool: return _bat_loss >= 0, 3.0)
	# Straight from Detected or Tracked to Lost: echolocation's direct cut, no slow fade.
	check(
		(
			found
			and light == 0.0
			and _bat_loss == ApsPerceptionComponent.LOSS_OCCLUDED
			and _bat_before_loss >= ApsPerceptionComponent.STATE_DETECTED
		),
		(
			"the bat found the player in pitch dark by echo, and a missed pulse cut it straight from %s to Lost"
			% DemoTimeline.state_name(_bat_before_loss)
		)
	)


func _plate_feels() -> void:
	var p := plate.perception
	bot.narrate("runs out of the cave to the vibration plate")
	await bot.follow(
		[mark("CaveMouth"), mark("CaveOut"), mark("PlateCorridor"), mark("PlateWest")], &"run"
	)
	bot.narrate("sneaks right across the plate")
	var most := [0.0]
	bot.on_frame = func() -> void: most[0] = maxf(most[0], p.get_confidence(player))
	await bot.go_to(mark("PlateEast"), &"sneak")
	await bot.wait(0.5)
	bot.on_frame = Callable()
	DemoTimeline.note(
		tag,
		(
			"sneaking (1.3 m/s, under the plate's Min Speed of 1.5): confidence never above %.2f"
			% most[0]
		)
	)
	bot.narrate("runs back over the plate, then stops dead on it")
	await bot.follow([mark("PlateRunEnd")], &"run")
	await bot.go_to(mark("PlateMiddle"), &"run")
	var felt := p.get_belief_state(player) >= ApsPerceptionComponent.STATE_DETECTED
	await bot.until(func() -> bool: return _plate_loss >= 0, 8.0)
	check(
		most[0] < 0.15 and felt and _plate_loss == ApsPerceptionComponent.LOSS_SENSOR_DROPOUT,
		"the plate felt a run but not a sneak, and lost the player standing still on it (SensorDropout)"
	)
	bot.narrate("sneaks off the plate")
	await bot.go_to(mark("PlateOff"), &"sneak")


func _turret_hurts() -> void:
	var p := turret.perception
	bot.narrate(
		"runs round toward the turret, out of its earshot, then walks, then sneaks up behind it"
	)
	await bot.go_to(mark("TurretRun"), &"run")
	await bot.go_to(mark("TurretApproach"))
	await bot.go_to(mark("BehindTurret"), &"sneak")
	var unseen := p.get_belief_state(player) == ApsPerceptionComponent.STATE_UNDETECTED
	bot.narrate("throws a stone at the turret's back")
	await bot.throw_at(turret.global_position + Vector3(0, 1.0, 0))
	var believed := await bot.until(
		func() -> bool: return p.get_belief_state(player) >= ApsPerceptionComponent.STATE_DETECTED,
		2.0
	)
	var senses: PackedInt32Array = p.get_belief_data(player).get(
		"active_senses", PackedInt32Array()
	)
	DemoTimeline.note(
		tag,
		(
			"the turret believes in the player by %s, pain %.2f"
			% [DemoTimeline.sense_names(senses), p.get_pain_level()]
		)
	)
	await bot.wait(1.5)
	bot.narrate("throws another")
	await bot.throw_at(turret.global_position + Vector3(0, 1.0, 0))
	await bot.wait(1.0)
	var pain := p.get_pain_level()
	(
		DemoTimeline
		. note(
			tag,
			(
				"pain %.2f dulls its other senses to %.0f%%: it sees the player, 7 m away in plain view, at only %.2f"
				% [pain, (1.0 - pain) * 100.0, _vision_of(p)]
			)
		)
	)
	check(
		(
			unseen
			and believed
			and _hits.has(player)
			and Array(senses).has(ApsPerceptionComponent.SENSE_DAMAGE)
			and _pain >= 0.3
		),
		"the turret, hit from behind, believed in the thrower by damage and felt pain %.2f" % _pain
	)
	bot.crouch(false)
	bot.narrate("runs off")
	await bot.go_to(mark("TurretApproach"), &"run")


## What vision alone reports of the player now: the fused value, if vision is among the senses.
func _vision_of(p: ApsPerceptionComponent) -> float:
	var data := p.get_belief_data(player)
	if (
		data.is_empty()
		or not (data["active_senses"] as PackedInt32Array).has(ApsPerceptionComponent.SENSE_VISION)
	):
		return 0.0
	return data["fused"]


## The photo: the bat has found the player in the pitch dark cave.
func photo() -> Dictionary:
	player.teleport(mark("InTheDark"), Vector3.FORWARD)
	await get_tree().create_timer(2.5, true, true).timeout
	return {"eye": to_global(Vector3(7, 9, 1)), "look": to_global(Vector3(0, 0.5, -15))}
