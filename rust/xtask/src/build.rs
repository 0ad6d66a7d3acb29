//! Building the extension and installing it where `addons/aps/aps.gdextension` looks for it.
//!
//! `aps.gdextension` names two files per platform: the `debug` entry, which an editor build of
//! Godot always loads (the editor, and `--headless` runs of a project: their Godot has the
//! `debug` feature), as does a game exported with the debug template; and the `release` entry,
//! which only a game exported with the release template loads. `test`, `demo` and `screenshot` install a dev build as the debug
//! file. `bench` and `soak` install a release build as the release file and also as the debug
//! file, because their headless runs use the editor's Godot, which loads the debug entry: that
//! is how they measure the release build (the next `test` or `demo` puts the dev build back).
//! `package` zips the release build once per platform, as the release file, and its
//! `aps.gdextension` names that file for the debug entry too (see `package`).

use crate::cmd;
use crate::paths::Paths;
use std::env::consts::{ARCH, DLL_PREFIX, DLL_SUFFIX, OS};
use std::fs;
use std::path::{Path, PathBuf};

/// The extension's package, and its library name (the package name with underscores).
const PACKAGE: &str = "aps-godot";
const LIB_NAME: &str = "aps_godot";

/// A Cargo profile the extension is built with.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Profile {
    Dev,
    Release,
}

impl Profile {
    pub fn describe(self) -> &'static str {
        match self {
            Profile::Dev => "dev",
            Profile::Release => "release",
        }
    }

    /// The folder of the target directory that Cargo builds this profile into.
    pub fn target_subdir(self) -> &'static str {
        match self {
            Profile::Dev => "debug",
            Profile::Release => "release",
        }
    }

    /// What the library calls its build (`ApsWorld.get_build`, `build.rs`): a package's check
    /// looks for it in each file.
    pub fn build_mark(self) -> &'static str {
        match self {
            Profile::Dev => "aps-build:opt0+checks",
            Profile::Release => "aps-build:opt3",
        }
    }
}

/// Which of `aps.gdextension`'s two entries for a platform a file is installed as.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Slot {
    /// `<os>.debug.<arch>`: what the editor, and any run of an editor build of Godot, loads.
    Debug,
    /// `<os>.release.<arch>`: what a game exported with the release template loads.
    Release,
}

impl Slot {
    /// The feature tag Godot selects the entry by.
    pub fn tag(self) -> &'static str {
        match self {
            Slot::Debug => "debug",
            Slot::Release => "release",
        }
    }
}

/// A short name for the step, for summaries.
pub fn step_name(profile: Profile) -> String {
    format!(
        "build {PACKAGE} ({}) into addons/aps/bin",
        profile.describe()
    )
}

/// Builds the extension and copies it into `addons/aps/bin/` as each of `slots`; returns the
/// installed files.
pub fn build_and_install(
    paths: &Paths,
    profile: Profile,
    slots: &[Slot],
) -> Result<Vec<PathBuf>, String> {
    let built = build(paths, profile)?;
    slots
        .iter()
        .map(|&slot| install(&built, &paths.addon_bin(), slot))
        .collect()
}

/// Builds the extension with `profile`; returns the library Cargo wrote.
pub fn build(paths: &Paths, profile: Profile) -> Result<PathBuf, String> {
    let mut cargo = cmd::cargo();
    cargo
        .current_dir(&paths.workspace)
        .args(["build", "--package", PACKAGE]);
    match profile {
        Profile::Dev => {}
        Profile::Release => {
            cargo.arg("--release");
        }
    }
    cmd::run(&mut cargo)?;
    let target = target_dir(paths)?;
    keep_godot_out(&target, paths)?;
    let built = target
        .join(profile.target_subdir())
        .join(format!("{DLL_PREFIX}{LIB_NAME}{DLL_SUFFIX}"));
    if built.is_file() {
        Ok(built)
    } else {
        Err(format!(
            "cargo built {PACKAGE} but {} is missing (is it a cdylib?)",
            built.display()
        ))
    }
}

/// The target directory sits inside the Godot project but is not in git, so nothing else can
/// give it the `.gdignore` that keeps Godot from scanning gigabytes of build output.
fn keep_godot_out(target: &Path, paths: &Paths) -> Result<(), String> {
    let marker = target.join(".gdignore");
    if !target.starts_with(&paths.project) || marker.exists() {
        return Ok(());
    }
    fs::write(&marker, "").map_err(|e| format!("cannot write {}: {e}", marker.display()))
}

/// The file `aps.gdextension` names for `slot` on this platform.
pub fn installed_file_name(slot: Slot) -> Result<String, String> {
    file_name(OS, ARCH, slot)
}

/// The file `aps.gdextension` names for `slot` on `os` and `arch` (Rust's names for them): the
/// library name, then the entry's key (`linux.debug.x86_64`: Godot's feature tags, so `arm64`
/// for `aarch64`), then the platform's suffix. macOS has one universal entry per slot.
pub fn file_name(os: &str, arch: &str, slot: Slot) -> Result<String, String> {
    let arch = || match arch {
        "x86_64" => Ok("x86_64"),
        "aarch64" => Ok("arm64"),
        other => Err(format!("no library name for {os} on {other}")),
    };
    let tag = slot.tag();
    match os {
        "linux" => Ok(format!("lib{LIB_NAME}.linux.{tag}.{}.so", arch()?)),
        "windows" => Ok(format!("{LIB_NAME}.windows.{tag}.{}.dll", arch()?)),
        "macos" => Ok(format!("lib{LIB_NAME}.macos.{tag}.dylib")),
        other => Err(format!("no library name for {other}")),
    }
}

