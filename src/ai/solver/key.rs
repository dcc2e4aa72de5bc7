//! One key per position up to the board's symmetries: the solver stores and
//! finds a position and all of its images under one entry.

#[cfg(test)]
use crate::rules::{Bitboard, Board};
use crate::rules::{BoardSize, Position, SYMMETRIES, Side, Square, square_image};

/// A position as the proof table stores it: both sides' pieces in full (no
/// hash collisions can mix two positions up) and the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Key {
    pub white: u64,
    pub black: u64,
    pub black_to_move: bool,
}

impl Key {
    /// A well-mixed 64-bit hash of the key, for the table's slots.
    pub fn hash(&self) -> u64 {
        let mut h = self.white.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ self
                .black
                .rotate_left(29)
                .wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
            ^ u64::from(self.black_to_move);
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }

    /// The position this key stands for, on a board of `size`.
    #[cfg(test)]
    pub fn position(&self, size: BoardSize) -> Position {
        Position {
            board: Board::from_pieces(size, Bitboard(self.white), Bitboard(self.black))
                .expect("a key holds a position's pieces"),
            turn: if self.black_to_move {
                Side::Black
            } else {
                Side::White
            },
        }
    }
}

/// One symmetry of the board as a table: for each rank and each byte of that
/// rank's squares, where the squares go.
type RankMaps = [[u64; 256]; 8];

/// Turns positions of one board size into keys, the same key for every image
/// of a position under the symmetries the game allows.
pub(crate) struct Canonicalizer {
    size: BoardSize,
    maps: Vec<Box<RankMaps>>,
}

impl Canonicalizer {
    /// Keys for positions on `size`; with `symmetric` false each position is
    /// its own class.
    pub fn new(size: BoardSize, symmetric: bool) -> Canonicalizer {
        let (files, ranks) = (size.files(), size.ranks());
        let mut maps = Vec::new();
        if symmetric {
            // The identity is the first image; the others only add to it.
            for s in SYMMETRIES.skip(1) {
                if s % 2 == 1 && files != ranks {
                    continue;
                }
                let mut map = Box::new([[0u64; 256]; 8]);
                for y in 0..ranks {
                    for byte in 0..256usize {
                        let mut bits = 0u64;
                        for x in 0..files {
                            if byte & (1 << x) != 0 {
                                let sq = Square::new(x, y).expect("a square of the board");
                                bits |= square_image(s, size, sq).bit();
                            }
                        }
                        map[usize::from(y)][byte] = bits;
                    }
                }
                maps.push(map);
            }
        }
        Canonicalizer { size, maps }
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The key of `pos`: the least of its images' piece sets.
    pub fn key(&self, pos: &Position) -> Key {
        let white = pos.board.pieces(Side::White).0;
        let black = pos.board.pieces(Side::Black).0;
        let mut best = (white, black);
        let ranks = usize::from(self.size.ranks());
        for map in &self.maps {
            let image = (apply(map, white, ranks), apply(map, black, ranks));
            if image < best {
                best = image;
            }
        }
        Key {
            white: best.0,
            black: best.1,
            black_to_move: pos.turn == Side::Black,
        }
    }
}

fn apply(map: &RankMaps, bits: u64, ranks: usize) -> u64 {
    let mut out = 0;
    for (y, rank) in map.iter().enumerate().take(ranks) {
        out |= rank[((bits >> (8 * y)) & 0xff) as usize];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::builtin_rules;

    #[test]
    fn every_image_of_a_position_has_one_key() {
        let rules = builtin_rules("box").unwrap();
        for size in ["5x5", "4x6", "8x8"] {
            let size: BoardSize = size.parse().unwrap();
            let canon = Canonicalizer::new(size, true);
            let start = Position::start(size);
            let turns = rules.turns(&start).unwrap();
            for turn in turns.iter().take(20) {
                let key = canon.key(&turn.result);
                for s in SYMMETRIES {
                    if let Some(image) = turn.result.transformed(s) {
                        assert_eq!(canon.key(&image), key, "{size} symmetry {s}");
                    }
                }
                assert_eq!(
                    canon.key(&key.position(size)),
                    key,
                    "the key's position is one of the images"
                );
            }
            // Without symmetries a position is only itself.
            let plain = Canonicalizer::new(size, false);
            let first = &turns[0].result;
            assert_eq!(plain.key(first).position(size), *first);
        }
    }
}
