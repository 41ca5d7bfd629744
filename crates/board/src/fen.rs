//! Forsyth–Edwards Notation: parsing (strict) and formatting, and the
//! `FromStr`/`Display` forms of a [`Position`], which are its FEN.

use crate::{
    BoardError, CastlingRights, CastlingSide, Color, File, Piece, PieceKind, Position, Rank, Setup,
    Square,
};
use std::fmt::{self, Write as _};
use std::str::FromStr;
use thiserror::Error;

/// The FEN of the standard starting position.
pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN (or the position fields of an EPD line) was rejected.
///
/// ```
/// use outpost_board::{parse_fen, FenError};
///
/// assert_eq!(parse_fen("8/8/8 w - -"), Err(FenError::RankCount { found: 3 }));
/// assert!(matches!(
///     parse_fen("8/8/8/8/8/8/8/8 w - - 0 1"),
///     Err(FenError::IllegalPosition(_))
/// ));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    /// A FEN without the four required fields, or with a number of fields
    /// other than 4 or 6.
    #[error("FEN has {found} fields: expected 6 (board, side, castling, en passant, halfmove, fullmove) or the first 4")]
    FieldCount {
        /// How many whitespace-separated fields there were.
        found: usize,
    },
    /// The board field does not have eight ranks separated by `/`.
    #[error("FEN board field has {found} ranks: expected 8 separated by `/`")]
    RankCount {
        /// How many ranks there were.
        found: usize,
    },
    /// A rank of the board field is malformed.
    #[error("FEN board field, rank {rank}: {reason} in `{text}`")]
    Rank {
        /// The rank's number, 8 for the first rank written.
        rank: u8,
        /// The rank's text.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The side-to-move field is not `w` or `b`.
    #[error("FEN side-to-move field `{field}`: expected `w` or `b`")]
    SideToMove {
        /// The field's text.
        field: String,
    },
    /// The castling field is not `-`, letters of `KQkq` in that order, or
    /// the rooks' file letters (Shredder-FEN, X-FEN) backed by the board.
    #[error("FEN castling field `{field}`: expected `-`, a subset of `KQkq` in that order, or rook file letters such as `HAha`")]
    Castling {
        /// The field's text.
        field: String,
    },
    /// The en-passant field is not `-` or a square on the third or sixth rank.
    #[error("FEN en-passant field `{field}`: expected `-` or a square on the third or sixth rank")]
    EnPassant {
        /// The field's text.
        field: String,
    },
    /// The halfmove clock is not a non-negative integer.
    #[error("FEN halfmove clock `{field}`: expected a non-negative integer")]
    HalfmoveClock {
        /// The field's text.
        field: String,
    },
    /// The fullmove number is not a positive integer.
    #[error("FEN fullmove number `{field}`: expected a positive integer")]
    FullmoveNumber {
        /// The field's text.
        field: String,
    },
    /// The FEN is well formed but describes an illegal position.
    #[error("FEN describes an illegal position: {0}")]
    IllegalPosition(#[source] BoardError),
}

/// Parses a FEN into a legal [`Position`].
///
/// The six fields are checked strictly; the halfmove clock and fullmove
/// number may be left out together (they default to 0 and 1). Errors name the
/// field and what is wrong, or the rule the position breaks.
///
/// ```
/// use outpost_board::{Color, Square};
/// use outpost_board::{parse_fen, FenError};
///
/// let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// let pos = parse_fen(fen).unwrap();
/// assert_eq!(pos.side_to_move(), Color::White);
/// assert_eq!(pos.legal_moves().len(), 48);
/// // The clocks may be left out together.
/// let short = parse_fen("4k3/8/8/8/8/8/4P3/4K3 b - -").unwrap();
/// assert_eq!((short.halfmove_clock(), short.fullmove_number()), (0, 1));
/// assert_eq!(short.king_square(Color::Black), Square::E8);
/// // Errors name the field.
/// assert_eq!(
///     parse_fen("4k3/8/8/8/8/8/4P3/4K3 x - - 0 1"),
///     Err(FenError::SideToMove {
///         field: "x".to_string()
///     })
/// );
/// ```
pub fn parse_fen(fen: &str) -> Result<Position, FenError> {
    Position::from_setup(&parse_setup(fen)?).map_err(FenError::IllegalPosition)
}

/// Parses a FEN into its parts without checking that they form a legal
/// position.
///
/// ```
/// use outpost_board::{Piece, Position, Square};
/// use outpost_board::{parse_fen, parse_setup};
///
/// // A board without kings is a well-formed FEN but not a position.
/// let setup = parse_setup("8/8/8/8/8/8/8/Q7 w - - 0 1").unwrap();
/// assert_eq!(setup.board[Square::A1.index()], Some(Piece::WhiteQueen));
/// assert!(Position::from_setup(&setup).is_err());
/// assert!(parse_fen("8/8/8/8/8/8/8/Q7 w - - 0 1").is_err());
/// ```
pub fn parse_setup(fen: &str) -> Result<Setup, FenError> {
    // Fields gathered without allocating: PGN readers parse a FEN tag per game.
    let mut fields = [""; 6];
    let mut count = 0;
    for field in fen.split_whitespace() {
        if let Some(slot) = fields.get_mut(count) {
            *slot = field;
        }
        count += 1;
    }
    if count != 4 && count != 6 {
        return Err(FenError::FieldCount { found: count });
    }
    let mut setup = Setup::empty();
    parse_board(fields[0], &mut setup.board)?;
    setup.side_to_move = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return Err(FenError::SideToMove {
                field: other.to_string(),
            })
        }
    };
    setup.castling = parse_castling(fields[2], &setup.board)?;
    setup.en_passant = match fields[3] {
        "-" => None,
        field => match field.parse::<Square>() {
            Ok(sq) if sq.rank() == Rank::Third || sq.rank() == Rank::Sixth => Some(sq),
            _ => {
                return Err(FenError::EnPassant {
                    field: field.to_string(),
                })
            }
        },
    };
    if count == 6 {
        setup.halfmove_clock = parse_number(fields[4]).ok_or_else(|| FenError::HalfmoveClock {
            field: fields[4].to_string(),
        })?;
        setup.fullmove_number = parse_number(fields[5]).filter(|&n| n >= 1).ok_or_else(|| {
            FenError::FullmoveNumber {
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

fn parse_board(field: &str, board: &mut [Option<Piece>; 64]) -> Result<(), FenError> {
    let bytes = field.as_bytes();
    let ranks = bytes.iter().filter(|&&b| b == b'/').count() + 1;
    if ranks != 8 {
        return Err(FenError::RankCount { found: ranks });
    }
    let mut start = 0;
    for i in 0..8 {
        // `/` is ASCII, so every piece between two is a whole `str`.
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'/')
            .map_or(bytes.len(), |n| start + n);
        let text = &field[start..end];
        start = end + 1;
        let rank = 7 - i;
        let bad = |reason| FenError::Rank {
            rank: rank as u8 + 1,
            text: text.to_string(),
            reason,
        };
        let mut file = 0usize;
        let mut last_was_digit = false;
        // Byte by byte: any non-ASCII byte is an unknown character anyway.
        for c in text.bytes().map(char::from) {
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

/// Reads the castling field: `-`, or rights in the order White king side,
/// White queen side, Black king side, Black queen side (file letters of one
/// colour in either order), each written as
/// `K`/`Q`/`k`/`q` (the outermost rook on that side of the king, as standard
/// FEN and X-FEN mean it) or as the rook's file letter (Shredder-FEN and
/// X-FEN for Chess960: upper case for White). Whether the rook and king are
/// really there is checked with the rest of the position.
fn parse_castling(field: &str, board: &[Option<Piece>; 64]) -> Result<CastlingRights, FenError> {
    let bad = || FenError::Castling {
        field: field.to_string(),
    };
    if field == "-" {
        return Ok(CastlingRights::NONE);
    }
    let mut rights = CastlingRights::NONE;
    let mut next = 0;
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back_rank = Rank::First.relative_to(color);
        let king_file = File::ALL.into_iter().find(|&f| {
            board[Square::new(f, back_rank).index()] == Some(Piece::new(color, PieceKind::King))
        });
        let (side, rook_file) = match c.to_ascii_lowercase() {
            'k' => (
                CastlingSide::King,
                outermost_rook(board, color, king_file, CastlingSide::King),
            ),
            'q' => (
                CastlingSide::Queen,
                outermost_rook(board, color, king_file, CastlingSide::Queen),
            ),
            letter => {
                let file = File::from_char(letter).ok_or_else(bad)?;
                let king_file = king_file.unwrap_or(File::E);
                match file.cmp(&king_file) {
                    std::cmp::Ordering::Greater => (CastlingSide::King, file),
                    std::cmp::Ordering::Less => (CastlingSide::Queen, file),
                    std::cmp::Ordering::Equal => return Err(bad()),
                }
            }
        };
        // White before Black, each right once, and `K` before `Q`; file
        // letters (Shredder-FEN) may come in either order within a colour.
        let index = color as usize * 2 + side as usize;
        let named_by_side = matches!(c, 'K' | 'Q' | 'k' | 'q');
        if rights.has(color, side)
            || (color == Color::White && rights.has_any(Color::Black))
            || (named_by_side && index < next)
        {
            return Err(bad());
        }
        next = next.max(index + 1);
        rights = rights.with_rook(color, side, rook_file);
    }
    Ok(rights)
}

/// The file of `color`'s outermost rook on `side` of its king on the first
/// rank; the standard file (h or a) when there is none, which the position's
/// own check then rejects.
fn outermost_rook(
    board: &[Option<Piece>; 64],
    color: Color,
    king_file: Option<File>,
    side: CastlingSide,
) -> File {
    let rook = Some(Piece::new(color, PieceKind::Rook));
    let rank = Rank::First.relative_to(color);
    let Some(king_file) = king_file else {
        return side.standard_rook_file();
    };
    let mut files: Vec<File> = match side {
        CastlingSide::King => File::ALL.into_iter().filter(|&f| f > king_file).collect(),
        CastlingSide::Queen => File::ALL.into_iter().filter(|&f| f < king_file).collect(),
    };
    if side == CastlingSide::King {
        files.reverse();
    }
    files
        .into_iter()
        .find(|&f| board[Square::new(f, rank).index()] == rook)
        .unwrap_or(side.standard_rook_file())
}

/// The castling field of `pos`: X-FEN (`KQkq` for outermost rooks, which is
/// plain FEN in standard chess, file letters otherwise) or, with `shredder`,
/// Shredder-FEN (always file letters: `HAha`).
fn castling_field(pos: &Position, shredder: bool) -> String {
    let rights = pos.castling_rights();
    if rights.is_empty() {
        return "-".to_string();
    }
    let board = pos.to_setup().board;
    let mut out = String::new();
    for color in Color::ALL {
        let king_file = Some(pos.king_square(color).file());
        for side in CastlingSide::ALL {
            let Some(file) = rights.rook_file(color, side) else {
                continue;
            };
            let letter = if !shredder && outermost_rook(&board, color, king_file, side) == file {
                match side {
                    CastlingSide::King => 'k',
                    CastlingSide::Queen => 'q',
                }
            } else {
                file.to_char()
            };
            out.push(match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            });
        }
    }
    out
}

/// Formats a position as a six-field Shredder-FEN: like [`to_fen`], with
/// the castling rights written as the rooks' files (`HAha` for the start
/// position), as some Chess960 software wants.
///
/// ```
/// use outpost_board::{Position, Setup};
/// use outpost_board::to_shredder_fen;
///
/// let fen = to_shredder_fen(&Position::startpos());
/// assert_eq!(
///     fen,
///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
/// );
/// // Chess960 position 0: the king on g1 castles with the rooks on f1 and h1.
/// let chess960 = Position::from_setup(&Setup::chess960(0).unwrap()).unwrap();
/// assert!(to_shredder_fen(&chess960).ends_with(" w HFhf - 0 1"));
/// ```
pub fn to_shredder_fen(pos: &Position) -> String {
    write_fen(pos, true)
}

/// Formats a position as a six-field FEN. The castling field is X-FEN: for
/// standard chess, plain FEN (`KQkq`); for Chess960, `K`/`Q` where the right's
/// rook is the outermost one on its side of the king and the rook's file
/// letter otherwise.
///
/// ```
/// use outpost_board::{Position, Square};
/// use outpost_board::{parse_fen, to_fen, STARTPOS_FEN};
///
/// let start = Position::startpos();
/// assert_eq!(to_fen(&start), STARTPOS_FEN);
/// let e4 = start.play(start.find_move(Square::E2, Square::E4, None).unwrap());
/// let fen = to_fen(&e4);
/// assert_eq!(
///     fen,
///     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
/// );
/// assert_eq!(parse_fen(&fen).unwrap(), e4);
/// ```
pub fn to_fen(pos: &Position) -> String {
    write_fen(pos, false)
}

fn write_fen(pos: &Position, shredder: bool) -> String {
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
        castling_field(pos, shredder),
        pos.en_passant()
            .map_or("-".to_string(), |sq| sq.to_string()),
        pos.halfmove_clock(),
        pos.fullmove_number()
    )
    .unwrap();
    out
}

/// A position in Forsyth–Edwards Notation: text that parses
/// ([`FromStr`], checking that the position is legal)
/// and displays ([`Display`](fmt::Display), X-FEN castling as [`to_fen`]
/// writes it), converting to and from a [`Position`].
///
/// ```
/// use outpost_board::Position;
/// use outpost_board::{Fen, STARTPOS_FEN};
///
/// let fen: Fen = STARTPOS_FEN.parse()?;
/// let pos: Position = fen.into_position();
/// assert_eq!(pos, Position::startpos());
/// assert_eq!(Fen::from(pos).to_string(), STARTPOS_FEN);
/// assert!("8/8/8/8/8/8/8/8 w - - 0 1".parse::<Fen>().is_err());
/// # Ok::<(), outpost_board::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fen(Position);

impl Fen {
    /// The position.
    ///
    /// ```
    /// use outpost_board::Fen;
    ///
    /// let fen: Fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".parse().unwrap();
    /// assert_eq!(fen.position().legal_moves().len(), 6);
    /// ```
    pub fn position(&self) -> &Position {
        &self.0
    }

    /// The position, taken out.
    pub fn into_position(self) -> Position {
        self.0
    }
}

impl From<Position> for Fen {
    fn from(pos: Position) -> Fen {
        Fen(pos)
    }
}

impl FromStr for Fen {
    type Err = FenError;

    fn from_str(text: &str) -> Result<Fen, FenError> {
        parse_fen(text).map(Fen)
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_fen(&self.0))
    }
}

/// A position reads from its FEN, as [`parse_fen`] reads it.
///
/// ```
/// use outpost_board::{FenError, Position, STARTPOS_FEN};
///
/// let pos: Position = STARTPOS_FEN.parse()?;
/// assert_eq!(pos, Position::startpos());
/// assert!(matches!("8/8 w - -".parse::<Position>(), Err(FenError::RankCount { found: 2 })));
/// # Ok::<(), FenError>(())
/// ```
impl FromStr for Position {
    type Err = FenError;

    fn from_str(text: &str) -> Result<Position, FenError> {
        parse_fen(text)
    }
}

/// A position displays as its FEN, as [`to_fen`] writes it.
///
/// ```
/// use outpost_board::{Position, STARTPOS_FEN};
///
/// assert_eq!(Position::startpos().to_string(), STARTPOS_FEN);
/// assert_eq!(format!("{}", Position::startpos()), STARTPOS_FEN);
/// ```
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_fen(self))
    }
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
    fn chess960_castling_fields() {
        // Chess960 position 0 has the back rank BBQNNRKR: the king on g1
        // between rooks on f1 and h1.
        let setup = Setup::chess960(0).unwrap();
        let pos = Position::from_setup(&setup).unwrap();
        let fen = to_fen(&pos);
        assert_eq!(
            fen,
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
        );
        assert_eq!(parse_fen(&fen).unwrap(), pos);
        let shredder = to_shredder_fen(&pos);
        assert_eq!(
            shredder,
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
        );
        assert_eq!(parse_fen(&shredder).unwrap(), pos);
        assert_eq!(
            to_shredder_fen(&Position::startpos()),
            STARTPOS_FEN.replace("KQkq", "HAha")
        );
        // An inner rook needs its file letter in X-FEN: White may castle
        // long with the b1 rook while another rook stands on a1.
        let inner = "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1";
        let pos = parse_fen(inner).unwrap();
        assert_eq!(
            pos.castling_rights()
                .rook_file(Color::White, CastlingSide::Queen),
            Some(File::B)
        );
        assert_eq!(to_fen(&pos), inner);
        // The king's own file names no rook; rights out of order are rejected.
        assert!(parse_fen("4k3/8/8/8/8/8/8/R3K2R w E - 0 1").is_err());
        assert!(parse_fen("4k3/8/8/8/8/8/8/R3K2R w AH - 0 1").is_ok());
        assert!(parse_fen("4k3/8/8/8/8/8/8/R3K2R w HA - 0 1").is_ok());
        assert!(parse_fen("4k3/8/8/8/8/8/8/R3K2R w QK - 0 1").is_err());
        assert!(parse_fen("4k3/8/8/8/8/8/8/R3K2R w KH - 0 1").is_err());
        assert!(parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w hK - 0 1").is_err());
    }

    #[test]
    fn four_fields_default_clocks() {
        let pos = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
        assert_eq!(to_fen(&pos), STARTPOS_FEN);
    }
}
