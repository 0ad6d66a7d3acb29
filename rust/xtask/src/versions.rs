//! The Godot versions APS supports, declared once.
//!
//! The oldest Godot that can load the library is the Godot API it is built against: gdext's
//! `api-4-x` feature, which is the default feature of `rust/aps-godot/Cargo.toml`. xtask reads
//! the number from there (the manifest is compiled in), so its version check cannot drift from
//! the build. The places a person or Godot reads it in their own words (`compatibility_minimum`
//! in `aps.gdextension`, the plugin's `MINIMUM_GODOT`, the READMEs) are held to it by a test
//! below.
//!
//! [`NEWEST_API`] is the newest API gdext offers; `cargo xtask test` checks that the code still
//! compiles against it, so a Godot release that renames what APS calls is caught before a user
//! on that Godot finds it.

/// `rust/aps-godot/Cargo.toml`, whose default feature is the minimum.
const APS_GODOT_MANIFEST: &str = include_str!("../../aps-godot/Cargo.toml");

/// The newest Godot API gdext 0.5.5 offers (its `api-4-7` feature: Godot 4.7); aps-godot
/// declares a feature of the same name that selects it.
pub const NEWEST_API: &str = "api-4-7";

/// The oldest Godot APS runs on, as (major, minor).
#[must_use]
pub fn minimum() -> (u32, u32) {
    default_api_feature(APS_GODOT_MANIFEST)
        .and_then(api_version)
        .expect("rust/aps-godot/Cargo.toml's default feature is gdext's `api-4-x` (a test checks)")
}

/// The minimum as people write it: `4.4`.
#[must_use]
pub fn minimum_text() -> String {
    let (major, minor) = minimum();
    format!("{major}.{minor}")
}

/// The version of a gdext API feature: `api-4-7` -> (4, 7).
fn api_version(feature: &str) -> Option<(u32, u32)> {
    let (major, minor) = feature.strip_prefix("api-")?.split_once('-')?;
    Some((major.parse().ok()?, minor.parse().ok()?))
}

/// The one feature of `default = ["..."]` in a manifest's `[features]`.
fn default_api_feature(manifest: &str) -> Option<&str> {
    let list = manifest
        .lines()
        .find_map(|line| line.trim().strip_prefix("default = ["))?;
    let feature = list.split(']').next()?.trim().trim_matches('"');
    feature.starts_with("api-").then_some(feature)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::path::{Path, PathBuf};

    fn repository_file(path: &str) -> (PathBuf, String) {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let file = root.join(path);
        let text = fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        (file, text)
    }

    /// Every `X.Y+` and `X.Y or newer` in a text, as (major, minor).
    fn stated_minimums(text: &str) -> Vec<(u32, u32)> {
        let bytes = text.as_bytes();
        let mut found = Vec::new();
        for (at, _) in text.match_indices('.') {
            let digits_before = text[..at]
                .bytes()
                .rev()
                .take_while(u8::is_ascii_digit)
                .count();
            let digits_after = bytes[at + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits_before == 0 || digits_after == 0 {
                continue;
            }
            let start = at - digits_before;
            // Part of a longer number (4.6.3) or an identifier is no statement.
            if start > 0 && (bytes[start - 1] == b'.' || bytes[start - 1].is_ascii_alphanumeric()) {
                continue;
            }
            let end = at + 1 + digits_after;
            let rest = &text[end..];
            if rest.starts_with('+') || rest.starts_with(" or newer") {
                found.push((
                    text[start..at].parse().unwrap(),
                    text[at + 1..end].parse().unwrap(),
                ));
            }
        }
        found
    }

    /// A README says "Godot X.Y or newer" with the minimum, and states no other minimum.
    fn states_the_minimum(readme: &str) {
        let text = minimum_text();
        let (file, body) = repository_file(readme);
        assert!(
            body.contains(&format!("Godot {text} or newer")),
            "{} says \"Godot {text} or newer\"",
            file.display()
        );
        let stated = stated_minimums(&body);
        assert!(
            stated.iter().all(|&v| v == minimum()),
            "{} states minimums {stated:?}, not only {text}",
            file.display()
        );
    }

    #[test]
    fn reads_api_features_and_statements() {
        assert_eq!(api_version("api-4-7"), Some((4, 7)));
        assert_eq!(api_version("api-custom"), None);
        assert_eq!(
            default_api_feature("[features]\ndefault = [\"api-4-4\"]\n"),
            Some("api-4-4")
        );
        assert_eq!(default_api_feature("default = [\"serde\"]"), None);
        let text = "Godot 4.5+, then 4.5 or newer; not 4.6.3+ nor v1.2+ nor 1.78 ms";
        assert_eq!(stated_minimums(text), vec![(4, 5), (4, 5)]);
    }

    #[test]
    fn the_minimum_is_a_gdext_api_that_can_register_docs() {
        // gdext's `register-docs` feature needs Godot 4.3.
        assert!(minimum() >= (4, 3), "{:?}", minimum());
        let newest = api_version(NEWEST_API).expect("NEWEST_API is an `api-4-x` feature");
        assert!(newest > minimum());
        let (_, manifest) = repository_file("rust/aps-godot/Cargo.toml");
        assert!(
            manifest.contains(&format!("{NEWEST_API} = [\"godot/{NEWEST_API}\"]")),
            "rust/aps-godot/Cargo.toml declares the {NEWEST_API} feature that `cargo xtask test` checks"
        );
    }

    #[test]
    fn every_statement_of_the_minimum_agrees() {
        let text = minimum_text();

        let (file, gdextension) = repository_file("addons/aps/aps.gdextension");
        assert!(
            gdextension.contains(&format!("compatibility_minimum = \"{text}\"")),
            "{} says compatibility_minimum = \"{text}\"",
            file.display()
        );

        let (file, check) = repository_file("addons/aps/editor/library_check.gd");
        assert!(
            check.contains(&format!("const MINIMUM_GODOT := \"{text}\"")),
            "{}: the plugin's MINIMUM_GODOT is \"{text}\"",
            file.display()
        );

        states_the_minimum("README.md");
        states_the_minimum("addons/aps/README.md");
    }
}
