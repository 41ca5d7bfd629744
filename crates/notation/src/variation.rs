//! Moves as a reader writes them: SAN from a position without a free
//! function ([`PositionText`]), and a whole line of moves in SAN with its move
//! numbers ([`variation_san`]), as a principal variation is shown.

use crate::{parse_san, parse_uci_move, to_san, SanError, UciMoveError};
use outpost_board::{Color, Move, Position};
use std::fmt::Write as _;

/// The text forms of a position's moves as methods of the position: SAN out
/// and in, UCI in, and a line of moves in SAN. Bring it in with `use
/// outpost_notation::PositionText` (or the facade's prelude).
///
/// ```
/// use outpost_board::Position;
/// use outpost_notation::PositionText;
///
/// let pos = Position::startpos();
/// let nf3 = pos.parse_san("Nf3").unwrap();
/// assert_eq!(pos.san(nf3), "Nf3");
/// assert_eq!(pos.parse_uci("g1f3").unwrap(), nf3);
/// let e4 = pos.parse_san("e4").unwrap();
/// let line = [e4, pos.play(e4).parse_san("e5").unwrap()];
/// assert_eq!(pos.variation_san(&line).unwrap(), "1. e4 e5");
/// ```
pub trait PositionText {
    /// The move in SAN, with `+` or `#` (see [`to_san`]).
    fn san(&self, mv: Move) -> String;
    /// The legal move a SAN text stands for (see [`parse_san`]).
    fn parse_san(&self, text: &str) -> Result<Move, SanError>;
    /// The legal move a UCI text stands for, castling in either form (see
    /// [`parse_uci_move`]).
    fn parse_uci(&self, text: &str) -> Result<Move, UciMoveError>;
    /// A line of moves from this position in SAN with move numbers (see
    /// [`variation_san`]).
    fn variation_san(&self, moves: &[Move]) -> Result<String, UciMoveError>;
}

impl PositionText for Position {
    fn san(&self, mv: Move) -> String {
        to_san(self, mv)
    }

    fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        parse_san(self, text)
    }

    fn parse_uci(&self, text: &str) -> Result<Move, UciMoveError> {
        parse_uci_move(self, text)
    }

    fn variation_san(&self, moves: &[Move]) -> Result<String, UciMoveError> {
        variation_san(self, moves)
    }
}

/// A line of moves played from `start`, in SAN with move numbers, as
/// python-chess's `variation_san` writes it: `1. e4 e5 2. Nf3`, or `3...
/// Nc6 4. Bb5` when the line starts with Black to move. A move that is not
/// legal where it is played is an error naming it (in UCI form), so a line
/// read from elsewhere is checked as it is written.
///
/// ```
/// use outpost_board::Position;
/// use outpost_notation::{parse_fen, parse_uci_move, variation_san, UciMoveError};
///
/// let pos = parse_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
/// let bb5 = parse_uci_move(&pos, "f1b5").unwrap();
/// let a6 = parse_uci_move(&pos.play(bb5), "a7a6").unwrap();
/// assert_eq!(variation_san(&pos, &[bb5, a6]).unwrap(), "3. Bb5 a6");
/// assert_eq!(variation_san(&pos.play(bb5), &[a6]).unwrap(), "3... a6");
/// assert_eq!(variation_san(&pos, &[]).unwrap(), "");
/// // The same move twice: the second is not legal for Black.
/// assert_eq!(
///     variation_san(&pos, &[bb5, bb5]),
///     Err(UciMoveError::Illegal { text: "f1b5".to_string() })
/// );
/// ```
pub fn variation_san(start: &Position, moves: &[Move]) -> Result<String, UciMoveError> {
    let mut out = String::new();
    let mut pos = *start;
    for (i, &mv) in moves.iter().enumerate() {
        if !pos.is_legal(mv) {
            return Err(UciMoveError::Illegal {
                text: mv.to_string(),
            });
        }
        if i > 0 {
            out.push(' ');
        }
        match pos.side_to_move() {
            Color::White => {
                let _ = write!(out, "{}. ", pos.fullmove_number());
            }
            Color::Black if i == 0 => {
                let _ = write!(out, "{}... ", pos.fullmove_number());
            }
            Color::Black => {}
        }
        out.push_str(&to_san(&pos, mv));
        pos = pos.play(mv);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_numbers_every_white_move() {
        let start = Position::startpos();
        let mut pos = start;
        let mut moves = Vec::new();
        for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"] {
            let mv = pos.parse_san(san).unwrap();
            moves.push(mv);
            pos = pos.play(mv);
        }
        assert_eq!(
            start.variation_san(&moves).unwrap(),
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O"
        );
    }

    #[test]
    fn the_null_move_is_not_played() {
        let pos = Position::startpos();
        assert!(pos.variation_san(&[Move::NULL]).is_err());
    }
}
