//! Indexing: positions of one material to table slots and back.
//!
//! An index is `((side * kings + king_pair) * n1 + s1) * n2 + s2`: the side
//! to move (White's half first), the pair of king squares, then the square of
//! each other piece (64 squares, 48 for a pawn, which never stands on the
//! first or last rank), in the material's order (White's pieces strongest
//! first, then Black's). Symmetry shrinks the king pairs:
//!
//! * without pawns, the board's eight symmetries bring White's king into the
//!   triangle a1–d1–d4 and, when it stands on the a1–h8 diagonal, Black's
//!   king on or below it: 462 pairs. When both kings stand on that diagonal
//!   the reflection through it is chosen that puts the other pieces' squares
//!   first in index order, so each position has one index;
//! * with pawns, only the left–right mirror applies: White's king on files
//!   a–d, 1806 pairs.
//!
//! Two pieces of the same kind and colour take the lower square first.
//! Slots that name no canonical legal position (two men on one square, the
//! side not to move in check, a non-canonical twin) are marked invalid in the
//! tables.

use crate::Material;
use outpost_board::{Color, Piece, PieceKind, Position, Setup, Square};

/// No king pair: the squares touch, coincide or are not canonical.
const NO_PAIR: u16 = u16::MAX;

/// King pairs under one symmetry group: the pair's number by squares
/// (`white * 64 + black`) and the squares by number.
struct KingPairs {
    number: [u16; 4096],
    squares: [(u8, u8); 1806],
    len: usize,
}

const fn kings_touch(a: usize, b: usize) -> bool {
    let df = (a % 8) as i32 - (b % 8) as i32;
    let dr = (a / 8) as i32 - (b / 8) as i32;
    df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

impl KingPairs {
    const fn build(pawnless: bool) -> KingPairs {
        let mut pairs = KingPairs {
            number: [NO_PAIR; 4096],
            squares: [(0, 0); 1806],
            len: 0,
        };
        let mut wk = 0;
        while wk < 64 {
            let (wf, wr) = (wk % 8, wk / 8);
            let white_ok = if pawnless { wf < 4 && wr <= wf } else { wf < 4 };
            if white_ok {
                let mut bk = 0;
                while bk < 64 {
                    let (bf, br) = (bk % 8, bk / 8);
                    let below_diagonal = !pawnless || wr != wf || br <= bf;
                    if !kings_touch(wk, bk) && below_diagonal {
                        pairs.number[wk * 64 + bk] = pairs.len as u16;
                        pairs.squares[pairs.len] = (wk as u8, bk as u8);
                        pairs.len += 1;
                    }
                    bk += 1;
                }
            }
            wk += 1;
        }
        pairs
    }
}

static PAWNLESS_KINGS: KingPairs = KingPairs::build(true);
static PAWNFUL_KINGS: KingPairs = KingPairs::build(false);

/// The number of king pairs without pawns.
pub const PAWNLESS_KING_PAIRS: usize = 462;
/// The number of king pairs with pawns.
pub const PAWNFUL_KING_PAIRS: usize = 1806;

/// Mirror files, flip ranks, transpose (in that order), as bits of a symmetry.
const MIRROR: u8 = 1;
const FLIP: u8 = 2;
const TRANSPOSE: u8 = 4;

const fn transform_slow(sq: u8, t: u8) -> u8 {
    let mut s = sq;
    if t & MIRROR != 0 {
        s ^= 7;
    }
    if t & FLIP != 0 {
        s ^= 56;
    }
    if t & TRANSPOSE != 0 {
        s = ((s & 7) << 3) | (s >> 3);
    }
    s
}

/// Every square under every symmetry.
static TRANSFORMED: [[u8; 64]; 8] = {
    let mut table = [[0u8; 64]; 8];
    let mut t = 0;
    while t < 8 {
        let mut sq = 0;
        while sq < 64 {
            table[t][sq] = transform_slow(sq as u8, t as u8);
            sq += 1;
        }
        t += 1;
    }
    table
};

/// The symmetry that brings White's king into the a1–d1–d4 triangle
/// (without pawns), before the diagonal is looked at.
static TRIANGLE: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut t = 0;
        if sq % 8 >= 4 {
            t |= MIRROR;
        }
        if transform_slow(sq as u8, t) / 8 >= 4 {
            t |= FLIP;
        }
        let w = transform_slow(sq as u8, t);
        if w / 8 > w % 8 {
            t |= TRANSPOSE;
        }
        table[sq] = t;
        sq += 1;
    }
    table
};

#[inline]
fn transform(sq: u8, t: u8) -> u8 {
    TRANSFORMED[usize::from(t & 7)][usize::from(sq & 63)]
}

/// The men of a position of one material, in the table's colours: the kings
/// and the other pieces in material order, and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placement {
    pub(crate) side: Color,
    pub(crate) kings: [u8; 2],
    pub(crate) pieces: [u8; 2],
}

