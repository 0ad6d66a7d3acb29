class_name DemoGuard
extends CharacterBody3D
## A guard of the demo: a body, an ApsPerceptionComponent at eye height, and a script that
## decides what to do only from what APS tells it (signals, and calls such as get_confidence or
## get_last_known_position). It never peeks at the player's real position.
##
## This base class holds what every guard needs: building its parts, moving itself (a path on
## the navigation mesh when the wing has one, else a straight line), looking around, showing
## its belief above its head, and writing each signal it receives to the timeline. Each kind
## of guard extends it and overrides `_on_belief` and `_on_lost` to react.

## Name on the timeline and above its head (the node's name if empty).
@export var display_name := ""
## How it perceives. Empty: the APS defaults.
@export var profile: ApsProfile
@export var walk_speed := 1.8
@export var run_speed := 3.6
## It never goes further than this from its post (metres).
@export var leash := 30.0
@export var eye_height := 1.6
@export var body_color := Color(0.8, 0.3, 0.25)
## Draw its main vision cone on the floor, coloured by awareness.
@export var show_cone := true
## Also write awareness changes to the timeline.
@export var log_awareness := false
## Every guard is on team 1 and wears a team 1 badge, so guards are teammates: they still
## perceive each other, but an ally never alarms them.
@export var team := 1
## Hangs or stands where it was placed (a camera, a bat): no gravity, no walking.
@export var fixed := false

const TURN_SPEED := 4.0
## Pixels (the indicator's) between an awareness indicator and the label stacked on it.
const INDICATOR_GAP := 8.0
const AWARENESS_COLORS: Array[Color] = [
	Color(0.3, 0.8, 0.35, 0.25),
	Color(0.9, 0.9, 0.3, 0.3),
	Color(1.0, 0.65, 0.2, 0.33),
	Color(1.0, 0.35, 0.2, 0.36),
	Color(0.9, 0.1, 0.1, 0.4)
]

var perception: ApsPerceptionComponent
## The wing's short name for the timeline's wing column.
var wing_tag := ""
## Where it stands guard, and which way it faces there.
var home := Transform3D.IDENTITY
## What it is doing now, in words (shown above its head).
var doing := ""
## While set (and not walking), it keeps facing where APS last placed this target.
var watching: Node3D

var _label: Label3D
var _cone: MeshInstance3D
var _path := PackedVector3Array()
var _path_index := 0
var _speed := 0.0
var _facing_goal := NAN
var _plan := 0
var _label_timer := 0
var _gravity: float = ProjectSettings.get_setting("physics/3d/default_gravity", 9.8)


func _ready() -> void:
	if display_name.is_empty():
		display_name = name
	home = global_transform
	_build_body()
	perception = ApsPerceptionComponent.new()
	perception.name = "Perception"
	perception.profile = profile if profile != null else ApsProfile.new()
	perception.team_id = team
	add_child(perception)
	perception.position = Vector3(0, eye_height, 0)
	var badge := ApsTargetComponent.new()
	badge.name = "Badge"
	badge.team_id = team
	add_child(badge)
	_build_label()
	if show_cone and perception.profile.vision_enabled:
		_cone = _fan(
			minf(perception.profile.vision_max_range, 12.0),
			perception.profile.vision_main_cone_half_angle
		)
		add_child(_cone)
		# On the floor, wherever the eye is.
		_cone.position.y = 0.04 - global_position.y
	_connect_signals()
	_ready_guard()


## For subclasses: called at the end of _ready, with the perception component in place.
func _ready_guard() -> void:
	pass


## For subclasses: a belief about the player changed state (a STATE_* constant).
func _on_belief(_target: Node3D, _old_state: int, _new_state: int) -> void:
	pass


## For subclasses: the player was lost; `reason` is a LOSS_* constant.
func _on_lost(_target: Node3D, _reason: int, _last_known: Vector3) -> void:
	pass


## For subclasses: its beliefs came back from a saved game (`target` is the player if it holds
## a belief about it, else null). No state signal fired for what it now believes, so this is
## where a script picks up from it. An idle guard that believes the player is about faces
## where it believes the player is.
func _on_beliefs_loaded(target: Node3D) -> void:
	if target == null or not doing.is_empty():
		return
	var state := perception.get_belief_state(target)
	if (
		state >= ApsPerceptionComponent.STATE_DETECTED
		and state <= ApsPerceptionComponent.STATE_LOST
	):
		watching = target
		DemoTimeline.action(
			wing_tag,
			display_name,
			"picks up from what it believed: faces where it believes the player is"
		)


# --- Plans: what the guard is doing. A new plan ends the one before it. -------------------


