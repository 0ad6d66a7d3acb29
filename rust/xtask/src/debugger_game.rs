//! The game the editor tour shows in the Debugger panel's APS tab
//! (`tests/editor/debugger_game.tscn`), started by xtask beside the tour's editor and attached
//! to that editor's debugger.
//!
//! An editor listens for games it did not start itself only while its debug server stays open
//! (Debug > Keep Debug Server Open, kept in the project's metadata as `[debug_options]
//! server_keep_open`): `keep_server_open` sets that in the copy before its editor starts. The
//! editor started through the provisioned root's loader cannot start the game itself, and a game
//! attached from the start would change the Scene dock (Remote and Local) in the tour's earlier
//! pictures, so the tour asks for it when it is ready: it writes its debug server's address into
//! a request file, and `Game` then starts the scene with `--remote-debug <address>`. A game that
//! finds no editor listening quits at once with `NOT_ATTACHED` and is started again.

use crate::godot::Godot;
use crate::output::{Stream, Watcher};
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

/// The scene, in the copy of the project the tour runs in.
const SCENE: &str = "res://tests/editor/debugger_game.tscn";

/// The scene's exit code when no editor took its connection (`NOT_ATTACHED` in its script).
const NOT_ATTACHED: i32 = 3;

/// How often the waiting thread looks for the request, and at the game.
const POLL: Duration = Duration::from_millis(200);
/// The pause before starting a game again that found no editor.
const RETRY_AFTER: Duration = Duration::from_secs(1);
/// A game that found no editor this many times in a row is given up.
const MAX_ATTEMPTS: u32 = 30;

/// Where the editor keeps a project's metadata, relative to the project.
const METADATA: [&str; 3] = [".godot", "editor", "project_metadata.cfg"];

/// The debugger game of one tour: waiting for the request, then running, until `stop`.
pub struct Game {
    /// The file the tour writes the debug server's address into to ask for the game.
    pub request: PathBuf,
    /// The output of the last game started.
    log: PathBuf,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<Outcome>>,
}

/// What became of the game, for the verdict.
#[derive(Default)]
struct Outcome {
    /// The address the tour asked for, if it asked.
    address: Option<String>,
    /// Whether a game attached to the editor (it ran until stopped, or quit by itself).
    attached: bool,
    /// How many games were started.
    attempts: u32,
    /// Why it could not run at all.
    error: Option<String>,
}

impl Game {
    /// Waits, on a thread of its own, for the tour to ask for the game in `folder`, then runs
    /// `godot` on the scene in `project` until `stop`.
    pub fn start(godot: &Godot, project: &Path, folder: &Path) -> Result<Self, String> {
        fs::create_dir_all(folder)
            .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
        let request = folder.join("request.txt");
        let log = folder.join("game.log");
        for stale in [&request, &log] {
            if stale.exists() {
                fs::remove_file(stale)
                    .map_err(|e| format!("cannot remove {}: {e}", stale.display()))?;
            }
        }
        // The command's parts, to build it again on the thread for every attempt.
        let mut template = godot.command();
        template
            .args(["--headless", "--path"])
            .arg(project)
            .arg(SCENE);
        let program = template.get_program().to_os_string();
        let args: Vec<OsString> = template.get_args().map(|a| a.to_os_string()).collect();
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (request, log, stop) = (request.clone(), log.clone(), stop.clone());
            thread::spawn(move || {
                let launch = |address: &str| {
                    let mut cmd = Command::new(&program);
                    cmd.args(&args).args(["--remote-debug", address]);
                    cmd
                };
                serve(&request, &log, &stop, launch)
            })
        };
        Ok(Self {
            request,
            log,
            stop,
            thread: Some(thread),
        })
    }

    /// Stops the game and returns every reason it failed: asked for, it never attached, or it
    /// printed errors. A tour that never asked for it is no failure of the game's.
    pub fn stop(mut self) -> Vec<String> {
        self.stop.store(true, Ordering::Relaxed);
        let outcome = match self.thread.take().map(JoinHandle::join) {
            Some(Ok(outcome)) => outcome,
            _ => Outcome {
                error: Some("its thread panicked".into()),
                ..Outcome::default()
            },
        };
        let mut failures = Vec::new();
        if let Some(error) = outcome.error {
            failures.push(format!("the debugger game did not run: {error}"));
        }
        let Some(address) = outcome.address else {
            return failures;
        };
        println!();
        if !outcome.attached {
            failures.push(format!(
                "the debugger game ({SCENE}) never attached to the editor at {address} in {} \
                 attempts (its output: {})",
                outcome.attempts,
                self.log.display()
            ));
            return failures;
        }
        println!(
            "The debugger game ({SCENE}) attached to the editor at {address}; its output is in {}",
            self.log.display()
        );
        let errors = errors_in(&fs::read_to_string(&self.log).unwrap_or_default());
        if !errors.is_empty() {
            println!("Errors in the debugger game's output:");
            for line in errors.iter().flatten() {
                println!("  {line}");
            }
            failures.push(format!(
                "{} error(s) in the debugger game's output",
                errors.len()
            ));
        }
        failures
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The thread's work: waits for `request`, then starts `launch(address)` again and again while
/// it finds no editor, and keeps the one that attached running until `stop`.
fn serve(
    request: &Path,
    log: &Path,
    stop: &AtomicBool,
    launch: impl Fn(&str) -> Command,
) -> Outcome {
    let mut outcome = Outcome::default();
    let address = loop {
        if stop.load(Ordering::Relaxed) {
            return outcome;
        }
        // Written whole by the tour; an empty read is a write still under way.
        if let Some(text) = fs::read_to_string(request)
            .ok()
            .filter(|t| !t.trim().is_empty())
        {
            break text.trim().to_string();
        }
        thread::sleep(POLL);
    };
    println!("xtask: the tour asks for the debugger game, attached to {address}");
    outcome.address = Some(address.clone());
    while outcome.attempts < MAX_ATTEMPTS && !stop.load(Ordering::Relaxed) {
        outcome.attempts += 1;
        let mut child = match spawn(launch(&address), log) {
            Ok(child) => child,
            Err(error) => {
                outcome.error = Some(error);
                return outcome;
            }
        };
        match watch(&mut child, stop) {
            Some(code) if code == NOT_ATTACHED => thread::sleep(RETRY_AFTER),
            // Stopped, or ended by itself after attaching (its log says how).
            _ => {
                outcome.attached = true;
                return outcome;
            }
        }
    }
    outcome
}

/// Starts `cmd`, its output into `log` (the last game's only).
fn spawn(mut cmd: Command, log: &Path) -> Result<Child, String> {
    let out = fs::File::create(log).map_err(|e| format!("cannot write {}: {e}", log.display()))?;
    let err = out
        .try_clone()
        .map_err(|e| format!("cannot write {}: {e}", log.display()))?;
    cmd.stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .spawn()
        .map_err(|e| format!("cannot start {:?}: {e}", cmd.get_program()))
}

/// Waits for `child` to end, or kills it once `stop` is set; returns its exit code if it ended
/// by itself.
fn watch(child: &mut Child, stop: &AtomicBool) -> Option<i32> {
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            return status.code();
        }
        if stop.load(Ordering::Relaxed) {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        thread::sleep(POLL);
    }
}

