//! A headless editor that finds APS in the middle of its run: a project's first
//! `godot --headless --import`, or an `--editor --quit` in a pipeline.
//!
//! Godot 4.5 and 4.6 abort such a run at shutdown (exit 134, godotengine/godot#111048), with any
//! extension, even one that registers nothing. When the file scan loads a new extension, the
//! editor rebuilds its class documentation: with the documentation cache on disk it reads the
//! cache on a worker thread, and the thread's last step is a call deferred to the main thread.
//! A headless import of a small project quits before the thread is done; the editor frees its
//! documentation, and the deferred call then runs on freed data.
//!
//! Without the cache file, the editor builds the documentation on the main thread at once and
//! only writes a new cache on its worker thread, which defers nothing. So when APS is loaded in
//! the middle of a headless editor run, it deletes the cache first: the extension is loaded
//! before the editor's rebuild looks for the file. The cache is the editor's own, rebuilt
//! whenever Godot's version changes; the one cost is a second or so of rebuilding in that run.
//! A windowed editor keeps drawing frames, so it runs the deferred call in time and its cache is
//! left alone, as is every run that loaded APS at startup from `.godot/extension_list.cfg`.

use godot::classes::{DirAccess, DisplayServer, EditorInterface, Engine, FileAccess};
use godot::prelude::*;

/// Deletes the editor's documentation cache when APS is loaded into a running headless editor,
/// so that the editor's rebuild of its documentation defers no call past its shutdown.
pub fn before_docs_rebuild() {
    if !loaded_into_running_headless_editor()
        || !Engine::singleton().has_singleton("EditorInterface")
    {
        return;
    }
    let Some(paths) = EditorInterface::singleton().get_editor_paths() else {
        return;
    };
    let cache = paths.get_cache_dir().path_join(&cache_file_name());
    if FileAccess::file_exists(&cache) {
        // A failure (a read-only cache folder, a file held open on Windows) leaves the run as
        // it would have been without APS's help; there is nothing more to do about it here.
        let _ = DirAccess::remove_absolute(&cache);
    }
}

/// True when the engine is an editor, with no display, whose scene tree already runs: at
/// startup, extensions load before the scene tree exists.
fn loaded_into_running_headless_editor() -> bool {
    let engine = Engine::singleton();
    engine.is_editor_hint()
        && engine.get_main_loop().is_some()
        && DisplayServer::singleton().get_name() == "headless"
}

/// The name Godot gives its documentation cache: `editor_doc_cache-<major>.<minor>.res`.
fn cache_file_name() -> GString {
    let version = Engine::singleton().get_version_info();
    let part = |key: &str| {
        version
            .get(key)
            .map_or(0, |v| v.try_to::<i64>().unwrap_or(0))
    };
    GString::from(&format!(
        "editor_doc_cache-{}.{}.res",
        part("major"),
        part("minor")
    ))
}
