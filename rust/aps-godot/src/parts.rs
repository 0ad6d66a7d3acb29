//! The collision objects under a body: a character's hitboxes, the physical bones of its
//! ragdoll, what it carries. A ray that meets one has met the body: an AI's rays pass through
//! its own, and a ray to a target that meets the target's counts as reaching the target (spec
//! section 13: an AI never perceives itself; a target's own body never hides it). They matter
//! more now that sight stops at every physics layer by default.

use aps_core::id_map::IdMap;
use godot::classes::{CharacterBody2D, CharacterBody3D, CollisionObject2D, CollisionObject3D};
use godot::prelude::*;
use smallvec::SmallVec;

/// The most nodes looked through under one body: a character is a few dozen; a body that is
/// the root of a whole level is not a character, and is not searched past this.
pub const MAX_NODES_SEARCHED: usize = 512;

/// The collision objects below `body` (not `body` itself) of its kind, 3D or 2D (`two_d`),
/// leaving out characters below it, which are bodies of their own, and what sits under them.
#[must_use]
pub fn below(body: &Gd<Node>, two_d: bool) -> SmallVec<[Gd<Node>; 4]> {
    let mut found = SmallVec::new();
    let mut queue: Vec<Gd<Node>> = body.get_children().iter_shared().collect();
    let mut searched = 0;
    while let Some(node) = queue.pop() {
        searched += 1;
        if searched > MAX_NODES_SEARCHED {
            break;
        }
        let (object, character) = if two_d {
            (
                node.clone().try_cast::<CollisionObject2D>().is_ok(),
                node.clone().try_cast::<CharacterBody2D>().is_ok(),
            )
        } else {
            (
                node.clone().try_cast::<CollisionObject3D>().is_ok(),
                node.clone().try_cast::<CharacterBody3D>().is_ok(),
            )
        };
        if character {
            continue;
        }
        queue.extend(node.get_children().iter_shared());
        if object {
            found.push(node);
        }
    }
    found
}

/// Which body each part belongs to, by instance id, for the rays of one world: a ray that hits
/// a part is taken to have hit its body. Shared with the passes (copied on write only while
/// one runs).
pub type PartOwners = std::rc::Rc<IdMap<i64, i64>>;