## Starts a new plan, ending whatever it was doing, and says what it is on the timeline.
func begin(text: String) -> int:
	_plan += 1
	_plan_started()
	_path = PackedVector3Array()
	_speed = 0.0
	watching = null
	doing = text
	if not text.is_empty():
		DemoTimeline.action(wing_tag, display_name, text)
	return _plan


## For subclasses: a new plan is starting (drop whatever the old one held).
func _plan_started() -> void:
	pass


## Whether plan `plan` is still the current one.
func still(plan: int) -> bool:
	return plan == _plan


## Walks (or runs) to `point` within its leash. True once there; false if a newer plan took
## over or the way was blocked.
func go_to(point: Vector3, fast := false) -> bool:
	var plan := _plan
	var goal := _leashed(point)
	_path = _plan_path(global_position, goal)
	_path_index = 0
	_speed = run_speed if fast else walk_speed
	var length := 0.0
	var prev := global_position
	for p in _path:
		length += prev.distance_to(p)
		prev = p
	var frames := int((length / _speed * 2.0 + 3.0) * Engine.physics_ticks_per_second)
	for _i in frames:
		await get_tree().physics_frame
		if not still(plan):
			return false
		if _path_index >= _path.size():
			return true
	if still(plan):
		_path = PackedVector3Array()
		_speed = 0.0
	return false


## Turns to face `point`; returns once facing it (or a newer plan took over).
func turn_to(point: Vector3) -> bool:
	var plan := _plan
	var flat := point - global_position
	if Vector2(flat.x, flat.z).length() < 0.01:
		return still(plan)
	_facing_goal = atan2(-flat.x, -flat.z)
	for _i in 120:
		if not still(plan):
			return false
		if absf(angle_difference(rotation.y, _facing_goal)) < 0.05:
			return true
		await get_tree().physics_frame
	return still(plan)


## Looks left and right for `duration` seconds, turning about its current heading.
func look_around(duration := 3.0, sweep_degrees := 70.0) -> bool:
	var plan := _plan
	var base := rotation.y
	var frames := int(duration * Engine.physics_ticks_per_second)
	for i in frames:
		if not still(plan):
			return false
		var phase := float(i) / float(frames) * TAU
		_facing_goal = base + deg_to_rad(sweep_degrees) * sin(phase)
		await get_tree().physics_frame
	_facing_goal = base
	return still(plan)


## Waits `duration` seconds; false if a newer plan took over meanwhile.
func pause(duration: float) -> bool:
	var plan := _plan
	for _i in int(duration * Engine.physics_ticks_per_second):
		if not still(plan):
			return false
		await get_tree().physics_frame
	return still(plan)


## Ends whatever it is doing, where it stands (before the demo quits: its coroutines end).
func stand_down() -> void:
	begin("")


## Goes back to its post and faces the way it faced there.
func return_home(text := "goes back to its post") -> void:
	var plan := begin(text)
	if await go_to(home.origin) and still(plan):
		_facing_goal = home.basis.get_euler().y
		doing = ""


## How the player stands with this guard now, in one short line.
func belief_text(target: Node3D) -> String:
	var state := perception.get_belief_state(target)
	if state == ApsPerceptionComponent.STATE_UNDETECTED:
		return "-"
	return "%s %.2f" % [DemoTimeline.state_name(state), perception.get_confidence(target)]


# --- Moving -------------------------------------------------------------------------------


func _physics_process(delta: float) -> void:
	_label_timer += 1
	if _label_timer >= 6:
		_label_timer = 0
		_update_label()
	if fixed:
		_turn(delta)
		return
	var v := Vector3.ZERO
	if _path_index < _path.size() and _speed > 0.0:
		var to := _path[_path_index] - global_position
		to.y = 0.0
		if to.length() < 0.3:
			_path_index += 1
		else:
			v = to.normalized() * _speed
			_facing_goal = atan2(-to.x, -to.z)
	if v == Vector3.ZERO and watching != null and is_instance_valid(watching):
		var to_seen := perception.get_last_known_position(watching) - global_position
		if Vector2(to_seen.x, to_seen.z).length() > 0.3:
			_facing_goal = atan2(-to_seen.x, -to_seen.z)
	velocity.x = v.x
	velocity.z = v.z
	if is_on_floor():
		velocity.y = 0.0
	else:
		velocity.y -= _gravity * delta
	_turn(delta)
	move_and_slide()


func _turn(delta: float) -> void:
	if fixed and watching != null and is_instance_valid(watching):
		var to_seen := perception.get_last_known_position(watching) - global_position
		if Vector2(to_seen.x, to_seen.z).length() > 0.3:
			_facing_goal = atan2(-to_seen.x, -to_seen.z)
	if not is_nan(_facing_goal):
		var diff := angle_difference(rotation.y, _facing_goal)
		rotation.y += clampf(diff, -TURN_SPEED * delta, TURN_SPEED * delta)


