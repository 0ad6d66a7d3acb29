//! Warnings said once per cause: a script that repeats a mistake every frame, or a thousand
//! times in one, gets one warning for it, then at most one a second of game time with how many
//! times it came since, not a flood that hides every other message.
//!
//! A cause is what went wrong and where: the call or setting and what about it (`what`), and
//! the object it concerns (`who`: the AI a call was made on, the node a call named), so the same
//! mistake on another AI, or another mistake on this one, is said at once. Game time (the
//! physics frames so far) rather than the wall clock, so a test at a fixed frame rate counts the
//! same warnings on every machine.

use godot::classes::{Engine, Resource};
use godot::prelude::*;
use std::cell::RefCell;

/// A repeat of one cause is said at most this often, in seconds of game time.
pub const REPEAT_INTERVAL: f64 = 1.0;

/// The most causes remembered at once; past it, the one said longest ago is forgotten (and
/// would be said again at once if it came back).
const MAX_CAUSES: usize = 256;

/// When one cause was last said and how many times it came since.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Repeats {
    /// Game time it was last said, if ever.
    said_at: Option<f64>,
    /// Times it came since, unsaid.
    since: u32,
}

impl Repeats {
    /// The cause came again at game time `now`: `Some(n)` when it is to be said now, `n` the
    /// times it came unsaid since it was last said (0 the first time); `None` when it is kept
    /// for later. A clock that went back (a new game in the same process) says it at once.
    #[must_use]
    pub fn came(&mut self, now: f64) -> Option<u32> {
        match self.said_at {
            // A hair under the interval still counts as a second: frames/ticks is not exact.
            Some(at) if now >= at && now - at < REPEAT_INTERVAL - 1e-9 => {
                self.since = self.since.saturating_add(1);
                None
            }
            _ => {
                self.said_at = Some(now);
                Some(std::mem::take(&mut self.since))
            }
        }
    }
}

/// The causes said so far, by a hash of `what` and who.
struct Said {
    causes: Vec<(u64, Repeats)>,
}

thread_local! {
    static SAID: RefCell<Said> = const { RefCell::new(Said { causes: Vec::new() }) };
}

/// Game time now, in seconds: the physics frames so far at the project's tick rate.
#[must_use]
pub fn game_time() -> f64 {
    let engine = Engine::singleton();
    engine.get_physics_frames() as f64 / f64::from(engine.get_physics_ticks_per_second().max(1))
}

/// Whether the cause (`what`, `who`) is to be said now; `Some(n)` with the times it came unsaid
/// since it was last said.
fn came(what: &str, who: Option<InstanceId>) -> Option<u32> {
    use std::hash::{Hash, Hasher};
    // Off the main thread (a resource loaded on a loader thread) the engine's clock is not
    // ours to read: said as it comes, as a load is not repeated every frame.
    if !godot::init::is_main_thread() {
        return Some(0);
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    what.hash(&mut h);
    who.map(InstanceId::to_i64).hash(&mut h);
    let key = h.finish();
    let now = game_time();
    SAID.with(|s| {
        let causes = &mut s.borrow_mut().causes;
        if let Some((_, r)) = causes.iter_mut().find(|(k, _)| *k == key) {
            return r.came(now);
        }
        if causes.len() >= MAX_CAUSES {
            let said_at = |r: &Repeats| r.said_at.unwrap_or(f64::NEG_INFINITY);
            let oldest = causes
                .iter()
                .enumerate()
                .min_by(|a, b| said_at(&a.1 .1).total_cmp(&said_at(&b.1 .1)))
                .map(|(i, _)| i);
            if let Some(i) = oldest {
                causes.swap_remove(i);
            }
        }
        let mut r = Repeats::default();
        let said = r.came(now);
        causes.push((key, r));
        said
    })
}

/// How a warning names `node`: its path in the tree, or, out of the tree (where it has no
/// path, and asking for one is an engine error), its name and that it is out of the tree.
#[must_use]
pub fn describe(node: &Gd<Node>) -> String {
    if node.is_inside_tree() {
        node.get_path().to_string()
    } else {
        let name = node.get_name().to_string();
        let name = if name.is_empty() {
            node.get_class().to_string()
        } else {
            name
        };
        format!("{name} (out of the tree)")
    }
}

/// Where an object a warning is about is: a node's path (see [`describe`]), a resource's file
/// (or "unsaved" and its class).
#[must_use]
pub fn describe_object(object: &Gd<Object>) -> String {
    if let Ok(node) = object.clone().try_cast::<Node>() {
        return describe(&node);
    }
    match object.clone().try_cast::<Resource>() {
        Ok(r) if !r.get_path().is_empty() => r.get_path().to_string(),
        _ => format!("an unsaved {}", object.get_class()),
    }
}

/// [`warn`] about `on`, the message followed by where `on` is (see [`describe_object`]).
pub fn warn_on(what: &str, on: &Gd<Object>, message: impl FnOnce() -> String) {
    warn(what, Some(on.instance_id()), || {
        format!("{} (on {})", message(), describe_object(on))
    });
}

/// How a repeat says how many times it came unsaid since it was last said ("" the first time).
#[must_use]
pub fn repeated(n: u32) -> String {
    if n == 0 {
        String::new()
    } else {
        format!(" ({n} more times since this was last said)")
    }
}

/// Says the warning `message` for the cause `what` of `who`: at once the first time, then at
/// most once a second of game time, with how many times it came since.
pub fn warn(what: &str, who: Option<InstanceId>, message: impl FnOnce() -> String) {
    if let Some(n) = came(what, who) {
        godot_warn!("{}{}", message(), repeated(n));
    }
}

/// [`warn`] for a message that counts the repeats itself: `message` is given the times the
/// cause came unsaid since it was last said.
pub fn warn_counted(what: &str, who: Option<InstanceId>, message: impl FnOnce(u32) -> String) {
    if let Some(n) = came(what, who) {
        godot_warn!("{}", message(n));
    }
}

/// [`warn`] as an error, for what went wrong inside APS's own work.
pub fn error(what: &str, who: Option<InstanceId>, message: impl FnOnce() -> String) {
    if let Some(n) = came(what, who) {
        godot_error!("{}{}", message(), repeated(n));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_time_is_said_then_at_most_once_a_second_with_the_count() {
        let mut r = Repeats::default();
        assert_eq!(r.came(10.0), Some(0));
        // Every frame of the next second is kept...
        for f in 1..60 {
            assert_eq!(r.came(10.0 + f64::from(f) / 60.0), None, "frame {f}");
        }
        // ...and the first a second later says the 59 kept.
        assert_eq!(r.came(11.0), Some(59));
        assert_eq!(r.came(11.5), None);
        assert_eq!(r.came(12.0), Some(1));
    }

    #[test]
    fn every_frame_for_ten_seconds_is_said_ten_times() {
        let mut r = Repeats::default();
        let said = (0..600)
            .filter(|f| r.came(f64::from(*f) / 60.0).is_some())
            .count();
        assert_eq!(said, 10);
    }

    #[test]
    fn a_thousand_times_in_one_frame_are_said_once() {
        let mut r = Repeats::default();
        let said = (0..1000).filter(|_| r.came(3.0).is_some()).count();
        assert_eq!(said, 1);
    }

    #[test]
    fn a_clock_that_went_back_says_it_at_once() {
        let mut r = Repeats::default();
        assert_eq!(r.came(50.0), Some(0));
        assert_eq!(r.came(0.5), Some(0));
    }

    #[test]
    fn a_repeat_counts_what_came_unsaid() {
        assert_eq!(repeated(0), "");
        assert!(repeated(3).contains("3 more times since"));
    }
}
