//! Choosing whom to look at (spec section 13, "what happens in a crowd"). A pass considers a
//! bounded number of candidates whatever the crowd, [`look_budget`] of them:
//!
//! - every held target (believed in, just hit or touched the AI, shared by squad mates) is
//!   looked at, so beliefs fade or hold by what the senses report;
//! - then newcomers by the priorities of [`priority`](crate::crowd::priority): a stranger not
//!   looked at yet before an ally, and an ally before one of a side the AI does not perceive
//!   ([`sides`](crate::brain::sides)); among strangers a character before a plain object; the
//!   most salient first ([`salience`](crate::crowd::salience): near, near the centre of the
//!   gaze, and moving), skipping those benched after a look that
//!   found nothing (or found them but gave them no belief slot), and those no sense could sense
//!   from here at all (out of every range and cone: the cull before any look or ray). At least
//!   [`ROTATION_LOOKS`] newcomers each pass, so a crowd rotates through even a full ledger.
//!
//! Newcomers are chosen from positions that may be a grid rebuild old, before anything is read
//! from the engine: only the chosen cost a look. A player in plain view among two hundred
//! bystanders, or among ten thousand perceivable things, is then looked at in the first pass
//! or two, and kept.
//!
//! The file stays whole: it holds one choice, a single pass over the candidates with the
//! ranking it inlines, and most of its length is that choice's tests.

use crate::crowd::grid::STALE_MARGIN;
use crate::crowd::priority::LookBook;
use crate::crowd::salience::{movement_pull, seeming_distance};
use crate::mind::Mind;
use crate::senses::contract::{Probe, WorldView};
use crate::senses::suite::SenseSuite;
use crate::{Pose, TargetId};
use glam::Vec3;

/// Newcomers looked at each pass at least, whatever the ledger holds.
pub const ROTATION_LOOKS: usize = 4;

/// How many candidates a pass looks at: the ledger's worth, plus a quarter of it (at least
/// [`ROTATION_LOOKS`]) for newcomers.
#[must_use]
pub fn look_budget(slots: usize) -> usize {
    slots + rotation_looks(slots)
}

fn rotation_looks(slots: usize) -> usize {
    (slots / 4).max(ROTATION_LOOKS)
}

/// A target in reach as the world last placed it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Nearby {
    pub id: TargetId,
    /// Where it was, up to a grid rebuild ago.
    pub position: Vec3,
    /// Its team, if the world knows it (from its last look).
    pub team: Option<i32>,
    /// A character (a body that moves by itself), not a plain object: looked at first.
    pub character: bool,
    /// How fast it was last seen to move, m/s (0 when not known): a moving one draws the eye.
    pub speed: f32,
}

/// Where the AI looks from and what it perceives with, for choosing.
#[derive(Clone, Copy)]
pub struct Chooser<'a> {
    pub mind: &'a Mind,
    pub senses: &'a SenseSuite,
    pub world: &'a WorldView<'a>,
    pub eye: Pose,
    pub body: Vec3,
}

/// The selection's memory (who is benched) and its scratch.
#[derive(Debug, Clone, Default)]
pub struct CandidateSelection {
    pub(crate) looks: LookBook,
    /// The newcomers looked at this pass (benched after the tick unless they made it).
    new_looks: Vec<TargetId>,
    /// There were more candidates than the budget: benches count.
    pub(crate) crowded: bool,
    /// Candidates and slots of the last choice: the bench is sized by them.
    pub(crate) crowd: (usize, usize),
    /// The most salient newcomers so far (see [`salience`](crate::crowd::salience)):
    /// (seeming distance, id), characters, plain objects, allies and sides left out.
    characters: Vec<(f32, TargetId)>,
    objects: Vec<(f32, TargetId)>,
    allies: Vec<(f32, TargetId)>,
    left_out: Vec<(f32, TargetId)>,
}

/// Ranks newcomer `n` into `list`, the most salient `room` of its group so far, by seeming
/// distance, then id, so the choice does not depend on the order the candidates came in.
/// Cheap tests first: only a candidate that would make the list is asked whether the AI
/// `may_look` at it (not benched, and some sense could sense it). A candidate seems no nearer
/// than its distance over its movement's pull, so that alone passes over most of a crowd before
/// its angle is worked out.
#[inline]
fn rank(
    list: &mut Vec<(f32, TargetId)>,
    room: usize,
    n: &Nearby,
    eye: Pose,
    may_look: impl FnOnce() -> bool,
) {
    let full = list.len() >= room;
    if full
        && list.last().is_some_and(|worst| {
            let nearest = worst.0 * movement_pull(n.speed);
            n.position.distance_squared(eye.position) > nearest * nearest
        })
    {
        return;
    }
    let seems = seeming_distance(eye, n.position, n.speed);
    if full && list.last().is_some_and(|worst| (seems, n.id) >= *worst) {
        return;
    }
    if !may_look() {
        return;
    }
    let at = list.partition_point(|(d, id)| (*d, *id) < (seems, n.id));
    list.insert(at, (seems, n.id));
    list.truncate(room);
}

