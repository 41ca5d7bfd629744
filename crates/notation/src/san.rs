//! Standard Algebraic Notation: `Nf3`, `exd5`, `e8=Q+`, `O-O-O#`.
//!
//! Writing follows the standard exactly: piece letter, the minimal
//! disambiguation (file, else rank, else both), `x` on captures, `=Q` on
//! promotions, `O-O`/`O-O-O` for castling and a `+` or `#` suffix. Reading is
//! as lenient as real PGN files need: check marks may be missing or wrong,
//! castling may be written with zeros, promotions without `=`, moves may be
//! over-disambiguated and may carry `!`/`?` annotations. The null move is
//! `--`.

use crate::NotationError;
use outpost_board::{CastlingSide, File, Move, MoveKind, PieceKind, Position, Rank, Square};
use std::fmt;

/// Formats `mv`, which must be legal in `pos`, in SAN with its check or mate
/// suffix. [`Move::NULL`] is written `--`.
pub fn to_san(pos: &Position, mv: Move) -> String {
    let mut out = String::with_capacity(8);
    write_san(&mut out, pos, mv).expect("writing to a String cannot fail");
    out
}

/// A legal move of a position, displayed in SAN (see [`to_san`]).
///
/// ```
/// use outpost_board::{Position, Square};
/// use outpost_notation::San;
///
/// let pos = Position::startpos();
/// let mv = pos.find_move(Square::G1, Square::F3, None).unwrap();
/// assert_eq!(San::new(&pos, mv).to_string(), "Nf3");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct San<'a> {
    pos: &'a Position,
    mv: Move,
}

impl<'a> San<'a> {
    /// The SAN of `mv`, which must be legal in `pos`.
    pub fn new(pos: &'a Position, mv: Move) -> San<'a> {
        San { pos, mv }
    }
}

impl fmt::Display for San<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_san(f, self.pos, self.mv)
    }
}

/// Writes `mv`, which must be legal in `pos`, in SAN with its check or mate
/// suffix to `out`.
pub fn write_san(out: &mut impl fmt::Write, pos: &Position, mv: Move) -> fmt::Result {
    if mv.is_null() {
        return out.write_str("--");
    }
    write_san_body(out, pos, mv)?;
    if pos.gives_check(mv) {
        let after = pos.play(mv);
        out.write_char(if after.has_legal_moves() { '+' } else { '#' })?;
    }
    Ok(())
}

/// The SAN of `mv` without the check suffix.
fn write_san_body(out: &mut impl fmt::Write, pos: &Position, mv: Move) -> fmt::Result {
    let from = mv.from();
    let to = mv.to();
    match mv.kind() {
        MoveKind::KingCastle => return out.write_str("O-O"),
        MoveKind::QueenCastle => return out.write_str("O-O-O"),
        _ => {}
    }
    let kind = pos.piece_on(from).map_or(PieceKind::Pawn, |p| p.kind());
    if kind == PieceKind::Pawn {
        if mv.is_capture() || mv.is_en_passant() {
            out.write_char(from.file().to_char())?;
            out.write_char('x')?;
        }
        write_square(out, to)?;
        if let Some(promoted) = mv.promotion() {
            out.write_char('=')?;
            out.write_char(piece_letter(promoted))?;
        }
        return Ok(());
    }
    out.write_char(piece_letter(kind))?;
    if kind != PieceKind::King {
        // Other pieces of the same kind that could also go to `to`.
        let (mut others, mut same_file, mut same_rank) = (false, false, false);
        pos.for_each_piece_moves(|pm| {
            if pm.piece == kind && pm.from != from && pm.to.contains(to) {
                others = true;
                same_file |= pm.from.file() == from.file();
                same_rank |= pm.from.rank() == from.rank();
            }
        });
        if others {
            if !same_file {
                out.write_char(from.file().to_char())?;
            } else if !same_rank {
                out.write_char(from.rank().to_char())?;
            } else {
                write_square(out, from)?;
            }
        }
    }
    if mv.is_capture() {
        out.write_char('x')?;
    }
    write_square(out, to)
}

fn write_square(out: &mut impl fmt::Write, sq: Square) -> fmt::Result {
    out.write_char(sq.file().to_char())?;
    out.write_char(sq.rank().to_char())
}

/// The uppercase SAN letter of a piece kind.
fn piece_letter(kind: PieceKind) -> char {
    kind.to_char().to_ascii_uppercase()
}

