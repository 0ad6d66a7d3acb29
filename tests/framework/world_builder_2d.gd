class_name ApsWorldBuilder2D
extends RefCounted
## Small 2D worlds for the 2D suites (the twin of ApsWorldBuilder): top-down bodies, walls and
## guards in pixels, added under `parent` (anywhere in the main scene's World2D).


## A StaticBody2D wall: a rectangle of `size` px centred at `center`.
static func wall(parent: Node, center: Vector2, size: Vector2) -> StaticBody2D:
	var body := StaticBody2D.new()
	var shape := CollisionShape2D.new()
	var rect := RectangleShape2D.new()
	rect.size = size
	shape.shape = rect
	body.add_child(shape)
	parent.add_child(body)
	body.global_position = center
	return body


## A top-down body: a floating CharacterBody2D with a circle of `radius` px.
static func body(
	parent: Node, at: Vector2, name_: String = "Body", radius: float = 20.0
) -> CharacterBody2D:
	var b := CharacterBody2D.new()
	b.name = name_
	b.motion_mode = CharacterBody2D.MOTION_MODE_FLOATING
	var shape := CollisionShape2D.new()
	var circle := CircleShape2D.new()
	circle.radius = radius
	shape.shape = circle
	b.add_child(shape)
	parent.add_child(b)
	b.global_position = at
	return b


## A guard: a body named `name_` with a 2D perception component named Perception at its
## centre, looking along `facing`, with `profile` (the defaults if null).
static func guard(
	parent: Node,
	at: Vector2,
	facing: Vector2 = Vector2.RIGHT,
	profile: ApsProfile = null,
	name_: String = "Guard"
) -> ApsPerceptionComponent2D:
	var b := body(parent, at, name_)
	var eye := ApsPerceptionComponent2D.new()
	eye.name = "Perception"
	eye.profile = profile if profile != null else ApsProfile.new()
	b.add_child(eye)
	b.rotation = facing.angle()
	return eye
