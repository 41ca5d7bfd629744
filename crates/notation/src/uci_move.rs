//! Long algebraic notation as UCI uses it: `e2e4`, `e7e8q`, `e1g1`, `0000`.
//!
//! Castling has two spellings: the king's two-square move (`e1g1`, standard
//! chess) and the king taking its own rook (`e1h1`, UCI's Chess960 mode).

use crate::san::parse_san;
use crate::{NotationError, SanError, UciMoveError};
use outpost_board::{Move, PieceKind, Position, Square, UciMove};

/// Parses a long algebraic move and finds it among the legal moves of `pos`.
///
/// Castling is read in either spelling: `e1g1`, as standard chess writes it,
/// and `e1h1`, the king taking its rook. The null move `0000` parses to
/// [`Move::NULL`] when the side to move is not in check (passing is never
/// legal in check).
///
/// ```
/// use outpost_board::{Move, Position};
/// use outpost_notation::{parse_fen, parse_uci_move, UciMoveError};
///
/// let pos = Position::startpos();
/// let e4 = parse_uci_move(&pos, "e2e4").unwrap();
/// assert!(e4.is_double_push());
/// assert_eq!(parse_uci_move(&pos, "0000"), Ok(Move::NULL));
/// assert!(matches!(
///     parse_uci_move(&pos, "e2e5"),
///     Err(UciMoveError::Illegal { .. })
/// ));
///
/// // Both castling spellings name the same move.
/// let castling = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
/// let king_move = parse_uci_move(&castling, "e1g1").unwrap();
/// assert!(king_move.is_castle());
/// assert_eq!(parse_uci_move(&castling, "e1h1"), Ok(king_move));
/// ```
pub fn parse_uci_move(pos: &Position, text: &str) -> Result<Move, UciMoveError> {
    parse_uci_move_with(pos, text, false)
}

/// A move as a person or a GUI types it: long algebraic (`e2e4`, with the
/// promotion piece in either case, `e7e8Q`) or else SAN (`Nf3`, `exd5`,
/// `O-O`). Castling in long algebraic is read as [`parse_uci_move_with`]
/// reads it for `chess960`. The null move is not a move here.
///
/// ```
/// use outpost_board::Position;
/// use outpost_notation::parse_move_text;
///
/// let pos = Position::startpos();
/// assert_eq!(parse_move_text(&pos, "g1f3", false), parse_move_text(&pos, "Nf3", false));
/// assert!(parse_move_text(&pos, "0000", false).is_err());
/// assert!(parse_move_text(&pos, "Ke2", false).is_err());
/// ```
pub fn parse_move_text(pos: &Position, text: &str, chess960: bool) -> Result<Move, NotationError> {
    let text = text.trim();
    // Some GUIs send the promotion piece in upper case (e7e8Q).
    let coordinate = match text.len() {
        5 if text.is_ascii() => text.to_ascii_lowercase(),
        _ => text.to_string(),
    };
    let read = match parse_uci_move_with(pos, &coordinate, chess960) {
        Err(uci @ UciMoveError::Malformed { .. }) => match parse_san(pos, text) {
            Err(SanError::Malformed { .. }) => Err(uci.into()),
            other => other.map_err(NotationError::from),
        },
        other => other.map_err(NotationError::from),
    };
    match read {
        Ok(mv) if mv.is_null() => Err(NotationError::NullMove {
            text: text.to_string(),
        }),
        other => other,
    }
}

/// [`parse_uci_move`] for a chosen castling spelling: with `chess960`,
/// castling is only the king taking its own rook (`UCI_Chess960` mode, where
/// a king's two-square-looking move may be an ordinary king move); without,
/// both spellings are read.
///
/// ```
/// use outpost_notation::{parse_fen, uci_move::parse_uci_move_with};
///
/// // Chess960: king on b1, rook on a1; `b1a1` castles long, `b1c1` is a king step.
/// let pos = parse_fen("4k3/8/8/8/8/8/8/RK6 w A - 0 1").unwrap();
/// assert!(parse_uci_move_with(&pos, "b1a1", true).unwrap().is_castle());
/// assert!(!parse_uci_move_with(&pos, "b1c1", true).unwrap().is_castle());
/// ```
pub fn parse_uci_move_with(
    pos: &Position,
    text: &str,
    chess960: bool,
) -> Result<Move, UciMoveError> {
    let uci: UciMove = text.parse().map_err(|_| UciMoveError::Malformed {
        text: text.to_string(),
    })?;
    match uci {
        UciMove::Null if !pos.is_check() => Ok(Move::NULL),
        _ => uci
            .to_move(pos, chess960)
            .ok_or_else(|| UciMoveError::Illegal {
                text: text.to_string(),
            }),
    }
}

