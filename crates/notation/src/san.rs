//! Standard Algebraic Notation: `Nf3`, `exd5`, `e8=Q+`, `O-O-O#`.
//!
//! Writing follows the standard exactly: piece letter, the minimal
//! disambiguation (file, else rank, else both), `x` on captures, `=Q` on
//! promotions, `O-O`/`O-O-O` for castling and a `+` or `#` suffix. Reading is
//! as lenient as real PGN files need: check marks may be missing or wrong,
//! castling may be written with zeros, promotions without `=`, moves may be
//! over-disambiguated and may carry `!`/`?` annotations. The null move is
//! `--`.

use crate::SanError;
use outpost_board::attacks::{
    between, bishop_rays, king_attacks, knight_attacks, pawn_attacks, rook_rays,
};
use outpost_board::{
    Bitboard, CastlingSide, Color, File, Move, MoveKind, PieceKind, Position, Rank, Square,
};
use std::fmt;

/// Formats `mv`, which must be legal in `pos`, in SAN with its check or mate
/// suffix. [`Move::NULL`] is written `--`.
///
/// ```
/// use outpost_board::{Move, Position, Square};
/// use outpost_notation::to_san;
///
/// let mut pos = Position::startpos();
/// let mut sans = Vec::new();
/// // 1. f3 e5 2. g4 Qh4#
/// for (from, to) in [
///     (Square::F2, Square::F3),
///     (Square::E7, Square::E5),
///     (Square::G2, Square::G4),
///     (Square::D8, Square::H4),
/// ] {
///     let mv = pos.find_move(from, to, None).unwrap();
///     sans.push(to_san(&pos, mv));
///     pos = pos.play(mv);
/// }
/// assert_eq!(sans, ["f3", "e5", "g4", "Qh4#"]);
/// assert_eq!(to_san(&pos, Move::NULL), "--");
/// ```
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
///
/// ```
/// use outpost_board::{Position, Square};
/// use outpost_notation::write_san;
///
/// // Write every legal knight move of the start position into one buffer.
/// let pos = Position::startpos();
/// let mut out = String::new();
/// let moves = pos.legal_moves();
/// for &mv in moves.iter().filter(|mv| mv.from() == Square::G1) {
///     write_san(&mut out, &pos, mv).unwrap();
///     out.push(' ');
/// }
/// assert_eq!(out, "Nf3 Nh3 ");
/// ```
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
///
/// ```
/// use outpost_notation::san::split_annotation;
///
/// assert_eq!(split_annotation("Nf3!?"), ("Nf3", Some(5)));
/// assert_eq!(split_annotation("Qh4#??"), ("Qh4#", Some(4)));
/// assert_eq!(split_annotation("e4"), ("e4", None));
/// ```
pub fn split_annotation(token: &str) -> (&str, Option<u8>) {
    let body = token.trim_end_matches(['!', '?']);
    let glyph = &token[body.len()..];
    (body, glyph_nag(glyph))
}

/// The NAG number of a move annotation glyph: `!` 1, `?` 2, `!!` 3, `??` 4,
/// `!?` 5, `?!` 6.
///
/// ```
/// use outpost_notation::san::glyph_nag;
///
/// assert_eq!(glyph_nag("!"), Some(1));
/// assert_eq!(glyph_nag("?!"), Some(6));
/// assert_eq!(glyph_nag("!!!"), None);
/// ```
pub fn glyph_nag(glyph: &str) -> Option<u8> {
    glyph_nag_bytes(glyph.as_bytes())
}

/// [`glyph_nag`] of bytes.
pub(crate) fn glyph_nag_bytes(glyph: &[u8]) -> Option<u8> {
    match glyph {
        b"!" => Some(1),
        b"?" => Some(2),
        b"!!" => Some(3),
        b"??" => Some(4),
        b"!?" => Some(5),
        b"?!" => Some(6),
        _ => None,
    }
}

/// What a SAN text asks for, before it is matched against the legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pattern {
    kind: PieceKind,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<PieceKind>,
}

/// A SAN move read from text, without its check marks and annotations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SanText {
    /// A piece or pawn move.
    Normal(Pattern),
    /// `O-O` or `O-O-O` (or with zeros).
    Castle(CastlingSide),
    /// `--`.
    Null,
}

