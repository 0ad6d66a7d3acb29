//! An X display for windowed Godot runs, on machines that have none (CI, containers, servers).
//!
//! A developer's own display is used when `DISPLAY` points at a server that answers. Otherwise
//! xtask starts a private Xvfb (the X.Org virtual framebuffer server), installing Debian's
//! `xvfb` first if it is missing, and stops it when the run is over. xtask starts Xvfb itself
//! rather than wrapping Godot in `xvfb-run`: Godot then stays xtask's direct child, so the
//! deadline's kill reaches it, and the server's lifetime does not depend on how Godot ended.

use crate::provision;
use std::env;
use std::io::{BufRead, BufReader, Read};
use std::net::{TcpStream, ToSocketAddrs};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// How long Xvfb may take to start listening; it takes well under a second.
const START_TIMEOUT: Duration = Duration::from_secs(30);
/// How long Xvfb may take to quit after SIGTERM (it takes milliseconds), in ticks.
const STOP_TICKS: u32 = 50;
const STOP_TICK: Duration = Duration::from_millis(100);
/// How long a TCP display (e.g. one forwarded by ssh) may take to accept a connection.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);

/// An X display Godot can open windows on.
pub struct Display {
    /// The value of `DISPLAY` for clients, e.g. `:1`.
    pub name: String,
    /// The Xvfb xtask started, stopped when this is dropped; `None` for the developer's display.
    server: Option<Child>,
}

impl Drop for Display {
    fn drop(&mut self) {
        let Some(server) = &mut self.server else {
            return;
        };
        // SIGTERM lets Xvfb remove its lock file and socket in /tmp; std itself can only send
        // SIGKILL, which is the fallback.
        let asked = Command::new("kill")
            .arg(server.id().to_string())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        if asked {
            for _ in 0..STOP_TICKS {
                if matches!(server.try_wait(), Ok(Some(_))) {
                    return;
                }
                thread::sleep(STOP_TICK);
            }
        }
        let _ = server.kill();
        let _ = server.wait();
    }
}

/// The developer's display if it answers, else a fresh Xvfb with one screen of `screen`
/// (`WIDTHxHEIGHTxDEPTH`).
pub fn ensure(screen: &str) -> Result<Display, String> {
    if let Some(name) = env::var("DISPLAY").ok().filter(|name| !name.is_empty()) {
        if answers(&name) {
            println!("Display: using DISPLAY={name}");
            return Ok(Display { name, server: None });
        }
        println!("Display: DISPLAY={name} does not answer; starting Xvfb instead");
    }
    let xvfb = find_or_install_xvfb()?;
    start_xvfb(&xvfb, screen)
}

fn find_or_install_xvfb() -> Result<PathBuf, String> {
    if let Some(path) = provision::find_tool("Xvfb") {
        return Ok(path);
    }
    let instead =
        "set DISPLAY to a running X server, or install Xvfb (Debian: `apt-get install xvfb`)";
    if !provision::is_root() {
        return Err(format!(
            "no X display (DISPLAY is unset or does not answer) and no Xvfb; installing it needs root: {instead}"
        ));
    }
    println!("Display: no X display and no Xvfb; installing Debian's xvfb with apt-get");
    provision::install_on_host(&["xvfb"]).map_err(|e| format!("{e}; {instead}"))?;
    provision::find_tool("Xvfb")
        .ok_or_else(|| format!("Xvfb is still not to be found after installing xvfb; {instead}"))
}

