class_name DemoMeter
extends Control
## An on-screen meter of one guard's belief in the player: confidence as a bar and as a graph of
## the last ten seconds, what its senses report right now (the fused value, a white tick), its
## state and its awareness. It makes "rise, hold, decay" visible: the bar climbs while a sense
## reports more than it believes, stays put while a sense still reports anything, and only
## falls once every sense is silent.

const HISTORY := 100  # samples, one every 0.1 s
const THRESHOLDS := [0.15, 0.35, 0.60, 0.85]
const STATE_COLORS: Array[Color] = [
	Color(0.5, 0.5, 0.5),
	Color(0.95, 0.9, 0.3),
	Color(1.0, 0.6, 0.2),
	Color(1.0, 0.25, 0.2),
	Color(0.6, 0.6, 1.0),
	Color(0.55, 0.45, 0.9),
	Color(0.4, 0.4, 0.45)
]

var guard: DemoGuard
var target: Node3D
var _confidence: Array[float] = []
var _fused: Array[float] = []
var _tick := 0


func _init(g: DemoGuard, t: Node3D) -> void:
	guard = g
	target = t
	custom_minimum_size = Vector2(360, 150)


## The phase of "rise, hold, decay" the belief is in now.
func phase() -> String:
	var p := guard.perception
	var data := p.get_belief_data(target)
	if data.is_empty():
		return "nothing sensed"
	var fused: float = data["fused"]
	var confidence: float = data["confidence"]
	var active: PackedInt32Array = data["active_senses"]
	if active.is_empty():
		return "decaying: no sense has you" if confidence > 0.0 else "nothing sensed"
	if fused > confidence + 0.005:
		return "rising: senses report more"
	return "holding: a sense still has you"


func _physics_process(_delta: float) -> void:
	if guard == null or not is_instance_valid(guard) or target == null:
		return
	_tick += 1
	if _tick % 6 != 0:
		return
	var data := guard.perception.get_belief_data(target)
	_confidence.append(data.get("confidence", 0.0))
	_fused.append(data.get("fused", 0.0))
	if _confidence.size() > HISTORY:
		_confidence.pop_front()
		_fused.pop_front()
	queue_redraw()


func _draw() -> void:
	if guard == null or not is_instance_valid(guard):
		return
	var p := guard.perception
	var font := get_theme_default_font()
	var w := size.x
	draw_rect(Rect2(Vector2.ZERO, size), Color(0, 0, 0, 0.55))
	var state := p.get_belief_state(target)
	var confidence := p.get_confidence(target)
	var data := p.get_belief_data(target)
	var fused: float = data.get("fused", 0.0)
	var title := (
		"%s   %s %.2f   awareness: %s"
		% [
			guard.display_name,
			DemoTimeline.state_name(state),
			confidence,
			DemoTimeline.awareness_name(p.get_awareness_level())
		]
	)
	draw_string(font, Vector2(8, 18), title, HORIZONTAL_ALIGNMENT_LEFT, w - 16, 15)

	# The bar: confidence, with the thresholds it crosses and the fused value as a tick.
	var bar := Rect2(8, 26, w - 16, 16)
	draw_rect(bar, Color(0.15, 0.15, 0.15))
	draw_rect(
		Rect2(bar.position, Vector2(bar.size.x * confidence, bar.size.y)), STATE_COLORS[state]
	)
	for t: float in THRESHOLDS:
		var x := bar.position.x + bar.size.x * t
		draw_line(Vector2(x, bar.position.y - 2), Vector2(x, bar.end.y + 2), Color(1, 1, 1, 0.4))
	var fx := bar.position.x + bar.size.x * clampf(fused, 0.0, 1.0)
	draw_line(Vector2(fx, bar.position.y - 4), Vector2(fx, bar.end.y + 4), Color.WHITE, 2.0)

	# The graph: ten seconds of confidence (coloured) and of what the senses reported (grey).
	var graph := Rect2(8, 50, w - 16, size.y - 78)
	draw_rect(graph, Color(0.08, 0.08, 0.08))
	for t: float in THRESHOLDS:
		var y := graph.end.y - graph.size.y * t
		draw_line(Vector2(graph.position.x, y), Vector2(graph.end.x, y), Color(1, 1, 1, 0.12))
	_plot(graph, _fused, Color(0.7, 0.7, 0.7, 0.6), 1.0)
	_plot(graph, _confidence, STATE_COLORS[state].lightened(0.2), 2.0)
	draw_string(
		font,
		Vector2(8, size.y - 10),
		"sensed now %.2f  ->  %s" % [fused, phase()],
		HORIZONTAL_ALIGNMENT_LEFT,
		w - 16,
		14
	)


func _plot(area: Rect2, values: Array[float], color: Color, width: float) -> void:
	if values.size() < 2:
		return
	var points := PackedVector2Array()
	for i in values.size():
		var x := area.position.x + area.size.x * float(i) / float(HISTORY - 1)
		var y := area.end.y - area.size.y * clampf(values[i], 0.0, 1.0)
		points.append(Vector2(x, y))
	draw_polyline(points, color, width)