/// Why a well-formed SAN text names no single legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unresolved {
    /// No legal move matches.
    Illegal,
    /// This many legal moves match.
    Ambiguous(usize),
}

impl SanText {
    /// Reads a SAN move, ignoring trailing check marks and annotation
    /// glyphs; `None` if it is not SAN at all. Allocates nothing.
    pub(crate) fn read(text: &[u8]) -> Option<SanText> {
        let mut end = text.len();
        while end > 0 && matches!(text[end - 1], b'+' | b'#' | b'!' | b'?') {
            end -= 1;
        }
        let body = &text[..end];
        match body {
            // Neither `O` nor `0` starts a piece or pawn move.
            [b'O' | b'0', ..] => match body {
                b"O-O" | b"0-0" => Some(SanText::Castle(CastlingSide::King)),
                b"O-O-O" | b"0-0-0" => Some(SanText::Castle(CastlingSide::Queen)),
                _ => None,
            },
            b"--" => Some(SanText::Null),
            _ => parse_pattern(body).map(SanText::Normal),
        }
    }

    /// The legal move of `pos` this text names.
    pub(crate) fn resolve(self, pos: &Position) -> Result<Move, Unresolved> {
        match self {
            SanText::Normal(pattern) => resolve_pattern(pos, &pattern),
            SanText::Castle(side) => find_castle(pos, side).ok_or(Unresolved::Illegal),
            SanText::Null if pos.is_check() => Err(Unresolved::Illegal),
            SanText::Null => Ok(Move::NULL),
        }
    }
}

/// Parses a SAN move (leniently, see the module docs) and finds it among the
/// legal moves of `pos`.
///
/// ```
/// use outpost_board::Position;
/// use outpost_notation::{parse_san, SanError};
///
/// let pos = Position::startpos();
/// assert_eq!(parse_san(&pos, "Nf3").unwrap().to_string(), "g1f3");
/// assert_eq!(parse_san(&pos, "Ngf3!?").unwrap().to_string(), "g1f3");
/// assert!(matches!(parse_san(&pos, "Nf4"), Err(SanError::Illegal { .. })));
/// ```
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, SanError> {
    let san = SanText::read(text.as_bytes()).ok_or_else(|| SanError::Malformed {
        text: text.to_string(),
    })?;
    san.resolve(pos).map_err(|e| unresolved_error(e, text))
}

/// The error for a SAN text that names no single legal move.
pub(crate) fn unresolved_error(e: Unresolved, text: &str) -> SanError {
    match e {
        Unresolved::Illegal => SanError::Illegal {
            text: text.to_string(),
        },
        Unresolved::Ambiguous(candidates) => SanError::Ambiguous {
            text: text.to_string(),
            candidates,
        },
    }
}

/// Finds the move a pattern names from the attack sets of the side to
/// move's pieces, without generating the legal moves.
fn resolve_pattern(pos: &Position, p: &Pattern) -> Result<Move, Unresolved> {
    let us = pos.side_to_move();
    let them = !us;
    let to = p.to;
    let ours = pos.colored(us);
    if ours.contains(to) {
        return Err(Unresolved::Illegal);
    }
    let occupied = pos.occupied();
    let victim = pos.colored(them).contains(to);
    let king = pos.king_square(us);
    let mut filter = Bitboard::FULL;
    if let Some(f) = p.from_file {
        filter &= Bitboard::file(f);
    }
    if let Some(r) = p.from_rank {
        filter &= Bitboard::rank(r);
    }
    let kind = if victim {
        MoveKind::Capture
    } else {
        MoveKind::Quiet
    };
    match p.kind {
        PieceKind::King => {
            if p.promotion.is_some()
                || !filter.contains(king)
                || !king_attacks(king).contains(to)
                || attacked(pos, to, pos.colored(them), occupied ^ king)
            {
                return Err(Unresolved::Illegal);
            }
            Ok(Move::new(king, to, kind))
        }
        PieceKind::Pawn => resolve_pawn(pos, p, filter),
        piece => {
            if p.promotion.is_some() {
                return Err(Unresolved::Illegal);
            }
            // Sliders are found along their empty-board rays and checked for
            // a clear path, as in `attacked`.
            let rays = match piece {
                PieceKind::Knight => knight_attacks(to),
                PieceKind::Bishop => bishop_rays(to),
                PieceKind::Rook => rook_rays(to),
                _ => bishop_rays(to) | rook_rays(to),
            };
            let candidates = rays & pos.pieces_of(us, piece) & filter;
            let mut found = None;
            let mut count = 0;
            for from in candidates {
                if (between(from, to) & occupied).is_empty()
                    && king_safe_after(pos, king, from, to, to)
                {
                    count += 1;
                    found = Some(from);
                }
            }
            match (count, found) {
                (1, Some(from)) => Ok(Move::new(from, to, kind)),
                (0, _) | (_, None) => Err(Unresolved::Illegal),
                (n, _) => Err(Unresolved::Ambiguous(n)),
            }
        }
    }
}

