//! Names the build in the library (`ApsWorld.get_build`): how far it is optimised and whether
//! its debug checks are on, so that a package can be checked for which build sits in each of
//! `aps.gdextension`'s slots.

fn main() {
    let opt = std::env::var("OPT_LEVEL").unwrap_or_else(|_| "?".into());
    let checks = if std::env::var_os("CARGO_CFG_DEBUG_ASSERTIONS").is_some() {
        "+checks"
    } else {
        ""
    };
    println!("cargo:rustc-env=APS_BUILD=opt{opt}{checks}");
    println!("cargo:rerun-if-changed=build.rs");
}
