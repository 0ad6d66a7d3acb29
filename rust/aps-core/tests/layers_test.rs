//! The core's files import one another without a cycle, and its plain vocabulary (`vocabulary/`)
//! imports nothing of the crate: read from the `crate::` and `super::` paths of the sources,
//! each resolved to the file that holds what it names, so a new import that closes a circle or
//! reaches out of the vocabulary fails here, naming the files.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
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

/// A file's module path: `belief/record.rs` is `[belief, record]`, `belief/mod.rs` `[belief]`.
fn module_path(file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src()).expect("a file under src");
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap_or_default();
    let stem = last.strip_suffix(".rs").unwrap_or(&last);
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts
}

/// The file holding the deepest module of `path` that exists.
fn file_of(path: &[String], files: &BTreeMap<Vec<String>, PathBuf>) -> Option<PathBuf> {
    (1..=path.len())
        .rev()
        .find_map(|n| files.get(&path[..n]).cloned())
}

/// Every path a piece of code names from `start` (`crate::` or `super::`), as segments, with
/// `use a::{b, c::d}` groups opened into one path each.
fn paths_after(code: &str, start: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices(start) {
        // `super::super::x` is read once, from its first `super`.
        if start == "super::" && code[..i].ends_with("super::") {
            continue;
        }
        let rest = &code[i + start.len()..];
        let mut ups = 0;
        let mut rest = rest;
        while let Some(r) = rest.strip_prefix("super::") {
            ups += 1;
            rest = r;
        }
        let word = |s: &str| -> Vec<String> {
            s.split("::")
                .map(|p| {
                    p.trim()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect::<String>()
                })
                .take_while(|p| !p.is_empty())
                .collect()
        };
        let head_end = rest.find('{').filter(|&b| {
            rest[..b]
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == ':')
        });
        let mut found = Vec::new();
        match head_end {
            Some(b) => {
                let head = word(&rest[..b]);
                let group = &rest[b + 1..];
                let group = &group[..group.find('}').unwrap_or(group.len())];
                for part in group.split(',') {
                    let mut p = head.clone();
                    p.extend(word(part));
                    found.push(p);
                }
            }
            None => found.push(word(rest)),
        }
        for p in found {
            let mut marked = vec![format!("{ups}")];
            marked.extend(p);
            out.push(marked);
        }
    }
    out
}

#[test]
fn the_vocabulary_imports_nothing_of_the_crate() {
    let mut files = Vec::new();
    sources(&src().join("vocabulary"), &mut files);
    assert!(!files.is_empty(), "the vocabulary is read");
    for file in files {
        let text = code(&std::fs::read_to_string(&file).expect("a readable source"));
        assert!(
            !text.contains("crate::") && !text.contains("super::super"),
            "{} imports from the crate: the vocabulary stays a leaf",
            file.display()
        );
    }
}

#[test]
fn the_core_files_import_one_another_without_a_cycle() {
    let mut files = Vec::new();
    sources(&src(), &mut files);
    let by_path: BTreeMap<Vec<String>, PathBuf> =
        files.iter().map(|f| (module_path(f), f.clone())).collect();
    let mut graph: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for file in &files {
        let me = module_path(file);
        let text = code(&std::fs::read_to_string(file).expect("a readable source"));
        let mut named = Vec::new();
        for p in paths_after(&text, "crate::") {
            named.push(p[1..].to_vec());
        }
        for p in paths_after(&text, "super::") {
            let ups = p[0].parse::<usize>().unwrap_or(0) + 1;
            // A `mod.rs` is its folder's module (its path has no `mod`): `super` is the
            // folder's parent.
            let base_len = me.len().saturating_sub(ups);
            let mut full = me[..base_len].to_vec();
            full.extend(p[1..].iter().cloned());
            named.push(full);
        }
        for path in named {
            if let Some(target) = file_of(&path, &by_path) {
                if &target != file && !target.ends_with("lib.rs") {
                    graph.entry(file.clone()).or_default().insert(target);
                }
            }
        }
    }
    // A parent module and its own files (a folder's `mod.rs` re-exporting what a child holds,
    // the child using the parent's types) are one module: only circles through other modules
    // count.
    let parent_of = |a: &Path, b: &Path| {
        a.ends_with("mod.rs") && b.parent().is_some_and(|p| a.parent() == Some(p))
    };
    fn visit(
        f: &Path,
        graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        skip: &dyn Fn(&Path, &Path) -> bool,
        path: &mut Vec<PathBuf>,
        done: &mut BTreeSet<PathBuf>,
    ) -> Option<Vec<PathBuf>> {
        if let Some(at) = path.iter().position(|p| p == f) {
            let mut cycle = path[at..].to_vec();
            cycle.push(f.to_path_buf());
            return Some(cycle);
        }
        if done.contains(f) {
            return None;
        }
        path.push(f.to_path_buf());
        for next in graph.get(f).into_iter().flatten() {
            if skip(f, next) || skip(next, f) {
                continue;
            }
            if let Some(cycle) = visit(next, graph, skip, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(f.to_path_buf());
        None
    }
    let mut done = BTreeSet::new();
    for f in graph.keys() {
        if let Some(cycle) = visit(f, &graph, &parent_of, &mut Vec::new(), &mut done) {
            let names: Vec<String> = cycle
                .iter()
                .map(|p| p.strip_prefix(src()).unwrap_or(p).display().to_string())
                .collect();
            panic!("an import cycle: {}", names.join(" -> "));
        }
    }
}
