//! A world to and from its saved form: its conditions (light, zones, wind, rain) and what
//! happened recently and still counts (sounds, contacts, damage, scent trails, squad reports),
//! so that after a load hearing still hears a shot fired just before the save, a dog still
//! follows the trail and a mate's report still arrives.

use super::conditions::{LightZone, LightZones, LEVEL_RANGE, MAX_LIGHT_ZONES, ZONE_RADIUS_RANGE};
use super::scent::ScentPoint;
use super::stimulus::{Damage, Sound, Touch, STIMULUS_RETENTION};
use super::WorldState;
use crate::brain::squad::Sighting;
use crate::save::format::{
    ConditionsSave, DamageSave, LightZoneSave, ScentPointSave, SightingSave, SoundSave,
    StimuliSave, TouchSave, TrailSave,
};
use crate::save::{LoadIssue, Repair};
use crate::senses::rays::BodyId;
use crate::TargetId;
use glam::Vec3;
use std::collections::{HashMap, HashSet};

/// How the engine names what a world knows by number: nodes (bodies, targets, squad members,
/// all by the engine's id for them), sound tags and squads.
pub trait WorldKeys {
    /// The key of the node with engine id `id`, if it still exists.
    fn node_key(&self, id: u64) -> Option<String>;
    /// The engine id of the node a key names now.
    fn node_id(&self, key: &str) -> Option<u64>;
    fn tag_name(&self, tag: u32) -> String;
    fn tag_of(&mut self, name: &str) -> u32;
    fn squad_name(&self, squad: u32) -> String;
    /// The number of a squad by name; `None` if no one is in it.
    fn squad_of(&self, name: &str) -> Option<u32>;
}

/// No zone: the end of a chain.
const NO_ZONE: usize = usize::MAX;

/// Zones by key, as chains in the level's order: the first zone of each key, and after each
/// zone the next one with its key (or [`NO_ZONE`]).
type Chains<K> = (HashMap<K, usize>, Vec<usize>);

/// The chains of `current` by `key` (see [`Chains`]).
fn chains<K: std::hash::Hash + Eq>(
    current: &[LightZone],
    key: impl Fn(&LightZone) -> K,
) -> Chains<K> {
    let mut first: HashMap<K, usize> = HashMap::with_capacity(current.len());
    let mut next = vec![NO_ZONE; current.len()];
    for (i, c) in current.iter().enumerate().rev() {
        if let Some(after) = first.insert(key(c), i) {
            next[i] = after;
        }
    }
    (first, next)
}

/// Moves a chain's `head` past the zones already `taken` (each is met once, as it leaves the
/// head), counting them in `compared`.
fn skip_taken(head: &mut usize, next: &[usize], taken: &[bool], compared: &mut usize) {
    while *head != NO_ZONE && taken[*head] {
        *compared += 1;
        *head = next[*head];
    }
}

