//! The object an editor-only connection calls: a signal of a resource or a node, connected to a
//! method of this object rather than to a Rust closure.
//!
//! godot-rust keeps every closure connected in the editor in a list, so that it can drop them
//! before the library is reloaded, and says so with a warning when the editor closes (it
//! cannot tell a closure still connected from one long gone). A designer can do nothing about
//! that warning. A connection to an object's method is Godot's own kind and needs no such care:
//! the method calls the closure kept here.

use godot::classes::RefCounted;
use godot::prelude::*;

/// Calls `callback` when the signal it is connected to fires (see the module doc). Internal:
/// not offered in the editor's dialogs and not part of the class reference.
#[derive(GodotClass)]
#[class(internal, no_init, base = RefCounted)]
pub struct ApsEditorListener {
    callback: Box<dyn Fn()>,
    base: Base<RefCounted>,
}

#[godot_api]
impl ApsEditorListener {
    /// What the connected signal calls; its arguments, if any, are not needed.
    #[func]
    fn heard(&self) {
        (self.callback)();
    }
}

impl ApsEditorListener {
    /// A listener that calls `callback`.
    #[must_use]
    pub fn new(callback: impl Fn() + 'static) -> Gd<Self> {
        Gd::from_init_fn(|base| ApsEditorListener {
            callback: Box::new(callback),
            base,
        })
    }

    /// The method callable a signal is connected to. A signal that passes arguments is
    /// connected through `unbind`, so `heard` takes none.
    #[must_use]
    pub fn callable(this: &Gd<Self>, arguments: i64) -> Callable {
        let method = Callable::from_object_method(this, "heard");
        if arguments > 0 {
            method.unbind(arguments as usize)
        } else {
            method
        }
    }
}

/// A signal of `source` connected to a listener: kept by whoever listens, and disconnected when
/// dropped from it with [`Connection::disconnect`].
pub struct Connection {
    source: Gd<Object>,
    signal: &'static str,
    callable: Callable,
    /// The connection holds only the listener's id: this keeps it alive.
    _listener: Gd<ApsEditorListener>,
}

impl Connection {
    /// Connects `signal` of `source` (which passes `arguments` arguments) to `callback`.
    pub fn new(
        source: &Gd<Object>,
        signal: &'static str,
        arguments: i64,
        callback: impl Fn() + 'static,
    ) -> Connection {
        let listener = ApsEditorListener::new(callback);
        let callable = ApsEditorListener::callable(&listener, arguments);
        let mut source = source.clone();
        source.connect(signal, &callable);
        Connection {
            source,
            signal,
            callable,
            _listener: listener,
        }
    }

    /// Disconnects, if the source still exists and is still connected.
    pub fn disconnect(mut self) {
        if self.source.is_instance_valid() && self.source.is_connected(self.signal, &self.callable)
        {
            self.source.disconnect(self.signal, &self.callable);
        }
    }
}
