@tool
extends RefCounted
## The rules ApsAwarenessIndicator (3D) and ApsAwarenessIndicator2D share, kept in one place so
## that the two show the same thing for the same belief: which component an indicator shows,
## which symbol an awareness level calls for, which target the meter measures, the meter's
## colour, and what the Scene dock warns about. Only how each draws is its own.
##
## Components are untyped here and recognised by class name (`is_class`), and their constants
## are read from the component found: this script, and so the indicators, parse even when the
## APS library did not load.

## What an indicator shows.
enum Shown { NONE, SUSPICIOUS, ALERTED }

## Frames between two searches for a component while none is found (a script may add it later).
const SEARCH_INTERVAL_FRAMES := 30
## Confidence below this shows no meter.
const METER_MIN := 0.005

## What each editor preview (the indicators' `Preview`: OFF, SUSPICIOUS, ALERTED) shows: the
## symbol, how full the meter is, and the indicator setting that colours it.
const PREVIEW_SHOWN := [Shown.NONE, Shown.SUSPICIOUS, Shown.ALERTED]
const PREVIEW_METER: Array[float] = [0.0, 0.5, 0.9]
const PREVIEW_METER_COLOR: Array[StringName] = [
	&"meter_suspected_color",
	&"meter_detected_color",
	&"meter_tracked_color",
]

# --- Finding ----------------------------------------------------------------------------------


## Whether `node` is a live `component_class` ("ApsPerceptionComponent" or its 2D twin).
static func is_component(node: Node, component_class: StringName) -> bool:
	return is_instance_valid(node) and node.is_class(component_class)


## The component `indicator` shows: the node at `path` if it is a `component_class`, or with an
## empty path the nearest one. Nearest first: the parent, what it holds, then each ancestor and
## what it holds, up to the guard's body (a `body_class`, the physics body of the indicator's
## dimension) or the root of the scene the indicator was saved in. Other bodies (other guards)
## are never searched. Null if there is none.
static func find_component(
	indicator: Node, path: NodePath, component_class: StringName, body_class: StringName
) -> Node:
	if not path.is_empty():
		var named := indicator.get_node_or_null(path)
		return named if is_component(named, component_class) else null
	var node := indicator.get_parent()
	while node != null:
		if is_component(node, component_class):
			return node
		var found := _find_below(node, indicator, component_class, body_class)
		if found != null:
			return found
		if (
			node.is_class(body_class)
			or node == indicator.owner
			or node.get_parent() == null
			or (indicator.is_inside_tree() and node == indicator.get_tree().current_scene)
		):
			return null
		node = node.get_parent()
	return null


static func _find_below(
	node: Node, indicator: Node, component_class: StringName, body_class: StringName
) -> Node:
	for child in node.get_children():
		if child == indicator:
			continue
		if is_component(child, component_class):
			return child
		if child.is_class(body_class):
			continue
		var found := _find_below(child, indicator, component_class, body_class)
		if found != null:
			return found
	return null


## The component's constants an indicator needs, read once from the component found (never
## hard-coded, so that they follow the library).
static func constants_of(c: Variant) -> Dictionary:
	return {
		suspicious = c.AWARENESS_SUSPICIOUS,
		alerted = c.AWARENESS_ALERTED,
		allies = [c.RELATIONSHIP_TEAMMATE, c.RELATIONSHIP_FRIENDLY],
		# The noticed states, each with the indicator setting that colours the meter in it: a
		# Lost or Remembered target is searched for, not seen.
		states =
		{
			c.STATE_SUSPECTED: &"meter_suspected_color",
			c.STATE_DETECTED: &"meter_detected_color",
			c.STATE_TRACKED: &"meter_tracked_color",
			c.STATE_LOST: &"meter_searching_color",
			c.STATE_REMEMBERED: &"meter_searching_color",
		},
	}


# --- Reading ----------------------------------------------------------------------------------


## What awareness `level` shows: the alerted symbol from Alerted (Fully Aware included), the
## suspicious one from Suspicious, else nothing (`constants`: from constants_of).
static func shown_for(level: int, constants: Dictionary) -> Shown:
	if level >= constants.alerted:
		return Shown.ALERTED
	if level >= constants.suspicious:
		return Shown.SUSPICIOUS
	return Shown.NONE


## The text standing for `shown`: "", `suspicious_text` or `alerted_text`.
static func symbol_of(shown: Shown, suspicious_text: String, alerted_text: String) -> String:
	match shown:
		Shown.SUSPICIOUS:
			return suspicious_text
		Shown.ALERTED:
			return alerted_text
	return ""


## The target a meter with no Meter Target measures: the AI's attention target, else the noticed
## target it is most confident in, never an ally (a teammate or a friend); null if none.
static func default_meter_target(c: Variant, constants: Dictionary) -> Node:
	var attention: Node = c.get_attention_target()
	if is_instance_valid(attention):
		return attention
	var best: Node = null
	var best_confidence := 0.0
	for t: Variant in c.get_known_targets():
		if not is_instance_valid(t) or not constants.states.has(c.get_belief_state(t)):
			continue
		if c.get_relationship(t) in constants.allies:
			continue
		var confidence: float = c.get_confidence(t)
		if confidence > best_confidence:
			best = t
			best_confidence = confidence
	return best


## The meter's colour for belief `state`: `indicator`'s setting for that state (the suspected
## colour for a state with none).
static func meter_color(indicator: Object, constants: Dictionary, state: int) -> Color:
	return indicator.get(constants.states.get(state, &"meter_suspected_color"))


# --- The editor -------------------------------------------------------------------------------


## What the Scene dock says about `indicator` (its `component`, `show_meter` and `meter_target`
## settings), which shows a `component_class` found below a `body_class`.
static func warnings(
	indicator: Node, component_class: String, body_class: StringName
) -> PackedStringArray:
	var out := PackedStringArray()
	if not ClassDB.class_exists(component_class):
		out.append(
			(
				(
					"The APS library is not loaded, so there is no %s to show. Enable the APS "
					+ "Perception plugin: it says why."
				)
				% component_class
			)
		)
		return out
	var path: NodePath = indicator.component
	if not path.is_empty():
		var node := indicator.get_node_or_null(path)
		if node == null:
			out.append('Component: there is no node at "%s".' % path)
		elif not is_component(node, component_class):
			out.append(
				'Component: "%s" is a %s, not an %s.' % [path, node.get_class(), component_class]
			)
	elif find_component(indicator, path, component_class, body_class) == null:
		(
			out
			. append(
				(
					(
						"No %s found: put this node under the guard that holds one (under its body, "
						+ "or under the component), or set Component. A component a script adds when the "
						+ "game starts is found then."
					)
					% component_class
				)
			)
		)
	var meter_target: NodePath = indicator.meter_target
	if not indicator.show_meter and not meter_target.is_empty():
		out.append("Meter Target is set but Show Meter is off: no meter is shown.")
	return out


## Moves the watch of `on_change` from `watched`'s children to `parent`'s (null: none) and
## returns `parent`: in the editor, the warnings change when the guard gains or loses its
## component.
static func watch_children(watched: Node, parent: Node, on_change: Callable) -> Node:
	if is_instance_valid(watched) and watched.child_order_changed.is_connected(on_change):
		watched.child_order_changed.disconnect(on_change)
	if parent != null and not parent.child_order_changed.is_connected(on_change):
		parent.child_order_changed.connect(on_change)
	return parent
