//! Saved games: an AI saved mid-chase and restored into a fresh core holds every
//! field it held, and runs on tick by tick exactly as the uninterrupted AI does; damaged,
//! older and newer data load what they can, one issue per problem, naming the field.

use aps_core::gather::target::TargetSnapshot;
use aps_core::save::format::CoreSave;
use aps_core::save::{
    check_version, load_lenient, Keys, LoadIssue, MissingTargets, FORMAT_VERSION,
};
use aps_core::senses::rays::{BodyId, BoxSpace};
use aps_core::senses::WorldView;
use aps_core::world::stimulus::{Sound, SoundBuffer};
use aps_core::{
    BeliefState, Event, PassInput, PerceptionCore, Pose, Profile, SenseReading, TargetId,
    TargetKind, Vec3,
};
use serde_json::Value;

const GUARD: BodyId = BodyId(10);
const WALL: BodyId = BodyId(1);
/// A runner in plain view, one that ducks behind the wall late, one that ducks early.
const STAYS: TargetId = TargetId(1);
const DUCKS_LATE: TargetId = TargetId(2);
const DUCKS_EARLY: TargetId = TargetId(3);
/// A squad mate's report only.
const REPORTED: TargetId = TargetId(4);

/// Targets are "runner N"; tags are interned in order.
#[derive(Default)]
struct Names {
    tags: Vec<String>,
    gone: Vec<TargetId>,
}

impl Keys for Names {
    fn key_of(&self, t: TargetId) -> Option<String> {
        Some(format!("runner {}", t.0))
    }
    fn target_of(&self, key: &str) -> Option<TargetId> {
        let id = TargetId(key.strip_prefix("runner ")?.parse().ok()?);
        (!self.gone.contains(&id)).then_some(id)
    }
    fn tag_name(&self, tag: u32) -> String {
        self.tags.get(tag as usize).cloned().unwrap_or_default()
    }
    fn tag_of(&mut self, name: &str) -> u32 {
        if let Some(i) = self.tags.iter().position(|t| t == name) {
            return i as u32;
        }
        self.tags.push(name.into());
        (self.tags.len() - 1) as u32
    }
}

fn body(t: TargetId) -> BodyId {
    BodyId(100 + t.0)
}

/// Where each runner stands at tick `i`: the wall hides x < 0 at z = -12.5.
fn feet(t: TargetId, i: u32) -> Vec3 {
    let run = |from: f32, start: u32| {
        let x = if i < start {
            from
        } else {
            (from - 0.4 * (i - start) as f32).max(-8.0)
        };
        Vec3::new(x, 0.0, -12.5)
    };
    match t {
        STAYS => Vec3::new(4.0, 0.0, -8.0 + 0.02 * i as f32),
        DUCKS_LATE => run(2.0, 185),
        _ => run(1.0, 120),
    }
}

struct Scene {
    space: BoxSpace,
    sounds: SoundBuffer,
    names: Names,
}

impl Scene {
    fn new() -> Self {
        let mut space = BoxSpace::new();
        space.add(GUARD, Vec3::new(0.0, 0.9, 0.0), Vec3::new(0.6, 1.8, 0.6));
        space.add(WALL, Vec3::new(-6.0, 1.5, -12.0), Vec3::new(12.0, 3.0, 0.4));
        for t in [STAYS, DUCKS_LATE, DUCKS_EARLY] {
            space.add(
                body(t),
                feet(t, 0) + Vec3::Y * 0.9,
                Vec3::new(0.6, 1.8, 0.6),
            );
        }
        let mut names = Names::default();
        names.tag_of("gunshot");
        Scene {
            space,
            sounds: SoundBuffer::default(),
            names,
        }
    }

