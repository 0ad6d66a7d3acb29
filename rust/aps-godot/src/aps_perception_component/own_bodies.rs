//! The bodies an AI owns (spec section 13: an AI never perceives a Pawn with its own controller):
//! every collision body among its perception component's ancestors, and the collision objects
//! under the nearest of them (its hitboxes, ragdoll bones, what it carries: see `parts`). None
//! is ever a candidate or hit by its rays; damage and touch to them are its own.

use crate::dim::Spatial;
use aps_core::senses::rays::BodyId;
use godot::classes::{CollisionObject2D, CollisionObject3D, Node, Node2D, Node3D};
use godot::prelude::*;

/// An AI's own bodies, by node, by the core's id and by physics RID.
#[derive(Debug, Default)]
pub struct OwnBodies {
    /// Every `Node3D` (or `Node2D`) ancestor: never a candidate.
    nodes: Vec<InstanceId>,
    /// The collision bodies among them, as the core knows them.
    bodies: Vec<BodyId>,
    /// The same bodies' RIDs: rays exclude them.
    rids: Array<Rid>,
    /// The component's parent, if it is of the component's kind: where the AI's body is.
    parent: Option<Spatial>,
    /// The nearest collision body above the component: the body others perceive this AI by.
    body: Option<Gd<Node>>,
}

impl OwnBodies {
    /// Finds them from `component` up: collision bodies of its kind (2D for a 2D component,
    /// `two_d`), as a body of the other kind is in another world.
    pub fn find(&mut self, component: &Gd<Node>, two_d: bool) {
        self.nodes.clear();
        self.bodies.clear();
        self.rids = Array::new();
        self.body = None;
        self.parent = component
            .get_parent()
            .as_ref()
            .and_then(Spatial::of)
            .filter(|p| matches!(p, Spatial::Two(_)) == two_d);
        let mut node = component.get_parent();
        while let Some(n) = node {
            if let Some(rid) = collision_rid(&n, two_d) {
                if self.body.is_none() {
                    self.body = Some(n.clone());
                }
                self.rids.push(rid);
                self.bodies.push(BodyId(n.instance_id().to_i64() as u64));
            }
            if n.clone().try_cast::<Node3D>().is_ok() || n.clone().try_cast::<Node2D>().is_ok() {
                self.nodes.push(n.instance_id());
            }
            node = n.get_parent();
        }
        // What hangs under its body (hitboxes, ragdoll bones, what it carries) is its own too:
        // its rays pass through, and a hit on it is a hit on the AI.
        if let Some(body) = self.body.clone() {
            for part in crate::parts::below(&body, two_d) {
                if let Some(rid) = collision_rid(&part, two_d) {
                    self.rids.push(rid);
                    self.bodies.push(BodyId(part.instance_id().to_i64() as u64));
                }
            }
        }
    }

    /// The component's parent, found as it entered the tree (a node's parent cannot change
    /// while it stays in the tree), if it is a `Node3D` (a `Node2D` for a 2D component).
    #[must_use]
    pub fn parent(&self) -> Option<&Spatial> {
        self.parent.as_ref()
    }

    /// Where its parent stands now, in the core's space, while it is alive.
    #[must_use]
    pub fn parent_position(&self) -> Option<aps_core::Vec3> {
        self.parent()
            .filter(|p| p.is_instance_valid())
            .map(Spatial::global_position)
    }

    /// The nearest collision body above the component, found as it entered the tree: the body
    /// other AI perceive this one by.
    #[must_use]
    pub fn body(&self) -> Option<&Gd<Node>> {
        self.body.as_ref()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bodies.is_empty()
    }

    #[must_use]
    pub fn nodes(&self) -> &[InstanceId] {
        &self.nodes
    }

    #[must_use]
    pub fn bodies(&self) -> &[BodyId] {
        &self.bodies
    }

    #[must_use]
    pub fn rids(&self) -> &Array<Rid> {
        &self.rids
    }
}

/// The physics RID of `node` if it is a collision object of the kind asked for (2D for
/// `two_d`): a body of the other kind is in another world.
fn collision_rid(node: &Gd<Node>, two_d: bool) -> Option<Rid> {
    if two_d {
        let object = node.clone().try_cast::<CollisionObject2D>().ok()?;
        Some(object.get_rid())
    } else {
        let object = node.clone().try_cast::<CollisionObject3D>().ok()?;
        Some(object.get_rid())
    }
}
