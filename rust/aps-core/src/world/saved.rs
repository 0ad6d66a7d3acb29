//! A world to and from its saved form: its conditions (light, zones, wind, rain) and what
//! happened recently and still counts (sounds, contacts, damage, scent trails, squad reports),
//! so that after a load hearing still hears a shot fired just before the save, a dog still
//! follows the trail and a mate's report still arrives.

use super::conditions::{LightZone, LightZones, LEVEL_RANGE, MAX_LIGHT_ZONES, ZONE_RADIUS_RANGE};
use super::scent::{ScentPoint, Trail};
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

/// How near a saved zone's place and radius must be to a zone's of the level to be the same
/// zone: a little off after a text format, never another zone.
const CLOSE: f32 = 1e-4;

/// The width of a bucket of the nearby search: four times the matching distance, so that a
/// zone is near at most one edge of its bucket along each number.
const BUCKET_WIDTH: f64 = (4.0 * CLOSE) as f64;

/// A zone's exact numbers, as a table's key.
fn exact_key(center: Vec3, radius: f32) -> [u32; 4] {
    [center.x, center.y, center.z, radius].map(f32::to_bits)
}

/// The bucket a number falls in.
fn bucket(x: f32) -> i64 {
    (f64::from(x) / BUCKET_WIDTH).floor() as i64
}

/// The bucket a zone's numbers fall in.
fn bucket_key(center: Vec3, radius: f32) -> [i64; 4] {
    [
        bucket(center.x),
        bucket(center.y),
        bucket(center.z),
        bucket(radius),
    ]
}

/// Whether a zone of the level and a saved zone are at the same place with the same radius.
fn same_zone(a: &LightZone, b: &LightZoneSave) -> bool {
    a.center.distance(b.center) < CLOSE && (a.radius - b.radius).abs() < CLOSE
}

/// Along each of a saved zone's four numbers (`at`, in bucket `home`), the side of the next
/// bucket it is within a quarter of a bucket of (-1 or 1), or 0 for no edge near.
fn near_edges(at: [f32; 4], home: [i64; 4]) -> [i64; 4] {
    std::array::from_fn(|a| {
        let fraction = f64::from(at[a]) / BUCKET_WIDTH - home[a] as f64;
        if fraction < 0.25 {
            -1
        } else if fraction > 0.75 {
            1
        } else {
            0
        }
    })
}

/// The first zone of the level with exactly the numbers of `z` that is not taken yet, taken
/// ones dropped from the chain's head as they are met (each once).
fn first_exact(
    z: &LightZoneSave,
    (first, next): &mut Chains<[u32; 4]>,
    taken: &[bool],
    compared: &mut usize,
) -> Option<usize> {
    let head = first.get_mut(&exact_key(z.center, z.radius))?;
    skip_taken(head, next, taken, compared);
    if *head == NO_ZONE {
        return None;
    }
    *compared += 1;
    Some(*head)
}

