class_name DemoStone2D
extends Node2D
## A stone thrown on the top-down level: the 2D twin of DemoStone. Seen from above it arcs over
## walls (its shadow crosses the floor, the stone rises and falls), and where it lands it makes a
## noise with no instigator (ApsWorld.emit_sound_2d with null): a guard that hears it believes
## in a place ("something clattered over there"), not in the player.

signal landed(at: Vector2)

## As loud as the 3D stone, carrying as far (metres).
const LOUDNESS := 0.8
const NOISE_RANGE := 22.0
## Seconds it stays on the ground after landing, for the eye.
const LINGER := 4.0
const RADIUS := 7.0

var thrower: Node2D
var _from := Vector2.ZERO
var _to := Vector2.ZERO
var _flight := 1.0
var _t := 0.0
var _flying := false
## Seconds since it landed (the ring of its clatter grows and fades).
var _since_landed := -1.0


func _init() -> void:
	name = "Stone"
	z_index = 5


func launch(from: Vector2, to: Vector2, by: Node2D) -> void:
	thrower = by
	_from = from
	_to = to
	var ppm := float(ProjectSettings.get_setting("aps/2d/pixels_per_meter", 100.0))
	_flight = clampf(from.distance_to(to) / ppm / 12.0, 0.5, 1.3)
	_t = 0.0
	_flying = true
	global_position = from


func _physics_process(delta: float) -> void:
	if _since_landed >= 0.0:
		_since_landed += delta
		queue_redraw()
		return
	if not _flying:
		return
	_t = minf(_t + delta, _flight)
	global_position = _from.lerp(_to, _t / _flight)
	queue_redraw()
	if _t >= _flight:
		_land()


func _land() -> void:
	_flying = false
	_since_landed = 0.0
	global_position = _to
	ApsWorld.emit_sound_2d(
		_to,
		LOUDNESS,
		NOISE_RANGE * float(ProjectSettings.get_setting("aps/2d/pixels_per_meter", 100.0)),
		&"stone",
		null
	)
	landed.emit(_to)
	get_tree().create_timer(LINGER, false, true).timeout.connect(queue_free)


func _draw() -> void:
	var f := _t / _flight if _flying else 1.0
	# Height above the floor, drawn as an offset up the screen: the shadow stays on the floor.
	var height := 4.0 * f * (1.0 - f) * clampf(_from.distance_to(_to) * 0.25, 40.0, 160.0)
	draw_circle(Vector2.ZERO, RADIUS, Color(0, 0, 0, 0.35))
	draw_circle(Vector2(0, -height), RADIUS, Color(0.6, 0.56, 0.5))
	if _since_landed >= 0.0 and _since_landed < 1.2:
		# The clatter: a ring spreading from where it landed.
		var r := 10.0 + _since_landed * 90.0
		draw_arc(Vector2.ZERO, r, 0, TAU, 48, Color(1, 0.95, 0.6, 1.0 - _since_landed / 1.2), 2.0)
