//! `cargo xtask screenshot`: the README's pictures, taken by the demo itself in a real window.
//!
//! Headless Godot renders nothing, so the demo runs in a window: on the developer's X display if
//! it answers, otherwise on an Xvfb that xtask starts (see `display.rs`). Without a GPU, only the
//! Compatibility renderer (OpenGL 3) on Mesa's llvmpipe works, so every run uses it: the pictures
//! then come out the same on every machine, with or without a GPU. The demo gets
//! `--screenshots=<dir>`, saves one PNG per wing there and quits; xtask then insists that PNGs
//! were written, and lists them.

use crate::godot::Godot;
use crate::paths::Paths;
use crate::run::{self, Limits};
use std::ffi::OsString;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Where the pictures go, relative to the project: the repository root, where the README is.
const FOLDER: [&str; 2] = ["docs", "screenshots"];

/// The virtual screen: larger than Godot's default window (1152x648), so nothing is clipped.
#[cfg(all(unix, not(target_os = "macos")))]
const SCREEN: &str = "1280x720x24";

/// How Godot runs for pictures. The Compatibility renderer on OpenGL 3: what a software
/// rasterizer can run. Fixed 60 fps: every frame is 1/60 s of game time, so a demo that waits N
/// frames or seconds before a picture shows the same moment however slowly the machine renders.
/// The dummy audio driver: pictures need no sound, and a machine without a sound card would
/// otherwise log an ALSA error, which fails the run.
const GODOT_ARGS: [&str; 8] = [
    "--rendering-method",
    "gl_compatibility",
    "--rendering-driver",
    "opengl3",
    "--fixed-fps",
    "60",
    "--audio-driver",
    "Dummy",
];

/// Runs `scene` in a window with `--screenshots=<docs/screenshots>` (then `scene_args`), checks
/// that it wrote PNGs there and prints the verdict: `Ok(passed)`. `Err` means the run could not
/// even start (no scene, no display, no OpenGL).
pub fn take(
    godot: &Godot,
    paths: &Paths,
    scene: &str,
    scene_args: &[OsString],
) -> Result<bool, String> {
    let file = paths.resource_file(scene);
    if !file.is_file() {
        return Err(format!("{scene} does not exist ({})", file.display()));
    }
    let sitting = Sitting {
        project: &paths.project,
        label: scene,
        launch: vec![scene.into()],
        folder_flag: "--screenshots=",
        user_args: scene_args.to_vec(),
        harmless: &[],
    };
    Ok(sit(godot, &paths.project, &sitting)?.is_empty())
}

/// One windowed Godot run that takes pictures.
pub struct Sitting<'a> {
    /// The Godot project it runs in.
    pub project: &'a Path,
    /// What to call it in the verdict.
    pub label: &'a str,
    /// Godot's arguments after the project: a scene to run, or `--editor`.
    pub launch: Vec<OsString>,
    /// The user argument that names the pictures' folder, e.g. `--screenshots=`.
    pub folder_flag: &'a str,
    /// More user arguments, after the folder's.
    pub user_args: Vec<OsString>,
    /// Errors this run is known to print through no fault of APS's, by a part of any of their
    /// lines: they do not fail it.
    pub harmless: &'a [&'a str],
}

/// Runs `sitting` in a window, the pictures going to `docs/screenshots` under `home`; prints
/// the PNGs it wrote and the verdict. Returns every reason it failed (empty: it passed).
pub fn sit(godot: &Godot, home: &Path, sitting: &Sitting) -> Result<Vec<String>, String> {
    let folder = prepare_folder(home)?;
    let before = pngs(&folder);

    let mut cmd = godot.command();
    if let Some(root) = &godot.root {
        cmd.envs(crate::software_gl::ensure(root)?);
    }
    // Kept alive until Godot is done; dropping it stops an Xvfb that xtask started.
    #[cfg(all(unix, not(target_os = "macos")))]
    let display = {
        let display = crate::display::ensure(SCREEN)?;
        // Explicit: a Wayland session must not win over the display chosen here.
        cmd.env("DISPLAY", &display.name)
            .args(["--display-driver", "x11"]);
        display
    };
    let mut folder_arg = OsString::from(sitting.folder_flag);
    folder_arg.push(&folder);
    cmd.args(GODOT_ARGS)
        .arg("--path")
        .arg(sitting.project)
        .args(&sitting.launch)
        .arg("--")
        .arg(folder_arg)
        .args(&sitting.user_args);
    let limits = Limits {
        deadline: run::timeout()?,
        stop_when_stuck: true,
    };
    let mut outcome = run::stream(&mut cmd, &limits)?;
    #[cfg(all(unix, not(target_os = "macos")))]
    drop(display);
    outcome.watcher.errors.retain(|error| {
        !error
            .iter()
            .any(|line| sitting.harmless.iter().any(|h| line.contains(h)))
    });

    let mut failures = run::judge(&outcome, false);
    let written = written_since(&folder, &before);
    println!();
    if written.is_empty() {
        failures.push(format!(
            "no new PNG in {} (the run must save its pictures into the folder given as \
             `{}<dir>`)",
            folder.display(),
            sitting.folder_flag
        ));
    } else {
        println!("Screenshots written to {}:", folder.display());
        for png in &written {
            println!("  {}", png.describe());
            if png.size.is_none() {
                failures.push(format!("{} is not a PNG", png.name));
            }
        }
    }
    run::report(sitting.label, &outcome, &failures);
    Ok(failures)
}

