extends Node3D
## The soak run (`cargo xtask soak`): ten minutes of game time (36,000 physics frames) of a game
## that keeps changing: guards and runners spawned and freed (with free() and queue_free()),
## perception components reparented to other bodies, profiles swapped and edited, markers
## registered and freed, sounds, damage, touches, squads joined and left. Every 3,000 frames it
## samples the process's resident memory (VmRSS) and Godot's object, node and orphan counts.
##
## Target: after warm-up, RSS flat within 5%, no orphan nodes, no warning. The verdict is the
## last line; the exit code is 0 only if every target is met. Options: `--frames=N`.

const SAMPLE_EVERY := 3000
const WARMUP_SAMPLES := 2
const GUARDS := 30
const RUNNERS := 30

var frames_total := 36000
var rng := RandomNumberGenerator.new()
var guards: Array[ApsPerceptionComponent] = []
var runners: Array[CharacterBody3D] = []
var profiles: Array[ApsProfile] = []
var samples: Array[Dictionary] = []
var warnings: ApsWarningLog
var frame := 0


func _ready() -> void:
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--frames="):
			frames_total = int(arg.trim_prefix("--frames="))
	rng.seed = 1234
	warnings = ApsWarningLog.start()
	ApsWorldBuilder.floor(self)
	for i in 12:
		ApsWorldBuilder.wall(
			self,
			Vector3(rng.randf_range(-40, 40), 1.5, rng.randf_range(-40, 40)),
			Vector3(rng.randf_range(1, 6), 3, rng.randf_range(1, 6))
		)
	for kind in ["guard", "dog", "camera"]:
		var p := ApsProfile.new()
		if kind == "dog":
			p.smell_enabled = true
			p.smell_weight = 1.5
			p.vision_weight = 0.6
		elif kind == "camera":
			p.hearing_enabled = false
			p.vision_max_range = 30.0
		profiles.append(p)
	for i in GUARDS:
		_spawn_guard()
	for i in RUNNERS:
		_spawn_runner()
	print(
		(
			"soak: %d physics frames (%.0f s of game time), %d guards and %d runners kept alive while churning"
			% [frames_total, frames_total / 60.0, GUARDS, RUNNERS]
		)
	)
	print("  frame |   RSS MiB | objects |  nodes | orphans")


func _physics_process(_delta: float) -> void:
	frame += 1
	_churn()
	if frame % SAMPLE_EVERY == 0:
		_sample()
	if frame >= frames_total:
		_finish()


func _spawn_guard() -> void:
	var at := Vector3(rng.randf_range(-45, 45), 0, rng.randf_range(-45, 45))
	var facing := Vector3(rng.randf_range(-1, 1), 0, rng.randf_range(-1, 1))
	var g := ApsWorldBuilder.guard(
		self,
		at,
		facing if facing.length() > 0.1 else Vector3.FORWARD,
		profiles[rng.randi() % profiles.size()]
	)
	guards.append(g)


func _spawn_runner() -> void:
	var r := ApsWorldBuilder.body(
		self, Vector3(rng.randf_range(-45, 45), 0, rng.randf_range(-45, 45)), "Runner"
	)
	if rng.randf() < 0.3:
		var t := ApsTargetComponent.new()
		t.noise_multiplier = rng.randf_range(0.5, 1.5)
		r.add_child(t)
	runners.append(r)


## Frees `node` now or at the end of the frame.
func _free(node: Node) -> void:
	if rng.randf() < 0.5:
		node.free()
	else:
		node.queue_free()