    /// Tick `i` (0.1 s apart): the runners move, a shot with no shooter rings out at tick 150,
    /// a mate reports target 4 from tick 160.
    fn tick(&mut self, core: &mut PerceptionCore, i: u32) -> Vec<Event> {
        let now = f64::from(i) * 0.1;
        let mut candidates = Vec::new();
        for t in [STAYS, DUCKS_LATE, DUCKS_EARLY] {
            let f = feet(t, i);
            self.space.move_body(body(t), f + Vec3::Y * 0.9);
            let mut s = TargetSnapshot::standing(t, f, 1.8);
            s.body = Some(body(t));
            s.velocity = (f - feet(t, i.saturating_sub(1))) / 0.1;
            candidates.push(s);
        }
        // Behind the guard, out of its sight: only the squad's word tells of it.
        candidates.push(TargetSnapshot::standing(
            REPORTED,
            Vec3::new(10.0, 0.0, 10.0),
            1.8,
        ));
        if i == 150 {
            self.sounds.push(Sound {
                location: Vec3::new(-3.0, 0.0, 6.0),
                loudness: 1.0,
                max_range: 40.0,
                tag: 0,
                instigator: None,
                time: now - 0.05,
                max_tier: 4,
            });
        }
        let shared: Vec<(TargetId, SenseReading)> = if (160..175).contains(&i) {
            vec![(
                REPORTED,
                SenseReading::new(aps_core::brain::squad::SQUAD_SENSE, 0.6)
                    .at(Vec3::new(10.0, 0.0, 10.0), 0.5),
            )]
        } else {
            Vec::new()
        };
        let input = PassInput {
            dt: 0.1,
            eye: Pose {
                position: Vec3::new(0.0, 1.6, 0.0),
                forward: Vec3::NEG_Z,
            },
            body: Vec3::ZERO,
            own: &[GUARD],
            world: WorldView {
                now,
                sounds: Some(&self.sounds),
                ..WorldView::default()
            },
            candidates: &candidates,
            destroyed: &[],
            shared: &shared,
            lod_tier: 0,
        };
        if i == 120 {
            core.mind_mut().add_evidence(
                STAYS,
                aps_core::belief::evidence::EvidenceKind::Floor,
                0.5,
                60.0,
            );
            core.mind_mut().set_relationship(
                DUCKS_LATE,
                Some(aps_core::brain::threat::Relationship::Feared),
            );
        }
        core.run(input, &mut self.space).to_vec()
    }
}

/// The tick of the save: the first one chases run this far.
const SAVE_AT: u32 = 200;

fn chased_to_the_save() -> (PerceptionCore, Scene) {
    let (mut core, _) = PerceptionCore::new(Profile::default());
    let mut scene = Scene::new();
    for i in 0..SAVE_AT {
        scene.tick(&mut core, i);
    }
    (core, scene)
}

fn state(core: &PerceptionCore, t: TargetId) -> Option<BeliefState> {
    core.mind().belief(t).map(|b| b.state)
}

