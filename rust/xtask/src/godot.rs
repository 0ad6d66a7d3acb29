//! Which Godot to run, and how to start it.
//!
//! A developer's own Godot wins over anything xtask would fetch: first `GODOT4_BIN`, then a
//! Godot on PATH at least as new as the minimum (`versions.rs`), then the one xtask provisioned earlier into `.cache/godot/`, and only
//! then a fresh provisioning (see `provision.rs`). The choice is always printed, because
//! "which Godot ran this?" is the first question when a scene behaves differently.

use crate::cmd;
use crate::paths::Paths;
use crate::provision;
use crate::versions;
use std::env;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The variable gdext already reads for "the Godot binary to use".
pub const BIN_ENV: &str = "GODOT4_BIN";

/// How long `godot --version` may take before we call the binary broken.
const PROBE_TIMEOUT: Duration = Duration::from_secs(30);

/// A runnable Godot 4.
pub struct Godot {
    /// What to execute: the Godot binary, or the dynamic loader of a provisioned root.
    program: PathBuf,
    /// Arguments that come before Godot's own. A provisioned Godot is started through its
    /// root's loader (`ld-linux ... --library-path ... godot`), so it needs no chroot.
    launcher_args: Vec<OsString>,
    /// The Debian root of a Godot that xtask provisioned, which xtask may add packages to
    /// (e.g. Mesa for `screenshot`); `None` for a developer's own Godot, which it never touches.
    pub root: Option<PathBuf>,
    /// `godot --version` output, e.g. `4.6.3.stable.debian4.6.3+ds-3`.
    pub version: String,
}

impl Godot {
    /// A Godot binary that runs as it is.
    pub fn binary(path: PathBuf) -> Self {
        Self {
            program: path,
            launcher_args: Vec::new(),
            root: None,
            version: String::new(),
        }
    }

    /// A Godot inside the Debian `root`, started through a dynamic loader with its own library path.
    pub fn via_loader(
        root: PathBuf,
        loader: PathBuf,
        library_path: OsString,
        binary: PathBuf,
    ) -> Self {
        Self {
            program: loader,
            launcher_args: vec!["--library-path".into(), library_path, binary.into()],
            root: Some(root),
            version: String::new(),
        }
    }

    /// A command starting this Godot; append Godot's arguments.
    pub fn command(&self) -> Command {
        let mut cmd = Command::new(&self.program);
        cmd.args(&self.launcher_args);
        cmd
    }

    /// Where this Godot lives, for messages.
    pub fn describe(&self) -> String {
        let binary = self
            .launcher_args
            .last()
            .map(PathBuf::from)
            .unwrap_or_else(|| self.program.clone());
        format!("Godot {} at {}", self.version, binary.display())
    }

    /// Runs `--version`, keeping its answer: a binary that cannot say its version cannot run scenes.
    pub fn probe(mut self) -> Result<Self, String> {
        let mut cmd = self.command();
        cmd.arg("--version");
        let out = cmd::capture(&mut cmd, PROBE_TIMEOUT)?;
        if !out.status.success() {
            return Err(format!(
                "`{}` failed ({}): {}",
                cmd::show(&cmd),
                out.status,
                out.stderr.trim()
            ));
        }
        self.version = version_line(&out.stdout)
            .ok_or_else(|| {
                format!(
                    "`{}` printed no version: {:?}",
                    cmd::show(&cmd),
                    out.stdout.trim()
                )
            })?
            .to_string();
        Ok(self)
    }

    /// Whether it can load the library: at least the Godot API the library is built against.
    pub fn is_supported(&self) -> bool {
        parse_version(&self.version).is_some_and(|version| version >= versions::minimum())
    }
}

/// Finds a Godot in the documented order, provisioning one as the last resort.
pub fn find(paths: &Paths) -> Result<Godot, String> {
    if let Some(bin) = env::var_os(BIN_ENV).filter(|value| !value.is_empty()) {
        return from_env(Path::new(&bin));
    }
    if let Some(godot) = on_path() {
        println!("Godot: using {} (from PATH)", godot.describe());
        return Ok(godot);
    }
    let cache = paths.godot_cache();
    if let Some(godot) = provision::provisioned(&cache)? {
        println!("Godot: using {} (provisioned earlier)", godot.describe());
        return Ok(godot);
    }
    println!(
        "Godot: no {BIN_ENV}, no Godot {}+ on PATH, nothing in {}; provisioning one there",
        versions::minimum_text(),
        cache.display()
    );
    let godot = provision::provision(&cache)?;
    println!("Godot: using {} (just provisioned)", godot.describe());
    Ok(godot)
}