/// Copies `built` into `bin_dir` under `slot`'s name; returns the installed file.
pub fn install(built: &Path, bin_dir: &Path, slot: Slot) -> Result<PathBuf, String> {
    let name = installed_file_name(slot)?;
    fs::create_dir_all(bin_dir).map_err(|e| format!("cannot create {}: {e}", bin_dir.display()))?;
    let dest = bin_dir.join(&name);
    // Copy beside it, then rename over it: a Godot editor that has the old library loaded
    // keeps its mapping instead of crashing on a file rewritten underneath it. The partial
    // file is hidden, so Godot never scans it.
    let partial = bin_dir.join(format!(".{name}.partial"));
    fs::copy(built, &partial).map_err(|e| {
        format!(
            "cannot copy {} to {}: {e}",
            built.display(),
            partial.display()
        )
    })?;
    fs::rename(&partial, &dest).map_err(|e| {
        let _ = fs::remove_file(&partial);
        format!(
            "cannot replace {}: {e} (a running Godot may hold it open; close it)",
            dest.display()
        )
    })?;
    println!(
        "installed {} -> {} ({} entry)",
        built.display(),
        dest.display(),
        slot.tag()
    );
    Ok(dest)
}

/// Cargo's target directory, which `CARGO_TARGET_DIR` or `build.target-dir` may have moved.
pub fn target_dir(paths: &Paths) -> Result<PathBuf, String> {
    let mut cargo = cmd::cargo();
    cargo
        .current_dir(&paths.workspace)
        .args(["metadata", "--format-version", "1", "--no-deps"]);
    let out = cargo
        .output()
        .map_err(|e| format!("cannot run `{}`: {e}", cmd::show(&cargo)))?;
    if !out.status.success() {
        return Err(format!(
            "`{}` failed: {}",
            cmd::show(&cargo),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    json_string_field(&String::from_utf8_lossy(&out.stdout), "target_directory")
        .map(PathBuf::from)
        .ok_or_else(|| format!("`{}` named no target_directory", cmd::show(&cargo)))
}

/// The string value of the first `"key":` in a JSON text. Enough for one field of
/// `cargo metadata`, without a JSON dependency.
fn json_string_field(json: &str, key: &str) -> Option<String> {
    let needle = format!("\"{key}\":");
    let at = json.find(&needle)? + needle.len();
    let mut chars = json[at..].trim_start().strip_prefix('"')?.chars();
    let mut value = String::new();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(value),
            '\\' => value.push(match chars.next()? {
                'n' => '\n',
                't' => '\t',
                'r' => '\r',
                'b' => '\u{8}',
                'f' => '\u{c}',
                'u' => {
                    let hex: String = chars.by_ref().take(4).collect();
                    char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?
                }
                other => other,
            }),
            c => value.push(c),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_string_field_with_escapes() {
        let json =
            r#"{"packages":[],"target_directory":"C:\\work\\my \"aps\"\/target","version":1}"#;
        assert_eq!(
            json_string_field(json, "target_directory").as_deref(),
            Some(r#"C:\work\my "aps"/target"#)
        );
        assert_eq!(
            json_string_field(r#"{"a": "\u00e9"}"#, "a").as_deref(),
            Some("é")
        );
        assert_eq!(json_string_field(r#"{"a":1}"#, "a"), None);
        assert_eq!(json_string_field(r#"{"a":"open"#, "a"), None);
    }

    #[test]
    fn names_the_library_for_this_platform() {
        let name = installed_file_name(Slot::Debug).unwrap();
        if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
            assert_eq!(name, "libaps_godot.linux.debug.x86_64.so");
        }
        assert_ne!(name, installed_file_name(Slot::Release).unwrap());
    }

    /// Every file xtask installs is the one `aps.gdextension` names for its entry, and the other
    /// way round.
    #[test]
    fn the_names_are_aps_gdextensions() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let text = fs::read_to_string(root.join("addons/aps/aps.gdextension")).unwrap();
        let libraries: Vec<(String, String)> = text
            .split("[libraries]")
            .nth(1)
            .expect("a [libraries] section")
            .lines()
            .take_while(|line| !line.starts_with('['))
            .filter(|line| !line.trim_start().starts_with(';'))
            .filter_map(|line| line.split_once('='))
            .map(|(key, value)| (key.trim().into(), value.trim().trim_matches('"').into()))
            .collect();
        let mut expected = Vec::new();
        for (os, arch) in [
            ("linux", "x86_64"),
            ("linux", "aarch64"),
            ("windows", "x86_64"),
            ("macos", "aarch64"),
        ] {
            for slot in [Slot::Debug, Slot::Release] {
                let key = match (os, arch) {
                    ("macos", _) => format!("macos.{}", slot.tag()),
                    (_, "aarch64") => format!("{os}.{}.arm64", slot.tag()),
                    _ => format!("{os}.{}.{arch}", slot.tag()),
                };
                let path = format!(
                    "res://addons/aps/bin/{}",
                    file_name(os, arch, slot).unwrap()
                );
                expected.push((key, path));
            }
        }
        expected.sort();
        let mut libraries = libraries;
        libraries.sort();
        assert_eq!(libraries, expected);
    }
}
