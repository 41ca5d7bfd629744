//! Perft: counting the leaf nodes of the legal move tree, to check and time move generation.

use crate::{Move, Position};

/// The number of legal move sequences of `depth` plies from `pos`. The last
/// ply is counted without playing its moves (bulk counting).
///
/// ```
/// use outpost_board::{perft, Position};
///
/// let start = Position::startpos();
/// assert_eq!(perft(&start, 0), 1);
/// assert_eq!(perft(&start, 1), 20);
/// assert_eq!(perft(&start, 2), 400);
/// assert_eq!(perft(&start, 3), 8_902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut nodes = 0;
            pos.for_each_legal_move(|mv| {
                let mut child = *pos;
                child.make_move(mv);
                nodes += perft(&child, depth - 1);
            });
            nodes
        }
    }
}

/// Like [`perft`], but every move of every ply is played, the last one too.
/// Slower; it measures move making as well as generation.
///
/// ```
/// use outpost_board::{perft, perft_full, Position};
///
/// let start = Position::startpos();
/// assert_eq!(perft_full(&start, 3), 8_902);
/// assert_eq!(perft_full(&start, 3), perft(&start, 3));
/// ```
pub fn perft_full(pos: &Position, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => return 1,
        1 => pos.for_each_legal_move(|mv| {
            let mut child = *pos;
            child.make_move(mv);
            // The leaf is made; make sure its making is not optimised away.
            std::hint::black_box(&child);
            nodes += 1;
        }),
        _ => pos.for_each_legal_move(|mv| {
            let mut child = *pos;
            child.make_move(mv);
            nodes += perft_full(&child, depth - 1);
        }),
    }
    nodes
}

/// Perft split by root move: each legal move with the leaf count below it,
/// in generation order. `depth` counts the root move, so it must be at least 1
/// (depth 0 gives an empty list).
///
/// ```
/// use outpost_board::{divide, perft, Position};
///
/// let start = Position::startpos();
/// let split = divide(&start, 3);
/// assert_eq!(split.len(), 20);
/// let total: u64 = split.iter().map(|&(_, nodes)| nodes).sum();
/// assert_eq!(total, perft(&start, 3));
/// let e4 = split.iter().find(|(mv, _)| mv.to_string() == "e2e4");
/// assert_eq!(e4.map(|&(_, nodes)| nodes), Some(600));
/// ```
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&mv| (mv, perft(&pos.play(mv), depth - 1)))
        .collect()
}

/// `perft` split by root move as engines print it (`go perft`): one
/// `<move>: <count>` line per root move in the order of their text, a
/// blank line, then `Nodes searched: <total>`, each line ending in a
/// newline. Castling is written as the king taking its rook when `chess960`.
///
/// ```
/// use outpost_board::{divide_text, Position};
///
/// let text = divide_text(&Position::startpos(), 2, false);
/// assert!(text.starts_with("a2a3: 20\n"));
/// assert!(text.ends_with("\nNodes searched: 400\n"));
/// ```
pub fn divide_text(pos: &Position, depth: u32, chess960: bool) -> String {
    use std::fmt::Write;
    let mut split: Vec<(String, u64)> = divide(pos, depth)
        .into_iter()
        .map(|(mv, nodes)| (mv.uci(chess960).to_string(), nodes))
        .collect();
    split.sort();
    let mut text = String::new();
    for (mv, nodes) in &split {
        let _ = writeln!(text, "{mv}: {nodes}");
    }
    // Depth 0 has no root moves: the tree is the root alone.
    let total: u64 = if depth == 0 {
        1
    } else {
        split.iter().map(|(_, n)| n).sum()
    };
    let _ = write!(text, "\nNodes searched: {total}\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_counts() {
        let pos = Position::startpos();
        assert_eq!(perft(&pos, 1), 20);
        assert_eq!(perft(&pos, 3), 8_902);
        assert_eq!(perft_full(&pos, 3), 8_902);
        let d = divide(&pos, 2);
        assert_eq!(d.len(), 20);
        assert!(d.iter().all(|&(_, n)| n == 20));
    }
}
