class_name DemoSquadGuard
extends DemoGuard
## A guard in a squad (ApsWorld.join_squad). What one member detects, its mates get too, a
## little weaker and a moment later, through the squad's own sense slot (SENSE_SQUAD): they
## believe in you without having seen you. Above its head: its belief, its threat level for
## you (how dangerous it judges you) and its dominant emotion.

@export var squad := &"red"
@export var role := &"guard"

## The senses that had the player when it first noticed them (SENSE_* values).
var first_senses := PackedInt32Array()
## The highest threat level it gave the player.
var peak_threat := 0
## Every dominant emotion it has had, in order.
var emotions: Array[String] = []


func _ready_guard() -> void:
	ApsWorld.join_squad(perception, squad, role)
	perception.threat_level_changed.connect(_on_threat)
	perception.emotion_changed.connect(_on_emotion)


func _on_belief(target: Node3D, old: int, new: int) -> void:
	if (
		new >= ApsPerceptionComponent.STATE_SUSPECTED
		and new <= ApsPerceptionComponent.STATE_TRACKED
	):
		if old == ApsPerceptionComponent.STATE_UNDETECTED:
			first_senses = perception.get_belief_data(target).get(
				"active_senses", PackedInt32Array()
			)
		if watching != target:
			var senses: PackedInt32Array = perception.get_belief_data(target).get(
				"active_senses", PackedInt32Array()
			)
			if Array(senses) == [ApsPerceptionComponent.SENSE_SQUAD]:
				begin(
					(
						"told by a mate: turns toward %s"
						% DemoTimeline.place(perception.get_last_known_position(target))
					)
				)
			else:
				begin("watches you")
			watching = target
	elif new == ApsPerceptionComponent.STATE_EXPIRED:
		return_home("stands down")


func _on_lost(_target: Node3D, _reason: int, _last_known: Vector3) -> void:
	begin("lost you: holds position, eyes on the spot")


func _on_threat(target: Node3D, _old: int, new: int) -> void:
	if not target is DemoPlayer:
		return
	peak_threat = maxi(peak_threat, new)
	DemoTimeline.signal_line(
		wing_tag,
		display_name,
		"Player",
		"threat_level_changed",
		DemoTimeline.threat_name(new),
		perception.get_threat_score(target),
		"threat score"
	)


func _on_emotion(_old: StringName, new: StringName) -> void:
	emotions.append(String(new))
	DemoTimeline.signal_line(
		wing_tag,
		display_name,
		"-",
		"emotion_changed",
		String(new) if not String(new).is_empty() else "(calm)",
		-1.0
	)


## Its name, belief, threat and emotion (what it is doing is on the timeline).
func _label_text() -> String:
	var target := _player()
	var text := display_name
	if target != null:
		text += "\n" + belief_text(target)
		text += (
			"\nthreat %s %.2f"
			% [
				DemoTimeline.threat_name(perception.get_threat_level(target)),
				perception.get_threat_score(target)
			]
		)
	var mood := String(perception.get_dominant_emotion())
	text += "\nfeels: %s" % (mood if not mood.is_empty() else "calm")
	return text
