//! Pawn structure: what depends on the pawns alone, computed set-wise and
//! cached in a pawn hash table keyed by a pawn-only Zobrist key.

use crate::params::Params;
use crate::score::TaperedScore;
use outpost_board::attacks::pawn_attacks_set;
use outpost_board::{Bitboard, Color, File, Piece, PieceKind, Position};
use std::fmt;

/// The default number of entries of a pawn hash table (64 bytes each).
pub const DEFAULT_PAWN_TABLE_ENTRIES: usize = 4096;

/// What the evaluation knows from the pawns alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PawnEntry {
    /// The [`Position::pawn_key`] these facts belong to.
    pub key: u64,
    /// Structure score of each side (doubled, isolated, backward, supported,
    /// phalanx), by [`Color::index`].
    pub score: [TaperedScore; 2],
    /// The passed pawns of both sides.
    pub passed: Bitboard,
    /// Squares attacked by each side's pawns.
    pub attacks: [Bitboard; 2],
    /// Squares each side's pawns attack now or could attack after advancing.
    pub attack_span: [Bitboard; 2],
    /// Files holding at least one pawn of each side, bit `n` for file `n`.
    pub files: [u8; 2],
}

impl PawnEntry {
    /// Computes the entry from scratch.
    pub fn compute(pos: &Position, key: u64, params: &Params) -> PawnEntry {
        let pawns = [
            pos.pieces_of(Color::White, PieceKind::Pawn),
            pos.pieces_of(Color::Black, PieceKind::Pawn),
        ];
        let attacks = [
            pawn_attacks_set(Color::White, pawns[0]),
            pawn_attacks_set(Color::Black, pawns[1]),
        ];
        let attack_span = [
            fill_forward(Color::White, attacks[0]),
            fill_forward(Color::Black, attacks[1]),
        ];
        let mut entry = PawnEntry {
            key,
            score: [TaperedScore::ZERO; 2],
            passed: Bitboard::EMPTY,
            attacks,
            attack_span,
            files: [file_set(pawns[0]), file_set(pawns[1])],
        };
        for us in Color::ALL {
            let them = !us;
            let ours = pawns[us.index()];
            let theirs = pawns[them.index()];
            let mut score = TaperedScore::ZERO;

            let file_fill = fill_backward(us, fill_forward(us, ours));
            let isolated = ours & !neighbour_files(file_fill);
            let doubled = ours & front_span(us, ours);
            let stops = step_forward(us, ours);
            let backward =
                step_backward(us, stops & attacks[them.index()] & !attack_span[us.index()])
                    & !isolated;
            score += params.pawn_isolated * isolated.count() as i32;
            score += params.pawn_doubled * doubled.count() as i32;
            score += params.pawn_backward * backward.count() as i32;

            let supported = ours & attacks[us.index()];
            let phalanx = ours & neighbour_squares(ours);
            for sq in supported {
                score += params.pawn_supported[sq.rank().relative_to(us).index()];
            }
            for sq in phalanx {
                score += params.pawn_phalanx[sq.rank().relative_to(us).index()];
            }

            // Passed: no enemy pawn ahead on its file or able to capture on
            // its way, and no own pawn ahead of it on its file.
            let stoppers = front_span(them, theirs) | attack_span[them.index()];
            let behind_own = front_span(them, ours);
            entry.passed |= ours & !stoppers & !behind_own;
            entry.score[us.index()] = score;
        }
        entry
    }
}

/// A pawn hash table: a fixed number of [`PawnEntry`] slots indexed by the
/// low bits of the pawn key, each replaced by the newest structure.
#[derive(Clone)]
pub(crate) struct PawnTable {
    entries: Vec<PawnEntry>,
}

impl fmt::Debug for PawnTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PawnTable({} entries)", self.entries.len())
    }
}

impl PawnTable {
    /// A table of `entries` slots rounded up to a power of two (at least
    /// one), each holding the pawnless structure.
    pub fn new(entries: usize, params: &Params) -> PawnTable {
        let empty = PawnEntry::compute(&pawnless(), 0, params);
        PawnTable {
            entries: vec![empty; entries.max(1).next_power_of_two()],
        }
    }

    /// The entry for the pawns of `pos`, computed and stored if missing.
    #[inline]
    pub fn probe(&mut self, pos: &Position, params: &Params) -> &PawnEntry {
        let key = pos.pawn_key();
        let index = (key as usize) & (self.entries.len() - 1);
        let slot = &mut self.entries[index];
        if slot.key != key {
            *slot = PawnEntry::compute(pos, key, params);
        }
        slot
    }
}

/// A position with kings only, whose pawn entry fills an empty table.
fn pawnless() -> Position {
    let mut setup = outpost_board::Setup::empty();
    setup.board[0] = Some(Piece::WhiteKing);
    setup.board[63] = Some(Piece::BlackKing);
    Position::from_setup(&setup).unwrap_or_default()
}

const FILE_A: Bitboard = Bitboard::file(File::A);
const FILE_H: Bitboard = Bitboard::file(File::H);

