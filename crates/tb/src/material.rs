//! Material signatures: which pieces besides the two kings are on the board.

use crate::TbError;
use outpost_board::{Color, PieceKind, Position};
use std::fmt;
use std::str::FromStr;

/// The most men (kings included) the tables cover.
pub const MAX_MEN: u32 = 4;

/// The non-king kinds, strongest first: the order of a material's name.
const NAME_ORDER: [PieceKind; 5] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Pawn,
];

/// The pieces on the board besides the kings: how many of each kind each
/// side has. Written as in endgame literature, `KQKR`: White's king and
/// pieces, strongest first, then Black's.
///
/// ```
/// use outpost_board::{Color, PieceKind};
/// use outpost_notation::parse_fen;
/// use outpost_tb::Material;
///
/// let kqkr: Material = "KQKR".parse().unwrap();
/// assert_eq!(kqkr.men(), 4);
/// assert_eq!(kqkr.count(Color::Black, PieceKind::Rook), 1);
/// assert_eq!(kqkr.to_string(), "KQKR");
///
/// // Tables are stored with the stronger side as White.
/// let pos = parse_fen("8/8/3q4/8/8/2k5/8/K3R3 w - - 0 1").unwrap();
/// let krkq = Material::of(&pos);
/// assert_eq!(krkq.to_string(), "KRKQ");
/// assert_eq!(krkq.canonical(), (kqkr, true));
///
/// // A capture leaves KQK or KRK; the 3-man tables are the first five made.
/// let successors: Vec<String> = kqkr.successors().iter().map(|m| m.to_string()).collect();
/// assert_eq!(successors.len(), 2);
/// assert!(successors.contains(&"KQK".to_string()) && successors.contains(&"KRK".to_string()));
/// assert_eq!(Material::all_up_to(3).len(), 5);
/// assert!("KXK".parse::<Material>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Material {
    /// Counts indexed by [`Color::index`] and then [`PieceKind::index`]
    /// (pawn to queen; the king slot stays 0).
    counts: [[u8; 6]; 2],
}

impl Material {
    /// The material of a position.
    pub fn of(pos: &Position) -> Material {
        let mut counts = [[0u8; 6]; 2];
        for color in Color::ALL {
            for kind in NAME_ORDER {
                counts[color.index()][kind.index()] = pos.pieces_of(color, kind).count() as u8;
            }
        }
        Material { counts }
    }

    /// How many pieces of `color` and `kind` (kings are not counted).
    pub fn count(&self, color: Color, kind: PieceKind) -> u32 {
        self.counts[color.index()][kind.index()].into()
    }

    /// The number of men, kings included.
    pub fn men(&self) -> u32 {
        2 + self
            .counts
            .iter()
            .flatten()
            .map(|&c| u32::from(c))
            .sum::<u32>()
    }

    /// The number of pawns of both sides.
    pub fn pawns(&self) -> u32 {
        self.count(Color::White, PieceKind::Pawn) + self.count(Color::Black, PieceKind::Pawn)
    }

    /// The same material with the colours swapped (`KQKR` ↔ `KRKQ`).
    pub fn flipped(&self) -> Material {
        Material {
            counts: [self.counts[1], self.counts[0]],
        }
    }

    /// Whether White is at least as strong as Black by the tables'
    /// convention: more pieces, or as many with the stronger first
    /// difference in the order Q, R, B, N, P. Tables are stored for this
    /// orientation; the other is served by flipping colours.
    pub fn is_canonical(&self) -> bool {
        self.strength(Color::White) >= self.strength(Color::Black)
    }

    /// The orientation tables are stored in, and whether the colours had to
    /// be swapped to get it.
    pub fn canonical(&self) -> (Material, bool) {
        if self.is_canonical() {
            (*self, false)
        } else {
            (self.flipped(), true)
        }
    }

    fn strength(&self, color: Color) -> (u8, [u8; 5]) {
        let c = &self.counts[color.index()];
        let total = c.iter().sum();
        (total, NAME_ORDER.map(|kind| c[kind.index()]))
    }