/// Splits trailing annotation glyphs (`!`, `?`, `!!`, `??`, `!?`, `?!`) off a
/// SAN token, giving the move text (check marks kept) and the annotation's
/// NAG number (1 to 6), if any.
pub fn split_annotation(token: &str) -> (&str, Option<u8>) {
    let body = token.trim_end_matches(['!', '?']);
    let glyph = &token[body.len()..];
    (body, glyph_nag(glyph))
}

/// The NAG number of a move annotation glyph: `!` 1, `?` 2, `!!` 3, `??` 4,
/// `!?` 5, `?!` 6.
pub fn glyph_nag(glyph: &str) -> Option<u8> {
    match glyph {
        "!" => Some(1),
        "?" => Some(2),
        "!!" => Some(3),
        "??" => Some(4),
        "!?" => Some(5),
        "?!" => Some(6),
        _ => None,
    }
}

/// What a SAN text asks for, before it is matched against the legal moves.
struct Pattern {
    kind: PieceKind,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<PieceKind>,
}

/// Parses a SAN move (leniently, see the module docs) and finds it among the
/// legal moves of `pos`.
///
/// ```
/// use outpost_board::Position;
/// use outpost_notation::{parse_san, NotationError};
///
/// let pos = Position::startpos();
/// assert_eq!(parse_san(&pos, "Nf3").unwrap().to_string(), "g1f3");
/// assert_eq!(parse_san(&pos, "Ngf3!?").unwrap().to_string(), "g1f3");
/// assert!(matches!(parse_san(&pos, "Nf4"), Err(NotationError::IllegalSan { .. })));
/// ```
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let malformed = || NotationError::MalformedSan {
        text: text.to_string(),
    };
    let illegal = || NotationError::IllegalSan {
        text: text.to_string(),
    };
    let body = text
        .trim_end_matches(['!', '?'])
        .trim_end_matches(['+', '#'])
        .trim_end_matches(['!', '?']);
    match body {
        "O-O" | "0-0" => return find_castle(pos, CastlingSide::King).ok_or_else(illegal),
        "O-O-O" | "0-0-0" => return find_castle(pos, CastlingSide::Queen).ok_or_else(illegal),
        "--" => {
            return if pos.is_check() {
                Err(illegal())
            } else {
                Ok(Move::NULL)
            }
        }
        _ => {}
    }
    let pattern = parse_pattern(body.as_bytes()).ok_or_else(malformed)?;
    let mut found = None;
    let mut candidates = 0usize;
    pos.for_each_legal_move(|mv| {
        if mv.to() != pattern.to || mv.is_castle() || mv.promotion() != pattern.promotion {
            return;
        }
        let from = mv.from();
        if pattern.from_file.is_some_and(|f| f != from.file())
            || pattern.from_rank.is_some_and(|r| r != from.rank())
        {
            return;
        }
        let kind = pos.piece_on(from).map(|p| p.kind());
        if kind != Some(pattern.kind) {
            return;
        }
        // A pawn move without a file stays on its file: `d5` never means `exd5`.
        if pattern.kind == PieceKind::Pawn
            && pattern.from_file.is_none()
            && from.file() != mv.to().file()
        {
            return;
        }
        candidates += 1;
        found = Some(mv);
    });
    match (candidates, found) {
        (1, Some(mv)) => Ok(mv),
        (0, _) | (_, None) => Err(illegal()),
        (n, _) => Err(NotationError::AmbiguousSan {
            text: text.to_string(),
            candidates: n,
        }),
    }
}

fn find_castle(pos: &Position, side: CastlingSide) -> Option<Move> {
    let us = pos.side_to_move();
    let king = pos.king_square(us);
    pos.find_move(king, side.king_to(us), None)
        .filter(|mv| mv.is_castle())
}

