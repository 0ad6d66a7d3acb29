//! # aps-core
//!
//! The engine-agnostic heart of APS: senses produce numbers, the core turns numbers into belief,
//! belief fires events, and the game decides what to do. No engine types live here; the Godot
//! adapter (`aps-godot`) reads nodes into snapshots, casts rays through
//! [`senses::rays::Space`] and turns [`Event`]s into signals. Section numbers in the docs refer
//! to the APS behaviour specification.
//!
//! ## The perception tick, stage by stage (spec section 10)
//!
//! [`PerceptionCore::run`] is one AI's pass; [`mind::Mind::tick_with`] is its second half.
//!
//! 1. **Gather** ([`gather`]): every perceivable target in the gather range
//!    ([`gather::candidates::gather_radius`]), plus the ones held wherever they stand
//!    ([`gather::candidates::held_targets`]), each as a [`gather::target::TargetSnapshot`]
//!    whose speed comes from [`gather::motion`]. Candidates come from the spatial grid
//!    ([`crowd::grid`]); in a crowd, [`crowd::selection`] chooses whom to look at by the
//!    priorities of [`crowd::priority`].
//! 2. **Prepare senses**: each sense's Pre Tick ([`senses::contract::SenseUnit`],
//!    [`senses::suite::SenseSuite::pre_tick`]).
//! 3. **Own senses**: pain first ([`senses::pain`]), so its dulling reaches every other sense.
//! 4. **Each target**: every sense's reading ([`senses::reading`]), then
//!    [`fusion`] (the strongest sense plus the Corroboration Bonus) and scripted evidence
//!    ([`belief::evidence`]).
//! 5. **Memory**: the memory engine ([`belief::memory_engine`]): smoothing and decay
//!    ([`belief::smoothing`], [`belief::decay_curve`]), the seven states ([`belief::state`]),
//!    grace, direct cut and why it was lost ([`belief::loss`]), episodes ([`belief::episodes`]),
//!    beliefs about places ([`belief::places`]); all kept in the belief record
//!    ([`belief::record`]) in a fixed ledger ([`crowd::ledger`]).
//! 6. **Where you are**: last known and predicted position, velocity, uncertainty
//!    ([`belief::whereabouts`]).
//! 7. **Threat** and relationships ([`brain::threat`]): a score mapped onto five levels
//!    ([`threat_level`]), weighing who each target is ([`relationship`]).
//! 8. **Player model** ([`brain::player_model`]).
//! 9. **Brain** ([`brain`]): emotions ([`brain::emotion`]), awareness ([`brain::awareness`]),
//!    attention and the SortScore ([`brain::attention`]), squad sharing ([`brain::squad`]).
//! 10. **Events** ([`events`]): what the adapter turns into signals after the tick.
//! 11. **Housekeeping**: every Maintenance Interval ([`mind`]).
//!
//! ## Around the tick
//!
//! - [`vocabulary`]: the spec's words (states, loss reasons, awareness, emotions, threat levels,
//!   relationships, senses) as plain data that imports nothing else of the crate; each rule
//!   module above re-exports the word it works on.
//! - [`profile`]: every setting of one kind of AI, with the spec's defaults, validation and TOML.
//! - [`world`]: what one world holds for every AI in it: conditions, stimuli, scent, squads'
//!   reports, stats.
//! - [`crowd`]: who runs when: significance and level of detail ([`crowd::lod`]), the
//!   scheduler and frame budget ([`crowd::scheduler`]), quality profiles ([`crowd::quality`]).
//! - [`mind`]: one AI's beliefs and what it makes of them; [`perception_core`]: its senses and
//!   its mind, run together.

pub mod belief;
pub mod brain;
pub mod crowd;
pub mod events;
pub mod fusion;
pub mod gather;
pub mod gaze;
pub mod id_map;
pub mod insight;
pub mod mind;
pub mod perception_core;
pub mod pose;
pub mod profile;
pub use vocabulary::relationship;
pub mod replica;
pub mod save;
pub mod senses;
pub mod threat_level;
pub mod vocabulary;
pub mod world;

pub use belief::loss::{LossReason, SenseLoss};
pub use belief::state::BeliefState;
pub use belief::Belief;
pub use brain::awareness::AwarenessLevel;
pub use events::{Event, StateChange};
pub use gather::target::{TargetId, TargetKind};
pub use mind::Mind;
pub use perception_core::{PassInput, PerceptionCore};
pub use pose::Pose;
pub use profile::{Profile, ProfileIssue};
pub use senses::id::{Sense, SenseId, SenseSet};
pub use senses::reading::{Observations, SenseReading};

pub use glam::Vec3;