    /// The non-king pieces, White's then Black's, each side strongest first.
    pub fn pieces(&self) -> impl Iterator<Item = (Color, PieceKind)> + '_ {
        Color::ALL.into_iter().flat_map(move |color| {
            NAME_ORDER.into_iter().flat_map(move |kind| {
                (0..self.counts[color.index()][kind.index()]).map(move |_| (color, kind))
            })
        })
    }

    /// Every canonical material of 3 men and, with `men` = 4, of 4 men, in
    /// the order they can be generated: fewer men first, then fewer pawns
    /// (a capture removes a man, a promotion a pawn).
    pub fn all_up_to(men: u32) -> Vec<Material> {
        let mut all = Vec::new();
        let kinds = NAME_ORDER;
        for &a in &kinds {
            all.push(Material::from_pieces(&[a], &[]));
        }
        if men >= 4 {
            for (i, &a) in kinds.iter().enumerate() {
                for &b in &kinds[i..] {
                    all.push(Material::from_pieces(&[a, b], &[]));
                    all.push(Material::from_pieces(&[a], &[b]));
                }
            }
        }
        all.sort_by_key(|m| (m.men(), m.pawns()));
        all
    }

    fn from_pieces(white: &[PieceKind], black: &[PieceKind]) -> Material {
        let mut counts = [[0u8; 6]; 2];
        for &k in white {
            counts[0][k.index()] += 1;
        }
        for &k in black {
            counts[1][k.index()] += 1;
        }
        Material { counts }
    }

    /// The materials one move can turn this one into: a capture of any
    /// non-king piece, a promotion of any pawn (to each of the four kinds),
    /// and both at once. Given in canonical orientation, without duplicates
    /// and without bare kings.
    pub fn successors(&self) -> Vec<Material> {
        let mut out: Vec<Material> = Vec::new();
        let mut add = |m: Material| {
            let (c, _) = m.canonical();
            if c.men() > 2 && !out.contains(&c) {
                out.push(c);
            }
        };
        for (color, kind) in self.pieces() {
            // A capture of this piece.
            let mut captured = *self;
            captured.counts[color.index()][kind.index()] -= 1;
            add(captured);
            if kind != PieceKind::Pawn {
                continue;
            }
            for promo in PieceKind::PROMOTIONS {
                let mut promoted = *self;
                promoted.counts[color.index()][kind.index()] -= 1;
                promoted.counts[color.index()][promo.index()] += 1;
                add(promoted);
                // Promoting with a capture of any enemy piece.
                for (victim_color, victim) in self.pieces() {
                    if victim_color != color {
                        let mut both = promoted;
                        both.counts[victim_color.index()][victim.index()] -= 1;
                        add(both);
                    }
                }
            }
        }
        out
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for color in Color::ALL {
            f.write_str("K")?;
            for kind in NAME_ORDER {
                for _ in 0..self.counts[color.index()][kind.index()] {
                    write!(f, "{}", kind.to_char().to_ascii_uppercase())?;
                }
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Material({self})")
    }
}

impl FromStr for Material {
    type Err = TbError;

    /// Reads a name like `KQKR` or `kpkp`: a king, White's pieces, a king,
    /// Black's pieces.
    fn from_str(text: &str) -> Result<Material, TbError> {
        let bad = |reason| TbError::BadMaterial {
            text: text.to_string(),
            reason,
        };
        let upper = text.to_ascii_uppercase();
        let Some(rest) = upper.strip_prefix('K') else {
            return Err(bad("it must start with White's king `K`"));
        };
        let Some((white, black)) = rest.split_once('K') else {
            return Err(bad("it needs a second `K` for Black's king"));
        };
        let mut counts = [[0u8; 6]; 2];
        for (side, letters) in [white, black].into_iter().enumerate() {
            for c in letters.chars() {
                match PieceKind::from_char(c) {
                    Some(kind) if kind != PieceKind::King => {
                        counts[side][kind.index()] = counts[side][kind.index()].saturating_add(1)
                    }
                    _ => return Err(bad("expected piece letters Q, R, B, N or P after each K")),
                }
            }
        }
        Ok(Material { counts })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in ["KQKR", "KPKP", "KBNK", "KK", "KRPK", "KNKP"] {
            let m: Material = name.parse().unwrap();
            assert_eq!(m.to_string(), name);
        }
        assert_eq!("kqkr".parse::<Material>().unwrap().to_string(), "KQKR");
        assert!("QKR".parse::<Material>().is_err());
        assert!("KQR".parse::<Material>().is_err());
        assert!("KXKR".parse::<Material>().is_err());
    }

    #[test]
    fn canonical_puts_the_stronger_side_first() {
        let m: Material = "KRKQ".parse().unwrap();
        assert_eq!(m.canonical(), ("KQKR".parse().unwrap(), true));
        let m: Material = "KKPP".parse().unwrap();
        assert_eq!(m.canonical().0.to_string(), "KPPK");
        let m: Material = "KPKP".parse().unwrap();
        assert_eq!(m.canonical(), (m, false));
    }

    #[test]
    fn there_are_5_three_man_and_30_four_man_materials() {
        assert_eq!(Material::all_up_to(3).len(), 5);
        let all = Material::all_up_to(4);
        assert_eq!(all.len(), 35);
        assert!(all.iter().all(|m| m.is_canonical()));
        // Every successor comes earlier in the generation order.
        for (i, m) in all.iter().enumerate() {
            for s in m.successors() {
                let j = all.iter().position(|x| *x == s).unwrap();
                assert!(j < i, "{s} must come before {m}");
            }
        }
    }

    #[test]
    fn successors_of_kpkp() {
        let m: Material = "KPKP".parse().unwrap();
        let names: Vec<String> = m.successors().iter().map(|s| s.to_string()).collect();
        for expected in ["KPK", "KQKP", "KNKP", "KQK", "KNK"] {
            assert!(names.contains(&expected.to_string()), "{names:?}");
        }
    }
}