/// Which saved zones (by saved id) are zones the level holds now (by their id now): the same
/// place and radius, each zone of the level taken by the first saved zone that matches it.
///
/// A zone made again from the same numbers is found by those numbers, in a table: the first
/// of the level's zones with exactly them that is not taken yet. A zone whose numbers went
/// through a text format and came back a little off is looked for nearby: zones are sorted
/// into buckets four times the matching distance wide, and the saved zone looks into its own
/// bucket and, along each of the four numbers it is near an edge in, the next one. However
/// the zones lie, the comparisons a load makes are bounded by a multiple of the zones' number
/// (a save of thousands of zones in one spot cannot make it compare every pair); past that
/// bound a zone is not matched and keeps its saved id, or gets a new one. Also how many pairs
/// were compared, for the tests of its cost.
fn same_zones(current: &[LightZone], saved: &[LightZoneSave]) -> (HashMap<u32, u32>, usize) {
    const CLOSE: f32 = 1e-4;
    let mut renamed = HashMap::new();
    let mut compared = 0;
    if current.is_empty() {
        return (renamed, compared);
    }
    let mut budget = 16 * (current.len() + saved.len());
    let exact = |c: Vec3, r: f32| [c.x, c.y, c.z, r].map(f32::to_bits);
    // The level's zones by their exact numbers.
    let (mut first_exact, next_exact) = chains(current, |c| exact(c.center, c.radius));
    let mut taken = vec![false; current.len()];
    // Buckets of the nearby search, made only if a zone is not found exactly.
    let width = f64::from(4.0 * CLOSE);
    let bucket = |x: f32| (f64::from(x) / width).floor() as i64;
    let key = |c: Vec3, r: f32| [bucket(c.x), bucket(c.y), bucket(c.z), bucket(r)];
    let mut near: Option<Chains<[i64; 4]>> = None;
    let same = |a: &LightZone, b: &LightZoneSave| {
        a.center.distance(b.center) < CLOSE && (a.radius - b.radius).abs() < CLOSE
    };
    for z in saved {
        // Exactly the same numbers: the first not taken, taken ones dropped from the chain's
        // head as they are met (each once).
        if let Some(head) = first_exact.get_mut(&exact(z.center, z.radius)) {
            skip_taken(head, &next_exact, &taken, &mut compared);
            if *head != NO_ZONE {
                compared += 1;
                taken[*head] = true;
                renamed.entry(z.id).or_insert(current[*head].id);
                continue;
            }
        }
        if budget == 0 {
            continue;
        }
        let (first_in, next) =
            near.get_or_insert_with(|| chains(current, |c| key(c.center, c.radius)));
        // Within the matching distance means the same bucket or, where the saved zone is
        // within a quarter of a bucket of its edge, the next one on that side.
        let at = [z.center.x, z.center.y, z.center.z, z.radius];
        let home = key(z.center, z.radius);
        let side: [i64; 4] = std::array::from_fn(|a| {
            let fraction = f64::from(at[a]) / width - home[a] as f64;
            if fraction < 0.25 {
                -1
            } else if fraction > 0.75 {
                1
            } else {
                0
            }
        });
        let mut first: Option<usize> = None;
        'buckets: for corner in 0..16 {
            // Each combination of edges once: a bit set along a number with no edge near
            // names the home bucket again.
            if (0..4).any(|a| corner & (1 << a) != 0 && side[a] == 0) {
                continue;
            }
            let k: [i64; 4] = std::array::from_fn(|a| {
                home[a].saturating_add(if corner & (1 << a) != 0 { side[a] } else { 0 })
            });
            let Some(head) = first_in.get_mut(&k) else {
                continue;
            };
            skip_taken(head, next, &taken, &mut compared);
            let mut at = *head;
            // Each chain runs from the level's first zone to its last: the first that matches
            // is the chain's best.
            while let Some(c) = current.get(at) {
                if budget == 0 {
                    break 'buckets;
                }
                budget -= 1;
                compared += 1;
                if first.is_some_and(|f| at > f) {
                    break;
                }
                if !taken[at] && same(c, z) {
                    first = Some(at);
                    break;
                }
                at = next[at];
            }
        }
        if let Some(i) = first {
            taken[i] = true;
            renamed.entry(z.id).or_insert(current[i].id);
        }
    }
    (renamed, compared)
}

/// `items` sorted oldest first.
fn oldest_first<T: Copy>(items: &[T], time: impl Fn(&T) -> f64) -> Vec<T> {
    let mut v = items.to_vec();
    v.sort_by(|a, b| time(a).total_cmp(&time(b)));
    v
}

impl WorldState {
    /// The conditions in their saved form (light, zones, wind, rain).
    #[must_use]
    pub fn save_conditions(&self) -> ConditionsSave {
        let c = &self.conditions;
        ConditionsSave {
            ambient_light: c.ambient_light,
            light_zones: c.light_zones.iter().map(LightZoneSave::from).collect(),
            last_light_zone: self.last_zone,
            wind: c.wind,
            rain: c.rain,
        }
    }