/// The errors in a game's output, each with its context lines, as a scene run's are judged.
fn errors_in(output: &str) -> Vec<Vec<String>> {
    let mut watcher = Watcher::default();
    for line in output.lines() {
        watcher.observe(Stream::Stdout, line);
    }
    watcher.unexpected().0.into_iter().cloned().collect()
}

/// Makes the editor of `project` keep its debug server open, listening for games it did not
/// start (`[debug_options] server_keep_open=true` in its project metadata), keeping whatever
/// else the metadata holds.
pub fn keep_server_open(project: &Path) -> Result<(), String> {
    let file = METADATA
        .iter()
        .fold(project.to_path_buf(), |path, part| path.join(part));
    let text = fs::read_to_string(&file).unwrap_or_default();
    let changed = with_setting(&text, "debug_options", "server_keep_open", "true");
    if changed != text {
        if let Some(folder) = file.parent() {
            fs::create_dir_all(folder)
                .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
        }
        fs::write(&file, changed).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    }
    Ok(())
}

/// `text`, a Godot config file, with `key=value` in `[section]`: the key's line replaced if the
/// section has it, added at the section's end if not, the section added if it is missing.
fn with_setting(text: &str, section: &str, key: &str, value: &str) -> String {
    let header = format!("[{section}]");
    let setting = format!("{key}={value}");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let Some(start) = lines.iter().position(|line| line.trim() == header) else {
        let gap = if text.trim().is_empty() { "" } else { "\n" };
        let text = text.trim_end();
        return format!("{text}{gap}\n{header}\n\n{setting}\n")
            .trim_start()
            .to_string();
    };
    let end = lines[start + 1..]
        .iter()
        .position(|line| line.trim_start().starts_with('['))
        .map_or(lines.len(), |at| start + 1 + at);
    let existing = (start + 1..end).find(|&i| {
        lines[i]
            .split_once('=')
            .is_some_and(|(name, _)| name.trim() == key)
    });
    match existing {
        Some(i) => lines[i] = setting,
        None => {
            // After the section's last setting, before the blank lines that part it from the next.
            let last = (start + 1..end)
                .rev()
                .find(|&i| !lines[i].trim().is_empty())
                .unwrap_or(start);
            let at = if last == start { start + 1 } else { last + 1 };
            if last == start {
                lines.insert(at, String::new());
                lines.insert(at + 1, setting);
            } else {
                lines.insert(at, setting);
            }
        }
    }
    lines.join("\n") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_debug_server_open_in_any_metadata() {
        let set = |text: &str| with_setting(text, "debug_options", "server_keep_open", "true");
        assert_eq!(set(""), "[debug_options]\n\nserver_keep_open=true\n");
        assert_eq!(
            set("[recent_files]\n\nscenes=[\"res://a.tscn\"]\n"),
            "[recent_files]\n\nscenes=[\"res://a.tscn\"]\n\n[debug_options]\n\nserver_keep_open=true\n"
        );
        let other = "[debug_options]\n\nrun_live_debug=true\n\n[recent_files]\n\nscenes=[]\n";
        assert_eq!(
            set(other),
            "[debug_options]\n\nrun_live_debug=true\nserver_keep_open=true\n\n[recent_files]\n\nscenes=[]\n"
        );
        let off = "[debug_options]\n\nserver_keep_open=false\n";
        assert_eq!(set(off), "[debug_options]\n\nserver_keep_open=true\n");
        assert_eq!(
            set(&set(other)),
            set(other),
            "setting it twice changes nothing"
        );
    }

    #[test]
    fn counts_the_errors_a_game_printed() {
        let output = "Godot Engine v4.6\nERROR: something broke\n   at: here (a.cpp:1)\nfine\n";
        let errors = errors_in(output);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0][0], "ERROR: something broke");
        assert!(errors_in("WARNING: only a warning\n").is_empty());
    }
}