/// Reads `[piece][file][rank][x|:|-]square[[=]promotion]` from the bytes of a
/// SAN text without its suffixes.
fn parse_pattern(s: &[u8]) -> Option<Pattern> {
    let mut s = s;
    let mut kind = PieceKind::Pawn;
    if let Some((&c, rest)) = s.split_first() {
        if let Some(k) = upper_piece(c) {
            kind = k;
            s = rest;
        }
    }
    // Promotion at the end: `=Q`, `Q`, or lowercase `q` after a rank digit.
    let mut promotion = None;
    if let Some((&c, rest)) = s.split_last() {
        let letter = upper_piece(c).or_else(|| {
            // `b` is also a file, so a lowercase letter counts only after a back rank.
            matches!(rest.last(), Some(b'1' | b'8'))
                .then(|| upper_piece(c.to_ascii_uppercase()))
                .flatten()
        });
        if let Some(p) = letter {
            if kind != PieceKind::Pawn || !PieceKind::PROMOTIONS.contains(&p) {
                return None;
            }
            promotion = Some(p);
            s = rest;
            if let Some((b'=', rest)) = s.split_last() {
                s = rest;
            }
        }
    }
    if s.len() < 2 {
        return None;
    }
    let (head, dest) = s.split_at(s.len() - 2);
    let to = Square::new(
        File::from_char(dest[0] as char)?,
        Rank::from_char(dest[1] as char)?,
    );
    let mut head = head;
    if let Some((b'x' | b':' | b'-', rest)) = head.split_last() {
        head = rest;
    }
    let (mut from_file, mut from_rank) = (None, None);
    match head {
        [] => {}
        [c] => {
            from_file = File::from_char(*c as char);
            from_rank = Rank::from_char(*c as char);
            if from_file.is_none() && from_rank.is_none() {
                return None;
            }
        }
        [f, r] => {
            from_file = Some(File::from_char(*f as char)?);
            from_rank = Some(Rank::from_char(*r as char)?);
        }
        _ => return None,
    }
    if kind == PieceKind::Pawn && from_rank.is_some() && from_file.is_none() {
        return None;
    }
    let back_rank = to.rank() == Rank::First || to.rank() == Rank::Eighth;
    if promotion.is_some() && !back_rank {
        return None;
    }
    Some(Pattern {
        kind,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

fn upper_piece(c: u8) -> Option<PieceKind> {
    match c {
        b'N' => Some(PieceKind::Knight),
        b'B' => Some(PieceKind::Bishop),
        b'R' => Some(PieceKind::Rook),
        b'Q' => Some(PieceKind::Queen),
        b'K' => Some(PieceKind::King),
        b'P' => Some(PieceKind::Pawn),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_fen;

    fn san_of(fen: &str, uci: &str) -> String {
        let pos = parse_fen(fen).unwrap();
        let mv = crate::parse_uci_move(&pos, uci).unwrap();
        to_san(&pos, mv)
    }

    #[test]
    fn writes_standard_san() {
        let start = crate::STARTPOS_FEN;
        assert_eq!(san_of(start, "e2e4"), "e4");
        assert_eq!(san_of(start, "g1f3"), "Nf3");
        // Disambiguation by file, by rank, and by both.
        assert_eq!(san_of("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "a1d1"), "Rad1");
        assert_eq!(san_of("R7/7k/8/8/8/8/8/R3K3 w - - 0 1", "a1a4"), "R1a4");
        assert_eq!(
            san_of("7k/8/8/8/2Q1Q3/8/2Q5/4K3 w - - 0 1", "c4d3"),
            "Qc4d3"
        );
        assert_eq!(san_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), "b8=Q+");
        assert_eq!(san_of("r3k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O");
        assert_eq!(san_of("r3k2r/8/8/8/8/8/8/4K3 b q - 0 1", "e8c8"), "O-O-O");
        assert_eq!(san_of("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8#");
        assert_eq!(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
    }

    #[test]
    fn reads_leniently() {
        let pos = Position::startpos();
        for text in ["Nf3", "Ngf3", "Ng1f3", "Ng1-f3", "Nf3+", "Nf3!?", "Nf3?!+"] {
            assert_eq!(parse_san(&pos, text).unwrap().to_string(), "g1f3", "{text}");
        }
        let promo = parse_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        for text in ["b8=Q", "b8Q", "b8q", "b8=Q+", "b8Q#"] {
            assert_eq!(
                parse_san(&promo, text).unwrap().to_string(),
                "b7b8q",
                "{text}"
            );
        }
        let castle = parse_fen("r3k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        assert_eq!(parse_san(&castle, "0-0").unwrap().to_string(), "e1g1");
        assert!(matches!(
            parse_san(&castle, "O-O-O"),
            Err(NotationError::IllegalSan { .. })
        ));
        let rooks = parse_fen("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1").unwrap();
        assert_eq!(
            parse_san(&rooks, "Rd1"),
            Err(NotationError::AmbiguousSan {
                text: "Rd1".into(),
                candidates: 2
            })
        );
    }
}
