//! The addon as a user installs it, in one zip: what `cargo xtask package` writes to
//! `dist/aps-<version>.zip`.
//!
//! The zip holds `addons/aps/` at its root, the layout the Godot Asset Library and the Asset
//! Store install from: everything in the addon folder (`aps.gdextension`, `plugin.cfg`,
//! `plugin.gd`, `editor/`, `icons/`, `presets/`, the addon's own `README.md` and `LICENSE`, and
//! the `.uid` files by which Godot 4.4+ knows its scripts), then `bin/` with one library per
//! platform, under the name `aps.gdextension` gives its release entry; the packaged
//! `aps.gdextension` names that file for the debug entry too. Left out: `.import` files (Godot
//! writes its own on a user's first import), hidden files, and whatever else lies in `bin/`.
//! A package for another platform is built on that platform with the same command (see
//! `.github/workflows/release.yml`). The version is the workspace's, which `plugin.cfg` states too.

use crate::build::{self, Profile, Slot};
use crate::paths::Paths;
use crate::zip::{self, Entry};
use std::fs;
use std::path::{Path, PathBuf};

/// Where the addon sits in the project, and so in the zip.
const ADDON: [&str; 2] = ["addons", "aps"];
/// The libraries' folder inside the addon: filled from the builds, not from the folder.
const BIN: &str = "bin";

/// The version of the package: the workspace's `version`, which `plugin.cfg` must agree with.
pub fn version(paths: &Paths) -> Result<String, String> {
    let manifest = paths.workspace.join("Cargo.toml");
    let cargo = read(&manifest)?;
    let cargo_version = quoted_value(&cargo, "version")
        .ok_or_else(|| format!("{} has no `version = \"...\"`", manifest.display()))?;
    let cfg = addon_dir(&paths.workspace).join("plugin.cfg");
    let plugin_version = quoted_value(&read(&cfg)?, "version")
        .ok_or_else(|| format!("{} has no `version=\"...\"`", cfg.display()))?;
    if cargo_version == plugin_version {
        Ok(cargo_version)
    } else {
        Err(format!(
            "Cargo.toml says version {cargo_version} but addons/aps/plugin.cfg says \
             {plugin_version}: make them the same"
        ))
    }
}

/// `dist/aps-<version>.zip`, where `cargo xtask package` writes the package.
pub fn dist_file(paths: &Paths, version: &str) -> PathBuf {
    paths
        .workspace
        .join("dist")
        .join(format!("aps-{version}.zip"))
}

/// Writes the package to `out` with this platform's `libraries` (one file per slot) in `bin/`;
/// returns the names of its entries.
pub fn write(
    paths: &Paths,
    libraries: &[(Slot, PathBuf)],
    out: &Path,
) -> Result<Vec<String>, String> {
    let named = libraries
        .iter()
        .map(|(slot, path)| Ok((build::installed_file_name(*slot)?, path.clone())))
        .collect::<Result<Vec<_>, String>>()?;
    write_named(paths, &named, out)
}

/// Writes the package to `out` with `libraries` in `bin/`, each under the file name
/// `aps.gdextension` gives it; returns the names of its entries.
pub fn write_named(
    paths: &Paths,
    libraries: &[(String, PathBuf)],
    out: &Path,
) -> Result<Vec<String>, String> {
    let mut entries = Vec::new();
    let mut prefix = String::new();
    for part in ADDON {
        prefix = format!("{prefix}{part}/");
        entries.push(Entry::folder(&prefix));
    }
    add_folder(&addon_dir(&paths.workspace), &prefix, &mut entries)?;
    let bin = format!("{prefix}{BIN}/");
    entries.push(Entry::folder(&bin));
    for (name, library) in libraries {
        entries.push(Entry::file(&format!("{bin}{name}"), read_bytes(library)?));
    }
    let bytes = zip::archive(&entries)?;
    let folder = out
        .parent()
        .ok_or_else(|| format!("{} has no folder", out.display()))?;
    fs::create_dir_all(folder).map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    // Godot must not scan the packages folder (it sits in the project).
    fs::write(folder.join(".gdignore"), "")
        .map_err(|e| format!("cannot write into {}: {e}", folder.display()))?;
    fs::write(out, bytes).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(entries.into_iter().map(|entry| entry.name).collect())
}

/// Checks that `library` is the build of `profile`, by the name the library gives its build
/// (`ApsWorld.get_build`): a package must not ship a development build.
pub fn check_build(profile: Profile, library: &Path) -> Result<(), String> {
    let bytes = read_bytes(library)?;
    let found = build_marks(&bytes);
    if found != [profile.build_mark()] {
        return Err(format!(
            "{} should hold the {} build ({}), but it names itself {:?}",
            library.display(),
            profile.describe(),
            profile.build_mark(),
            found
        ));
    }
    println!("{}: {}", library.display(), profile.build_mark());
    Ok(())
}

