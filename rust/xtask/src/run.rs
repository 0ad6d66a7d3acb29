//! Running Godot scenes and judging their output.
//!
//! Godot's output is streamed to the terminal as it comes (a person watching a slow run wants
//! to see it move) and read at the same time by an `output::Watcher`. Every headless run has a
//! deadline, so a hung Godot cannot stall CI, and a run that went silent after a script error
//! is stopped early: GDScript errors usually leave the runner waiting on a coroutine forever.

use crate::cmd;
use crate::godot::Godot;
use crate::output::{Stream, Watcher};
use crate::paths::Paths;
use std::env;
use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// Overrides the per-run deadline, in seconds.
pub const TIMEOUT_ENV: &str = "XTASK_GODOT_TIMEOUT";
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(600);

/// Headless runs advance exactly 1/60 s of game time per frame, as fast as the machine allows:
/// minute-long scenarios take seconds and give the same result on every run.
pub const FIXED_FPS: &str = "60";

/// After a script error, this much silence means Godot is stuck rather than still testing.
const SILENCE_AFTER_ERROR: Duration = Duration::from_secs(10);

/// How long to keep reading after Godot exited, in case something it started holds the pipes.
const DRAIN_AFTER_EXIT: Duration = Duration::from_secs(2);

/// How often the loop wakes to check the deadline when Godot is quiet.
const TICK: Duration = Duration::from_millis(100);

/// A scene to run and what it must show to pass.
pub struct Scene<'a> {
    /// `res://` path of the scene.
    pub path: &'a str,
    /// Arguments for the scene, passed after `--` (`OS.get_cmdline_user_args()`).
    pub user_args: &'a [OsString],
    /// Whether the scene is a test runner that must print `N passed, N failed`.
    pub expect_summary: bool,
}

/// The deadline of each headless Godot run.
pub fn timeout() -> Result<Duration, String> {
    match env::var(TIMEOUT_ENV) {
        Ok(secs) => secs
            .trim()
            .parse()
            .map(Duration::from_secs)
            .map_err(|_| format!("{TIMEOUT_ENV}={secs:?} is not a number of seconds")),
        Err(_) => Ok(DEFAULT_TIMEOUT),
    }
}

/// Runs a scene headless at a fixed frame rate and prints a PASS/FAIL verdict.
/// `Err` carries the short reason it failed.
pub fn headless(godot: &Godot, paths: &Paths, scene: &Scene) -> Result<(), String> {
    let file = paths.resource_file(scene.path);
    if !file.is_file() {
        let reason = format!("{} does not exist ({})", scene.path, file.display());
        println!("FAIL {reason}");
        return Err(reason);
    }
    let mut cmd = godot.command();
    cmd.args(["--headless", "--fixed-fps", FIXED_FPS, "--path"])
        .arg(&paths.project)
        .arg(scene.path);
    if !scene.user_args.is_empty() {
        cmd.arg("--").args(scene.user_args);
    }
    let limits = Limits {
        deadline: timeout()?,
        stop_when_stuck: true,
    };
    let run = stream(&mut cmd, &limits)?;
    let failures = judge(&run, scene.expect_summary);
    report(scene.path, &run, &failures);
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("; "))
    }
}

/// Runs a scene in a window for a person: no fixed frame rate, no deadline, output untouched.
pub fn windowed(
    godot: &Godot,
    paths: &Paths,
    scene: &str,
    user_args: &[OsString],
) -> Result<ExitStatus, String> {
    let mut cmd = godot.command();
    cmd.arg("--path").arg(&paths.project).arg(scene);
    if !user_args.is_empty() {
        cmd.arg("--").args(user_args);
    }
    cmd::status(&mut cmd)
}

/// One finished (or stopped) Godot run.
pub struct Run {
    pub status: ExitStatus,
    pub watcher: Watcher,
    /// Why xtask stopped Godot itself, if it did.
    pub stopped: Option<String>,
    pub elapsed: Duration,
}

/// What may make xtask stop a Godot run before it ends by itself.
pub struct Limits {
    /// Stop at this age.
    pub deadline: Duration,
    /// Stop after an error followed by `SILENCE_AFTER_ERROR` without output. Right for scenes,
    /// whose errors are fatal anyway; wrong for an import, which tolerates errors and carries on.
    pub stop_when_stuck: bool,
}

/// Runs `cmd`, echoing its output live while watching it, within `limits`.
pub fn stream(cmd: &mut Command, limits: &Limits) -> Result<Run, String> {
    stream_labelled(cmd, limits, "")
}

