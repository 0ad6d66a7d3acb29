//! APS's figures as Godot custom monitors, under "APS" in the debugger's Monitors
//! tab: the main scene's world as of the last physics frame, the same figures as
//! `ApsWorld.get_stats()` gives.

use crate::aps_world::ApsWorld;
use godot::classes::Performance;
use godot::prelude::*;

/// Each monitor's id and the `get_stats()` key it shows.
const MONITORS: [(&str, &str); 10] = [
    ("APS/Passes per frame", "frame_passes"),
    ("APS/Rays per frame", "frame_rays"),
    ("APS/Time per frame (usec)", "frame_usec"),
    ("APS/Time in rays per frame (usec)", "frame_ray_usec"),
    ("APS/Perceivers at LOD 0", "perceivers_tier_0"),
    ("APS/Perceivers at LOD 1", "perceivers_tier_1"),
    ("APS/Perceivers at LOD 2", "perceivers_tier_2"),
    ("APS/Perceivers at LOD 3", "perceivers_tier_3"),
    ("APS/Perceivers suspended", "perceivers_tier_4"),
    ("APS/Beliefs held", "beliefs"),
];

/// Adds the monitors, once: when the library loads, so they read 0 before any AI exists.
pub fn register() {
    if !godot::classes::Engine::singleton().has_singleton("Performance") {
        // Not made yet at this stage: the driver registers them with the first AI.
        return;
    }
    let mut performance = Performance::singleton();
    for (id, key) in MONITORS {
        if performance.has_custom_monitor(id) {
            continue;
        }
        let callable = Callable::from_fn(id, move |_| {
            ApsWorld::singleton()
                .bind()
                .get_stats()
                .get(key)
                .and_then(|v| v.try_to::<i64>().ok())
                .unwrap_or(0)
        });
        performance.add_custom_monitor(id, &callable);
    }
}

/// Takes the monitors out again, before the library is unloaded.
pub fn unregister() {
    let mut performance = Performance::singleton();
    for (id, _) in MONITORS {
        if performance.has_custom_monitor(id) {
            performance.remove_custom_monitor(id);
        }
    }
}
