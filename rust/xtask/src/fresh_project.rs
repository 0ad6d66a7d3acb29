//! The package, installed the way a user installs it: unzipped into a new project.
//!
//! `cargo xtask test` builds a package (with the dev build as its library, so CI need not build
//! the release profile; `cargo xtask package` ships the release build) and installs it in projects
//! under the target folder that start with a `project.godot` and nothing else (no `.godot/`):
//! - the package test imports its project once as a user would, with nothing in it but
//!   `project.godot` and the package (the import must exit 0), then runs
//!   `tests/package/guard_sees_runner.tscn` there: a guard must detect a runner 6 m ahead
//!   within 2 s;
//! - the plugin-toggle test starts from a `project.godot` as the editor writes it, with
//!   settings of the user's own, and has a headless editor enable and disable the APS plugin
//!   (`tests/editor/plugin_toggle_check`): the file may change only in its plugin list;
//! - the quiet-editor test opens `tests/package/editor_scene.tscn` (AI, targets and profiles,
//!   3D and 2D) in a headless editor, with the plugin on and off, and closes it again: the
//!   editor may print no warning and no error.

use crate::build::{self, Slot};
use crate::godot::Godot;
use crate::import;
use crate::package;
use crate::paths::Paths;
use crate::run::{self, Scene};
use crate::zip;
use std::fs;
use std::path::{Path, PathBuf};

/// The package's extension, as Godot lists it once it found it.
const EXTENSION: &str = "res://addons/aps/aps.gdextension";

/// The scene the package test runs, copied into the fresh project from the repository.
const GUARD_SCENE: &str = "res://tests/package/guard_sees_runner.tscn";
/// The files that scene needs, relative to the project.
const GUARD_FILES: [&str; 3] = [
    "tests/package/guard_sees_runner.tscn",
    "tests/package/guard_sees_runner.gd",
    "tests/package/guard_sees_runner.gd.uid",
];

/// Packages `dev_library` as the package's library (a test package: `cargo xtask package`
/// ships the release build); returns the zip.
pub fn test_package(paths: &Paths, dev_library: &Path) -> Result<PathBuf, String> {
    let scratch = scratch_folder(paths, "package")?;
    let version = package::version(paths)?;
    let zip_file = scratch.join(format!("aps-{version}-dev-build.zip"));
    println!(
        "packaging the dev build as the package's library (a test package: `cargo xtask \
         package` ships the release build)"
    );
    let libraries = [(Slot::Release, dev_library.to_path_buf())];
    let names = package::write(paths, &libraries, &zip_file)?;
    println!("wrote {} ({} entries)", zip_file.display(), names.len());
    Ok(zip_file)
}

/// Installs the package into a fresh project and runs the guard scene there.
pub fn package_test(godot: &Godot, paths: &Paths, zip_file: &Path) -> Result<(), String> {
    let project = scratch_folder(paths, "package-test")?.join("project");
    let fresh = install(
        paths,
        project,
        &minimal_project("APS package test"),
        zip_file,
    )?;
    import::first_import(godot, &fresh, EXTENSION)?;
    copy_in(&fresh, &GUARD_FILES)?;
    import::ensure(godot, &fresh)?;
    run::headless(
        godot,
        &fresh,
        &Scene {
            path: GUARD_SCENE,
            user_args: &[],
            expect_summary: false,
        },
    )
}

/// Installs the package into a fresh project, nothing else beside `project.godot`, and imports
/// it once as a user would: `cargo xtask package` checks its package this way.
pub fn first_import_test(godot: &Godot, paths: &Paths, zip_file: &Path) -> Result<(), String> {
    let project = scratch_folder(paths, "first-import")?.join("project");
    let fresh = install(
        paths,
        project,
        &minimal_project("APS first import"),
        zip_file,
    )?;
    import::first_import(godot, &fresh, EXTENSION)
}

/// The folder `project`, made, with `project_text` as its `project.godot` and the package
/// unzipped beside it: a user's project just after the install.
fn install(
    paths: &Paths,
    project: PathBuf,
    project_text: &str,
    zip_file: &Path,
) -> Result<Paths, String> {
    fs::create_dir_all(&project)
        .map_err(|e| format!("cannot create {}: {e}", project.display()))?;
    write(&project.join("project.godot"), project_text)?;
    zip::extract(zip_file, &project)?;
    Ok(Paths {
        workspace: paths.workspace.clone(),
        project,
    })
}

/// Copies `files` (relative paths) from the repository to the same places in `fresh`'s project.
fn copy_in(fresh: &Paths, files: &[&str]) -> Result<(), String> {
    for file in files {
        let from = fresh.workspace.join(file);
        let to = fresh.project.join(file);
        if let Some(folder) = to.parent() {
            fs::create_dir_all(folder)
                .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
        }
        fs::copy(&from, &to).map_err(|e| format!("cannot copy {}: {e}", from.display()))?;
    }
    Ok(())
}

/// The scene the quiet-editor test opens, copied into its fresh project.
const EDITOR_SCENE: &str = "res://tests/package/editor_scene.tscn";
const EDITOR_SCENE_FILE: &str = "tests/package/editor_scene.tscn";
/// Frames the editor runs with the scene open before it quits.
const EDITOR_FRAMES: &str = "300";