fn from_env(bin: &Path) -> Result<Godot, String> {
    // On macOS people point at the app bundle; the binary is inside it.
    let inside_bundle = bin.join("Contents").join("MacOS").join("Godot");
    let bin = if bin.is_dir() && inside_bundle.is_file() {
        inside_bundle.as_path()
    } else {
        bin
    };
    if !bin.is_file() {
        return Err(format!(
            "{BIN_ENV}={} does not exist (or is not a file); point it at a Godot {}+ binary or unset it",
            bin.display(),
            versions::minimum_text()
        ));
    }
    let godot = Godot::binary(bin.to_path_buf())
        .probe()
        .map_err(|e| format!("{BIN_ENV}={} cannot be run: {e}", bin.display()))?;
    if !godot.is_supported() {
        // An explicit choice is respected, but Godot will refuse to load the library.
        println!(
            "Godot: warning: {BIN_ENV} is Godot {}, older than {}, the oldest that loads the \
             library; using it anyway",
            godot.version,
            versions::minimum_text()
        );
    }
    println!("Godot: using {} (from {BIN_ENV})", godot.describe());
    Ok(godot)
}

/// The first `godot` or `godot4` on PATH that is recent enough; older ones are named and skipped.
fn on_path() -> Option<Godot> {
    let path = env::var_os("PATH")?;
    let mut seen = Vec::new();
    for dir in env::split_paths(&path) {
        for name in ["godot", "godot4"] {
            let candidate = dir.join(format!("{name}{}", env::consts::EXE_SUFFIX));
            if !candidate.is_file() {
                continue;
            }
            let canonical = candidate
                .canonicalize()
                .unwrap_or_else(|_| candidate.clone());
            if seen.contains(&canonical) {
                continue;
            }
            seen.push(canonical);
            match Godot::binary(candidate.clone()).probe() {
                Ok(godot) if godot.is_supported() => return Some(godot),
                Ok(godot) => println!(
                    "Godot: skipping {} (version {}, need {}+)",
                    candidate.display(),
                    godot.version,
                    versions::minimum_text()
                ),
                Err(e) => println!("Godot: skipping {}: {e}", candidate.display()),
            }
        }
    }
    None
}

/// The version line of `godot --version` (some builds print other lines around it).
fn version_line(stdout: &str) -> Option<&str> {
    stdout
        .lines()
        .map(str::trim)
        .find(|line| line.starts_with(|c: char| c.is_ascii_digit()))
}

/// `4.6.3.stable.debian...` -> `(4, 6)`.
fn parse_version(version: &str) -> Option<(u32, u32)> {
    let mut parts = version.split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    Some((major, minor))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_release_and_distribution_versions() {
        assert_eq!(parse_version("4.6.3.stable.debian4.6.3+ds-3"), Some((4, 6)));
        assert_eq!(parse_version("4.3.stable.official.77dcf97d8"), Some((4, 3)));
        assert_eq!(parse_version("3.5.2.stable.official"), Some((3, 5)));
        assert_eq!(parse_version("godot"), None);
    }

    #[test]
    fn finds_the_version_among_other_lines() {
        let out = "Godot Engine banner\n4.4.1.stable.official.49a5bc7b6\n";
        assert_eq!(version_line(out), Some("4.4.1.stable.official.49a5bc7b6"));
    }

    #[test]
    fn minimum_version_is_compared_numerically() {
        let godot = |version: &str| Godot {
            version: version.into(),
            ..Godot::binary("godot".into())
        };
        let (major, minor) = versions::minimum();
        assert!(godot(&format!("{major}.{minor}.stable")).is_supported());
        assert!(godot(&format!("{major}.{minor}.1.stable.official")).is_supported());
        assert!(!godot(&format!("{major}.{}.9.stable", minor - 1)).is_supported());
        assert!(
            godot("4.10.0.stable").is_supported(),
            "minor versions compare as numbers"
        );
        assert!(godot("5.0.stable").is_supported());
        assert!(!godot("3.6.stable").is_supported());
    }
}
