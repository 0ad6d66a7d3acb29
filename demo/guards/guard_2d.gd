class_name DemoGuard2D
extends CharacterBody2D
## A guard of the top-down wing: the 2D twin of DemoGuard. A round body, an
## ApsPerceptionComponent2D under it (its child "Perception", placed in the wing's scene with a
## profile from addons/aps/presets), and a script that decides only from what APS tells it: the
## same signals and calls as in 3D, with positions in pixels.
##
## It stands at its post and turns; it never walks. What it turns to, most urgent first: the
## player while it sees them (Detected or Tracked), a noise it believes in (a place, for a few
## seconds), the spot where it lost the player (while Lost), else the way its post faces. The
## eye looks along the body's +X, so turning the body turns the eye.

## Name on the timeline and beside its body (the node's name if empty).
@export var display_name := ""
@export var body_color := Color(0.8, 0.3, 0.25)
## Radians per second it turns.
@export var turn_speed := 4.0
## Seconds it keeps looking at a noise before turning back.
@export var noise_attention := 4.0
## How far its filled main cone is drawn on the floor (pixels; its real range is the profile's,
## which the debug drawing's lines show).
@export var cone_length := 1100.0

const RADIUS := 20.0
const AWARENESS_COLORS: Array[Color] = [
	Color(0.3, 0.8, 0.35, 0.07),
	Color(0.9, 0.9, 0.3, 0.08),
	Color(1.0, 0.65, 0.2, 0.09),
	Color(1.0, 0.35, 0.2, 0.1),
	Color(0.9, 0.1, 0.1, 0.11)
]

var perception: ApsPerceptionComponent2D
## The wing's short name for the timeline's wing column.
var wing_tag := ""
## What it is doing now, in words (shown beside it).
var doing := ""
## The rotation of its post.
var home_rotation := 0.0

var _goal := NAN
## The player while it believes in them (any state from Suspected to Lost).
var _target: Node2D
## The noise it turned to, and the game time it stops looking at it.
var _noise := Vector2.INF
var _noise_until := 0.0
var _tag_node: Node2D
var _cone: Node2D
var _cone_awareness := -1
var _label: Label
var _label_timer := 0


func _ready() -> void:
	if display_name.is_empty():
		display_name = name
	home_rotation = rotation
	perception = get_node_or_null("Perception") as ApsPerceptionComponent2D
	if perception == null:
		perception = ApsPerceptionComponent2D.new()
		perception.name = "Perception"
		perception.profile = ApsProfile.new()
		add_child(perception)
	if get_node_or_null("Shape") == null:
		var shape := CollisionShape2D.new()
		shape.name = "Shape"
		var circle := CircleShape2D.new()
		circle.radius = RADIUS
		shape.shape = circle
		add_child(shape)
	# The cone on the floor: under the walls and the bodies, over the floor.
	_cone = Node2D.new()
	_cone.name = "Cone"
	_cone.z_index = -5
	_cone.show_behind_parent = true
	_cone.draw.connect(_draw_cone)
	add_child(_cone)
	_build_label()
	_connect_signals()


## How the player stands with this guard now, in one short line.
func belief_text(target: Node2D) -> String:
	var state := perception.get_belief_state(target)
	if state == ApsPerceptionComponent2D.STATE_UNDETECTED:
		return "-"
	return "%s %.2f" % [DemoTimeline.state_name(state), perception.get_confidence(target)]


## The way it faces, as a unit vector (its eye's +X).
func facing() -> Vector2:
	return Vector2.RIGHT.rotated(global_rotation)


## Ends whatever it is doing: back to its post's way, nothing in mind.
func stand_down() -> void:
	_target = null
	_noise = Vector2.INF
	doing = ""
	_goal = home_rotation


# --- Deciding -----------------------------------------------------------------------------