/// The save as a game would store it: JSON text, read back.
fn through_json(save: &CoreSave) -> Value {
    let text = serde_json::to_string(save).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn restored(value: &Value, names: &mut Names) -> (PerceptionCore, Vec<LoadIssue>, usize) {
    let mut issues = Vec::new();
    let saved: CoreSave = load_lenient(value, &mut issues);
    let (mut core, _) = PerceptionCore::new(Profile::default());
    let lost = core.restore(
        &saved,
        names,
        MissingTargets::AsPlace,
        f64::from(SAVE_AT) * 0.1 - 0.1,
        &mut issues,
    );
    (core, issues, lost)
}

#[test]
fn the_scene_is_mid_chase_at_the_save() {
    let (core, _) = chased_to_the_save();
    assert_eq!(state(&core, STAYS), Some(BeliefState::Tracked));
    assert_eq!(state(&core, DUCKS_LATE), Some(BeliefState::Lost));
    assert_eq!(state(&core, DUCKS_EARLY), Some(BeliefState::Remembered));
    let m = core.mind();
    assert!(
        m.beliefs().any(|b| b.kind == TargetKind::Place),
        "a place belief"
    );
    assert!(m.belief(REPORTED).is_some(), "the squad's report");
    assert!(
        m.emotions()
            .get(aps_core::brain::emotion::Emotion::Alertness)
            > 0.0
    );
    assert!(m.memory().last(DUCKS_EARLY).is_some(), "an episode");
    assert!(m.player_models().get(DUCKS_EARLY).is_some());
    assert_eq!(m.attention_target(), Some(STAYS));
}

#[test]
fn every_field_survives_a_save_and_a_load() {
    let (core, mut scene) = chased_to_the_save();
    let now = f64::from(SAVE_AT) * 0.1 - 0.1;
    let saved = core.save(&scene.names, now);
    let (back, issues, lost) = restored(&through_json(&saved), &mut scene.names);
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(lost, 0);
    assert_eq!(back.save(&scene.names, now), saved, "every field, as saved");
    let b = saved
        .mind
        .beliefs
        .iter()
        .find(|b| b.target == "runner 2")
        .unwrap();
    assert!(b.loss_reason != aps_core::LossReason::None);
    assert!(b.last_sensed_at.is_some());
    assert!(saved.mind.places.len() == 1 && saved.mind.places[0].tag == "gunshot");
    assert_eq!(saved.mind.evidence.len(), 1);
    assert_eq!(saved.mind.relationships.len(), 1);
    assert!(saved.mind.brain.attention_held > 0.0);
}

#[test]
fn the_restored_ai_runs_on_exactly_as_the_uninterrupted_one() {
    let (mut original, mut scene_a) = chased_to_the_save();
    let now = f64::from(SAVE_AT) * 0.1 - 0.1;
    let saved = original.save(&scene_a.names, now);
    let (mut copy, _, _) = restored(&through_json(&saved), &mut scene_a.names);
    let mut scene_b = chased_to_the_save().1;
    let mut changes = 0;
    for i in SAVE_AT..SAVE_AT + 300 {
        let a = scene_a.tick(&mut original, i);
        let b = scene_b.tick(&mut copy, i);
        assert_eq!(a, b, "tick {i}: the same events");
        let t = f64::from(i) * 0.1;
        assert_eq!(
            original.save(&scene_a.names, t),
            copy.save(&scene_b.names, t),
            "tick {i}: the same beliefs"
        );
        changes += a
            .iter()
            .filter(|e| matches!(e, Event::StateChanged(_)))
            .count();
    }
    assert!(changes >= 3, "the run goes on changing: {changes}");
}

#[test]
fn a_restore_reports_no_state_changes() {
    let (core, mut scene) = chased_to_the_save();
    let saved = core.save(&scene.names, 19.9);
    let (back, _, _) = restored(&through_json(&saved), &mut scene.names);
    assert!(back.mind().last_events().is_empty());
    assert!(back.timeline().iter().next().is_none());
}

#[test]
fn a_belief_in_a_target_that_is_gone_becomes_a_place_or_is_dropped() {
    let (core, mut scene) = chased_to_the_save();
    let saved = core.save(&scene.names, 19.9);
    let lkp = core.mind().belief(DUCKS_LATE).unwrap().last_known_position;
    scene.names.gone.push(DUCKS_LATE);
    let (back, issues, lost) = restored(&through_json(&saved), &mut scene.names);
    assert!(issues.is_empty(), "not a problem: {issues:?}");
    assert_eq!(lost, 1);
    assert!(back.mind().belief(DUCKS_LATE).is_none());
    let tag = scene.names.tag_of(aps_core::save::MISSING_TARGET_TAG);
    let place = back
        .mind()
        .places()
        .iter()
        .find(|p| p.tag == tag)
        .expect("a place where it was last known");
    assert!(place.location.distance(lkp) < 1e-6);
    let b = back.mind().belief(place.id).unwrap();
    assert_eq!(b.state, BeliefState::Lost);

    let mut issues = Vec::new();
    let data: CoreSave = load_lenient(&through_json(&saved), &mut issues);
    let (mut dropped, _) = PerceptionCore::new(Profile::default());
    dropped.restore(
        &data,
        &mut scene.names,
        MissingTargets::Drop,
        19.9,
        &mut issues,
    );
    assert!(dropped.mind().belief(DUCKS_LATE).is_none());
    assert!(!dropped.mind().places().iter().any(|p| p.tag == tag));
    assert!(dropped.mind().player_models().get(DUCKS_LATE).is_none());
}

/// The saved data of the chase, with `damage` done to it; loaded into a fresh core.
fn damaged(damage: impl FnOnce(&mut Value)) -> (PerceptionCore, Vec<LoadIssue>) {
    let (core, mut scene) = chased_to_the_save();
    let mut value = through_json(&core.save(&scene.names, 19.9));
    damage(&mut value);
    let (back, issues, _) = restored(&value, &mut scene.names);
    (back, issues)
}

fn belief_field<'a>(v: &'a mut Value, target: &str) -> &'a mut serde_json::Map<String, Value> {
    v["mind"]["beliefs"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|b| b["target"] == target)
        .unwrap()
        .as_object_mut()
        .unwrap()
}

#[test]
fn a_missing_field_is_one_issue_and_the_rest_loads() {
    let (back, issues) = damaged(|v| {
        belief_field(v, "runner 1").remove("confidence");
    });
    assert_eq!(issues.len(), 1, "{issues:?}");
    assert!(issues[0].field.ends_with(".confidence"), "{issues:?}");
    assert!(issues[0].problem.contains("missing"));
    let b = back.mind().belief(STAYS).unwrap();
    assert_eq!(b.confidence, 0.0);
    assert_eq!(
        b.state,
        BeliefState::Tracked,
        "the rest of the belief loads"
    );
    assert_eq!(
        back.mind().belief(DUCKS_LATE).map(|b| b.state),
        Some(BeliefState::Lost)
    );
}

