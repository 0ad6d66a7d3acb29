//! Libraries for other platforms built on Linux (`cargo xtask package --target windows|macos`).
//!
//! The toolchain comes from the same Debian unstable root xtask provisions Godot into
//! (`.cache/godot/root`): its `rustc`, `cargo` and `rust-src`, installed there with apt the first
//! time. Debian ships no prebuilt standard library for either platform, so it is built from
//! `rust-src` (`-Zbuild-std`, which a distribution's stable compiler allows with
//! `RUSTC_BOOTSTRAP=1`). The workspace is mounted into the root for the build and unmounted
//! after; the output lands in `target/<platform>/` of the workspace.
//!
//! - Windows links with Debian's MinGW-w64 cross compiler.
//! - macOS links with zig, which carries the stubs of macOS's system library, driven by
//!   cargo-zigbuild; both come from their wheels on PyPI (fetched with the host's pip) and are
//!   unpacked into the root. One universal library holds the x86_64 and arm64 builds. rustc
//!   strips an Apple library with `rust-objcopy`, which Debian's rustc does not carry: LLVM's
//!   `llvm-objcopy` (Debian's `llvm`) stands in for it.
//!
//! Needs what provisioning needs (Linux x86_64, root, the network). The libraries are checked
//! by `library_check` (the right format, exporting `gdext_rust_init`, linking only the
//! platform's own libraries); they are not run here.

use crate::build::{self, Profile, Slot};
use crate::library_check;
use crate::paths::Paths;
use crate::provision;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A platform the extension is cross-built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    Windows,
    MacOs,
}

/// What every cross build needs in the root.
const COMMON_PACKAGES: [&str; 4] = ["rustc", "cargo", "rust-src", "ca-certificates"];

/// The MinGW-w64 C compiler that links the Windows library (its `posix` threads flavour, which
/// Rust's standard library for Windows GNU expects).
const MINGW_LINKER: &str = "x86_64-w64-mingw32-gcc-posix";

/// The wheels that carry zig and cargo-zigbuild, pinned.
const MACOS_WHEELS: [&str; 2] = ["ziglang==0.17.1", "cargo-zigbuild==0.24.1"];

/// Where the workspace is mounted inside the root.
const MOUNT: &str = "src";

impl Platform {
    /// The platform named on the command line.
    pub fn parse(name: &str) -> Option<Platform> {
        match name {
            "windows" => Some(Platform::Windows),
            "macos" => Some(Platform::MacOs),
            _ => None,
        }
    }

    /// Its name in `aps.gdextension` and in the library's file name.
    pub fn name(self) -> &'static str {
        match self {
            Platform::Windows => "windows",
            Platform::MacOs => "macos",
        }
    }

    /// Rust's name for what is built (cargo-zigbuild's for the universal macOS library).
    fn triple(self) -> &'static str {
        match self {
            Platform::Windows => "x86_64-pc-windows-gnu",
            Platform::MacOs => "universal2-apple-darwin",
        }
    }

    /// The file the build writes.
    fn file(self) -> &'static str {
        match self {
            Platform::Windows => "aps_godot.dll",
            Platform::MacOs => "libaps_godot.dylib",
        }
    }

    /// The library's name in the package, for `slot` (the name `aps.gdextension` gives it).
    pub fn file_name(self, slot: Slot) -> Result<String, String> {
        match self {
            Platform::Windows => build::file_name("windows", "x86_64", slot),
            // One universal file for both Macs: its name carries no architecture.
            Platform::MacOs => build::file_name("macos", "aarch64", slot),
        }
    }

    /// Checks that `library` is one this platform can load (see `library_check`).
    pub fn check(self, library: &Path) -> Result<(), String> {
        match self {
            Platform::Windows => library_check::check_windows_dll(library),
            Platform::MacOs => library_check::check_macos_dylib(library),
        }
    }

    /// Debian packages the platform needs beyond the common ones.
    fn packages(self) -> &'static [&'static str] {
        match self {
            Platform::Windows => &["gcc-mingw-w64-x86-64-posix"],
            Platform::MacOs => &["llvm"],
        }
    }

    /// The build command, run inside the root from the mounted workspace.
    fn command(self, profile: Profile) -> String {
        let profile = match profile {
            Profile::Dev => "",
            Profile::Release => "--release",
        };
        let cargo = match self {
            Platform::Windows => "cargo",
            Platform::MacOs => "cargo-zigbuild",
        };
        format!(
            "cd /{MOUNT} && {cargo} build -p aps-godot --target {} \
             -Zbuild-std=std,panic_unwind --target-dir target/{} {profile}",
            self.triple(),
            self.name()
        )
    }

    /// The environment the build command runs in, beyond the common one.
    fn environment(self) -> Vec<(&'static str, &'static str)> {
        match self {
            Platform::Windows => vec![("CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER", MINGW_LINKER)],
            // The library names itself by its file name alone (the linker would write the
            // path it was built at), as a macOS library loaded by path should.
            Platform::MacOs => {
                const NAME: &str = "-C link-arg=-Wl,-install_name,@rpath/libaps_godot.dylib";
                vec![
                    ("CARGO_TARGET_AARCH64_APPLE_DARWIN_RUSTFLAGS", NAME),
                    ("CARGO_TARGET_X86_64_APPLE_DARWIN_RUSTFLAGS", NAME),
                ]
            }
        }
    }
}

