//! Sight through glass, foliage and smoke, sound through a thin wall: a sample
//! point behind an occluder counts as the fraction of sight that gets through it; hearing is
//! muffled by the occluder's sound transmission instead of the Wall Muffle Factor; with no
//! occluders every ray is cast as before.

use aps_core::gather::target::TargetSnapshot;
use aps_core::insight::notes::{Factor, Notes};
use aps_core::profile::{HearingSettings, Thresholds, VisionSettings};
use aps_core::senses::rays::{BodyId, BoxSpace};
use aps_core::senses::transmission::{Occluders, Transmission};
use aps_core::senses::{Hearing, SenseContext, Vision, WorldView};
use aps_core::world::stimulus::{Sound, SoundBuffer};
use aps_core::{LossReason, Pose, SenseReading, TargetId, Vec3};

const TARGET_BODY: BodyId = BodyId(100);
const PANE: BodyId = BodyId(1);
const WALL: BodyId = BodyId(2);

fn eye() -> Pose {
    Pose {
        position: Vec3::new(0.0, 1.6, 0.0),
        forward: Vec3::NEG_Z,
    }
}

/// A 1.8 m target standing at `feet`, and a pane 2 m high and 6 m wide across the view, 2 m
/// in front of it, if `pane` says what it lets through.
fn scene(feet: Vec3, pane: Option<Transmission>) -> (BoxSpace, Occluders, TargetSnapshot) {
    let mut space = BoxSpace::new();
    space.add(TARGET_BODY, feet + Vec3::Y * 0.9, Vec3::new(0.6, 1.8, 0.6));
    let mut occluders = Occluders::default();
    if let Some(t) = pane {
        space.add(
            PANE,
            Vec3::new(feet.x, 1.5, feet.z + 2.0),
            Vec3::new(6.0, 4.0, 0.1),
        );
        occluders.set(PANE, t);
    }
    let mut t = TargetSnapshot::standing(TargetId(1), feet, 1.8);
    t.body = Some(TARGET_BODY);
    (space, occluders, t)
}

fn look(feet: Vec3, pane: Option<Transmission>) -> (SenseReading, u32, u32) {
    let (mut space, occluders, t) = scene(feet, pane);
    let vision = Vision::new(VisionSettings::default());
    let mut ctx = SenseContext::new(eye(), &mut space);
    ctx.world = WorldView {
        occluders: Some(&occluders),
        ..WorldView::default()
    };
    let r = vision.look(&mut ctx, &t);
    (r, ctx.rays, ctx.occluder_hits)
}

#[test]
fn behind_glass_a_target_keeps_at_least_085_of_its_confidence_in_the_open() {
    let at = Vec3::new(0.0, 0.0, -10.0);
    let (open, open_rays, _) = look(at, None);
    let (glass, rays, through) = look(at, Some(Transmission::GLASS));
    assert!(open.confidence > 0.0);
    assert!(
        glass.confidence >= 0.85 * open.confidence,
        "{} vs {}",
        glass.confidence,
        open.confidence
    );
    assert!(
        (glass.confidence / open.confidence - 0.9).abs() < 1e-4,
        "the glass's factor, no more"
    );
    assert_eq!(
        (open_rays, rays, through),
        (3, 6, 3),
        "each ray cast on once through the pane"
    );
}

#[test]
fn behind_foliage_about_half_the_exposure() {
    let at = Vec3::new(0.0, 0.0, -10.0);
    let (open, _, _) = look(at, None);
    let (hedge, _, _) = look(at, Some(Transmission::FOLIAGE));
    assert!(
        (hedge.confidence / open.confidence - 0.5).abs() < 1e-4,
        "{} vs {}",
        hedge.confidence,
        open.confidence
    );
}

#[test]
fn behind_smoke_it_stays_below_suspected_where_it_would_be_detected_in_the_open() {
    let thresholds = Thresholds::default();
    let at = Vec3::new(0.0, 0.0, -25.0);
    let (open, _, _) = look(at, None);
    let (smoke, _, _) = look(at, Some(Transmission::SMOKE));
    assert!(
        open.confidence >= thresholds.detect_threshold,
        "{} in the open",
        open.confidence
    );
    assert!(
        smoke.confidence < thresholds.suspect_threshold,
        "{} behind smoke",
        smoke.confidence
    );
}

