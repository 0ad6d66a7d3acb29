//! The commands themselves, each a short sequence of steps.

use crate::build::{self, Profile, Slot};
use crate::cmd;
use crate::editor_tour;
use crate::fresh_project;
use crate::godot::{self, Godot};
use crate::import;
use crate::multiplayer;
use crate::package;
use crate::paths::Paths;
use crate::report::Report;
use crate::run::{self, Scene};
use crate::screenshot;
use crate::versions;
use std::ffi::OsString;
use std::process::{ExitCode, ExitStatus};

/// The scene that runs every GDScript test suite and prints `N passed, N failed`.
const TEST_RUNNER: &str = "res://tests/runner.tscn";
/// The demo; headless it plays a scripted tour and prints its timeline.
const DEMO: &str = "res://demo/main.tscn";
/// The whole-addon stress scene; it prints the figures the benchmarks report.
const STRESS: &str = "res://tests/bench/stress.tscn";
/// The soak scene: a long run of spawning and freeing, sampling memory and object counts.
const SOAK: &str = "res://tests/soak/soak.tscn";

const FIND_GODOT: &str = "find Godot, import the project";
const MULTIPLAYER_TEST: &str =
    "multiplayer: a server and a client over ENet on 127.0.0.1, in 3D and 2D";
const GDSCRIPT_LINT: &str = "gdlint and gdformat --check over every GDScript file";
const TEST_PACKAGE: &str = "package the dev build (as the package's library)";
const PACKAGE_TEST: &str = "the package in a fresh project: a guard sees a runner";
const TOGGLE_TEST: &str =
    "the package in a fresh project: toggling the APS plugin changes only project.godot's plugin list";
const EDITOR_QUIET_TEST: &str =
    "the package in a fresh project: an editor opened and closed on APS nodes warns of nothing";

/// A dev build is installed as the debug library: the one every run from an editor build of
/// Godot loads (see `build.rs`).
const DEV_SLOTS: &[Slot] = &[Slot::Debug];
/// A release build is installed as the release library, and as the debug library too: the
/// headless runs of `bench` and `soak` use the editor's Godot, which loads the debug entry, and
/// they must measure the release build.
const RELEASE_SLOTS: &[Slot] = &[Slot::Release, Slot::Debug];

/// `cargo xtask test`: Rust tests and a check against the newest Godot API, then the Godot suites,
/// the multiplayer test and the demo tour in headless Godot.
/// `godot_only` runs just the suites, with `runner_args` (a developer's quick loop).
pub fn test(paths: &Paths, godot_only: bool, runner_args: &[OsString]) -> Result<ExitCode, String> {
    let mut report = Report::new("test");
    if !godot_only {
        // --no-fail-fast: one CI run shows every failing test binary, not just the first.
        report.step("cargo test --workspace", || {
            cmd::run(cmd::cargo().current_dir(&paths.workspace).args([
                "test",
                "--workspace",
                "--no-fail-fast",
            ]))
        });
        report.step(GDSCRIPT_LINT, || crate::gdscript_lint::run(paths));
        report.step(
            format!(
                "cargo check -p aps-godot against the newest Godot API ({})",
                versions::NEWEST_API
            ),
            || check_newest_api(paths),
        );
    }
    let godot_steps = [
        format!("Godot tests: {TEST_RUNNER}"),
        MULTIPLAYER_TEST.to_string(),
        format!("demo tour: {DEMO}"),
        TEST_PACKAGE.to_string(),
        PACKAGE_TEST.to_string(),
        TOGGLE_TEST.to_string(),
        EDITOR_QUIET_TEST.to_string(),
    ];
    let installed = report.step(build::step_name(Profile::Dev), || {
        build::build_and_install(paths, Profile::Dev, DEV_SLOTS)
    });
    let godot = installed
        .as_ref()
        .and_then(|_| report.step(FIND_GODOT, || prepare_godot(paths)));
    let (Some(godot), Some(installed)) = (godot, installed) else {
        let skipped = if godot_only { 1 } else { godot_steps.len() };
        for step in godot_steps.into_iter().take(skipped) {
            report.skip(step, "needs the extension and Godot");
        }
        return Ok(report.finish());
    };
    let [tests, multiplayer_test, demo, _, package_test, toggle_test, editor_quiet_test] =
        godot_steps;
    report.step(tests, || {
        run::headless(
            &godot,
            paths,
            &Scene {
                path: TEST_RUNNER,
                user_args: runner_args,
                expect_summary: true,
            },
        )
    });
    if godot_only {
        return Ok(report.finish());
    }
    report.step(multiplayer_test, || multiplayer::test(&godot, paths));
    report.step(demo, || {
        run::headless(
            &godot,
            paths,
            &Scene {
                path: DEMO,
                user_args: &[],
                expect_summary: false,
            },
        )
    });
    let package = report.step(TEST_PACKAGE, || {
        let dev_library = installed.first().ok_or("no library was installed")?;
        fresh_project::test_package(paths, dev_library)
    });
    match package {
        Some(zip_file) => {
            report.step(package_test, || {
                fresh_project::package_test(&godot, paths, &zip_file)
            });
            report.step(toggle_test, || {
                fresh_project::plugin_toggle_test(&godot, paths, &zip_file)
            });
            report.step(editor_quiet_test, || {
                fresh_project::editor_quiet_test(&godot, paths, &zip_file)
            });
        }
        None => {
            report.skip(package_test, "needs the test package");
            report.skip(toggle_test, "needs the test package");
            report.skip(editor_quiet_test, "needs the test package");
        }
    }
    Ok(report.finish())
}