/// Creates the pictures' folder, telling Godot to leave it alone: imported, every new picture
/// would make the next `test` re-import the project and litter the folder with `.import` files.
fn prepare_folder(project: &Path) -> Result<PathBuf, String> {
    let folder = FOLDER
        .iter()
        .fold(project.to_path_buf(), |dir, part| dir.join(part));
    fs::create_dir_all(&folder).map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    let gdignore = folder.join(".gdignore");
    if !gdignore.exists() {
        fs::write(&gdignore, "")
            .map_err(|e| format!("cannot write {}: {e}", gdignore.display()))?;
    }
    Ok(folder)
}

/// A PNG file in the pictures' folder.
struct Png {
    name: String,
    modified: Option<SystemTime>,
    bytes: u64,
    /// Width and height from the PNG header; `None` if the file is not a PNG.
    size: Option<(u32, u32)>,
}

impl Png {
    fn describe(&self) -> String {
        let size = match self.size {
            Some((width, height)) => format!("{width}x{height}"),
            None => "not a PNG".into(),
        };
        format!(
            "{:<28} {size:>10} {:>8.1} KB",
            self.name,
            self.bytes as f64 / 1024.0
        )
    }
}

/// The `*.png` files in `folder`, by name.
fn pngs(folder: &Path) -> Vec<Png> {
    let mut found: Vec<Png> = fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| {
            Path::new(&entry.file_name())
                .extension()
                .is_some_and(|ext| ext.eq_ignore_ascii_case("png"))
        })
        .filter_map(|entry| {
            let meta = entry.metadata().ok().filter(|meta| meta.is_file())?;
            Some(Png {
                name: entry.file_name().to_string_lossy().into_owned(),
                modified: meta.modified().ok(),
                bytes: meta.len(),
                size: png_size(&entry.path()),
            })
        })
        .collect();
    found.sort_by(|a, b| a.name.cmp(&b.name));
    found
}

/// The PNGs that are new in `folder`, or rewritten, since `before` was listed.
fn written_since(folder: &Path, before: &[Png]) -> Vec<Png> {
    pngs(folder)
        .into_iter()
        .filter(|png| {
            !before.iter().any(|old| {
                old.name == png.name && old.modified == png.modified && old.bytes == png.bytes
            })
        })
        .collect()
}

/// Width and height from a PNG's first chunk, which the format requires to be `IHDR`.
fn png_size(path: &Path) -> Option<(u32, u32)> {
    let mut head = [0u8; 24];
    fs::File::open(path).ok()?.read_exact(&mut head).ok()?;
    parse_png_header(&head)
}

fn parse_png_header(head: &[u8; 24]) -> Option<(u32, u32)> {
    const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    if head[..8] != SIGNATURE || &head[12..16] != b"IHDR" {
        return None;
    }
    let number =
        |at: usize| u32::from_be_bytes([head[at], head[at + 1], head[at + 2], head[at + 3]]);
    Some((number(16), number(20)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_size_from_a_png_header() {
        let mut head = [0u8; 24];
        head[..8].copy_from_slice(&[0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n']);
        head[8..12].copy_from_slice(&13u32.to_be_bytes());
        head[12..16].copy_from_slice(b"IHDR");
        head[16..20].copy_from_slice(&1152u32.to_be_bytes());
        head[20..24].copy_from_slice(&648u32.to_be_bytes());
        assert_eq!(parse_png_header(&head), Some((1152, 648)));
        head[1] = b'J';
        assert_eq!(parse_png_header(&head), None);
    }

    #[test]
    fn only_new_or_rewritten_pictures_count() {
        let dir = std::env::temp_dir().join(format!("xtask-shots-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("old.png"), "old").unwrap();
        fs::write(dir.join("notes.txt"), "not a picture").unwrap();
        let before = pngs(&dir);
        assert_eq!(before.len(), 1);
        fs::write(dir.join("new.png"), "new").unwrap();
        let written = written_since(&dir, &before);
        let _ = fs::remove_dir_all(&dir);
        assert_eq!(written.len(), 1);
        assert_eq!(written[0].name, "new.png");
        assert_eq!(written[0].size, None);
    }
}