#[test]
fn an_opaque_occluder_or_a_plain_wall_hides_as_before() {
    let at = Vec3::new(0.0, 0.0, -10.0);
    let (r, rays, through) = look(at, Some(Transmission::THIN_WALL));
    assert_eq!(r.cue, LossReason::Occluded);
    assert_eq!((rays, through), (3, 0));
    let (mut space, occluders, t) = scene(at, None);
    space.add(WALL, Vec3::new(0.0, 1.5, -8.0), Vec3::new(6.0, 4.0, 0.3));
    let vision = Vision::new(VisionSettings::default());
    let mut ctx = SenseContext::new(eye(), &mut space);
    ctx.world.occluders = Some(&occluders);
    assert_eq!(vision.look(&mut ctx, &t).cue, LossReason::Occluded);
    assert_eq!(ctx.rays, 3);
}

#[test]
fn the_explanation_names_the_occluder() {
    // Smoke so thick that what comes through is too little to see: lost as Occluded.
    let at = Vec3::new(0.0, 0.0, -12.0);
    let (mut space, occluders, t) = scene(at, Some(Transmission::new(0.02, 1.0)));
    let vision = Vision::new(VisionSettings::default());
    let mut notes = Notes::new();
    notes.set_on(true);
    notes.about(TargetId(1), aps_core::Sense::Vision.id());
    let mut ctx = SenseContext::new(eye(), &mut space);
    ctx.world.occluders = Some(&occluders);
    ctx.notes = Some(&mut notes);
    let r = vision.look(&mut ctx, &t);
    assert_eq!(r.cue, LossReason::Occluded);
    let through: Vec<_> = notes.rays().iter().filter_map(|r| r.through).collect();
    assert_eq!(through, vec![PANE, PANE, PANE]);
    let transmission = notes
        .factors()
        .iter()
        .find(|f| f.factor == Factor::Transmission)
        .map(|f| f.value);
    assert_eq!(transmission, Some(0.02));
}

fn heard(pane: Option<Transmission>, wall: bool) -> f32 {
    let source = Vec3::new(0.0, 0.0, 10.0);
    let mut space = BoxSpace::new();
    let mut occluders = Occluders::default();
    if let Some(t) = pane {
        space.add(PANE, Vec3::new(0.0, 1.5, 5.0), Vec3::new(6.0, 4.0, 0.1));
        occluders.set(PANE, t);
    }
    if wall {
        space.add(WALL, Vec3::new(0.0, 1.5, 5.0), Vec3::new(6.0, 4.0, 0.3));
    }
    let mut sounds = SoundBuffer::default();
    sounds.push(Sound {
        location: source,
        loudness: 1.0,
        max_range: 40.0,
        tag: 0,
        instigator: None,
        time: 0.0,
        max_tier: 4,
    });
    let hearing = Hearing::new(HearingSettings::default());
    let mut ctx = SenseContext::new(eye(), &mut space);
    ctx.world = WorldView {
        now: 0.05,
        sounds: Some(&sounds),
        occluders: Some(&occluders),
        ..WorldView::default()
    };
    let sound = sounds.all()[0];
    hearing.hear(&mut ctx, &sound, None).map_or(0.0, |h| h.0)
}

#[test]
fn hearing_is_muffled_by_each_occluders_sound_transmission() {
    let open = heard(None, false);
    let wall = heard(None, true);
    let muffle = HearingSettings::default().wall_muffle_factor;
    assert!(
        (wall / open - muffle).abs() < 1e-4,
        "a plain wall: the Wall Muffle Factor"
    );
    let thin = heard(Some(Transmission::THIN_WALL), false);
    assert!(
        (thin / open - 0.4).abs() < 1e-4,
        "a thin wall: its 0.4, {thin} vs {open}"
    );
    let glass = heard(Some(Transmission::GLASS), false);
    assert!((glass / open - 0.3).abs() < 1e-4, "glass: 0.3");
    let smoke = heard(Some(Transmission::SMOKE), false);
    assert!((smoke - open).abs() < 1e-6, "smoke lets sound through");
}
