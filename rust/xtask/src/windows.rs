//! Windows libraries built on Linux (`cargo xtask package --target windows`).
//!
//! The toolchain comes from the same Debian unstable root xtask provisions Godot into
//! (`.cache/godot/root`): its `rustc`, `cargo` and `rust-src` and the MinGW-w64 cross compiler,
//! installed there with apt the first time. Debian ships no prebuilt Windows standard library,
//! so it is built from `rust-src` (`-Zbuild-std`, which a distribution's stable compiler allows
//! with `RUSTC_BOOTSTRAP=1`). The workspace is mounted into the root for the build and
//! unmounted after; the output lands in `target/windows/` of the workspace.
//!
//! Needs what provisioning needs (Linux x86_64, root, the network). The libraries are checked
//! by `library_check` (a PE library exporting `gdext_rust_init`, linking only Windows' own
//! libraries); they are not run here.

use crate::build::Profile;
use crate::paths::Paths;
use crate::provision;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Rust's name for the platform.
pub const TARGET: &str = "x86_64-pc-windows-gnu";

/// What the root needs for the build.
const PACKAGES: [&str; 5] = [
    "rustc",
    "cargo",
    "rust-src",
    "gcc-mingw-w64-x86-64-posix",
    "ca-certificates",
];

/// The C compiler that links the library (its `posix` threads flavour, which Rust's standard
/// library for Windows GNU expects).
const LINKER: &str = "x86_64-w64-mingw32-gcc-posix";

/// Where the workspace is mounted inside the root.
const MOUNT: &str = "src";

/// Builds the extension for Windows with `profile`; returns the DLL.
pub fn build(paths: &Paths, profile: Profile) -> Result<PathBuf, String> {
    let root = toolchain(paths)?;
    let mounted = Mounted::new(&paths.workspace, &root.join(MOUNT))?;
    let mut args = vec![
        "/bin/sh".to_string(),
        "-c".to_string(),
        format!(
            "cd /{MOUNT} && cargo build -p aps-godot --target {TARGET} \
             -Zbuild-std=std,panic_unwind --target-dir target/windows {}",
            match profile {
                Profile::Dev => "",
                Profile::Editor => "--profile editor",
                Profile::Release => "--release",
            }
        ),
    ];
    let mut cmd = Command::new(provision::find_tool("chroot").unwrap_or_else(|| "chroot".into()));
    cmd.arg(&root)
        .args(args.drain(..))
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("LC_ALL", "C")
        .env("RUSTC_BOOTSTRAP", "1")
        .env("CARGO_HOME", format!("/{MOUNT}/target/windows/cargo-home"))
        .env("CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER", LINKER);
    let result = crate::cmd::run(&mut cmd);
    drop(mounted);
    result?;
    let dll = paths
        .workspace
        .join("target")
        .join("windows")
        .join(TARGET)
        .join(profile.target_subdir())
        .join("aps_godot.dll");
    if dll.is_file() {
        Ok(dll)
    } else {
        Err(format!(
            "the Windows build finished but {} is missing",
            dll.display()
        ))
    }
}

/// The provisioned root, with the toolchain installed.
fn toolchain(paths: &Paths) -> Result<PathBuf, String> {
    let cache = paths.godot_cache();
    if provision::provisioned(&cache)?.is_none() {
        provision::provision(&cache)?;
    }
    let root = cache.join(provision::ROOT_DIR);
    let ready = root.join("usr/bin").join(LINKER).is_file()
        && root.join("usr/lib/rustlib/src").is_dir()
        && root.join("usr/bin/cargo").is_file();
    if !ready {
        println!(
            "windows: installing the cross toolchain into {}",
            root.display()
        );
        if provision::install_packages(&root, &PACKAGES).is_err() {
            provision::update_root(&root)?;
            provision::install_packages(&root, &PACKAGES)?;
        }
    }
    trust_as_the_host_does(&root)?;
    Ok(root)
}

/// Gives the root the host's certificate authorities, so that cargo inside it reaches
/// crates.io through whatever the host's network trusts (a proxy with its own authority).
fn trust_as_the_host_does(root: &Path) -> Result<(), String> {
    let host = std::env::var_os("SSL_CERT_FILE")
        .map(PathBuf::from)
        .filter(|p| p.is_file())
        .unwrap_or_else(|| PathBuf::from("/etc/ssl/certs/ca-certificates.crt"));
    if !host.is_file() {
        return Ok(());
    }
    let inside = root.join("etc/ssl/certs/ca-certificates.crt");
    if let Some(folder) = inside.parent() {
        fs::create_dir_all(folder)
            .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    }
    fs::copy(&host, &inside)
        .map(|_| ())
        .map_err(|e| format!("cannot copy {} into the root: {e}", host.display()))
}

/// The workspace bind-mounted into the root while it lives.
struct Mounted {
    at: PathBuf,
}

impl Mounted {
    fn new(what: &Path, at: &Path) -> Result<Mounted, String> {
        fs::create_dir_all(at).map_err(|e| format!("cannot create {}: {e}", at.display()))?;
        crate::cmd::run(Command::new("mount").arg("--bind").arg(what).arg(at))?;
        Ok(Mounted {
            at: at.to_path_buf(),
        })
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        if let Err(e) = crate::cmd::run(Command::new("umount").arg("--lazy").arg(&self.at)) {
            eprintln!("windows: {e}; unmount {} by hand", self.at.display());
        }
    }
}
