class_name ApsWorldBuilder
extends RefCounted
## Builds small test worlds out of real physics bodies: floors, walls, guards and runners.

const GUARD_EYE_HEIGHT := 1.6
const BODY_HEIGHT := 1.8


## A static box with its collider, centred at `center`.
static func wall(parent: Node3D, center: Vector3, size: Vector3) -> StaticBody3D:
	var body := StaticBody3D.new()
	var shape := CollisionShape3D.new()
	var box := BoxShape3D.new()
	box.size = size
	shape.shape = box
	body.add_child(shape)
	parent.add_child(body)
	body.global_position = center
	return body


## A floor 200 m wide, top at y = 0.
static func floor(parent: Node3D) -> StaticBody3D:
	return wall(parent, Vector3(0, -0.5, 0), Vector3(200, 1, 200))


## A capsule body standing with its feet at `feet`.
static func body(parent: Node3D, feet: Vector3, name: String = "Body") -> CharacterBody3D:
	var b := CharacterBody3D.new()
	b.name = name
	var shape := CollisionShape3D.new()
	var capsule := CapsuleShape3D.new()
	capsule.radius = 0.3
	capsule.height = BODY_HEIGHT
	shape.shape = capsule
	shape.position = Vector3(0, BODY_HEIGHT * 0.5, 0)
	b.add_child(shape)
	parent.add_child(b)
	b.global_position = feet
	return b


## A guard: a body with a perception component at eye height, looking along `facing`.
static func guard(
	parent: Node3D, feet: Vector3, facing: Vector3, profile: ApsProfile = null
) -> ApsPerceptionComponent:
	var b := body(parent, feet, "Guard")
	var eye := ApsPerceptionComponent.new()
	eye.name = "Perception"
	eye.profile = profile if profile != null else ApsProfile.new()
	b.add_child(eye)
	eye.position = Vector3(0, GUARD_EYE_HEIGHT, 0)
	b.look_at(b.global_position + Vector3(facing.x, 0, facing.z), Vector3.UP)
	return eye


## A profile with only the named built-in senses on (e.g. `only(["smell"])`).
static func only(senses: Array) -> ApsProfile:
	var p := ApsProfile.new()
	for s in ["vision", "hearing", "smell", "touch", "vibration", "damage", "pain", "echolocation"]:
		p.set(s + "_enabled", s in senses)
	return p


## Lets the static mirror take in the tile map layers, grid maps and CSG trees of `anchor`'s
## world that changed: it looks at them as each step's first ray is cast, and reads one that
## stood still across a step, so a ray a frame for three frames does it.
static func settle_mirror(anchor: Node) -> void:
	for i in 3:
		if anchor is Node2D:
			ApsWorld.cast_sight_ray_2d(anchor, Vector2(-5000, -5000), Vector2(-4990, -5000), 1)
		else:
			ApsWorld.cast_sight_ray(anchor, Vector3(500, 1, 500), Vector3(500, 1, 490), 1)
		await anchor.get_tree().physics_frame