func _churn() -> void:
	guards = guards.filter(func(g): return is_instance_valid(g) and not g.is_queued_for_deletion())
	runners = runners.filter(
		func(r): return is_instance_valid(r) and not r.is_queued_for_deletion()
	)
	# Runners wander.
	for r in runners:
		r.velocity = Vector3(rng.randf_range(-4, 4), -1, rng.randf_range(-4, 4))
		r.move_and_slide()
		if r.global_position.length() > 60:
			r.global_position = Vector3.ZERO
	# Now and then: someone leaves and someone comes.
	if frame % 7 == 0 and runners.size() > 0:
		_free(runners.pop_at(rng.randi() % runners.size()))
	if runners.size() < RUNNERS:
		_spawn_runner()
	if frame % 29 == 0 and guards.size() > 0:
		_free(guards.pop_at(rng.randi() % guards.size()).get_parent())
	if guards.size() < GUARDS:
		_spawn_guard()
	# A guard's eyes move to another body, which it must never believe in.
	if frame % 97 == 0 and guards.size() > 0 and runners.size() > 0:
		var g: ApsPerceptionComponent = guards[rng.randi() % guards.size()]
		var old_body := g.get_parent()
		g.reparent(runners[rng.randi() % runners.size()], false)
		runners.erase(g.get_parent())
		_free(old_body)
	# Profiles swapped and edited while playing.
	if frame % 53 == 0 and guards.size() > 0:
		guards[rng.randi() % guards.size()].profile = profiles[rng.randi() % profiles.size()]
	if frame % 211 == 0:
		profiles[0].vision_max_range = rng.randf_range(20, 45)
	# Things happen.
	if frame % 5 == 0 and runners.size() > 0:
		var r: CharacterBody3D = runners[rng.randi() % runners.size()]
		ApsWorld.emit_sound(r.global_position, 0.6, 20.0, &"footstep", r)
	if frame % 60 == 0:
		ApsWorld.emit_sound(
			Vector3(rng.randf_range(-40, 40), 0.5, rng.randf_range(-40, 40)),
			1.0,
			30.0,
			StringName("event%d" % (frame / 60)),
			null
		)
	if frame % 31 == 0 and guards.size() > 0 and runners.size() > 0:
		var g: ApsPerceptionComponent = guards[rng.randi() % guards.size()]
		var r: CharacterBody3D = runners[rng.randi() % runners.size()]
		if rng.randf() < 0.5:
			ApsWorld.report_damage(g.get_parent(), r, rng.randf_range(1, 30), r.global_position)
		else:
			ApsWorld.report_touch(g.get_parent(), r)
	if frame % 43 == 0 and guards.size() > 1:
		var g: ApsPerceptionComponent = guards[rng.randi() % guards.size()]
		if rng.randf() < 0.7:
			ApsWorld.join_squad(g, StringName("squad%d" % (rng.randi() % 4)), &"member")
		else:
			ApsWorld.leave_squad(g)
	# Markers registered, some before they enter the tree, and freed.
	if frame % 13 == 0:
		var m := Node3D.new()
		ApsWorld.register_perceivable(m)
		if rng.randf() < 0.5:
			add_child(m)
			m.global_position = Vector3(rng.randf_range(-40, 40), 1, rng.randf_range(-40, 40))
			m.queue_free()
		else:
			m.free()


## The process's resident memory in MiB, from /proc (Linux); -1 elsewhere. Godot reads a proc
## file as empty (it reports no size), so `cat` reads it.
func _rss_mib() -> float:
	var out := []
	OS.execute("cat", ["/proc/%d/status" % OS.get_process_id()], out)
	var status: String = out[0] if out.size() > 0 else ""
	for line in status.split("\n"):
		if line.begins_with("VmRSS:"):
			return float(line.split(":")[1].strip_edges().split(" ")[0]) / 1024.0
	return -1.0


func _sample() -> void:
	var s := {
		"frame": frame,
		"rss": _rss_mib(),
		"objects": int(Performance.get_monitor(Performance.OBJECT_COUNT)),
		"nodes": int(Performance.get_monitor(Performance.OBJECT_NODE_COUNT)),
		"orphans": int(Performance.get_monitor(Performance.OBJECT_ORPHAN_NODE_COUNT)),
	}
	samples.append(s)
	print(
		(
			"  %5d | %9.1f | %7d | %6d | %7d"
			% [s["frame"], s["rss"], s["objects"], s["nodes"], s["orphans"]]
		)
	)


func _finish() -> void:
	set_physics_process(false)
	warnings.stop()
	var steady := samples.slice(WARMUP_SAMPLES)
	var ok := true
	var lines: PackedStringArray = []
	if steady.size() >= 2:
		var first: float = steady[0]["rss"]
		var least := first
		var most := first
		for s in steady:
			least = minf(least, s["rss"])
			most = maxf(most, s["rss"])
		var spread := (most - least) / maxf(first, 1e-6)
		lines.append(
			(
				"RSS after warm-up %.1f..%.1f MiB (%.1f%% of %.1f)"
				% [least, most, spread * 100.0, first]
			)
		)
		ok = ok and spread <= 0.05
		var objects := (
			"objects %d..%d, nodes %d..%d"
			% [
				steady.map(func(s): return s["objects"]).min(),
				steady.map(func(s): return s["objects"]).max(),
				steady.map(func(s): return s["nodes"]).min(),
				steady.map(func(s): return s["nodes"]).max()
			]
		)
		lines.append(objects)
	var orphans: int = samples.map(func(s): return s["orphans"]).max() if samples.size() > 0 else 0
	lines.append("orphans at most %d" % orphans)
	lines.append(
		(
			"%d warning(s)%s"
			% [
				warnings.warnings.size(),
				"" if warnings.warnings.is_empty() else ": " + warnings.warnings[0]
			]
		)
	)
	ok = ok and orphans == 0 and warnings.warnings.is_empty()
	print("soak: %s: %s" % ["PASS" if ok else "FAIL", "; ".join(lines)])
	get_tree().quit(0 if ok else 1)
