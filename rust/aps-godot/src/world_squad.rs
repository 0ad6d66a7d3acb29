//! The part of `ApsWorld` that keeps squads (spec section 10): who is in which squad with
//! which role, and the sightings mates share.

use crate::perception_component::ApsPerceptionComponent;
use crate::world::ApsWorld;
use aps_core::brain::squad::Sighting;
use godot::prelude::*;
use std::rc::Rc;

#[godot_api(secondary)]
impl ApsWorld {
    /// Puts the AI of `perceiver` (its ApsPerceptionComponent) in squad `squad_name` with a
    /// `role` of your choosing. Mates share what they detect: each gets a weaker reading at the
    /// sharer's last known position after the profile's Share Delay.
    #[func]
    pub fn join_squad(
        &mut self,
        perceiver: Option<Gd<ApsPerceptionComponent>>,
        squad_name: StringName,
        role: StringName,
    ) {
        let Some(p) = perceiver else {
            godot_warn!("ApsWorld.join_squad: perceiver is null; ignored");
            return;
        };
        if squad_name.is_empty() {
            godot_warn!("ApsWorld.join_squad: squad_name is empty; ignored");
            return;
        }
        let squad = match self.squad_names.iter().position(|n| *n == squad_name) {
            Some(i) => i as u32,
            None => {
                self.squad_names.push(squad_name);
                (self.squad_names.len() - 1) as u32
            }
        };
        let id = p.instance_id();
        self.members.retain(|(m, _, _)| *m != id);
        self.members.push((id, squad, role));
    }

    /// Takes the AI of `perceiver` out of its squad.
    #[func]
    pub fn leave_squad(&mut self, perceiver: Option<Gd<ApsPerceptionComponent>>) {
        if let Some(p) = perceiver {
            let id = p.instance_id();
            self.members.retain(|(m, _, _)| *m != id);
        }
    }

    /// The perception components in squad `squad_name` that still exist.
    #[func]
    pub fn get_squad_members(&self, squad_name: StringName) -> Array<Gd<Node3D>> {
        let Some(squad) = self.squad_names.iter().position(|n| *n == squad_name) else {
            return Array::new();
        };
        self.members
            .iter()
            .filter(|(_, s, _)| *s as usize == squad)
            .filter_map(|(m, _, _)| Gd::<Node3D>::try_from_instance_id(*m).ok())
            .collect()
    }

    /// The role `perceiver` joined its squad with (`&""` if it is in none).
    #[func]
    pub fn get_squad_role(&self, perceiver: Option<Gd<ApsPerceptionComponent>>) -> StringName {
        perceiver
            .and_then(|p| {
                let id = p.instance_id();
                self.members.iter().find(|(m, _, _)| *m == id)
            })
            .map(|(_, _, r)| r.clone())
            .unwrap_or_default()
    }
}

impl ApsWorld {
    /// The squad a perception component is in.
    #[must_use]
    pub fn squad_of(&self, perceiver: InstanceId) -> Option<u32> {
        self.members
            .iter()
            .find(|(m, _, _)| *m == perceiver)
            .map(|(_, s, _)| *s)
    }

    /// A member's report for its mates.
    pub fn post_sighting(&mut self, s: Sighting) {
        Rc::make_mut(&mut self.state).squads.post(s);
    }
}
