//! The core a perception component perceives with, built on first use from its settings (its
//! profile, quality profile, team and the project's occlusion layers) and rebuilt, keeping its
//! beliefs, whenever one of them changes; the same for the 3D component and its 2D twin.

use super::perceiver::{ComponentKind, PerceiverState};
use super::MAX_CUSTOM_SENSES;
use crate::aps_profile::ApsProfile;
use crate::aps_quality_profile::ApsQualityProfile;
use crate::aps_sense::{ApsSense, ScriptSense};
use crate::aps_world::ApsWorld;
use aps_core::senses::contract::Stimuli;
use aps_core::senses::id::SenseId;
use aps_core::{PerceptionCore, Profile};
use godot::prelude::*;

/// The settings of a component its core is built from.
pub struct Settings<'a> {
    /// The component, by id: asked of the engine only to warn or to rebuild.
    pub me: InstanceId,
    /// The class's name, in warnings.
    pub class: &'static str,
    pub profile: &'a mut Option<Gd<ApsProfile>>,
    pub quality: Option<&'a Gd<ApsQualityProfile>>,
    pub team_id: i32,
}

impl<D: ComponentKind> PerceiverState<D> {
    /// This AI's own team: a group of `aps/teams/groups` its body is in, else `team_id` (core:
    /// `gather::team`).
    pub(super) fn own_team(&self, team_id: i32) -> i32 {
        // Asked every pass: no engine call unless the project names groups as teams.
        let group = if crate::settings::team_groups().is_empty() {
            None
        } else {
            self.own
                .body()
                .filter(|b| b.is_instance_valid())
                .and_then(|b| crate::teams::group_team(b))
        };
        aps_core::gather::team::ai_team(group, team_id)
    }

    /// Builds the core on first use and rebuilds its profile, keeping beliefs, whenever the
    /// profile resource is swapped or edited, the quality profile changes or the project's
    /// occlusion layers do. Asked before every pass: unchanged, it costs a comparison.
    pub(super) fn refresh_profile(&mut self, s: Settings) {
        let key = (
            s.profile
                .as_ref()
                .map(|p| (p.instance_id(), p.bind().revision())),
            s.quality.map(|q| (q.instance_id(), q.bind().key())),
            crate::settings::occlusion_layers(),
        );
        if self.core.is_some() && key == self.profile_key {
            return;
        }
        let node = Gd::<Node>::try_from_instance_id(s.me).ok();
        let describe = || {
            node.as_ref()
                .map_or_else(String::new, crate::warnings::describe)
        };
        let mut profile = match s.profile.as_mut() {
            Some(p) => p.bind_mut().core_profile(),
            None => {
                if !self.warned_no_profile {
                    self.warned_no_profile = true;
                    godot_warn!(
                        "{} {}: no profile set; using the APS defaults",
                        s.class,
                        describe()
                    );
                }
                Profile::default()
            }
        };
        if let Some(q) = s.quality {
            q.bind().apply(&mut profile);
        }
        let profile = profile.with_project_layers(key.2);
        let custom = s
            .profile
            .as_ref()
            .map(|p| p.bind().custom_senses())
            .unwrap_or_default();
        if D::TWO_D {
            warn_senses_for_3d_only(s.profile.as_ref(), &custom, &describe());
        }
        let team = self.own_team(s.team_id);
        let core = match &mut self.core {
            Some(core) => {
                core.set_profile(profile);
                core
            }
            None => self.core.insert(PerceptionCore::new(profile).0),
        };
        core.mind_mut().set_team(team);
        core.clear_custom();
        if let (true, Some(p)) = (custom.len() > MAX_CUSTOM_SENSES, s.profile.as_ref()) {
            p.bind().warn_custom_senses_once("too many", || {
                format!(
                    "custom_senses: {} senses, but an AI has room for {MAX_CUSTOM_SENSES}; the \
                     rest are ignored",
                    custom.len()
                )
            });
        }
        self.custom_sense_names.clear();
        for (i, sense) in custom.into_iter().take(MAX_CUSTOM_SENSES).enumerate() {
            let spec = sense.bind().spec();
            self.custom_sense_names.push(sense.bind().name());
            let id = SenseId::custom(i as u8);
            core.add_sense(Box::new(ScriptSense::new(sense, id, s.me, D::TWO_D)), spec);
        }
        // Trails are laid in its world only while someone there smells.
        if let (true, Some(node)) = (core.listens_to().contains(Stimuli::SCENT), &node) {
            ApsWorld::singleton()
                .bind_mut()
                .world_of_mut(Some(node))
                .want_scent();
        }
        self.profile_key = key;
    }
}

/// A 2D AI calls a sense's `_2d` methods: a sense written for 3D only senses nothing there,
/// said once for the profile and its list, not for each AI (`ai` names the one that found it).
fn warn_senses_for_3d_only(profile: Option<&Gd<ApsProfile>>, custom: &[Gd<ApsSense>], ai: &str) {
    let only_3d: Vec<String> = custom
        .iter()
        .filter(|s| s.bind().evaluates_in_3d_only())
        .map(|s| s.bind().name())
        .collect();
    if let (false, Some(p)) = (only_3d.is_empty(), profile) {
        p.bind().warn_custom_senses_once("2D", || {
            format!(
                "custom sense(s) {} define _evaluate but not _evaluate_2d, which a 2D AI calls: \
                 they sense nothing for {ai} and every other 2D AI with this profile",
                only_3d.join(", ")
            )
        });
    }
}