func _physics_process(delta: float) -> void:
	_label_timer += 1
	if _label_timer >= 6:
		_label_timer = 0
		_update_label()
	var now := ApsWorld.get_world_time()
	var look := Vector2.INF
	var state := (
		perception.get_belief_state(_target)
		if _target != null and is_instance_valid(_target)
		else ApsPerceptionComponent2D.STATE_UNDETECTED
	)
	if (
		state == ApsPerceptionComponent2D.STATE_DETECTED
		or state == ApsPerceptionComponent2D.STATE_TRACKED
		or state == ApsPerceptionComponent2D.STATE_SUSPECTED
	):
		# Where APS believes the player is: never their real position.
		look = perception.get_last_known_position(_target)
	elif _noise != Vector2.INF and now < _noise_until:
		look = _noise
	elif state == ApsPerceptionComponent2D.STATE_LOST:
		look = perception.get_last_known_position(_target)
	if _noise != Vector2.INF and now >= _noise_until:
		_noise = Vector2.INF
		if state != ApsPerceptionComponent2D.STATE_LOST:
			_say("nothing there that it can see: back to its post's way")
			doing = ""
	if look != Vector2.INF and look.distance_to(global_position) > 5.0:
		_goal = (look - global_position).angle()
	elif look == Vector2.INF:
		_goal = home_rotation
	if not is_nan(_goal):
		var diff := angle_difference(rotation, _goal)
		rotation += clampf(diff, -turn_speed * delta, turn_speed * delta)


func _on_state(target: Node2D, _old: int, new_state: int) -> void:
	if not target is DemoPlayer2D:
		return
	match new_state:
		ApsPerceptionComponent2D.STATE_SUSPECTED:
			_target = target
			_say("glimpses something: turns toward it")
			doing = "what was that?"
		ApsPerceptionComponent2D.STATE_DETECTED:
			_target = target
			_say("keeps its eyes on the player")
			doing = "watching you"
		ApsPerceptionComponent2D.STATE_TRACKED:
			_target = target
			doing = "tracking you"
		ApsPerceptionComponent2D.STATE_REMEMBERED, ApsPerceptionComponent2D.STATE_EXPIRED:
			if _target == target:
				_target = null
				if _noise == Vector2.INF:
					_say("gives up on the player: back to its post's way")
					doing = ""


func _on_lost(target: Node2D, reason: int, last_known: Vector2) -> void:
	if not target is DemoPlayer2D:
		return
	_target = target
	if reason == ApsPerceptionComponent2D.LOSS_OCCLUDED:
		_say(
			(
				"lost the player behind cover: keeps watching %s, where it last saw them"
				% DemoGuard2D.place(last_known)
			)
		)
		doing = "where did you go?"
	else:
		_say(
			"lost the player (%s): watches where it last knew them" % DemoTimeline.loss_name(reason)
		)
		doing = "lost you"


## A place belief (a noise with no one behind it): it turns to look, for a while.
func _on_place(location: Vector2, tag: StringName, state: int, _confidence: float) -> void:
	if (
		state < ApsPerceptionComponent2D.STATE_SUSPECTED
		or state > ApsPerceptionComponent2D.STATE_TRACKED
	):
		return
	if _noise != Vector2.INF and _noise.distance_to(location) < 10.0:
		return
	_noise = location
	_noise_until = ApsWorld.get_world_time() + noise_attention
	_say('heard a "%s" at %s: turns to look' % [tag, DemoGuard2D.place(location)])
	doing = "a noise?"


# --- Showing and logging ------------------------------------------------------------------


## The main cone on the floor, coloured by awareness, as the 3D guards show theirs.
func _draw_cone() -> void:
	if perception == null or perception.profile == null or not perception.profile.vision_enabled:
		return
	var half := deg_to_rad(perception.profile.vision_main_cone_half_angle)
	var points := PackedVector2Array([Vector2.ZERO])
	for i in 25:
		points.append(Vector2.RIGHT.rotated(lerpf(-half, half, i / 24.0)) * cone_length)
	_cone.draw_colored_polygon(points, AWARENESS_COLORS[_cone_awareness])


func _draw() -> void:
	draw_circle(Vector2.ZERO, RADIUS, body_color)
	draw_arc(Vector2.ZERO, RADIUS, 0, TAU, 32, body_color.darkened(0.5), 2.0)
	# A visor: which way it looks.
	draw_rect(
		Rect2(Vector2(RADIUS * 0.35, -RADIUS * 0.55), Vector2(RADIUS * 0.6, RADIUS * 1.1)),
		Color(0.1, 0.1, 0.12)
	)