/// The first zone of the level within the matching distance of `z` that is not taken yet:
/// within the matching distance means the same bucket or, where the saved zone is within a
/// quarter of a bucket of its edge, the next one on that side. Each comparison spends one of
/// the `budget`; `None` also when it runs out.
fn first_nearby(
    z: &LightZoneSave,
    current: &[LightZone],
    (first_in, next): &mut Chains<[i64; 4]>,
    taken: &[bool],
    budget: &mut usize,
    compared: &mut usize,
) -> Option<usize> {
    let home = bucket_key(z.center, z.radius);
    let side = near_edges([z.center.x, z.center.y, z.center.z, z.radius], home);
    let mut first: Option<usize> = None;
    for corner in 0..16 {
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
        skip_taken(head, next, taken, compared);
        let mut at = *head;
        // Each chain runs from the level's first zone to its last: the first that matches
        // is the chain's best.
        while let Some(c) = current.get(at) {
            if *budget == 0 {
                return first;
            }
            *budget -= 1;
            *compared += 1;
            if first.is_some_and(|f| at > f) {
                break;
            }
            if !taken[at] && same_zone(c, z) {
                first = Some(at);
                break;
            }
            at = next[at];
        }
    }
    first
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
    let mut renamed = HashMap::new();
    let mut compared = 0;
    if current.is_empty() {
        return (renamed, compared);
    }
    let mut budget = 16 * (current.len() + saved.len());
    // The level's zones by their exact numbers.
    let mut exact = chains(current, |c| exact_key(c.center, c.radius));
    let mut taken = vec![false; current.len()];
    // Buckets of the nearby search, made only if a zone is not found exactly.
    let mut near: Option<Chains<[i64; 4]>> = None;
    for z in saved {
        let found = match first_exact(z, &mut exact, &taken, &mut compared) {
            Some(i) => Some(i),
            None if budget == 0 => None,
            None => {
                let near =
                    near.get_or_insert_with(|| chains(current, |c| bucket_key(c.center, c.radius)));
                first_nearby(z, current, near, &taken, &mut budget, &mut compared)
            }
        };
        if let Some(i) = found {
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
        StimuliSave {
            sounds: oldest_first(self.sounds.all(), |s| s.time)
                .into_iter()
                .filter(|s| recent(s.time))
                .filter_map(|s| saved_sound(&s, now, keys))
                .collect(),
            touches: oldest_first(self.touches.all(), |t| t.time)
                .into_iter()
                .filter(|t| recent(t.time))
                .filter_map(|t| saved_touch(&t, now, keys))
                .collect(),
            damages: oldest_first(self.damages.all(), |d| d.time)
                .into_iter()
                .filter(|d| recent(d.time))
                .filter_map(|d| saved_damage(&d, now, keys))
                .collect(),
            scent_trails: self
                .scents
                .trails()
                .filter_map(|trail| saved_trail(trail, now, keys))
                .collect(),
            sightings: oldest_first(self.squads.all(), |s| s.time)
                .into_iter()
                .filter(|s| recent(s.time))
                .filter_map(|s| saved_sighting(&s, now, keys))
                .collect(),
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
        for (i, s) in saved.sounds.iter().enumerate() {
            if let Some(sound) = restored_sound(s, i, now, keys, &mut fix) {
                self.sounds.push(sound);
            }
        }
        for (i, t) in saved.touches.iter().enumerate() {
            if let Some(touch) = restored_touch(t, i, now, keys, &mut fix) {
                self.touches.push(touch);
            }
        }
        for (i, d) in saved.damages.iter().enumerate() {
            if let Some(damage) = restored_damage(d, i, now, keys, &mut fix) {
                self.damages.push(damage);
            }
        }
        for (i, trail) in saved.scent_trails.iter().enumerate() {
            let Some(target) = keys.node_id(&trail.target) else {
                continue;
            };
            for (k, p) in trail.points.iter().enumerate() {
                if let Some(point) = restored_scent_point(p, i, k, now, &mut fix) {
                    self.scents.restore_point(TargetId(target), point);
                }
            }
        }
        for (i, s) in saved.sightings.iter().enumerate() {
            if let Some(sighting) = restored_sighting(s, i, now, keys, &mut fix) {
                self.squads.post(sighting);
            }
        }
    }
}

/// How long before `now` something happened at `time`, never less than nothing.
fn seconds_ago(now: f64, time: f64) -> f64 {
    (now - time).max(0.0)
}

/// The key of a node that may not be known: `Some(None)` for no node, `None` if the node is
/// gone (then what names it is left out).
fn optional_key(keys: &dyn WorldKeys, node: Option<TargetId>) -> Option<Option<String>> {
    match node {
        Some(t) => Some(Some(keys.node_key(t.0)?)),
        None => Some(None),
    }
}

/// A sound as a save writes it; `None` if its source is gone.
fn saved_sound(s: &Sound, now: f64, keys: &dyn WorldKeys) -> Option<SoundSave> {
    let instigator = optional_key(keys, s.instigator)?;
    Some(SoundSave {
        location: s.location,
        loudness: s.loudness,
        max_range: s.max_range,
        tag: keys.tag_name(s.tag),
        instigator,
        seconds_ago: seconds_ago(now, s.time),
        max_tier: s.max_tier,
    })
}

/// A contact as a save writes it; `None` if either body is gone.
fn saved_touch(t: &Touch, now: f64, keys: &dyn WorldKeys) -> Option<TouchSave> {
    Some(TouchSave {
        body: keys.node_key(t.body.0)?,
        other: keys.node_key(t.other.0)?,
        seconds_ago: seconds_ago(now, t.time),
    })
}

/// Damage as a save writes it; `None` if its source or its victim is gone.
fn saved_damage(d: &Damage, now: f64, keys: &dyn WorldKeys) -> Option<DamageSave> {
    let instigator = optional_key(keys, d.instigator)?;
    Some(DamageSave {
        victim: keys.node_key(d.victim.0)?,
        instigator,
        amount: d.amount,
        location: d.location,
        seconds_ago: seconds_ago(now, d.time),
    })
}

/// A scent trail as a save writes it, its points oldest first; `None` if its target is gone.
fn saved_trail(trail: &Trail, now: f64, keys: &dyn WorldKeys) -> Option<TrailSave> {
    Some(TrailSave {
        target: keys.node_key(trail.target.0)?,
        points: oldest_first(trail.points(), |p| p.time)
            .into_iter()
            .map(|p| ScentPointSave {
                position: p.position,
                seconds_ago: seconds_ago(now, p.time),
                strength: p.strength,
            })
            .collect(),
    })
}

/// A squad report as a save writes it; `None` if the member or the target is gone.
fn saved_sighting(s: &Sighting, now: f64, keys: &dyn WorldKeys) -> Option<SightingSave> {
    Some(SightingSave {
        squad: keys.squad_name(s.squad),
        member: keys.node_key(s.member)?,
        target: keys.node_key(s.target.0)?,
        confidence: s.confidence,
        position: s.position,
        seconds_ago: seconds_ago(now, s.time),
    })
}

/// When something saved as happening `ago` seconds before the save happened, counted back
/// from `now`; `None`, and an issue on `field`, if `ago` is not a finite time.
fn restored_time(fix: &mut Repair, field: String, now: f64, ago: f64) -> Option<f64> {
    if ago.is_finite() {
        Some(now - ago.max(0.0))
    } else {
        fix.note(field, format!("{ago} is not a finite time; dropped"));
        None
    }
}

/// The node a saved key names now, if there is a key: `Some(None)` for no key, `None` if the
/// node is gone (then what names it is dropped).
fn optional_id(keys: &dyn WorldKeys, key: &Option<String>) -> Option<Option<TargetId>> {
    match key {
        Some(k) => Some(Some(TargetId(keys.node_id(k)?))),
        None => Some(None),
    }
}

/// Saved sound `i` as the world holds it, repaired; `None` if its time is not a time or its
/// source is gone.
fn restored_sound(
    s: &SoundSave,
    i: usize,
    now: f64,
    keys: &mut dyn WorldKeys,
    fix: &mut Repair,
) -> Option<Sound> {
    let f = |n: &str| format!("world.stimuli.sounds[{i}].{n}");
    let time = restored_time(fix, f("seconds_ago"), now, s.seconds_ago)?;
    let instigator = optional_id(keys, &s.instigator)?;
    Some(Sound {
        location: fix.vec3(|| f("location"), s.location),
        loudness: fix.non_negative(|| f("loudness"), s.loudness),
        max_range: fix.non_negative(|| f("max_range"), s.max_range),
        tag: keys.tag_of(&s.tag),
        instigator,
        time,
        max_tier: s.max_tier.min(4),
    })
}

/// Saved contact `i` as the world holds it; `None` if either body is gone or its time is not
/// a time.
fn restored_touch(
    t: &TouchSave,
    i: usize,
    now: f64,
    keys: &dyn WorldKeys,
    fix: &mut Repair,
) -> Option<Touch> {
    let (Some(body), Some(other)) = (keys.node_id(&t.body), keys.node_id(&t.other)) else {
        return None;
    };
    let field = format!("world.stimuli.touches[{i}].seconds_ago");
    Some(Touch {
        body: BodyId(body),
        other: TargetId(other),
        time: restored_time(fix, field, now, t.seconds_ago)?,
    })
}

/// Saved damage `i` as the world holds it, repaired; `None` if its victim or its source is
/// gone or its time is not a time.
fn restored_damage(
    d: &DamageSave,
    i: usize,
    now: f64,
    keys: &dyn WorldKeys,
    fix: &mut Repair,
) -> Option<Damage> {
    let f = |n: &str| format!("world.stimuli.damages[{i}].{n}");
    let victim = keys.node_id(&d.victim)?;
    let instigator = optional_id(keys, &d.instigator)?;
    let time = restored_time(fix, f("seconds_ago"), now, d.seconds_ago)?;
    Some(Damage {
        victim: BodyId(victim),
        instigator,
        amount: fix.non_negative(|| f("amount"), d.amount),
        location: fix.vec3(|| f("location"), d.location),
        time,
    })
}

/// Saved point `k` of saved scent trail `i` as the world holds it, repaired; `None` if its
/// time is not a time.
fn restored_scent_point(
    p: &ScentPointSave,
    i: usize,
    k: usize,
    now: f64,
    fix: &mut Repair,
) -> Option<ScentPoint> {
    let f = |n: &str| format!("world.stimuli.scent_trails[{i}].points[{k}].{n}");
    let time = restored_time(fix, f("seconds_ago"), now, p.seconds_ago)?;
    Some(ScentPoint {
        position: fix.vec3(|| f("position"), p.position),
        time,
        strength: fix.non_negative(|| f("strength"), p.strength),
    })
}

/// Saved squad report `i` as the world holds it, repaired; `None` if no one is in its squad,
/// its member or its target is gone, or its time is not a time.
fn restored_sighting(
    s: &SightingSave,
    i: usize,
    now: f64,
    keys: &dyn WorldKeys,
    fix: &mut Repair,
) -> Option<Sighting> {
    let f = |n: &str| format!("world.stimuli.sightings[{i}].{n}");
    let (Some(squad), Some(member), Some(target)) = (
        keys.squad_of(&s.squad),
        keys.node_id(&s.member),
        keys.node_id(&s.target),
    ) else {
        return None;
    };
    let time = restored_time(fix, f("seconds_ago"), now, s.seconds_ago)?;
    Some(Sighting {
        squad,
        member,
        target: TargetId(target),
        confidence: fix.unit(|| f("confidence"), s.confidence),
        position: fix.vec3(|| f("position"), s.position),
        time,
    })
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