/// Starts Xvfb on the first free display number. `-displayfd 1` makes the server pick the number
/// and write it to its stdout once it accepts connections, so there is no race and no guessing.
fn start_xvfb(xvfb: &std::path::Path, screen: &str) -> Result<Display, String> {
    let mut cmd = Command::new(xvfb);
    // -noreset: the server would otherwise reset whenever its last client disconnects.
    cmd.args(["-displayfd", "1", "-screen", "0", screen])
        .args(["-nolisten", "tcp", "-noreset"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    println!("$ {} &", crate::cmd::show(&cmd));
    let mut server = cmd
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", xvfb.display()))?;

    // Xvfb's stderr is mostly noise (keymap warnings); it is shown only if the server fails.
    let log = server.stderr.take().map(|mut pipe| {
        thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    });
    let (sender, number) = mpsc::channel();
    if let Some(pipe) = server.stdout.take() {
        thread::spawn(move || {
            let mut reader = BufReader::new(pipe);
            let mut line = String::new();
            let _ = reader.read_line(&mut line);
            let _ = sender.send(line);
            // Keep the pipe open and drained for as long as the server lives.
            let _ = std::io::copy(&mut reader, &mut std::io::sink());
        });
    }
    match number.recv_timeout(START_TIMEOUT) {
        Ok(line) if line.trim().parse::<u32>().is_ok() => {
            let name = format!(":{}", line.trim());
            println!("Display: Xvfb is up on {name} (screen {screen})");
            Ok(Display {
                name,
                server: Some(server),
            })
        }
        outcome => {
            let _ = server.kill();
            let status = server.wait();
            let log = log.and_then(|log| log.join().ok()).unwrap_or_default();
            let what = match (outcome, status) {
                (Err(_), _) => format!("did not start within {} s", START_TIMEOUT.as_secs()),
                (Ok(_), Ok(status)) => format!("ended ({status})"),
                (Ok(_), Err(e)) => format!("failed ({e})"),
            };
            Err(format!("Xvfb {what}; its output:\n{}", log.trim_end()))
        }
    }
}

/// Where an X display listens, from the `DISPLAY` value.
#[derive(Debug, PartialEq, Eq)]
enum Endpoint {
    /// A local display: its socket in `/tmp/.X11-unix`, or a full socket path (XQuartz).
    Socket(PathBuf),
    /// A remote or forwarded display (`host:N` listens on TCP port 6000 + N).
    Tcp(String, u16),
}

/// Parses `[host]:display[.screen]` (and `unix:N`, and XQuartz's socket paths).
fn endpoint(display: &str) -> Option<Endpoint> {
    if display.starts_with('/') {
        return Some(Endpoint::Socket(PathBuf::from(display)));
    }
    let (host, rest) = display.rsplit_once(':')?;
    let number: u16 = rest.split('.').next()?.parse().ok()?;
    if host.is_empty() || host == "unix" {
        Some(Endpoint::Socket(PathBuf::from(format!(
            "/tmp/.X11-unix/X{number}"
        ))))
    } else {
        Some(Endpoint::Tcp(
            host.to_string(),
            6000u16.checked_add(number)?,
        ))
    }
}

/// Whether an X server accepts connections at `display`: a stale `DISPLAY` (a closed ssh
/// session, a desktop that ended) must not make Godot fail to open its window.
fn answers(display: &str) -> bool {
    match endpoint(display) {
        Some(Endpoint::Socket(path)) => {
            UnixStream::connect(&path).is_ok() || abstract_socket_answers(&path)
        }
        Some(Endpoint::Tcp(host, port)) => (host.as_str(), port)
            .to_socket_addrs()
            .into_iter()
            .flatten()
            .any(|addr| TcpStream::connect_timeout(&addr, CONNECT_TIMEOUT).is_ok()),
        None => false,
    }
}

/// Linux X servers also listen on an abstract socket of the same name, which still works when
/// `/tmp/.X11-unix` is not shared (some containers).
#[cfg(target_os = "linux")]
fn abstract_socket_answers(path: &std::path::Path) -> bool {
    use std::os::linux::net::SocketAddrExt;
    use std::os::unix::ffi::OsStrExt;
    std::os::unix::net::SocketAddr::from_abstract_name(path.as_os_str().as_bytes())
        .and_then(|addr| UnixStream::connect_addr(&addr))
        .is_ok()
}

#[cfg(not(target_os = "linux"))]
fn abstract_socket_answers(_path: &std::path::Path) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_display_names() {
        let socket = |path: &str| Some(Endpoint::Socket(PathBuf::from(path)));
        assert_eq!(endpoint(":0"), socket("/tmp/.X11-unix/X0"));
        assert_eq!(endpoint(":99.0"), socket("/tmp/.X11-unix/X99"));
        assert_eq!(endpoint("unix:1"), socket("/tmp/.X11-unix/X1"));
        assert_eq!(
            endpoint("localhost:10.0"),
            Some(Endpoint::Tcp("localhost".into(), 6010))
        );
        assert_eq!(
            endpoint("/private/tmp/com.apple.launchd.x/org.xquartz:0"),
            socket("/private/tmp/com.apple.launchd.x/org.xquartz:0")
        );
        assert_eq!(endpoint("nonsense"), None);
        assert_eq!(endpoint(":x"), None);
    }
}
