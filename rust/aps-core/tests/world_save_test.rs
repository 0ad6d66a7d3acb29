//! A world's saved game: its conditions and recent stimuli survive a save and a
//! load, damaged data is repaired with one issue per problem, and a load replaces what the
//! world held.

use aps_core::save::load_lenient;
use aps_core::senses::rays::BodyId;
use aps_core::world::stimulus::Sound;
use aps_core::{TargetId, Vec3};

/// Nodes are "node N", tags and squads interned by name.
#[derive(Default)]
struct WorldNames {
    tags: Vec<String>,
}

impl aps_core::world::WorldKeys for WorldNames {
    fn node_key(&self, id: u64) -> Option<String> {
        Some(format!("node {id}"))
    }
    fn node_id(&self, key: &str) -> Option<u64> {
        key.strip_prefix("node ")?.parse().ok()
    }
    fn tag_name(&self, tag: u32) -> String {
        self.tags.get(tag as usize).cloned().unwrap_or_default()
    }
    fn tag_of(&mut self, name: &str) -> u32 {
        match self.tags.iter().position(|t| t == name) {
            Some(i) => i as u32,
            None => {
                self.tags.push(name.into());
                (self.tags.len() - 1) as u32
            }
        }
    }
    fn squad_name(&self, squad: u32) -> String {
        format!("squad {squad}")
    }
    fn squad_of(&self, name: &str) -> Option<u32> {
        name.strip_prefix("squad ")?.parse().ok()
    }
}

#[test]
fn a_worlds_conditions_and_recent_stimuli_survive_a_save_and_a_load() {
    use aps_core::brain::squad::Sighting;
    use aps_core::save::format::{ConditionsSave, StimuliSave};
    use aps_core::world::stimulus::{Damage, Touch};
    use aps_core::world::Surroundings;
    let mut names = WorldNames {
        tags: vec!["gunshot".into()],
    };
    let mut w = Surroundings::default();
    w.set_wind(Vec3::new(2.0, 0.0, 1.0));
    w.set_rain(0.4);
    w.set_ambient_light(0.2);
    w.add_light_zone(Vec3::new(5.0, 0.0, 5.0), 3.0, 0.9)
        .unwrap();
    w.emit_sound(Sound {
        location: Vec3::new(1.0, 0.0, 2.0),
        loudness: 0.8,
        max_range: 30.0,
        tag: 0,
        instigator: Some(TargetId(7)),
        time: 99.5,
        max_tier: 2,
    });
    w.report_touch(Touch {
        body: BodyId(3),
        other: TargetId(7),
        time: 99.9,
    });
    w.report_damage(Damage {
        victim: BodyId(3),
        instigator: None,
        amount: 25.0,
        location: Vec3::ONE,
        time: 99.8,
    });
    for k in 0..4 {
        w.deposit_scent(
            TargetId(7),
            Vec3::new(k as f32, 0.0, 0.0),
            1.0,
            90.0 + f64::from(k),
        );
    }
    w.post_sighting(Sighting {
        squad: 1,
        member: 3,
        target: TargetId(7),
        confidence: 0.7,
        position: Vec3::new(4.0, 0.0, 4.0),
        time: 99.7,
    });
    let conditions = w.save_conditions();
    let stimuli = w.save_stimuli(100.0, &names);
    assert_eq!(stimuli.sounds.len(), 1);
    assert_eq!(stimuli.sounds[0].tag, "gunshot");
    assert_eq!(stimuli.touches.len(), 1);
    assert_eq!(stimuli.damages.len(), 1);
    assert_eq!(stimuli.scent_trails[0].points.len(), 4);
    assert_eq!(stimuli.sightings.len(), 1);

    // Loaded into a fresh world whose clock reads 500 s: the same ages, the same conditions.
    let mut issues = Vec::new();
    let c: ConditionsSave = load_lenient(&serde_json::to_value(&conditions).unwrap(), &mut issues);
    let s: StimuliSave = load_lenient(&serde_json::to_value(&stimuli).unwrap(), &mut issues);
    let mut back = Surroundings::default();
    back.restore_conditions(&c, &mut issues);
    back.restore_stimuli(&s, 500.0, &mut names, &mut issues);
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(back.save_conditions(), conditions);
    let again = back.save_stimuli(500.0, &names);
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    assert!(close(again.sounds[0].seconds_ago, 0.5));
    assert!(close(
        again.touches[0].seconds_ago,
        stimuli.touches[0].seconds_ago
    ));
    assert!(close(
        again.sightings[0].seconds_ago,
        stimuli.sightings[0].seconds_ago
    ));
    assert_eq!(again.scent_trails[0].points.len(), 4);
    assert_eq!(back.conditions().light_at(Vec3::new(5.0, 0.0, 5.0)), 0.9);
    // A zone added after the load does not reuse a saved zone's id.
    let zone = back.add_light_zone(Vec3::ZERO, 1.0, 0.5).unwrap();
    assert!(zone.id > conditions.light_zones[0].id);
}