/// `cargo xtask package [--target windows] [--target macos]`: the release build, checked to be
/// it, zipped with the addon into `dist/aps-<version>.zip` as the one library of its platform
/// (the packaged `aps.gdextension` names it for the debug entry too: see `package`);
/// the sizes are printed, and the package is imported once in a fresh project, as a user first
/// imports it. Each `--target` adds that platform's libraries, built here with a
/// cross toolchain (see `cross`) and checked to be libraries that platform can load.
pub fn package(paths: &Paths, platforms: &[crate::cross::Platform]) -> Result<ExitCode, String> {
    let version = package::version(paths)?;
    let out = package::dist_file(paths, &version);
    let mut report = Report::new("package");
    let mut libraries: Vec<(String, std::path::PathBuf)> = Vec::new();
    let mut complete = true;
    let profile = Profile::Release;
    let step = format!(
        "build aps-godot ({}): the package's library",
        profile.describe()
    );
    let built = report.step(step, || {
        let library = build::build(paths, profile)?;
        package::check_build(profile, &library)?;
        Ok((build::installed_file_name(Slot::Release)?, library))
    });
    match built {
        Some(named) => libraries.push(named),
        None => complete = false,
    }
    for &platform in platforms {
        let step = format!(
            "build aps-godot for {} ({}): its library",
            platform.name(),
            profile.describe()
        );
        let built = report.step(step, || {
            let library = crate::cross::build(paths, platform, profile)?;
            package::check_build(profile, &library)?;
            platform.check(&library)?;
            Ok((platform.file_name(Slot::Release)?, library))
        });
        match built {
            Some(named) => libraries.push(named),
            None => complete = false,
        }
    }
    let step = format!("write {}", out.display());
    if complete {
        report.step(step, || {
            let names = package::write_named(paths, &libraries, &out)?;
            println!("{} holds:", out.display());
            for name in names {
                println!("  {name}");
            }
            for (name, library) in &libraries {
                println!("{name}: {}", package::size_text(library));
            }
            println!("the package: {}", package::size_text(&out));
            Ok(())
        });
        report.step("import the package once in a fresh project", || {
            let godot = godot::find(paths)?;
            fresh_project::first_import_test(&godot, paths, &out)
        });
    } else {
        report.skip(step, "needs every library");
        report.skip(
            "import the package once in a fresh project",
            "needs the package",
        );
    }
    Ok(report.finish())
}

