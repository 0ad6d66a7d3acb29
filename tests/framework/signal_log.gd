class_name ApsSignalLog
extends RefCounted
## Records every signal of a perception component (an ApsPerceptionComponent or an
## ApsPerceptionComponent2D: the same signals), in order, with the game time it fired at.

var entries: Array[Dictionary] = []
var _tree: SceneTree


func _init(component: Node) -> void:
	assert(component is ApsPerceptionComponent or component is ApsPerceptionComponent2D)
	_tree = component.get_tree()
	component.target_suspected.connect(func(t, c): _add("target_suspected", t, [c]))
	component.target_detected.connect(func(t, c): _add("target_detected", t, [c]))
	component.target_tracked.connect(func(t, c): _add("target_tracked", t, [c]))
	component.target_lost.connect(func(t, r, p): _add("target_lost", t, [r, p]))
	component.target_remembered.connect(func(t, c): _add("target_remembered", t, [c]))
	component.target_expired.connect(func(t): _add("target_expired", t, []))
	component.target_forgotten.connect(func(t): _add("target_forgotten", t, []))
	component.target_state_changed.connect(func(t, o, n): _add("target_state_changed", t, [o, n]))
	component.awareness_changed.connect(func(o, n): _add("awareness_changed", null, [o, n]))
	component.attention_changed.connect(func(o, n): _add("attention_changed", n, [o, n]))
	component.all_clear.connect(func(): _add("all_clear", null, []))
	component.beliefs_loaded.connect(func(): _add("beliefs_loaded", null, []))


func _add(signal_name: String, target: Variant, args: Array) -> void:
	(
		entries
		. append(
			{
				"time": ApsWorld.get_world_time(),
				"signal": signal_name,
				"target": target,
				"args": args,
			}
		)
	)


## The names of the signals that fired, in order, leaving out `target_state_changed`,
## `awareness_changed` and `attention_changed` unless `all` is true.
func names(all: bool = false) -> PackedStringArray:
	var out: PackedStringArray = []
	for e in entries:
		if (
			all
			or not e["signal"] in ["target_state_changed", "awareness_changed", "attention_changed"]
		):
			out.append(e["signal"])
	return out


## The first entry of `signal_name`, or an empty Dictionary.
func first(signal_name: String) -> Dictionary:
	for e in entries:
		if e["signal"] == signal_name:
			return e
	return {}


func count(signal_name: String) -> int:
	var n := 0
	for e in entries:
		if e["signal"] == signal_name:
			n += 1
	return n


func has(signal_name: String) -> bool:
	return not first(signal_name).is_empty()


## The new state of every `target_state_changed`, in order.
func states() -> Array:
	var out := []
	for e in entries:
		if e["signal"] == "target_state_changed":
			out.append(e["args"][1])
	return out
