//! The class reference in `docs/reference/`: one Markdown page per class of the extension, made
//! from the documentation its doc comments give the editor's help (gdext gathers it as Godot's
//! class XML). This test fails, naming the page, when a page is not what the code says; with
//! `APS_WRITE_REFERENCE=1` it writes the pages anew (`cargo xtask reference` does that).

use std::collections::BTreeMap;
use std::path::PathBuf;

/// Where the pages live, from this crate.
fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/reference")
}

/// Classes the engine and the addon use among themselves: no page (the classes test in the Godot
/// suite lists the same).
const INTERNAL: [&str; 4] = [
    "ApsDriver",
    "ApsEditorListener",
    "ApsMirrorWatch",
    "ApsMirrorWatch2D",
];

/// A type as gdext names it (Rust's) in GDScript's words.
fn godot_type(rust: &str) -> String {
    let t = rust.replace(' ', "");
    let inner = |prefix: &str| t.strip_prefix(prefix).and_then(|r| r.strip_suffix('>'));
    if let Some(i) = inner("Option<")
        .or_else(|| inner("Gd<"))
        .or_else(|| inner("Given<"))
        .or_else(|| inner("PhantomVar<"))
    {
        return godot_type(i);
    }
    if let Some(i) = inner("Array<") {
        return format!("Array[{}]", godot_type(i));
    }
    match t.as_str() {
        "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "isize" | "usize" => {
            "int".into()
        }
        "f32" | "f64" | "real" => "float".into(),
        "()" | "" => "void".into(),
        "GString" => "String".into(),
        "VarDictionary" | "AnyDictionary" => "Dictionary".into(),
        "VarArray" | "AnyArray" => "Array".into(),
        other => other.to_string(),
    }
}

/// Godot's BBCode in a description as Markdown.
fn markdown(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text.trim();
    let mut in_block = false;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find(']') else {
            out.push_str(&rest[open..]);
            rest = "";
            break;
        };
        let tag = &rest[open + 1..open + close];
        rest = &rest[open + close + 1..];
        let word = tag.split_whitespace().next().unwrap_or("");
        let named = tag.split_whitespace().nth(1).unwrap_or("");
        match word {
            "code" | "/code" if !in_block => out.push('`'),
            "b" | "/b" => out.push_str("**"),
            "i" | "/i" => out.push('*'),
            "br" => out.push_str("\n\n"),
            "codeblock" | "codeblocks" | "gdscript" => {
                in_block = true;
                out.push_str("\n```gdscript\n");
            }
            "/codeblock" | "/codeblocks" | "/gdscript" => {
                in_block = false;
                out.push_str("\n```\n");
            }
            "member" | "method" | "signal" | "constant" | "param" | "enum" | "annotation" => {
                out.push_str(&format!("`{named}`"));
            }
            _ if word.starts_with("url") || word == "/url" => {}
            _ if !in_block
                && !word.is_empty()
                && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && word.starts_with(|c: char| c.is_ascii_uppercase()) =>
            {
                out.push_str(&format!("`{word}`"));
            }
            _ => {
                out.push('[');
                out.push_str(tag);
                out.push(']');
            }
        }
    }
    out.push_str(rest);
    // One paragraph per blank line, no trailing spaces.
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}

fn child<'a>(node: roxmltree::Node<'a, 'a>, name: &str) -> Option<roxmltree::Node<'a, 'a>> {
    node.children().find(|c| c.has_tag_name(name))
}

fn text_of(node: Option<roxmltree::Node>) -> String {
    node.and_then(|n| n.text())
        .map(markdown)
        .unwrap_or_default()
}

