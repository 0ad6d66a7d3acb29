//! The six senses beyond vision and hearing: their confidence models (spec section 1) and what
//! they fire, each against a world of boxes.

use aps_core::events::Event;
use aps_core::gather::target::TargetSnapshot;
use aps_core::profile::{
    DamageSettings, EcholocationSettings, PainSettings, SmellSettings, TouchSettings,
    VibrationSettings, VisionSettings,
};
use aps_core::senses::rays::{BodyId, BoxSpace};
use aps_core::senses::{
    DamageSense, Echolocation, Pain, SenseContext, SenseUnit, Smell, TouchSense, Vibration, Vision,
    WorldView,
};
use aps_core::world::conditions::WorldConditions;
use aps_core::world::scent::ScentField;
use aps_core::world::stimulus::{Damage, Ring, Touch};
use aps_core::Pose;
use aps_core::{LossReason, TargetId, Vec3};

const ME: BodyId = BodyId(7);
const T: TargetId = TargetId(1);

fn eye() -> Pose {
    Pose {
        position: Vec3::new(0.0, 1.0, 0.0),
        forward: Vec3::NEG_Z,
    }
}

fn ctx<'a>(space: &'a mut BoxSpace, world: WorldView<'a>) -> SenseContext<'a> {
    let mut c = SenseContext::new(eye(), space);
    c.body = Vec3::ZERO;
    c.exclude = &[ME];
    c.world = world;
    // The previous tick was a tick ago.
    c.since = c.world.now - f64::from(c.dt);
    c
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 1e-4
}

fn on() -> SmellSettings {
    SmellSettings {
        enabled: true,
        ..SmellSettings::default()
    }
}

#[test]
fn smell_follows_the_freshest_strongest_point_of_the_trail() {
    let mut field = ScentField::default(); // lifetime 60 s
                                           // The target walked from 3 m to 20 m along -Z over 17 s, leaving a point each second.
    for i in 0..18 {
        let at = Vec3::new(0.0, 1.0, -(3.0 + i as f32));
        field.deposit(T, at, 1.0, f64::from(i));
    }
    let now = 17.0;
    let world = WorldView {
        now,
        scents: Some(&field),
        ..WorldView::default()
    };
    let mut space = BoxSpace::new();
    let mut c = ctx(&mut space, world);
    let mut smell = Smell::new(on()); // range 12 m
    let target = TargetSnapshot::at(T, Vec3::new(0.0, 1.0, -20.0)); // out of range itself
    let r = smell.evaluate(&mut c, &target).expect("smells the trail");
    // Best point: strength (1 − age/60) × (1 − d/12); the 3 m point (age 17) scores
    // 0.717 × 0.75 = 0.537, fresher points further away score less.
    assert!(
        close(r.confidence, (1.0 - 17.0 / 60.0) * (1.0 - 3.0 / 12.0)),
        "{}",
        r.confidence
    );
    assert!(r.precision < 0.5, "a scent is vague");
    assert_eq!(r.position, Vec3::new(0.0, 1.0, -3.0));
    assert_eq!(r.heading, Vec3::NEG_Z, "the trail leads on from there");
}

#[test]
fn wind_carries_scent_downwind_and_rain_masks_it() {
    let smell = Smell::new(on());
    let nose = Vec3::ZERO;
    let from = Vec3::new(0.0, 0.0, -10.0);
    // Wind of 5 m/s blowing from the scent to the nose: range × (1 + 0.1 × 5) = 18 m.
    assert!(close(
        smell.range_towards(from, nose, Vec3::new(0.0, 0.0, 5.0)),
        18.0
    ));
    // Blowing the other way: × 0.5.
    assert!(close(
        smell.range_towards(from, nose, Vec3::new(0.0, 0.0, -5.0)),
        6.0
    ));
    let rain = WorldConditions {
        rain: 1.0,
        ..WorldConditions::default()
    };
    assert!(close(rain.rain_factor(on().rain_masking), 0.3));
}

#[test]
fn touch_feels_a_body_within_reach_and_reported_contact() {
    let mut space = BoxSpace::new();
    let mut touch = TouchSense::new(TouchSettings::default()); // reach 0.8 m
    let near = TargetSnapshot::at(T, Vec3::new(0.5, 0.0, 0.0));
    let far = TargetSnapshot::at(T, Vec3::new(3.0, 0.0, 0.0));
    {
        let mut c = ctx(&mut space, WorldView::default());
        let r = touch.evaluate(&mut c, &near).expect("contact");
        assert_eq!((r.confidence, r.precision), (1.0, 1.0));
        assert!(touch.evaluate(&mut c, &far).is_none());
    }
    let mut touches = Ring::new(8);
    touches.push(Touch {
        body: ME,
        other: T,
        time: 10.0,
    });
    let world = WorldView {
        now: 10.05,
        touches: Some(&touches),
        ..WorldView::default()
    };
    let mut c = ctx(&mut space, world);
    assert!(touch.evaluate(&mut c, &far).is_some(), "reported touch");
    assert_eq!(c.payload.as_slice(), &[Event::Touched { target: T }]);
}

