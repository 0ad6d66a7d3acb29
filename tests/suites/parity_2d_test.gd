extends ApsTestSuite
## The 2D front end is the 3D one on the ground plane: one scripted scenario played at
## once in 3D (ApsPerceptionComponent, CharacterBody3D, StaticBody3D, metres) and in 2D
## (ApsPerceptionComponent2D, CharacterBody2D, StaticBody2D, pixels), frame by frame, gives the
## same states on the same frames and the same confidences.
##
## The mapping: 3D (x, z) metres is 2D (x, y) × 100 px (`aps/2d/pixels_per_meter`'s default).
## The two run side by side in one process without meeting: the main scene's World3D and
## World2D are two APS worlds, each with its own bodies, sounds and schedule, so each guard
## perceives only the runner of its own kind, and each, the lone AI of its world, added on the
## same frame, perceives at the same moments (its world's first phase).
##
## Heights are made irrelevant: in 3D every body's capsule is centred on its origin and the eye
## sits at the guard body's origin, so the eye, the guard and the runner are at one height and
## the core sees the same distances and angles as on the 2D plane. What still differs is where
## vision's three sample points lie: in 3D head, chest and feet one above the other (0.9, 0.6
## and 0.1 of the capsule's height), in 2D spread along the circle's local y axis. Walls are
## 4 m tall, so in 3D they hide all three points or none; the 2D runner is turned so that its
## local y axis points away from the guard where it crosses the wall's edge (along +X), so its
## three points lie on one sight line there and the wall hides them together too.
##
## The tolerance: with the same inputs the core computes the same numbers; the inputs differ
## only by float32 rounding (a position held as 1402 px instead of 14.02 m, about 1e-6 m), and
## smoothing only ever shrinks a difference, so both confidences agree to far better than 0.001
## on every frame. A real difference (a point seen in one world and not the other, a distance
## or a speed scaled wrongly) moves confidence by 0.01 or more within a tick.

const PPM := 100.0
const TOLERANCE := 0.001
## A body's capsule: 1.8 m tall, centred on its origin, which stands 0.9 m above y = 0.
const HEIGHT := 0.9
const STATE_NAMES := [
	"Undetected", "Suspected", "Detected", "Tracked", "Lost", "Remembered", "Expired"
]

var frame := 0
var g3: ApsPerceptionComponent
var r3: CharacterBody3D
var g2: ApsPerceptionComponent2D
var r2: CharacterBody2D
## [frame, new state] of each target_state_changed about the runner.
var states3: Array = []
var states2: Array = []
## [frame, reason, last known position in metres on the plane (x, z)] of each target_lost.
var losses3: Array = []
var losses2: Array = []
## The largest confidence difference seen, and the first frames the states differed.
var worst := 0.0
var worst_frame := -1
## The largest difference, in metres (m/s), of the last known position, the uncertainty radius
## and the estimated velocity (2D read in pixels and divided by 100).
var worst_where := 0.0
var worst_where_what := ""
var state_mismatches: Array = []
var frames_compared := 0

# --- the two worlds -------------------------------------------------------------------------


func _body3(at: Vector2, name_: String) -> CharacterBody3D:
	var b := CharacterBody3D.new()
	b.name = name_
	var shape := CollisionShape3D.new()
	var capsule := CapsuleShape3D.new()
	capsule.radius = 0.3
	capsule.height = 1.8
	shape.shape = capsule
	b.add_child(shape)
	add_child(b)
	b.global_position = Vector3(at.x, HEIGHT, at.y)
	return b


func _body2(at: Vector2, name_: String) -> CharacterBody2D:
	var b := CharacterBody2D.new()
	b.name = name_
	b.motion_mode = CharacterBody2D.MOTION_MODE_FLOATING
	var shape := CollisionShape2D.new()
	var circle := CircleShape2D.new()
	circle.radius = 20.0
	shape.shape = circle
	b.add_child(shape)
	add_child(b)
	b.global_position = at * PPM
	return b


## A wall in both worlds: `center` and `size` on the plane in metres (x, z), 4 m tall in 3D.
func _wall(center: Vector2, size: Vector2) -> void:
	var body3 := StaticBody3D.new()
	var shape3 := CollisionShape3D.new()
	var box := BoxShape3D.new()
	box.size = Vector3(size.x, 4.0, size.y)
	shape3.shape = box
	body3.add_child(shape3)
	add_child(body3)
	body3.global_position = Vector3(center.x, HEIGHT, center.y)
	var body2 := StaticBody2D.new()
	var shape2 := CollisionShape2D.new()
	var rect := RectangleShape2D.new()
	rect.size = size * PPM
	shape2.shape = rect
	body2.add_child(shape2)
	add_child(body2)
	body2.global_position = center * PPM