    /// Replaces the conditions with saved ones, repairing what is out of range (each repair is
    /// an issue). Zones keep their ids, so a game's stored ids still name them.
    pub fn restore_conditions(&mut self, saved: &ConditionsSave, issues: &mut Vec<LoadIssue>) {
        let mut fix = Repair::new(issues);
        let (lo, hi) = LEVEL_RANGE;
        let (rlo, rhi) = ZONE_RADIUS_RANGE;
        self.conditions.ambient_light = fix.range(
            || "world.conditions.ambient_light".into(),
            saved.ambient_light,
            lo,
            hi,
            1.0,
        );
        self.conditions.wind = fix.vec3(|| "world.conditions.wind".into(), saved.wind);
        self.conditions.rain =
            fix.range(|| "world.conditions.rain".into(), saved.rain, lo, hi, 0.0);
        // A rebuilt level may have made its zones again before the load: a saved zone at the
        // same place with the same radius keeps the id the level holds now.
        let current: Vec<LightZone> = self.conditions.light_zones.iter().copied().collect();
        let mut zones = LightZones::default();
        let (renamed, _) = same_zones(&current, &saved.light_zones);
        let renamed_to: HashSet<u32> = renamed.values().copied().collect();
        // New ids for saved zones whose id the level holds for a zone elsewhere start past
        // every id in use or saved, so that none can take an id a later zone keeps.
        let highest_saved = saved.light_zones.iter().map(|z| z.id).max().unwrap_or(0);
        let highest_now = current.iter().map(|z| z.id).max().unwrap_or(0);
        let mut next_free = highest_now
            .max(saved.last_light_zone)
            .max(self.last_zone)
            .max(highest_saved);
        if saved.light_zones.len() > MAX_LIGHT_ZONES {
            fix.note(
                "world.conditions.light_zones",
                format!(
                    "{} zones, more than the {MAX_LIGHT_ZONES} a world keeps; the rest are dropped",
                    saved.light_zones.len()
                ),
            );
        }
        let mut seen: HashSet<u32> = HashSet::with_capacity(saved.light_zones.len());
        for (i, z) in saved.light_zones.iter().enumerate().take(MAX_LIGHT_ZONES) {
            let f = |n: &str| format!("world.conditions.light_zones[{i}].{n}");
            if z.id == 0 || !seen.insert(z.id) {
                fix.note(
                    f("id"),
                    format!("{} is not a new zone id; the zone is dropped", z.id),
                );
                continue;
            }
            let id = match renamed.get(&z.id) {
                Some(now_id) => *now_id,
                // The level holds this id for a zone elsewhere: the saved one gets a new id.
                None if self.conditions.light_zones.get(z.id).is_some()
                    || renamed_to.contains(&z.id) =>
                {
                    next_free = next_free.saturating_add(1);
                    next_free
                }
                None => z.id,
            };
            let zone = LightZone {
                id,
                center: fix.vec3(|| f("center"), z.center),
                radius: fix.range(|| f("radius"), z.radius, rlo, rhi, 0.0),
                level: fix.range(|| f("level"), z.level, lo, hi, 1.0),
            };
            if zones.push(zone).is_err() {
                fix.note(f("id"), "no zone id is left; the zone is dropped");
            }
        }
        let highest = zones.iter().map(|z| z.id).max().unwrap_or(0);
        self.last_zone = next_free.max(highest);
        self.conditions.light_zones = std::sync::Arc::new(zones);
    }

