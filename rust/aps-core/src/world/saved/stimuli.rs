//! What happened in a world recently and still counts, to and from its saved form: sounds,
//! contacts, damage, scent trails and squad reports, each saved as how long before the save it
//! happened and naming nodes by the engine's keys.

use super::WorldKeys;
use crate::brain::squad::Sighting;
use crate::save::format::{
    DamageSave, ScentPointSave, SightingSave, SoundSave, StimuliSave, TouchSave, TrailSave,
};
use crate::save::{LoadIssue, Repair};
use crate::senses::rays::BodyId;
use crate::world::scent::{ScentPoint, Trail};
use crate::world::stimulus::{Damage, Sound, Touch, STIMULUS_RETENTION};
use crate::world::Surroundings;
use crate::TargetId;

/// `items` sorted oldest first.
fn oldest_first<T: Copy>(items: &[T], time: impl Fn(&T) -> f64) -> Vec<T> {
    let mut v = items.to_vec();
    v.sort_by(|a, b| time(a).total_cmp(&time(b)));
    v
}

impl Surroundings {
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
