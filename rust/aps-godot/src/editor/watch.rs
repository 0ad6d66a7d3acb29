//! Listening to a profile and its sub-resources (curves, custom senses) in the editor, so the
//! node drawn from them redraws its gizmo and re-asks its warnings whenever one changes.

use crate::aps_profile::ApsProfile;
use godot::classes::{Node3D, Resource};
use godot::prelude::*;

/// The `changed` connections one node holds on the resources it is drawn from.
#[derive(Default)]
pub struct ResourceWatch {
    connections: Vec<(Gd<Resource>, Callable)>,
}

impl ResourceWatch {
    /// Listens to `profile` and its sub-resources for `node`, dropping what it listened to
    /// before. Each change refreshes `node` (see [`refresh`]) and calls `rewatch` at the end of
    /// the frame, since a change may have swapped a sub-resource.
    pub fn watch(
        &mut self,
        node: &Gd<Node3D>,
        profile: Option<&Gd<ApsProfile>>,
        rewatch: impl Fn(Gd<Node3D>) + Clone + 'static,
    ) {
        self.stop();
        let Some(profile) = profile else {
            return;
        };
        let mut resources = vec![profile.clone().upcast::<Resource>()];
        resources.extend(profile.bind().sub_resources());
        for mut resource in resources {
            let target = node.clone();
            let rewatch = rewatch.clone();
            let callable = Callable::from_linked_fn("aps_editor_refresh", node, move |_| {
                refresh(&target);
                rewatch(target.clone());
            });
            resource.connect("changed", &callable);
            self.connections.push((resource, callable));
        }
    }

    /// Stops listening.
    pub fn stop(&mut self) {
        for (mut resource, callable) in self.connections.drain(..) {
            if resource.is_connected("changed", &callable) {
                resource.disconnect("changed", &callable);
            }
        }
    }
}

/// Asks the editor, at the end of the frame, for `node`'s warnings and gizmo anew. Deferred:
/// the editor calls back into the node, which may be busy now.
pub fn refresh(node: &Gd<Node3D>) {
    let mut node = node.clone();
    node.call_deferred("update_configuration_warnings", &[]);
    node.call_deferred("update_gizmos", &[]);
}
