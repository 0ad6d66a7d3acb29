extends ApsTestSuite
## The configuration warnings (the Scene dock's triangle) of ApsPerceptionComponent and
## ApsTargetComponent: each mistake the issue names appears as a warning, and clears once
## fixed. Read through get_setup_warnings(), which is what the Scene dock shows.

const World := preload("res://tests/framework/world_builder.gd")


## The warnings of `node` that contain `part`.
func _with(node: Node, part: String) -> Array:
	return Array(node.get_setup_warnings()).filter(func(w: String) -> bool: return w.contains(part))


func test_a_guard_set_up_right_has_no_warning() -> void:
	var eye := World.guard(self, Vector3.ZERO, Vector3.FORWARD)
	expect_eq(
		eye.get_setup_warnings(), PackedStringArray(), "a guard under its body, with a profile"
	)


func test_no_profile_warns_until_one_is_set() -> void:
	var eye := World.guard(self, Vector3.ZERO, Vector3.FORWARD)
	eye.profile = null
	expect_eq(_with(eye, "No profile").size(), 1, "no profile")
	# Asked the way Godot asks any node, the answer is the same.
	expect_eq(
		eye._get_configuration_warnings(), eye.get_setup_warnings(), "_get_configuration_warnings"
	)
	eye.profile = ApsProfile.new()
	expect_eq(_with(eye, "No profile").size(), 0, "a profile set")


func test_not_under_a_physics_body_warns_until_moved_under_one() -> void:
	var eye := ApsPerceptionComponent.new()
	eye.profile = ApsProfile.new()
	var holder := Node3D.new()
	add_child(holder)
	holder.add_child(eye)
	expect_eq(_with(eye, "Not under a physics body").size(), 1, "under a plain Node3D")
	var body := World.body(self, Vector3(5, 0, 0))
	eye.reparent(body)
	expect_eq(_with(eye, "Not under a physics body").size(), 0, "under a CharacterBody3D")


func test_a_profile_with_every_sense_off_perceives_nothing() -> void:
	var eye := World.guard(self, Vector3.ZERO, Vector3.FORWARD, World.only([]))
	expect_eq(_with(eye, "every sense is off").size(), 1, "every sense off")
	eye.profile.hearing_enabled = true
	expect_eq(_with(eye, "perceives nothing").size(), 0, "hearing on")


func test_vision_alone_with_range_zero_perceives_nothing() -> void:
	var p := World.only(["vision"])
	p.vision_max_range = 0.0
	var eye := World.guard(self, Vector3.ZERO, Vector3.FORWARD, p)
	expect_eq(_with(eye, "reach 0 m").size(), 1, "vision alone, 0 m")
	p.vision_max_range = 40.0
	expect_eq(_with(eye, "perceives nothing").size(), 0, "vision 40 m")


func test_a_custom_sense_is_something_to_perceive_with() -> void:
	var p := World.only([])
	p.custom_senses = [ApsSense.new()]
	var eye := World.guard(self, Vector3.ZERO, Vector3.FORWARD, p)
	expect_eq(_with(eye, "perceives nothing").size(), 0, "a custom sense, every built-in off")


func test_thresholds_out_of_order_warn_pair_by_pair() -> void:
	var p := ApsProfile.new()
	var eye := World.guard(self, Vector3.ZERO, Vector3.FORWARD, p)
	# The issue's example: Suspect 0.5 above Detect 0.35.
	p.suspect_threshold = 0.5
	var found := _with(eye, "Thresholds out of order")
	expect_eq(found.size(), 1, "Suspect >= Detect")
	expect(
		(
			found.size() == 1
			and found[0].contains("Suspect Threshold (0.5)")
			and found[0].contains("Detect Threshold (0.35)")
		),
		"names both: %s" % [found]
	)
	p.suspect_threshold = 0.15
	p.detect_threshold = 0.6  # equal to Track: not below it
	expect_eq(
		_with(eye, "Detect Threshold (0.6) is not below Track Threshold (0.6)").size(),
		1,
		"Detect >= Track"
	)
	p.detect_threshold = 0.35
	p.track_threshold = 0.9
	expect_eq(
		_with(eye, "Track Threshold (0.9) is not below Full Aware Threshold (0.85)").size(),
		1,
		"Track >= Full Aware"
	)
	p.track_threshold = 0.6
	expect_eq(_with(eye, "Thresholds out of order").size(), 0, "back in order")


func test_an_empty_custom_senses_slot_warns_until_filled() -> void:
	var p := ApsProfile.new()
	p.custom_senses = [null]
	var eye := World.guard(self, Vector3.ZERO, Vector3.FORWARD, p)
	expect_eq(_with(eye, "Custom Senses slot 0 is empty").size(), 1, "an empty slot")
	p.custom_senses = [ApsSense.new()]
	expect_eq(_with(eye, "is empty").size(), 0, "filled")


func test_a_target_under_a_node_without_collision_shape_warns_until_given_one() -> void:
	var prop := Node3D.new()
	add_child(prop)
	var target := ApsTargetComponent.new()
	prop.add_child(target)
	expect_eq(_with(target, "no CollisionShape3D").size(), 1, "a bare Node3D")
	# Sample points set by hand give vision somewhere to look.
	target.sample_points = PackedVector3Array([Vector3.UP])
	expect_eq(_with(target, "no CollisionShape3D").size(), 0, "sample points set")
	target.sample_points = PackedVector3Array()
	var shape := CollisionShape3D.new()
	prop.add_child(shape)
	expect_eq(_with(target, "no CollisionShape3D").size(), 1, "a collision shape with no shape")
	shape.shape = BoxShape3D.new()
	expect_eq(target.get_setup_warnings(), PackedStringArray(), "a collision shape with a box")


func test_a_target_under_a_body_has_no_warning() -> void:
	var body := World.body(self, Vector3.ZERO)
	var target := ApsTargetComponent.new()
	body.add_child(target)
	expect_eq(target.get_setup_warnings(), PackedStringArray(), "a capsule body")


func test_a_target_under_a_plain_node_warns() -> void:
	var holder := Node.new()
	add_child(holder)
	var target := ApsTargetComponent.new()
	target.auto_register = false
	holder.add_child(target)
	expect_eq(_with(target, "not a Node3D").size(), 1, "under a Node")
	expect_eq(
		target._get_configuration_warnings(),
		target.get_setup_warnings(),
		"_get_configuration_warnings"
	)