/// `cargo xtask demo [--play]`: the demo, headless with its timeline, or windowed for a person.
pub fn demo(paths: &Paths, play: bool, scene_args: &[OsString]) -> Result<ExitCode, String> {
    build::build_and_install(paths, Profile::Dev, DEV_SLOTS)?;
    let godot = prepare_godot(paths)?;
    if play {
        // The scene tells a person from a headless tour by this user argument.
        let args: Vec<OsString> = std::iter::once("--play".into())
            .chain(scene_args.iter().cloned())
            .collect();
        return Ok(exit_code(run::windowed(&godot, paths, DEMO, &args)?));
    }
    let scene = Scene {
        path: DEMO,
        user_args: scene_args,
        expect_summary: false,
    };
    // The verdict is printed by the run itself.
    Ok(match run::headless(&godot, paths, &scene) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    })
}

/// `cargo xtask screenshot`: the demo in a window, then the editor tour (see `editor_tour.rs`),
/// saving the README's pictures into docs/screenshots.
pub fn screenshot(
    paths: &Paths,
    editor_only: bool,
    scene_args: &[OsString],
) -> Result<ExitCode, String> {
    build::build_and_install(paths, Profile::Dev, DEV_SLOTS)?;
    let godot = prepare_godot(paths)?;
    // Each verdict is printed by its run.
    let demo = editor_only || screenshot::take(&godot, paths, DEMO, scene_args)?;
    let editor = editor_tour::take(&godot, paths)?.is_empty();
    Ok(if demo && editor {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `cargo xtask bench`: the core's criterion benchmarks, then the stress scene on a release build.
pub fn bench(paths: &Paths, scene_args: &[OsString]) -> Result<ExitCode, String> {
    // gdext records a backtrace on every borrow of a Rust object when RUST_BACKTRACE asks for
    // them, which would dominate the figures; a game runs without it.
    std::env::set_var("RUST_BACKTRACE", "0");
    let mut report = Report::new("bench");
    report.step("cargo bench -p aps-core -p aps-mirror", || {
        cmd::run(cmd::cargo().current_dir(&paths.workspace).args([
            "bench",
            "--package",
            "aps-core",
            "--package",
            "aps-mirror",
        ]))
    });
    let stress = format!("stress scene: {STRESS}");
    let godot = report
        .step(build::step_name(Profile::Release), || {
            build::build_and_install(paths, Profile::Release, RELEASE_SLOTS)
        })
        .and_then(|_| report.step(FIND_GODOT, || prepare_godot(paths)));
    match godot {
        Some(godot) => {
            report.step(stress, || {
                run::headless(
                    &godot,
                    paths,
                    &Scene {
                        path: STRESS,
                        user_args: scene_args,
                        expect_summary: false,
                    },
                )
            });
        }
        None => report.skip(stress, "needs the extension and Godot"),
    }
    Ok(report.finish())
}

/// `cargo xtask fuzz`: the core's long fuzz run, in release.
pub fn fuzz(paths: &Paths, steps: Option<u64>) -> Result<ExitCode, String> {
    let mut report = Report::new("fuzz");
    let steps = steps.unwrap_or(10_000_000);
    report.step(format!("{steps} random steps through the core"), || {
        cmd::run(
            cmd::cargo()
                .current_dir(&paths.workspace)
                .env("APS_FUZZ_STEPS", steps.to_string())
                .args([
                    "test",
                    "--release",
                    "--package",
                    "aps-core",
                    "--test",
                    "fuzz_test",
                    "--",
                    "--ignored",
                    "--nocapture",
                ]),
        )
    });
    Ok(report.finish())
}

/// `cargo xtask soak`: ten minutes of game time of a game churning nodes, on a release build.
pub fn soak(paths: &Paths, scene_args: &[OsString]) -> Result<ExitCode, String> {
    std::env::set_var("RUST_BACKTRACE", "0");
    let mut report = Report::new("soak");
    let godot = report
        .step(build::step_name(Profile::Release), || {
            build::build_and_install(paths, Profile::Release, RELEASE_SLOTS)
        })
        .and_then(|_| report.step(FIND_GODOT, || prepare_godot(paths)));
    let step = format!("soak scene: {SOAK}");
    match godot {
        Some(godot) => {
            report.step(step, || {
                run::headless(
                    &godot,
                    paths,
                    &Scene {
                        path: SOAK,
                        user_args: scene_args,
                        expect_summary: false,
                    },
                )
            });
        }
        None => report.skip(step, "needs the extension and Godot"),
    }
    Ok(report.finish())
}

/// `cargo xtask lint`: formatting and clippy, as CI would hold them.
/// `cargo xtask reference`: writes the class reference (`docs/reference/`, one page per class)
/// from the extension's own documentation; `cargo xtask test` checks it is current (the
/// reference test of `aps-godot`).
pub fn reference(paths: &Paths) -> Result<ExitCode, String> {
    let mut report = Report::new("reference");
    report.step(
        "write docs/reference/ from the classes' documentation",
        || {
            cmd::run(
                cmd::cargo()
                    .current_dir(&paths.workspace)
                    .env("APS_WRITE_REFERENCE", "1")
                    .args(["test", "--package", "aps-godot", "--lib", "reference_test"]),
            )
        },
    );
    Ok(report.finish())
}

pub fn lint(paths: &Paths) -> Result<ExitCode, String> {
    let mut report = Report::new("lint");
    report.step("cargo fmt --all -- --check", || {
        cmd::run(
            cmd::cargo()
                .current_dir(&paths.workspace)
                .args(["fmt", "--all", "--", "--check"]),
        )
    });
    report.step(
        "cargo clippy --workspace --all-targets -- -D warnings",
        || {
            cmd::run(cmd::cargo().current_dir(&paths.workspace).args([
                "clippy",
                "--workspace",
                "--all-targets",
                "--",
                "-D",
                "warnings",
            ]))
        },
    );
    report.step(GDSCRIPT_LINT, || crate::gdscript_lint::run(paths));
    Ok(report.finish())
}

/// `cargo xtask format`: `cargo fmt`, and gdformat over every GDScript file.
pub fn format(paths: &Paths) -> Result<ExitCode, String> {
    let mut report = Report::new("format");
    report.step("cargo fmt --all", || {
        cmd::run(
            cmd::cargo()
                .current_dir(&paths.workspace)
                .args(["fmt", "--all"]),
        )
    });
    report.step("gdformat over every GDScript file", || {
        crate::gdscript_lint::format(paths)
    });
    Ok(report.finish())
}

/// `cargo xtask godot ARGS...`: the Godot xtask would use, run with the developer's arguments.
pub fn godot(paths: &Paths, args: &[OsString]) -> Result<ExitCode, String> {
    let godot = godot::find(paths)?;
    Ok(exit_code(cmd::status(godot.command().args(args))?))
}

/// Compiles the extension against the newest Godot API gdext offers, so that code a newer Godot
/// breaks fails here rather than in a user's editor. A check, not a build, and in a target folder
/// of its own: the main build's artifacts stay valid.
fn check_newest_api(paths: &Paths) -> Result<(), String> {
    let target = build::target_dir(paths)?.join("newest-godot-api");
    cmd::run(
        cmd::cargo()
            .current_dir(&paths.workspace)
            .args([
                "check",
                "--package",
                "aps-godot",
                "--no-default-features",
                "--features",
                versions::NEWEST_API,
                "--target-dir",
            ])
            .arg(target),
    )
}

/// Finds Godot and brings the project's import up to date: what every scene run needs first.
fn prepare_godot(paths: &Paths) -> Result<Godot, String> {
    paths.require_project()?;
    let godot = godot::find(paths)?;
    import::ensure(&godot, paths)?;
    Ok(godot)
}

/// Passes a child's exit code on (a signal becomes a plain failure).
fn exit_code(status: ExitStatus) -> ExitCode {
    match status.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(code) => u8::try_from(code).map_or(ExitCode::FAILURE, ExitCode::from),
        None => ExitCode::FAILURE,
    }
}
