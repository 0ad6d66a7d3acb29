//! The package, installed the way a user installs it: unzipped into a new project.
//!
//! `cargo xtask test` builds a package (the dev build as both libraries, so CI need not build
//! the release profile; `cargo xtask package` builds each), unzips it into an empty project in
//! the target folder (a `project.godot` and nothing else, no `.godot/`), imports that project
//! and runs `tests/package/guard_sees_runner.tscn` there: a guard must detect a runner 6 m ahead
//! within 2 s.

use crate::build::{self, Slot};
use crate::godot::Godot;
use crate::import;
use crate::package;
use crate::paths::Paths;
use crate::run::{self, Scene};
use crate::zip;
use std::fs;
use std::path::{Path, PathBuf};

/// The scene the package test runs, copied into the fresh project from the repository.
const GUARD_SCENE: &str = "res://tests/package/guard_sees_runner.tscn";
/// The files that scene needs, relative to the project.
const GUARD_FILES: [&str; 3] = [
    "tests/package/guard_sees_runner.tscn",
    "tests/package/guard_sees_runner.gd",
    "tests/package/guard_sees_runner.gd.uid",
];

/// Packages `dev_library` as both libraries, installs the package into a fresh project and runs
/// the guard scene there.
pub fn package_test(godot: &Godot, paths: &Paths, dev_library: &Path) -> Result<(), String> {
    let scratch = scratch_folder(paths, "package-test")?;
    let version = package::version(paths)?;
    let zip_file = scratch.join(format!("aps-{version}-dev-build-as-both.zip"));
    println!(
        "packaging the dev build as both the debug and the release library (a test package: \
         `cargo xtask package` builds each)"
    );
    let libraries = [
        (Slot::Debug, dev_library.to_path_buf()),
        (Slot::Release, dev_library.to_path_buf()),
    ];
    let names = package::write(paths, &libraries, &zip_file)?;
    println!("wrote {} ({} entries)", zip_file.display(), names.len());

    let project = scratch.join("project");
    fs::create_dir_all(&project)
        .map_err(|e| format!("cannot create {}: {e}", project.display()))?;
    write(
        &project.join("project.godot"),
        &minimal_project("APS package test"),
    )?;
    zip::extract(&zip_file, &project)?;
    for file in GUARD_FILES {
        let from = paths.workspace.join(file);
        let to = project.join(file);
        if let Some(folder) = to.parent() {
            fs::create_dir_all(folder)
                .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
        }
        fs::copy(&from, &to).map_err(|e| format!("cannot copy {}: {e}", from.display()))?;
    }
    let fresh = Paths {
        workspace: paths.workspace.clone(),
        project,
    };
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
