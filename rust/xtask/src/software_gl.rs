//! OpenGL for the provisioned Godot, so it can open a window on a machine without a GPU.
//!
//! Godot loads OpenGL at run time (libglvnd's `libGL.so.1`, which hands over to Mesa), so the
//! `godot` package does not depend on it and the provisioned root has none. On first need xtask
//! installs Mesa's GLX stack into the root; its llvmpipe driver rasterizes in software, which is
//! enough for the Compatibility renderer. Everything is found through the loader's
//! `--library-path` (current Mesa links its drivers into `libgallium` instead of loading them
//! from a `dri` folder), so only glvnd's choice of vendor needs the environment from `ensure`.

use crate::provision;
use std::ffi::OsString;
use std::path::Path;

/// libglvnd's `libGL.so.1` and Mesa's GLX vendor library; their dependencies bring the rest
/// (`libglx0`, `libglvnd0`, `libgl1-mesa-dri`, `mesa-libgallium` with llvmpipe). Named
/// explicitly: the root is kept without recommended packages.
const PACKAGES: [&str; 2] = ["libgl1", "libglx-mesa0"];

/// Files of those packages the run needs, relative to the root: if any is missing, the packages
/// are (re)installed. Cheaper than asking dpkg on every run.
const NEEDED: [&str; 2] = [
    "usr/lib/x86_64-linux-gnu/libGL.so.1",
    "usr/lib/x86_64-linux-gnu/libGLX_mesa.so.0",
];

/// Makes sure the root can render OpenGL; returns the environment Godot must run with.
pub fn ensure(root: &Path) -> Result<Vec<(&'static str, OsString)>, String> {
    let missing: Vec<&str> = NEEDED
        .into_iter()
        .filter(|file| !root.join(file).exists())
        .collect();
    if !missing.is_empty() {
        println!(
            "OpenGL: the provisioned Godot has no {}; installing Mesa into {}",
            missing.join(", "),
            root.display()
        );
        if !provision::is_root() {
            return Err(format!(
                "installing Mesa into {} needs root (chroot and apt-get): run this once as root, \
                 or set GODOT4_BIN to a Godot that can already open a window",
                root.display()
            ));
        }
        provision::install_in_root(root, &PACKAGES)?;
        if let Some(file) = NEEDED.into_iter().find(|file| !root.join(file).exists()) {
            return Err(format!(
                "{file} is still missing in {} after installing {}",
                root.display(),
                PACKAGES.join(" ")
            ));
        }
    }
    // glvnd loads the GLX vendor library the X server names, and only Mesa's is in the root: on
    // a display whose server names another vendor (NVIDIA), Mesa still renders, in software.
    Ok(vec![("__GLX_VENDOR_LIBRARY_NAME", "mesa".into())])
}
