//! How the mirror hears of change without asking every shape every frame.
//!
//! Each shape node it keeps gets a small internal child, an `ApsMirrorWatch`, that asks the
//! engine for transform notifications. The engine sends one when the shape, its body or any
//! parent moves (in the same flush that tells the physics server), when it leaves the tree and
//! when its processing is switched off or on; the watch notes the shape as changed. A shape
//! resource edited in place (a box resized) emits `changed`, which the watch also hears.
//! Internal children are not listed by `get_children()`, are not saved with a scene and are
//! not copied by `duplicate()`.

use godot::classes::notify::Node3DNotification;
use godot::classes::{INode3D, Node3D};
use godot::prelude::*;
use std::cell::RefCell;

/// How a shape node changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Change {
    /// It, its body or a parent moved: where it is must be read again.
    Moved,
    /// Anything else (it left or entered the tree, its processing or its resource changed):
    /// all of it must be read again.
    Other,
}

thread_local! {
    /// Shape nodes changed since the mirror last looked, in the order they changed.
    static CHANGED: RefCell<Vec<(InstanceId, Change)>> = const { RefCell::new(Vec::new()) };
}

/// Notes that the shape node `id` changed (in any way but moving).
pub fn note_changed(id: InstanceId) {
    CHANGED.with(|c| c.borrow_mut().push((id, Change::Other)));
}

/// The shape nodes changed since the last call, into `out`.
pub fn take_changed(out: &mut Vec<(InstanceId, Change)>) {
    CHANGED.with(|c| out.append(&mut c.borrow_mut()));
}

/// Watches one shape node for the mirror (an internal child of it; see the module).
#[derive(GodotClass)]
#[class(init, base = Node3D, internal)]
pub struct ApsMirrorWatch {
    /// The shape node watched.
    shape: Option<InstanceId>,
    base: Base<Node3D>,
}

#[godot_api]
impl INode3D for ApsMirrorWatch {
    fn on_notification(&mut self, what: Node3DNotification) {
        let Some(shape) = self.shape else {
            return;
        };
        match what {
            Node3DNotification::TRANSFORM_CHANGED => {
                CHANGED.with(|c| c.borrow_mut().push((shape, Change::Moved)));
            }
            Node3DNotification::EXIT_TREE
            | Node3DNotification::ENTER_TREE
            | Node3DNotification::DISABLED
            | Node3DNotification::ENABLED => note_changed(shape),
            _ => {}
        }
    }
}

/// Starts watching `shape` (once: a shape that already has a watch keeps it). The watch joins
/// the tree at the end of the frame, when no pass is under way and the tree is not busy; as it
/// enters, it notes the shape changed, so nothing that moved meanwhile is missed.
pub fn watch(shape: &Gd<Node3D>) {
    let has = shape
        .get_children_ex()
        .include_internal(true)
        .done()
        .iter_shared()
        .any(|c| c.try_cast::<ApsMirrorWatch>().is_ok());
    if has {
        return;
    }
    let id = shape.instance_id();
    let add = Callable::from_fn("ApsMirrorWatch.add", move |_| {
        let Ok(mut shape) = Gd::<Node3D>::try_from_instance_id(id) else {
            return;
        };
        let mut w = ApsMirrorWatch::new_alloc();
        w.bind_mut().shape = Some(id);
        w.set_notify_transform(true);
        shape
            .add_child_ex(&w)
            .internal(godot::classes::node::InternalMode::BACK)
            .done();
    });
    add.call_deferred(&[]);
}

/// Hears `resource` changing in place, for as long as `shape` lives. Called once per resource
/// a shape node holds (the mirror notes which it hears).
pub fn hear_resource(shape: &Gd<Node3D>, resource: &mut Gd<godot::classes::Resource>) {
    let id = shape.instance_id();
    let callable = shape.linked_callable("ApsMirrorWatch.changed", move |_| {
        note_changed(id);
    });
    resource.connect("changed", &callable);
}
