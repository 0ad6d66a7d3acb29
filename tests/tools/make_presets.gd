extends SceneTree
## Writes the profile presets in `addons/aps/presets/`: for each, `<name>.tres` (an ApsProfile
## saved by Godot), `<name>.toml` (the same settings as `ApsProfile.save_toml` writes them, under
## a comment saying what the preset is for) and the folder's README listing them.
##
## The presets are declared once, in `presets()` below: a preset is the APS defaults plus the
## values it names. Run after changing one:
##
##     cargo xtask godot --headless --path . --script res://tests/tools/make_presets.gd
##
## `tests/suites/presets_test.gd` checks that the files hold what this declares.

const DIR := "res://addons/aps/presets"


## Every preset: its file name, its title (the resource name), the line saying what it is for,
## why its values are what they are, and the settings it changes from the defaults.
static func presets() -> Array[Dictionary]:
	return [
		{
			"file": "guard",
			"title": "Guard",
			"line":
			"A patrolling guard: the APS defaults, which the spec tunes for one, and blind to its own side.",
			"why":
			(
				"Sight (40 m) and hearing lead, smell is off, and prediction stays off so a slow patrol never seems psychic "
				+ "(spec section 7). Detect Friendlies is off, as in every hostile preset: AI are Teammates (every AI starts on "
				+ "team 1), so two guards made from one scene never raise signals about each other, and the player, on no team, "
				+ "is their enemy. Start every other profile from here."
			),
			"values":
			{
				"detect_friendlies": false,
			},
		},
		{
			"file": "guard_dog",
			"title": "Guard dog",
			"line":
			"A guard dog: its nose leads and its eyes follow (Smell on, Smell weight 1.5, Vision weight 0.6).",
			"why":
			"The spec's own example of sense weights (section 2). Smell keeps the spec's loss row: a scent lingers 20 s, so the dog follows a trail long after you left its sight.",
			"values":
			{
				"detect_friendlies": false,
				"smell_enabled": true,
				"smell_weight": 1.5,
				"vision_weight": 0.6,
			},
		},
		{
			"file": "security_camera",
			"title": "Security camera",
			"line": "A security camera: vision only, every other sense off.",
			"why":
			"It cannot hear a run behind it, feel a touch or be hurt into noticing; it sees, and loses you the moment a wall is between you (vision's direct cut).",
			"values":
			{
				"detect_friendlies": false,
				"hearing_enabled": false,
				"touch_enabled": false,
				"damage_enabled": false,
				"pain_enabled": false,
			},
		},
		{
			"file": "bat",
			"title": "Bat",
			"line":
			"A bat: blind, it finds you by echolocation alone, which darkness does not dim; a missed pulse cuts straight to Lost.",
			"why":
			"Vision off, echolocation on (20 m, a pulse every 0.5 s, blind to light) and every other sense off: the echo is what its ears are for, so footsteps never blur its sudden losses into a slow fade. Turn Damage on if it should notice being hit.",
			"values":
			{
				"detect_friendlies": false,
				"vision_enabled": false,
				"hearing_enabled": false,
				"touch_enabled": false,
				"damage_enabled": false,
				"pain_enabled": false,
				"echolocation_enabled": true,
			},
		},
		{
			"file": "sniper",
			"title": "Sniper",
			"line":
			"A sniper: sees far down a narrow cone and ranks targets by how sure it is, not how close (Sort Weight Confidence 0.8, Proximity 0.05).",
			"why":
			(
				"The spec raises the confidence weight for snipers (section 6); weights 0.8, 0.15, 0.05 keep the spec's total "
				+ "of 1. Vision reaches 120 m (at 60 m distance still leaves 0.75 of confidence); the main cone narrows to 20 "
				+ "degrees and the peripheral one to 50, a scope's view. A rival must score 0.3 better to take its aim."
			),
			"values":
			{
				"detect_friendlies": false,
				"sort_weight_confidence": 0.8,
				"sort_weight_recency": 0.15,
				"sort_weight_proximity": 0.05,
				"vision_max_range": 120.0,
				"vision_main_cone_half_angle": 20.0,
				"vision_peripheral_half_angle": 50.0,
				"attention_switch_threshold": 0.3,
			},
		},
		{
			"file": "melee_brute",
			"title": "Melee brute",
			"line":
			"A melee brute: goes for whoever is closest (Sort Weight Proximity 0.6, Confidence 0.3) and hardly knows fear.",
			"why":
			"The spec raises the proximity weight for melee enemies (section 6); weights 0.3, 0.1, 0.6 keep the total of 1. It looks no further than 25 m, turns to a nearer target after 1 s instead of 2, and its fear is capped at 0.2 (below the 0.6 panic needs).",
			"values":
			{
				"detect_friendlies": false,
				"sort_weight_confidence": 0.3,
				"sort_weight_recency": 0.1,
				"sort_weight_proximity": 0.6,
				"vision_max_range": 25.0,
				"attention_stickiness_time": 1.0,
				"fear_cap": 0.2,
			},
		},
		{
			"file": "robot",
			"title": "Robot",
			"line":
			"A robot: every emotion cap 0, so it feels nothing, and no pain dulls its sensors.",
			"why":
			"The spec's robot (section 9), made without code. Pain is off as well: a machine that feels nothing is not blinded by pain. It perceives as a guard does.",
			"values":
			{
				"detect_friendlies": false,
				"fear_cap": 0.0,
				"aggression_cap": 0.0,
				"curiosity_cap": 0.0,
				"alertness_cap": 0.0,
				"panic_cap": 0.0,
				"pain_enabled": false,
			},
		},
		{
			"file": "civilian",
			"title": "Civilian",
			"line":
			"A civilian: easily frightened; strangers are Feared, faint things make it curious, fear shows early.",
			"why":
			(
				"Fear is the threat of a Feared target (or pain), so Default Relationship Feared makes anyone of another team "
				+ "or no team frightening, and Threat Weight Relationship 0.2 (Feared counts 1.5) lets a stranger it tracks raise "
				+ "fear past 0.6. Fear and panic keep their full caps (1); aggression is capped at 0.1, it won't fight. Suspect "
				+ "Threshold 0.1 and Hearing Sensitivity 1.25 make it notice, and grow curious about, faint sights and sounds "
				+ "sooner; Emotion Active Threshold 0.2 lets that show. It perceives every side, its own too: being on team 1 "
				+ "with every AI, guards and other civilians are its Teammates and never frighten it, while a player on no team "
				+ "does."
			),
			"values":
			{
				"default_relationship": ApsPerceptionComponent.RELATIONSHIP_FEARED,
				"threat_weight_relationship": 0.2,
				"aggression_cap": 0.1,
				"suspect_threshold": 0.1,
				"hearing_sensitivity": 1.25,
				"emotion_active_threshold": 0.2,
			},
		},
	]


