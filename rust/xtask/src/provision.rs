//! Provisioning a private Godot when the machine has none.
//!
//! Debian 12 ships no Godot 4, but Debian's unstable suite ships 4.6. xtask unpacks a minimal
//! sid root into `.cache/godot/root` with debootstrap, installs the `godot` package into it with
//! apt, and starts it through the root's own dynamic loader and libraries, so running it needs
//! no chroot. Provisioning needs Linux x86_64, root (debootstrap and chroot) and the network;
//! anywhere else the answer is `GODOT4_BIN`.

use crate::cmd;
use crate::godot::Godot;
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const SUITE: &str = "sid";
const MIRROR: &str = "http://deb.debian.org/debian";
const PACKAGE: &str = "godot";

/// The unpacked Debian root, inside the cache folder.
pub const ROOT_DIR: &str = "root";
/// Written only after a provisioning succeeded: a root without it is an interrupted attempt.
const MARKER: &str = "provisioned";

/// Inside the root: the loader, the library directories it searches, and Godot itself.
const LOADER: &str = "usr/lib64/ld-linux-x86-64.so.2";
const LIBRARY_DIRS: [&str; 2] = [
    "usr/lib/x86_64-linux-gnu",
    "usr/lib/x86_64-linux-gnu/pulseaudio",
];
const GODOT_BINARY: &str = "usr/bin/godot";

/// What to do when provisioning is impossible here.
fn instead() -> String {
    format!(
        "Or install Godot {}+ yourself and set GODOT4_BIN=/path/to/godot (or put `godot` on PATH).",
        crate::versions::minimum_text()
    )
}

/// The Godot provisioned earlier into `cache`, if a provisioning finished there.
pub fn provisioned(cache: &Path) -> Result<Option<Godot>, String> {
    if !cache.join(MARKER).is_file() {
        return Ok(None);
    }
    launcher(&cache.join(ROOT_DIR))?
        .probe()
        .map(Some)
        .map_err(|e| {
            format!(
                "the Godot provisioned in {} does not run ({e}); delete that folder to provision again",
                cache.display()
            )
        })
}

/// Provisions Godot into `cache`, starting over from scratch if an earlier attempt was interrupted.
pub fn provision(cache: &Path) -> Result<Godot, String> {
    check_host()?;
    let root = cache.join(ROOT_DIR);
    let marker = cache.join(MARKER);
    let _ = fs::remove_file(&marker);
    if root.exists() {
        remove_partial_root(&root)?;
    }
    fs::create_dir_all(cache).map_err(|e| format!("cannot create {}: {e}", cache.display()))?;
    // The project root is the workspace root: Godot must never scan a whole Debian system.
    fs::write(cache.join(".gdignore"), "")
        .map_err(|e| format!("cannot write into {}: {e}", cache.display()))?;
    println!(
        "Godot: provisioning Debian {SUITE}'s `{PACKAGE}` into {} (once; about a minute and 1 GB)",
        root.display()
    );

    let debootstrap = ensure_debootstrap()?;
    let mut bootstrap = Command::new(debootstrap);
    bootstrap
        .arg("--variant=minbase")
        .arg(SUITE)
        .arg(&root)
        .arg(MIRROR);
    cmd::run(&mut bootstrap).map_err(|e| {
        format!(
            "{e}\ndebootstrap could not build a Debian {SUITE} root from {MIRROR}: is the network up? {}",
            instead()
        )
    })?;
    update_root(&root)?;
    install_packages(&root, &[PACKAGE])?;

    let godot = launcher(&root)?
        .probe()
        .map_err(|e| format!("the freshly provisioned Godot does not run: {e}"))?;
    fs::write(&marker, format!("{}\n", godot.version))
        .map_err(|e| format!("cannot write {}: {e}", marker.display()))?;
    Ok(godot)
}

/// How to start the Godot inside `root` without entering it.
fn launcher(root: &Path) -> Result<Godot, String> {
    let library_path = env::join_paths(LIBRARY_DIRS.iter().map(|dir| root.join(dir)))
        .map_err(|e| format!("unusable cache path {}: {e}", root.display()))?;
    Ok(Godot::via_loader(
        root.to_path_buf(),
        root.join(LOADER),
        library_path,
        root.join(GODOT_BINARY),
    ))
}

fn check_host() -> Result<(), String> {
    if !cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        return Err(format!(
            "no Godot found, and xtask can provision one only on Linux x86_64 (this is {}-{}). {}",
            env::consts::OS,
            env::consts::ARCH,
            instead()
        ));
    }
    if !is_root() {
        return Err(format!(
            "no Godot found, and provisioning one needs root (for debootstrap and chroot): \
             run this once as root. {}",
            instead()
        ));
    }
    Ok(())
}

/// Whether we run as root. std has no `geteuid`; on Linux `/proc` tells.
pub fn is_root() -> bool {
    fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let ids = status.lines().find_map(|line| line.strip_prefix("Uid:"))?;
            // Real, effective, saved, filesystem uid: the effective one decides.
            Some(ids.split_whitespace().nth(1) == Some("0"))
        })
        .unwrap_or(false)
}

fn ensure_debootstrap() -> Result<PathBuf, String> {
    if let Some(path) = find_tool("debootstrap") {
        return Ok(path);
    }
    println!("Godot: debootstrap is missing; installing it with apt-get");
    install_on_host(&["debootstrap"]).map_err(|e| format!("{e}. {}", instead()))?;
    find_tool("debootstrap").ok_or_else(|| {
        format!(
            "debootstrap is still not to be found after installing it. {}",
            instead()
        )
    })
}

