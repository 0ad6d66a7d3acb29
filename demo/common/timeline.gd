class_name DemoTimeline
extends RefCounted
## The demo's printed timeline: one aligned line per thing that happened, so someone who has
## never seen APS can read what each AI perceived and what its script did about it.
##
## Three kinds of line share the same columns:
##   a signal an AI received    time  wing  guard   target  signal  state  conf  reason
##   what a guard's script did  time  wing  guard   > what it decided
##   what the player did        time  wing  player  what the bot (or person) did
## Every line also goes to whoever listens (the on-screen feed).

const STATE_NAMES: Array[String] = [
	"Undetected", "Suspected", "Detected", "Tracked", "Lost", "Remembered", "Expired"
]
const LOSS_NAMES: Array[String] = [
	"",
	"Occluded",
	"OutOfRange",
	"SoundFaded",
	"ScentLost",
	"SensorDropout",
	"TargetDestroyed",
	"Unknown"
]
const AWARENESS_NAMES: Array[String] = [
	"Unaware", "Peripheral", "Suspicious", "Alerted", "FullyAware"
]
const THREAT_NAMES: Array[String] = ["None", "Low", "Medium", "High", "Critical"]
const SENSE_NAMES := {
	0: "vision",
	1: "hearing",
	2: "smell",
	3: "touch",
	4: "vibration",
	5: "damage",
	6: "pain",
	7: "echolocation",
	15: "squad"
}

const HEADER := "   time  wing    guard      target  signal                state        conf  reason"
const RULE_WIDTH := 86

## Called with each printed line (the HUD's event feed listens here).
static var listener: Callable = Callable()
## Lines are printed only while this is true (the screenshot run stays quiet).
static var enabled := true
## Positions are written relative to this point: the origin of the wing being visited.
static var origin := Vector3.ZERO
## The wing being visited (its tag). Lines from other wings' guards are left out: a guard
## fading its memory of the player two wings back is not the news here.
static var current_wing := ""


static func state_name(state: int) -> String:
	return STATE_NAMES[state] if state >= 0 and state < STATE_NAMES.size() else str(state)


static func loss_name(reason: int) -> String:
	return LOSS_NAMES[reason] if reason >= 0 and reason < LOSS_NAMES.size() else str(reason)


static func awareness_name(level: int) -> String:
	return AWARENESS_NAMES[level] if level >= 0 and level < AWARENESS_NAMES.size() else str(level)


static func threat_name(level: int) -> String:
	return THREAT_NAMES[level] if level >= 0 and level < THREAT_NAMES.size() else str(level)


## The names of the senses in a `get_belief_data()["active_senses"]` array.
static func sense_names(senses: PackedInt32Array) -> String:
	var names: Array[String] = []
	for s in senses:
		names.append(SENSE_NAMES.get(s, "custom %d" % s))
	return "+".join(names) if not names.is_empty() else "none"


## A position as the timeline writes it: metres on the ground, x and z, in the wing's own
## coordinates (each wing stands at its own place along x).
static func place(p: Vector3) -> String:
	var local := p - origin
	return "(%.1f, %.1f)" % [local.x, local.z]


## A direction on the ground, x and z.
static func direction(v: Vector3) -> String:
	return "(%.2f, %.2f)" % [v.x, v.z]


## Seconds of game time, the same clock APS uses.
static func now() -> float:
	return ApsWorld.get_world_time()


## A wing's heading, then the column names.
static func heading(number: int, title: String, idea: String) -> void:
	var text := "-- %d. %s: %s " % [number, title, idea]
	_emit("")
	_emit(text + "-".repeat(maxi(4, RULE_WIDTH - text.length())))
	_emit(HEADER)


## A signal an AI received. `confidence` below 0 (none to tell) leaves its column empty.
static func signal_line(
	wing: String,
	guard: String,
	target: String,
	signal_name: String,
	state: String,
	confidence: float,
	reason: String = ""
) -> void:
	if not _here(wing):
		return
	var conf := "%.2f" % confidence if confidence >= 0.0 else ""
	_emit(
		(
			(
				"%7.2f  %-6s  %-9s  %-6s  %-20s  %-11s  %4s  %s"
				% [now(), wing, guard, target, signal_name, state, conf, reason]
			)
			. strip_edges(false, true)
		)
	)


## What a guard's script decided, in words.
static func action(wing: String, guard: String, text: String) -> void:
	if not _here(wing):
		return
	_emit("%7.2f  %-6s  %-9s  > %s" % [now(), wing, guard, text])


## What the player did.
static func player(wing: String, text: String) -> void:
	_emit("%7.2f  %-6s  %-9s  %s" % [now(), wing, "player", text])


## A measurement the wing took (a meter reading, a census), indented under the timeline.
static func note(wing: String, text: String) -> void:
	_emit("%7.2f  %-6s  %-9s  * %s" % [now(), wing, "", text])


## Any other line, as is.
static func say(text: String) -> void:
	_emit(text)


static func _here(wing: String) -> bool:
	return current_wing.is_empty() or wing == current_wing


static func _emit(text: String) -> void:
	if not enabled:
		return
	print(text)
	if listener.is_valid():
		listener.call(text)
