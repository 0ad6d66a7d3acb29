//! The settings table against the profile it was derived from: every setting's default, range,
//! TOML path and inspector name agree with the structs, the validator and the TOML file. The
//! tests walk `Profile::SETTINGS`, so a setting added to the declaration is covered at once.

use aps_core::brain::threat::Relationship;
use aps_core::profile::{Kind, Number, Setting};
use aps_core::Profile;
use std::collections::HashSet;

fn numbers() -> impl Iterator<Item = (&'static Setting, &'static Number)> {
    Profile::SETTINGS
        .iter()
        .filter_map(|s| s.number().map(|n| (s, n)))
}

/// The TOML value at a dotted path, if the file has it.
fn toml_at<'a>(table: &'a toml::Table, path: &str) -> Option<&'a toml::Value> {
    let mut keys = path.split('.');
    let mut value = table.get(keys.next()?)?;
    for key in keys {
        value = value.as_table()?.get(key)?;
    }
    Some(value)
}

/// Sets one number of a default profile and validates it.
fn validate_with(n: &Number, value: f32) -> (Profile, Vec<aps_core::ProfileIssue>) {
    let mut p = Profile::default();
    *(n.field)(&mut p) = value;
    let issues = p.validate();
    (p, issues)
}

/// The least legal value of a number in a default profile: its minimum, or the setting it is
/// declared above.
fn least(n: &Number) -> f32 {
    let p = Profile::default();
    n.above
        .as_ref()
        .map_or(n.min, |a| (a.value)(&p) + a.margin)
        .max(n.min)
}

#[test]
fn every_default_is_within_its_range_and_is_the_profiles() {
    let mut p = Profile::default();
    for s in Profile::SETTINGS {
        match &s.kind {
            Kind::Number(n) => {
                assert!(n.min <= n.default && n.default <= n.max, "{}", s.path);
                assert!(n.default >= least(n), "{} below its order", s.path);
                assert!(n.step > 0.0 && n.step <= n.max - n.min, "{} step", s.path);
                if let Some(soft) = n.soft_max {
                    assert!(n.min < soft && soft < n.max, "{} soft max", s.path);
                }
                assert_eq!(*(n.field)(&mut p), n.default, "{}", s.path);
            }
            Kind::Count(n) => {
                assert!(n.min <= n.default && n.default <= n.max, "{}", s.path);
                assert_eq!(*(n.field)(&mut p), n.default, "{}", s.path);
            }
            Kind::Curve { field } => assert!(field(&mut p).is_none(), "{}", s.path),
            Kind::Flag { .. } | Kind::Layers { .. } | Kind::Choice { .. } | Kind::Rules => {}
        }
    }
}

#[test]
fn the_default_profile_validates_clean() {
    let (p, issues) = Profile::default().validated();
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(p, Profile::default());
}

/// One bad value of one setting: reported once, by its path, and replaced by `expected`. Other
/// issues may only be settings ordered above another, pushed up by the change.
fn assert_fixed_once(s: &Setting, n: &Number, bad: f32, expected: f32) {
    let (mut p, issues) = validate_with(n, bad);
    let own: Vec<_> = issues.iter().filter(|i| i.field == s.path).collect();
    assert_eq!(own.len(), 1, "{} = {bad}: {issues:?}", s.path);
    assert_eq!(*(n.field)(&mut p), expected, "{} = {bad}", s.path);
    for other in issues.iter().filter(|i| i.field != s.path) {
        let o = Profile::setting(&other.field).expect("issues name table paths");
        assert!(
            o.number().is_some_and(|n| n.above.is_some()),
            "{} = {bad} also changed {other}",
            s.path
        );
    }
    assert!(
        p.validate().is_empty(),
        "{} = {bad}: fixed for good",
        s.path
    );
}

#[test]
fn every_number_below_its_range_is_clamped_and_reported_once() {
    for (s, n) in numbers() {
        assert_fixed_once(s, n, n.min - 1.0, least(n));
        assert_fixed_once(s, n, f32::NEG_INFINITY, least(n));
    }
}

#[test]
fn every_number_above_its_range_is_clamped_and_reported_once() {
    for (s, n) in numbers() {
        assert_fixed_once(s, n, n.max + 1.0, n.max);
        assert_fixed_once(s, n, f32::INFINITY, n.max);
    }
}

#[test]
fn every_nan_becomes_the_default_and_is_reported_once() {
    for (s, n) in numbers() {
        let (mut p, issues) = validate_with(n, f32::NAN);
        assert_eq!(issues.len(), 1, "{}: {issues:?}", s.path);
        assert_eq!(issues[0].field, s.path);
        assert!(issues[0].message.contains("not a number"), "{}", issues[0]);
        assert_eq!(*(n.field)(&mut p), n.default, "{}", s.path);
    }
}