## A guard at the origin looking along +X in both worlds, with `profile`, and a runner at
## `runner_at` (metres on the plane). Watches both from now on.
func _guards_and_runners(runner_at: Vector2, profile: ApsProfile = null) -> void:
	var p := profile if profile != null else ApsProfile.new()
	var body3 := _body3(Vector2.ZERO, "Guard3D")
	body3.look_at(body3.global_position + Vector3.RIGHT, Vector3.UP)
	g3 = ApsPerceptionComponent.new()
	g3.profile = p
	body3.add_child(g3)
	var body2 := _body2(Vector2.ZERO, "Guard2D")
	g2 = ApsPerceptionComponent2D.new()
	g2.profile = p
	body2.add_child(g2)
	r3 = _body3(runner_at, "Runner3D")
	r2 = _body2(runner_at, "Runner2D")
	g3.target_state_changed.connect(
		func(t, _o, n):
			if t == r3:
				states3.append([frame, n])
	)
	g2.target_state_changed.connect(
		func(t, _o, n):
			if t == r2:
				states2.append([frame, n])
	)
	g3.target_lost.connect(
		func(t, reason, at: Vector3):
			if t == r3:
				losses3.append([frame, reason, Vector2(at.x, at.z)])
	)
	g2.target_lost.connect(
		func(t, reason, at: Vector2):
			if t == r2:
				losses2.append([frame, reason, at / PPM])
	)


## Puts both runners at `at` (metres on the plane).
func _place(at: Vector2) -> void:
	r3.global_position = Vector3(at.x, HEIGHT, at.y)
	r2.global_position = at * PPM


## Plays `n` frames, the runners moving from `from` at `velocity` m/s on the plane (each frame's
## position computed once, in double precision, and given to both), comparing both guards after
## every frame. Returns where the runners stand at the end.
func _play(n: int, from: Vector2, velocity: Vector2 = Vector2.ZERO) -> Vector2:
	var at := from
	for i in n:
		at = from + velocity * (float(i + 1) / FPS)
		_place(at)
		await get_tree().physics_frame
		frame += 1
		_compare()
	return at


func _compare() -> void:
	frames_compared += 1
	var c3 := g3.get_confidence(r3)
	var c2 := g2.get_confidence(r2)
	if absf(c3 - c2) > worst:
		worst = absf(c3 - c2)
		worst_frame = frame
	var where := {
		"last known position":
		(g2.get_last_known_position(r2) / PPM).distance_to(_plane(g3.get_last_known_position(r3))),
		"uncertainty radius":
		absf(g2.get_uncertainty_radius(r2) / PPM - g3.get_uncertainty_radius(r3)),
		"estimated velocity":
		(g2.get_estimated_velocity(r2) / PPM).distance_to(_plane(g3.get_estimated_velocity(r3))),
	}
	for what in where:
		if where[what] > worst_where:
			worst_where = where[what]
			worst_where_what = "%s at frame %d" % [what, frame]
	var s3 := g3.get_belief_state(r3)
	var s2 := g2.get_belief_state(r2)
	if s3 != s2 and state_mismatches.size() < 5:
		state_mismatches.append(
			(
				"frame %d: 3D %s (%.4f), 2D %s (%.4f)"
				% [frame, STATE_NAMES[s3], c3, STATE_NAMES[s2], c2]
			)
		)


## A 3D point or vector on the plane: (x, z).
func _plane(v: Vector3) -> Vector2:
	return Vector2(v.x, v.z)


func _named(states: Array) -> Array:
	return states.map(func(s): return "%d:%s" % [s[0], STATE_NAMES[s[1]]])


