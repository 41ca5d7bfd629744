//! Forsyth–Edwards Notation: parsing (strict) and formatting.

use crate::NotationError;
use outpost_board::{
    CastlingRights, CastlingSide, Color, File, Piece, Position, Rank, Setup, Square,
};
use std::fmt::Write as _;

/// The FEN of the standard starting position.
pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Parses a FEN into a legal [`Position`].
///
/// The six fields are checked strictly; the halfmove clock and fullmove
/// number may be left out together (they default to 0 and 1). Errors name the
/// field and what is wrong, or the rule the position breaks.
pub fn parse_fen(fen: &str) -> Result<Position, NotationError> {
    Ok(Position::from_setup(&parse_setup(fen)?)?)
}

/// Parses a FEN into its parts without checking that they form a legal
/// position.
pub fn parse_setup(fen: &str) -> Result<Setup, NotationError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() != 4 && fields.len() != 6 {
        return Err(NotationError::FenFieldCount {
            found: fields.len(),
        });
    }
    let mut setup = Setup::empty();
    parse_board(fields[0], &mut setup.board)?;
    setup.side_to_move = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return Err(NotationError::FenSideToMove {
                field: other.to_string(),
            })
        }
    };
    setup.castling = parse_castling(fields[2])?;
    setup.en_passant = match fields[3] {
        "-" => None,
        field => match field.parse::<Square>() {
            Ok(sq) if sq.rank() == Rank::Third || sq.rank() == Rank::Sixth => Some(sq),
            _ => {
                return Err(NotationError::FenEnPassant {
                    field: field.to_string(),
                })
            }
        },
    };
    if fields.len() == 6 {
        setup.halfmove_clock =
            parse_number(fields[4]).ok_or_else(|| NotationError::FenHalfmoveClock {
                field: fields[4].to_string(),
            })?;
        setup.fullmove_number = parse_number(fields[5]).filter(|&n| n >= 1).ok_or_else(|| {
            NotationError::FenFullmoveNumber {
                field: fields[5].to_string(),
            }
        })?;
    }
    Ok(setup)
}

/// A plain decimal number: digits only, no sign, fits in 32 bits.
fn parse_number(field: &str) -> Option<u32> {
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    field.parse().ok()
}

fn parse_board(field: &str, board: &mut [Option<Piece>; 64]) -> Result<(), NotationError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(NotationError::FenRankCount { found: ranks.len() });
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let bad = |reason| NotationError::FenRank {
            rank: rank as u8 + 1,
            text: text.to_string(),
            reason,
        };
        let mut file = 0usize;
        let mut last_was_digit = false;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(bad("empty-square counts must be 1 to 8"));
                }
                if last_was_digit {
                    return Err(bad("two empty-square counts in a row"));
                }
                file += d as usize;
                last_was_digit = true;
            } else if let Some(piece) = Piece::from_char(c) {
                if file < 8 {
                    board[rank * 8 + file] = Some(piece);
                }
                file += 1;
                last_was_digit = false;
            } else {
                return Err(bad("unknown character (expected PNBRQK, pnbrqk or 1-8)"));
            }
            if file > 8 {
                return Err(bad("more than 8 squares"));
            }
        }
        if file < 8 {
            return Err(bad("fewer than 8 squares"));
        }
    }
    Ok(())
}

const CASTLING_LETTERS: [(char, Color, CastlingSide); 4] = [
    ('K', Color::White, CastlingSide::King),
    ('Q', Color::White, CastlingSide::Queen),
    ('k', Color::Black, CastlingSide::King),
    ('q', Color::Black, CastlingSide::Queen),
];

fn parse_castling(field: &str) -> Result<CastlingRights, NotationError> {
    let bad = || NotationError::FenCastling {
        field: field.to_string(),
    };
    if field == "-" {
        return Ok(CastlingRights::NONE);
    }
    let mut rights = CastlingRights::NONE;
    let mut next = 0;
    for c in field.chars() {
        let offset = CASTLING_LETTERS[next..]
            .iter()
            .position(|&(l, _, _)| l == c)
            .ok_or_else(bad)?;
        let (_, color, side) = CASTLING_LETTERS[next + offset];
        rights = rights.with(color, side);
        next += offset + 1;
    }
    if rights == CastlingRights::NONE {
        return Err(bad());
    }
    Ok(rights)
}

/// Formats a position as a six-field FEN.
pub fn to_fen(pos: &Position) -> String {
    let mut out = String::with_capacity(90);
    for rank in Rank::ALL.iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            match pos.piece_on(Square::new(file, *rank)) {
                Some(piece) => {
                    if empty > 0 {
                        write!(out, "{empty}").unwrap();
                        empty = 0;
                    }
                    out.push(piece.to_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            write!(out, "{empty}").unwrap();
        }
        if *rank != Rank::First {
            out.push('/');
        }
    }
    write!(
        out,
        " {} {} {} {} {}",
        pos.side_to_move().to_char(),
        pos.castling_rights(),
        pos.en_passant()
            .map_or("-".to_string(), |sq| sq.to_string()),
        pos.halfmove_clock(),
        pos.fullmove_number()
    )
    .unwrap();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_round_trip() {
        let pos = parse_fen(STARTPOS_FEN).unwrap();
        assert_eq!(pos, Position::startpos());
        assert_eq!(to_fen(&pos), STARTPOS_FEN);
    }

    #[test]
    fn four_fields_default_clocks() {
        let pos = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
        assert_eq!(to_fen(&pos), STARTPOS_FEN);
    }
}