#[test]
fn a_wrong_type_is_one_issue_and_the_rest_loads() {
    let (back, issues) = damaged(|v| {
        belief_field(v, "runner 2").insert("state".into(), Value::from(17));
        belief_field(v, "runner 1").insert("last_known_position".into(), Value::from("here"));
    });
    assert_eq!(issues.len(), 2, "{issues:?}");
    assert!(issues.iter().any(|i| i.field.ends_with(".state")));
    assert!(issues
        .iter()
        .any(|i| i.field.ends_with(".last_known_position")));
    assert_eq!(
        back.mind().belief(DUCKS_LATE).unwrap().state,
        BeliefState::Undetected
    );
    assert_eq!(
        back.mind().belief(STAYS).unwrap().last_known_position,
        Vec3::ZERO
    );
    assert_eq!(
        back.mind().belief(STAYS).unwrap().state,
        BeliefState::Tracked
    );
}

#[test]
fn not_a_number_and_out_of_range_are_repaired_never_loaded() {
    let (back, issues) = damaged(|v| {
        // A game's NaN reaches the data as text; a huge number overflows 32 bits.
        belief_field(v, "runner 1").insert("fused".into(), Value::from("nan"));
        belief_field(v, "runner 1").insert("damage_received".into(), Value::from(1e300));
        belief_field(v, "runner 2").insert("confidence".into(), Value::from(3.5));
        v["mind"]["brain"]["emotions"]["fear"] = Value::from(-2.0);
    });
    assert_eq!(issues.len(), 4, "{issues:?}");
    let b = back.mind().belief(STAYS).unwrap();
    assert_eq!(b.fused, 0.0);
    assert_eq!(b.damage_received, 0.0);
    assert_eq!(back.mind().belief(DUCKS_LATE).unwrap().confidence, 1.0);
    assert_eq!(
        back.mind()
            .emotions()
            .get(aps_core::brain::emotion::Emotion::Fear),
        0.0
    );
    for b in back.mind().beliefs() {
        assert!(b.confidence.is_finite() && (0.0..=1.0).contains(&b.confidence));
        assert!(b.last_known_position.is_finite());
    }
}

#[test]
fn an_unknown_field_and_an_unknown_version_are_one_issue_each() {
    let mut issues = Vec::new();
    let newer = serde_json::json!({"version": FORMAT_VERSION + 1});
    check_version(&newer, &mut issues);
    assert_eq!(issues.len(), 1, "{issues:?}");
    assert!(issues[0].field == "version" && issues[0].problem.contains("newer"));
    issues.clear();
    check_version(&serde_json::json!({}), &mut issues);
    assert!(issues[0].problem.contains("missing"), "{issues:?}");
    issues.clear();
    check_version(&serde_json::json!({"version": "one"}), &mut issues);
    assert_eq!(issues.len(), 1);
    issues.clear();
    check_version(&serde_json::json!({"version": FORMAT_VERSION}), &mut issues);
    assert!(issues.is_empty());

    let (back, issues) = damaged(|v| {
        v["mind"]["brain"]["hunger"] = Value::from(0.5);
    });
    assert_eq!(issues.len(), 1, "{issues:?}");
    assert!(issues[0].field == "mind.brain.hunger" && issues[0].problem.contains("not known"));
    assert_eq!(back.mind().attention_target(), Some(STAYS));
}

#[test]
fn data_that_is_not_a_save_at_all_loads_nothing_and_says_so() {
    let mut issues = Vec::new();
    let saved: CoreSave = load_lenient(&Value::from("hello"), &mut issues);
    assert_eq!(saved, CoreSave::default());
    assert!(!issues.is_empty());
}

