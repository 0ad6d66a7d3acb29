//! How the mirror hears of change without asking every shape every frame.
//!
//! Each shape node it keeps gets a small internal child, an `ApsMirrorWatch`, that asks the
//! engine for transform notifications. The engine sends one when the shape, its body or any
//! parent moves (in the same flush that tells the physics server), when it leaves the tree and
//! when its processing is switched off or on; the watch notes the shape as changed. A shape
//! resource edited in place (a box resized) emits `changed`, which the watch also hears.
//! Internal children are not listed by `get_children()`, are not saved with a scene and are
//! not copied by `duplicate()`.

use godot::classes::notify::{CanvasItemNotification, Node3DNotification};
use godot::classes::{INode2D, INode3D, Node2D, Node3D};
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
    note(id, Change::Other);
}

/// The shape nodes changed since the last call, into `out`.
pub fn take_changed(out: &mut Vec<(InstanceId, Change)>) {
    CHANGED.with(|c| out.append(&mut c.borrow_mut()));
}

/// Watches one 3D shape node for the mirror (an internal child of it; see the module).
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
        if let Some(shape) = self.shape {
            match what {
                Node3DNotification::TRANSFORM_CHANGED => {
                    // Read, so that the engine tells of the next move too (it stays quiet
                    // about nodes whose transform nobody has read since the last).
                    let _ = self.base().get_global_transform();
                    note(shape, Change::Moved);
                }
                Node3DNotification::EXIT_TREE
                | Node3DNotification::ENTER_TREE
                | Node3DNotification::DISABLED
                | Node3DNotification::ENABLED => note(shape, Change::Other),
                _ => {}
            }
        }
    }
}

/// Watches one 2D shape node for the mirror, as [`ApsMirrorWatch`] does a 3D one.
#[derive(GodotClass)]
#[class(init, base = Node2D, internal)]
pub struct ApsMirrorWatch2D {
    shape: Option<InstanceId>,
    base: Base<Node2D>,
}

#[godot_api]
impl INode2D for ApsMirrorWatch2D {
    fn on_notification(&mut self, what: CanvasItemNotification) {
        if let Some(shape) = self.shape {
            match what {
                CanvasItemNotification::TRANSFORM_CHANGED => {
                    let _ = self.base().get_global_transform();
                    note(shape, Change::Moved);
                }
                CanvasItemNotification::EXIT_TREE
                | CanvasItemNotification::ENTER_TREE
                | CanvasItemNotification::DISABLED
                | CanvasItemNotification::ENABLED => note(shape, Change::Other),
                _ => {}
            }
        }
    }
}

fn note(shape: InstanceId, change: Change) {
    CHANGED.with(|c| c.borrow_mut().push((shape, change)));
}

/// Whether `node` is a watch.
fn is_watch(node: &Gd<Node>) -> bool {
    node.clone().try_cast::<ApsMirrorWatch>().is_ok()
        || node.clone().try_cast::<ApsMirrorWatch2D>().is_ok()
}

/// Starts watching `shape`, a 3D or 2D shape node (once: a shape that already has a watch
/// keeps it). The watch joins the tree at the end of the frame, when no pass is under way and
/// the tree is not busy; as it enters, it notes the shape changed, so nothing that moved
/// meanwhile is missed.
pub fn watch(shape: &Gd<Node>) {
    let has = shape
        .get_children_ex()
        .include_internal(true)
        .done()
        .iter_shared()
        .any(|c| is_watch(&c));
    if has {
        return;
    }
    let id = shape.instance_id();
    let flat = shape.clone().try_cast::<Node2D>().is_ok();
    let add = Callable::from_fn("ApsMirrorWatch.add", move |_| {
        let Ok(mut shape) = Gd::<Node>::try_from_instance_id(id) else {
            return;
        };
        let w: Gd<Node> = if flat {
            let mut w = ApsMirrorWatch2D::new_alloc();
            w.bind_mut().shape = Some(id);
            w.set_notify_transform(true);
            w.upcast()
        } else {
            let mut w = ApsMirrorWatch::new_alloc();
            w.bind_mut().shape = Some(id);
            w.set_notify_transform(true);
            w.upcast()
        };
        shape
            .add_child_ex(&w)
            .internal(godot::classes::node::InternalMode::BACK)
            .done();
    });
    add.call_deferred(&[]);
}

/// Hears `resource` changing in place, for as long as `shape` lives. Called once per resource
/// a shape node holds (the mirror notes which it hears).
pub fn hear_resource(shape: &Gd<Node>, resource: &mut Gd<godot::classes::Resource>) {
    let id = shape.instance_id();
    let callable = shape.linked_callable("ApsMirrorWatch.changed", move |_| {
        note_changed(id);
    });
    resource.connect("changed", &callable);
}
