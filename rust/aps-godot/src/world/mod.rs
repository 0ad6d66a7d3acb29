//! One world of APS: everything that belongs to one `World3D` (design notes: one world per
//! `World3D`, so an AI in a `SubViewport` with its own world, or in one of several matches a
//! server runs, perceives only its own world). Who can be perceived there and the spatial grid
//! over them (spec section 13), its conditions and stimuli (the core's `Surroundings`), its
//! squads, its perceivers' schedule (sections 10, 12, 14), its viewers and its stats.
//!
//! Plain data owned by `ApsWorld`, which routes each call to the world of the node it concerns.

use crate::convert::{instance_id, live_node_as, target_id, to_vec3, to_vector3};
use crate::dim::WorldOf;
use crate::names::Names;
use crate::physics_space::SpaceState;
use crate::registry::Registry;
use crate::snapshot::Look;
use aps_core::brain::squad::Sighting;
use aps_core::crowd::grid::SpatialGrid;
use aps_core::crowd::lod::viewer_distance;
use aps_core::crowd::scheduler::{Due, Run, Schedule};
use aps_core::crowd::selection::Nearby;
use aps_core::gather::target::TargetSnapshot;
use aps_core::save::format::ScheduleSave;
use aps_core::senses::rays::BodyId;
use aps_core::senses::transmission::Transmission;
use aps_core::world::stats::WorldStats;
use aps_core::world::Surroundings;
use aps_core::{TargetId, Vec3};
use godot::classes::{Camera2D, Camera3D, World2D, World3D};
use godot::prelude::*;
use std::rc::Rc;

mod occluders;
mod perceivable;
mod saves;
mod schedule;
mod squads;

/// A run the frame's plan granted: the component's id, its handle if it is a perception
/// component, and the run.
pub type Granted = (InstanceId, Option<Perceiver>, Run);

/// A perception component as a world's schedule keeps it, kept as it entered so that its turn
/// costs a liveness check rather than a lookup. The components are classes of the layer above;
/// they hand the world this view of themselves.
pub trait Scheduled: std::fmt::Debug {
    /// Whether it is still alive: one call into the engine.
    fn is_instance_valid(&self) -> bool;
    /// Where it is now, in the core's space.
    fn position(&self) -> Vec3;
    /// Its turn: a full pass over `dt` seconds, or only the fading of memory (`full` false).
    /// Nothing may be bound: scripts run inside it and may free anything.
    fn run_scheduled(&self, dt: f32, full: bool, tier: u8);
}

/// A perception component, as a world keeps it.
pub type Perceiver = Rc<dyn Scheduled>;

pub use crate::world_key::WorldKey;

/// The most squads one world keeps.
pub const MAX_SQUADS: usize = 1024;

/// The members of each squad of one world, by squad number, with their roles. Members are
/// found by id and squads counted, so joining, leaving and a pass's question "which squad am I
/// in" cost the same however many AI are in squads.
#[derive(Debug)]
struct Squads {
    names: Names,
    members: Vec<(InstanceId, u32, StringName)>,
    /// Where each member is in `members`.
    member_at: aps_core::id_map::IdMap<InstanceId, usize>,
    /// How many members each squad has, by number.
    sizes: std::collections::HashMap<u32, usize>,
}

impl Default for Squads {
    fn default() -> Self {
        Squads {
            names: Names::new("squad", MAX_SQUADS),
            members: Vec::new(),
            member_at: aps_core::id_map::IdMap::default(),
            sizes: std::collections::HashMap::new(),
        }
    }
}