#[test]
fn a_newer_value_in_every_belief_is_one_issue_per_belief_naming_its_index() {
    let (core, _) = chased_to_the_save();
    let names = Names::default();
    let mut value = through_json(&core.save(&names, 19.9));
    let one = value["mind"]["beliefs"][0].clone();
    let mut many = Vec::new();
    for i in 0..300 {
        let mut b = one.clone();
        b["target"] = Value::from(format!("runner {}", 1000 + i));
        b["loss_reason"] = Value::from("smoke");
        many.push(b);
    }
    many.push(Value::from(7));
    value["mind"]["beliefs"] = Value::Array(many);
    let mut issues = Vec::new();
    let saved: CoreSave = load_lenient(&value, &mut issues);
    assert_eq!(issues.len(), 301, "{:?}", &issues[..3]);
    assert_eq!(issues[0].field, "mind.beliefs[0].loss_reason");
    assert_eq!(issues[299].field, "mind.beliefs[299].loss_reason");
    assert!(
        issues[300].field == "mind.beliefs[300]"
            && issues[300].problem.contains("not a Dictionary")
    );
    assert_eq!(saved.mind.beliefs.len(), 300);
    assert!(saved
        .mind
        .beliefs
        .iter()
        .all(|b| b.loss_reason == aps_core::LossReason::None));
    assert_eq!(saved.mind.beliefs[5].target, "runner 1005");
}

#[test]
fn counts_at_their_maximum_never_overflow_and_places_stay_below_the_place_bit() {
    let (core, mut scene) = chased_to_the_save();
    let mut saved = core.save(&scene.names, 19.9);
    for b in &mut saved.mind.beliefs {
        b.detections = u32::MAX;
        b.state = BeliefState::Undetected;
    }
    saved.mind.detections = u64::MAX;
    saved.mind.next_place = u64::MAX;
    for m in &mut saved.mind.player_models {
        m.encounters = u32::MAX;
        m.losses = u32::MAX;
        m.hides = u32::MAX;
    }
    let (mut back, _, _) = restored(&through_json(&saved), &mut scene.names);
    for i in SAVE_AT..SAVE_AT + 50 {
        scene.tick(&mut back, i);
    }
    assert_eq!(back.mind().detections(), u64::MAX);
    let a = back
        .mind_mut()
        .place_for(5, Vec3::new(50.0, 0.0, 50.0), 1.0);
    let b = back
        .mind_mut()
        .place_for(5, Vec3::new(-50.0, 0.0, 50.0), 1.0);
    assert!(aps_core::belief::places::is_place(a) && aps_core::belief::places::is_place(b));
}

#[test]
fn what_an_out_of_range_loss_meant_is_saved_and_a_damaged_one_is_dropped() {
    use aps_core::belief::loss::LossDetail;
    use aps_core::{LossReason, Observations, Sense};
    let (mut core, _) = PerceptionCore::new(Profile::default());
    let eye = Pose {
        position: Vec3::ZERO,
        forward: Vec3::NEG_Z,
    };
    let vision = Sense::Vision.id();
    let mut obs = Observations::new();
    for i in 0..30 {
        obs.clear();
        let r = if i < 20 {
            SenseReading::new(vision, 0.9)
        } else {
            SenseReading::out_of_range(vision, LossDetail::OutsideCone)
        };
        obs.add(STAYS, 0.0, &[r]);
        core.mind_mut().tick(0.1, eye, &obs);
    }
    let b = core.mind().belief(STAYS).unwrap();
    assert_eq!(
        (b.state, b.loss_reason, b.loss_detail),
        (
            BeliefState::Lost,
            LossReason::OutOfRange,
            LossDetail::OutsideCone
        )
    );
    let mut names = Names::default();
    let saved = core.save(&names, f64::from(SAVE_AT) * 0.1 - 0.1);
    let mut value = through_json(&saved);
    let (back, issues, _) = restored(&value, &mut names);
    assert!(issues.is_empty(), "{issues:?}");
    let b = back.mind().belief(STAYS).unwrap();
    assert_eq!(b.loss_detail, LossDetail::OutsideCone);
    // A detail beside any other reason means nothing: it is dropped.
    value["mind"]["beliefs"][0]["loss_reason"] = "occluded".into();
    let (back, _, _) = restored(&value, &mut names);
    let b = back.mind().belief(STAYS).unwrap();
    assert_eq!(
        (b.loss_reason, b.loss_detail),
        (LossReason::Occluded, LossDetail::None)
    );
    // Older data, written before details, loads with none.
    value["mind"]["beliefs"][0]["loss_reason"] = "out_of_range".into();
    value["mind"]["beliefs"][0]
        .as_object_mut()
        .unwrap()
        .remove("loss_detail");
    let (back, issues, _) = restored(&value, &mut names);
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(
        back.mind().belief(STAYS).unwrap().loss_detail,
        LossDetail::None
    );
}
