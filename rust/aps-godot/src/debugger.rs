//! The game side of the debugger's APS tab. While the game runs under the editor's
//! debugger (`EngineDebugger.is_active()`), it sends the tab, through `EngineDebugger`:
//!
//! - `aps:perceivers` `[list]` about twice a second: every perception component, each
//!   `{ id, name, path, awareness, beliefs, drawing }`;
//! - `aps:perceiver` `[snapshot]` for the one the tab picked, at the rate it chose: the
//!   component's `get_debug_snapshot()`.
//!
//! and it hears, through a message capture named `aps`: `aps:pick` `[id]` (0: none),
//! `aps:rate` `[hz]` and `aps:draw` `[id, on]` (draw everything for that AI). Without a
//! debugging session (an exported release game) nothing is registered or sent: one call a
//! frame asks whether there is one.

use crate::aps_perception_component::Perceiver;
use crate::aps_world::ApsWorld;
use godot::classes::EngineDebugger;
use godot::prelude::*;
use std::cell::RefCell;

/// Seconds between two perceiver lists.
const LIST_INTERVAL: f64 = 0.5;
/// The snapshot rate until the tab sets one, per second.
const DEFAULT_RATE: f64 = 5.0;

/// What the tab asked for, and when things were last sent.
struct Session {
    registered: bool,
    picked: Option<InstanceId>,
    rate: f64,
    since_list: f64,
    since_snapshot: f64,
    /// Draw requests heard, applied at the next frame (never while APS is borrowed).
    draws: Vec<(InstanceId, bool)>,
}

thread_local! {
    static SESSION: RefCell<Session> = const { RefCell::new(Session {
        registered: false,
        picked: None,
        rate: DEFAULT_RATE,
        since_list: f64::INFINITY,
        since_snapshot: 0.0,
        draws: Vec::new(),
    }) };
}

/// Once a physics frame, after perception: sends what is due, if a debugging session is on.
pub fn frame(delta: f64) {
    let mut debugger = EngineDebugger::singleton();
    if !debugger.is_active() {
        return;
    }
    let (send_list, snapshot_of, draws) = SESSION.with_borrow_mut(|s| {
        if !s.registered {
            s.registered = true;
            debugger.register_message_capture("aps", &Callable::from_fn("aps_debugger", capture));
        }
        s.since_list += delta;
        s.since_snapshot += delta;
        let send_list = s.since_list >= LIST_INTERVAL;
        if send_list {
            s.since_list = 0.0;
        }
        let snapshot_of = s.picked.filter(|_| s.since_snapshot >= 1.0 / s.rate);
        if snapshot_of.is_some() {
            s.since_snapshot = 0.0;
        }
        (send_list, snapshot_of, std::mem::take(&mut s.draws))
    });
    for (id, on) in draws {
        if let Some(mut c) = Perceiver::from_id(id) {
            c.set_drawn_by_debugger(on);
        }
    }
    if send_list {
        let list = perceiver_list();
        debugger.send_message("aps:perceivers", &varray![&list]);
    }
    if let Some(id) = snapshot_of {
        if let Some(c) = Perceiver::from_id(id) {
            let snapshot = c.debug_snapshot();
            debugger.send_message("aps:perceiver", &varray![&snapshot]);
        }
    }
}

/// The `aps:perceivers` list: every perception component in every world.
#[must_use]
pub fn perceiver_list() -> VarArray {
    let ids = ApsWorld::singleton().bind().all_perceivers();
    summaries(&ids)
}

/// One row of the list per component of `ids` that still exists.
#[must_use]
pub fn summaries(ids: &[InstanceId]) -> VarArray {
    let mut out = VarArray::new();
    for &id in ids {
        let Some(c) = Perceiver::from_id(id) else {
            continue;
        };
        out.push(&c.debug_summary().to_variant());
    }
    out
}

/// What the tab sent: `message` is `pick`, `rate` or `draw` (with or without the `aps:`
/// prefix), `data` its arguments. Returns whether it was understood.
fn capture(args: &[&Variant]) -> bool {
    let message: String = args
        .first()
        .and_then(|m| m.try_to::<GString>().ok())
        .map(|m| m.to_string())
        .unwrap_or_default();
    let data: VarArray = args
        .get(1)
        .and_then(|d| d.try_to::<VarArray>().ok())
        .unwrap_or_default();
    let id_at = |i: usize| {
        data.get(i)
            .and_then(|v| v.try_to::<i64>().ok())
            .and_then(InstanceId::try_from_i64)
    };
    SESSION.with_borrow_mut(|s| match message.trim_start_matches("aps:") {
        "pick" => {
            s.picked = id_at(0);
            s.since_snapshot = f64::INFINITY;
            true
        }
        "rate" => {
            let hz = data
                .get(0)
                .and_then(|v| v.try_to::<f64>().ok())
                .filter(|hz| hz.is_finite())
                .unwrap_or(DEFAULT_RATE);
            s.rate = hz.clamp(0.5, 60.0);
            true
        }
        "draw" => {
            let on = data
                .get(1)
                .and_then(|v| v.try_to::<bool>().ok())
                .unwrap_or(false);
            if let Some(id) = id_at(0) {
                s.draws.push((id, on));
            }
            true
        }
        _ => false,
    })
}