func _leashed(point: Vector3) -> Vector3:
	var offset := point - home.origin
	offset.y = 0.0
	return home.origin + offset.limit_length(leash)


## A path over the navigation mesh when there is one under the guard, else a straight line.
func _plan_path(from: Vector3, to: Vector3) -> PackedVector3Array:
	var map := get_world_3d().navigation_map
	if NavigationServer3D.map_get_iteration_id(map) > 0:
		var path := NavigationServer3D.map_get_path(map, from, to, true)
		# A path that starts far away is on another wing's mesh: this wing has none.
		if path.size() >= 2 and path[0].distance_to(from) < 1.5:
			return path.slice(1)
	return PackedVector3Array([to])


# --- Showing and logging ------------------------------------------------------------------


func _build_body() -> void:
	var shape := CollisionShape3D.new()
	var capsule := CapsuleShape3D.new()
	capsule.radius = 0.3
	capsule.height = 1.8
	shape.shape = capsule
	shape.position.y = 0.9
	add_child(shape)
	var mesh := MeshInstance3D.new()
	var cm := CapsuleMesh.new()
	cm.radius = 0.3
	cm.height = 1.8
	mesh.mesh = cm
	mesh.position.y = 0.9
	mesh.material_override = DemoLevel.material(body_color)
	add_child(mesh)
	# A visor shows which way it looks: APS's eye looks along -Z.
	var visor := MeshInstance3D.new()
	var box := BoxMesh.new()
	box.size = Vector3(0.45, 0.14, 0.2)
	visor.mesh = box
	visor.position = Vector3(0, eye_height, -0.25)
	visor.material_override = DemoLevel.material(Color(0.1, 0.1, 0.12))
	add_child(visor)


func _build_label() -> void:
	_label = Label3D.new()
	# The same size on screen however far the camera is.
	_label.fixed_size = true
	_label.font_size = 28
	_label.pixel_size = 0.0013
	_label.outline_size = 9
	_label.billboard = BaseMaterial3D.BILLBOARD_ENABLED
	_label.no_depth_test = true
	_label.visibility_range_end = 70.0
	_label.position = Vector3(0, 2.5, 0)
	# An ApsAwarenessIndicator placed under the guard in its wing's scene (no code) shows "?"
	# and "!" over its head; the label then stands on top of it and grows upward, so the two
	# never overlap however far the camera is.
	for child in get_children():
		var indicator := child as ApsAwarenessIndicator
		if indicator != null:
			_label.vertical_alignment = VERTICAL_ALIGNMENT_BOTTOM
			_label.position.y = indicator.position.y + indicator.height
			var above := (indicator.get_top_pixels() + INDICATOR_GAP) * indicator.pixel_size
			if indicator.fixed_size:
				_label.offset.y = above / _label.pixel_size
			else:
				_label.position.y += above
	add_child(_label)
	_update_label()


## What the label above its head says; subclasses add lines.
func _label_text() -> String:
	var target := _player()
	var lines: Array[String] = [display_name]
	if target != null:
		lines.append(belief_text(target))
	if not doing.is_empty():
		lines.append(doing)
	return "\n".join(lines)


func _update_label() -> void:
	if _label == null or perception == null:
		return
	_label.text = _label_text()
	var awareness := perception.get_awareness_level()
	_label.modulate = AWARENESS_COLORS[awareness].lightened(0.3)
	_label.modulate.a = 1.0
	if _cone != null:
		_cone.material_override = DemoLevel.material(AWARENESS_COLORS[awareness], true)


## The player, if this guard holds a belief about it.
func _player() -> Node3D:
	for t in perception.get_known_targets():
		if t is DemoPlayer:
			return t
	return null