/// Builds the extension for `platform` with `profile`; returns the library.
pub fn build(paths: &Paths, platform: Platform, profile: Profile) -> Result<PathBuf, String> {
    let root = toolchain(paths, platform)?;
    let mounted = Mounted::bind(&paths.workspace, &root.join(MOUNT))?;
    // cargo-zigbuild finds itself through /proc.
    let proc = match platform {
        Platform::MacOs => Some(Mounted::proc(&root.join("proc"))?),
        Platform::Windows => None,
    };
    let mut cmd = Command::new(provision::find_tool("chroot").unwrap_or_else(|| "chroot".into()));
    // Nothing of the host's environment but its proxy: under `cargo xtask` it names the host's
    // cargo and rustc (`CARGO`, `RUSTC`, ...), which the root does not have.
    cmd.env_clear();
    for (name, value) in std::env::vars_os() {
        if name
            .to_string_lossy()
            .to_ascii_lowercase()
            .ends_with("_proxy")
        {
            cmd.env(name, value);
        }
    }
    cmd.arg(&root)
        .args(["/bin/sh", "-c", &platform.command(profile)])
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("LC_ALL", "C")
        .env("HOME", "/tmp")
        .env("RUSTC_BOOTSTRAP", "1")
        .env(
            "CARGO_HOME",
            format!("/{MOUNT}/target/{}/cargo-home", platform.name()),
        )
        .envs(platform.environment());
    let result = crate::cmd::run(&mut cmd);
    drop(proc);
    drop(mounted);
    result?;
    let library = paths
        .workspace
        .join("target")
        .join(platform.name())
        .join(platform.triple())
        .join(profile.target_subdir())
        .join(platform.file());
    if library.is_file() {
        Ok(library)
    } else {
        Err(format!(
            "the {} build finished but {} is missing",
            platform.name(),
            library.display()
        ))
    }
}

/// The provisioned root, with the toolchain for `platform` installed.
fn toolchain(paths: &Paths, platform: Platform) -> Result<PathBuf, String> {
    let cache = paths.godot_cache();
    if provision::provisioned(&cache)?.is_none() {
        provision::provision(&cache)?;
    }
    let root = cache.join(provision::ROOT_DIR);
    let ready = root.join("usr/lib/rustlib/src").is_dir()
        && root.join("usr/bin/cargo").is_file()
        && match platform {
            Platform::Windows => root.join("usr/bin").join(MINGW_LINKER).is_file(),
            Platform::MacOs => root.join("usr/bin/llvm-objcopy").exists(),
        };
    if !ready {
        println!(
            "{}: installing the cross toolchain into {}",
            platform.name(),
            root.display()
        );
        let mut packages = COMMON_PACKAGES.to_vec();
        packages.extend_from_slice(platform.packages());
        provision::install_in_root(&root, &packages)?;
    }
    if platform == Platform::MacOs {
        install_zig(paths, &root)?;
        stand_in_objcopy(&root)?;
    }
    trust_as_the_host_does(&root)?;
    Ok(root)
}