## Both worlds agreed on every frame.
func _expect_parity() -> void:
	expect(frames_compared > 0, "frames were compared")
	expect(
		worst <= TOLERANCE,
		"confidence differs by %.5f at frame %d (tolerance %.3f)" % [worst, worst_frame, TOLERANCE]
	)
	expect(state_mismatches.is_empty(), "states differ:\n%s" % "\n".join(state_mismatches))
	expect(
		worst_where <= TOLERANCE,
		"where it believes the runner is differs by %.5f m (%s)" % [worst_where, worst_where_what]
	)
	expect_eq(
		_named(states2), _named(states3), "the 2D state changes are the 3D ones, on the same frames"
	)
	expect_eq(losses2.size(), losses3.size(), "as many losses")
	for i in mini(losses2.size(), losses3.size()):
		expect_eq(losses2[i][0], losses3[i][0], "loss %d on the same frame" % i)
		expect_eq(losses2[i][1], losses3[i][1], "loss %d for the same reason" % i)
		expect(
			(losses2[i][2] as Vector2).distance_to(losses3[i][2]) < 0.001,
			(
				"loss %d at the same last known position: 2D %s m, 3D %s m"
				% [i, losses2[i][2], losses3[i][2]]
			)
		)


# --- the scenarios --------------------------------------------------------------------------


func test_seen_hidden_heard_seen_again_out_of_range_and_forgotten_alike_in_3d_and_2d() -> void:
	# A wall 10 m ahead across z in [-10, 0]: its end is on the guard's axis, so the sight line
	# past it is the X axis itself.
	_wall(Vector2(10, -5), Vector2(0.4, 10))
	# The runner starts 14 m ahead, 4.02 m to the side (no frame of its walk lands on z = 0,
	# where a ray would graze the wall's end face).
	var start := Vector2(14, 4.02)
	_guards_and_runners(start)
	# Where it crosses the sight line the 2D runner's local y axis points along +X.
	r2.rotation = -PI / 2
	expect(r3.get_world_3d() != null and r2.get_world_2d() != null, "both in the tree")
	expect(ApsWorld.get_world_state(r3) != ApsWorld.get_world_state(r2), "two APS worlds")
	await frames(1)
	expect_eq(
		ApsWorld.get_world_state(r3).get_perceivable_count(),
		2,
		"the 3D world: its guard and its runner"
	)
	expect_eq(
		ApsWorld.get_world_state(r2).get_perceivable_count(),
		2,
		"the 2D world: its guard and its runner"
	)

	# 1. In the open for 2 s: Suspected, Detected, Tracked.
	var at := await _play(120, start)
	expect_eq(
		g3.get_belief_state(r3), ApsPerceptionComponent.STATE_TRACKED, "3D: tracked in the open"
	)
	# 2. Behind the wall at 3 m/s: Lost, Occluded, on the sight line z = 0.
	at = await _play(150, at, Vector2(0, -3))
	# 3. Hidden, it scuffs its feet: heard through the wall, muffled, while its memory is still
	# above 0.35, which brings it back from Lost to Detected (spec section 3: a sense active
	# and C at or above the Detect Threshold).
	ApsWorld.emit_sound(Vector3(at.x, HEIGHT, at.y), 0.9, 25.0, &"footstep", r3)
	ApsWorld.emit_sound_2d(at * PPM, 0.9, 25.0 * PPM, &"footstep", r2)
	at = await _play(30, at)
	var heard3 := Array(g3.get_belief_data(r3)["active_senses"])
	var heard2 := Array(g2.get_belief_data(r2)["active_senses"])
	at = await _play(30, at)
	# 4. Back out into view: seen again, Tracked again.
	at = await _play(150, at, Vector2(0, 3))
	at = await _play(60, at)
	# 5. Straight away at 8 m/s, past the 40 m range: Lost, OutOfRange.
	at = await _play(210, at, Vector2(8, 0))
	# 6. It fades: Remembered, then Expired.
	await _play(600, at)

	_expect_parity()
	expect_eq(heard2, heard3, "the same senses heard the hidden footstep")
	expect_eq(heard3, [ApsPerceptionComponent.SENSE_HEARING], "heard through the wall, not seen")
	# The scenario did what it is for: every state of the model, both loss reasons.
	expect_eq(
		states3.map(func(s): return s[1]),
		[
			ApsPerceptionComponent.STATE_SUSPECTED,
			ApsPerceptionComponent.STATE_DETECTED,
			ApsPerceptionComponent.STATE_TRACKED,
			ApsPerceptionComponent.STATE_LOST,
			ApsPerceptionComponent.STATE_DETECTED,
			ApsPerceptionComponent.STATE_TRACKED,
			ApsPerceptionComponent.STATE_LOST,
			ApsPerceptionComponent.STATE_REMEMBERED,
			ApsPerceptionComponent.STATE_EXPIRED
		],
		"the 3D states: %s" % [_named(states3)]
	)
	expect_eq(
		losses3.map(func(l): return l[1]),
		[ApsPerceptionComponent.LOSS_OCCLUDED, ApsPerceptionComponent.LOSS_OUT_OF_RANGE],
		"the 3D loss reasons"
	)
	if losses2.size() == 2:
		var corner: Vector2 = losses2[0][2]
		expect(
			absf(corner.x - 14.0) < 0.01 and absf(corner.y) < 0.2,
			"lost at the wall's sight line: %s m" % corner
		)
		expect(
			losses2[1][2].length() > 38.0 and losses2[1][2].length() <= 40.0,
			"lost at the edge of the 40 m range: %s m" % losses2[1][2]
		)
	expect_eq(g3.get_known_targets(), [r3], "the 3D guard believes only in the 3D runner")
	expect_eq(g2.get_known_targets(), [r2], "the 2D guard only in the 2D runner")


