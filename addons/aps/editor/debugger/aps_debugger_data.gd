@tool
extends RefCounted
## The debugger tab's data: the messages a running game sends (`aps:perceivers`,
## `aps:perceiver`) read into plain Dictionaries with every field present and of its type, and
## the texts the tab shows for them. Plain static functions, apart from the tab's controls, so
## tests check them without an editor or a game.
##
## Whatever arrives, nothing here errors: a missing field or one of the wrong type takes its
## default, a message that is not what it should be gives an empty list or an empty perceiver.

## The awareness levels, by their value in `ApsPerceptionComponent` (AWARENESS_UNAWARE = 0 ...).
const AWARENESS_NAMES: PackedStringArray = [
	"Unaware",
	"Peripheral",
	"Suspicious",
	"Alerted",
	"Fully Aware",
]

## The belief table's columns, in the order of `belief_columns()`.
const BELIEF_COLUMNS: PackedStringArray = [
	"Target",
	"State",
	"Confidence",
	"Senses",
	"Threat",
	"Loss reason",
	"Uncertainty",
	"Since sensed",
	"Why",
]

## A time since sensed this long (the game sends 1e9 s) means never.
const NEVER_SENSED := 1.0e8

## The game keeps the last 32 state changes of a perceiver; more would be a malformed message.
const TIMELINE_LIMIT := 32


## The list of live perceivers in an `aps:perceivers` message's data (`[list]`): one Dictionary
## per perceiver, in the game's order, each as `perceiver_entry()` reads it.
static func parse_perceivers(data: Variant) -> Array:
	var out := []
	var list: Variant = _first(data)
	if not list is Array:
		return out
	for raw: Variant in list:
		if raw is Dictionary:
			out.append(perceiver_entry(raw))
	return out


## One entry of the perceiver list: `id`, `name`, `path`, `awareness` (0 to 4), `beliefs`
## (how many it holds) and `drawing` (its debug draw is on in the game).
static func perceiver_entry(raw: Variant) -> Dictionary:
	var d: Dictionary = raw if raw is Dictionary else {}
	return {
		"id": _int(d, "id", 0),
		"name": _text(d, "name"),
		"path": _text(d, "path"),
		"awareness": _awareness(d),
		"beliefs": maxi(_int(d, "beliefs", 0), 0),
		"drawing": _flag(d, "drawing"),
	}


## The picked perceiver in an `aps:perceiver` message's data (`[snapshot]`). Always has every
## field: `id`, `name`, `path`, `time`, `awareness`, `awareness_name`, `attention`, `emotions`
## (String to float), `dominant_emotion`, `drawing`, `beliefs` (each as `belief()` reads it)
## and `timeline` (each as `timeline_entry()` reads it, oldest first).
static func parse_perceiver(data: Variant) -> Dictionary:
	var raw: Variant = _first(data)
	var d: Dictionary = raw if raw is Dictionary else {}
	var awareness := _awareness(d)
	var named := _text(d, "awareness_name")
	var emotions := {}
	var raw_emotions: Variant = d.get("emotions")
	if raw_emotions is Dictionary:
		for key: Variant in raw_emotions:
			var value: Variant = raw_emotions[key]
			if (key is String or key is StringName) and _is_number(value):
				emotions[String(key)] = float(value)
	var beliefs := []
	for b: Variant in _list(d, "beliefs"):
		if b is Dictionary:
			beliefs.append(belief(b))
	var timeline := []
	for e: Variant in _list(d, "timeline"):
		if e is Dictionary:
			timeline.append(timeline_entry(e))
	if timeline.size() > TIMELINE_LIMIT:
		timeline = timeline.slice(timeline.size() - TIMELINE_LIMIT)
	return {
		"id": _int(d, "id", 0),
		"name": _text(d, "name"),
		"path": _text(d, "path"),
		"time": _number(d, "time", 0.0),
		"awareness": awareness,
		"awareness_name": named if named != "" else awareness_name(awareness),
		"attention": _text(d, "attention"),
		"emotions": emotions,
		"dominant_emotion": _text(d, "dominant_emotion"),
		"drawing": _flag(d, "drawing"),
		"beliefs": beliefs,
		"timeline": timeline,
	}


## One row of the belief table as data: `target`, `target_id`, `state`, `confidence`,
## `senses` (the active ones, e.g. "vision, hearing"), `threat`, `loss_reason`, `uncertainty`
## (metres), `since_sensed` (seconds) and `why`. A negative threat, uncertainty or time since
## sensed means "not known" (a recording holds no threat) and shows as an empty cell.
static func belief(raw: Variant) -> Dictionary:
	var d: Dictionary = raw if raw is Dictionary else {}
	return {
		"target": _text(d, "target"),
		"target_id": _int(d, "target_id", 0),
		"state": _text(d, "state"),
		"confidence": _number(d, "confidence", 0.0),
		"senses": _text(d, "senses"),
		"threat": _number(d, "threat", -1.0),
		# "None" is how a recording writes no loss; the live game sends "".
		"loss_reason": "" if _text(d, "loss_reason") == "None" else _text(d, "loss_reason"),
		"uncertainty": _number(d, "uncertainty", -1.0),
		"since_sensed": _number(d, "since_sensed", -1.0),
		"why": _text(d, "why"),
	}


