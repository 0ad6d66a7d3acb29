//! What the mirror needs to follow collision that a node makes from cells (a tile map, a grid
//! map): how many cells it follows at most, a fingerprint to tell a node's cells changed, and
//! whole cells joined into rectangles.

use aps_core::Vec3;
use std::collections::HashMap;

/// The most tiles of one tile map layer the mirror follows. Looking at a node's cells each
/// step costs about 50 to 80 ns a cell in a real scene (the engine walks its cell table, out of
/// the caches); each 2D ray the mirror answers saves about 4 µs, so a crowded 2D level of 500
/// such rays a frame gains until about this many tiles.
pub const MOST_TILES: usize = 32_768;

/// The most cells of one grid map the mirror follows: a 3D ray the mirror answers saves about
/// 1.2 µs (Jolt's rays are cheaper than Godot's 2D ones), so the look at the cells pays for
/// itself up to about this many.
pub const MOST_GRID_CELLS: usize = 8_192;

/// Cells whose tile fills them, `(layers, y, x)`, as rectangles of cells: runs along each row,
/// then runs of equal width stacked row on row. Each rectangle is `(layers, first, last)`, its
/// corner cells as `[x, y]`.
pub fn rectangles(mut filled: Vec<(u32, i32, i32)>) -> Vec<(u32, [i32; 2], [i32; 2])> {
    filled.sort_unstable();
    filled.dedup();
    // Runs along rows: (layers, y, first x, last x), in order of layers and row.
    let mut runs: Vec<(u32, i32, i32, i32)> = Vec::new();
    for (layers, y, x) in filled {
        match runs.last_mut() {
            Some(r) if r.0 == layers && r.1 == y && r.3 + 1 == x => r.3 = x,
            _ => runs.push((layers, y, x, x)),
        }
    }
    // Open rectangles by (layers, first x, last x): their first and last row.
    let mut open: HashMap<(u32, i32, i32), (i32, i32)> = HashMap::new();
    let mut out = Vec::new();
    for (layers, y, x0, x1) in runs {
        let key = (layers, x0, x1);
        match open.get_mut(&key) {
            Some(rows) if rows.1 + 1 == y => rows.1 = y,
            _ => {
                if let Some((y0, y1)) = open.insert(key, (y, y)) {
                    out.push((layers, [x0, y0], [x1, y1]));
                }
            }
        }
    }
    for ((layers, x0, x1), (y0, y1)) in open {
        out.push((layers, [x0, y0], [x1, y1]));
    }
    out
}

/// A fast running hash (multiply and rotate): a fingerprint, not a defence; and the number of
/// cells it covered.
#[derive(Default)]
pub struct Fingerprint(u64, usize);

impl Fingerprint {
    pub fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    /// Notes that it covers `n` cells.
    pub fn cells(&mut self, n: usize) {
        self.1 += n;
    }

    #[must_use]
    pub fn count(&self) -> usize {
        self.1
    }

    /// Adds `bytes`, eight at a time.
    pub fn bytes(&mut self, bytes: &[u8]) {
        self.add(bytes.len() as u64);
        let mut words = bytes.chunks_exact(8);
        for w in words.by_ref() {
            self.add(u64::from_le_bytes(w.try_into().unwrap_or_default()));
        }
        for b in words.remainder() {
            self.add(u64::from(*b));
        }
    }

    /// Adds the numbers of a transform or a vector, bit for bit.
    pub fn floats(&mut self, floats: &[f32]) {
        for f in floats {
            self.add(u64::from(f.to_bits()));
        }
    }

    /// Adds a placement: its basis's columns and its origin.
    pub fn place(&mut self, (basis, origin): ([Vec3; 3], Vec3)) {
        for v in [basis[0], basis[1], basis[2], origin] {
            self.floats(&[v.x, v.y, v.z]);
        }
    }

    #[must_use]
    pub fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filled_cells_join_into_rows_then_into_stacks_of_rows_of_equal_width() {
        // Layer 1: a 3 × 2 block at (0, 0) and a lone cell at (5, 0); layer 2: one cell at
        // (1, 0), under the block's.
        let mut filled = vec![(2, 0, 1), (1, 0, 5)];
        for y in 0..2 {
            for x in 0..3 {
                filled.push((1, y, x));
            }
        }
        let mut got = rectangles(filled);
        got.sort_unstable_by_key(|r| (r.0, r.1[0], r.1[1]));
        assert_eq!(
            got,
            vec![
                (1, [0, 0], [2, 1]),
                (1, [5, 0], [5, 0]),
                (2, [1, 0], [1, 0]),
            ]
        );
    }

    #[test]
    fn a_row_of_another_width_starts_a_new_rectangle_and_a_gap_ends_one() {
        // Rows 0 and 1 are two cells wide, row 2 three, row 4 two again after a gap.
        let filled = vec![
            (1, 0, 0),
            (1, 0, 1),
            (1, 1, 0),
            (1, 1, 1),
            (1, 2, 0),
            (1, 2, 1),
            (1, 2, 2),
            (1, 4, 0),
            (1, 4, 1),
        ];
        let mut got = rectangles(filled);
        got.sort_unstable_by_key(|r| (r.1[1], r.1[0]));
        assert_eq!(
            got,
            vec![
                (1, [0, 0], [1, 1]),
                (1, [0, 2], [2, 2]),
                (1, [0, 4], [1, 4]),
            ]
        );
    }

    #[test]
    fn a_fingerprint_tells_cells_apart_and_counts_them() {
        let print = |bytes: &[u8], n: usize| {
            let mut h = Fingerprint::default();
            h.cells(n);
            h.bytes(bytes);
            (h.finish(), h.count())
        };
        let cells = [1u8, 0, 2, 0, 0, 0, 5, 0, 0, 0, 0, 0, 9];
        let mut moved = cells;
        moved[0] = 3;
        assert_eq!(print(&cells, 1), print(&cells, 1));
        assert_ne!(print(&cells, 1).0, print(&moved, 1).0);
        assert_ne!(print(&cells, 1).0, print(&cells[..12], 1).0);
        assert_eq!(print(&cells, 1).1, 1);
    }
}
