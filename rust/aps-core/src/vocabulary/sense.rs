//! Which sense a reading came from, and sets of senses.
//!
//! The spec lists eight built-in senses (section 1, "The system in one picture"). Custom senses
//! (section 14, "Add a sense") take the slots after them, up to [`MAX_SENSES`] in all.

use serde::{Deserialize, Serialize};

/// The most senses one perceiver can carry: the eight built-in ones plus up to eight custom ones.
pub const MAX_SENSES: usize = 16;

/// How many senses are built in.
pub const BUILTIN_SENSES: usize = 8;

/// Slots for custom senses: after the built-in ones, before the squad's shared slot.
pub const CUSTOM_SENSES: usize = MAX_SENSES - BUILTIN_SENSES - 1;

/// The sense slot shared belief from squad mates arrives through: the last slot (spec section
/// 10, squad sharing).
pub const SQUAD_SENSE: SenseId = SenseId(15);

/// The senses the spec names, in the spec's order. The numeric values are stable: the Godot
/// layer exposes them as `SENSE_VISION` .. `SENSE_ECHOLOCATION`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Sense {
    Vision = 0,
    Hearing = 1,
    Smell = 2,
    Touch = 3,
    Vibration = 4,
    Damage = 5,
    Pain = 6,
    Echolocation = 7,
}

impl Sense {
    /// Every built-in sense, in order.
    pub const ALL: [Sense; BUILTIN_SENSES] = [
        Sense::Vision,
        Sense::Hearing,
        Sense::Smell,
        Sense::Touch,
        Sense::Vibration,
        Sense::Damage,
        Sense::Pain,
        Sense::Echolocation,
    ];

    /// The slot this sense occupies.
    #[must_use]
    pub const fn id(self) -> SenseId {
        SenseId(self as u8)
    }

    /// The lower-case name used in profiles and messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Sense::Vision => "vision",
            Sense::Hearing => "hearing",
            Sense::Smell => "smell",
            Sense::Touch => "touch",
            Sense::Vibration => "vibration",
            Sense::Damage => "damage",
            Sense::Pain => "pain",
            Sense::Echolocation => "echolocation",
        }
    }
}

/// A sense slot: 0..8 are the built-in senses, 8..15 custom ones, 15 shared squad belief.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct SenseId(pub u8);

impl SenseId {
    /// The slot as an array index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The built-in sense in this slot, if it is one.
    #[must_use]
    pub fn builtin(self) -> Option<Sense> {
        Sense::ALL.get(self.index()).copied()
    }

    /// The first custom slot plus `n`.
    #[must_use]
    pub const fn custom(n: u8) -> SenseId {
        SenseId(BUILTIN_SENSES as u8 + n)
    }
}

impl From<Sense> for SenseId {
    fn from(s: Sense) -> Self {
        s.id()
    }
}

/// How many bits each byte value has set, for [`SenseSet::len`].
const BYTE_BITS: [u8; 256] = {
    let mut t = [0; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).count_ones() as u8;
        i += 1;
    }
    t
};

/// A set of sense slots as a bit mask: which senses are active on a target this tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct SenseSet(pub u16);

impl SenseSet {
    pub const EMPTY: SenseSet = SenseSet(0);

    #[must_use]
    pub const fn contains(self, id: SenseId) -> bool {
        self.0 & (1 << id.0) != 0
    }

    pub fn insert(&mut self, id: SenseId) {
        self.0 |= 1 << id.0;
    }

    pub fn remove(&mut self, id: SenseId) {
        self.0 &= !(1 << id.0);
    }

    /// How many senses the set holds. Counted by table, a byte at a time: without a `popcnt`
    /// instruction in the baseline x86-64 target, `count_ones` is a dozen instructions, and the
    /// tick counts every belief's active senses twice (fusion and threat).
    #[must_use]
    pub const fn len(self) -> u32 {
        let [lo, hi] = self.0.to_le_bytes();
        (BYTE_BITS[lo as usize] + BYTE_BITS[hi as usize]) as u32
    }

    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The slots in the set, lowest first.
    pub fn iter(self) -> impl Iterator<Item = SenseId> {
        (0..MAX_SENSES as u8)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(SenseId)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_counts_as_count_ones_does() {
        for bits in 0..=u16::MAX {
            assert_eq!(SenseSet(bits).len(), bits.count_ones());
        }
    }

    #[test]
    fn sense_ids_follow_the_spec_order() {
        let names: Vec<_> = Sense::ALL.iter().map(|s| s.name()).collect();
        assert_eq!(
            names,
            [
                "vision",
                "hearing",
                "smell",
                "touch",
                "vibration",
                "damage",
                "pain",
                "echolocation"
            ]
        );
        assert_eq!(Sense::Echolocation.id(), SenseId(7));
        assert_eq!(SenseId::custom(0), SenseId(8));
        assert_eq!(SenseId(3).builtin(), Some(Sense::Touch));
        assert_eq!(SenseId(9).builtin(), None);
    }

    #[test]
    fn sense_set_counts_and_iterates() {
        let mut s = SenseSet::EMPTY;
        s.insert(Sense::Vision.id());
        s.insert(Sense::Smell.id());
        s.insert(SenseId::custom(2));
        assert_eq!(s.len(), 3);
        assert!(s.contains(Sense::Smell.id()));
        assert!(!s.contains(Sense::Hearing.id()));
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            [SenseId(0), SenseId(2), SenseId(10)]
        );
    }
}