/// The index geometry of one material's table.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub(crate) material: Material,
    /// The non-king pieces in index order, in the table's colours.
    pub(crate) pieces: [Option<Piece>; 2],
    pub(crate) pawnless: bool,
    /// Whether the two pieces are of the same kind and colour.
    identical: bool,
    /// Squares per piece slot: 64, 48 for a pawn, 1 for an empty slot.
    sizes: [usize; 2],
    /// The first square a slot counts from: 8 (a2) for a pawn, else 0.
    offsets: [usize; 2],
    /// All ones for a slot with a piece, 0 for an empty slot.
    masks: [usize; 2],
    /// Positions for one side to move.
    pub(crate) per_side: usize,
}

impl Layout {
    /// The layout of a material (any orientation is indexed as given; tables
    /// are built for canonical ones).
    pub(crate) fn new(material: Material) -> Layout {
        let mut pieces = [None; 2];
        for (slot, (color, kind)) in material.pieces().take(2).enumerate() {
            pieces[slot] = Some(Piece::new(color, kind));
        }
        let pawnless = material.pawns() == 0;
        let size = |p: Option<Piece>| match p {
            None => 1,
            Some(p) if p.kind() == PieceKind::Pawn => 48,
            Some(_) => 64,
        };
        let sizes = [size(pieces[0]), size(pieces[1])];
        let kings = if pawnless {
            PAWNLESS_KING_PAIRS
        } else {
            PAWNFUL_KING_PAIRS
        };
        let offset = |p: Option<Piece>| match p {
            Some(p) if p.kind() == PieceKind::Pawn => 8,
            _ => 0,
        };
        let mask = |p: Option<Piece>| if p.is_some() { usize::MAX } else { 0 };
        Layout {
            material,
            offsets: [offset(pieces[0]), offset(pieces[1])],
            masks: [mask(pieces[0]), mask(pieces[1])],
            identical: pieces[0].is_some() && pieces[0] == pieces[1],
            pieces,
            pawnless,
            sizes,
            per_side: kings * sizes[0] * sizes[1],
        }
    }

    /// The number of slots, both sides to move.
    pub(crate) fn len(&self) -> usize {
        2 * self.per_side
    }

    /// The placement of `pos`, whose material must be this layout's (after
    /// swapping colours when `flip`).
    #[inline]
    pub(crate) fn placement(&self, pos: &Position, flip: bool) -> Placement {
        let real = |c: Color| if flip { !c } else { c };
        let tr = |sq: Square| {
            if flip {
                sq.flip_rank().index() as u8
            } else {
                sq.index() as u8
            }
        };
        let mut pieces = [0u8; 2];
        if self.identical {
            if let Some(p) = self.pieces[0] {
                let mut bb = pos.pieces_of(real(p.color()), p.kind());
                for slot in &mut pieces {
                    if let Some(sq) = bb.first() {
                        *slot = tr(sq);
                        bb = bb.without(sq);
                    }
                }
            }
        } else {
            for (slot, piece) in pieces.iter_mut().zip(self.pieces) {
                if let Some(p) = piece {
                    if let Some(sq) = pos.pieces_of(real(p.color()), p.kind()).first() {
                        *slot = tr(sq);
                    }
                }
            }
        }
        Placement {
            side: real(pos.side_to_move()),
            kings: [
                tr(pos.king_square(real(Color::White))),
                tr(pos.king_square(real(Color::Black))),
            ],
            pieces,
        }
    }

    /// The index of a placement, after bringing it to its canonical symmetry.
    #[inline]
    pub(crate) fn index(&self, p: &Placement) -> usize {
        let [wk, bk] = p.kings;
        let pieces = p.pieces;
        let t = if self.pawnless {
            let mut t = TRIANGLE[usize::from(wk & 63)];
            let w = transform(wk, t);
            if w >> 3 == w & 7 {
                let b = transform(bk, t);
                if b >> 3 > b & 7 {
                    t ^= TRANSPOSE;
                } else if b >> 3 == b & 7 {
                    // Both kings on the diagonal: the reflection through it
                    // that gives the smaller piece squares.
                    let mine = self.ordered(pieces.map(|s| transform(s, t)));
                    let other = self.ordered(pieces.map(|s| transform(s, t ^ TRANSPOSE)));
                    if other < mine {
                        t ^= TRANSPOSE;
                    }
                }
            }
            t
        } else {
            // Mirror when White's king is on files e-h.
            (wk >> 2) & MIRROR
        };
        let tr = &TRANSFORMED[usize::from(t & 7)];
        let square = |s: u8| tr[usize::from(s & 63)];
        let pieces = self.ordered([square(pieces[0]), square(pieces[1])]);
        let pairs = if self.pawnless {
            &PAWNLESS_KINGS
        } else {
            &PAWNFUL_KINGS
        };
        let pair = pairs.number[usize::from(square(wk)) * 64 + usize::from(square(bk))];
        // Touching kings cannot come from a legal position; give them the
        // first slot rather than fail (callers only index legal positions).
        let pair = if pair == NO_PAIR {
            0
        } else {
            usize::from(pair)
        };
        // A pawn's square counts from a2; an empty slot counts as 0.
        let slot = |i: usize| usize::from(pieces[i]).wrapping_sub(self.offsets[i]) & self.masks[i];
        p.side.index() * self.per_side + (pair * self.sizes[0] + slot(0)) * self.sizes[1] + slot(1)
    }

