//! Running other programs: show the command line first, then insist it succeeded.
//!
//! Every command xtask runs is echoed as `$ ...`, so a failure in CI can be reproduced
//! by pasting one line.

use std::env;
use std::ffi::OsStr;
use std::io::Read;
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The cargo that started us (`cargo xtask` sets `CARGO`), so toolchain overrides carry over.
pub fn cargo() -> Command {
    Command::new(env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// A command line as a person would type it (arguments with spaces quoted; the cargo that
/// started us is just `cargo`, its toolchain path is noise).
pub fn show(cmd: &Command) -> String {
    let program = cmd.get_program();
    let program = if env::var_os("CARGO").is_some_and(|cargo| cargo == program) {
        OsStr::new("cargo")
    } else {
        program
    };
    std::iter::once(program)
        .chain(cmd.get_args())
        .map(quote)
        .collect::<Vec<_>>()
        .join(" ")
}

fn quote(arg: &OsStr) -> String {
    let text = arg.to_string_lossy();
    if text.is_empty() || text.contains(char::is_whitespace) {
        format!("'{text}'")
    } else {
        text.into_owned()
    }
}

/// Prints the command, then runs it with the terminal's stdio.
pub fn status(cmd: &mut Command) -> Result<ExitStatus, String> {
    println!("$ {}", show(cmd));
    cmd.status()
        .map_err(|e| format!("cannot start `{}`: {e}", show(cmd)))
}

/// Runs a command to completion and fails unless it exits successfully.
pub fn run(cmd: &mut Command) -> Result<(), String> {
    let status = status(cmd)?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{}` failed ({status})", show(cmd)))
    }
}

/// What a short-lived probe printed.
pub struct Captured {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

/// Runs a quick probe (like `godot --version`) silently, killing it if it hangs:
/// an unknown binary on PATH must not be able to stall xtask.
pub fn capture(cmd: &mut Command, timeout: Duration) -> Result<Captured, String> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start `{}`: {e}", show(cmd)))?;
    // Read both pipes on threads: a child that fills one pipe would otherwise block forever.
    let read_all = |pipe: Option<Box<dyn Read + Send>>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = read_all(child.stdout.take().map(|p| Box::new(p) as _));
    let stderr = read_all(child.stderr.take().map(|p| Box::new(p) as _));
    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(20)),
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "`{}` did not finish within {} s",
                    show(cmd),
                    timeout.as_secs()
                ));
            }
            Err(e) => return Err(format!("waiting for `{}`: {e}", show(cmd))),
        }
    };
    Ok(Captured {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    })
}
