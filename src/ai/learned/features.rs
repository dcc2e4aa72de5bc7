//! What the learned evaluation sees of a position: counts that mean the same
//! on every board size and in every Burrow game, computed with a few dozen
//! bitboard operations and no allocation.
//!
//! Each side (the side to move first, then the other) gets the same
//! [`PER_SIDE`] counts:
//!
//! - its pieces, and those that can start a turn (a side with none has
//!   lost, so this is the rules' own measure of life);
//! - its pieces on the corners and on the other edge squares (fewer ways
//!   in and out there);
//! - its pieces by how many enemy pieces touch them (0 to 8, the eight
//!   squares around), and by how many friends do: a Burrow capture starts
//!   next to or in sight of an enemy, and the templates care about crowds;
//! - its pieces with an empty square beside them (room to be reached);
//! - its pieces that an enemy able to capture touches (exposed), and its
//!   capturers that touch no enemy (their captures are at a distance).
//!
//! A last input is always one: the worth of having the move.

use crate::rules::{Bitboard, Board, BoardSize, Position, Rules};

/// The counts each side gets.
pub const PER_SIDE: usize = 25;

/// Every input: both sides' counts and the move's own worth.
pub const FEATURES: usize = 2 * PER_SIDE + 1;

/// The index of the always-one input.
pub const TEMPO: usize = 2 * PER_SIDE;

/// Where each count sits within a side's block.
pub mod slot {
    pub const PIECES: usize = 0;
    pub const CAPTURERS: usize = 1;
    pub const CORNERS: usize = 2;
    pub const EDGES: usize = 3;
    /// Nine counts: pieces touched by 0 ..= 8 enemies.
    pub const ENEMY_TOUCH: usize = 4;
    /// Nine counts: pieces touched by 0 ..= 8 friends.
    pub const FRIEND_TOUCH: usize = 13;
    pub const BESIDE_EMPTY: usize = 22;
    pub const EXPOSED: usize = 23;
    pub const DISTANT_CAPTURERS: usize = 24;
}

/// Short names of a side's counts, for reports and the weights' text.
pub const SLOT_NAMES: [&str; PER_SIDE] = [
    "pieces",
    "capturers",
    "corners",
    "edges",
    "touched by 0",
    "touched by 1",
    "touched by 2",
    "touched by 3",
    "touched by 4",
    "touched by 5",
    "touched by 6",
    "touched by 7",
    "touched by 8",
    "friends 0",
    "friends 1",
    "friends 2",
    "friends 3",
    "friends 4",
    "friends 5",
    "friends 6",
    "friends 7",
    "friends 8",
    "beside an empty square",
    "exposed",
    "capturers at a distance",
];

/// One position's inputs, from the side to move's point of view, with the
/// share of the board still covered (0 to [`PHASE_ONE`]) that blends the
/// weights of a full board with those of an emptied one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    pub counts: [u8; FEATURES],
    pub phase: u16,
}

/// The phase of a full board.
pub const PHASE_ONE: u16 = 256;

/// The eight directions to a neighbouring square.
const AROUND: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// For every square, how many of `pieces` touch it, as four bit planes
/// (bit `i` of the count of a square is set in `planes[i]`).
fn touch_counts(pieces: Bitboard) -> [u64; 4] {
    let mut planes = [0u64; 4];
    for (dx, dy) in AROUND {
        let mut carry = pieces.shifted(dx, dy).0;
        for plane in &mut planes {
            let sum = *plane ^ carry;
            carry &= *plane;
            *plane = sum;
            if carry == 0 {
                break;
            }
        }
    }
    planes
}

/// The squares whose count in `planes` is exactly `k`.
fn count_is(planes: &[u64; 4], k: usize) -> u64 {
    let mut squares = !0u64;
    for (i, plane) in planes.iter().enumerate() {
        squares &= if k >> i & 1 == 1 { *plane } else { !*plane };
    }
    squares
}

/// Every square a piece of `pieces` touches.
fn touched(pieces: Bitboard) -> u64 {
    AROUND
        .iter()
        .fold(0, |all, &(dx, dy)| all | pieces.shifted(dx, dy).0)
}

/// The corner and the other edge squares of a board of `size`.
fn rim(size: BoardSize) -> (u64, u64) {
    let (files, ranks) = (size.files(), size.ranks());
    let board = size.squares().0;
    let edges = (Bitboard::file(0).0
        | Bitboard::file(files - 1).0
        | Bitboard::rank(0).0
        | Bitboard::rank(ranks - 1).0)
        & board;
    let corners = (Bitboard::file(0).0 | Bitboard::file(files - 1).0)
        & (Bitboard::rank(0).0 | Bitboard::rank(ranks - 1).0);
    (corners, edges & !corners)
}

/// The count of a set of squares, as an input (a board has at most 64).
fn count(bits: u64) -> u8 {
    bits.count_ones() as u8
}

impl Features {
    /// The inputs of `pos`, with the pieces that can capture already known
    /// (`ours_active` of the side to move, `theirs_active` of the other):
    /// the evaluation needs them anyway to see a lost position.
    pub fn of(pos: &Position, ours_active: Bitboard, theirs_active: Bitboard) -> Features {
        let board: &Board = &pos.board;
        let size = board.size();
        let (ours, theirs) = (pos.ours(), pos.theirs());
        let empty = board.empty_squares().0;
        let (corners, edges) = rim(size);
        let touch = [touch_counts(ours), touch_counts(theirs)];
        let near_empty = touched(Bitboard(empty));
        let near_active = [touched(ours_active), touched(theirs_active)];
        let mut counts = [0u8; FEATURES];
        let sides = [(ours, ours_active, 0usize), (theirs, theirs_active, 1usize)];
        for (block, &(pieces, active, me)) in sides.iter().enumerate() {
            let them = 1 - me;
            let out = &mut counts[block * PER_SIDE..(block + 1) * PER_SIDE];
            let p = pieces.0;
            out[slot::PIECES] = count(p);
            out[slot::CAPTURERS] = count(active.0);
            out[slot::CORNERS] = count(p & corners);
            out[slot::EDGES] = count(p & edges);
            for k in 0..9 {
                out[slot::ENEMY_TOUCH + k] = count(p & count_is(&touch[them], k));
                out[slot::FRIEND_TOUCH + k] = count(p & count_is(&touch[me], k));
            }
            out[slot::BESIDE_EMPTY] = count(p & near_empty);
            out[slot::EXPOSED] = count(p & near_active[them]);
            out[slot::DISTANT_CAPTURERS] = count(active.0 & !touch_any(&touch[them]));
        }
        counts[TEMPO] = 1;
        let squares = size.squares().count().max(1);
        let covered = board.occupied().count();
        let phase = (covered * u32::from(PHASE_ONE) / squares).min(u32::from(PHASE_ONE)) as u16;
        Features { counts, phase }
    }

    /// [`Features::of`], finding the pieces that can capture itself.
    pub fn compute(rules: &Rules, pos: &Position) -> Features {
        let ours_active = rules.capturers(&pos.board, pos.turn);
        let theirs_active = rules.capturers(&pos.board, pos.turn.opponent());
        Features::of(pos, ours_active, theirs_active)
    }
}

/// The squares at least one piece touches, from its touch counts.
fn touch_any(planes: &[u64; 4]) -> u64 {
    planes[0] | planes[1] | planes[2] | planes[3]
}
