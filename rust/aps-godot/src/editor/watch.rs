//! Listening to a profile and its sub-resources (curves, custom senses) in the editor, so the
//! node drawn from them redraws its gizmo and re-asks its warnings whenever one changes.

use crate::aps_profile::ApsProfile;
use godot::classes::Resource;
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
    pub fn watch<T: GodotClass + Inherits<Node>>(
        &mut self,
        node: &Gd<T>,
        profile: Option<&Gd<ApsProfile>>,
        rewatch: impl Fn(Gd<T>) + Clone + 'static,
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
pub fn refresh<T: GodotClass + Inherits<Node>>(node: &Gd<T>) {
    let mut node = node.clone().upcast::<Node>();
    node.call_deferred("update_configuration_warnings", &[]);
    // A 2D node has no gizmos: its drawing is redrawn with `queue_redraw`.
    if node.has_method("update_gizmos") {
        node.call_deferred("update_gizmos", &[]);
    } else if node.has_method("queue_redraw") {
        node.call_deferred("queue_redraw", &[]);
    }
}