impl CandidateSelection {
    /// Chooses whom to look at this pass from the `held` targets and those `nearby`, into
    /// `out` (cleared first): every held one, then newcomers as the module doc says.
    pub fn choose(
        &mut self,
        nearby: &[Nearby],
        held: &[TargetId],
        by: Chooser,
        out: &mut Vec<TargetId>,
    ) {
        out.clear();
        for &t in held {
            if !out.contains(&t) {
                out.push(t);
            }
        }
        let slots = by.mind.ledger().capacity();
        let room = look_budget(slots)
            .saturating_sub(out.len())
            .max(rotation_looks(slots));
        // Who made the world's sounds, kept sorted by the world as sounds come and go.
        let sounding = by.world.sounds.map_or(&[][..], |s| s.sources());
        let probe = Probe {
            eye: by.eye,
            body: by.body,
            world: *by.world,
            sounding,
            margin: STALE_MARGIN,
        };
        let now = by.world.now;
        self.characters.clear();
        self.objects.clear();
        self.allies.clear();
        self.left_out.clear();
        let mut newcomers = 0;
        for n in nearby {
            if out.contains(&n.id) || !n.position.is_finite() {
                continue;
            }
            newcomers += 1;
            let ally = n.team.is_some_and(|team| {
                by.mind
                    .relationship_of(n.id, Some(team))
                    .is_some_and(crate::relationship::Relationship::is_ally)
            });
            // A side the AI does not perceive (known once a look told its team) comes last:
            // looked at only with room to spare, so that a team changed since is noticed.
            let left_out = n.team.is_some_and(|team| !by.mind.perceives(n.id, team));
            let list = if left_out {
                &mut self.left_out
            } else if ally {
                &mut self.allies
            } else if n.character {
                &mut self.characters
            } else {
                &mut self.objects
            };
            let may_look = || {
                !self.looks.is_benched(n.id, now) && by.senses.could_sense(&probe, n.id, n.position)
            };
            rank(list, room, n, by.eye, may_look);
        }
        self.new_looks.clear();
        let order = self
            .characters
            .iter()
            .chain(&self.objects)
            .chain(&self.allies)
            .chain(&self.left_out);
        for &(_, id) in order.take(room) {
            self.new_looks.push(id);
            out.push(id);
        }
        self.crowded = newcomers > room;
        self.crowd = (held.len() + newcomers, slots);
    }

    /// After the tick: in a crowd, a newcomer looked at that the AI did not come to believe in
    /// as sensed now sits out for a crowd-sized time, so the next looks go to others.
    pub fn settle(&mut self, mind: &Mind, now: f64) {
        if !self.crowded {
            self.new_looks.clear();
            return;
        }
        let (candidates, slots) = self.crowd;
        let bench = LookBook::bench_time(candidates, slots);
        for &id in &self.new_looks {
            let found = mind.belief(id).is_some_and(|b| b.was_sensed);
            self.looks.record(id, found, now, bench);
        }
        self.new_looks.clear();
    }

