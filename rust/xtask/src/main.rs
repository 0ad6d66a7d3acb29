//! `cargo xtask`: the project's command runner.
//!
//! One answer, on every machine and in CI, to "how do I run this": build the extension, put it
//! where `addons/aps/aps.gdextension` looks, find (or provision) a Godot 4, import the project,
//! run scenes headless (or, for screenshots, in a window) and judge their output. This file only
//! reads the command line.

mod build;
mod cmd;
mod cross;
mod debugger_game;
#[cfg(all(unix, not(target_os = "macos")))]
mod display;
mod editor_tour;
mod fresh_project;
mod gdscript_lint;
mod godot;
mod import;
mod library_check;
mod multiplayer;
mod output;
mod package;
mod paths;
mod provision;
mod report;
mod run;
mod screenshot;
mod software_gl;
mod tasks;
mod versions;
mod zip;

use paths::Paths;
use std::ffi::OsString;
use std::process::ExitCode;

const USAGE: &str = "\
The APS for Godot command runner.

Usage: cargo xtask <command> [options]

Commands:
  test [--godot-only] [-- ARGS]
                        cargo test --workspace; cargo check against the newest Godot API;
                        build the extension (dev) into addons/aps/bin; run
                        res://tests/runner.tscn, the multiplayer test (a server and a
                        client over ENet on 127.0.0.1) and the demo tour headless; package
                        the dev build and use the package in a fresh project (what CI runs);
                        --godot-only skips all but the runner; ARGS go to the runner
                        (e.g. `-- --only=vision` runs the suites or tests matching `vision`)
  demo [--play] [-- ARGS]
                        build, then run res://demo/main.tscn headless, printing its timeline;
                        --play: in a window, for a person (the scene gets `--play` after `--`)
  bench [-- ARGS]       cargo bench -p aps-core; build the extension (release); run
                        res://tests/bench/stress.tscn headless, ARGS passed to the scene
  fuzz [--steps N]      the core under 10^7 random steps (or N), invariants checked every step,
                        in release (`cargo test` runs 10^5 of them)
  soak [-- ARGS]        build the extension (release); run res://tests/soak/soak.tscn headless:
                        10 minutes of game time spawning, freeing, reparenting, re-profiling;
                        prints RSS and Godot's object, node and orphan counts
  package [--target windows] [--target macos]
                        build the extension (release) and write dist/aps-<version>.zip:
                        addons/aps/ as a user installs it, with this platform's library in
                        bin/ (its aps.gdextension loads it in the editor and in every export);
                        then import it once in a fresh project (exit code 0 required);
                        --target windows, --target macos: that platform's library too
                        (macOS: one universal x86_64 + arm64 library), cross-built here
                        as root, with a toolchain xtask installs into .cache/godot/root
  screenshot [--editor-only] [-- ARGS]
                        build; the demo in a window (Xvfb if need be), then the editor tour
                        (gizmo, warning, preset, the debugger tab with a game attached),
                        save docs/screenshots/*.png;
                        --editor-only: the editor tour alone
  lint                  cargo fmt --check and cargo clippy -D warnings, workspace-wide; gdlint
                        and gdformat --check over every GDScript file (gdtoolkit, installed
                        into .cache/)
  format                cargo fmt, and gdformat over every GDScript file
  reference             write the class reference (docs/reference/, a page per class) from the
                        classes' own documentation; `test` checks it is current
  godot [ARGS...]       run the Godot xtask uses, with ARGS (e.g. `godot --editor --path .`)
  help                  this text

Godot is looked for in this order: $GODOT4_BIN; `godot` or `godot4` {minimum}+ on PATH; a Godot
provisioned earlier into .cache/godot/; otherwise xtask provisions Debian sid's Godot there
(Linux x86_64, as root, with network; about a minute and 1 GB, once).

Environment:
  GODOT4_BIN            the Godot {minimum}+ binary to use
  XTASK_GODOT_TIMEOUT   seconds each headless or screenshot run may take (default 600)
  XTASK_GODOT_PROJECT   run the Godot side in another project (for testing xtask itself)
";

/// The help text, with the minimum Godot filled in.
fn usage() -> String {
    USAGE.replace("{minimum}", &versions::minimum_text())
}

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let Some(command) = args.next() else {
        eprint!("{}", usage());
        return ExitCode::from(2);
    };
    let command = command.to_string_lossy().into_owned();
    match dispatch(&command, args.collect()) {
        Ok(code) => code,
        Err(why) => {
            eprintln!("\nxtask {command}: error: {why}");
            println!("cargo xtask {command}: FAIL");
            ExitCode::FAILURE
        }
    }
}

fn dispatch(command: &str, args: Vec<OsString>) -> Result<ExitCode, String> {
    if matches!(command, "help" | "-h" | "--help") {
        print!("{}", usage());
        return Ok(ExitCode::SUCCESS);
    }
    let paths = Paths::discover()?;
    match command {
        "test" => {
            let (flags, scene_args) = split_scene_args(args);
            let godot_only = options(command, &flags, &["--godot-only"])?.contains(&"--godot-only");
            tasks::test(&paths, godot_only, &scene_args)
        }
        "demo" => {
            let (flags, scene_args) = split_scene_args(args);
            let play = options(command, &flags, &["--play"])?.contains(&"--play");
            tasks::demo(&paths, play, &scene_args)
        }
        "bench" => {
            let (flags, scene_args) = split_scene_args(args);
            options(command, &flags, &[])?;
            tasks::bench(&paths, &scene_args)
        }
        "fuzz" => {
            let steps = steps_option(&args)?;
            tasks::fuzz(&paths, steps)
        }
        "soak" => {
            let (flags, scene_args) = split_scene_args(args);
            options(command, &flags, &[])?;
            tasks::soak(&paths, &scene_args)
        }
        "screenshot" => {
            let (flags, scene_args) = split_scene_args(args);
            let editor_only =
                options(command, &flags, &["--editor-only"])?.contains(&"--editor-only");
            tasks::screenshot(&paths, editor_only, &scene_args)
        }
        "package" => {
            let mut platforms = Vec::new();
            for pair in args.chunks(2) {
                match pair {
                    [flag, target] if flag == "--target" => {
                        match cross::Platform::parse(&target.to_string_lossy()) {
                            Some(p) if !platforms.contains(&p) => platforms.push(p),
                            _ => {
                                return Err(format!(
                                    "`cargo xtask package --target` takes windows or macos, \
                                     each once, not {target:?}"
                                ))
                            }
                        }
                    }
                    _ => {
                        return Err("`cargo xtask package` takes no option but \
                                    `--target windows` and `--target macos`"
                            .into())
                    }
                }
            }
            tasks::package(&paths, &platforms)
        }
        "lint" => {
            options(command, &args, &[])?;
            tasks::lint(&paths)
        }
        "format" => {
            options(command, &args, &[])?;
            tasks::format(&paths)
        }
        "reference" => {
            options(command, &args, &[])?;
            tasks::reference(&paths)
        }
        "godot" => tasks::godot(&paths, &args),
        other => Err(format!(
            "unknown command `{other}`; `cargo xtask help` lists the commands"
        )),
    }
}

/// `--steps N` for `fuzz`, if given.
fn steps_option(args: &[OsString]) -> Result<Option<u64>, String> {
    match args {
        [] => Ok(None),
        [flag, n] if flag == "--steps" => n
            .to_str()
            .and_then(|n| n.replace('_', "").parse().ok())
            .map(Some)
            .ok_or_else(|| format!("--steps takes a whole number, not {n:?}")),
        _ => Err("fuzz takes only `--steps N`".into()),
    }
}

/// Splits `[flags] -- [scene args]`: what follows `--` belongs to the scene.
fn split_scene_args(mut args: Vec<OsString>) -> (Vec<OsString>, Vec<OsString>) {
    match args.iter().position(|arg| arg == "--") {
        Some(at) => {
            let scene_args = args.split_off(at + 1);
            args.pop();
            (args, scene_args)
        }
        None => (args, Vec::new()),
    }
}

/// Checks flags against the ones a command knows; returns those given.
fn options<'a>(
    command: &str,
    given: &[OsString],
    known: &[&'a str],
) -> Result<Vec<&'a str>, String> {
    given
        .iter()
        .map(|arg| {
            known
                .iter()
                .find(|flag| arg == **flag)
                .copied()
                .ok_or_else(|| {
                    format!(
                        "`{command}` does not take `{}` (arguments for a scene go after `--`; see `cargo xtask help`)",
                        arg.to_string_lossy()
                    )
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    #[test]
    fn scene_args_follow_the_double_dash() {
        assert_eq!(
            split_scene_args(os(&["--play", "--", "--guards", "500"])),
            (os(&["--play"]), os(&["--guards", "500"]))
        );
        assert_eq!(
            split_scene_args(os(&["--play"])),
            (os(&["--play"]), os(&[]))
        );
        assert_eq!(
            split_scene_args(os(&["--", "--", "x"])),
            (os(&[]), os(&["--", "x"]))
        );
    }

    #[test]
    fn unknown_flags_are_refused() {
        assert_eq!(
            options("demo", &os(&["--play"]), &["--play"]),
            Ok(vec!["--play"])
        );
        assert!(options("bench", &os(&["--guards"]), &[]).is_err());
    }
}
