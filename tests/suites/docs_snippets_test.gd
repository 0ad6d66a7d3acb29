extends ApsTestSuite
## The scripts the documentation shows compile against the classes as they are: every
## ```gdscript block of the READMEs and docs/*.md that is a whole script (its first line that
## is not a comment is `extends`). A method, signal or constant a page names wrongly on a typed
## variable fails here, with the page and the block's first line. Shorter blocks are fragments,
## shown in passing.

const PAGES := ["res://README.md", "res://addons/aps/README.md"]
const DOCS_DIR := "res://docs"


## Every page the snippets come from.
func _pages() -> PackedStringArray:
	var pages := PackedStringArray(PAGES)
	for file in DirAccess.get_files_at(DOCS_DIR):
		if file.get_extension() == "md":
			pages.append(DOCS_DIR.path_join(file))
	return pages


## The ```gdscript blocks of a page that are whole scripts, each as [first line number, source].
func _blocks(path: String) -> Array:
	var blocks := []
	var text := FileAccess.get_file_as_string(path)
	var lines := text.split("\n")
	var inside := false
	var start := 0
	var source := PackedStringArray()
	for i in lines.size():
		var line := lines[i]
		if not inside and line.strip_edges() == "```gdscript":
			inside = true
			start = i + 2
			source = PackedStringArray()
		elif inside and line.strip_edges() == "```":
			inside = false
			if _is_whole_script(source):
				blocks.append([start, "\n".join(source) + "\n"])
		elif inside:
			source.append(line)
	return blocks


## Whether a block is a whole script: its first line that is not a comment is `extends`.
func _is_whole_script(source: PackedStringArray) -> bool:
	for line in source:
		if line.strip_edges().is_empty() or line.begins_with("#"):
			continue
		return line.begins_with("extends ")
	return false


func test_the_pages_hold_whole_scripts() -> void:
	var count := 0
	for page in _pages():
		count += _blocks(page).size()
	expect(count >= 8, "the docs show at least eight whole scripts (found %d)" % count)


func test_every_gdscript_block_compiles() -> void:
	for page in _pages():
		for block in _blocks(page):
			var script := GDScript.new()
			script.source_code = block[1]
			var err := script.reload()
			expect_eq(
				err,
				OK,
				"%s, the block at line %d compiles" % [page.trim_prefix("res://"), block[0]]
			)