func test_heard_behind_its_back_then_shot_alike_in_3d_and_2d() -> void:
	# A runner walks behind the guard's back (out of sight) making footsteps, then shoots it:
	# hearing fading with distance and time, damage and pain, in both worlds.
	var start := Vector2(-6, -3)
	_guards_and_runners(start)
	var pains3 := []
	var pains2 := []
	g3.pain_changed.connect(func(level): pains3.append([frame, level]))
	g2.pain_changed.connect(func(level): pains2.append([frame, level]))
	var at := start
	for step in 8:
		ApsWorld.emit_sound(Vector3(at.x, HEIGHT, at.y), 0.6, 20.0, &"footstep", r3)
		ApsWorld.emit_sound_2d(at * PPM, 0.6, 20.0 * PPM, &"footstep", r2)
		at = await _play(24, at, Vector2(0, 1.5))
	expect(g3.get_belief_state(r3) >= ApsPerceptionComponent.STATE_SUSPECTED, "3D: heard it")
	await _play(60, at)
	ApsWorld.report_damage(g3.get_parent(), r3, 40.0, r3.global_position)
	ApsWorld.report_damage_2d(g2.get_parent(), r2, 40.0, r2.global_position)
	await _play(240, at)
	_expect_parity()
	expect(not pains3.is_empty(), "3D: pain_changed fired")
	expect_eq(pains2.size(), pains3.size(), "as many pain_changed")
	for i in mini(pains2.size(), pains3.size()):
		expect(
			pains2[i][0] == pains3[i][0] and absf(pains2[i][1] - pains3[i][1]) < TOLERANCE,
			"pain_changed %d alike: 2D %s, 3D %s" % [i, pains2[i], pains3[i]]
		)
	expect_near(g2.get_pain_level(), g3.get_pain_level(), TOLERANCE, "the same pain")
	var d3 := g3.get_belief_data(r3)
	var d2 := g2.get_belief_data(r2)
	expect(
		(
			Array(d3["active_senses"]).has(ApsPerceptionComponent.SENSE_DAMAGE)
			or g3.get_belief_state(r3) >= ApsPerceptionComponent.STATE_DETECTED
		),
		"3D: the shot is believed: %s" % [d3["active_senses"]]
	)
	var lk3: Vector3 = d3["last_known_position"]
	var lk2: Vector2 = d2["last_known_position"]
	expect(
		(lk2 / PPM).distance_to(Vector2(lk3.x, lk3.z)) < 0.001,
		"the same last known position: 2D %s px, 3D %s m" % [lk2, lk3]
	)


## A pane in both worlds, as `_wall` but 0.1 m thick, with an occluder of `preset` on it (an
## ApsOccluder in 3D, an ApsOccluder2D in 2D).
func _pane(center: Vector2, length: float, preset: int) -> void:
	_wall(center, Vector2(0.1, length))
	var bodies := get_children().slice(-2)
	var o3 := ApsOccluder.new()
	o3.preset = preset
	bodies[0].add_child(o3)
	var o2 := ApsOccluder2D.new()
	o2.preset = preset
	bodies[1].add_child(o2)


## A sound portal at `at` (metres on the plane) in both worlds.
func _portal(at: Vector2) -> void:
	var p3 := ApsSoundPortal.new()
	add_child(p3)
	p3.global_position = Vector3(at.x, HEIGHT, at.y)
	var p2 := ApsSoundPortal2D.new()
	add_child(p2)
	p2.global_position = at * PPM