## The preset as a profile: the defaults plus its values, named by its title.
static func build(preset: Dictionary) -> ApsProfile:
	var p := ApsProfile.new()
	p.resource_name = preset["title"]
	var values: Dictionary = preset["values"]
	for key in values:
		p.set(key, values[key])
	return p


func _initialize() -> void:
	var failed := false
	var readme: PackedStringArray = [
		"# Profile presets",
		"",
		"Starting points for common kinds of AI. Each is an `ApsProfile` (`.tres`: assign it to",
		"`ApsPerceptionComponent.profile`; to tune one, Make Unique or save a copy first, as an edit",
		"to a preset changes every AI using it) and the same settings as TOML (`.toml`, what",
		"`ApsProfile.save_toml` writes; read it with `load_toml`). A preset is the APS defaults plus",
		"the values named here. In the APS repository, `tests/tools/make_presets.gd` writes these",
		"files from one declaration; change that and run it again.",
		"",
	]
	DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(DIR))
	for preset in presets():
		var p := build(preset)
		var issues := p.validate()
		if not issues.is_empty():
			push_error("preset %s does not validate: %s" % [preset["file"], "; ".join(issues)])
			failed = true
		var base := DIR.path_join(preset["file"])
		if ResourceSaver.save(p, base + ".tres") != OK:
			failed = true
		if p.save_toml(base + ".toml") != OK:
			failed = true
		var toml := FileAccess.get_file_as_string(base + ".toml")
		var file := FileAccess.open(base + ".toml", FileAccess.WRITE)
		file.store_string("# %s\n\n%s" % [preset["line"], toml])
		file.close()
		readme.append(
			(
				"- **%s** (`%s.tres`, `%s.toml`): %s %s"
				% [preset["title"], preset["file"], preset["file"], preset["line"], preset["why"]]
			)
		)
		var changed: PackedStringArray = []
		var values: Dictionary = preset["values"]
		for key in values:
			changed.append("`%s = %s`" % [key, _shown(p, key, values[key])])
		readme.append(
			"  Changes: %s." % (", ".join(changed) if not changed.is_empty() else "nothing")
		)
	var out := FileAccess.open(DIR.path_join("README.md"), FileAccess.WRITE)
	out.store_string("\n".join(readme) + "\n")
	out.close()
	print("make_presets: %s" % ("FAIL" if failed else "wrote %d presets" % presets().size()))
	quit(1 if failed else 0)


## A value as the README shows it: a choice by its name.
static func _shown(p: ApsProfile, key: String, value: Variant) -> String:
	for prop in p.get_property_list():
		if prop["name"] == key and prop["hint"] == PROPERTY_HINT_ENUM:
			var names: PackedStringArray = prop["hint_string"].split(",")
			if value is int and value >= 0 and value < names.size():
				return "%d (%s)" % [value, names[value].get_slice(":", 0)]
	return str(value)
