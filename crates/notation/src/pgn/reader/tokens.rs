//! The lexical pieces of PGN movetext: which bytes end a token, the column
//! of a byte, the result tokens (also glued to a move) and the annotation
//! glyphs after a move.

use crate::san::glyph_nag_bytes;
use crate::GameResult;

/// The column (in characters, from 1) of byte `at` of `line`.
pub(super) fn column(line: &[u8], at: usize) -> usize {
    line[..at.min(line.len())]
        .iter()
        .filter(|&&b| b & 0xc0 != 0x80)
        .count()
        + 1
}

pub(super) fn skip_whitespace(line: &[u8], mut i: usize) -> usize {
    while i < line.len() && line[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// Which bytes end a move or number token: ASCII whitespace and the
/// movetext brackets.
pub(super) const DELIMITERS: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_whitespace()
            || matches!(c, b'{' | b'}' | b'(' | b')' | b';' | b'$' | b'[' | b']');
        b += 1;
    }
    table
};

/// [`DELIMITERS`] and every non-ASCII byte: where a lenient reader ends a
/// token (the bytes after are reported as an encoding problem).
pub(super) const LENIENT_DELIMITERS: [bool; 256] = {
    let mut table = DELIMITERS;
    let mut b = 0x80;
    while b < 256 {
        table[b] = true;
        b += 1;
    }
    table
};

/// Whether `b` ends a move or number token.
#[inline]
pub(super) fn is_delimiter(b: u8) -> bool {
    DELIMITERS[usize::from(b)]
}

/// The result tokens a lenient reader finds glued to a move, longest first.
pub(super) const GLUED_RESULTS: [(&[u8], GameResult); 5] = [
    (b"1/2-1/2", GameResult::Draw),
    (b"1-0", GameResult::WhiteWins),
    (b"0-1", GameResult::BlackWins),
    (b"1/2", GameResult::Draw),
    (b"*", GameResult::Unknown),
];

pub(super) fn result_token(token: &[u8]) -> Option<GameResult> {
    match token {
        b"1-0" => Some(GameResult::WhiteWins),
        b"0-1" => Some(GameResult::BlackWins),
        b"1/2-1/2" => Some(GameResult::Draw),
        b"*" => Some(GameResult::Unknown),
        _ => None,
    }
}

/// Splits trailing annotation glyphs off a move token.
#[inline]
pub(super) fn split_glyph(token: &[u8]) -> (&[u8], Option<u8>) {
    let mut end = token.len();
    while end > 0 && matches!(token[end - 1], b'!' | b'?') {
        end -= 1;
    }
    if end == token.len() {
        return (token, None);
    }
    (&token[..end], glyph_nag_bytes(&token[end..]))
}
