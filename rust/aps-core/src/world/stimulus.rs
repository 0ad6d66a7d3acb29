//! Stimuli that happen at an instant and that senses listen for (spec section 14: a sense states
//! which stimuli it listens to): sounds, touches and damage. Each kind lives in a fixed ring, so
//! recording one never allocates once the ring is full, and the oldest gives way.

use crate::senses::rays::BodyId;
use crate::TargetId;
use glam::Vec3;

/// Seconds a world keeps sounds, touches, damage and squad reports: well beyond what the senses
/// hold one for at their defaults (a sound rings 1 s, a hit holds 0.5 s, a touch 0.3 s), so
/// nothing a sense still uses is forgotten, and a world where nobody listens does not fill up.
pub const STIMULUS_RETENTION: f64 = 10.0;

/// The most damage one report counts: far beyond what fills the threat's damage term (100
/// points) or full pain, so only absurd amounts are cut.
pub const MAX_DAMAGE: f32 = 1.0e6;

/// Something that happened at a world time.
pub trait Stimulus: Copy {
    /// World time it happened, seconds.
    fn time(&self) -> f64;

    /// Who made it, where a sense asks (a sound's instigator).
    fn source(&self) -> Option<TargetId> {
        None
    }
}

/// A sound made somewhere (spec section 1, hearing; section 11: a sound with no known source is
/// a belief about a place).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sound {
    pub location: Vec3,
    /// 1 is a loud noise at the source; a footstep is about 0.5, a gunshot 1 or more.
    pub loudness: f32,
    /// Metres beyond which nobody hears it.
    pub max_range: f32,
    /// A small number naming the kind of sound (the adapter maps its tags to them).
    pub tag: u32,
    /// Who made it, if known.
    pub instigator: Option<TargetId>,
    pub time: f64,
    /// Only AI at this level-of-detail tier or better hear it (spec section 12; 4: all).
    pub max_tier: u8,
}

/// Physical contact reported by the game: `other` touched the perceiver whose body is `body`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Touch {
    pub body: BodyId,
    pub other: TargetId,
    pub time: f64,
}

/// Damage dealt to the perceiver whose body is `victim`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Damage {
    pub victim: BodyId,
    /// Who dealt it, if known.
    pub instigator: Option<TargetId>,
    pub amount: f32,
    /// Where it was dealt from (the shooter's muzzle, the explosion).
    pub location: Vec3,
    pub time: f64,
}

impl Stimulus for Sound {
    fn time(&self) -> f64 {
        self.time
    }

    fn source(&self) -> Option<TargetId> {
        self.instigator
    }
}

impl Stimulus for Touch {
    fn time(&self) -> f64 {
        self.time
    }
}

impl Stimulus for Damage {
    fn time(&self) -> f64 {
        self.time
    }
}

/// The recent stimuli of one kind, in a fixed ring.
#[derive(Debug, Clone)]
pub struct Ring<T> {
    items: Vec<T>,
    capacity: usize,
    next: usize,
    /// The sources of the stimuli held, one per stimulus that has one, sorted: the same for
    /// every AI of a frame, so kept here as the ring changes rather than sorted once a pass.
    sources: Vec<TargetId>,
}

impl<T: Stimulus> Ring<T> {
    #[must_use]
    pub fn new(capacity: usize) -> Self {
        Ring {
            items: Vec::with_capacity(capacity.max(1)),
            capacity: capacity.max(1),
            next: 0,
            sources: Vec::with_capacity(capacity.max(1)),
        }
    }

    /// Records a stimulus, overwriting the oldest when full.
    pub fn push(&mut self, item: T) {
        if self.items.len() < self.capacity {
            self.items.push(item);
        } else {
            let old = std::mem::replace(&mut self.items[self.next], item);
            self.next = (self.next + 1) % self.capacity;
            if let Some(gone) = old.source() {
                if let Ok(i) = self.sources.binary_search(&gone) {
                    self.sources.remove(i);
                }
            }
        }
        if let Some(source) = item.source() {
            let at = self.sources.partition_point(|s| *s < source);
            self.sources.insert(at, source);
        }
    }

