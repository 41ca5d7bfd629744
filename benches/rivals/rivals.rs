//! The same perft, written for cozy-chess and shakmaty, and Outpost's
//! make/unmake variant: shared by the criterion bench and the examples.

#![allow(dead_code)] // each includer uses a subset

use outpost_board::Position;
use std::hint::black_box;

/// Perft with cozy-chess, counting the last ply in bulk.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// Perft with shakmaty, playing every leaf (clone and `play_unchecked`);
/// each leaf made goes through `black_box`, as Outpost's `perft_full` does,
/// so that the compiler cannot drop the last ply's moves unobserved.
pub fn shakmaty_perft_full(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position as _;
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(&mv);
        nodes += if depth == 1 {
            black_box(&child);
            1
        } else {
            shakmaty_perft_full(&child, depth - 1)
        };
    }
    nodes
}

/// Every leaf played in place with make/unmake (Outpost's alternative to copy-make).
pub fn outpost_perft_unmake(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for &mv in pos.legal_moves().iter() {
        let undo = pos.make_move_undoable(mv);
        nodes += if depth == 1 {
            black_box(&*pos);
            1
        } else {
            outpost_perft_unmake(pos, depth - 1)
        };
        pos.unmake_move(mv, undo);
    }
    nodes
}

/// A shakmaty position from a FEN known to be valid.
pub fn shakmaty_position(fen: &str) -> shakmaty::Chess {
    let fen: shakmaty::fen::Fen = fen.parse().expect("valid FEN");
    fen.into_position(shakmaty::CastlingMode::Standard)
        .expect("legal position")
}