func _connect_signals() -> void:
	perception.target_suspected.connect(
		func(t: Node3D, c: float) -> void:
			_log(t, "target_suspected", ApsPerceptionComponent.STATE_SUSPECTED, c)
	)
	perception.target_detected.connect(
		func(t: Node3D, c: float) -> void:
			_log(t, "target_detected", ApsPerceptionComponent.STATE_DETECTED, c)
	)
	perception.target_tracked.connect(
		func(t: Node3D, c: float) -> void:
			_log(t, "target_tracked", ApsPerceptionComponent.STATE_TRACKED, c)
	)
	perception.target_remembered.connect(
		func(t: Node3D, c: float) -> void:
			_log(t, "target_remembered", ApsPerceptionComponent.STATE_REMEMBERED, c)
	)
	perception.target_expired.connect(
		func(t: Node3D) -> void:
			_log(t, "target_expired", ApsPerceptionComponent.STATE_EXPIRED, -1.0)
	)
	perception.target_forgotten.connect(
		func(t: Node3D) -> void:
			_log(t, "target_forgotten", ApsPerceptionComponent.STATE_UNDETECTED, -1.0)
	)
	perception.target_lost.connect(_on_lost_signal)
	perception.target_state_changed.connect(_on_state_signal)
	perception.location_belief_changed.connect(_on_place_signal)
	perception.damage_taken.connect(_on_damage_signal)
	perception.pain_changed.connect(_on_pain_signal)
	perception.beliefs_loaded.connect(_on_loaded_signal)
	if log_awareness:
		perception.awareness_changed.connect(
			func(_old: int, new: int) -> void:
				DemoTimeline.signal_line(
					wing_tag,
					display_name,
					"-",
					"awareness_changed",
					DemoTimeline.awareness_name(new),
					-1.0
				)
		)
		perception.all_clear.connect(
			func() -> void:
				DemoTimeline.signal_line(wing_tag, display_name, "-", "all_clear", "", -1.0)
		)


## Only the player is written down: guards are teammates and their beliefs about each other
## would drown the timeline.
func _log(target: Node3D, signal_name: String, state: int, confidence: float) -> void:
	if target is DemoPlayer:
		DemoTimeline.signal_line(
			wing_tag,
			display_name,
			"Player",
			signal_name,
			DemoTimeline.state_name(state),
			confidence
		)


func _on_state_signal(target: Node3D, old_state: int, new_state: int) -> void:
	if target is DemoPlayer:
		_on_belief(target, old_state, new_state)


func _on_lost_signal(target: Node3D, reason: int, last_known: Vector3) -> void:
	if not target is DemoPlayer:
		return
	DemoTimeline.signal_line(
		wing_tag,
		display_name,
		"Player",
		"target_lost",
		"Lost",
		perception.get_confidence(target),
		"%s, last known %s" % [DemoTimeline.loss_name(reason), DemoTimeline.place(last_known)]
	)
	_on_lost(target, reason, last_known)


## Once per load, at the end of the frame: what it believes about the player now.
func _on_loaded_signal() -> void:
	var target := _player()
	if target == null:
		DemoTimeline.signal_line(
			wing_tag, display_name, "-", "beliefs_loaded", "", -1.0, "nothing about the player"
		)
	else:
		DemoTimeline.signal_line(
			wing_tag,
			display_name,
			"Player",
			"beliefs_loaded",
			DemoTimeline.state_name(perception.get_belief_state(target)),
			perception.get_confidence(target)
		)
	_on_beliefs_loaded(target)


func _on_place_signal(location: Vector3, tag: StringName, state: int, confidence: float) -> void:
	DemoTimeline.signal_line(
		wing_tag,
		display_name,
		"place",
		"location_belief",
		DemoTimeline.state_name(state),
		confidence,
		'"%s" at %s' % [tag, DemoTimeline.place(location)]
	)


func _on_damage_signal(instigator: Node3D, amount: float, _location: Vector3) -> void:
	var who := (
		"Player"
		if instigator is DemoPlayer
		else ("-" if instigator == null else String(instigator.name))
	)
	DemoTimeline.signal_line(
		wing_tag, display_name, who, "damage_taken", "", -1.0, "%.0f damage" % amount
	)


var _pain_logged := 0.0


## Pain rising (a hit) and pain gone are news; its slow fall in between is not written down.
func _on_pain_signal(level: float) -> void:
	if level > _pain_logged or level == 0.0:
		DemoTimeline.signal_line(
			wing_tag, display_name, "-", "pain_changed", "pain %.2f" % level, -1.0
		)
	_pain_logged = level


## A flat fan on the floor: the main vision cone, `radius` long, `half_angle` degrees each side.
static func _fan(radius: float, half_angle: float) -> MeshInstance3D:
	var st := SurfaceTool.new()
	st.begin(Mesh.PRIMITIVE_TRIANGLES)
	var steps := 16
	var a0 := deg_to_rad(-half_angle)
	var step := deg_to_rad(half_angle * 2.0) / steps
	for i in steps:
		var a := a0 + step * i
		var b := a + step
		st.set_normal(Vector3.UP)
		st.add_vertex(Vector3.ZERO)
		st.add_vertex(Vector3(sin(b), 0, -cos(b)) * radius)
		st.add_vertex(Vector3(sin(a), 0, -cos(a)) * radius)
	var mi := MeshInstance3D.new()
	mi.mesh = st.commit()
	mi.cast_shadow = GeometryInstance3D.SHADOW_CASTING_SETTING_OFF
	return mi