/// Whether the king of the side to move, on `king`, stands unattacked once
/// one of its other pieces goes from `from` to `to`, taking what stands on
/// `taken` (`to`, or the pawn an en-passant capture removes). One look from
/// the king covers both checks and pins.
#[inline]
fn king_safe_after(pos: &Position, king: Square, from: Square, to: Square, taken: Square) -> bool {
    let enemies = pos.colored(!pos.side_to_move()) & !Bitboard::from_square(taken);
    let occupied = ((pos.occupied() ^ from) & !Bitboard::from_square(taken)) | to;
    !attacked(pos, king, enemies, occupied)
}

/// Whether any of `enemies` (pieces of the side not to move) attacks `sq`,
/// sliders seeing through `occupied`. Sliders are found on the empty-board
/// rays and checked for a clear path: small tables that stay in cache,
/// where the occupancy-indexed attack tables miss on scattered positions.
#[inline]
fn attacked(pos: &Position, sq: Square, enemies: Bitboard, occupied: Bitboard) -> bool {
    let us = pos.side_to_move();
    let leapers = (knight_attacks(sq) & pos.pieces(PieceKind::Knight))
        | (pawn_attacks(us, sq) & pos.pieces(PieceKind::Pawn))
        | (king_attacks(sq) & pos.pieces(PieceKind::King));
    if (leapers & enemies).is_nonempty() {
        return true;
    }
    let queens = pos.pieces(PieceKind::Queen);
    let sliders = ((bishop_rays(sq) & (pos.pieces(PieceKind::Bishop) | queens))
        | (rook_rays(sq) & (pos.pieces(PieceKind::Rook) | queens)))
        & enemies;
    sliders
        .into_iter()
        .any(|slider| (between(sq, slider) & occupied).is_empty())
}

/// A pawn move: a push along its file, or a capture (en passant included)
/// from the file the text names.
fn resolve_pawn(pos: &Position, p: &Pattern, filter: Bitboard) -> Result<Move, Unresolved> {
    let us = pos.side_to_move();
    let to = p.to;
    let forward: i8 = if us == Color::White { 1 } else { -1 };
    let last_rank = Rank::Eighth.relative_to(us);
    if (to.rank() == last_rank) != p.promotion.is_some() {
        return Err(Unresolved::Illegal);
    }
    let pawns = pos.pieces_of(us, PieceKind::Pawn) & filter;
    let occupied = pos.occupied();
    let behind = to.offset(0, -forward).ok_or(Unresolved::Illegal)?;
    let mut taken = to;
    let (from, kind) = match p.from_file {
        Some(file) if file != to.file() => {
            let from = Square::new(file, behind.rank());
            if file.index().abs_diff(to.file().index()) != 1 || !pawns.contains(from) {
                return Err(Unresolved::Illegal);
            }
            if pos.colored(!us).contains(to) {
                (from, MoveKind::Capture)
            } else if pos.en_passant() == Some(to) {
                taken = behind;
                (from, MoveKind::EnPassant)
            } else {
                return Err(Unresolved::Illegal);
            }
        }
        _ => {
            if occupied.contains(to) {
                return Err(Unresolved::Illegal);
            }
            if pawns.contains(behind) {
                (behind, MoveKind::Quiet)
            } else {
                let start = behind.offset(0, -forward).ok_or(Unresolved::Illegal)?;
                if to.rank() != Rank::Fourth.relative_to(us)
                    || occupied.contains(behind)
                    || !pawns.contains(start)
                {
                    return Err(Unresolved::Illegal);
                }
                (start, MoveKind::DoublePush)
            }
        }
    };
    let kind = match p.promotion {
        Some(piece) => MoveKind::promotion(piece, kind == MoveKind::Capture),
        None => kind,
    };
    if king_safe_after(pos, pos.king_square(us), from, to, taken) {
        Ok(Move::new(from, to, kind))
    } else {
        Err(Unresolved::Illegal)
    }
}

