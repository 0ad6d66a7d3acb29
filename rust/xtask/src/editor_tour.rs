//! The editor's pictures (`cargo xtask screenshot`): a real Godot editor, in a window, opening
//! `tests/editor/tour.tscn` and photographing the perception gizmo, a configuration warning and
//! a preset in the inspector, then `tests/editor/tour_2d.tscn` for the 2D gizmo
//! (`gizmo_2d.png`), then the Debugger panel's APS tab with a game attached
//! (`tests/editor/tour_plugin.gd` drives it; `debugger_game.rs` runs the game).
//!
//! The tour needs its own editor plugin enabled, and enabling a plugin is a project setting:
//! rather than touch the repository's `project.godot`, xtask keeps a copy of the project in
//! `target/editor-tour/` (the addon, the tour, and `project.godot` with both plugins enabled),
//! imports it there and runs the editor on it. The copy is refreshed on every run and its
//! import cache kept, so later runs start in seconds.

use crate::debugger_game::{self, Game};
use crate::godot::Godot;
use crate::import;
use crate::paths::Paths;
use crate::screenshot::{self, Sitting};
use std::ffi::OsString;
use std::fs;
use std::path::Path;

/// The tour's plugin, enabled in the copy beside APS's.
const TOUR_PLUGIN: &str = "res://tests/editor/plugin.cfg";

/// The editor checks whether it could render with Vulkan (to offer the Forward+ renderer in
/// its menu); on a machine without Vulkan, such as Mesa's software OpenGL here, that check
/// prints two errors from Godot's Vulkan driver. The tour renders with OpenGL throughout.
const HARMLESS: [&str; 1] = ["rendering_context_driver_vulkan.cpp"];

/// What the copy holds, relative to the project root.
const COPIED: [&str; 2] = ["addons/aps", "tests/editor"];

/// The user argument naming the file in which the tour asks for the debugger game.
const GAME_REQUEST_FLAG: &str = "--debugger-game-request=";

/// Runs the tour; returns every reason it failed (empty: it passed).
pub fn take(godot: &Godot, paths: &Paths) -> Result<Vec<String>, String> {
    let target = paths.workspace.join("target");
    let copy = target.join("editor-tour");
    prepare(&paths.project, &copy)?;
    let copy_paths = Paths {
        workspace: paths.workspace.clone(),
        project: copy.clone(),
    };
    import::ensure(godot, &copy_paths)?;
    debugger_game::keep_server_open(&copy)?;
    let game = Game::start(godot, &copy, &target.join("editor-tour-game"))?;
    let mut request = OsString::from(GAME_REQUEST_FLAG);
    request.push(&game.request);
    let sitting = Sitting {
        project: &copy,
        label: "the editor tour (tests/editor/tour.tscn)",
        // One window: the warning dialog is drawn inside it, so the picture shows it.
        launch: vec!["--editor".into(), "--single-window".into()],
        folder_flag: "--editor-screenshots=",
        user_args: vec![request],
        harmless: &HARMLESS,
    };
    let sat = screenshot::sit(godot, &paths.project, &sitting);
    let game_failures = game.stop();
    let mut failures = sat?;
    failures.extend(game_failures);
    Ok(failures)
}

/// Makes `copy` hold the project's addon and tour as they are now, and a `project.godot` that
/// enables the tour's plugin too.
fn prepare(project: &Path, copy: &Path) -> Result<(), String> {
    for part in COPIED {
        let to = copy.join(part);
        if to.exists() {
            fs::remove_dir_all(&to).map_err(|e| format!("cannot clear {}: {e}", to.display()))?;
        }
        copy_dir(&project.join(part), &to)?;
    }
    let settings = project.join("project.godot");
    let text = fs::read_to_string(&settings)
        .map_err(|e| format!("cannot read {}: {e}", settings.display()))?;
    let target = copy.join("project.godot");
    // No main scene: the copy has only the addon and the tour, and the editor would look for it.
    let text: String = text
        .lines()
        .filter(|line| !line.starts_with("run/main_scene="))
        .map(|line| format!("{line}\n"))
        .collect();
    let text = with_plugin(&text, TOUR_PLUGIN)?;
    // Rewritten only when it differs: its time decides whether the copy is imported again.
    if fs::read_to_string(&target).ok().as_deref() != Some(text.as_str()) {
        fs::write(&target, text).map_err(|e| format!("cannot write {}: {e}", target.display()))?;
    }
    Ok(())
}

/// `project.godot`'s text with `plugin` added to the enabled editor plugins.
fn with_plugin(text: &str, plugin: &str) -> Result<String, String> {
    const KEY: &str = "enabled=PackedStringArray(";
    let at = text
        .find(KEY)
        .ok_or("project.godot enables no editor plugin (no `[editor_plugins] enabled=`)")?;
    let start = at + KEY.len();
    let end = start
        + text[start..]
            .find(')')
            .ok_or("project.godot: `enabled=PackedStringArray(` is not closed")?;
    let listed = text[start..end].trim();
    let joined = if listed.is_empty() {
        format!("\"{plugin}\"")
    } else {
        format!("{listed}, \"{plugin}\"")
    };
    Ok(format!("{}{joined}{}", &text[..start], &text[end..]))
}

/// Copies the folder `from` to `to`, files and subfolders, keeping modification times (the
/// import stamp compares them).
fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    fs::create_dir_all(to).map_err(|e| format!("cannot create {}: {e}", to.display()))?;
    let entries = fs::read_dir(from).map_err(|e| format!("cannot read {}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", from.display()))?;
        let (src, dst) = (entry.path(), to.join(entry.file_name()));
        if src.is_dir() {
            copy_dir(&src, &dst)?;
        } else {
            fs::copy(&src, &dst).map_err(|e| format!("cannot copy {}: {e}", src.display()))?;
            let modified = fs::metadata(&src).and_then(|m| m.modified());
            if let Ok(time) = modified {
                let file = fs::File::options().write(true).open(&dst);
                if let Ok(file) = file {
                    let _ = file.set_modified(time);
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_the_tour_plugin_to_the_enabled_ones() {
        let text =
            "[editor_plugins]\n\nenabled=PackedStringArray(\"res://addons/aps/plugin.cfg\")\n";
        assert_eq!(
            with_plugin(text, "res://t/plugin.cfg").unwrap(),
            "[editor_plugins]\n\nenabled=PackedStringArray(\"res://addons/aps/plugin.cfg\", \"res://t/plugin.cfg\")\n"
        );
        assert_eq!(
            with_plugin("enabled=PackedStringArray()", "res://t/plugin.cfg").unwrap(),
            "enabled=PackedStringArray(\"res://t/plugin.cfg\")"
        );
        assert!(with_plugin("[application]\n", "res://t/plugin.cfg").is_err());
    }
}
