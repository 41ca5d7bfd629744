//! Long algebraic notation as UCI uses it: `e2e4`, `e7e8q`, `e1g1`, `0000`.

use crate::NotationError;
use outpost_board::{Move, PieceKind, Position, Square};

/// Parses a long algebraic move and finds it among the legal moves of `pos`.
///
/// The null move `0000` parses to [`Move::NULL`] when the side to move is not
/// in check (passing is never legal in check).
pub fn parse_uci_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let malformed = || NotationError::MalformedUciMove {
        text: text.to_string(),
    };
    if text == "0000" {
        return if pos.is_check() {
            Err(NotationError::IllegalUciMove {
                text: text.to_string(),
            })
        } else {
            Ok(Move::NULL)
        };
    }
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return Err(malformed());
    }
    let from: Square = text[0..2].parse().map_err(|_| malformed())?;
    let to: Square = text[2..4].parse().map_err(|_| malformed())?;
    let promotion = match text[4..].chars().next() {
        None => None,
        Some(c) => match PieceKind::from_char(c) {
            Some(kind) if c.is_ascii_lowercase() && PieceKind::PROMOTIONS.contains(&kind) => {
                Some(kind)
            }
            _ => return Err(malformed()),
        },
    };
    pos.find_move(from, to, promotion)
        .ok_or_else(|| NotationError::IllegalUciMove {
            text: text.to_string(),
        })
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
                    Err(NotationError::MalformedUciMove { .. })
                ),
                "{bad}"
            );
        }
        for illegal in ["e2e5", "e1g1", "a1a1", "e7e5"] {
            assert!(
                matches!(
                    parse_uci_move(&pos, illegal),
                    Err(NotationError::IllegalUciMove { .. })
                ),
                "{illegal}"
            );
        }
    }
}
