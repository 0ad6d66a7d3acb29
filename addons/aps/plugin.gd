@tool
extends EditorPlugin
## The APS editor plugin. The classes themselves come from the GDExtension
## (`aps.gdextension`) and show in the Create Node dialog with their icons whether or not this
## plugin is enabled; enabling it checks that the extension loaded and says how to fix it if not.


func _enter_tree() -> void:
	if not ClassDB.class_exists("ApsPerceptionComponent"):
		push_warning("APS: the extension library is missing from addons/aps/bin/. Build it with "
				+ "`cargo xtask test` (or copy the prebuilt library for your platform there), "
				+ "then restart the editor.")


func _exit_tree() -> void:
	pass
