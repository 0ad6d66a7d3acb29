//! How `ApsWorld` follows the scene tree: every `CharacterBody3D` and `CharacterBody2D` is
//! perceivable as it enters (spec section 13), a node registered outside the tree joins its
//! world as it enters, cameras become viewers, and target components attach to the bodies they
//! describe.

use super::*;

impl ApsWorld {
    /// Starts following the scene tree for `CharacterBody3D`s and cameras, once.
    ///
    /// The tree's signals call Rust closures bound to this singleton, not methods of the class:
    /// engine callbacks are no part of the API a script sees (nor of the class reference).
    pub fn ensure_tracking(&mut self) {
        if self.tracking {
            return;
        }
        let Some(tree) = crate::world_key::scene_tree() else {
            return;
        };
        self.tracking = true;
        let me = self.to_gd();
        let mut tree = tree;
        let mut world = me.clone();
        tree.connect(
            "node_added",
            &me.linked_callable("ApsWorld.node_added", move |args| {
                if let Some(Ok(node)) = args.first().map(|a| a.try_to::<Gd<Node>>()) {
                    world.bind_mut().on_node_added(&node);
                }
            }),
        );
        let mut world = me.clone();
        tree.connect(
            "node_removed",
            &me.linked_callable("ApsWorld.node_removed", move |args| {
                if let Some(Ok(node)) = args.first().map(|a| a.try_to::<Gd<Node>>()) {
                    world.bind_mut().on_node_removed(&node);
                }
            }),
        );
        // Tile map layers and grid maps make their bodies as each step of the tree ends.
        for step in ["physics_frame", "process_frame"] {
            tree.connect(
                step,
                &me.linked_callable("ApsWorld.new_phase", |_| {
                    crate::level_mirror::new_phase();
                }),
            );
        }
        if let Some(root) = tree.get_root().maybe_null() {
            self.scan(root.upcast());
        }
    }

    /// The tree's `node_added`: the node may be a body, a camera or a node registered early.
    fn on_node_added(&mut self, node: &Gd<Node>) {
        crate::level_mirror::entered(node);
        crate::scene_lights::entered(node);
        self.track(node);
    }

    /// The tree's `node_removed`: every world forgets the node. What a script said of it
    /// (registered, or unregistered) is kept while it is out of the tree, so a node moved with
    /// `reparent` (out and in again) stays as the script left it.
    fn on_node_removed(&mut self, node: &Gd<Node>) {
        let id = node.instance_id();
        let leaving = !node.is_queued_for_deletion();
        for w in &mut self.worlds {
            if leaving {
                if let Some(e) = w.registry().get(id) {
                    if e.suppressed {
                        self.suppressed.add(id);
                    } else if e.registered && e.component.is_none() {
                        self.pending.add(id);
                    }
                }
            }
            w.forget_node(id);
        }
    }

    /// Notes a node that entered the tree, in its world: bodies are perceivable, cameras are
    /// viewers, and a node registered while outside the tree becomes perceivable here.
    fn track(&mut self, node: &Gd<Node>) {
        let id = node.instance_id();
        let pending = self.pending.contains(id);
        let suppressed = self.suppressed.remove(id);
        let body = node.clone().try_cast::<CharacterBody3D>().is_ok()
            || node.clone().try_cast::<CharacterBody2D>().is_ok();
        let camera = !body
            && (node.clone().try_cast::<Camera3D>().is_ok()
                || node.clone().try_cast::<Camera2D>().is_ok());
        if !(body || camera || pending) {
            return;
        }
        let Some(key) = world_key_of(node) else {
            return;
        };
        let world = self.world_mut(key);
        if body {
            world.registry_mut().add_auto(id);
        } else if camera {
            world.add_camera(id);
        }
        if pending {
            self.pending.remove(id);
            self.world_mut(key).registry_mut().register(id);
        }
        if suppressed {
            self.world_mut(key).registry_mut().unregister(id);
        }
    }

    fn scan(&mut self, node: Gd<Node>) {
        self.track(&node);
        for child in node.get_children().iter_shared() {
            self.scan(child);
        }
    }

    /// A target component describes `target` from now on, in the component's world.
    pub fn attach_component(
        &mut self,
        component: &Gd<Node>,
        target: InstanceId,
        description: crate::description::Description,
    ) {
        self.ensure_tracking();
        let id = component.instance_id();
        self.world_of_mut(Some(component))
            .registry_mut()
            .attach_component(target, id, description);
    }

    pub fn detach_component(&mut self, target: InstanceId, component: InstanceId) {
        for w in &mut self.worlds {
            w.registry_mut().detach_component(target, component);
        }
    }
}