/// Installs Debian packages on this machine with apt-get (the caller checked that we are root).
pub fn install_on_host(packages: &[&str]) -> Result<(), String> {
    let install = || cmd::run(apt_get().args(["install", "-y"]).args(packages));
    if install().is_err() {
        // A fresh machine may have no package lists yet.
        cmd::run(apt_get().arg("update"))
            .and_then(|()| install())
            .map_err(|e| format!("{e}\ncannot install {}", packages.join(" ")))?;
    }
    Ok(())
}

/// Installs Debian packages into a provisioned root, refreshing its package lists first if the
/// install fails: sid moves daily, so lists from the day of provisioning go stale.
pub fn install_in_root(root: &Path, packages: &[&str]) -> Result<(), String> {
    if install_packages(root, packages).is_err() {
        update_root(root)
            .and_then(|()| install_packages(root, packages))
            .map_err(|e| {
                format!(
                    "{e}\ncannot install {} into {}",
                    packages.join(" "),
                    root.display()
                )
            })?;
    }
    Ok(())
}

pub fn update_root(root: &Path) -> Result<(), String> {
    // The mirror's Release file for sid can be past its validity date; apt would refuse it.
    in_root(
        root,
        &[
            "apt-get",
            "-o",
            "Acquire::Check-Valid-Until=false",
            "update",
        ],
    )
}

pub fn install_packages(root: &Path, packages: &[&str]) -> Result<(), String> {
    let mut args = vec!["apt-get", "install", "-y", "--no-install-recommends"];
    args.extend_from_slice(packages);
    in_root(root, &args)?;
    // The downloaded .deb files are space we never need again.
    if let Err(e) = in_root(root, &["apt-get", "clean"]) {
        println!("Godot: note: {e}");
    }
    Ok(())
}

fn apt_get() -> Command {
    let mut cmd = Command::new(find_tool("apt-get").unwrap_or_else(|| "apt-get".into()));
    cmd.env("DEBIAN_FRONTEND", "noninteractive");
    cmd
}

/// Runs a command inside the root with a clean, standard environment: dpkg needs the sbin
/// directories on PATH, and the host's locale may not exist in a minimal root.
pub fn in_root(root: &Path, args: &[&str]) -> Result<(), String> {
    let mut cmd = Command::new(find_tool("chroot").unwrap_or_else(|| "chroot".into()));
    cmd.arg(root)
        .args(args)
        .env(
            "PATH",
            "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        )
        .env("DEBIAN_FRONTEND", "noninteractive")
        .env("LC_ALL", "C");
    cmd::run(&mut cmd)
}

/// A system tool, looking in the sbin directories too (they are not on every user's PATH).
pub fn find_tool(name: &str) -> Option<PathBuf> {
    let path = env::var_os("PATH").unwrap_or_default();
    env::split_paths(&path)
        .chain(["/usr/sbin", "/sbin", "/usr/bin", "/bin"].map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// Deletes what an interrupted provisioning left behind.
fn remove_partial_root(root: &Path) -> Result<(), String> {
    println!(
        "Godot: removing {} left by an interrupted provisioning",
        root.display()
    );
    // debootstrap mounts /proc and /sys inside the root while it works; an interrupted run can
    // leave them mounted, and deleting through a live mount would reach into the host.
    for mount in mounts_under(root) {
        cmd::run(Command::new("umount").arg("--lazy").arg(&mount))
            .map_err(|e| format!("{e}; unmount {} by hand and retry", mount.display()))?;
    }
    if let Some(mount) = mounts_under(root).first() {
        return Err(format!(
            "{} is still mounted; unmount it by hand and retry",
            mount.display()
        ));
    }
    fs::remove_dir_all(root).map_err(|e| format!("cannot remove {}: {e}", root.display()))
}

/// Mount points inside `root`, deepest first so that nested mounts come off before their parents.
fn mounts_under(root: &Path) -> Vec<PathBuf> {
    let Ok(root) = root.canonicalize() else {
        return Vec::new();
    };
    let table = fs::read_to_string("/proc/self/mounts").unwrap_or_default();
    let mut mounts: Vec<PathBuf> = table
        .lines()
        .filter_map(|line| line.split(' ').nth(1))
        .map(|field| PathBuf::from(unescape_mount_field(field)))
        .filter(|mount| mount.starts_with(&root))
        .collect();
    mounts.sort_by_key(|mount| std::cmp::Reverse(mount.components().count()));
    mounts
}

/// `/proc/self/mounts` writes space, tab, newline and backslash as octal escapes (`\040`).
fn unescape_mount_field(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut rest = field;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let code = rest.get(at + 1..at + 4);
        match code.and_then(|digits| u8::from_str_radix(digits, 8).ok()) {
            Some(byte) => {
                out.push(char::from(byte));
                rest = &rest[at + 4..];
            }
            None => {
                out.push('\\');
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescapes_mount_points() {
        assert_eq!(unescape_mount_field("/a\\040b/proc"), "/a b/proc");
        assert_eq!(unescape_mount_field("/plain"), "/plain");
        assert_eq!(unescape_mount_field("/odd\\x"), "/odd\\x");
    }
}
