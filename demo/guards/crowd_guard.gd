class_name DemoCrowdGuard
extends CharacterBody3D
## One of the two hundred on the square: a body, a perception component and nothing else to
## keep it cheap. It does not walk; it only turns to face whatever has its attention. The
## crowds wing tints it by its level-of-detail tier.

var perception: ApsPerceptionComponent
var mesh: MeshInstance3D


## Builds the guard; `profile` is shared by the whole crowd.
func setup(profile: ApsProfile) -> void:
	var shape := CollisionShape3D.new()
	var capsule := CapsuleShape3D.new()
	capsule.radius = 0.3
	capsule.height = 1.8
	shape.shape = capsule
	shape.position.y = 0.9
	add_child(shape)
	mesh = MeshInstance3D.new()
	var cm := CapsuleMesh.new()
	cm.radius = 0.3
	cm.height = 1.8
	mesh.mesh = cm
	mesh.position.y = 0.9
	add_child(mesh)
	var visor := MeshInstance3D.new()
	var box := BoxMesh.new()
	box.size = Vector3(0.45, 0.14, 0.2)
	visor.mesh = box
	visor.position = Vector3(0, 1.6, -0.25)
	visor.material_override = DemoLevel.material(Color(0.1, 0.1, 0.12))
	add_child(visor)
	perception = ApsPerceptionComponent.new()
	perception.profile = profile
	# Team 1, and a team 1 badge on each: teammates never alarm each other.
	perception.team_id = 1
	perception.position.y = 1.6
	add_child(perception)
	var badge := ApsTargetComponent.new()
	badge.team_id = 1
	add_child(badge)


## Turns toward where it believes its attention target is (called now and then by the wing).
func face_attention() -> void:
	var target := perception.get_attention_target()
	if target == null:
		return
	var to := perception.get_last_known_position(target) - global_position
	if Vector2(to.x, to.z).length() > 0.5:
		rotation.y = atan2(-to.x, -to.z)