/// Unpacks zig and cargo-zigbuild from their wheels into the root, once per pinned version.
fn install_zig(paths: &Paths, root: &Path) -> Result<(), String> {
    let marker = root.join("opt/zig").join(MACOS_WHEELS.join("+"));
    if marker.is_file() {
        return Ok(());
    }
    let wheels = paths.workspace.join(".cache").join("wheels");
    let _ = fs::remove_dir_all(&wheels);
    fs::create_dir_all(&wheels).map_err(|e| format!("cannot create {}: {e}", wheels.display()))?;
    println!("macos: fetching {} from PyPI", MACOS_WHEELS.join(" and "));
    crate::cmd::run(
        Command::new("python3")
            .args([
                "-m",
                "pip",
                "download",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .args([
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                "3.11",
            ])
            .args(["--platform", "manylinux_2_12_x86_64"])
            .args(["--platform", "manylinux_2_5_x86_64"])
            .arg("--dest")
            .arg(&wheels)
            .args(MACOS_WHEELS),
    )
    .map_err(|e| format!("{e}: the macOS build needs Python 3 with pip"))?;
    let unpacked = wheels.join("unpacked");
    for entry in
        fs::read_dir(&wheels).map_err(|e| format!("cannot read {}: {e}", wheels.display()))?
    {
        let wheel = entry.map_err(|e| e.to_string())?.path();
        if wheel.extension().is_some_and(|e| e == "whl") {
            crate::cmd::run(
                Command::new("python3")
                    .args(["-m", "zipfile", "-e"])
                    .arg(&wheel)
                    .arg(&unpacked),
            )?;
        }
    }
    let zig = root.join("opt/zig");
    let _ = fs::remove_dir_all(&zig);
    crate::cmd::run(
        Command::new("cp")
            .arg("-r")
            .arg(unpacked.join("ziglang"))
            .arg(&zig),
    )?;
    let zigbuild = fs::read_dir(&unpacked)
        .map_err(|e| e.to_string())?
        .flatten()
        .map(|e| e.path().join("scripts").join("cargo-zigbuild"))
        .find(|p| p.is_file())
        .ok_or("the cargo-zigbuild wheel holds no cargo-zigbuild")?;
    let bin = root.join("usr/local/bin");
    fs::create_dir_all(&bin).map_err(|e| format!("cannot create {}: {e}", bin.display()))?;
    fs::copy(&zigbuild, bin.join("cargo-zigbuild"))
        .map_err(|e| format!("cannot copy cargo-zigbuild into the root: {e}"))?;
    make_executable(&bin.join("cargo-zigbuild"))?;
    make_executable(&zig.join("zig"))?;
    replace_link(Path::new("/opt/zig/zig"), &bin.join("zig"))?;
    fs::write(&marker, "").map_err(|e| format!("cannot write {}: {e}", marker.display()))?;
    let _ = fs::remove_dir_all(&wheels);
    Ok(())
}

/// Gives Debian's rustc the `rust-objcopy` it strips Apple libraries with: LLVM's objcopy.
fn stand_in_objcopy(root: &Path) -> Result<(), String> {
    let tools = root.join("usr/lib/rustlib/x86_64-unknown-linux-gnu/bin");
    fs::create_dir_all(&tools).map_err(|e| format!("cannot create {}: {e}", tools.display()))?;
    replace_link(
        Path::new("/usr/bin/llvm-objcopy"),
        &tools.join("rust-objcopy"),
    )
}

/// Makes `link` a symbolic link to `to` (a path inside the root), whatever was there.
fn replace_link(to: &Path, link: &Path) -> Result<(), String> {
    let _ = fs::remove_file(link);
    std::os::unix::fs::symlink(to, link)
        .map_err(|e| format!("cannot link {} to {}: {e}", link.display(), to.display()))
}

fn make_executable(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755))
        .map_err(|e| format!("cannot make {} executable: {e}", path.display()))
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

/// A mount inside the root while it lives.
struct Mounted {
    at: PathBuf,
}

impl Mounted {
    /// `what` (a folder of the host) seen at `at`.
    fn bind(what: &Path, at: &Path) -> Result<Mounted, String> {
        fs::create_dir_all(at).map_err(|e| format!("cannot create {}: {e}", at.display()))?;
        crate::cmd::run(Command::new("mount").arg("--bind").arg(what).arg(at))?;
        Ok(Mounted {
            at: at.to_path_buf(),
        })
    }

    /// A process file system at `at`.
    fn proc(at: &Path) -> Result<Mounted, String> {
        fs::create_dir_all(at).map_err(|e| format!("cannot create {}: {e}", at.display()))?;
        crate::cmd::run(Command::new("mount").args(["-t", "proc", "proc"]).arg(at))?;
        Ok(Mounted {
            at: at.to_path_buf(),
        })
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        if let Err(e) = crate::cmd::run(Command::new("umount").arg("--lazy").arg(&self.at)) {
            eprintln!("cross build: {e}; unmount {} by hand", self.at.display());
        }
    }
}
