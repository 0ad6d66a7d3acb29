extends DemoWing
## Wing 10, Lamps and shadows: a yard at night lit by one lamp on a post, an OmniLight3D with
## shadows, with a tall crate beside it. Nothing here declares light to APS: no light zone, no
## script. The Nightwatch's vision reads the light from the lamp itself (its energy, range and
## fall-off as Godot's renderer draws them, and its shadow, by a ray toward the lamp). In the
## pool the player is plain to see; in the crate's shadow, a few steps away under the same lamp,
## the player is not; with the lamp shot out, a player in plain view fades to nothing and is lost
## as SensorDropout.
##
## It is night only in this wing: the sun goes out and the environment's ambient light goes to
## nothing as the player arrives, and come back as the player leaves.

## The Nightwatch sees little in the dark (the Guard preset's 0.15 would still make out a
## player standing in plain view at 13 m): 0.03 of what it would in full light.
const NIGHT_VISION := 0.03

@onready var nightwatch: DemoGuard = $Nightwatch
@onready var lamp: OmniLight3D = $Lamp

var _sun: DirectionalLight3D
var _environment: Environment
var _day_ambient := 1.0
var _lost_reason := -1


func _build() -> void:
	var profile: ApsProfile = nightwatch.perception.profile.duplicate()
	profile.vision_dark_visibility = NIGHT_VISION
	# Sight alone: the player's footsteps would give it away in the dark.
	profile.hearing_enabled = false
	profile.vibration_enabled = false
	nightwatch.perception.profile = profile
	DemoLevel.signpost(self, "lamp: OmniLight3D, shadows on", Vector3(-3, 3.3, -16), 40)
	DemoLevel.floor_text(self, "SHADOW", Vector3(2.6, 0, -17.6), 48)
	DemoLevel.floor_text(self, "LIGHT", Vector3(-3, 0, -12.2), 48)
	nightwatch.perception.target_lost.connect(
		func(t: Node3D, reason: int, _at: Vector3) -> void:
			if t is DemoPlayer:
				_lost_reason = reason
	)
	for node in get_tree().root.find_children("*", "DirectionalLight3D", true, false):
		_sun = node
	for node in get_tree().root.find_children("*", "WorldEnvironment", true, false):
		_environment = (node as WorldEnvironment).environment


func enter() -> void:
	hud.add_meter(nightwatch, player)
	lamp.visible = true
	if _sun != null:
		_sun.visible = false
	if _environment != null:
		_day_ambient = _environment.ambient_light_energy
		_environment.ambient_light_energy = 0.0


func leave() -> void:
	if _sun != null:
		_sun.visible = true
	if _environment != null:
		_environment.ambient_light_energy = _day_ambient


## G in play: the player shoots the lamp out.
func use() -> void:
	shoot_lamp()


func shoot_lamp() -> void:
	lamp.visible = false
	DemoTimeline.player(tag, "shoots the lamp out")


func tour() -> void:
	var p := nightwatch.perception
	bot.narrate("stands in the crate's shadow, under the lamp, 16 m from the Nightwatch")
	await bot.wait(3.0)
	var shade := ApsWorld.get_target_light(player)
	var shaded := p.get_confidence(player)
	var why: String = p.explain(player).get("text", "")
	DemoTimeline.note(
		tag,
		(
			"in the shadow the player's light reads %.2f; the Nightwatch believes %.2f. %s"
			% [shade, shaded, why]
		)
	)
	check(
		shade < 0.05 and p.get_belief_state(player) == ApsPerceptionComponent.STATE_UNDETECTED,
		(
			"in the crate's shadow under the lamp the player read light %.2f and was not noticed (%.2f)"
			% [shade, shaded]
		)
	)

	bot.narrate("walks into the lamp's pool of light")
	await bot.go_to(mark("Pool"))
	var seen := await bot.until(
		func() -> bool: return p.get_belief_state(player) == ApsPerceptionComponent.STATE_TRACKED,
		8.0
	)
	var lit := ApsWorld.get_target_light(player)
	var lights: Array = ApsWorld.get_lights_on(player)
	var by_lamp: bool = (
		lights.size() == 1 and lights[0]["light"] == lamp and not lights[0]["shadowed"]
	)
	DemoTimeline.note(
		tag,
		(
			"in the pool the player's light reads %.2f, from %s: the Nightwatch tracks them (%.2f)"
			% [lit, "the lamp" if by_lamp else str(lights), p.get_confidence(player)]
		)
	)
	check(
		seen and lit > 0.9 and by_lamp,
		"in the lamp's pool the player read light %.2f from the lamp and was Tracked" % lit
	)

	await bot.wait(1.0)
	bot.narrate("stands still where it was lit")
	shoot_lamp()
	var lost := await bot.until(func() -> bool: return _lost_reason != -1, 10.0)
	var dark := ApsWorld.get_target_light(player)
	DemoTimeline.note(
		tag,
		(
			"the lamp out, the player reads light %.2f, in plain view: lost as %s"
			% [dark, DemoTimeline.loss_name(_lost_reason) if lost else "nothing yet"]
		)
	)
	check(
		lost and _lost_reason == ApsPerceptionComponent.LOSS_SENSOR_DROPOUT,
		"with the lamp shot out the player, still in view, was lost as SensorDropout"
	)


## The photo: the player in the pool, the Nightwatch tracking them.
func photo() -> Dictionary:
	lamp.visible = true
	player.teleport(mark("Pool"), Vector3.BACK)
	await get_tree().create_timer(3.0, true, true).timeout
	return {"eye": to_global(Vector3(6, 5, -4)), "look": to_global(Vector3(-1, 1, -15))}
