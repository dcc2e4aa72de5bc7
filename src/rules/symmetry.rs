//! The eight symmetries of the square board, applied to positions. The four
//! built-in games treat them alike, so a symmetric position's turns fall
//! into orbits with equal counts: deep perft counts one turn per orbit.

use std::collections::BTreeMap;

use super::{Board, BoardSize, Position, Rules, Square, VariantError};

/// Symmetry `s` in `0..8`, numbered as [`super::Step::transformed`] numbers
/// them: bit 2 mirrors the files, the low two bits turn the board by that
/// many quarter turns clockwise.
pub const SYMMETRIES: std::ops::Range<u8> = 0..8;

impl Position {
    /// This position seen through symmetry `s` ([`SYMMETRIES`]); `None`
    /// for a quarter turn of a board that is not square.
    ///
    /// ```
    /// use burrow::rules::Position;
    /// let start = Position::start_standard();
    /// // Half a turn leaves the start as it was; a mirror swaps the colours' squares.
    /// assert_eq!(start.transformed(2), Some(start));
    /// assert_ne!(start.transformed(4), Some(start));
    /// ```
    pub fn transformed(&self, s: u8) -> Option<Position> {
        let size = self.size();
        let (files, ranks) = (size.files(), size.ranks());
        if s % 2 == 1 && files != ranks {
            return None;
        }
        let mut board = Board::empty(size);
        for sq in self.board.occupied() {
            board.set(square_image(s, size, sq), self.board.side_at(sq));
        }
        Some(Position {
            board,
            turn: self.turn,
        })
    }

    /// The symmetries that leave this position unchanged (always 0).
    pub fn symmetries(&self) -> Vec<u8> {
        SYMMETRIES
            .filter(|&s| self.transformed(s) == Some(*self))
            .collect()
    }

    /// One image of this position under `symmetries` (the first by text),
    /// the same for every position of an orbit.
    pub fn canonical_image(&self, symmetries: &[u8]) -> Position {
        symmetries
            .iter()
            .filter_map(|&s| self.transformed(s))
            .min_by_key(|p| p.to_string())
            .unwrap_or(*self)
    }
}

/// Where `sq` goes under symmetry `s` ([`SYMMETRIES`]) on a board of
/// `size`; a quarter turn (odd `s`) needs a square board.
pub fn square_image(s: u8, size: BoardSize, sq: Square) -> Square {
    let (files, ranks) = (size.files(), size.ranks());
    let (mut x, mut y) = (sq.x(), sq.y());
    if s & 4 != 0 {
        x = files - 1 - x;
    }
    if s & 2 != 0 {
        // Half a turn, which any rectangle allows.
        (x, y) = (files - 1 - x, ranks - 1 - y);
    }
    if s & 1 != 0 {
        // A quarter turn clockwise (square boards only).
        (x, y) = (y, files - 1 - x);
    }
    Square::new(x, y).expect("a symmetry keeps squares on the board")
}

/// The positions a position's turns leave, grouped by the position's own
/// symmetries: one representative (its canonical image) per orbit, with
/// how many turns lead into the orbit. For a game that treats the
/// symmetries alike, every turn of an orbit has the same perft below it.
pub fn turn_orbits(rules: &Rules, pos: &Position) -> Result<Vec<(Position, u64)>, VariantError> {
    let symmetries = pos.symmetries();
    let mut orbits: BTreeMap<String, (Position, u64)> = BTreeMap::new();
    for turn in rules.turns(pos)? {
        let image = turn.result.canonical_image(&symmetries);
        orbits.entry(image.to_string()).or_insert((image, 0)).1 += 1;
    }
    Ok(orbits.into_values().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BoardSize;

    fn pos(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn a_quarter_turn_moves_a1_to_a8_and_h1_to_a1() {
        let p = pos("8/8/8/8/8/8/8/W6B W");
        let turned = p.transformed(1).unwrap();
        assert_eq!(turned, pos("W7/8/8/8/8/8/8/B7 W"));
        let mirrored = p.transformed(4).unwrap();
        assert_eq!(mirrored, pos("8/8/8/8/8/8/8/B6W W"));
    }

    #[test]
    fn four_quarter_turns_and_two_mirrors_are_the_identity() {
        let p = pos("WB1W4/2B5/8/3W4/8/1B6/8/W6B B");
        let mut turned = p;
        for _ in 0..4 {
            turned = turned.transformed(1).unwrap();
        }
        assert_eq!(turned, p);
        assert_eq!(p.transformed(4).unwrap().transformed(4).unwrap(), p);
    }

    #[test]
    fn non_square_boards_have_no_quarter_turns() {
        let p = Position::start(BoardSize::new(6, 5).unwrap());
        assert_eq!(p.transformed(1), None);
        assert!(p.transformed(2).is_some());
        // Half a turn or a mirror alone swaps the colours' squares on 6×5;
        // both together (a mirror top to bottom) do not.
        assert_eq!(p.symmetries(), vec![0, 6]);
    }

    #[test]
    fn the_standard_start_has_four_symmetries() {
        assert_eq!(Position::start_standard().symmetries(), vec![0, 2, 5, 7]);
    }

    #[test]
    fn orbits_cover_every_turn_with_equal_counts() {
        for id in ["box", "path", "sweep", "tumburrow"] {
            let rules = crate::rules::builtin_rules(id).unwrap();
            let start = Position::start_standard();
            let orbits = turn_orbits(&rules, &start).unwrap();
            let turns = rules.turns(&start).unwrap().len() as u64;
            assert_eq!(orbits.iter().map(|o| o.1).sum::<u64>(), turns, "{id}");
            assert!(
                orbits.len() * 4 >= turns as usize,
                "{id}: no orbit beyond 4 turns"
            );
            // The games treat the symmetries alike: perft(2) by orbits is perft(2).
            let by_orbits: u64 = orbits
                .iter()
                .map(|(p, n)| n * rules.perft(p, 1).unwrap())
                .sum();
            assert_eq!(by_orbits, rules.perft(&start, 2).unwrap(), "{id}");
        }
    }
}
