//! A world's conditions to and from their saved form: ambient light, light zones (each keeping
//! the id a game stored, or the id a rebuilt level gave it), wind and rain.

use super::zones::same_zones;
use crate::save::format::{ConditionsSave, LightZoneSave};
use crate::save::{LoadIssue, Repair};
use crate::world::conditions::{
    LightZone, LightZones, LEVEL_RANGE, MAX_LIGHT_ZONES, ZONE_RADIUS_RANGE,
};
use crate::world::Surroundings;
use std::collections::HashSet;

impl Surroundings {
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
    use crate::world::saved::zones::tests::{saved, zones};

    #[test]
    fn a_save_with_more_zones_than_a_world_keeps_is_cut_with_one_issue() {
        let mut w = Surroundings::default();
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
