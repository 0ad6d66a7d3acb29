//! A world to and from its saved form: its conditions (light, zones, wind, rain) and what
//! happened recently and still counts (sounds, contacts, damage, scent trails, squad reports),
//! so that after a load hearing still hears a shot fired just before the save, a dog still
//! follows the trail and a mate's report still arrives.

use super::conditions::{LightZone, LEVEL_RANGE, ZONE_RADIUS_RANGE};
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
            light_zones: c
                .light_zones
                .iter()
                .map(|z| LightZoneSave {
                    id: z.id,
                    center: z.center,
                    radius: z.radius,
                    level: z.level,
                })
                .collect(),
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
        let current = std::mem::take(&mut self.conditions.light_zones);
        let same = |a: &LightZone, b: &LightZoneSave| {
            a.center.distance(b.center) < 1e-4 && (a.radius - b.radius).abs() < 1e-4
        };
        let mut renamed: Vec<(u32, u32)> = Vec::new();
        for z in &saved.light_zones {
            let taken = |id: u32| renamed.iter().any(|(_, now)| *now == id);
            if let Some(c) = current.iter().find(|c| same(c, z) && !taken(c.id)) {
                renamed.push((z.id, c.id));
            }
        }
        let highest_now = current.iter().map(|z| z.id).max().unwrap_or(0);
        let mut next_free = highest_now.max(saved.last_light_zone).max(self.last_zone);
        for (i, z) in saved.light_zones.iter().enumerate() {
            let f = |n: &str| format!("world.conditions.light_zones[{i}].{n}");
            if z.id == 0 || saved.light_zones[..i].iter().any(|k| k.id == z.id) {
                fix.note(
                    f("id"),
                    format!("{} is not a new zone id; the zone is dropped", z.id),
                );
                continue;
            }
            let id = match renamed.iter().find(|(saved_id, _)| *saved_id == z.id) {
                Some((_, now_id)) => *now_id,
                // The level holds this id for a zone elsewhere: the saved one gets a new id.
                None if current.iter().any(|c| c.id == z.id)
                    || renamed.iter().any(|(_, now)| *now == z.id) =>
                {
                    next_free += 1;
                    next_free
                }
                None => z.id,
            };
            self.conditions.light_zones.push(LightZone {
                id,
                center: fix.vec3(|| f("center"), z.center),
                radius: fix.range(|| f("radius"), z.radius, rlo, rhi, 0.0),
                level: fix.range(|| f("level"), z.level, lo, hi, 1.0),
            });
        }
        let highest = self
            .conditions
            .light_zones
            .iter()
            .map(|z| z.id)
            .max()
            .unwrap_or(0);
        self.last_zone = next_free.max(highest);
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
