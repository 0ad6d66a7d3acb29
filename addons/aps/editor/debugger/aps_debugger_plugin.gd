@tool
extends EditorDebuggerPlugin
## Adds the APS tab (aps_debugger_tab.gd) to each debugging session of the editor's Debugger
## panel, and carries messages between it and the game: what the running game sends under the
## `aps` capture (`aps:perceivers`, `aps:perceiver`) goes to the session's tab, and what the
## tab asks (`aps:pick`, `aps:rate`, `aps:draw`) goes to the game while the session is on.
##
## The game sends nothing unless a debugging session is on, so an exported game pays nothing.

const Tab := preload("res://addons/aps/editor/debugger/aps_debugger_tab.gd")

## The prefix of every APS message, in both directions.
const CAPTURE := "aps"

## Each session's tab, by session id.
var _tabs := {}


func _has_capture(capture: String) -> bool:
	return capture == CAPTURE


func _capture(message: String, data: Array, session_id: int) -> bool:
	var tab: Variant = _tabs.get(session_id)
	if tab == null or not is_instance_valid(tab):
		# An APS message with no tab to show it (the tab was closed): nothing to do, but it is ours.
		return message.begins_with(CAPTURE + ":")
	return tab.receive(message, data)


func _setup_session(session_id: int) -> void:
	var session := get_session(session_id)
	var tab := Tab.new()
	tab.request.connect(
		func(message: String, data: Array) -> void:
			if session.is_active():
				session.send_message(message, data)
	)
	session.started.connect(tab.session_started)
	session.stopped.connect(tab.session_stopped)
	session.add_session_tab(tab)
	_tabs[session_id] = tab