fn find_castle(pos: &Position, side: CastlingSide) -> Option<Move> {
    pos.castling_move(side)
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

    /// The slow, obviously right matcher: every legal move of the position
    /// is compared with the pattern.
    fn reference(pos: &Position, text: &str) -> Result<Move, Unresolved> {
        let Some(san) = SanText::read(text.as_bytes()) else {
            return Err(Unresolved::Illegal);
        };
        let pattern = match san {
            SanText::Normal(p) => p,
            other => return other.resolve(pos),
        };
        let mut found = Vec::new();
        pos.for_each_legal_move(|mv| {
            let from = mv.from();
            let kind = pos.piece_on(from).map(|p| p.kind());
            let same_file_push = pattern.kind != PieceKind::Pawn
                || pattern.from_file.is_some()
                || from.file() == mv.to().file();
            if mv.to() == pattern.to
                && !mv.is_castle()
                && mv.promotion() == pattern.promotion
                && pattern.from_file.is_none_or(|f| f == from.file())
                && pattern.from_rank.is_none_or(|r| r == from.rank())
                && kind == Some(pattern.kind)
                && same_file_push
            {
                found.push(mv);
            }
        });
        match found[..] {
            [mv] => Ok(mv),
            [] => Err(Unresolved::Illegal),
            _ => Err(Unresolved::Ambiguous(found.len())),
        }
    }

    /// Every pattern text over every target square, in random positions
    /// reached by random play, resolves as the reference does.
    #[test]
    fn fast_resolution_agrees_with_the_reference() {
        let fens = [
            crate::STARTPOS_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "k7/4P3/8/3N1N2/2N3N1/8/2N3N1/K2N1N2 w - - 0 1",
            "4k3/8/8/2KpP2r/8/8/8/8 w - d6 0 2",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut checked = 0;
        for fen in fens {
            let mut pos = parse_fen(fen).unwrap();
            for _ in 0..15 {
                for kind in ["", "N", "B", "R", "Q", "K"] {
                    for to in Square::ALL {
                        let mut texts = vec![format!("{kind}{to}")];
                        for f in File::ALL {
                            texts.push(format!("{kind}{}{to}", f.to_char()));
                            texts.push(format!("{kind}{}x{to}", f.to_char()));
                        }
                        for r in Rank::ALL {
                            texts.push(format!("{kind}{}{to}", r.to_char()));
                        }
                        if kind.is_empty() {
                            for promo in ["Q", "N", "=R", "b"] {
                                texts.push(format!("{to}{promo}"));
                                for f in File::ALL {
                                    texts.push(format!("{}x{to}{promo}", f.to_char()));
                                }
                            }
                        }
                        for text in texts {
                            let fast = SanText::read(text.as_bytes()).map(|s| s.resolve(&pos));
                            let slow =
                                SanText::read(text.as_bytes()).map(|_| reference(&pos, &text));
                            assert_eq!(fast, slow, "`{text}` in {}", crate::to_fen(&pos));
                            checked += 1;
                        }
                    }
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos = pos.play(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(checked > 300_000);
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
            Err(SanError::Illegal { .. })
        ));
        let rooks = parse_fen("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1").unwrap();
        assert_eq!(
            parse_san(&rooks, "Rd1"),
            Err(SanError::Ambiguous {
                text: "Rd1".into(),
                candidates: 2
            })
        );
    }
}
