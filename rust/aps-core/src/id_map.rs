//! Maps keyed by ids (targets, perceivers, engine instance ids). The keys are unique numbers
//! the game does not choose for an attack, so a multiply and a rotate spread them as well as
//! the standard library's SipHash does for this use, at a fraction of a lookup's cost; the
//! crowd's benches and the schedule look ids up many times a pass.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A `HashMap` for id keys, with [`IdHasher`].
pub type IdMap<K, V> = HashMap<K, V, BuildHasherDefault<IdHasher>>;

/// An odd 64-bit constant with well-mixed bits (from the golden ratio).
const SPREAD: u64 = 0x9e37_79b9_7f4a_7c15;

/// Hashes integer ids by multiplying; other bytes a word at a time.
#[derive(Debug, Default, Clone, Copy)]
pub struct IdHasher(u64);

impl IdHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SPREAD);
    }
}

impl Hasher for IdHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_i64(&mut self, n: i64) {
        self.add(n as u64);
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        // The table takes its bucket from the low bits and its tags from the high ones: the
        // multiply leaves the best-mixed bits high, so some of them are brought down.
        self.0.rotate_left(26)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn ids_in_a_row_land_in_different_buckets() {
        let build = BuildHasherDefault::<IdHasher>::default();
        let mut buckets = std::collections::HashSet::new();
        for id in 1..=1024u64 {
            buckets.insert(build.hash_one(id) & 1023);
        }
        assert!(buckets.len() > 600, "{} of 1024 buckets", buckets.len());
    }

    #[test]
    fn a_map_finds_what_it_holds() {
        let mut m: IdMap<u64, u32> = IdMap::default();
        for id in 0..10_000u64 {
            m.insert(id * 4096 + 7, id as u32);
        }
        assert!((0..10_000u64).all(|id| m.get(&(id * 4096 + 7)) == Some(&(id as u32))));
        assert_eq!(m.get(&3), None);
    }
}
