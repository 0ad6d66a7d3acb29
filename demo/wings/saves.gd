extends DemoWing
## Wing 7, Saved games: what an AI believes is game state like any other. The Warden tracks the
## player; the game is saved (ApsWorld.save_state from the level's root, as JSON); the Warden's
## post is freed, as quitting would, and built again from its scene, as loading the level does;
## ApsWorld.load_state gives the new Warden what the old one believed. It goes on from there
## without noticing the player all over again: no state signal fires for a restored belief, only
## beliefs_loaded, once, for its script to pick up from.
##
## In play, F5 and F9 (main.gd) save and load the whole level the same way.

## The part of the level a load builds again: the Warden and its hut.
const POST_SCENE := preload("res://demo/wings/saves_post.tscn")

var warden: DemoGuard

## What the Warden's perception said since its post was built: beliefs_loaded, and
## target_suspected or target_detected about the player (a restored belief says neither).
var _loaded := 0
var _noticed := 0
var _visiting := false


func _build() -> void:
	DemoLevel.signpost(
		self,
		"the Warden's post: freed and built\nagain from saves_post.tscn on a load",
		Vector3(0, 3.6, -3),
		40
	)
	_take_post($Post)


func enter() -> void:
	_visiting = true
	hud.add_meter(warden, player)


func leave() -> void:
	_visiting = false


func tour() -> void:
	var p := warden.perception
	bot.narrate("stands in plain view, 10 m in front of the Warden")
	await bot.until(
		func() -> bool: return p.get_belief_state(player) == ApsPerceptionComponent.STATE_TRACKED,
		5.0
	)
	var saved := p.get_belief_data(player)
	var state: int = saved.get("state", ApsPerceptionComponent.STATE_UNDETECTED)
	# The level's root, as a game saves it: every AI under it, and the world they perceive.
	var root := get_tree().current_scene
	var text := JSON.stringify(ApsWorld.save_state(root), "", false, true)
	bot.narrate(
		"saves the game: ApsWorld.save_state(the level's root) as JSON, %d bytes" % text.length()
	)
	DemoTimeline.note(
		tag,
		(
			'saved: the Warden believes %s; the save names the player by its persistent_id "%s"'
			% [_belief(saved), player.badge.persistent_id]
		)
	)
	check(
		(
			state == ApsPerceptionComponent.STATE_DETECTED
			or state == ApsPerceptionComponent.STATE_TRACKED
		),
		"saved while the Warden had the player (%s)" % _short(saved)
	)

	bot.narrate("quits: the Warden's post is freed, and all the Warden believed with it")
	var old := get_node("Post")
	remove_child(old)
	old.free()
	await bot.wait(1.0)
	(
		bot
		. narrate(
			"loads: the post is built again from its scene, then ApsWorld.load_state(the level's root, the parsed JSON)"
		)
	)
	var post := POST_SCENE.instantiate() as Node3D
	add_child(post)
	_take_post(post)
	var ok := ApsWorld.load_state(root, JSON.parse_string(text))
	# Read at once, in the same frame: no perception pass has run since the load.
	var restored := warden.perception.get_belief_data(player)
	DemoTimeline.note(
		tag,
		"just loaded, before any perception pass: the new Warden believes %s" % _belief(restored)
	)
	check(
		ok and _same(saved, restored),
		(
			"the Warden built again believed the same (%s) before perceiving anything"
			% _short(restored)
		)
	)

	await bot.wait(1.0)
	(
		DemoTimeline
		. note(
			tag,
			(
				"in the second after the load: beliefs_loaded %d time(s); target_suspected or target_detected %d time(s)"
				% [_loaded, _noticed]
			)
		)
	)
	check(
		_loaded == 1 and _noticed == 0,
		"it heard beliefs_loaded once and did not notice the player anew"
	)


## The photo: the Warden tracking the player, its meter full.
func photo() -> Dictionary:
	player.teleport(mark("Start"), Vector3.FORWARD)
	await get_tree().create_timer(2.5, true, true).timeout
	return {"eye": to_global(Vector3(7, 4, 17)), "look": to_global(Vector3(0, 1, 3))}


## The Warden of a post just built: written down as this wing's, its signals counted afresh.
func _take_post(post: Node) -> void:
	warden = post.get_node("Warden") as DemoGuard
	warden.wing_tag = tag
	_loaded = 0
	_noticed = 0
	var p := warden.perception
	p.beliefs_loaded.connect(func() -> void: _loaded += 1)
	p.target_suspected.connect(func(t: Node3D, _c: float) -> void: _count_notice(t))
	p.target_detected.connect(func(t: Node3D, _c: float) -> void: _count_notice(t))
	if _visiting:
		hud.clear_meters()
		hud.add_meter(warden, player)


func _count_notice(target: Node3D) -> void:
	if target is DemoPlayer:
		_noticed += 1


## A belief as the timeline writes it: state, confidence, where it last knew the player.
func _belief(data: Dictionary) -> String:
	if data.is_empty():
		return "nothing of the player"
	return (
		"%s %.2f, last known %s"
		% [
			DemoTimeline.state_name(data["state"]),
			data["confidence"],
			DemoTimeline.place(data["last_known_position"])
		]
	)


func _short(data: Dictionary) -> String:
	return (
		"%s %.2f" % [DemoTimeline.state_name(data["state"]), data["confidence"]]
		if not data.is_empty()
		else "nothing"
	)


## Whether two readings of a belief are the same belief: state, confidence and last known place.
func _same(a: Dictionary, b: Dictionary) -> bool:
	if a.is_empty() or b.is_empty():
		return false
	return (
		a["state"] == b["state"]
		and absf(float(a["confidence"]) - float(b["confidence"])) < 0.0001
		and (a["last_known_position"] as Vector3).distance_to(b["last_known_position"]) < 0.01
	)