/// The parameters of a method or signal: `type name = default`, in order.
fn params(node: roxmltree::Node) -> String {
    let mut ps: Vec<_> = node
        .children()
        .filter(|c| c.has_tag_name("param"))
        .collect();
    ps.sort_by_key(|p| p.attribute("index").and_then(|i| i.parse::<u32>().ok()));
    ps.iter()
        .map(|p| {
            let mut s = format!(
                "{}: {}",
                p.attribute("name").unwrap_or(""),
                godot_type(p.attribute("type").unwrap_or(""))
            );
            if let Some(d) = p.attribute("default").filter(|d| !d.is_empty()) {
                s.push_str(&format!(" = {d}"));
            }
            s
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// One class's page.
fn page(xml: &str) -> (String, String) {
    let doc = roxmltree::Document::parse(xml).expect("gdext's class XML parses");
    let class = doc.root_element();
    let name = class.attribute("name").unwrap_or("").to_string();
    let mut out = format!(
        "# {name}\n\n*Inherits* `{}`\n\n",
        class.attribute("inherits").unwrap_or("")
    );
    let brief = text_of(child(class, "brief_description"));
    let description = text_of(child(class, "description"));
    for part in [brief, description] {
        if !part.is_empty() {
            out.push_str(&part);
            out.push_str("\n\n");
        }
    }
    let section = |tag: &str, item: &str| -> Vec<roxmltree::Node> {
        let mut items: Vec<_> = child(class, tag)
            .map(|s| s.children().filter(|c| c.has_tag_name(item)).collect())
            .unwrap_or_default();
        items.sort_by_key(|n| n.attribute("name").unwrap_or("").to_string());
        items
    };
    let members = section("members", "member");
    if !members.is_empty() {
        out.push_str("## Properties\n\n");
        for m in members {
            let default = m
                .attribute("default")
                .filter(|d| !d.is_empty())
                .map(|d| format!(" = {d}"))
                .unwrap_or_default();
            out.push_str(&format!(
                "### `{}: {}{default}`\n\n",
                m.attribute("name").unwrap_or(""),
                godot_type(m.attribute("type").unwrap_or(""))
            ));
            let text = m.text().map(markdown).unwrap_or_default();
            if !text.is_empty() {
                out.push_str(&text);
                out.push_str("\n\n");
            }
        }
    }
    let methods: Vec<_> = section("methods", "method")
        .into_iter()
        .filter(|m| !internal_method(m.attribute("name").unwrap_or("_")))
        .collect();
    if !methods.is_empty() {
        out.push_str("## Methods\n\n");
        for m in methods {
            let ret = godot_type(
                child(m, "return")
                    .and_then(|r| r.attribute("type"))
                    .unwrap_or(""),
            );
            let name = m.attribute("name").unwrap_or("");
            // gdext's documentation marks no method virtual: a `_` method that is listed is
            // one a script overrides.
            let qualifiers = m
                .attribute("qualifiers")
                .map(|q| format!(" {q}"))
                .or_else(|| name.starts_with('_').then(|| " virtual".to_string()))
                .unwrap_or_default();
            out.push_str(&format!(
                "### `{name}({}) -> {ret}{qualifiers}`\n\n",
                params(m)
            ));
            let text = text_of(child(m, "description"));
            if !text.is_empty() {
                out.push_str(&text);
                out.push_str("\n\n");
            }
        }
    }
    let signals = section("signals", "signal");
    if !signals.is_empty() {
        out.push_str("## Signals\n\n");
        for s in signals {
            out.push_str(&format!(
                "### `{}({})`\n\n",
                s.attribute("name").unwrap_or(""),
                params(s)
            ));
            let text = text_of(child(s, "description"));
            if !text.is_empty() {
                out.push_str(&text);
                out.push_str("\n\n");
            }
        }
    }
    let constants = section("constants", "constant");
    if !constants.is_empty() {
        out.push_str("## Constants\n\n| name | |\n|---|---|\n");
        let mut constants = constants;
        constants.sort_by_key(|c| {
            (
                c.attribute("enum").unwrap_or("").to_string(),
                c.attribute("value")
                    .and_then(|v| v.parse::<i64>().ok())
                    .unwrap_or(0),
            )
        });
        for c in constants {
            let text = c
                .text()
                .map(markdown)
                .unwrap_or_default()
                .replace('\n', " ")
                .replace('|', "\\|");
            // A value the class derives from the core's enums is Rust source, not a number a
            // script could use (scripts compare against the name): only a literal is shown.
            let value = c
                .attribute("value")
                .filter(|v| v.parse::<i64>().is_ok())
                .map(|v| format!(" = {v}"))
                .unwrap_or_default();
            out.push_str(&format!(
                "| `{}`{value} | {text} |\n",
                c.attribute("name").unwrap_or("")
            ));
        }
        out.push('\n');
    }
    (name, out.trim_end().to_string() + "\n")
}

/// Whether a method of that name is left out of the reference: the engine's callbacks the
/// classes implement (`_get_configuration_warnings`, `_on_set`, ...) and APS's own calls between
/// its parts (`_aps_*`). Other `_` methods are virtual ones a script overrides
/// (`ApsSense._evaluate`, `ApsSignificancePolicy._score`).
fn internal_method(name: &str) -> bool {
    name.starts_with("_aps_") || name.starts_with("_on_") || name == "_get_configuration_warnings"
}

/// Every page, by file name, and the index.
fn pages() -> BTreeMap<String, String> {
    let mut pages = BTreeMap::new();
    let mut index = String::from(
        "# Class reference\n\nOne page per class of the extension, made from the documentation the editor's \
         help shows (F1). Generated by `cargo xtask reference`; `cargo xtask test` fails when a page \
         is out of step with the code. The addon's GDScript nodes (`ApsAwarenessIndicator`, its 2D \
         twin, `ApsLightGem`) document themselves in their scripts.\n\n| class | |\n|---|---|\n",
    );
    let mut classes: Vec<(String, String, String)> = godot::docs::__gather_xml_docs()
        .filter(|xml| {
            !INTERNAL
                .iter()
                .any(|c| xml.contains(&format!("<class name=\"{c}\"")))
        })
        .map(|xml| {
            let (name, body) = page(&xml);
            let doc = roxmltree::Document::parse(&xml).expect("parses");
            let brief = text_of(child(doc.root_element(), "brief_description")).replace('\n', " ");
            (name, body, brief)
        })
        .collect();
    classes.sort();
    for (name, body, brief) in classes {
        index.push_str(&format!(
            "| [{name}]({name}.md) | {} |\n",
            brief.replace('|', "\\|")
        ));
        pages.insert(format!("{name}.md"), body);
    }
    pages.insert("README.md".to_string(), index);
    pages
}

#[test]
fn the_class_reference_is_current() {
    let pages = pages();
    assert!(
        pages.len() > 10,
        "the classes' documentation was gathered: {:?}",
        pages.keys()
    );
    let dir = folder();
    if std::env::var_os("APS_WRITE_REFERENCE").is_some() {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("docs/reference can be made");
        for (file, text) in &pages {
            std::fs::write(dir.join(file), text).expect("a page can be written");
        }
        return;
    }
    let mut stale = Vec::new();
    for (file, text) in &pages {
        if std::fs::read_to_string(dir.join(file)).ok().as_deref() != Some(text.as_str()) {
            stale.push(file.clone());
        }
    }
    let on_disk: Vec<String> = std::fs::read_dir(&dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    stale.extend(on_disk.into_iter().filter(|f| !pages.contains_key(f)));
    assert!(
        stale.is_empty(),
        "docs/reference is out of step with the code for {stale:?}: run `cargo xtask reference`"
    );
}