/// The legal move from `from` to `to`: castling as the king taking its rook
/// and, unless `chess960`, also as the king's move to its castling square.
pub(crate) fn find_long_algebraic(
    pos: &Position,
    from: Square,
    to: Square,
    promotion: Option<PieceKind>,
    chess960: bool,
) -> Option<Move> {
    UciMove::Normal {
        from,
        to,
        promotion,
    }
    .to_move(pos, chess960)
}

/// Whether `text` is a move in long algebraic notation (see
/// [`long_algebraic`]). SAN readers accept a pawn move named by its square
/// (`e2e4`) as over-disambiguated; this tells them it is not SAN.
pub(crate) fn is_long_algebraic(text: &[u8]) -> bool {
    // Four bytes or more with a digit second: a promotion (`e8=Q`) or long
    // algebraic. The cheap test first, as readers ask it of every move.
    text.len() >= 4 && text[1].is_ascii_digit() && long_algebraic(text).is_some()
}

/// Reads a long algebraic move (`g1f3`, `g1-f3`, `e7e8q`, `e7e8=Q`) with
/// optional check marks: origin, destination and promotion.
pub(crate) fn long_algebraic(text: &[u8]) -> Option<(Square, Square, Option<PieceKind>)> {
    let mut end = text.len();
    while end > 0 && matches!(text[end - 1], b'+' | b'#') {
        end -= 1;
    }
    let text = &text[..end];
    let square =
        |s: &[u8]| -> Option<Square> { std::str::from_utf8(s.get(..2)?).ok()?.parse().ok() };
    let from = square(text)?;
    let mut rest = &text[2..];
    if let Some((b'-' | b'x' | b':', tail)) = rest.split_first() {
        rest = tail;
    }
    let to = square(rest)?;
    let promotion = match &rest[2..] {
        [] => None,
        [b'=', p] | [p] => match PieceKind::from_char(char::from(p.to_ascii_lowercase())) {
            Some(kind) if PieceKind::PROMOTIONS.contains(&kind) => Some(kind),
            _ => return None,
        },
        _ => return None,
    };
    Some((from, to, promotion))
}

/// Formats a move in long algebraic notation (`e2e4`, `e7e8q`, `e1g1`,
/// `0000`), the same text as the move's `Display`.
///
/// ```
/// use outpost_board::{Move, Position};
/// use outpost_notation::{parse_san, to_uci};
///
/// let pos = Position::startpos();
/// assert_eq!(to_uci(parse_san(&pos, "Nf3").unwrap()), "g1f3");
/// assert_eq!(to_uci(Move::NULL), "0000");
/// ```
pub fn to_uci(mv: Move) -> String {
    mv.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        let pos = Position::startpos();
        let mv = parse_uci_move(&pos, "e2e4").unwrap();
        assert_eq!(mv.to_string(), "e2e4");
        assert!(mv.is_double_push());
        assert_eq!(parse_uci_move(&pos, "0000"), Ok(Move::NULL));
        for bad in ["", "e2", "e2e9", "e2e4qq", "e7e8x", "e2e4Q", "é2e4"] {
            assert!(
                matches!(
                    parse_uci_move(&pos, bad),
                    Err(UciMoveError::Malformed { .. })
                ),
                "{bad}"
            );
        }
        for illegal in ["e2e5", "e1g1", "e1h1", "a1a1", "e7e5"] {
            assert!(
                matches!(
                    parse_uci_move(&pos, illegal),
                    Err(UciMoveError::Illegal { .. })
                ),
                "{illegal}"
            );
        }
    }

    #[test]
    fn castling_spellings() {
        let pos = crate::parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let short = parse_uci_move(&pos, "e1g1").unwrap();
        assert!(short.is_castle());
        assert_eq!(parse_uci_move(&pos, "e1h1"), Ok(short));
        assert_eq!(parse_uci_move_with(&pos, "e1h1", true), Ok(short));
        assert!(parse_uci_move_with(&pos, "e1g1", true).is_err());
        assert_eq!(short.to_string(), "e1g1");
        assert_eq!(short.uci(true).to_string(), "e1h1");
        let long = parse_uci_move(&pos, "e1c1").unwrap();
        assert_eq!(parse_uci_move(&pos, "e1a1"), Ok(long));
        assert_eq!(
            parse_uci_move(&pos, "e1d1").unwrap().kind(),
            outpost_board::MoveKind::Quiet
        );
    }
}