    /// What happened in the last [`STIMULUS_RETENTION`] seconds before `now` and still
    /// counts, oldest first, named by `keys`. A stimulus naming a node that is gone is left
    /// out (a sound with no known source is kept).
    #[must_use]
    pub fn save_stimuli(&self, now: f64, keys: &dyn WorldKeys) -> StimuliSave {
        let recent = |t: f64| now - t <= STIMULUS_RETENTION;
        let ago = |t: f64| (now - t).max(0.0);
        let sounds = oldest_first(self.sounds.all(), |s| s.time)
            .into_iter()
            .filter(|s| recent(s.time))
            .filter_map(|s| {
                let instigator = match s.instigator {
                    Some(t) => Some(keys.node_key(t.0)?),
                    None => None,
                };
                Some(SoundSave {
                    location: s.location,
                    loudness: s.loudness,
                    max_range: s.max_range,
                    tag: keys.tag_name(s.tag),
                    instigator,
                    seconds_ago: ago(s.time),
                    max_tier: s.max_tier,
                })
            })
            .collect();
        let touches = oldest_first(self.touches.all(), |t| t.time)
            .into_iter()
            .filter(|t| recent(t.time))
            .filter_map(|t| {
                Some(TouchSave {
                    body: keys.node_key(t.body.0)?,
                    other: keys.node_key(t.other.0)?,
                    seconds_ago: ago(t.time),
                })
            })
            .collect();
        let damages = oldest_first(self.damages.all(), |d| d.time)
            .into_iter()
            .filter(|d| recent(d.time))
            .filter_map(|d| {
                let instigator = match d.instigator {
                    Some(t) => Some(keys.node_key(t.0)?),
                    None => None,
                };
                Some(DamageSave {
                    victim: keys.node_key(d.victim.0)?,
                    instigator,
                    amount: d.amount,
                    location: d.location,
                    seconds_ago: ago(d.time),
                })
            })
            .collect();
        let scent_trails = self
            .scents
            .trails()
            .filter_map(|trail| {
                Some(TrailSave {
                    target: keys.node_key(trail.target.0)?,
                    points: oldest_first(trail.points(), |p| p.time)
                        .into_iter()
                        .map(|p| ScentPointSave {
                            position: p.position,
                            seconds_ago: ago(p.time),
                            strength: p.strength,
                        })
                        .collect(),
                })
            })
            .collect();
        let sightings = oldest_first(self.squads.all(), |s| s.time)
            .into_iter()
            .filter(|s| recent(s.time))
            .filter_map(|s| {
                Some(SightingSave {
                    squad: keys.squad_name(s.squad),
                    member: keys.node_key(s.member)?,
                    target: keys.node_key(s.target.0)?,
                    confidence: s.confidence,
                    position: s.position,
                    seconds_ago: ago(s.time),
                })
            })
            .collect();
        StimuliSave {
            sounds,
            touches,
            damages,
            scent_trails,
            sightings,
        }
    }

