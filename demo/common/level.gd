class_name DemoLevel
extends RefCounted
## Small helpers the demo's scenes share: materials, signs, light zones you can see.

static var _materials := {}


## A plain material of `color`, shared by everyone who asks for the same one.
static func material(color: Color, unshaded := false) -> StandardMaterial3D:
	var key := "%s/%s" % [color.to_html(), unshaded]
	if not _materials.has(key):
		var m := StandardMaterial3D.new()
		m.albedo_color = color
		if color.a < 1.0:
			m.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
		if unshaded:
			# Unshaded ones are markings (cones, discs): seen from either side.
			m.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
			m.cull_mode = BaseMaterial3D.CULL_DISABLED
		_materials[key] = m
	return _materials[key]


## The perception component of the AI whose body `node` is (searched below it), or null.
static func perceiver_of(node: Node) -> ApsPerceptionComponent:
	for child in node.get_children():
		if child is ApsPerceptionComponent:
			return child
		if child is CollisionObject3D:
			continue
		var deeper := perceiver_of(child)
		if deeper != null:
			return deeper
	return null


## A sign floating at `at` (local to `parent`), always facing the camera.
static func signpost(parent: Node3D, text: String, at: Vector3, size := 64) -> Label3D:
	var label := Label3D.new()
	label.text = text
	# The same size on screen however far the camera is.
	label.fixed_size = true
	label.font_size = clampi(roundi(size * 0.5), 16, 40)
	label.pixel_size = 0.0012
	label.outline_size = 8
	label.billboard = BaseMaterial3D.BILLBOARD_ENABLED
	label.modulate = Color(1, 1, 0.85)
	# Fixed-size text would show across the whole level: only this wing's, from nearby.
	label.visibility_range_end = 90.0
	label.position = at
	parent.add_child(label)
	return label


## Text painted on the floor at `at` (local to `parent`).
static func floor_text(parent: Node3D, text: String, at: Vector3, size := 96) -> Label3D:
	var label := Label3D.new()
	label.text = text
	label.font_size = size
	label.pixel_size = 0.01
	label.outline_size = 0
	label.modulate = Color(1, 1, 1, 0.55)
	label.rotation_degrees = Vector3(-90, 0, 0)
	label.visibility_range_end = 90.0
	label.position = at + Vector3(0, 0.03, 0)
	parent.add_child(label)
	return label


## A pool of darkness (or light) APS knows of: an ApsWorld light zone, removed again when
## `owner_node` leaves the tree, and a disc on the floor so a person sees it too.
static func light_zone(
	owner_node: Node3D, center_local: Vector3, radius: float, level: float
) -> int:
	var center := owner_node.to_global(center_local)
	# The zone is a sphere; centred a metre up, it covers feet and head alike.
	var id := ApsWorld.add_light_zone(center + Vector3(0, 1, 0), radius, level)
	owner_node.tree_exiting.connect(func() -> void: ApsWorld.remove_light_zone(id))
	var disc := MeshInstance3D.new()
	var cyl := CylinderMesh.new()
	cyl.top_radius = radius * 0.98
	cyl.bottom_radius = radius * 0.98
	cyl.height = 0.02
	disc.mesh = cyl
	var shade := lerpf(0.02, 0.9, level)
	disc.material_override = material(Color(shade, shade, shade * 1.1 + 0.05, 0.85))
	disc.position = center_local + Vector3(0, 0.02, 0)
	owner_node.add_child(disc)
	return id
