//! Which targets a pass considers (spec section 13, "Who it can perceive"): every perceivable
//! target within the gather range, plus the ones that stay on the list wherever they stand.
//!
//! Held wherever they stand:
//! - targets the AI already believes in, so memory fades smoothly instead of freezing;
//! - something that just hit or touched the AI (a shot from out of range is always believed);
//! - targets squad mates shared (spec section 10, squad sharing).
//!
//! "Just" is one rule for both uses, holding and crowd priority: a hit counts while the damage
//! sense still perceives its instigator (the damage Hold Time), a touch while the touch sense
//! still feels it (the Contact Hold Time). Beyond that no sense would report it, so holding or
//! preferring it would only spend a look.

use crate::mind::Mind;
use crate::profile::Profile;
use crate::senses::contract::WorldView;
use crate::senses::rays::BodyId;
use crate::{SenseReading, TargetId, TargetKind};
use glam::Vec3;

/// Seconds after a hit during which its instigator "just hit" the AI.
#[must_use]
pub fn hit_window(profile: &Profile) -> f64 {
    f64::from(profile.damage.hold_time.max(0.0))
}

/// Seconds after a reported contact during which the other "just touched" the AI.
#[must_use]
pub fn touch_window(profile: &Profile) -> f64 {
    f64::from(profile.touch.contact_hold_time.max(0.0))
}

/// Calls `each` with every target that just hit or touched the AI whose bodies are `own`, at
/// world time `world.now` (a target may come more than once).
pub fn hitters(
    world: &WorldView,
    own: &[BodyId],
    profile: &Profile,
    mut each: impl FnMut(TargetId),
) {
    let now = world.now;
    let (hit, touch) = (hit_window(profile), touch_window(profile));
    if let Some(damages) = world.damages {
        for d in damages.all() {
            if let Some(t) = d.instigator {
                if now - d.time <= hit && own.contains(&d.victim) {
                    each(t);
                }
            }
        }
    }
    if let Some(touches) = world.touches {
        for t in touches.all() {
            if now - t.time <= touch && own.contains(&t.body) {
                each(t.other);
            }
        }
    }
}

/// Whether `target` just hit or touched the AI whose bodies are `own`.
#[must_use]
pub fn just_hit_or_touched(
    target: TargetId,
    world: &WorldView,
    own: &[BodyId],
    profile: &Profile,
) -> bool {
    let mut found = false;
    hitters(world, own, profile, |t| found |= t == target);
    found
}

/// The targets that stay candidates wherever they stand, into `out` (cleared first): every
/// actor `mind` believes in (places are not bodies: they need no gathering), whoever just hit or
/// touched it, and every target in `shared` (its squad mates' readings).
pub fn held_targets(
    mind: &Mind,
    world: &WorldView,
    own: &[BodyId],
    shared: &[(TargetId, SenseReading)],
    out: &mut Vec<TargetId>,
) {
    out.clear();
    out.extend(
        mind.beliefs()
            .filter(|b| b.kind == TargetKind::Actor)
            .map(|b| b.target),
    );
    hitters(world, own, mind.profile(), |t| out.push(t));
    out.extend(shared.iter().map(|(t, _)| *t));
}

/// How far from the eyes to gather: the senses' `reach` plus the distance from the eyes down to
/// the body, since touch and vibration measure their reach from the body.
#[must_use]
pub fn gather_radius(reach: f32, eye: Vec3, body: Vec3) -> f32 {
    reach + eye.distance(body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::stimulus::{Damage, Ring, Touch};

    const ME: BodyId = BodyId(7);

    fn world<'a>(now: f64, damages: &'a Ring<Damage>, touches: &'a Ring<Touch>) -> WorldView<'a> {
        WorldView {
            now,
            damages: Some(damages),
            touches: Some(touches),
            ..WorldView::default()
        }
    }

    #[test]
    fn a_hit_counts_for_the_damage_hold_time_and_a_touch_for_the_contact_hold_time() {
        let p = Profile::default();
        assert_eq!(hit_window(&p), f64::from(p.damage.hold_time));
        assert_eq!(touch_window(&p), f64::from(p.touch.contact_hold_time));
        let mut damages = Ring::new(8);
        damages.push(Damage {
            victim: ME,
            instigator: Some(TargetId(1)),
            amount: 10.0,
            location: Vec3::ZERO,
            time: 10.0,
        });
        let mut touches = Ring::new(8);
        touches.push(Touch {
            body: ME,
            other: TargetId(2),
            time: 10.0,
        });
        let hold = hit_window(&p);
        let contact = touch_window(&p);
        let at = |now: f64| world(now, &damages, &touches);
        let own = [ME];
        assert!(just_hit_or_touched(TargetId(1), &at(10.0 + hold), &own, &p));
        assert!(!just_hit_or_touched(
            TargetId(1),
            &at(10.0 + hold + 0.01),
            &own,
            &p
        ));
        assert!(just_hit_or_touched(
            TargetId(2),
            &at(10.0 + contact),
            &own,
            &p
        ));
        assert!(!just_hit_or_touched(
            TargetId(2),
            &at(10.0 + contact + 0.01),
            &own,
            &p
        ));
        assert!(
            !just_hit_or_touched(TargetId(1), &at(10.0), &[BodyId(8)], &p),
            "a hit on someone else's body is theirs"
        );
    }

    #[test]
    fn believed_hitting_and_shared_targets_are_held() {
        let p = Profile::default();
        let (mut mind, _) = Mind::new(p.clone());
        mind.set_target_confidence(TargetId(5), 0.5);
        mind.report_place(1, Vec3::ONE, 0.5, 1.0);
        let mut damages = Ring::new(8);
        damages.push(Damage {
            victim: ME,
            instigator: Some(TargetId(6)),
            amount: 1.0,
            location: Vec3::ZERO,
            time: 1.0,
        });
        let touches = Ring::new(8);
        let shared = [(
            TargetId(9),
            SenseReading::new(crate::brain::squad::SQUAD_SENSE, 0.3),
        )];
        let mut held = Vec::new();
        held_targets(
            &mind,
            &world(1.0, &damages, &touches),
            &[ME],
            &shared,
            &mut held,
        );
        assert_eq!(
            held,
            [TargetId(5), TargetId(6), TargetId(9)],
            "the place is not held"
        );
    }

    #[test]
    fn the_gather_radius_reaches_from_the_eyes_past_the_body() {
        let eye = Vec3::new(0.0, 1.6, 0.0);
        assert!((gather_radius(40.0, eye, Vec3::ZERO) - 41.6).abs() < 1e-6);
    }
}