func test_seen_through_glass_then_in_the_open_alike_in_3d_and_2d() -> void:
	# A window 10 m ahead across the guard's view, 6 m wide; the runner walks along behind it
	# (every sample point stays behind the glass in both worlds), then the window is taken away.
	_pane(Vector2(10, 0), 6.0, ApsOccluder.PRESET_GLASS)
	var panes := get_children().slice(-2)
	var start := Vector2(14, 0.02)
	_guards_and_runners(start)
	r2.rotation = -PI / 2
	var at := await _play(90, start, Vector2(0, 1))
	var through3: Array = g3.explain(r3)["senses"]["vision"].get("through", [])
	var through2: Array = g2.explain(r2)["senses"]["vision"].get("through", [])
	var c3 := g3.get_confidence(r3)
	for pane in panes:
		pane.free()
	at = await _play(90, at)
	_expect_parity()
	expect_eq(through3.size(), 1, "3D: seen through the window")
	expect_eq(through2.size(), 1, "2D: seen through the window")
	expect(c3 > 0.3, "seen behind the glass: %.3f" % c3)
	expect(
		g3.get_confidence(r3) > c3,
		"more sure in the open: %.3f > %.3f" % [g3.get_confidence(r3), c3]
	)


func test_a_shot_behind_a_wall_comes_through_the_doorway_alike_in_3d_and_2d() -> void:
	# A wall across x = -5, behind the guard, with a doorway 1 m wide at z = 3 and a portal in
	# it; the runner shoots 5 m behind the wall.
	_wall(Vector2(-5, -3.75), Vector2(0.3, 12.5))
	_wall(Vector2(-5, 6.75), Vector2(0.3, 6.5))
	_portal(Vector2(-5, 3))
	var start := Vector2(-10, 0.02)
	_guards_and_runners(start)
	await _play(3, start)
	ApsWorld.emit_sound(Vector3(start.x, HEIGHT, start.y), 1.0, 40.0, &"gunshot", r3)
	ApsWorld.emit_sound_2d(start * PPM, 1.0, 40.0 * PPM, &"gunshot", r2)
	await _play(30, start)
	var heard3: Dictionary = g3.explain(r3)["senses"].get("hearing", {})
	var heard2: Dictionary = g2.explain(r2)["senses"].get("hearing", {})
	await _play(60, start)
	_expect_parity()
	expect(
		heard3.get("factors", {}).has("route_metres"), "3D: came round: %s" % heard3.get("text", "")
	)
	expect(
		heard2.get("factors", {}).has("route_metres"), "2D: came round: %s" % heard2.get("text", "")
	)
	if heard3.has("factors") and heard2.has("factors"):
		expect_near(
			heard2["factors"].get("route_metres", 0.0),
			heard3["factors"].get("route_metres", -1.0),
			TOLERANCE,
			"the same way round"
		)
	var at3 := _plane(g3.get_last_known_position(r3))
	expect(at3.distance_to(Vector2(-5, 3)) < 0.5, "3D: believed at the doorway: %s" % at3)


func test_a_custom_sense_for_both_kinds_of_game_alike_in_3d_and_2d() -> void:
	# The demo's radar (its `_evaluate` and `_evaluate_2d`), the only sense: the runner walks
	# from 12 m to 4 m, well into its 10 m reach, behind a wall, stays, then walks out again.
	var radar := RadarSense.new()
	radar.reach = 10.0
	var profile := ApsProfile.new()
	for s in ["vision", "hearing", "smell", "touch", "vibration", "damage", "pain", "echolocation"]:
		profile.set(s + "_enabled", false)
	profile.custom_senses = [radar]
	_wall(Vector2(3, 0), Vector2(0.4, 20))
	var start := Vector2(12.02, 0.5)
	_guards_and_runners(start, profile)
	var at := await _play(120, start, Vector2(-4, 0))
	at = await _play(120, at)
	at = await _play(120, at, Vector2(4, 0))
	await _play(180, at)
	_expect_parity()
	expect(radar.sweeps > 0, "the radar swept")
	expect(states3.size() >= 2, "3D: found, then lost: %s" % [_named(states3)])
	expect_eq(
		states3[0][1] if states3.size() > 0 else -1,
		ApsPerceptionComponent.STATE_SUSPECTED,
		"found by the radar alone"
	)