#[test]
fn a_worlds_damaged_conditions_are_repaired_one_issue_each() {
    use aps_core::save::format::ConditionsSave;
    use aps_core::world::Surroundings;
    let mut issues = Vec::new();
    let c: ConditionsSave = load_lenient(
        &serde_json::json!({"ambient_light": 4.0, "rain": "wet", "wind": [1.0, 0.0, 0.0],
            "light_zones": [{"id": 1, "center": [0.0, 0.0, 0.0], "radius": -3.0, "level": 0.5},
                            {"id": 1, "center": [1.0, 0.0, 0.0], "radius": 2.0, "level": 0.5}],
            "last_light_zone": 1}),
        &mut issues,
    );
    let mut w = Surroundings::default();
    w.restore_conditions(&c, &mut issues);
    assert_eq!(issues.len(), 4, "{issues:?}");
    assert_eq!(w.conditions().ambient_light, 1.0);
    assert_eq!(w.conditions().rain, 0.0);
    assert_eq!(w.conditions().light_zones.len(), 1);
    assert_eq!(
        w.conditions().light_zones.iter().next().unwrap().radius,
        0.0
    );
}

#[test]
fn a_load_replaces_the_worlds_stimuli_and_keeps_the_ids_of_zones_made_again() {
    use aps_core::world::Surroundings;
    let mut names = WorldNames {
        tags: vec!["gunshot".into()],
    };
    let mut w = Surroundings::default();
    let lamp = w
        .add_light_zone(Vec3::new(5.0, 0.0, 5.0), 3.0, 0.9)
        .unwrap()
        .id;
    let cellar = w
        .add_light_zone(Vec3::new(-5.0, 0.0, 5.0), 2.0, 0.1)
        .unwrap()
        .id;
    w.emit_sound(Sound {
        location: Vec3::ZERO,
        loudness: 1.0,
        max_range: 30.0,
        tag: 0,
        instigator: None,
        time: 9.0,
        max_tier: 4,
    });
    let conditions = w.save_conditions();
    let stimuli = w.save_stimuli(10.0, &names);

    // The level is built again: its script makes the cellar first and the lamp second.
    let mut back = Surroundings::default();
    let cellar_now = back
        .add_light_zone(Vec3::new(-5.0, 0.0, 5.0), 2.0, 1.0)
        .unwrap()
        .id;
    let lamp_now = back
        .add_light_zone(Vec3::new(5.0, 0.0, 5.0), 3.0, 1.0)
        .unwrap()
        .id;
    assert_eq!(
        (cellar_now, lamp_now),
        (lamp, cellar),
        "the ids swapped places"
    );
    let mut issues = Vec::new();
    for _ in 0..2 {
        back.restore_conditions(&conditions, &mut issues);
        back.restore_stimuli(&stimuli, 50.0, &mut names, &mut issues);
    }
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(back.sounds().len(), 1, "loaded twice, heard once");
    let zones = &back.conditions().light_zones;
    assert_eq!(zones.len(), 2);
    let level_of = |id: u32| zones.iter().find(|z| z.id == id).map(|z| z.level);
    assert_eq!(
        level_of(lamp_now),
        Some(0.9),
        "the level's lamp id names the saved lamp"
    );
    assert_eq!(
        level_of(cellar_now),
        Some(0.1),
        "and its cellar id the saved cellar"
    );
    back.remove_light_zone(lamp_now);
    assert_eq!(
        back.conditions().light_at(Vec3::new(5.0, 0.0, 5.0)),
        1.0,
        "the level can remove it"
    );
}