#[test]
fn every_count_outside_its_range_is_clamped_and_reported_once() {
    for s in Profile::SETTINGS {
        let Kind::Count(n) = &s.kind else { continue };
        let mut cases = vec![(n.max + 1, n.max), (u32::MAX, n.max)];
        if n.min > 0 {
            cases.push((n.min - 1, n.min));
        }
        for (bad, expected) in cases {
            let mut p = Profile::default();
            *(n.field)(&mut p) = bad;
            let issues = p.validate();
            assert_eq!(issues.len(), 1, "{} = {bad}: {issues:?}", s.path);
            assert_eq!(issues[0].field, s.path);
            assert_eq!(*(n.field)(&mut p), expected, "{} = {bad}", s.path);
        }
    }
}

#[test]
fn every_toml_path_is_in_the_default_toml_and_nothing_else_is() {
    let text = Profile::default().to_toml_string().unwrap();
    let table: toml::Table = toml::from_str(&text).unwrap();
    for s in Profile::SETTINGS {
        if let Kind::Curve { field } = &s.kind {
            // An unset curve is left out of the file; set, it is written at its path.
            let mut p = Profile::default();
            *field(&mut p) = Some(aps_core::belief::decay_curve::DecayCurve::new(vec![
                [0.0, 1.0],
                [5.0, 0.0],
            ]));
            let with: toml::Table = toml::from_str(&p.to_toml_string().unwrap()).unwrap();
            assert!(toml_at(&with, s.path).is_some(), "{}", s.path);
            continue;
        }
        let value = toml_at(&table, s.path);
        assert!(value.is_some(), "{} is not in\n{text}", s.path);
        assert!(!value.unwrap().is_table(), "{} is a table", s.path);
    }
    // Every value the file holds is a setting of the table.
    fn leaves(prefix: &str, table: &toml::Table, out: &mut Vec<String>) {
        for (key, value) in table {
            let path = if prefix.is_empty() {
                key.clone()
            } else {
                format!("{prefix}.{key}")
            };
            match value.as_table() {
                Some(t) => leaves(&path, t, out),
                None => out.push(path),
            }
        }
    }
    let mut paths = Vec::new();
    leaves("", &table, &mut paths);
    for path in paths {
        assert!(Profile::setting(&path).is_some(), "{path} has no setting");
    }
}

#[test]
fn every_number_loads_from_its_toml_path_into_its_field() {
    let base: toml::Table = toml::from_str(&Profile::default().to_toml_string().unwrap()).unwrap();
    for (s, n) in numbers() {
        // A legal value different from the default.
        let value = if n.default < n.max {
            f64::from(n.max)
        } else {
            f64::from(least(n))
        };
        let mut table = base.clone();
        let (parents, key) = s.path.rsplit_once('.').unwrap();
        let mut t = &mut table;
        for k in parents.split('.') {
            t = t.get_mut(k).unwrap().as_table_mut().unwrap();
        }
        t.insert(key.to_owned(), toml::Value::Float(value));
        let (mut p, _) = Profile::from_toml_str(&toml::to_string(&table).unwrap()).unwrap();
        assert_eq!(f64::from(*(n.field)(&mut p)), value, "{}", s.path);
    }
}

#[test]
fn paths_and_inspector_names_are_unique_and_found() {
    let mut paths = HashSet::new();
    let mut names = HashSet::new();
    for s in Profile::SETTINGS {
        assert!(paths.insert(s.path), "path {} twice", s.path);
        assert!(
            names.insert(s.inspector),
            "inspector name {} twice",
            s.inspector
        );
        assert!(!s.doc_text().is_empty(), "{} has no doc", s.path);
        assert_eq!(Profile::inspector_name(s.path), Some(s.inspector));
        assert_eq!(
            Profile::setting_by_inspector_name(s.inspector).map(|x| x.path),
            Some(s.path)
        );
    }
    assert_eq!(
        Profile::inspector_name("loss.vision.grace_time"),
        Some("vision_grace_time")
    );
    assert_eq!(
        Profile::inspector_name("fusion.sense_weights.vision"),
        Some("vision_weight")
    );
    assert_eq!(
        Profile::inspector_name("echolocation.echo_range"),
        Some("echo_range")
    );
}

