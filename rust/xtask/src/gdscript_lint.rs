//! The GDScript lint: gdlint (from gdtoolkit, on PyPI) over every script of the addon, the demo
//! and the tests, with the rules in `gdlintrc` at the repository's root, and gdtoolkit's
//! formatter, gdformat, which `lint` runs as a check and `format` lets rewrite the scripts.
//!
//! gdtoolkit is installed once, at a pinned version, into a virtual environment of its own under
//! `.cache/gdtoolkit/` (like Godot itself under `.cache/godot/`), so nothing is installed by
//! hand; it needs Python 3 with its `venv` module.
//!
//! gdformat cannot lay out a lambda of several lines inside brackets (a dictionary's value, an
//! array's item, a call's argument): it copies the file's comments into it, or leaves it where
//! GDScript cannot parse it. Such a lambda is written as a local variable first, and the
//! brackets name the variable; [`NOT_FORMATTED`] lists the one script where that would undo what
//! it tests. A script the formatter left unparseable fails the `scripts_compile` Godot suite,
//! which compiles every script, those no other suite runs among them.

use crate::cmd;
use crate::paths::Paths;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The gdtoolkit xtask installs.
const GDTOOLKIT: &str = "gdtoolkit==4.5.0";

/// The folders whose scripts are linted.
const FOLDERS: [&str; 3] = ["addons", "demo", "tests"];

/// Scripts gdformat leaves alone (gdlint still reads them), relative to the repository: their
/// tables hold lambdas of two statements (a typed call to a method that returns nothing, then
/// the answer), which gdformat splits over lines inside the table, where GDScript cannot parse
/// them; the calls must stay typed, as the suite tests typed calls.
const NOT_FORMATTED: [&str; 1] = ["tests/suites/refusals_test.gd"];

/// Runs gdlint over every script, then gdformat as a check: a script it would rewrite fails.
pub fn run(paths: &Paths) -> Result<(), String> {
    let bin = install(paths)?;
    let scripts = scripts(paths);
    println!("gdlint, gdformat --check: {} scripts", scripts.len());
    cmd::run(
        Command::new(bin.join("gdlint"))
            .current_dir(&paths.workspace)
            .args(&scripts),
    )?;
    cmd::run(
        Command::new(bin.join("gdformat"))
            .current_dir(&paths.workspace)
            .arg("--check")
            .args(formatted(paths, &scripts)),
    )
    .map_err(|e| format!("{e}: `cargo xtask format` formats the scripts"))
}

/// Has gdformat rewrite every script that is not formatted.
pub fn format(paths: &Paths) -> Result<(), String> {
    let bin = install(paths)?;
    let scripts = scripts(paths);
    cmd::run(
        Command::new(bin.join("gdformat"))
            .current_dir(&paths.workspace)
            .args(formatted(paths, &scripts)),
    )
}

/// The scripts of `scripts` that gdformat lays out: all but [`NOT_FORMATTED`].
fn formatted<'a>(paths: &Paths, scripts: &'a [PathBuf]) -> Vec<&'a PathBuf> {
    let left_alone: Vec<PathBuf> = NOT_FORMATTED
        .iter()
        .map(|script| paths.workspace.join(script))
        .collect();
    scripts
        .iter()
        .filter(|script| !left_alone.contains(script))
        .collect()
}

/// Every script of the addon, the demo and the tests, in name order.
fn scripts(paths: &Paths) -> Vec<PathBuf> {
    let mut scripts = Vec::new();
    for folder in FOLDERS {
        find_scripts(&paths.workspace.join(folder), &mut scripts);
    }
    scripts.sort();
    scripts
}

/// gdtoolkit, installed into the cache if it is not there yet: the folder of its commands.
fn install(paths: &Paths) -> Result<PathBuf, String> {
    let venv = paths.workspace.join(".cache").join("gdtoolkit");
    let bin = venv.join("bin");
    let marker = venv.join(GDTOOLKIT);
    if bin.join("gdlint").is_file() && bin.join("gdformat").is_file() && marker.is_file() {
        return Ok(bin);
    }
    println!("gdtoolkit: installing {GDTOOLKIT} into {}", venv.display());
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
    Ok(bin)
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
