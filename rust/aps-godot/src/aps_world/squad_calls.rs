//! The calls of `ApsWorld` that keep squads (spec section 10): who is in which squad with which
//! role, in the world of each member. Squads of the same name in two worlds are two squads.

use super::ApsWorld;
use crate::aps_perception_component::Perceiver;
use crate::given::{refuse, Given};
use crate::world_key::main_world_key;
use godot::prelude::*;

#[godot_api(secondary)]
impl ApsWorld {
    /// Puts the AI of `perceiver` (its [ApsPerceptionComponent] or [ApsPerceptionComponent2D])
    /// in squad `squad_name` with a `role` of your choosing. Mates share what they detect: each
    /// gets a weaker reading at the sharer's last known position after the profile's Share
    /// Delay.
    #[func]
    pub fn join_squad(&mut self, perceiver: Given<Node>, squad_name: StringName, role: StringName) {
        const CALL: &str = "ApsWorld.join_squad";
        let Some(p) = perceiver.required(CALL, "perceiver", "ignored") else {
            return;
        };
        if Perceiver::of(&p).is_none() {
            let cause = format!("class {}", p.get_class());
            refuse(CALL, "perceiver", &cause, || {
                format!(
                    "{} is no ApsPerceptionComponent or ApsPerceptionComponent2D; ignored",
                    crate::warnings::describe(&p)
                )
            });
            return;
        }
        if self.refuse_on_client("ApsWorld.join_squad", Some(&p.clone().upcast())) {
            return;
        }
        if squad_name.is_empty() {
            crate::warnings::warn(
                "ApsWorld.join_squad squad_name",
                Some(p.instance_id()),
                || String::from("ApsWorld.join_squad: squad_name is empty; ignored"),
            );
            return;
        }
        let id = p.instance_id();
        for w in self.worlds.iter_mut() {
            w.leave_squad(id);
        }
        // Outside the tree, the main scene's world of its kind.
        let key = crate::world_key::world_key_of(&p).unwrap_or_else(|| match Perceiver::of(&p) {
            Some(Perceiver::Two(_)) => crate::world_key::main_world_key_2d(),
            _ => main_world_key(),
        });
        self.world_mut(key).join_squad(id, squad_name, role);
    }

    /// Takes the AI of `perceiver` out of its squad.
    #[func]
    pub fn leave_squad(&mut self, perceiver: Given<Node>) {
        if let Some(p) = perceiver.required("ApsWorld.leave_squad", "perceiver", "ignored") {
            if self.refuse_on_client("ApsWorld.leave_squad", Some(&p.clone().upcast())) {
                return;
            }
            let id = p.instance_id();
            for w in self.worlds.iter_mut() {
                w.leave_squad(id);
            }
        }
    }

    /// The perception components in squad `squad_name` of the main scene's world that still
    /// exist (another world's: `get_world_state(node).get_squad_members(...)`).
    #[func]
    pub fn get_squad_members(&self, squad_name: StringName) -> Array<Gd<Node3D>> {
        self.world(main_world_key())
            .map_or_else(Array::new, |w| w.squad_members(&squad_name))
    }

    /// The [ApsPerceptionComponent2D]s in squad `squad_name` of the main scene's 2D world
    /// (its [World2D]) that still exist.
    #[func]
    pub fn get_squad_members_2d(&self, squad_name: StringName) -> Array<Gd<Node2D>> {
        self.world(crate::world_key::main_world_key_2d())
            .map_or_else(Array::new, |w| w.squad_members(&squad_name))
    }

    /// The role `perceiver` joined its squad with (`&""` if it is in none).
    #[func]
    pub fn get_squad_role(&self, perceiver: Given<Node>) -> StringName {
        let call = "ApsWorld.get_squad_role";
        let Some(p) = perceiver.required(call, "perceiver", "answers &\"\"") else {
            return StringName::default();
        };
        let id = p.instance_id();
        self.worlds
            .iter()
            .find_map(|w| w.squad_role(id))
            .unwrap_or_default()
    }
}
