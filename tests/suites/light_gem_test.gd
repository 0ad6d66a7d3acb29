extends ApsTestSuite
## ApsLightGem, the HUD's light gem: it shows the light perception last read on its target,
## 3D or 2D, and shows dark with no target or once the target is freed.


func _gem(target: Node) -> ApsLightGem:
	var layer := CanvasLayer.new()
	add_child(layer)
	var gem := ApsLightGem.new()
	gem.size = Vector2(32, 40)
	layer.add_child(gem)
	if target != null:
		gem.target = gem.get_path_to(target)
	return gem


func _dark_environment() -> void:
	var env := WorldEnvironment.new()
	env.environment = Environment.new()
	env.environment.ambient_light_source = Environment.AMBIENT_SOURCE_COLOR
	env.environment.ambient_light_color = Color(0.2, 0.2, 0.2)
	add_child(env)


func test_the_gem_follows_the_player_into_and_out_of_a_lamp_s_pool() -> void:
	ApsWorldBuilder.floor(self)
	_dark_environment()
	var lamp := OmniLight3D.new()
	lamp.omni_range = 6.0
	lamp.light_energy = 2.0
	add_child(lamp)
	lamp.global_position = Vector3(0, 3, 0)
	var player := ApsWorldBuilder.body(self, Vector3(0, 0, 0), "Player")
	ApsWorldBuilder.guard(self, Vector3(0, 0, 12), Vector3.FORWARD)
	var gem := _gem(player)
	await seconds(0.5)
	gem.refresh()
	expect_near(
		gem.level, ApsWorld.get_target_light(player), 0.0001, "the gem shows what vision read"
	)
	expect(gem.level > 0.9, "under the lamp: lit (%.2f)" % gem.level)
	player.global_position = Vector3(0, 0, 8)
	await seconds(0.5)
	gem.refresh()
	expect(gem.level < 0.1, "out of its reach: dark (%.2f)" % gem.level)
	player.free()
	gem.refresh()
	expect_eq(gem.level, 0.0, "the player freed: dark, and no error")


func test_a_2d_player_and_no_player() -> void:
	var modulate := CanvasModulate.new()
	modulate.color = Color(0.3, 0.3, 0.3)
	add_child(modulate)
	var player := ApsWorldBuilder2D.body(self, Vector2(9000, 500), "Player2D")
	ApsWorldBuilder2D.guard(self, Vector2(8700, 500), Vector2.RIGHT)
	var gem := _gem(player)
	await seconds(0.5)
	gem.refresh()
	expect_near(gem.level, 0.3, 0.01, "the CanvasModulate's grey, with no 2D light near")
	var none := _gem(null)
	none.refresh()
	expect_eq(none.level, 0.0, "no target: dark")
	expect(none._get_configuration_warnings().size() == 1, "and the editor says to set one")
