class_name ApsWarningLog
extends Logger
## Records the warnings Godot's error stream carries while it is installed (APS pushes one per
## bad call or value), so a test can check a warning's text and that it came once; and every
## error beside them (engine, script, a godot-rust panic), for tests that insist on none.

var warnings: PackedStringArray = []
## Each error's first lines (a panic's backtrace follows them), with where it was raised.
var errors: PackedStringArray = []
var _lock := Mutex.new()


## A log that records from now on; `stop()` it when the test is done.
static func start() -> ApsWarningLog:
	var log := ApsWarningLog.new()
	OS.add_logger(log)
	return log


func stop() -> void:
	OS.remove_logger(self)


## How many warnings recorded so far contain `part`.
func count(part: String) -> int:
	var n := 0
	_lock.lock()
	for w in warnings:
		if part in w:
			n += 1
	_lock.unlock()
	return n


## Forgets what was recorded so far.
func clear() -> void:
	_lock.lock()
	warnings.clear()
	errors.clear()
	_lock.unlock()


## Every warning recorded so far, one per line (for failure messages).
func text() -> String:
	_lock.lock()
	var t := "\n".join(warnings)
	_lock.unlock()
	return t


func _log_error(
	function: String,
	file: String,
	line: int,
	code: String,
	rationale: String,
	_editor_notify: bool,
	error_type: int,
	_script_backtraces: Array[ScriptBacktrace]
) -> void:
	var text := rationale if rationale != "" else code
	_lock.lock()
	if error_type == ERROR_TYPE_WARNING:
		warnings.append(text)
	else:
		errors.append(
			(
				"%s [%s:%d %s]"
				% ["\n".join(text.split("\n").slice(0, 3)), file.get_file(), line, function]
			)
		)
	_lock.unlock()
