//! The multiplayer tests: a server and a client, two headless Godots on this machine, talking
//! over ENet on 127.0.0.1, once in 3D (`tests/multiplayer/multiplayer_test.tscn`) and once in 2D
//! (`multiplayer_2d_test.tscn`); each scene says what it checks.
//!
//! One scene plays either part by its user arguments. Both run at once, their lines interleaved
//! behind `server| ` and `client| ` as they come. Each is judged like any headless run (exit
//! code, errors in its output) and must also have printed a PASS line and no FAIL line: a part
//! that quit with code 0 before checking anything has tested nothing.

use crate::godot::Godot;
use crate::paths::Paths;
use crate::run::{self, Limits, Run};
use std::net::{Ipv4Addr, UdpSocket};
use std::thread;
use std::time::Duration;

/// The scenes, run one after the other; `-- --role=server|client --port=N` picks the part.
pub const SCENES: [&str; 2] = [
    "res://tests/multiplayer/multiplayer_test.tscn",
    "res://tests/multiplayer/multiplayer_2d_test.tscn",
];

/// Each part gives up by itself after 30 s of wall time; this stops a Godot that hangs anyway.
const DEADLINE: Duration = Duration::from_secs(90);

/// In the order they start: the client's connect is retried until the server listens.
const ROLES: [&str; 2] = ["server", "client"];

/// Runs each scene's server and client to their end; `Err` says which failed and why.
pub fn test(godot: &Godot, paths: &Paths) -> Result<(), String> {
    let failed: Vec<String> = SCENES
        .iter()
        .filter_map(|scene| test_scene(godot, paths, scene).err())
        .collect();
    if failed.is_empty() {
        Ok(())
    } else {
        Err(failed.join("\n"))
    }
}

/// Runs one scene's server and client to their end.
fn test_scene(godot: &Godot, paths: &Paths, scene: &str) -> Result<(), String> {
    let file = paths.resource_file(scene);
    if !file.is_file() {
        return Err(format!("{scene} does not exist ({})", file.display()));
    }
    let port = free_udp_port()?;
    let limits = Limits {
        deadline: DEADLINE,
        stop_when_stuck: true,
    };
    let runs: Vec<Result<Run, String>> = thread::scope(|scope| {
        let parts: Vec<_> = ROLES
            .iter()
            .map(|role| {
                let mut cmd = godot.command();
                cmd.args(["--headless", "--fixed-fps", run::FIXED_FPS, "--path"])
                    .arg(&paths.project)
                    .args([
                        scene,
                        "--",
                        &format!("--role={role}"),
                        &format!("--port={port}"),
                    ]);
                let limits = &limits;
                scope.spawn(move || run::stream_labelled(&mut cmd, limits, &format!("{role}| ")))
            })
            .collect();
        parts
            .into_iter()
            .map(|part| {
                part.join()
                    .unwrap_or_else(|_| Err("its thread panicked".into()))
            })
            .collect()
    });
    let mut failed = Vec::new();
    for (role, run) in ROLES.iter().zip(runs) {
        let why = match run {
            Ok(run) => {
                let why = verdict(&run);
                run::report(&format!("{scene} as the {role}"), &run, &why);
                why
            }
            Err(e) => vec![e],
        };
        if !why.is_empty() {
            failed.push(format!("{scene}, the {role}: {}", why.join("; ")));
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(failed.join("\n"))
    }
}

/// Every reason one part failed; empty means it passed.
fn verdict(run: &Run) -> Vec<String> {
    let mut why = run::judge(run, false);
    if run.watcher.passes == 0 {
        why.push("no PASS line".into());
    }
    why.extend(run.watcher.fails.iter().cloned());
    why
}

/// A UDP port nothing listens on now. The socket is dropped before the server binds the port:
/// another program could take it in between, but a fixed port would collide far more often
/// (two checkouts testing at once, a game left running).
fn free_udp_port() -> Result<u16, String> {
    UdpSocket::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|socket| socket.local_addr())
        .map(|address| address.port())
        .map_err(|e| format!("cannot find a free UDP port on 127.0.0.1: {e}"))
}
