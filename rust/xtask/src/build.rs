//! Building the extension and installing it where `addons/aps/aps.gdextension` looks for it.
//!
//! The library is installed under one name per platform whatever the profile, so the
//! `.gdextension` file maps its debug and release keys to the same file: `test` and `demo`
//! install a dev build there, `bench` a release build.

use crate::cmd;
use crate::paths::Paths;
use std::env::consts::{ARCH, DLL_PREFIX, DLL_SUFFIX, OS};
use std::fs;
use std::path::{Path, PathBuf};

/// The extension's package, and its library name (the package name with underscores).
const PACKAGE: &str = "aps-godot";
const LIB_NAME: &str = "aps_godot";

#[derive(Clone, Copy)]
pub enum Profile {
    Dev,
    Release,
}

impl Profile {
    fn describe(self) -> &'static str {
        match self {
            Profile::Dev => "dev",
            Profile::Release => "release",
        }
    }

    /// The folder of the target directory that Cargo builds this profile into.
    fn target_subdir(self) -> &'static str {
        match self {
            Profile::Dev => "debug",
            Profile::Release => "release",
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

/// Builds the extension and copies it into `addons/aps/bin/`; returns the installed file.
pub fn build_and_install(paths: &Paths, profile: Profile) -> Result<PathBuf, String> {
    let mut cargo = cmd::cargo();
    cargo
        .current_dir(&paths.workspace)
        .args(["build", "--package", PACKAGE]);
    if let Profile::Release = profile {
        cargo.arg("--release");
    }
    cmd::run(&mut cargo)?;
    let target = target_dir(paths)?;
    keep_godot_out(&target, paths)?;
    let built = target
        .join(profile.target_subdir())
        .join(format!("{DLL_PREFIX}{LIB_NAME}{DLL_SUFFIX}"));
    install(&built, &paths.addon_bin())
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

/// The file name `aps.gdextension` expects on this platform (arch names follow Godot's
/// feature tags: `x86_64`, `arm64`; macOS builds are one universal name).
pub fn installed_file_name() -> Result<String, String> {
    let arch = || match ARCH {
        "x86_64" => Ok("x86_64"),
        "aarch64" => Ok("arm64"),
        other => Err(format!("no library name for {OS} on {other}")),
    };
    match OS {
        "linux" => Ok(format!("lib{LIB_NAME}.linux.{}.so", arch()?)),
        "windows" => Ok(format!("{LIB_NAME}.windows.{}.dll", arch()?)),
        "macos" => Ok(format!("lib{LIB_NAME}.macos.dylib")),
        other => Err(format!("no library name for {other}")),
    }
}

fn install(built: &Path, bin_dir: &Path) -> Result<PathBuf, String> {
    if !built.is_file() {
        return Err(format!(
            "cargo built {PACKAGE} but {} is missing (is it a cdylib?)",
            built.display()
        ));
    }
    let name = installed_file_name()?;
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
    println!("installed {} -> {}", built.display(), dest.display());
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
        let name = installed_file_name().unwrap();
        if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
            assert_eq!(name, "libaps_godot.linux.x86_64.so");
        }
        assert!(name.contains("aps_godot"));
    }
}