/// Installs the package into a fresh project and opens a scene full of APS's nodes in a
/// headless editor, once with the plugin on and once with it off, until the editor quits by
/// itself: neither run may print a warning or an error (a designer could do nothing about one).
pub fn editor_quiet_test(godot: &Godot, paths: &Paths, zip_file: &Path) -> Result<(), String> {
    let scratch = scratch_folder(paths, "editor-quiet")?;
    let mut problems = Vec::new();
    for plugin in [true, false] {
        let project = scratch.join(if plugin { "plugin-on" } else { "plugin-off" });
        let mut text = minimal_project("APS quiet editor test");
        if !plugin {
            text = text.replace(
                "enabled=PackedStringArray(\"res://addons/aps/plugin.cfg\")",
                "",
            );
        }
        let fresh = install(paths, project, &text, zip_file)?;
        copy_in(&fresh, &[EDITOR_SCENE_FILE])?;
        import::ensure(godot, &fresh)?;
        let mut cmd = godot.command();
        cmd.args(["--headless", "--editor", "--path"])
            .arg(&fresh.project)
            .args([EDITOR_SCENE, "--quit-after", EDITOR_FRAMES]);
        let limits = run::Limits {
            deadline: run::timeout()?,
            stop_when_stuck: true,
        };
        let editor = run::stream(&mut cmd, &limits)?;
        let on = if plugin { "on" } else { "off" };
        problems.extend(
            run::judge(&editor, false)
                .into_iter()
                .map(|p| format!("plugin {on}: {p}")),
        );
        if editor.watcher.warnings > 0 {
            problems.push(format!(
                "plugin {on}: {} warning(s) in the editor's output (above)",
                editor.watcher.warnings
            ));
        }
    }
    if problems.is_empty() {
        println!(
            "PASS the editor opened and closed {EDITOR_SCENE} without a word, plugin on and off"
        );
        Ok(())
    } else {
        for problem in &problems {
            println!("  {problem}");
        }
        Err(problems.join("; "))
    }
}

/// The plugin-toggle test's fixture plugin, copied from the repository into the project.
const TOGGLE_PLUGIN: &str = "tests/editor/plugin_toggle_check";
const TOGGLE_FILES: [&str; 3] = ["plugin.cfg", "plugin.gd", "plugin.gd.uid"];
/// Where it goes in the project (and so what `editor_plugins/enabled` lists).
const TOGGLE_PLUGIN_IN_PROJECT: &str = "addons/plugin_toggle_check";

/// Installs the package into a fresh project whose `project.godot` is as the editor writes it,
/// with settings of the user's own (one of APS's among them); enables and disables the APS plugin
/// in a headless editor; and insists that the file then differs only in the plugin list while
/// the plugin is on, and not at all once it is off again.
pub fn plugin_toggle_test(godot: &Godot, paths: &Paths, zip_file: &Path) -> Result<(), String> {
    let scratch = scratch_folder(paths, "plugin-toggle")?;
    let copies = scratch.join("copies");
    fs::create_dir_all(&copies).map_err(|e| format!("cannot create {}: {e}", copies.display()))?;
    let before = editor_written_project(&godot_features(&godot.version)?);
    let fresh = install(paths, scratch.join("project"), &before, zip_file)?;
    let project = fresh.project.clone();
    let project_file = project.join("project.godot");
    let plugin = project.join(TOGGLE_PLUGIN_IN_PROJECT);
    fs::create_dir_all(&plugin).map_err(|e| format!("cannot create {}: {e}", plugin.display()))?;
    for file in TOGGLE_FILES {
        let from = paths.workspace.join(TOGGLE_PLUGIN).join(file);
        fs::copy(&from, plugin.join(file))
            .map_err(|e| format!("cannot copy {}: {e}", from.display()))?;
    }
    import::ensure(godot, &fresh)?;
    let imported = read(&project_file)?;
    let mut problems = changes("the import", &before, &imported);

    let mut cmd = godot.command();
    cmd.args(["--headless", "--editor", "--path"])
        .arg(&project)
        .arg("--")
        .arg(format!("--out={}", copies.display()));
    let limits = run::Limits {
        deadline: run::timeout()?,
        stop_when_stuck: true,
    };
    let editor = run::stream(&mut cmd, &limits)?;
    problems.extend(run::judge(&editor, false));
    let enabled = read(&copies.join("enabled.godot"))?;
    let disabled = read(&copies.join("disabled.godot"))?;
    let last = read(&project_file)?;
    if !enabled.contains("res://addons/aps/plugin.cfg") {
        problems.push("enabling the plugin did not list it in project.godot".into());
    }
    problems.extend(changes("enabling the APS plugin", &before, &enabled));
    problems.extend(changes("disabling it again", &before, &disabled));
    if disabled != before {
        problems.push("once the plugin is off again, project.godot is not as it was".into());
    }
    problems.extend(changes("closing the editor", &before, &last));
    if problems.is_empty() {
        println!("PASS project.godot: enabling APS's plugin changed only the plugin list");
        Ok(())
    } else {
        for problem in &problems {
            println!("  {problem}");
        }
        Err(problems.join("; "))
    }
}