## One state change of the timeline: `time` (seconds of perception time), `target`, `old`, `new`.
static func timeline_entry(raw: Variant) -> Dictionary:
	var d: Dictionary = raw if raw is Dictionary else {}
	return {
		"time": _number(d, "time", 0.0),
		"target": _text(d, "target"),
		"old": _text(d, "old"),
		"new": _text(d, "new"),
	}


## The texts of a belief's row, one per `BELIEF_COLUMNS` entry: confidence "0.62", threat
## "0.40", uncertainty "1.4 m", time since sensed "0.3 s" ("never" for a belief no sense ever
## fed, which the game sends as a huge time); unknown values are empty.
static func belief_columns(b: Variant) -> PackedStringArray:
	var row := belief(b)
	var target: String = row["target"]
	if target == "" and row["target_id"] != 0:
		target = "#%d" % row["target_id"]
	return PackedStringArray(
		[
			target,
			row["state"],
			"%.2f" % row["confidence"],
			row["senses"],
			"" if row["threat"] < 0.0 else "%.2f" % row["threat"],
			row["loss_reason"],
			"" if row["uncertainty"] < 0.0 else "%.1f m" % row["uncertainty"],
			_since_text(row["since_sensed"]),
			row["why"],
		]
	)


static func _since_text(seconds: float) -> String:
	if seconds < 0.0:
		return ""
	return "never" if seconds >= NEVER_SENSED else "%.1f s" % seconds


## A timeline line: "12.30 s  Player: Suspected -> Detected".
static func timeline_row(entry: Variant) -> String:
	var e := timeline_entry(entry)
	return (
		"%.2f s  %s: %s -> %s"
		% [
			e["time"],
			e["target"] if e["target"] != "" else "?",
			e["old"] if e["old"] != "" else "?",
			e["new"] if e["new"] != "" else "?"
		]
	)


## What a perceiver is called in the tab: its body's name and its own, "Guard/Perception",
## read from its path (a component is usually named the same in every AI, "Perception"; its
## body says which AI it is); its name alone when it has no parent but the root; "#id"
## without a name or a path.
static func perceiver_label(entry: Variant) -> String:
	var p := perceiver_entry(entry)
	var parts := String(p["path"]).split("/", false)
	var own: String = p["name"] if p["name"] != "" else (parts[-1] if not parts.is_empty() else "")
	if own == "":
		return "#%d" % p["id"]
	# /root/<scene>/.../<body>/<component>: the body is the part before the component.
	return "%s/%s" % [parts[-2], own] if parts.size() >= 3 else own


## A line of the perceiver list: "Guard/Perception  (Alerted, 2 beliefs, drawn)".
static func perceiver_row(entry: Variant) -> String:
	var p := perceiver_entry(entry)
	var facts := [
		awareness_name(p["awareness"]),
		"1 belief" if p["beliefs"] == 1 else "%d beliefs" % p["beliefs"]
	]
	if p["drawing"]:
		facts.append("drawn")
	return "%s  (%s)" % [perceiver_label(p), ", ".join(facts)]


## The perceivers of `list` whose name (as `perceiver_label()` gives it, with its body's)
## contains `text`, ignoring case; all of them for "".
static func filter_perceivers(list: Variant, text: Variant) -> Array:
	var out := []
	if not list is Array:
		return out
	var needle := (
		String(text).strip_edges().to_lower() if (text is String or text is StringName) else ""
	)
	for raw: Variant in list:
		if not raw is Dictionary:
			continue
		var p := perceiver_entry(raw)
		if needle == "" or perceiver_label(p).to_lower().contains(needle):
			out.append(p)
	return out


## The name of an awareness level (0 Unaware to 4 Fully Aware).
static func awareness_name(level: int) -> String:
	return AWARENESS_NAMES[level] if level >= 0 and level < AWARENESS_NAMES.size() else "Unaware"


## The emotions of a parsed perceiver that are felt at all, strongest first, the dominant one
## marked: "fear 0.60 (dominant), anger 0.10"; "none" without any.
static func emotions_text(perceiver: Variant) -> String:
	var p: Dictionary = perceiver if perceiver is Dictionary else {}
	var emotions: Dictionary = p.get("emotions") if p.get("emotions") is Dictionary else {}
	var dominant: String = p.get("dominant_emotion") if p.get("dominant_emotion") is String else ""
	var names := emotions.keys()
	names.sort_custom(
		func(a: Variant, b: Variant) -> bool:
			return emotions[a] > emotions[b] or (emotions[a] == emotions[b] and str(a) < str(b))
	)
	var parts := PackedStringArray()
	for n: Variant in names:
		if emotions[n] < 0.005 and n != dominant:
			continue
		parts.append("%s %.2f%s" % [n, float(emotions[n]), " (dominant)" if n == dominant else ""])
	if parts.is_empty():
		return dominant if dominant != "" else "none"
	return ", ".join(parts)


