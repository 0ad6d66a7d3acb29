//! Where things are: the Cargo workspace, the Godot project, the Godot cache.
//!
//! Everything is derived from the workspace root, so `cargo xtask` behaves the same
//! from any directory of the checkout and no machine-specific path lives in the code.

use std::env;
use std::path::{Path, PathBuf};

/// Runs the Godot side (import, scenes, the copied library) in another project.
/// It exists to test xtask itself against throwaway projects; Cargo still builds this workspace.
pub const PROJECT_ENV: &str = "XTASK_GODOT_PROJECT";

pub struct Paths {
    /// The Cargo workspace root (`Cargo.toml` with `[workspace]`).
    pub workspace: PathBuf,
    /// The Godot project: the workspace root itself, unless `XTASK_GODOT_PROJECT` says otherwise.
    pub project: PathBuf,
}

impl Paths {
    pub fn discover() -> Result<Self, String> {
        // xtask's own manifest sits at <workspace>/rust/xtask. The compile-time value is
        // always right, whichever directory `cargo xtask` was started from.
        let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        let workspace = manifest_dir
            .ancestors()
            .nth(2)
            .filter(|root| root.join("Cargo.toml").is_file())
            .ok_or_else(|| {
                format!(
                    "cannot find the workspace root above {}",
                    manifest_dir.display()
                )
            })?
            .to_path_buf();
        let project = match env::var_os(PROJECT_ENV).filter(|value| !value.is_empty()) {
            Some(dir) => std::path::absolute(&dir)
                .map_err(|e| format!("{PROJECT_ENV}={}: {e}", Path::new(&dir).display()))?,
            None => workspace.clone(),
        };
        Ok(Self { workspace, project })
    }

    /// The git-ignored folder where xtask provisions its own Godot (`/.cache/` in `.gitignore`).
    pub fn godot_cache(&self) -> PathBuf {
        self.workspace.join(".cache").join("godot")
    }

    /// Where `addons/aps/aps.gdextension` expects the built library.
    pub fn addon_bin(&self) -> PathBuf {
        self.project.join("addons").join("aps").join("bin")
    }

    /// The file behind a `res://` path, to fail early and clearly when a scene is missing.
    pub fn resource_file(&self, res_path: &str) -> PathBuf {
        let relative = res_path.strip_prefix("res://").unwrap_or(res_path);
        relative
            .split('/')
            .fold(self.project.clone(), |path, part| path.join(part))
    }

    /// Godot commands need a project; say so plainly instead of letting Godot open its project manager.
    pub fn require_project(&self) -> Result<(), String> {
        let file = self.project.join("project.godot");
        if file.is_file() {
            Ok(())
        } else {
            Err(format!(
                "{} is missing: the Godot project is not there yet",
                file.display()
            ))
        }
    }
}