    /// Whether the last choice left candidates out.
    #[must_use]
    pub fn was_crowded(&self) -> bool {
        self.crowded
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Profile;

    fn eye() -> Pose {
        Pose {
            position: Vec3::ZERO,
            forward: Vec3::NEG_Z,
        }
    }

    fn chooser<'a>(
        mind: &'a Mind,
        senses: &'a SenseSuite,
        world: &'a WorldView<'a>,
    ) -> Chooser<'a> {
        Chooser {
            mind,
            senses,
            world,
            eye: eye(),
            body: Vec3::ZERO,
        }
    }

    /// `n` bystanders in front, spread from 2 m to 30 m away.
    fn crowd(n: u64) -> Vec<Nearby> {
        (0..n)
            .map(|i| Nearby {
                id: TargetId(100 + i),
                position: Vec3::new(
                    (i % 7) as f32 - 3.0,
                    0.0,
                    -2.0 - (i as f32 * 28.0 / n as f32),
                ),
                team: None,
                character: true,
                speed: 0.0,
            })
            .collect()
    }

    #[test]
    fn the_budget_is_a_ledger_and_a_quarter() {
        assert_eq!(look_budget(16), 20);
        assert_eq!(look_budget(4), 8, "at least four newcomers");
        assert_eq!(look_budget(64), 80);
    }

    #[test]
    fn within_the_budget_everyone_is_looked_at_and_nobody_is_benched() {
        let (mind, _) = Mind::new(Profile::default());
        let senses = SenseSuite::new(mind.profile());
        let world = WorldView::default();
        let mut sel = CandidateSelection::default();
        let mut out = Vec::new();
        sel.choose(&crowd(10), &[], chooser(&mind, &senses, &world), &mut out);
        assert_eq!(out.len(), 10);
        assert!(!sel.was_crowded());
        sel.settle(&mind, 0.0);
        sel.choose(&crowd(10), &[], chooser(&mind, &senses, &world), &mut out);
        assert_eq!(out.len(), 10, "no bench outside a crowd");
    }

    #[test]
    fn held_targets_are_always_looked_at_and_newcomers_go_most_salient_first() {
        let (mind, _) = Mind::new(Profile::default());
        let senses = SenseSuite::new(mind.profile());
        let world = WorldView::default();
        let mut sel = CandidateSelection::default();
        let mut out = Vec::new();
        let held: Vec<TargetId> = (0..16).map(TargetId).collect();
        let nearby = crowd(200);
        sel.choose(&nearby, &held, chooser(&mind, &senses, &world), &mut out);
        assert_eq!(&out[..16], &held[..]);
        assert_eq!(
            out.len(),
            16 + ROTATION_LOOKS,
            "a rotation's worth on top of a full ledger"
        );
        let nearest: Vec<TargetId> = {
            let mut n = nearby.clone();
            let seems = |p: Vec3| crate::crowd::salience::seeming_distance(eye(), p, 0.0);
            n.sort_by(|a, b| seems(a.position).total_cmp(&seems(b.position)));
            n.iter().take(ROTATION_LOOKS).map(|n| n.id).collect()
        };
        let mut got = out[16..].to_vec();
        got.sort_unstable();
        let mut want = nearest;
        want.sort_unstable();
        assert_eq!(got, want);
    }

    #[test]
    fn a_character_is_looked_at_before_nearer_plain_objects() {
        let (mind, _) = Mind::new(Profile::default());
        let senses = SenseSuite::new(mind.profile());
        let world = WorldView::default();
        let mut sel = CandidateSelection::default();
        let mut out = Vec::new();
        let held: Vec<TargetId> = (0..16).map(TargetId).collect();
        // A hundred markers between 1 and 5 m ahead, and a runner 6 m ahead.
        let mut nearby: Vec<Nearby> = (0..100u64)
            .map(|i| Nearby {
                id: TargetId(100 + i),
                position: Vec3::new(
                    (i % 10) as f32 * 0.4 - 2.0,
                    0.0,
                    -1.0 - (i / 10) as f32 * 0.4,
                ),
                team: None,
                character: false,
                speed: 0.0,
            })
            .collect();
        let runner = TargetId(1000);
        nearby.push(Nearby {
            id: runner,
            position: Vec3::new(0.3, 0.0, -6.0),
            team: Some(0),
            character: true,
            speed: 0.0,
        });
        sel.choose(&nearby, &held, chooser(&mind, &senses, &world), &mut out);
        assert_eq!(
            out[16], runner,
            "the runner first among the newcomers: {out:?}"
        );
        // Among plain objects at one distance, the one at the centre of the gaze first.
        let side = Nearby {
            id: TargetId(300),
            position: Vec3::new(-4.0, 0.0, -4.0),
            team: None,
            character: false,
            speed: 0.0,
        };
        let ahead = Nearby {
            id: TargetId(301),
            position: Vec3::new(0.0, 0.0, -5.6),
            team: None,
            character: false,
            speed: 0.0,
        };
        sel.choose(
            &[side, ahead],
            &held,
            chooser(&mind, &senses, &world),
            &mut out,
        );
        assert_eq!(&out[16..], &[TargetId(301), TargetId(300)]);
    }

    #[test]
    fn a_runner_is_looked_at_before_nearer_bystanders_standing_still() {
        let (mind, _) = Mind::new(Profile::default());
        let senses = SenseSuite::new(mind.profile());
        let world = WorldView::default();
        let mut sel = CandidateSelection::default();
        let mut out = Vec::new();
        let held: Vec<TargetId> = (0..16).map(TargetId).collect();
        // Two hundred bystanders standing from 2 m to 30 m ahead; a runner 9 m ahead at a run
        // seems 4.5 m away, nearer than all but the first few dozen.
        let mut nearby = crowd(200);
        let runner = TargetId(1000);
        nearby.push(Nearby {
            id: runner,
            position: Vec3::new(0.3, 0.0, -9.0),
            team: None,
            character: true,
            speed: 6.0,
        });
        sel.choose(&nearby, &held, chooser(&mind, &senses, &world), &mut out);
        assert!(
            !out[16..].contains(&runner),
            "a run halves the distance; 4.5 m is still behind the nearest bystanders"
        );
        // Nearer than the nearest bystander once halved: 3.6 m at a run seems 1.8 m.
        nearby.last_mut().unwrap().position = Vec3::new(0.3, 0.0, -3.6);
        sel.choose(&nearby, &held, chooser(&mind, &senses, &world), &mut out);
        assert_eq!(out[16], runner, "{out:?}");
        // Standing still there, it waits its turn among the bystanders as near.
        nearby.last_mut().unwrap().speed = 0.0;
        sel.choose(&nearby, &held, chooser(&mind, &senses, &world), &mut out);
        assert_ne!(out[16], runner, "{out:?}");
    }

    #[test]
    fn newcomers_at_the_same_distance_are_chosen_by_id_whatever_their_order() {
        let (mind, _) = Mind::new(Profile::default());
        let senses = SenseSuite::new(mind.profile());
        let world = WorldView::default();
        let held: Vec<TargetId> = (0..16).map(TargetId).collect();
        // Twelve bystanders 10 m ahead, more than the rotation's room.
        let ring: Vec<Nearby> = (0..12u64)
            .map(|i| Nearby {
                id: TargetId(100 + i),
                position: Vec3::new(if i % 2 == 0 { 6.0 } else { -6.0 }, 0.0, -8.0),
                team: None,
                character: true,
                speed: 0.0,
            })
            .collect();
        let mut reversed = ring.clone();
        reversed.reverse();
        let mut picks = Vec::new();
        for nearby in [&ring, &reversed] {
            let mut sel = CandidateSelection::default();
            let mut out = Vec::new();
            sel.choose(nearby, &held, chooser(&mind, &senses, &world), &mut out);
            let mut got = out[16..].to_vec();
            got.sort_unstable();
            picks.push(got);
        }
        let want: Vec<TargetId> = (0..ROTATION_LOOKS as u64)
            .map(|i| TargetId(100 + i))
            .collect();
        assert_eq!(picks[0], want, "the lowest ids among equals");
        assert_eq!(picks[1], want, "the same in the other order");
    }

    #[test]
    fn no_sense_could_sense_it_no_look() {
        let (mind, _) = Mind::new(Profile::default());
        let senses = SenseSuite::new(mind.profile());
        let world = WorldView::default();
        let mut sel = CandidateSelection::default();
        let mut out = Vec::new();
        let behind = Nearby {
            id: TargetId(1),
            position: Vec3::new(0.0, 0.0, 20.0),
            team: None,
            character: true,
            speed: 0.0,
        };
        let far = Nearby {
            id: TargetId(2),
            position: Vec3::new(0.0, 0.0, -500.0),
            team: None,
            character: true,
            speed: 0.0,
        };
        let ahead = Nearby {
            id: TargetId(3),
            position: Vec3::new(0.0, 0.0, -20.0),
            team: None,
            character: true,
            speed: 0.0,
        };
        sel.choose(
            &[behind, far, ahead],
            &[],
            chooser(&mind, &senses, &world),
            &mut out,
        );
        assert_eq!(
            out,
            [TargetId(3)],
            "a silent body behind the AI or 500 m off can't be sensed"
        );
    }

    #[test]
    fn a_crowd_rotates_through_looks_and_benches_who_gave_nothing() {
        let (mut mind, _) = Mind::new(Profile::default());
        let senses = SenseSuite::new(mind.profile());
        let world = WorldView::default();
        let mut sel = CandidateSelection::default();
        let mut out = Vec::new();
        let nearby = crowd(64);
        let mut seen = std::collections::BTreeSet::new();
        let pose = eye();
        for pass in 0..12 {
            let now = f64::from(pass) * 0.1;
            let world = WorldView { now, ..world };
            let held: Vec<TargetId> = mind.beliefs().map(|b| b.target).collect();
            sel.choose(&nearby, &held, chooser(&mind, &senses, &world), &mut out);
            for t in &out {
                seen.insert(*t);
            }
            // Nobody is really there: the senses find nothing.
            let obs = crate::Observations::new();
            mind.tick(0.1, pose, &obs);
            sel.settle(&mind, now);
        }
        // 20 a pass, each benched after a look: 64 bystanders are all looked at within 4 passes.
        assert_eq!(seen.len(), 64);
    }
}
