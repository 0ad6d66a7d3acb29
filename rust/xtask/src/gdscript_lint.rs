//! The GDScript lint: gdlint (from gdtoolkit, on PyPI) over every script of the addon, the demo
//! and the tests, with the rules in `gdlintrc` at the repository's root.
//!
//! gdtoolkit is installed once, at a pinned version, into a virtual environment of its own under
//! `.cache/gdtoolkit/` (like Godot itself under `.cache/godot/`), so nothing is installed by
//! hand; it needs Python 3 with its `venv` module. gdtoolkit's formatter (gdformat) is not run:
//! on this project's scripts it moves and repeats comments at the end of some files.

use crate::cmd;
use crate::paths::Paths;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The gdtoolkit xtask installs.
const GDTOOLKIT: &str = "gdtoolkit==4.5.0";

/// The folders whose scripts are linted.
const FOLDERS: [&str; 3] = ["addons", "demo", "tests"];

/// Runs gdlint over every script.
pub fn run(paths: &Paths) -> Result<(), String> {
    let gdlint = install(paths)?;
    let mut scripts = Vec::new();
    for folder in FOLDERS {
        find_scripts(&paths.workspace.join(folder), &mut scripts);
    }
    scripts.sort();
    println!("gdlint: {} scripts", scripts.len());
    cmd::run(
        Command::new(gdlint)
            .current_dir(&paths.workspace)
            .args(&scripts),
    )
}

/// gdlint, installed into the cache if it is not there yet.
fn install(paths: &Paths) -> Result<PathBuf, String> {
    let venv = paths.workspace.join(".cache").join("gdtoolkit");
    let gdlint = venv.join("bin").join("gdlint");
    let marker = venv.join(GDTOOLKIT);
    if gdlint.is_file() && marker.is_file() {
        return Ok(gdlint);
    }
    println!("gdlint: installing {GDTOOLKIT} into {}", venv.display());
    let _ = std::fs::remove_dir_all(&venv);
    cmd::run(Command::new("python3").args(["-m", "venv"]).arg(&venv)).map_err(|e| {
        format!("{e}: the GDScript lint needs Python 3 with its venv module (python3-venv)")
    })?;
    cmd::run(Command::new(venv.join("bin").join("pip")).args([
        "install",
        "--quiet",
        "--disable-pip-version-check",
        GDTOOLKIT,
    ]))?;
    std::fs::write(&marker, "").map_err(|e| format!("cannot write {}: {e}", marker.display()))?;
    Ok(gdlint)
}

/// The `.gd` files under `dir`, skipping hidden folders.
fn find_scripts(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        if path.is_dir() {
            find_scripts(&path, out);
        } else if path.extension().is_some_and(|e| e == "gd") {
            out.push(path);
        }
    }
}
