//! Stimuli that happen at an instant and that senses listen for: sounds (spec section 1,
//! hearing; section 11: a sound with no known source is a belief about a place).

use crate::reading::TargetId;
use glam::Vec3;

/// A sound made somewhere, at some time.
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
    /// World time it was made, seconds.
    pub time: f64,
}

/// The recent sounds of a world, newest last, in a fixed ring: emitting never allocates once the
/// ring is full, and the oldest sound gives way.
#[derive(Debug, Clone)]
pub struct SoundBuffer {
    sounds: Vec<Sound>,
    capacity: usize,
    next: usize,
}

impl SoundBuffer {
    #[must_use]
    pub fn new(capacity: usize) -> Self {
        SoundBuffer {
            sounds: Vec::with_capacity(capacity.max(1)),
            capacity: capacity.max(1),
            next: 0,
        }
    }

    /// Records a sound, overwriting the oldest when full.
    pub fn push(&mut self, sound: Sound) {
        if self.sounds.len() < self.capacity {
            self.sounds.push(sound);
        } else {
            self.sounds[self.next] = sound;
            self.next = (self.next + 1) % self.capacity;
        }
    }

    /// Forgets sounds older than `max_age` seconds at world time `now`.
    pub fn prune(&mut self, now: f64, max_age: f64) {
        if self.sounds.iter().any(|s| now - s.time > max_age) {
            self.sounds.retain(|s| now - s.time <= max_age);
            self.next = 0;
        }
    }

    /// Every sound held, in no particular order.
    #[must_use]
    pub fn all(&self) -> &[Sound] {
        &self.sounds
    }
}

impl Default for SoundBuffer {
    fn default() -> Self {
        SoundBuffer::new(256)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sound(time: f64) -> Sound {
        Sound {
            location: Vec3::ZERO,
            loudness: 1.0,
            max_range: 10.0,
            tag: 0,
            instigator: None,
            time,
        }
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
    }
}