    /// Replaces the world's recent stimuli with saved ones, each as having happened its
    /// `seconds_ago` before `now` (loading twice does not hear a shot twice). One naming a node
    /// that no longer exists is dropped; numbers out of range are repaired, each an issue.
    /// Squads must be joined first (a report of a squad no one is in is dropped).
    pub fn restore_stimuli(
        &mut self,
        saved: &StimuliSave,
        now: f64,
        keys: &mut dyn WorldKeys,
        issues: &mut Vec<LoadIssue>,
    ) {
        self.sounds.clear();
        self.touches.clear();
        self.damages.clear();
        self.scents.clear();
        self.squads.clear();
        let mut fix = Repair::new(issues);
        let at = |fix: &mut Repair, field: String, ago: f64| -> Option<f64> {
            if ago.is_finite() {
                Some(now - ago.max(0.0))
            } else {
                fix.note(field, format!("{ago} is not a finite time; dropped"));
                None
            }
        };
        for (i, s) in saved.sounds.iter().enumerate() {
            let f = |n: &str| format!("world.stimuli.sounds[{i}].{n}");
            let Some(time) = at(&mut fix, f("seconds_ago"), s.seconds_ago) else {
                continue;
            };
            let instigator = match &s.instigator {
                Some(k) => match keys.node_id(k) {
                    Some(id) => Some(TargetId(id)),
                    None => continue,
                },
                None => None,
            };
            let sound = Sound {
                location: fix.vec3(|| f("location"), s.location),
                loudness: fix.non_negative(|| f("loudness"), s.loudness),
                max_range: fix.non_negative(|| f("max_range"), s.max_range),
                tag: keys.tag_of(&s.tag),
                instigator,
                time,
                max_tier: s.max_tier.min(4),
            };
            self.sounds.push(sound);
        }
        for (i, t) in saved.touches.iter().enumerate() {
            let f = |n: &str| format!("world.stimuli.touches[{i}].{n}");
            let (Some(body), Some(other)) = (keys.node_id(&t.body), keys.node_id(&t.other)) else {
                continue;
            };
            if let Some(time) = at(&mut fix, f("seconds_ago"), t.seconds_ago) {
                self.touches.push(Touch {
                    body: BodyId(body),
                    other: TargetId(other),
                    time,
                });
            }
        }
        for (i, d) in saved.damages.iter().enumerate() {
            let f = |n: &str| format!("world.stimuli.damages[{i}].{n}");
            let Some(victim) = keys.node_id(&d.victim) else {
                continue;
            };
            let instigator = match &d.instigator {
                Some(k) => match keys.node_id(k) {
                    Some(id) => Some(TargetId(id)),
                    None => continue,
                },
                None => None,
            };
            if let Some(time) = at(&mut fix, f("seconds_ago"), d.seconds_ago) {
                self.damages.push(Damage {
                    victim: BodyId(victim),
                    instigator,
                    amount: fix.non_negative(|| f("amount"), d.amount),
                    location: fix.vec3(|| f("location"), d.location),
                    time,
                });
            }
        }
        for (i, trail) in saved.scent_trails.iter().enumerate() {
            let Some(target) = keys.node_id(&trail.target) else {
                continue;
            };
            for (k, p) in trail.points.iter().enumerate() {
                let f = |n: &str| format!("world.stimuli.scent_trails[{i}].points[{k}].{n}");
                if let Some(time) = at(&mut fix, f("seconds_ago"), p.seconds_ago) {
                    let point = ScentPoint {
                        position: fix.vec3(|| f("position"), p.position),
                        time,
                        strength: fix.non_negative(|| f("strength"), p.strength),
                    };
                    self.scents.restore_point(TargetId(target), point);
                }
            }
        }
        for (i, s) in saved.sightings.iter().enumerate() {
            let f = |n: &str| format!("world.stimuli.sightings[{i}].{n}");
            let (Some(squad), Some(member), Some(target)) = (
                keys.squad_of(&s.squad),
                keys.node_id(&s.member),
                keys.node_id(&s.target),
            ) else {
                continue;
            };
            if let Some(time) = at(&mut fix, f("seconds_ago"), s.seconds_ago) {
                self.squads.post(Sighting {
                    squad,
                    member,
                    target: TargetId(target),
                    confidence: fix.unit(|| f("confidence"), s.confidence),
                    position: fix.vec3(|| f("position"), s.position),
                    time,
                });
            }
        }
    }
}

