class_name DemoMemoryGuard
extends DemoGuard
## A guard that searches where APS thinks you are, widening the search the longer you stay
## hidden.
##
## When it loses you it heads for get_predicted_position: with the profile's Enable Prediction
## off that is simply where it last knew you to be; with it on, where your last run would have
## taken you. Then, while it still remembers you (Lost, then Remembered), it patrols random
## points within get_uncertainty_radius of that spot, found on the navigation mesh. The radius
## grows while no sense has you, so each point may lie further out. The same script serves the
## patrol guard and the pursuer: only their profiles differ.

## Seed of its random search points, so the tour is the same every run.
@export var search_seed := 7
## Run to the first spot (a pursuer) rather than walk (a patrol guard).
@export var hurry := false

## Each search point it chose: `time`, `center`, `radius` (the uncertainty radius then),
## `point`.
var picks: Array[Dictionary] = []
## Where it went first after losing you: `last_known`, `predicted`, `direction`.
var first_goal := {}

var _rng := RandomNumberGenerator.new()
## A ring on the floor: where it searches, as wide as the uncertainty radius.
var _ring: MeshInstance3D
var _target: Node3D


func _ready_guard() -> void:
	_rng.seed = search_seed
	_ring = MeshInstance3D.new()
	var torus := TorusMesh.new()
	torus.inner_radius = 0.96
	torus.outer_radius = 1.0
	torus.rings = 48
	_ring.mesh = torus
	_ring.material_override = DemoLevel.material(Color(1.0, 0.6, 0.2, 0.8), true)
	_ring.top_level = true
	_ring.visible = false
	add_child(_ring)


func _physics_process(delta: float) -> void:
	super(delta)
	var state := (
		perception.get_belief_state(_target)
		if _target != null and is_instance_valid(_target)
		else ApsPerceptionComponent.STATE_UNDETECTED
	)
	_ring.visible = (
		state == ApsPerceptionComponent.STATE_LOST
		or state == ApsPerceptionComponent.STATE_REMEMBERED
	)
	if _ring.visible:
		var radius := maxf(perception.get_uncertainty_radius(_target), 0.3)
		_ring.global_position = (
			perception.get_predicted_position(_target) * Vector3(1, 0, 1) + Vector3(0, 0.05, 0)
		)
		_ring.scale = Vector3(radius, 1.0, radius)


func _on_belief(target: Node3D, _old: int, new: int) -> void:
	match new:
		ApsPerceptionComponent.STATE_SUSPECTED, ApsPerceptionComponent.STATE_DETECTED, ApsPerceptionComponent.STATE_TRACKED:
			if watching != target:
				begin("keeps its eyes on you")
			watching = target
		ApsPerceptionComponent.STATE_EXPIRED:
			return_home("has forgotten you; goes back to its post")


func _on_lost(target: Node3D, _reason: int, last_known: Vector3) -> void:
	_target = target
	var predicted := perception.get_predicted_position(target)
	first_goal = {
		"last_known": last_known,
		"predicted": predicted,
		"direction": perception.get_loss_direction(target)
	}
	var where := (
		"where it last saw you"
		if predicted.distance_to(last_known) < 0.1
		else "where you would be by now, %.1f m on" % predicted.distance_to(last_known)
	)
	var plan := begin(
		"%s to %s %s" % ["runs" if hurry else "walks", where, DemoTimeline.place(predicted)]
	)
	if not await go_to(predicted, hurry):
		return
	while still(plan):
		var state := perception.get_belief_state(target)
		if (
			state != ApsPerceptionComponent.STATE_LOST
			and state != ApsPerceptionComponent.STATE_REMEMBERED
		):
			return
		var center := perception.get_predicted_position(target)
		var radius := perception.get_uncertainty_radius(target)
		var point := _search_point(center, radius)
		picks.append(
			{"time": DemoTimeline.now(), "center": center, "radius": radius, "point": point}
		)
		DemoTimeline.action(
			wing_tag,
			display_name,
			(
				"search radius %.1f m: patrols to %s, %.1f m from that spot"
				% [radius, DemoTimeline.place(point), point.distance_to(center)]
			)
		)
		doing = "searching within %.1f m" % radius
		if not await go_to(point):
			if not still(plan):
				return
		if not await look_around(1.5, 60.0):
			return


## A random point of the navigation mesh within `radius` of `center`, reachable by a short
## walk (a point behind a wall, far round by path, is not "near" for a searcher). Without a
## navigation mesh here, any random point in the circle.
func _search_point(center: Vector3, radius: float) -> Vector3:
	var map := get_world_3d().navigation_map
	var has_mesh := (
		NavigationServer3D.map_get_iteration_id(map) > 0
		and NavigationServer3D.map_get_closest_point(map, center).distance_to(center) < 2.0
	)
	for _attempt in 16:
		var angle := _rng.randf() * TAU
		var candidate := center + Vector3(cos(angle), 0, sin(angle)) * radius * sqrt(_rng.randf())
		if not has_mesh:
			return candidate
		var on_mesh := NavigationServer3D.map_get_closest_point(map, candidate)
		on_mesh.y = candidate.y
		if on_mesh.distance_to(candidate) > 0.8:
			continue
		var path := NavigationServer3D.map_get_path(map, global_position, on_mesh, true)
		var length := 0.0
		for i in range(1, path.size()):
			length += path[i - 1].distance_to(path[i])
		if path.size() >= 2 and length <= global_position.distance_to(on_mesh) * 1.6 + 3.0:
			return on_mesh
	return center