/// The file that tells Godot which library to load; the package's own version of it.
const GDEXTENSION: &str = "aps.gdextension";

/// The package's `aps.gdextension`: as the repository's, but with each `debug` entry of
/// `[libraries]` naming the file of its `release` twin (`linux.debug.x86_64` takes
/// `linux.release.x86_64`'s), so that one library per platform serves the editor, debug exports
/// and release exports. The repository keeps two entries because development installs a quick
/// unoptimised build in the debug slot; a user gets the release build everywhere, which is as
/// fast in the editor as in the game and keeps the package small. The section's comments, which
/// describe the repository's two files, are replaced by one that describes this.
fn packaged_gdextension(text: &str) -> Result<String, String> {
    let entries: Vec<(&str, &str)> = library_lines(text)
        .filter_map(|line| {
            let (key, value) = line.split_once('=')?;
            Some((key.trim(), value.trim()))
        })
        .collect();
    let mut out = String::new();
    let mut in_libraries = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            in_libraries = trimmed == "[libraries]";
            out.push_str(line);
            out.push('\n');
            if in_libraries {
                out.push_str(
                    "\n; One library per platform: the editor, and games exported with either \
                     template, load\n; the same optimised release build.\n",
                );
            }
            continue;
        }
        if in_libraries && trimmed.starts_with(';') {
            continue;
        }
        let Some((key, _)) = line.split_once('=').filter(|_| in_libraries) else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        let key = key.trim();
        let parts: Vec<&str> = key.split('.').collect();
        if !parts.contains(&"debug") {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let twin: Vec<&str> = parts
            .iter()
            .map(|&part| if part == "debug" { "release" } else { part })
            .collect();
        let twin = twin.join(".");
        let value = entries
            .iter()
            .find(|(other, _)| *other == twin)
            .map(|(_, value)| *value)
            .ok_or_else(|| format!("{GDEXTENSION}: {key} has no {twin} entry to share"))?;
        out.push_str(&format!("{key} = {value}\n"));
    }
    Ok(out)
}

/// The lines of `[libraries]` that are not comments or blank.
fn library_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut in_libraries = false;
    text.lines().filter(move |line| {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            in_libraries = trimmed == "[libraries]";
            return false;
        }
        in_libraries && !trimmed.is_empty() && !trimmed.starts_with(';')
    })
}

/// Every build name of [`Profile::build_mark`] that `bytes` holds, each once, in the order
/// found. The library's strings run together, so each place that starts like a build name is
/// read as the longest name it starts with.
fn build_marks(bytes: &[u8]) -> Vec<&'static str> {
    const PREFIX: &[u8] = b"aps-build:";
    let mut known = [Profile::Dev, Profile::Release].map(Profile::build_mark);
    known.sort_by_key(|m| std::cmp::Reverse(m.len()));
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(i) = bytes[at..].windows(PREFIX.len()).position(|w| w == PREFIX) {
        let start = at + i;
        if let Some(mark) = known
            .iter()
            .find(|m| bytes[start..].starts_with(m.as_bytes()))
        {
            if !found.contains(mark) {
                found.push(*mark);
            }
        }
        at = start + PREFIX.len();
    }
    found
}

/// A file's size in megabytes, for the report.
pub fn size_text(path: &Path) -> String {
    fs::metadata(path).map_or_else(
        |e| format!("size unknown ({e})"),
        |m| format!("{:.1} MB ({} bytes)", m.len() as f64 / 1_048_576.0, m.len()),
    )
}

fn addon_dir(root: &Path) -> PathBuf {
    ADDON
        .iter()
        .fold(root.to_path_buf(), |dir, part| dir.join(part))
}

/// Adds what `dir` holds under `prefix` (ending in `/`), in name order, so the same folder
/// always makes the same zip.
fn add_folder(dir: &Path, prefix: &str, entries: &mut Vec<Entry>) -> Result<(), String> {
    let mut children: Vec<_> = fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .flatten()
        .collect();
    children.sort_by_key(|child| child.file_name());
    for child in children {
        let name = child.file_name().to_string_lossy().into_owned();
        let path = child.path();
        if !ships(&name, prefix, path.is_dir()) {
            continue;
        }
        if path.is_dir() {
            let folder = format!("{prefix}{name}/");
            entries.push(Entry::folder(&folder));
            add_folder(&path, &folder, entries)?;
        } else if name == GDEXTENSION && prefix == format!("{}/", ADDON.join("/")) {
            let text = packaged_gdextension(&read(&path)?)?;
            entries.push(Entry::file(&format!("{prefix}{name}"), text.into_bytes()));
        } else {
            entries.push(Entry::file(&format!("{prefix}{name}"), read_bytes(&path)?));
        }
    }
    Ok(())
}