    /// Two pieces of one kind and colour, lower square first.
    #[inline]
    fn ordered(&self, pieces: [u8; 2]) -> [u8; 2] {
        if self.identical && pieces[1] < pieces[0] {
            [pieces[1], pieces[0]]
        } else {
            pieces
        }
    }

    /// The placement stored at `index`, if the slot holds one: men on
    /// distinct squares, two like pieces in order. Legality and canonical
    /// symmetry are checked by [`Layout::position`].
    pub(crate) fn placement_at(&self, index: usize) -> Option<Placement> {
        let side = Color::from_index(index / self.per_side);
        let mut rest = index % self.per_side;
        let s1 = rest % self.sizes[1];
        rest /= self.sizes[1];
        let s0 = rest % self.sizes[0];
        let pair = rest / self.sizes[0];
        let pairs = if self.pawnless {
            &PAWNLESS_KINGS
        } else {
            &PAWNFUL_KINGS
        };
        let (wk, bk) = pairs.squares[pair];
        let square = |i: usize, s: usize| -> u8 {
            match self.pieces[i] {
                Some(p) if p.kind() == PieceKind::Pawn => (s + 8) as u8,
                _ => s as u8,
            }
        };
        let pieces = [square(0, s0), square(1, s1)];
        let mut occupied = (1u64 << wk) | (1u64 << bk);
        for (i, &sq) in pieces.iter().enumerate() {
            if self.pieces[i].is_some() {
                if occupied & (1u64 << sq) != 0 {
                    return None;
                }
                occupied |= 1u64 << sq;
            }
        }
        if self.identical && pieces[0] > pieces[1] {
            return None;
        }
        Some(Placement {
            side,
            kings: [wk, bk],
            pieces,
        })
    }

    /// The legal position at `index`, if the slot holds a canonical one.
    pub(crate) fn position(&self, index: usize) -> Option<Position> {
        let placement = self.placement_at(index)?;
        let pos = self.to_position(&placement)?;
        (self.index(&placement) == index).then_some(pos)
    }

    /// The position of a placement, if it is legal.
    pub(crate) fn to_position(&self, p: &Placement) -> Option<Position> {
        let mut setup = Setup::empty();
        let sq = |s: u8| usize::from(s);
        setup.board[sq(p.kings[0])] = Some(Piece::WhiteKing);
        setup.board[sq(p.kings[1])] = Some(Piece::BlackKing);
        for (i, piece) in self.pieces.iter().enumerate() {
            if let Some(piece) = piece {
                if setup.board[sq(p.pieces[i])].is_some() {
                    return None;
                }
                setup.board[sq(p.pieces[i])] = Some(*piece);
            }
        }
        setup.side_to_move = p.side;
        Position::from_setup(&setup).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn king_pair_counts() {
        assert_eq!(PAWNLESS_KINGS.len, PAWNLESS_KING_PAIRS);
        assert_eq!(PAWNFUL_KINGS.len, PAWNFUL_KING_PAIRS);
    }

    /// Every valid slot decodes to a position that indexes back to it, and
    /// all eight (or two) symmetric images of it index to the same slot.
    fn check_round_trip(name: &str) {
        let layout = Layout::new(name.parse().unwrap());
        let mut valid = 0;
        for index in 0..layout.len() {
            let Some(pos) = layout.position(index) else {
                continue;
            };
            valid += 1;
            let p = layout.placement(&pos, false);
            let symmetries: &[u8] = if layout.pawnless {
                &[0, 1, 2, 3, 4, 5, 6, 7]
            } else {
                &[0, 1]
            };
            for &t in symmetries {
                let image = Placement {
                    side: p.side,
                    kings: p.kings.map(|s| transform(s, t)),
                    pieces: p.pieces.map(|s| transform(s, t)),
                };
                assert_eq!(layout.index(&image), index, "{name} symmetry {t}");
            }
        }
        assert!(
            valid > layout.len() / 4,
            "{name}: {valid} of {}",
            layout.len()
        );
    }

    #[test]
    fn indices_round_trip_under_symmetry() {
        for name in ["KQK", "KPK", "KBBK", "KRKP"] {
            check_round_trip(name);
        }
    }
}