/// `stream` with every line it echoes behind `label`: which Godot said it, when two run at once.
pub fn stream_labelled(cmd: &mut Command, limits: &Limits, label: &str) -> Result<Run, String> {
    println!("{label}$ {}", cmd::show(cmd));
    let start = Instant::now();
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start `{}`: {e}", cmd::show(cmd)))?;
    let (sender, lines) = mpsc::channel();
    if let Some(pipe) = child.stdout.take() {
        forward_lines(pipe, Stream::Stdout, sender.clone());
    }
    if let Some(pipe) = child.stderr.take() {
        forward_lines(pipe, Stream::Stderr, sender);
    }

    let mut watcher = Watcher::default();
    let mut status = None;
    let mut stopped = None;
    let mut last_output = Instant::now();
    let mut exited_at = Instant::now();
    loop {
        match lines.recv_timeout(TICK) {
            Ok((stream, bytes)) => {
                echo(stream, label, &bytes);
                watcher.observe(stream, &String::from_utf8_lossy(&bytes));
                last_output = Instant::now();
            }
            // Both pipes closed: everything Godot wrote has been read.
            Err(mpsc::RecvTimeoutError::Disconnected) if status.is_some() => break,
            // Pipes closed before the exit: wait for it without spinning.
            Err(mpsc::RecvTimeoutError::Disconnected) => thread::sleep(TICK),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if status.is_some() {
            if exited_at.elapsed() > DRAIN_AFTER_EXIT {
                break;
            }
            continue;
        }
        if let Some(exit) = child
            .try_wait()
            .map_err(|e| format!("waiting for Godot: {e}"))?
        {
            status = Some(exit);
            exited_at = Instant::now();
            continue;
        }
        let reason = if start.elapsed() > limits.deadline {
            Some(format!(
                "timed out after {} s ({TIMEOUT_ENV} changes the limit)",
                limits.deadline.as_secs()
            ))
        } else if limits.stop_when_stuck
            // Errors a test declared it provokes are part of the test, not a sign it is stuck.
            && !watcher.unexpected().0.is_empty()
            && last_output.elapsed() > SILENCE_AFTER_ERROR
        {
            Some(format!(
                "stuck: no output for {} s after an error",
                SILENCE_AFTER_ERROR.as_secs()
            ))
        } else {
            None
        };
        if let Some(reason) = reason {
            println!("{label}xtask: {reason}; stopping Godot");
            let _ = child.kill();
            status = Some(
                child
                    .wait()
                    .map_err(|e| format!("waiting for Godot: {e}"))?,
            );
            exited_at = Instant::now();
            stopped = Some(reason);
        }
    }
    Ok(Run {
        status: status.expect("the loop ends only after Godot exited"),
        watcher,
        stopped,
        elapsed: start.elapsed(),
    })
}

/// Reads a pipe line by line on its own thread, sending each raw line (with its newline).
fn forward_lines(
    pipe: impl Read + Send + 'static,
    stream: Stream,
    sender: mpsc::Sender<(Stream, Vec<u8>)>,
) {
    thread::spawn(move || {
        let mut reader = BufReader::new(pipe);
        loop {
            let mut line = Vec::new();
            match reader.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if sender.send((stream, line)).is_err() {
                        break;
                    }
                }
            }
        }
    });
}

/// Passes a line through untouched after its label, to the same stream Godot wrote it to.
fn echo(stream: Stream, label: &str, bytes: &[u8]) {
    let write = |out: &mut dyn Write| {
        out.write_all(label.as_bytes())
            .and_then(|()| out.write_all(bytes))
            .and_then(|()| out.flush())
    };
    let _ = match stream {
        Stream::Stdout => write(&mut io::stdout().lock()),
        Stream::Stderr => write(&mut io::stderr().lock()),
    };
}

/// Every reason a run failed; empty means it passed.
pub fn judge(run: &Run, expect_summary: bool) -> Vec<String> {
    let mut failures = Vec::new();
    if let Some(reason) = &run.stopped {
        failures.push(reason.clone());
    } else if !run.status.success() {
        failures.push(match run.status.code() {
            Some(code) => format!("Godot exited with code {code}"),
            None => format!("Godot ended abnormally ({})", run.status),
        });
    }
    let (errors, missing) = run.watcher.unexpected();
    match errors.len() {
        0 => {}
        1 => failures.push("1 error in Godot's output".into()),
        n => failures.push(format!("{n} errors in Godot's output")),
    }
    for m in missing {
        failures.push(format!(
            "a test expected an engine error that never came: {m}"
        ));
    }
    if expect_summary {
        match run.watcher.summary {
            None => failures.push("no `N passed, N failed` line".into()),
            Some(summary) if summary.failed > 0 => {
                failures.push(format!("{} test(s) failed", summary.failed));
            }
            Some(_) => {}
        }
    }
    failures
}

/// Prints the verdict of a run, with every error it saw.
pub fn report(scene: &str, run: &Run, failures: &[String]) {
    let mut facts = vec![format!("{:.1} s", run.elapsed.as_secs_f64())];
    if let Some(summary) = run.watcher.summary {
        facts.insert(
            0,
            format!("{} passed, {} failed", summary.passed, summary.failed),
        );
    }
    if run.watcher.warnings > 0 {
        facts.push(format!("{} warning(s)", run.watcher.warnings));
    }
    println!();
    let (errors, _) = run.watcher.unexpected();
    let expected = run.watcher.errors.len() - errors.len();
    if expected > 0 {
        facts.push(format!(
            "{expected} engine error(s) the tests provoked on purpose"
        ));
    }
    if !errors.is_empty() {
        println!("Errors in Godot's output ({scene}):");
        for error in errors {
            for line in error {
                println!("  {line}");
            }
        }
    }
    if failures.is_empty() {
        println!("PASS {scene} ({})", facts.join(", "));
    } else {
        println!(
            "FAIL {scene} ({}): {}",
            facts.join(", "),
            failures.join("; ")
        );
    }
}