/// Whether an entry of the addon folder goes into the package (`prefix`: where it sits).
fn ships(name: &str, prefix: &str, is_dir: bool) -> bool {
    let top_bin = is_dir && name == BIN && prefix == format!("{}/", ADDON.join("/"));
    !(name.starts_with('.') || name.ends_with(".import") || top_bin)
}

/// The value of the first `key = "value"` (or `key="value"`) line.
fn quoted_value(text: &str, key: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let value = line
            .trim()
            .strip_prefix(key)?
            .trim_start()
            .strip_prefix('=')?;
        let value = value.trim().strip_prefix('"')?;
        Some(value[..value.find('"')?].to_string())
    })
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
    fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_packaged_gdextension_gives_each_debug_entry_its_release_twin_file() {
        let paths = Paths::discover().unwrap();
        let original = read(&addon_dir(&paths.workspace).join(GDEXTENSION)).unwrap();
        let packaged = packaged_gdextension(&original).unwrap();
        let before: Vec<_> = library_lines(&original).collect();
        let after: Vec<_> = library_lines(&packaged).collect();
        assert_eq!(before.len(), after.len(), "{packaged}");
        let value = |lines: &[&str], key: &str| {
            lines
                .iter()
                .find_map(|line| {
                    let (k, v) = line.split_once('=')?;
                    (k.trim() == key).then(|| v.trim().to_string())
                })
                .unwrap()
        };
        for key in ["linux.debug.x86_64", "windows.debug.x86_64", "macos.debug"] {
            let twin = key.replace("debug", "release");
            assert_eq!(value(&after, key), value(&before, &twin), "{key}");
            assert_eq!(value(&after, &twin), value(&before, &twin), "{twin}");
        }
        assert!(!packaged.contains(".debug.x86_64.so\""), "{packaged}");
        // Everything outside [libraries] stays as it was.
        assert!(packaged.contains("entry_symbol = \"gdext_rust_init\""));
        assert_eq!(
            original
                .lines()
                .filter(|l| l.contains("ApsWorld ="))
                .count(),
            packaged
                .lines()
                .filter(|l| l.contains("ApsWorld ="))
                .count()
        );
    }

    #[test]
    fn a_debug_entry_without_a_release_twin_is_refused() {
        let text = "[libraries]\nlinux.debug.x86_64 = \"res://a.so\"\n";
        let err = packaged_gdextension(text).unwrap_err();
        assert!(err.contains("linux.release.x86_64"), "{err}");
    }

    #[test]
    fn reads_quoted_values() {
        let cargo = "[workspace.package]\nversion = \"0.1.0\"\nedition = \"2021\"\n";
        assert_eq!(quoted_value(cargo, "version").as_deref(), Some("0.1.0"));
        let cfg = "[plugin]\nname=\"APS\"\nversion=\"0.2.0\"\n";
        assert_eq!(quoted_value(cfg, "version").as_deref(), Some("0.2.0"));
        assert_eq!(quoted_value("versions = 2", "version"), None);
    }

    #[test]
    fn the_workspace_and_the_plugin_agree_on_the_version() {
        let paths = Paths::discover().unwrap();
        assert!(version(&paths).is_ok(), "{:?}", version(&paths));
    }

    #[test]
    fn finds_the_build_a_library_names() {
        let bytes = b"..ApsWorld.windaps-build:opt0+checksApsWorld.node_added.. `aps-build:` ..";
        assert_eq!(build_marks(bytes), ["aps-build:opt0+checks"]);
        let bytes = b"\0aps-build:opt3\0x\0aps-build:opt3\0";
        assert_eq!(build_marks(bytes), ["aps-build:opt3"]);
        assert!(build_marks(b"no mark here").is_empty());
    }

    #[test]
    fn ships_what_a_user_installs() {
        let top = "addons/aps/";
        assert!(ships("plugin.gd", top, false));
        assert!(ships("plugin.gd.uid", top, false));
        assert!(ships("icons", top, true));
        assert!(!ships("ApsProfile.svg.import", "addons/aps/icons/", false));
        assert!(!ships(".partial", top, false));
        assert!(!ships("bin", top, true), "bin/ is filled from the builds");
        assert!(
            ships("bin", "addons/aps/presets/", true),
            "only the addon's own bin/"
        );
    }
}