/// What `after` changed in `before`, beyond the plugin list (`enabled=` lines), as `-`/`+` lines.
fn changes(by: &str, before: &str, after: &str) -> Vec<String> {
    let settings = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|line| !line.starts_with("enabled="))
            .map(str::to_string)
            .collect()
    };
    let (old, new) = (settings(before), settings(after));
    if old == new {
        return Vec::new();
    }
    let mut found: Vec<String> = old
        .iter()
        .filter(|line| !new.contains(line))
        .map(|line| format!("{by} removed `{line}`"))
        .collect();
    found.extend(
        new.iter()
            .filter(|line| !old.contains(line))
            .map(|line| format!("{by} added `{line}`")),
    );
    if found.is_empty() {
        found.push(format!("{by} reordered project.godot"));
    }
    found
}

/// `config/features` of a project made with this Godot: its `major.minor` (`4.6`).
fn godot_features(version: &str) -> Result<String, String> {
    let mut parts = version.split('.');
    match (parts.next(), parts.next()) {
        (Some(major), Some(minor)) => Ok(format!("{major}.{minor}")),
        _ => Err(format!("cannot read a version from {version:?}")),
    }
}

/// A user's `project.godot` as the editor writes it: the editor's header, sections in name order,
/// settings in the engine's order (which is not the alphabet's), none at its default value. Settings of the user's own: a physics engine and tick
/// rate, and one of APS's (`aps/max_perception_updates_per_frame`, default 64).
fn editor_written_project(features: &str) -> String {
    format!(
        "; Engine configuration file.
; It's best edited using the editor UI and not directly,
; since the parameters that go here are not all obvious.
;
; Format:
;   [section] ; section goes between []
;   param=value ; assign values to parameters

config_version=5

[application]

config/name=\"APS plugin toggle test\"
config/features=PackedStringArray(\"{features}\")

[aps]

max_perception_updates_per_frame=32

[editor_plugins]

enabled=PackedStringArray(\"res://{TOGGLE_PLUGIN_IN_PROJECT}/plugin.cfg\")

[physics]

common/physics_ticks_per_second=30
3d/physics_engine=\"Jolt Physics\"
"
    )
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// A project that holds nothing yet, with the APS plugin enabled as a user would enable it.
fn minimal_project(name: &str) -> String {
    format!(
        "config_version=5\n\n[application]\n\nconfig/name=\"{name}\"\n\n[editor_plugins]\n\n\
         enabled=PackedStringArray(\"res://addons/aps/plugin.cfg\")\n"
    )
}

/// `<target>/xtask/<name>`, emptied.
fn scratch_folder(paths: &Paths, name: &str) -> Result<PathBuf, String> {
    let folder = build::target_dir(paths)?.join("xtask").join(name);
    if folder.exists() {
        fs::remove_dir_all(&folder)
            .map_err(|e| format!("cannot empty {}: {e}", folder.display()))?;
    }
    fs::create_dir_all(&folder).map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    Ok(folder)
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_plugin_list_may_change() {
        let before = editor_written_project("4.6");
        assert!(changes("x", &before, &before).is_empty());
        let enabled = before.replace(
            "enabled=PackedStringArray(\"res://addons/plugin_toggle_check/plugin.cfg\")",
            "enabled=PackedStringArray(\"res://addons/aps/plugin.cfg\", \"res://addons/plugin_toggle_check/plugin.cfg\")",
        );
        assert!(changes("enabling", &before, &enabled).is_empty());
        let dropped = before.replace("common/physics_ticks_per_second=30\n", "");
        assert_eq!(
            changes("enabling", &before, &dropped),
            vec!["enabling removed `common/physics_ticks_per_second=30`"]
        );
        let written = format!("{before}\n[aps]\n\nlevel_of_detail=true\n");
        assert!(changes("enabling", &before, &written)
            .contains(&"enabling added `level_of_detail=true`".to_string()));
        let reordered = before.replace(
            "common/physics_ticks_per_second=30\n3d/physics_engine=\"Jolt Physics\"",
            "3d/physics_engine=\"Jolt Physics\"\ncommon/physics_ticks_per_second=30",
        );
        assert_eq!(
            changes("saving", &before, &reordered),
            vec!["saving reordered project.godot"]
        );
    }

    /// The repository's own project is kept as the editor writes it, so that enabling or
    /// disabling a plugin there changes only the plugin list too.
    #[test]
    fn the_repositorys_project_has_the_editors_header() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let project = fs::read_to_string(root.join("project.godot")).unwrap();
        let written = editor_written_project("4.6");
        let header = &written[..written.find("config_version").unwrap()];
        assert!(
            project.starts_with(header),
            "project.godot starts with:\n{header}"
        );
    }

    #[test]
    fn features_are_the_running_godots_minor_version() {
        assert_eq!(
            godot_features("4.6.3.stable.debian4.6.3+ds-3").as_deref(),
            Ok("4.6")
        );
        assert!(godot_features("godot").is_err());
    }
}