func _build_label() -> void:
	# Beside the body, not turning with it.
	_tag_node = Node2D.new()
	_tag_node.top_level = true
	_tag_node.z_index = 10
	add_child(_tag_node)
	_label = Label.new()
	_label.add_theme_font_size_override("font_size", 16)
	_label.add_theme_constant_override("outline_size", 6)
	_label.add_theme_color_override("font_outline_color", Color(0, 0, 0, 0.9))
	_label.position = Vector2(-60, RADIUS + 6)
	_label.custom_minimum_size = Vector2(120, 0)
	_label.horizontal_alignment = HORIZONTAL_ALIGNMENT_CENTER
	_label.mouse_filter = Control.MOUSE_FILTER_IGNORE
	_tag_node.add_child(_label)
	_update_label()


func _update_label() -> void:
	if _label == null or perception == null:
		return
	_tag_node.global_position = global_position
	var lines: Array[String] = [display_name]
	var target := _player()
	if target != null:
		lines.append(belief_text(target))
	if not doing.is_empty():
		lines.append(doing)
	_label.text = "\n".join(lines)
	var awareness := perception.get_awareness_level()
	_label.modulate = AWARENESS_COLORS[awareness].lightened(0.4)
	_label.modulate.a = 1.0
	if awareness != _cone_awareness:
		_cone_awareness = awareness
		_cone.queue_redraw()


## The player, if this guard holds a belief about it.
func _player() -> Node2D:
	for t in perception.get_known_targets():
		if t is DemoPlayer2D:
			return t
	return null


func _say(text: String) -> void:
	DemoTimeline.action(wing_tag, display_name, text)


func _connect_signals() -> void:
	perception.target_suspected.connect(
		func(t: Node2D, c: float) -> void:
			_log(t, "target_suspected", ApsPerceptionComponent2D.STATE_SUSPECTED, c)
	)
	perception.target_detected.connect(
		func(t: Node2D, c: float) -> void:
			_log(t, "target_detected", ApsPerceptionComponent2D.STATE_DETECTED, c)
	)
	perception.target_tracked.connect(
		func(t: Node2D, c: float) -> void:
			_log(t, "target_tracked", ApsPerceptionComponent2D.STATE_TRACKED, c)
	)
	perception.target_remembered.connect(
		func(t: Node2D, c: float) -> void:
			_log(t, "target_remembered", ApsPerceptionComponent2D.STATE_REMEMBERED, c)
	)
	perception.target_expired.connect(
		func(t: Node2D) -> void:
			_log(t, "target_expired", ApsPerceptionComponent2D.STATE_EXPIRED, -1.0)
	)
	perception.target_state_changed.connect(_on_state)
	perception.target_lost.connect(
		func(t: Node2D, reason: int, last_known: Vector2) -> void:
			if t is DemoPlayer2D:
				DemoTimeline.signal_line(
					wing_tag,
					display_name,
					"Player",
					"target_lost",
					"Lost",
					perception.get_confidence(t),
					(
						"%s, last known %s"
						% [DemoTimeline.loss_name(reason), DemoGuard2D.place(last_known)]
					)
				)
			_on_lost(t, reason, last_known)
	)
	perception.location_belief_changed.connect(
		func(location: Vector2, tag: StringName, state: int, confidence: float) -> void:
			DemoTimeline.signal_line(
				wing_tag,
				display_name,
				"place",
				"location_belief",
				DemoTimeline.state_name(state),
				confidence,
				'"%s" at %s' % [tag, DemoGuard2D.place(location)]
			)
			_on_place(location, tag, state, confidence)
	)


func _log(target: Node2D, signal_name: String, state: int, confidence: float) -> void:
	if target is DemoPlayer2D:
		DemoTimeline.signal_line(
			wing_tag,
			display_name,
			"Player",
			signal_name,
			DemoTimeline.state_name(state),
			confidence
		)


## A 2D position as the timeline writes it: pixels.
static func place(p: Vector2) -> String:
	return "(%.0f, %.0f) px" % [p.x, p.y]
