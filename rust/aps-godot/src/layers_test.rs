//! The adapter's imports run one way: engine reads and conversions at the bottom, the world's
//! registry, looks, saves and schedule above them, and the Godot classes on top. Read from the
//! `crate::` paths of the sources, so a new import that runs back up fails here, naming it.
//!
//! The classes (`aps_*`, the debugger, the editor's helpers, the monitors) call one another
//! through the `ApsWorld` singleton and are one floor; below them, no module reaches a class,
//! and the modules import one another without a cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The top floor's modules besides those named `aps_*`.
const CLASSES: [&str; 4] = ["debugger", "editor", "monitors", "lib"];

fn is_class(module: &str) -> bool {
    module.starts_with("aps_") || CLASSES.contains(&module)
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the sources are readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a source file without its tests and comments.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or_default();
    text.lines()
        .map(|l| l.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level modules a piece of code names through `crate::`, in `use crate::a` and
/// `crate::a::b` paths and in `use crate::{a, b::c}` groups.
fn named_modules(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for part in group.split(',') {
                let name: String = part
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.insert(name);
        }
    }
    out
}

/// Each top-level module, with the modules it names and the file that names each.
fn imports() -> BTreeMap<String, BTreeMap<String, PathBuf>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(&src, f)).collect();
    let mut out: BTreeMap<String, BTreeMap<String, PathBuf>> = BTreeMap::new();
    for file in &files {
        let module = module_of(&src, file);
        let text = std::fs::read_to_string(file).expect("a readable source");
        for named in named_modules(&code(&text)) {
            if named != module && modules.contains(&named) {
                out.entry(module.clone())
                    .or_default()
                    .entry(named)
                    .or_insert_with(|| file.strip_prefix(&src).unwrap_or(file).to_path_buf());
            }
        }
    }
    out
}

fn module_of(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).expect("a file under src");
    let first = relative.components().next().expect("a file name");
    let name = first.as_os_str().to_string_lossy();
    name.strip_suffix(".rs").unwrap_or(&name).to_string()
}

#[test]
fn no_module_below_the_classes_imports_a_class() {
    let mut wrong = Vec::new();
    for (module, named) in imports() {
        if is_class(&module) {
            continue;
        }
        for (class, file) in named.iter().filter(|(n, _)| is_class(n)) {
            wrong.push(format!("{} names {class}", file.display()));
        }
    }
    assert!(
        wrong.is_empty(),
        "imports that run up to a class: {wrong:#?}"
    );
}

#[test]
fn the_modules_below_the_classes_import_one_another_without_a_cycle() {
    let graph: BTreeMap<String, Vec<String>> = imports()
        .into_iter()
        .filter(|(m, _)| !is_class(m))
        .map(|(m, named)| (m, named.into_keys().filter(|n| !is_class(n)).collect()))
        .collect();
    // Depth first; a module met again while still on the path closes a cycle.
    fn visit(
        m: &str,
        graph: &BTreeMap<String, Vec<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == m) {
            let mut cycle = path[at..].to_vec();
            cycle.push(m.to_string());
            return Some(cycle);
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.to_string());
        for next in graph.get(m).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        let cycle = visit(m, &graph, &mut Vec::new(), &mut done);
        assert!(
            cycle.is_none(),
            "an import cycle: {}",
            cycle.unwrap_or_default().join(" -> ")
        );
    }
}

#[test]
fn the_reader_sees_every_kind_of_crate_path() {
    let found = named_modules(
        "use crate::dim::Dim;\nuse crate::{convert::to_vec3, world_key};\nlet x = crate::warnings::warn();",
    );
    let expected: BTreeSet<String> = ["dim", "convert", "world_key", "warnings"]
        .map(String::from)
        .into();
    assert_eq!(found, expected);
}
