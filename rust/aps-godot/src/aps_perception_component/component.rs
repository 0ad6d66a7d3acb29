//! What the plain Rust of a perception component needs of its Godot class, and the checks every
//! call makes, written once for `ApsPerceptionComponent` and `ApsPerceptionComponent2D`.
//!
//! Godot classes cannot be generic, so each class is its own struct (`three.rs`, `two.rs`) with
//! its exported settings and a `PerceiverState`; [`Component`] is how the stages reach both.
//! Its required methods are field reads each class writes in a line; everything else here is
//! provided once.

use super::core_profile::Settings;
use super::perceiver::{ComponentKind, PerceiverState};
use super::Perceiver;
use crate::aps_profile::ApsProfile;
use crate::aps_quality_profile::ApsQualityProfile;
use crate::aps_world::{target_of, ApsWorld};
use crate::dim::Axis;
use crate::dim::{Dim, Spatial};
use crate::given::Given;
use aps_core::{PerceptionCore, Pose};
use godot::obj::bounds::DeclUser;
use godot::obj::WithBaseField;
use godot::prelude::*;

/// The settings a component's stages read, copied out of its class.
#[derive(Clone, Copy)]
pub struct Knobs {
    pub enabled: bool,
    pub team_id: i32,
    /// The axis its gaze looks along; `None` for the way its body moves.
    pub gaze: Option<Axis>,
    pub debug_draw: i64,
}

/// A component's profile setting, quality profile and state, borrowed together.
pub type Profiles<'a, K> = (
    &'a mut Option<Gd<ApsProfile>>,
    Option<&'a Gd<ApsQualityProfile>>,
    &'a mut PerceiverState<K>,
);

/// A perception component class as its stages see it (see the module).
pub trait Component: GodotClass<Declarer = DeclUser> + WithBaseField + Inherits<Node> {
    /// Its kind of scene.
    type Kind: ComponentKind;
    /// Its class name, in warnings.
    const CLASS: &'static str;

    /// The component's node.
    fn node(&self) -> Gd<<Self::Kind as ComponentKind>::Node>;
    /// The component, as code that treats both kinds alike holds it.
    fn perceiver(&self) -> Perceiver;
    /// Its settings.
    fn knobs(&self) -> Knobs;
    fn state(&self) -> &PerceiverState<Self::Kind>;
    fn state_mut(&mut self) -> &mut PerceiverState<Self::Kind>;
    /// Its profile setting (set back to empty when it holds something else) and quality
    /// profile, with its state, for building its core.
    fn profiles(&mut self) -> Profiles<'_, Self::Kind>;
    /// Its profile setting.
    fn profile(&self) -> Option<&Gd<ApsProfile>>;

    /// The component as a plain node.
    fn as_node(&self) -> Gd<Node> {
        self.node().upcast()
    }

    /// This component as a node with a place.
    fn spatial(&self) -> Spatial {
        Self::Kind::spatial(self.node())
    }

    /// Where the component is, for warnings: its path in the tree, else its name.
    fn where_it_is(&self) -> NodePath {
        let node = self.as_node();
        if node.is_inside_tree() {
            node.get_path()
        } else {
            NodePath::from(&node.get_name().to_string())
        }
    }

    /// Warns of a mistake a script made in `call` on this AI, about `what` (a parameter, a
    /// value): `message` says what was wrong, with the value, and what APS did instead. The
    /// warning names the call and the AI, and is said once, then at most once a second while
    /// the script repeats the mistake (see `warnings`).
    fn warn_call(&self, call: &str, what: &str, message: impl FnOnce() -> String) {
        let who = self.as_node().instance_id();
        crate::warnings::warn(&format!("{call} {what}"), Some(who), || {
            format!(
                "{}.{call}: {} (on {})",
                Self::CLASS,
                message(),
                self.where_it_is()
            )
        });
    }

    /// The target a call about one (`call`, named in warnings) was given, if it is a live node
    /// of this kind; anything else is refused with one warning (see `given`), and the call
    /// answers as if it were never there.
    fn named(
        &self,
        call: &str,
        target: &Given<<Self::Kind as ComponentKind>::Node>,
    ) -> Option<Gd<Node>> {
        self.given(call, target, "answers as if it were never there")
            .map(Gd::upcast)
    }

    /// The target a call that changes belief (`call`) was given, as [`Component::named`] but
    /// saying `refused` is what happens instead.
    fn given(
        &self,
        call: &str,
        target: &Given<<Self::Kind as ComponentKind>::Node>,
        refused: &str,
    ) -> Option<Gd<<Self::Kind as ComponentKind>::Node>> {
        target.required(format_args!("{}.{call}", Self::CLASS), "target", refused)
    }