/// Every square moved one rank towards `color`'s promotion rank.
#[inline]
pub(crate) fn step_forward(color: Color, bb: Bitboard) -> Bitboard {
    match color {
        Color::White => bb.shift_up(),
        Color::Black => bb.shift_down(),
    }
}

/// Every square moved one rank towards `color`'s first rank.
#[inline]
pub(crate) fn step_backward(color: Color, bb: Bitboard) -> Bitboard {
    step_forward(!color, bb)
}

/// The set with every square extended to the end of its file in `color`'s
/// forward direction (the squares themselves included).
#[inline]
pub(crate) fn fill_forward(color: Color, bb: Bitboard) -> Bitboard {
    let mut b = bb.0;
    match color {
        Color::White => {
            b |= b << 8;
            b |= b << 16;
            b |= b << 32;
        }
        Color::Black => {
            b |= b >> 8;
            b |= b >> 16;
            b |= b >> 32;
        }
    }
    Bitboard(b)
}

/// The set extended in `color`'s backward direction (squares included).
#[inline]
pub(crate) fn fill_backward(color: Color, bb: Bitboard) -> Bitboard {
    fill_forward(!color, bb)
}

/// The squares strictly ahead of the squares of `bb`, from `color`'s side.
#[inline]
pub(crate) fn front_span(color: Color, bb: Bitboard) -> Bitboard {
    fill_forward(color, step_forward(color, bb))
}

/// The files just left and right of the files in `file_fill` (whole files).
#[inline]
fn neighbour_files(file_fill: Bitboard) -> Bitboard {
    neighbour_squares(file_fill)
}

/// The squares just left and right of the squares of `bb`.
#[inline]
fn neighbour_squares(bb: Bitboard) -> Bitboard {
    Bitboard(((bb & !FILE_H).0 << 1) | ((bb & !FILE_A).0 >> 1))
}

/// Bit `n` set if `bb` has a square on file `n`.
#[inline]
fn file_set(bb: Bitboard) -> u8 {
    let mut b = bb.0;
    b |= b >> 32;
    b |= b >> 16;
    b |= b >> 8;
    b as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::Square;

    fn position(pieces: &[(Piece, Square)]) -> Position {
        let mut setup = outpost_board::Setup::empty();
        setup.board[Square::A1.index()] = Some(Piece::WhiteKing);
        setup.board[Square::A8.index()] = Some(Piece::BlackKing);
        for &(p, sq) in pieces {
            setup.board[sq.index()] = Some(p);
        }
        Position::from_setup(&setup).unwrap()
    }

    #[test]
    fn structure_features() {
        use Piece::{BlackPawn as BP, WhitePawn as WP};
        // White: c2 c3 (doubled, both isolated), e4 f4 (phalanx), h5
        // (isolated). Black: d5 and g7, both isolated. Nothing is passed.
        let pos = position(&[
            (WP, Square::C2),
            (WP, Square::C3),
            (WP, Square::E4),
            (WP, Square::F4),
            (WP, Square::H5),
            (BP, Square::D5),
            (BP, Square::G7),
        ]);
        let params = Params::default();
        let e = PawnEntry::compute(&pos, pos.pawn_key(), &params);
        assert_eq!(e.passed, Bitboard::EMPTY);
        assert_eq!(e.files[0], 0b1011_0100);
        assert!(e.attack_span[1].contains(Square::E2));
        let expected = params.pawn_doubled + params.pawn_isolated * 3 + params.pawn_phalanx[3] * 2;
        assert_eq!(e.score[0], expected);
        // g7's stop square g6 is attacked by h5, but an isolated pawn is not
        // also counted as backward.
        assert_eq!(e.score[1], params.pawn_isolated * 2);
    }

    #[test]
    fn passed_pawns() {
        use Piece::{BlackPawn as BP, WhitePawn as WP};
        // a5 is passed; b4 is stopped by c6's capture path; only the front
        // pawn of the doubled g-pawns counts; e3 is passed for Black.
        let pos = position(&[
            (WP, Square::A5),
            (WP, Square::B4),
            (WP, Square::G2),
            (WP, Square::G3),
            (BP, Square::C6),
            (BP, Square::E3),
        ]);
        let e = PawnEntry::compute(&pos, pos.pawn_key(), &Params::default());
        let expected: Bitboard = [Square::A5, Square::G3].into_iter().collect();
        assert_eq!(e.passed & pos.colored(Color::White), expected);
        assert_eq!(
            e.passed & pos.colored(Color::Black),
            Bitboard::from_square(Square::E3)
        );
    }

    #[test]
    fn backward_pawn() {
        use Piece::{BlackPawn as BP, WhitePawn as WP};
        // d3 cannot be defended by c4 or e4 and its stop square d4 is hit by e5.
        let pos = position(&[
            (WP, Square::C4),
            (WP, Square::D3),
            (BP, Square::E5),
            (BP, Square::C7),
        ]);
        let params = Params::default();
        let e = PawnEntry::compute(&pos, pos.pawn_key(), &params);
        assert_eq!(e.score[0], params.pawn_backward + params.pawn_supported[3]);
    }
}