#[test]
fn every_setting_sits_in_an_inspector_group() {
    assert!(
        Profile::SETTINGS[0].group.is_some(),
        "the first setting opens a group"
    );
    let place = |path: &str| Profile::inspector_place(path).unwrap();
    assert_eq!(place("thresholds.min_time_in_lost"), ("Thresholds", ""));
    assert_eq!(
        place("fusion.sense_weights.echolocation"),
        ("Fusion and Sense Weights", "")
    );
    assert_eq!(
        place("loss.vision.grace_time"),
        ("Loss per Sense", "Vision Loss")
    );
    assert_eq!(
        place("loss.vibration.confidence_decay_multiplier"),
        ("Loss per Sense", "Vibration Loss")
    );
    assert_eq!(place("attention.max_tracked_targets"), ("Attention", ""));
    assert_eq!(
        place("spatial.max_uncertainty_radius"),
        ("Where It Thinks You Are", "")
    );
    assert_eq!(place("echolocation.collision_mask"), ("Echolocation", ""));
    // Each block opens its own group.
    let mut blocks = HashSet::new();
    for s in Profile::SETTINGS {
        let block = s.path.split('.').next().unwrap();
        if blocks.insert(block) {
            assert!(
                s.group.is_some(),
                "{} is the first of {block} and opens no group",
                s.path
            );
        }
    }
}

#[test]
fn the_spec_names_are_the_specs() {
    let spec = |path: &str| Profile::setting(path).and_then(|s| s.spec);
    assert_eq!(
        spec("thresholds.min_track_duration"),
        Some("Min Track Duration")
    );
    assert_eq!(
        spec("fusion.corroboration_bonus"),
        Some("Corroboration Bonus")
    );
    assert_eq!(
        spec("attention.attention_stickiness_time"),
        Some("Attention Stickiness Time")
    );
    assert_eq!(
        spec("spatial.uncertainty_growth_rate"),
        Some("Uncertainty Growth Rate")
    );
    assert_eq!(
        spec("memory.memory_refresh_bonus"),
        Some("Memory Refresh Bonus")
    );
    assert_eq!(
        spec("spatial.velocity_ema_weight"),
        Some("Velocity EMAWeight")
    );
}

#[test]
fn the_default_relationship_chooses_among_the_relationships() {
    let s = Profile::setting("threat.default_relationship").unwrap();
    let Kind::Choice { default, options } = s.kind else {
        panic!("{s:?}")
    };
    let names: Vec<_> = Relationship::ALL.iter().map(|r| r.name()).collect();
    assert_eq!(options, names.as_slice());
    assert_eq!(
        Relationship::ALL[default],
        Profile::default().threat.default_relationship
    );
}

#[test]
fn the_loss_rows_are_the_specs_grace_table() {
    // Spec section 3: grace, direct cut, decay multiplier per sense.
    let rows = [
        ("vision", 0.3, true, 3.0),
        ("echolocation", 0.6, true, 2.0),
        ("touch", 0.5, false, 2.0),
        ("hearing", 3.0, false, 1.0),
        ("damage", 8.0, false, 0.5),
        ("smell", 20.0, false, 0.3),
        ("vibration", 0.0, false, 5.0),
    ];
    for (sense, grace, cut, decay) in rows {
        let number = |field: &str| {
            Profile::setting(&format!("loss.{sense}.{field}"))
                .and_then(Setting::number)
                .map(|n| n.default)
        };
        assert_eq!(number("grace_time"), Some(grace), "{sense}");
        assert_eq!(
            number("confidence_decay_multiplier"),
            Some(decay),
            "{sense}"
        );
        let flag = Profile::setting(&format!("loss.{sense}.direct_cut")).map(|s| s.kind);
        assert!(
            matches!(flag, Some(Kind::Flag { default }) if default == cut),
            "{sense}"
        );
    }
}

#[test]
fn a_senses_settings_and_its_loss_are_switched_by_its_enabled_flag() {
    let flag = |path| Profile::switched_by(path).map(|s| s.inspector);
    assert_eq!(flag("vision.max_range"), Some("vision_enabled"));
    assert_eq!(flag("loss.vision.grace_time"), Some("vision_enabled"));
    assert_eq!(
        flag("echolocation.echo_range"),
        Some("echolocation_enabled")
    );
    assert_eq!(flag("smell.range"), Some("smell_enabled"));
    // The flag itself and settings of no one sense stay editable.
    assert_eq!(flag("vision.enabled"), None);
    assert_eq!(flag("thresholds.suspect_threshold"), None);
    assert_eq!(flag("fusion.weights.vision"), None);
    // Every sense's settings but its flag are switched by it.
    for s in Profile::SETTINGS
        .iter()
        .filter(|s| s.path.starts_with("hearing."))
    {
        let expected = (s.path != "hearing.enabled").then_some("hearing_enabled");
        assert_eq!(flag(s.path), expected, "{}", s.path);
    }
}
