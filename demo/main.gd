extends Node3D
## The APS demo, first scene: one guard, one walking target, a wall and a noise.
##
## Headless (`cargo xtask demo`) it plays a scripted tour and prints a timeline of what the
## guard perceives: every signal with its game time. It exits 0 only if the guard saw the
## walker, lost it behind the wall with the reason Occluded, and suspected it by ear.


const STATE_NAMES := ["Undetected", "Suspected", "Detected", "Tracked", "Lost", "Remembered", "Expired"]
const LOSS_NAMES := ["None", "Occluded", "OutOfRange", "SoundFaded", "ScentLost", "SensorDropout", "TargetDestroyed", "Unknown"]

var guard: ApsPerceptionComponent
var walker: CharacterBody3D
var saw := false
var lost_occluded := false
var heard := false


func _ready() -> void:
	_build_level()
	guard.target_state_changed.connect(_on_state_changed)
	guard.target_lost.connect(_on_lost)
	guard.awareness_changed.connect(func(_old, new): _line("guard", "-", "awareness_changed", "awareness %d" % new, -1.0, ""))
	guard.all_clear.connect(func(): _line("guard", "-", "all_clear", "-", -1.0, ""))
	print("APS demo: a guard at the origin looks north (-Z); a wall stands 12 m ahead, to the left.")
	print("%7s  %-6s %-8s %-20s %-11s %5s  %s" % ["time", "guard", "target", "signal", "state", "conf", "reason"])
	await _tour()
	_summary()


func _build_level() -> void:
	var floor_body := _box(Vector3(0, -0.5, 0), Vector3(100, 1, 100))
	floor_body.name = "Floor"
	_box(Vector3(-6, 1.5, -12), Vector3(12, 3, 0.4)).name = "Wall"
	var guard_body := _capsule(Vector3.ZERO, "Guard")
	guard = ApsPerceptionComponent.new()
	guard.name = "Perception"
	guard.profile = ApsProfile.new()
	guard_body.add_child(guard)
	guard.position = Vector3(0, 1.6, 0)
	walker = _capsule(Vector3(6, 0, -14), "Walker")


func _tour() -> void:
	# 1. The walker stands in the open, in full view.
	await _seconds(2.0)
	# 2. It walks left behind the wall and stays there until forgotten.
	await _walk(Vector3(-3, 0, 0), 3.0)
	await _seconds(12.0)
	# 3. Behind the wall, it knocks a crate over: loud noises the guard hears through the wall.
	for i in 3:
		ApsWorld.emit_sound(walker.global_position, 1.0, 30.0, &"clatter", walker)
		await _seconds(0.5)
	await _seconds(4.0)


func _on_state_changed(target: Node3D, _old: int, new: int) -> void:
	var conf := guard.get_confidence(target)
	var reason: String = LOSS_NAMES[guard.get_loss_reason(target)] if new == ApsPerceptionComponent.STATE_LOST else ""
	_line("guard", _name(target), "target_state_changed", STATE_NAMES[new], conf, reason)
	if new == ApsPerceptionComponent.STATE_TRACKED:
		saw = true
	if new == ApsPerceptionComponent.STATE_SUSPECTED and lost_occluded:
		heard = true


func _on_lost(target: Node3D, reason: int, last_known: Vector3) -> void:
	if reason == ApsPerceptionComponent.LOSS_OCCLUDED:
		lost_occluded = true
	_line("guard", _name(target), "target_lost", "last seen (%.1f, %.1f)" % [last_known.x, last_known.z], -1.0, LOSS_NAMES[reason])


func _line(who: String, target: String, signal_name: String, state: String, conf: float, reason: String) -> void:
	var c := "%.2f" % conf if conf >= 0.0 else "-"
	print("%6.2fs  %-6s %-8s %-20s %-11s %5s  %s" % [ApsWorld.get_world_time(), who, target, signal_name, state, c, reason])


func _summary() -> void:
	print("summary: saw the walker: %s; lost it behind the wall (Occluded): %s; heard it later: %s" % [saw, lost_occluded, heard])
	var ok := saw and lost_occluded and heard
	print("demo: %s" % ("every step showed what it teaches" if ok else "FAILED: a step did not happen"))
	get_tree().quit(0 if ok else 1)


func _name(n: Node) -> String:
	return n.name if n != null else "<freed>"


func _seconds(s: float) -> void:
	for i in int(s * 60.0):
		await get_tree().physics_frame


func _walk(velocity: Vector3, duration: float) -> void:
	for i in int(duration * 60.0):
		walker.velocity = velocity
		walker.move_and_slide()
		await get_tree().physics_frame
	walker.velocity = Vector3.ZERO


func _box(center: Vector3, size: Vector3) -> StaticBody3D:
	var body := StaticBody3D.new()
	var shape := CollisionShape3D.new()
	shape.shape = BoxShape3D.new()
	shape.shape.size = size
	body.add_child(shape)
	add_child(body)
	body.global_position = center
	return body


func _capsule(feet: Vector3, body_name: String) -> CharacterBody3D:
	var body := CharacterBody3D.new()
	body.name = body_name
	var shape := CollisionShape3D.new()
	shape.shape = CapsuleShape3D.new()
	shape.shape.radius = 0.3
	shape.shape.height = 1.8
	shape.position = Vector3(0, 0.9, 0)
	body.add_child(shape)
	add_child(body)
	body.global_position = feet
	return body
