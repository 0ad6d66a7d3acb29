//! Beliefs about places (spec section 11): a gunshot with no known shooter, a body, a forced
//! lock. A place is a target with a synthetic id; reports of the same tag close together merge
//! into one place.

use crate::TargetId;
use glam::Vec3;

/// Place ids have this bit set, so they never collide with an engine's object ids.
pub const PLACE_BIT: u64 = 1 << 63;

/// The largest place number: far beyond any game's places, and clear of the place bit.
pub const MAX_PLACE_NUMBER: u64 = (1 << 62) - 1;

/// Reports of the same tag within this many metres (or within either's accuracy, if larger)
/// are the same place.
pub const MERGE_RADIUS: f32 = 2.0;

/// What the AI knows of one place it believes in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Place {
    pub id: TargetId,
    /// The kind of report (the adapter's tag index).
    pub tag: u32,
    pub location: Vec3,
    /// Metres the location may be off by.
    pub accuracy: f32,
}

/// The places an AI knows, by id.
#[derive(Debug, Clone, Default)]
pub struct Places {
    pub(crate) places: Vec<Place>,
    pub(crate) next: u64,
}

/// Whether a target id is a place's.
#[must_use]
pub fn is_place(id: TargetId) -> bool {
    id.0 & PLACE_BIT != 0
}

impl Places {
    /// The place a report of `tag` at `location` belongs to: an existing one of the same tag
    /// close enough, moved to the report if it is at least as accurate, or a new one.
    pub fn place_for(&mut self, tag: u32, location: Vec3, accuracy: f32) -> TargetId {
        let accuracy = if accuracy.is_finite() {
            accuracy.max(0.0)
        } else {
            MERGE_RADIUS
        };
        if let Some(p) = self.places.iter_mut().find(|p| {
            p.tag == tag
                && p.location.distance(location) <= MERGE_RADIUS.max(p.accuracy).max(accuracy)
        }) {
            if accuracy <= p.accuracy {
                p.location = location;
                p.accuracy = accuracy;
            }
            return p.id;
        }
        // Place numbers stay below the place bit; past the last (only a save can get there),
        // the lowest number no place holds.
        self.next = if self.next < MAX_PLACE_NUMBER {
            self.next + 1
        } else {
            (1..=MAX_PLACE_NUMBER)
                .find(|n| !self.places.iter().any(|p| p.id.0 == PLACE_BIT | n))
                .unwrap_or(MAX_PLACE_NUMBER)
        };
        let id = TargetId(PLACE_BIT | self.next);
        self.places.push(Place {
            id,
            tag,
            location,
            accuracy,
        });
        id
    }

    /// Every place, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &Place> {
        self.places.iter()
    }

    #[must_use]
    pub fn get(&self, id: TargetId) -> Option<&Place> {
        self.places.iter().find(|p| p.id == id)
    }

    /// Forgets places whose belief is gone.
    pub fn retain(&mut self, mut keep: impl FnMut(TargetId) -> bool) {
        self.places.retain(|p| keep(p.id));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_reports_of_the_same_tag_merge() {
        let mut p = Places::default();
        let a = p.place_for(1, Vec3::ZERO, 1.0);
        assert!(is_place(a));
        assert_eq!(
            p.place_for(1, Vec3::new(1.5, 0.0, 0.0), 0.5),
            a,
            "within 2 m"
        );
        assert_eq!(
            p.get(a).unwrap().location,
            Vec3::new(1.5, 0.0, 0.0),
            "the more accurate report wins"
        );
        assert_ne!(
            p.place_for(2, Vec3::ZERO, 1.0),
            a,
            "another tag is another place"
        );
        assert_ne!(
            p.place_for(1, Vec3::new(9.0, 0.0, 0.0), 1.0),
            a,
            "far away is another place"
        );
        assert_eq!(
            p.place_for(1, Vec3::new(5.0, 0.0, 0.0), 6.0),
            a,
            "a vague report merges wider"
        );
        p.retain(|id| id != a);
        assert!(p.get(a).is_none());
    }
}
