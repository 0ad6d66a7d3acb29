//! Listening to a profile and its sub-resources (curves, custom senses) in the editor, so the
//! node drawn from them redraws its gizmo and re-asks its warnings whenever one changes.

use super::listener::Connection;
use crate::aps_profile::ApsProfile;
use godot::classes::Resource;
use godot::prelude::*;

/// The `changed` connections one node holds on the resources it is drawn from.
#[derive(Default)]
pub struct ResourceWatch {
    connections: Vec<Connection>,
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
        for resource in resources {
            let target = node.clone();
            let rewatch = rewatch.clone();
            self.connections.push(Connection::new(
                &resource.upcast(),
                "changed",
                0,
                move || {
                    if target.is_instance_valid() {
                        refresh(&target);
                        rewatch(target.clone());
                    }
                },
            ));
        }
    }

    /// Stops listening.
    pub fn stop(&mut self) {
        for connection in self.connections.drain(..) {
            connection.disconnect();
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
