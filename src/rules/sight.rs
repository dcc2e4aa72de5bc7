//! Lines of sight along the eight queen directions, for templates that count
//! what a piece sees (Tumburrow).

use super::{Bitboard, Board, Side, Square, Step};

/// `RAYS[sq][d]`: the squares from `sq` (excluded) to the edge in king
/// direction `d` of [`Step::KING`], on the 8×8 grid.
static RAYS: [[u64; 8]; 64] = build_rays();

const fn build_rays() -> [[u64; 8]; 64] {
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let step = Step::KING[d];
            let (mut x, mut y) = ((sq % 8) as i8, (sq / 8) as i8);
            let mut bits = 0u64;
            loop {
                x += step.dx;
                y += step.dy;
                if x < 0 || y < 0 || x >= 8 || y >= 8 {
                    break;
                }
                bits |= 1u64 << (y * 8 + x);
            }
            rays[sq][d] = bits;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The first piece (of either colour) seen from `from` in king direction `d`.
pub fn first_piece_seen(board: &Board, from: Square, d: usize) -> Option<Square> {
    let blockers = Bitboard(RAYS[from.index()][d]) & board.occupied();
    if RAISES_INDEX[d] {
        blockers.first()
    } else {
        blockers.last()
    }
}

/// How many of `side`'s pieces the square `from` sees along the eight queen
/// lines, where the first piece met on a line, friend or enemy, blocks it.
/// A piece standing on `from` is not counted.
///
/// ```
/// use burrow::rules::{sight::friends_in_sight, Side, Position};
/// let pos: Position = "WBWB/4/W3/BW2 W".parse().unwrap();
/// // a1 sees a2 (White) north, b1 (White) east, and b2..d4 is empty until d4 (Black) far away.
/// assert_eq!(friends_in_sight(&pos.board, "a1".parse().unwrap(), Side::White), 2);
/// ```
pub fn friends_in_sight(board: &Board, from: Square, side: Side) -> u8 {
    // The hottest question of a Tumburrow turn search, so it is branch-free:
    // isolate the nearest blocker bit of each line and test it against friends.
    let occupied = board.occupied().0;
    let friends = board.pieces(side).0;
    let rays = &RAYS[from.index()];
    let mut seen = 0u64;
    for (d, &ray) in rays.iter().enumerate() {
        let blockers = ray & occupied;
        let nearest = if RAISES_INDEX[d] {
            blockers & blockers.wrapping_neg()
        } else {
            // The highest set bit, or nothing when no piece is on the line.
            (1u64 << 63 >> blockers.leading_zeros().min(63)) & blockers
        };
        seen |= ((nearest & friends != 0) as u64) << d;
    }
    seen.count_ones() as u8
}

/// Whether king direction `d` moves to higher square indices (its first
/// piece is the lowest set bit of the line).
const RAISES_INDEX: [bool; 8] = {
    let mut raises = [false; 8];
    let mut d = 0;
    while d < 8 {
        let step = Step::KING[d];
        raises[d] = step.dy > 0 || (step.dy == 0 && step.dx > 0);
        d += 1;
    }
    raises
};

/// The squares of every line of sight from `from`, up to and including the
/// first piece met on each line: what the UI draws for a sight template.
pub fn sight_lines(board: &Board, from: Square) -> Bitboard {
    let mut seen = Bitboard::EMPTY;
    for (d, &ray) in RAYS[from.index()].iter().enumerate() {
        let ray = Bitboard(ray) & board.size().squares();
        match first_piece_seen(board, from, d) {
            Some(blocker) => {
                let beyond = Bitboard(RAYS[blocker.index()][d]);
                seen |= ray - beyond;
            }
            None => seen |= ray,
        }
    }
    seen
}
