//! A world's squads (spec section 10): who is in which, with what role, and the sightings
//! they share.

use super::*;

impl World {
    /// Puts `member` in squad `name` with `role`, leaving any squad it was in. Returns false
    /// when the world has no room for another squad (warned once).
    pub fn join_squad(&mut self, member: InstanceId, name: StringName, role: StringName) -> bool {
        self.leave_squad(member);
        let squads = &mut self.squads;
        let squad = squads.names.intern(&name);
        if squad == 0 {
            return false;
        }
        squads.member_at.insert(member, squads.members.len());
        squads.members.push((member, squad, role));
        *squads.sizes.entry(squad).or_insert(0) += 1;
        true
    }

    /// Takes `member` out of its squad; a squad nobody is in any more is forgotten.
    pub fn leave_squad(&mut self, member: InstanceId) {
        let squads = &mut self.squads;
        let Some(i) = squads.member_at.remove(&member) else {
            return;
        };
        let (_, squad, _) = squads.members.swap_remove(i);
        if let Some((moved, _, _)) = squads.members.get(i) {
            squads.member_at.insert(*moved, i);
        }
        let left = squads.sizes.get_mut(&squad).map_or(0, |n| {
            *n = n.saturating_sub(1);
            *n
        });
        if left == 0 {
            squads.sizes.remove(&squad);
            let name = squads.names.name(squad);
            squads.names.remove(&name);
        }
    }

    /// The members of squad `name` that still exist.
    #[must_use]
    pub fn squad_members<T: GodotClass + Inherits<Node>>(&self, name: &StringName) -> Array<Gd<T>> {
        let Some(squad) = self.squads.names.find(name) else {
            return Array::new();
        };
        self.squads
            .members
            .iter()
            .filter(|(_, s, _)| *s == squad)
            .filter_map(|(m, _, _)| Gd::<T>::try_from_instance_id(*m).ok())
            .collect()
    }

    /// The member entry of `member`, if it is in a squad.
    fn squad_entry(&self, member: InstanceId) -> Option<&(InstanceId, u32, StringName)> {
        let i = *self.squads.member_at.get(&member)?;
        self.squads.members.get(i)
    }

    /// The role `member` joined its squad with.
    #[must_use]
    pub fn squad_role(&self, member: InstanceId) -> Option<StringName> {
        self.squad_entry(member).map(|(_, _, r)| r.clone())
    }

    /// The squad a perception component is in.
    #[must_use]
    pub fn squad_of(&self, member: InstanceId) -> Option<u32> {
        self.squad_entry(member).map(|(_, s, _)| *s)
    }

    /// Members' reports for their mates.
    pub fn post_sightings(&mut self, sightings: impl Iterator<Item = Sighting>) {
        let mut sightings = sightings.peekable();
        if sightings.peek().is_some() {
            let state = Rc::make_mut(&mut self.state);
            for s in sightings {
                state.post_sighting(s);
            }
        }
    }
}