    /// Forgets stimuli older than `max_age` seconds at world time `now`.
    pub fn prune(&mut self, now: f64, max_age: f64) {
        if self.items.iter().any(|s| now - s.time() > max_age) {
            self.items.retain(|s| now - s.time() <= max_age);
            self.next = 0;
            self.sources.clear();
            self.sources
                .extend(self.items.iter().filter_map(Stimulus::source));
            self.sources.sort_unstable();
        }
    }

    /// Forgets every stimulus.
    pub fn clear(&mut self) {
        self.items.clear();
        self.next = 0;
        self.sources.clear();
    }

    /// Every stimulus held, in no particular order.
    #[must_use]
    pub fn all(&self) -> &[T] {
        &self.items
    }

    /// Who made the stimuli held, sorted (a source once per stimulus it made): for a binary
    /// search.
    #[must_use]
    pub fn sources(&self) -> &[TargetId] {
        &self.sources
    }

    /// Replaces the contents with `other`'s, reusing this ring's memory.
    pub fn copy_from(&mut self, other: &Ring<T>) {
        self.items.clear();
        self.items.extend_from_slice(&other.items);
        self.capacity = other.capacity;
        self.next = other.next;
        self.sources.clear();
        self.sources.extend_from_slice(&other.sources);
    }
}

/// Recent sounds.
pub type SoundBuffer = Ring<Sound>;

impl<T: Stimulus> Default for Ring<T> {
    fn default() -> Self {
        Ring::new(256)
    }
}

/// A loud untagged sound at the origin with no known source, made at `time` (for tests).
#[cfg(test)]
pub(crate) fn sound_at(time: f64) -> Sound {
    Sound {
        location: Vec3::ZERO,
        loudness: 1.0,
        max_range: 10.0,
        tag: 0,
        instigator: None,
        time,
        max_tier: 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sound(time: f64) -> Sound {
        sound_at(time)
    }

    #[test]
    fn ring_overwrites_the_oldest_and_prunes_by_age() {
        let mut b = SoundBuffer::new(2);
        b.push(sound(1.0));
        b.push(sound(2.0));
        b.push(sound(3.0));
        let mut times: Vec<_> = b.all().iter().map(|s| s.time).collect();
        times.sort_by(f64::total_cmp);
        assert_eq!(times, [2.0, 3.0]);
        b.prune(4.5, 2.0);
        assert_eq!(b.all().len(), 1);
        let mut copy = SoundBuffer::new(8);
        copy.copy_from(&b);
        assert_eq!(copy.all(), b.all());
    }

    #[test]
    fn the_sources_of_the_sounds_held_stay_sorted_as_the_ring_turns_and_prunes() {
        let by = |who: u64, time: f64| Sound {
            instigator: Some(TargetId(who)),
            ..sound(time)
        };
        let mut b = SoundBuffer::new(3);
        b.push(by(9, 1.0));
        b.push(sound(2.0));
        b.push(by(4, 3.0));
        assert_eq!(b.sources(), [TargetId(4), TargetId(9)]);
        // Full: the sound of 9 (the oldest) gives way to another of 4's.
        b.push(by(4, 4.0));
        assert_eq!(b.sources(), [TargetId(4), TargetId(4)]);
        b.push(by(1, 5.0));
        assert_eq!(b.sources(), [TargetId(1), TargetId(4), TargetId(4)]);
        b.prune(5.5, 2.0);
        assert_eq!(b.sources(), [TargetId(1), TargetId(4)]);
        let mut copy = SoundBuffer::new(3);
        copy.copy_from(&b);
        assert_eq!(copy.sources(), b.sources());
        b.clear();
        assert!(b.sources().is_empty());
    }
}