/// A light zone as a save writes it.
impl From<&LightZone> for LightZoneSave {
    fn from(z: &LightZone) -> Self {
        LightZoneSave {
            id: z.id,
            center: z.center,
            radius: z.radius,
            level: z.level,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zones(n: u32, level: f32) -> Vec<LightZone> {
        (0..n)
            .map(|i| LightZone {
                id: i + 1,
                center: Vec3::new((i % 180) as f32 * 5.0, 0.0, (i / 180) as f32 * 5.0),
                radius: 2.0,
                level,
            })
            .collect()
    }

    fn saved(zones: &[LightZone]) -> Vec<LightZoneSave> {
        zones.iter().map(LightZoneSave::from).collect()
    }

    /// A level that made its 32,000 zones again before the load: each saved zone is matched
    /// with the level's by looking at the few zones near it, not at all of them.
    #[test]
    fn zones_made_again_are_matched_by_place_not_by_scanning() {
        let now = zones(32_000, 1.0);
        // Saved in the reverse order, and one moved away, so ids change hands.
        let mut before = saved(&now);
        before.reverse();
        before[0].center.x += 1.0;
        let (renamed, compared) = same_zones(&now, &before);
        assert_eq!(renamed.len(), 31_999);
        assert_eq!(renamed.get(&5), Some(&5));
        assert!(compared <= 2 * 32_000, "{compared} pairs compared");
        // Zones within the matching distance across a bucket's edge still match.
        let edge = [LightZone {
            id: 9,
            center: Vec3::new(2e-4, 0.0, 0.0),
            radius: 1.0,
            level: 1.0,
        }];
        let mut near = saved(&edge);
        near[0].id = 4;
        near[0].center.x = 1.1e-4;
        assert_eq!(same_zones(&edge, &near).0.get(&4), Some(&9));
        near[0].center.x = 0.9e-4;
        assert_eq!(same_zones(&edge, &near).0.get(&4), None, "too far");
    }

    /// Thousands of zones in one spot, in the level and in the save: matched in order by their
    /// numbers, and those a little off in one spot cost a bounded number of comparisons.
    #[test]
    fn zones_in_one_spot_are_matched_without_comparing_every_pair() {
        let spot = |n: u32, dx: f32| -> Vec<LightZone> {
            (0..n)
                .map(|i| LightZone {
                    id: i + 1,
                    center: Vec3::new(1.0 + dx, 0.0, 1.0),
                    radius: 2.0,
                    level: 0.5,
                })
                .collect()
        };
        let now = spot(20_000, 0.0);
        let (renamed, compared) = same_zones(&now, &saved(&now));
        assert_eq!(renamed.len(), 20_000);
        assert_eq!(renamed.get(&7), Some(&7), "in order");
        assert!(compared <= 2 * 20_000, "{compared} pairs compared");
        // A little off: matched through the buckets, as cheaply.
        let off = saved(&spot(20_000, 5e-5));
        let (renamed, compared) = same_zones(&now, &off);
        assert_eq!(renamed.len(), 20_000);
        assert_eq!(renamed.get(&7), Some(&7), "in order");
        assert!(compared <= 3 * 20_000, "{compared} pairs compared");
        // Half a spot a little off, half another spot: whatever the data, the comparisons
        // stop at a bound.
        let mut mixed = spot(10_000, 0.0);
        mixed.extend(spot(10_000, 3e-4));
        let (_, compared) = same_zones(&mixed, &off);
        assert!(
            compared <= 16 * 40_000 + 40_000,
            "{compared} pairs compared"
        );
    }

    #[test]
    fn a_save_with_more_zones_than_a_world_keeps_is_cut_with_one_issue() {
        let mut w = WorldState::default();
        let save = ConditionsSave {
            light_zones: saved(&zones(MAX_LIGHT_ZONES as u32 + 10, 0.5)),
            ..ConditionsSave::default()
        };
        let mut issues = Vec::new();
        w.restore_conditions(&save, &mut issues);
        assert_eq!(w.conditions().light_zones.len(), MAX_LIGHT_ZONES);
        assert_eq!(issues.len(), 1, "{issues:?}");
        assert_eq!(issues[0].field, "world.conditions.light_zones");
        // Duplicate ids are found by hashing too: every zone after the first of an id goes.
        let mut twice = saved(&zones(20_000, 0.5));
        twice.extend(saved(&zones(20_000, 0.5)));
        issues.clear();
        w.restore_conditions(
            &ConditionsSave {
                light_zones: twice,
                ..ConditionsSave::default()
            },
            &mut issues,
        );
        assert_eq!(w.conditions().light_zones.len(), 20_000);
        assert_eq!(issues.len(), 20_000);
        assert_eq!(issues[0].field, "world.conditions.light_zones[20000].id");
    }
}
