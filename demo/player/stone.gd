class_name DemoStone
extends Node3D
## A thrown stone: it flies in an arc and makes a noise where it lands.
##
## The noise has no instigator (ApsWorld.emit_sound with null): a guard that hears it believes
## in a place ("something clattered over there"), not in the player, so the stone is a
## distraction. If it hits an AI's body, that AI is hurt by the thrower (ApsWorld.report_damage):
## being hit tells it who did it and from where, even if it never saw them.

signal landed(at: Vector3, hit: Node3D)

## How loud the clatter is at the source, and how far it carries.
const LOUDNESS := 0.8
const NOISE_RANGE := 22.0
## Damage a direct hit does (100 fills the threat's damage term; pain 0.01 per point).
const DAMAGE := 35.0
## Seconds the stone stays on the ground after landing, for the eye.
const LINGER := 4.0

var thrower: Node3D
var _from := Vector3.ZERO
var _to := Vector3.ZERO
var _flight := 1.0
var _t := 0.0
var _flying := false


func _init() -> void:
	name = "Stone"
	var mesh := MeshInstance3D.new()
	var sphere := SphereMesh.new()
	sphere.radius = 0.12
	sphere.height = 0.24
	mesh.mesh = sphere
	mesh.material_override = DemoLevel.material(Color(0.55, 0.5, 0.45))
	add_child(mesh)


func launch(from: Vector3, to: Vector3, by: Node3D) -> void:
	thrower = by
	_from = from
	_to = to
	_flight = clampf(from.distance_to(to) / 12.0, 0.5, 1.3)
	_t = 0.0
	_flying = true
	global_position = from


func _physics_process(delta: float) -> void:
	if not _flying:
		return
	var before := global_position
	_t = minf(_t + delta, _flight)
	var after := _arc(_t / _flight)
	# The flight is checked against the world one step at a time: walls and bodies stop it.
	var query := PhysicsRayQueryParameters3D.create(before, after)
	if thrower is CollisionObject3D:
		query.exclude = [(thrower as CollisionObject3D).get_rid()]
	var hit := get_world_3d().direct_space_state.intersect_ray(query)
	if not hit.is_empty():
		_land(hit["position"], hit["collider"] as Node3D)
		return
	global_position = after
	if _t >= _flight:
		_land(after, null)


func _arc(f: float) -> Vector3:
	var p := _from.lerp(_to, f)
	p.y += 4.0 * f * (1.0 - f) * clampf(_from.distance_to(_to) * 0.25, 1.0, 3.5)
	return p


func _land(at: Vector3, hit: Node3D) -> void:
	_flying = false
	global_position = at + Vector3(0, 0.12, 0)
	if hit != null and DemoLevel.perceiver_of(hit) != null and thrower != null:
		ApsWorld.report_damage(hit, thrower, DAMAGE, _from)
	# A little above where it lands, so the floor it lands on does not muffle its own clatter.
	ApsWorld.emit_sound(at + Vector3(0, 0.3, 0), LOUDNESS, NOISE_RANGE, &"stone", null)
	landed.emit(at, hit)
	get_tree().create_timer(LINGER, false, true).timeout.connect(queue_free)