    /// Whether `target` is this AI's own body (or any node above it): an AI never believes in
    /// itself (spec section 13), so calls about it are refused with a warning naming `call`.
    fn refuse_own(&self, call: &str, target: &Gd<Node>) -> bool {
        let id = target_of(target);
        let own = self
            .state()
            .own
            .nodes()
            .iter()
            .any(|n| crate::convert::target_id(*n) == id);
        if own {
            self.warn_call(call, "own body", || {
                format!(
                    "{} is this AI's own body; an AI never perceives itself, so the call is \
                     ignored",
                    crate::warnings::describe(target)
                )
            });
        }
        own
    }

    /// On a multiplayer client perception does not run (spec section 10): a call that would
    /// change belief is refused, with one warning per call.
    fn refuse_on_client(&mut self, call: &'static str) -> bool {
        if self.runs_here() {
            return false;
        }
        if !self.state().refused_on_client.contains(&call) {
            self.state_mut().refused_on_client.push(call);
            godot_warn!(
                "{}.{call}: perception runs on the server; on a client the call is ignored (on \
                 {}; said once for this call on this AI)",
                Self::CLASS,
                self.where_it_is()
            );
        }
        true
    }

    /// Whether a pass is running, so that a call from inside it (a custom sense) is refused;
    /// if so, with a warning naming `call` and saying `what` happens instead.
    fn refused_in_pass(&self, call: &str, what: &str) -> bool {
        let in_pass = self.state().in_pass;
        if in_pass {
            self.warn_call(call, "in pass", || {
                format!("called from inside a perception pass (a custom sense); {what}")
            });
        }
        in_pass
    }

    /// Perception runs only where the game is authoritative (spec section 10).
    fn runs_here(&self) -> bool {
        match self.as_node().get_multiplayer() {
            Some(mp) => ApsWorld::singleton()
                .bind_mut()
                .is_authority_this_frame(&mp),
            None => true,
        }
    }

    /// The replicator that answers the belief calls, on a multiplayer client.
    fn replica_id(&self) -> Option<InstanceId> {
        self.state().replicator.filter(|_| !self.runs_here())
    }

    /// The mind, built on first use; `None` while a pass runs (a GDScript sense calling back),
    /// with a warning naming the call.
    fn core_mut(&mut self, call: &str) -> Option<&mut aps_core::mind::Mind> {
        if self.refused_in_pass(call, "ignored") {
            return None;
        }
        self.refresh_profile();
        self.state_mut().core.as_mut().map(PerceptionCore::mind_mut)
    }

    /// Builds the core on first use and rebuilds its profile, keeping beliefs, whenever the
    /// profile resource is swapped or edited.
    fn refresh_profile(&mut self) {
        let me = self.as_node().instance_id();
        let team_id = self.knobs().team_id;
        let (profile, quality, state) = self.profiles();
        let settings = Settings {
            me,
            class: Self::CLASS,
            profile,
            quality,
            team_id,
        };
        state.refresh_profile(settings);
    }

    /// This AI's own team: a group of `aps/teams/groups` its body is in, else its Team Id
    /// (core: `gather::team`).
    fn own_team(&self) -> i32 {
        self.state().own_team(self.knobs().team_id)
    }

    /// The eyes: the component's global position, looking along its gaze, as of its last pass
    /// for the Movement gaze.
    fn eye(&self) -> Pose {
        self.state().eyes.pose(&self.spatial(), self.knobs().gaze)
    }

    /// The eyes at world time `now`, at the start of a pass (see `gaze::Eyes`); an eye that
    /// never follows its body is said once.
    fn eye_now(&mut self, now: f64) -> Pose {
        let (me, axis) = (self.spatial(), self.knobs().gaze);
        let (eye, never_follows) = self.state_mut().eyes.pose_now(&me, axis, now);
        if never_follows {
            godot_warn!(
                "{} {}: its body has moved {} m away from where its eye looks, and the eye never \
                 turned. It may sit under a node that never turns, or look along the wrong axis: \
                 place it under the node that turns with the head (the head, the model, the \
                 camera), set Gaze to {} if that node faces the other way, or to Movement if \
                 nothing turns.",
                Self::CLASS,
                self.as_node().get_path(),
                aps_core::gaze::BACKWARD_TRAVEL,
                if Self::Kind::TWO_D {
                    "Left"
                } else {
                    "Model Front"
                }
            );
        }
        eye
    }
}