/// Everything APS keeps for one `World3D`.
pub struct World {
    key: WorldKey,
    /// Conditions and stimuli, shared with perceivers through an `Rc` for the length of a pass,
    /// so a pass reads it without borrowing `ApsWorld`.
    state: Rc<Surroundings>,
    registry: Registry,
    grid: SpatialGrid,
    /// The registry's ids at the last rebuild, by grid item.
    grid_ids: Vec<InstanceId>,
    nearby: Vec<u32>,
    schedule: Schedule,
    stats: WorldStats,
    cameras: Vec<InstanceId>,
    squads: Squads,
    /// Some perceiver here smells: scent trails are worth laying.
    scent_wanted: bool,
    /// The physics frame whose once-a-frame work is done.
    last_frame: Option<u64>,
    /// How many beliefs each perceiver held after its last pass, for the monitors.
    beliefs_held: aps_core::id_map::IdMap<InstanceId, u32>,
    /// Each scheduled perceiver's component, found as it entered: planning reads a far AI's
    /// position, and the driver runs it, through it with a liveness check, not a lookup by id
    /// and a class test.
    perceiver_nodes: aps_core::id_map::IdMap<InstanceId, Perceiver>,
    /// The Area3D occluders: while there are any, rays stop at areas.
    occluder_areas: Vec<InstanceId>,
    /// Its physics space and its navigation map (if the map has regions) as of a frame, asked
    /// of the engine once a frame rather than once a pass.
    physics: Option<(u64, SpaceState, Option<Rid>)>,
    /// Reused each frame by the schedule's planning: the viewers, the AI due, the runs.
    viewers: Vec<Vec3>,
    due: Vec<Due>,
    runs: Vec<Run>,
    /// Reused by each pass's gathering: the entries moved since the grid's rebuild.
    changed: Vec<u32>,
    /// A light zone was refused since the last one added (a full world is warned of once).
    light_zone_refused: bool,
}

impl World {
    #[must_use]
    pub fn new(key: WorldKey) -> Self {
        World {
            key,
            state: Rc::default(),
            registry: Registry::default(),
            grid: SpatialGrid::new(),
            grid_ids: Vec::new(),
            nearby: Vec::new(),
            schedule: Schedule::default(),
            stats: WorldStats::default(),
            cameras: Vec::new(),
            squads: Squads::default(),
            scent_wanted: false,
            last_frame: None,
            beliefs_held: aps_core::id_map::IdMap::default(),
            perceiver_nodes: aps_core::id_map::IdMap::default(),
            occluder_areas: Vec::new(),
            physics: None,
            viewers: Vec::new(),
            due: Vec::new(),
            runs: Vec::new(),
            changed: Vec::new(),
            light_zone_refused: false,
        }
    }

    #[must_use]
    pub fn key(&self) -> WorldKey {
        self.key
    }

    /// Whether its `World3D` (or `World2D`) still exists (the world without one always does).
    #[must_use]
    pub fn is_alive(&self) -> bool {
        self.key == 0
            || InstanceId::try_from_i64(self.key).is_some_and(|id| {
                Gd::<World3D>::try_from_instance_id(id).is_ok()
                    || Gd::<World2D>::try_from_instance_id(id).is_ok()
            })
    }

    /// Whether this is a `World2D`'s world (its calls take pixels).
    #[must_use]
    pub fn is_two_d(&self) -> bool {
        InstanceId::try_from_i64(self.key)
            .is_some_and(|id| Gd::<World2D>::try_from_instance_id(id).is_ok())
    }

    /// The world's conditions and stimuli, shared for a pass.
    #[must_use]
    pub fn state(&self) -> Rc<Surroundings> {
        Rc::clone(&self.state)
    }

    /// The world's conditions and stimuli to change (copied first only if a pass is reading
    /// them at this moment).
    pub fn state_mut(&mut self) -> &mut Surroundings {
        Rc::make_mut(&mut self.state)
    }

    /// Notes a light zone refused; true for the first since a zone was last added, the one
    /// to warn of (a script adding zones in a loop gets one warning, not thousands).
    pub fn light_zone_refused(&mut self) -> bool {
        !std::mem::replace(&mut self.light_zone_refused, true)
    }

    /// Notes a light zone added: the next refusal is warned of again.
    pub fn light_zone_added(&mut self) {
        self.light_zone_refused = false;
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    pub fn registry_mut(&mut self) -> &mut Registry {
        &mut self.registry
    }

    // ---- Stats ----

    pub fn stats(&self) -> &WorldStats {
        &self.stats
    }

    pub fn stats_mut(&mut self) -> &mut WorldStats {
        &mut self.stats
    }

    /// The points of a target's scent trail still held, oldest first.
    #[must_use]
    pub fn scent_trail(&self, target: TargetId) -> PackedVector3Array {
        self.scent_points(target)
            .into_iter()
            .map(to_vector3)
            .collect()
    }

    /// The points of a target's scent trail still held, oldest first, in the core's space.
    #[must_use]
    pub fn scent_points(&self, target: TargetId) -> Vec<Vec3> {
        let Some(trail) = self.state.scents().trail(target) else {
            return Vec::new();
        };
        let mut points: Vec<_> = trail.points().to_vec();
        points.sort_by(|a, b| a.time.total_cmp(&b.time));
        points.iter().map(|p| p.position).collect()
    }
}