## The beliefs of one tick of an `ApsRecording` (`get_tick(i)`), as the rows `belief()` reads:
## the senses are those with a reading above 0, strongest first; "why" gives the fused value,
## each reading, and the last known and predicted positions. A recording holds no threat and
## no time since sensed: those cells stay empty.
static func recording_tick_beliefs(tick: Variant) -> Array:
	var out := []
	var d: Dictionary = tick if tick is Dictionary else {}
	for raw: Variant in _list(d, "beliefs"):
		if not raw is Dictionary:
			continue
		var readings := {}
		var raw_readings: Variant = raw.get("readings")
		if raw_readings is Dictionary:
			for key: Variant in raw_readings:
				if (key is String or key is StringName) and _is_number(raw_readings[key]):
					readings[String(key)] = float(raw_readings[key])
		var senses := readings.keys().filter(func(s: String) -> bool: return readings[s] > 0.0)
		senses.sort_custom(
			func(a: String, b: String) -> bool:
				return readings[a] > readings[b] or (readings[a] == readings[b] and a < b)
		)
		var why := PackedStringArray(["fused %.2f" % _number(raw, "fused", 0.0)])
		for s: String in senses:
			why.append("%s %.2f" % [s, readings[s]])
		for key: String in ["last_known_position", "predicted_position"]:
			var at: Variant = raw.get(key)
			if at is Vector3:
				why.append(
					(
						"%s (%.1f, %.1f, %.1f)"
						% [key.replace("_position", "").replace("_", " "), at.x, at.y, at.z]
					)
				)
		(
			out
			. append(
				belief(
					{
						"target": _text(raw, "target"),
						"state": _text(raw, "state"),
						"confidence": _number(raw, "confidence", 0.0),
						"senses": ", ".join(PackedStringArray(senses)),
						"loss_reason": _text(raw, "loss_reason"),
						"uncertainty": _number(raw, "uncertainty", -1.0),
						"why": "; ".join(why),
					}
				)
			)
		)
	return out


## A tick's heading: "3.40 s  Guard".
static func recording_tick_title(tick: Variant) -> String:
	var d: Dictionary = tick if tick is Dictionary else {}
	return "%.2f s  %s" % [tick_time(d), _text(d, "perceiver")]


## A recording tick's time, in seconds of perception time (0 if it has none).
static func tick_time(tick: Variant) -> float:
	return _number(tick if tick is Dictionary else {}, "time", 0.0)


## The state changes a recording's `ticks` show, oldest first, as `timeline_entry()` reads
## them: a target whose state differs from the tick before, or that appears after the first
## tick (from Undetected). The first tick itself changes nothing: what came before it is not
## in the recording.
static func recording_state_changes(ticks: Variant) -> Array:
	var out := []
	if not ticks is Array:
		return out
	var last := {}
	var first := true
	for tick: Variant in ticks:
		var now := {}
		for b: Variant in _list(tick if tick is Dictionary else {}, "beliefs"):
			if b is Dictionary:
				now[_text(b, "target")] = _text(b, "state")
		for target: String in now:
			var old: String = last.get(target, "" if first else "Undetected")
			if old != "" and old != now[target]:
				out.append(
					{"time": tick_time(tick), "target": target, "old": old, "new": now[target]}
				)
		last = now
		first = false
	return out


# A message's data is an Array holding one value; anything else holds nothing.
static func _first(data: Variant) -> Variant:
	return data[0] if data is Array and not data.is_empty() else null


static func _is_number(v: Variant) -> bool:
	return (v is float and is_finite(v)) or v is int


static func _int(d: Dictionary, key: String, default: int) -> int:
	var v: Variant = d.get(key)
	if v is int:
		return v
	if v is float and is_finite(v) and absf(v) < 9.0e18:
		return int(v)
	return default


static func _number(d: Dictionary, key: String, default: float) -> float:
	var v: Variant = d.get(key)
	return float(v) if _is_number(v) else default


static func _text(d: Dictionary, key: String) -> String:
	var v: Variant = d.get(key)
	return String(v) if v is String or v is StringName or v is NodePath else ""


static func _flag(d: Dictionary, key: String) -> bool:
	var v: Variant = d.get(key)
	return v if v is bool else false


static func _list(d: Dictionary, key: String) -> Array:
	var v: Variant = d.get(key)
	return v if v is Array else []


static func _awareness(d: Dictionary) -> int:
	var level := _int(d, "awareness", 0)
	return level if level >= 0 and level < AWARENESS_NAMES.size() else 0