#[test]
fn vibration_grows_with_speed_and_fades_with_distance_and_stillness() {
    let v = Vibration::new(VibrationSettings::default()); // 15 m, 0.5..6 m/s
    assert!(close(v.feel(6.0, 0.0), 1.0));
    assert!(close(v.feel(3.25, 7.5), 0.5 * 0.5));
    assert_eq!(v.feel(0.4, 1.0), 0.0, "below the minimum speed");
    assert_eq!(v.feel(6.0, 15.0), 0.0, "out of range");
    let mut space = BoxSpace::new();
    let mut c = ctx(&mut space, WorldView::default());
    let mut sense = Vibration::new(VibrationSettings {
        enabled: true,
        ..VibrationSettings::default()
    });
    let mut runner = TargetSnapshot::at(T, Vec3::new(0.0, 0.0, -5.0));
    runner.velocity = Vec3::new(4.0, 0.0, 0.0);
    assert!(sense.evaluate(&mut c, &runner).is_some());
    runner.grounded = false;
    assert!(
        sense.evaluate(&mut c, &runner).is_none(),
        "a jumping target"
    );
    runner.grounded = true;
    runner.velocity = Vec3::ZERO;
    assert!(
        sense.evaluate(&mut c, &runner).is_none(),
        "standing still: the signal is gone"
    );
}

#[test]
fn damage_believes_the_attacker_from_any_distance_and_fires_once() {
    let mut damages = Ring::new(8);
    damages.push(Damage {
        victim: ME,
        instigator: Some(T),
        amount: 30.0,
        location: Vec3::new(0.0, 0.0, -80.0),
        time: 5.0,
    });
    let mut sense = DamageSense::new(DamageSettings::default());
    let shooter = TargetSnapshot::at(T, Vec3::new(0.0, 0.0, -80.0));
    let mut space = BoxSpace::new();
    for (now, expect, events) in [(5.05, true, 1), (5.4, true, 0), (5.6, false, 0)] {
        let world = WorldView {
            now,
            damages: Some(&damages),
            ..WorldView::default()
        };
        let mut c = ctx(&mut space, world);
        sense.pre_tick(&mut c);
        let r = sense.evaluate(&mut c, &shooter);
        assert_eq!(r.is_some(), expect, "at {now}");
        if let Some(r) = r {
            assert_eq!(r.confidence, 1.0, "being shot is about 1.0");
            assert_eq!(r.position, shooter.position);
        }
        assert_eq!(
            c.payload.len(),
            events,
            "one damage event per hit, at {now}"
        );
    }
}

#[test]
fn pain_rises_with_damage_dulls_vision_into_sensor_dropout_and_fades() {
    let mut damages = Ring::new(8);
    damages.push(Damage {
        victim: ME,
        instigator: None,
        amount: 100.0,
        location: Vec3::ZERO,
        time: 1.0,
    });
    let mut pain = Pain::new(PainSettings::default());
    let mut space = BoxSpace::new();
    let target = TargetSnapshot::standing(T, Vec3::new(0.0, 0.0, -8.0), 1.8);
    let world = WorldView {
        now: 1.05,
        damages: Some(&damages),
        ..WorldView::default()
    };
    let mut c = ctx(&mut space, world);
    pain.pre_tick(&mut c);
    assert!(close(pain.level(), 1.0), "100 damage × 0.01 is full pain");
    assert_eq!(c.payload.as_slice(), &[Event::PainChanged { level: 1.0 }]);
    assert_eq!(c.dulling, 0.0, "blinded by pain at full pain");
    let r = Vision::new(VisionSettings::default()).look(&mut c, &target);
    assert_eq!((r.confidence, r.cue), (0.0, LossReason::SensorDropout));
    // Ten seconds later it has faded by 0.05/s.
    let world = WorldView {
        now: 11.05,
        damages: Some(&damages),
        ..WorldView::default()
    };
    let mut c = ctx(&mut space, world);
    c.dt = 10.0;
    pain.pre_tick(&mut c);
    assert!(close(pain.level(), 0.5));
    assert!(close(c.dulling, 0.5));
}

#[test]
fn echolocation_pulses_holds_between_pulses_and_loses_a_target_the_pulse_misses() {
    let mut space = BoxSpace::new();
    space.add(
        BodyId(50),
        Vec3::new(0.0, 0.9, -10.0),
        Vec3::new(0.6, 1.8, 0.6),
    );
    let mut bat = Echolocation::new(EcholocationSettings {
        enabled: true,
        ..EcholocationSettings::default()
    });
    let mut target = TargetSnapshot::standing(T, Vec3::new(0.0, 0.0, -10.0), 1.8);
    target.body = Some(BodyId(50));
    target.light_level = 0.0; // pitch dark: echoes don't care
    let mut heard = Vec::new();
    for tick in 0..6 {
        if tick == 3 {
            // A wall goes up between the pulses.
            space.add(
                BodyId(60),
                Vec3::new(0.0, 1.0, -5.0),
                Vec3::new(4.0, 3.0, 0.3),
            );
        }
        let mut c = ctx(&mut space, WorldView::default());
        bat.pre_tick(&mut c);
        let r = bat.evaluate(&mut c, &target).unwrap();
        heard.push((r.confidence, r.cue, c.rays));
    }
    // Pulses at ticks 0 and 5 (0.5 s at 0.1 s ticks); the first echo holds through tick 4.
    let strength = 0.9 * (1.0 - 10.0_f32.hypot(0.08) / 20.0);
    assert!((heard[0].0 - strength).abs() < 0.01, "{:?}", heard[0]);
    for h in &heard[1..5] {
        assert_eq!(h.0, heard[0].0, "held between pulses");
        assert_eq!(h.2, 0, "no ray between pulses");
    }
    assert_eq!(
        (heard[5].0, heard[5].1),
        (0.0, LossReason::Occluded),
        "the pulse missed"
    );
}
