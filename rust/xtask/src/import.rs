//! Importing the Godot project, when it needs it.
//!
//! Godot finds GDExtensions and `class_name` scripts through caches in `.godot/` that only the
//! editor writes. A fresh checkout has none, so scenes using extension classes fail to load
//! until `godot --headless --import` ran once. An import takes several seconds, so xtask leaves
//! a stamp in `.godot/` after each one and imports again only when a file Godot reads changed
//! since (or was added or removed), or when another Godot version did the last import.
//!
//! A first import has no `.godot/extension_list.cfg` yet: Godot finds the extension during its
//! file scan and loads it then, as in a user's project. [`first_import`] checks that a fresh
//! project's first import exits cleanly and lists the extension.

use crate::godot::Godot;
use crate::paths::Paths;
use crate::run;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Holds the version of the Godot that did the last successful import; its time is the mtime.
const STAMP: &str = "xtask-import.stamp";

/// Imports the project unless the last import is still current.
pub fn ensure(godot: &Godot, paths: &Paths) -> Result<(), String> {
    let stamp = paths.project.join(".godot").join(STAMP);
    let Some(reason) = reason_to_import(&paths.project, &stamp, &godot.version, &paths.addon_bin())
    else {
        println!("Godot import: up to date");
        return Ok(());
    };
    println!("Godot import: {reason}; importing");
    let run = import_once(godot, paths)?;
    if !run.status.success() {
        return Err(format!("Godot import failed ({})", run.status));
    }
    // Not fatal here: errors that matter break the scene runs, which are judged strictly.
    if !run.watcher.errors.is_empty() {
        println!("Godot import: finished with these errors:");
        for line in run.watcher.errors.iter().flatten() {
            println!("  {line}");
        }
    }
    fs::write(&stamp, format!("{}\n", godot.version))
        .map_err(|e| format!("cannot write {}: {e}", stamp.display()))
}

/// Where Godot keeps the extensions it loads at startup, one `res://` path a line.
const EXTENSION_LIST: &str = "extension_list.cfg";

/// The first import of a project as a user runs it, with no `.godot/` yet: one
/// `godot --headless --import`, which must exit 0 and leave Godot's own extension list naming
/// `extension` (Godot aborts such a run at shutdown, godotengine/godot#111048, unless the
/// extension prevents it; see `aps-godot`'s `editor::first_load`).
pub fn first_import(godot: &Godot, paths: &Paths, extension: &str) -> Result<(), String> {
    let folder = paths.project.join(".godot");
    if folder.exists() {
        return Err(format!("{} exists: not a first import", folder.display()));
    }
    let run = import_once(godot, paths)?;
    if !run.status.success() {
        return Err(format!(
            "the first import of a fresh project failed ({})",
            run.status
        ));
    }
    let list = fs::read_to_string(folder.join(EXTENSION_LIST)).unwrap_or_default();
    if !list.lines().any(|line| line.trim() == extension) {
        return Err(format!(
            "the first import did not list {extension} in .godot/{EXTENSION_LIST}"
        ));
    }
    println!("PASS the first import of a fresh project exited 0 and listed {extension}");
    Ok(())
}

/// One `godot --headless --import` of the project.
fn import_once(godot: &Godot, paths: &Paths) -> Result<run::Run, String> {
    let mut cmd = godot.command();
    cmd.args(["--headless", "--path"])
        .arg(&paths.project)
        .arg("--import");
    let limits = run::Limits {
        deadline: run::timeout()?,
        stop_when_stuck: false,
    };
    let run = run::stream(&mut cmd, &limits)?;
    if let Some(reason) = &run.stopped {
        return Err(format!("Godot import {reason}"));
    }
    Ok(run)
}

/// Why the project needs an import now, or `None` if the last one is still current.
fn reason_to_import(project: &Path, stamp: &Path, version: &str, skip: &Path) -> Option<String> {
    let Ok(stamped_version) = fs::read_to_string(stamp) else {
        return Some("no import by xtask yet".into());
    };
    if stamped_version.trim() != version {
        return Some(format!(
            "last import was by Godot {}",
            stamped_version.trim()
        ));
    }
    let Some(since) = modified(stamp) else {
        return Some("cannot read the import stamp's time".into());
    };
    changed_since(project, since, skip).map(|path| match path.strip_prefix(project) {
        // The project folder's own time: an entry was added, removed or renamed.
        Ok(shown) if shown.as_os_str().is_empty() => {
            "a file or folder was added to the project or removed since the last import".into()
        }
        Ok(shown) => format!("{} changed since the last import", shown.display()),
        Err(_) => format!("{} changed since the last import", path.display()),
    })
}

/// The first file or folder under `dir` modified after `since`, walking what Godot walks: it
/// ignores hidden entries and folders holding a `.gdignore`. `skip` (the built library's folder)
/// changes on every build and never needs an import.
fn changed_since(dir: &Path, since: SystemTime, skip: &Path) -> Option<PathBuf> {
    // A folder's own time changes when an entry is added, removed or renamed.
    if modified(dir).is_some_and(|time| time > since) {
        return Some(dir.to_path_buf());
    }
    for entry in fs::read_dir(dir).ok()?.flatten() {
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let changed = if kind.is_dir() {
            if path == skip || path.join(".gdignore").exists() {
                continue;
            }
            changed_since(&path, since, skip)
        } else {
            modified(&path)
                .is_some_and(|time| time > since)
                .then(|| path.clone())
        };
        if changed.is_some() {
            return changed;
        }
    }
    None
}

fn modified(path: &Path) -> Option<SystemTime> {
    fs::metadata(path).and_then(|meta| meta.modified()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A scratch project tree, removed when the test ends.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Self {
            let dir = std::env::temp_dir().join(format!("xtask-{name}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&dir);
            for sub in ["scenes", "target", "addons/aps/bin", ".godot"] {
                fs::create_dir_all(dir.join(sub)).unwrap();
            }
            fs::write(dir.join("target/.gdignore"), "").unwrap();
            fs::write(dir.join("scenes/a.gd"), "extends Node").unwrap();
            Self(dir)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    /// Creates or touches a file, giving it the time `time`.
    fn set_time(path: &Path, time: SystemTime) {
        let file = fs::File::options()
            .create(true)
            .append(true)
            .open(path)
            .unwrap();
        file.set_modified(time).unwrap();
    }

    #[test]
    fn imports_first_then_only_after_relevant_changes() {
        let scratch = Scratch::new("import");
        let root = &scratch.0;
        let stamp = root.join(".godot").join(STAMP);
        let bin = root.join("addons/aps/bin");
        let reason = |version: &str| reason_to_import(root, &stamp, version, &bin);
        // The stamp lies in the future, so that files and folders created now are older.
        let stamped = SystemTime::now() + Duration::from_secs(60);
        let after = stamped + Duration::from_secs(1);

        assert!(reason("4.6").is_some(), "no stamp yet");
        fs::write(&stamp, "4.6\n").unwrap();
        set_time(&stamp, stamped);
        assert_eq!(reason("4.6"), None);
        assert!(reason("4.5").is_some(), "another Godot version");

        // Ignored: the library folder, gdignored folders, hidden entries.
        set_time(&bin.join("libaps_godot.linux.x86_64.so"), after);
        set_time(&root.join("target/libaps_godot.so"), after);
        set_time(&root.join(".godot/editor_state.cfg"), after);
        assert_eq!(reason("4.6"), None);

        set_time(&root.join("scenes/a.gd"), after);
        assert!(reason("4.6").unwrap().contains("a.gd"));
    }
}
