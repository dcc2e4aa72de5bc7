//! Zobrist keys: a 64-bit fingerprint of a position for the transposition table.

use std::sync::OnceLock;

use crate::rules::{Position, Side};

struct Keys {
    pieces: [[u64; 64]; 2],
    black_to_move: u64,
    /// Boards of different sizes must not share keys.
    size: [u64; 81],
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        // SplitMix64: fixed keys, the same in every run.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut pieces = [[0; 64]; 2];
        for side in &mut pieces {
            for key in side.iter_mut() {
                *key = next();
            }
        }
        let black_to_move = next();
        let mut size = [0; 81];
        for key in &mut size {
            *key = next();
        }
        Keys {
            pieces,
            black_to_move,
            size,
        }
    })
}

/// The position's key.
pub fn zobrist(pos: &Position) -> u64 {
    let keys = keys();
    let mut hash = keys.size[(pos.size().files() as usize) * 9 + pos.size().ranks() as usize];
    for (i, side) in [Side::White, Side::Black].into_iter().enumerate() {
        for sq in pos.board.pieces(side) {
            hash ^= keys.pieces[i][sq.index()];
        }
    }
    if pos.turn == Side::Black {
        hash ^= keys.black_to_move;
    }
    hash
}
