//! The Polyglot key of a position: a Zobrist hash over the published
//! Random64 array, independent of Outpost's own keys.

use crate::random::RANDOM64;
use outpost_board::{CastlingSide, Color, PieceKind, Position, Rank, Square};

/// Where the castling numbers start in Random64 (white short, white long,
/// black short, black long).
const CASTLING: usize = 768;
/// Where the en-passant file numbers start.
const EN_PASSANT: usize = 772;
/// The number XORed in when White is to move.
const TURN: usize = 780;

/// The Polyglot "kind of piece": black pawn 0, white pawn 1, black knight 2,
/// ... white king 11.
#[inline]
fn polyglot_kind(color: Color, kind: PieceKind) -> usize {
    2 * kind.index() + usize::from(color == Color::White)
}

/// The Polyglot key of `pos`, as the format's documentation defines it:
/// pieces, castling rights, the en-passant file when a pawn of the side to
/// move stands beside the pawn that just advanced two squares (whether or not
/// the capture would be legal), and the side to move.
///
/// ```
/// use outpost_board::Position;
/// use outpost_book::polyglot_key;
///
/// assert_eq!(polyglot_key(&Position::startpos()), 0x463b_9618_1691_fc9c);
/// ```
pub fn polyglot_key(pos: &Position) -> u64 {
    let mut key = 0;
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let base = 64 * polyglot_kind(color, kind);
            for sq in pos.pieces_of(color, kind) {
                key ^= RANDOM64[base + sq.index()];
            }
        }
    }
    let rights = pos.castling_rights();
    for (i, (color, side)) in [
        (Color::White, CastlingSide::King),
        (Color::White, CastlingSide::Queen),
        (Color::Black, CastlingSide::King),
        (Color::Black, CastlingSide::Queen),
    ]
    .into_iter()
    .enumerate()
    {
        if rights.has(color, side) {
            key ^= RANDOM64[CASTLING + i];
        }
    }
    if let Some(file) = en_passant_file(pos) {
        key ^= RANDOM64[EN_PASSANT + file];
    }
    if pos.side_to_move() == Color::White {
        key ^= RANDOM64[TURN];
    }
    key
}

/// The file of the pawn that just advanced two squares, if a pawn of the
/// side to move stands beside it (the format's condition for hashing it).
fn en_passant_file(pos: &Position) -> Option<usize> {
    let ep = pos.en_passant()?;
    let us = pos.side_to_move();
    let pushed = Square::new(ep.file(), Rank::Fifth.relative_to(us));
    let ours = pos.pieces_of(us, PieceKind::Pawn);
    let beside = [-1, 1]
        .into_iter()
        .filter_map(|df| pushed.offset(df, 0))
        .any(|sq| ours.contains(sq));
    beside.then_some(ep.file().index())
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_notation::parse_fen;

    /// The test positions and keys published with the Polyglot book format
    /// (`book_format.html`, "Test data").
    const PUBLISHED: [(&str, u64); 9] = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            0x463b96181691fc9c,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            0x823c9b50fd114196,
        ),
        (
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
            0x0756b94461c50fb0,
        ),
        (
            "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
            0x662fafb965db29d4,
        ),
        (
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            0x22a48b5a8e47ff78,
        ),
        (
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
            0x652a607ca3f242c1,
        ),
        (
            "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
            0x00fdd303c946bdd9,
        ),
        (
            "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
            0x3c8123ea7b067637,
        ),
        (
            "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4",
            0x5c3f9b829b279560,
        ),
    ];

    #[test]
    fn published_test_keys() {
        for (fen, key) in PUBLISHED {
            let pos = parse_fen(fen).unwrap();
            assert_eq!(polyglot_key(&pos), key, "{fen}");
        }
    }

    #[test]
    fn en_passant_counts_only_beside_a_pawn_of_the_side_to_move() {
        // After 1. e4 no black pawn can take: the key ignores the e3 square,
        // so it equals the same position without it.
        let with = parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        let without = parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(
            polyglot_key(&with.unwrap()),
            polyglot_key(&without.unwrap())
        );
        // A pinned pawn beside the pushed one still counts (the format
        // ignores legality): the black pawn on d4 is pinned by the rook on a4
        // against its king on h4, so exd3 is illegal, yet e3 enters the key.
        let pinned = parse_fen("8/8/8/8/R2pP2k/8/8/4K3 b - e3 0 1").unwrap();
        let plain = parse_fen("8/8/8/8/R2pP2k/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(
            polyglot_key(&pinned) ^ polyglot_key(&plain),
            RANDOM64[EN_PASSANT + 4]
        );
    }
}
