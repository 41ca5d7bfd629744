//! Every weight of the evaluation, and their defaults, in one place.
//!
//! Conventions: a weight is what a feature adds to the score of the side
//! that has it (penalties are negative), in centipawns, as a middlegame and
//! an endgame value. Arrays indexed by a rank use the rank as seen from the
//! side that owns the piece ([`Rank::relative_to`](outpost_board::Rank::relative_to)),
//! index 0 being its first rank. Piece-square tables cover files a to d and
//! are mirrored onto e to h, so the evaluation is symmetric left to right by
//! construction.

use crate::score::{Score, S};

/// The denominator of endgame scale factors: a scale of `SCALE_NORMAL` keeps
/// the endgame value, 0 turns it into a draw.
pub const SCALE_NORMAL: i32 = 64;

/// Number of entries in [`Params::king_danger`].
pub const KING_DANGER_SIZE: usize = 48;

/// The weights of the evaluation. Every field is public so that a tuner can
/// read and write them directly, or all at once as a flat list of integers
/// through [`Params::visit_mut`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// Material value of each piece kind, by [`PieceKind::index`](outpost_board::PieceKind::index) (the king's is unused).
    pub piece_value: [Score; 6],
    /// Piece-square tables by kind: index `rank * 4 + file`, where `rank` is
    /// relative to the piece's side and `file` is 0 (a or h) to 3 (d or e).
    pub psqt: [[Score; 32]; 6],
    /// How much each piece kind counts towards the game phase.
    pub phase_weight: [i32; 6],

    /// A pawn with another pawn of its side behind it on the same file.
    pub pawn_doubled: Score,
    /// A pawn with no pawn of its side on the neighbouring files.
    pub pawn_isolated: Score,
    /// A pawn whose stop square is attacked by an enemy pawn and can never be
    /// defended by a pawn of its side.
    pub pawn_backward: Score,
    /// A pawn defended by a pawn of its side, by relative rank.
    pub pawn_supported: [Score; 8],
    /// A pawn with a pawn of its side beside it on the same rank, by relative rank.
    pub pawn_phalanx: [Score; 8],

    /// A passed pawn, by relative rank.
    pub passed_rank: [Score; 8],
    /// A passed pawn whose stop square is occupied, by relative rank.
    pub passed_blocked: [Score; 8],
    /// A passed pawn whose path to promotion is empty and not attacked by the
    /// enemy, by relative rank.
    pub passed_free_path: [Score; 8],
    /// Per square of distance between the own king and the passed pawn's
    /// stop square, by relative rank of the pawn.
    pub passed_own_king_distance: [Score; 8],
    /// Per square of distance between the enemy king and the passed pawn's
    /// stop square, by relative rank of the pawn.
    pub passed_their_king_distance: [Score; 8],

    /// Knight mobility, by the number of squares it can use.
    pub mobility_knight: [Score; 9],
    /// Bishop mobility, by the number of squares it can use.
    pub mobility_bishop: [Score; 14],
    /// Rook mobility, by the number of squares it can use.
    pub mobility_rook: [Score; 15],
    /// Queen mobility, by the number of squares it can use.
    pub mobility_queen: [Score; 28],

    /// The own pawn nearest the king on each of the three files around it
    /// (on the king's rank or ahead), by its relative rank index (1 for the
    /// second rank); index 0 is for a file with no such pawn.
    pub king_shield: [Score; 8],
    /// The enemy pawn nearest the king on each of the three files around it
    /// (on the king's rank or ahead), by its rank index relative to the
    /// king's side; index 0 for none.
    pub king_storm: [Score; 8],
    /// An enemy storming pawn that stands right in front of one of the own
    /// shield pawns (it cannot advance further on that file).
    pub king_storm_blocked: Score,
    /// A file around the king with no pawns at all.
    pub king_open_file: Score,
    /// A file around the king with enemy pawns but no own pawn.
    pub king_semi_open_file: Score,
    /// Attack units of a piece attacking the enemy king zone, by kind.
    pub king_attacker_weight: [i32; 6],
    /// Attack units per king-zone square attacked by such a piece.
    pub king_zone_square: i32,
    /// The fewest pieces that must attack the king zone for
    /// [`Params::king_danger`] to apply.
    pub king_min_attackers: i32,
    /// The penalty of the attacked side, by attack units (capped at the last entry).
    pub king_danger: [Score; KING_DANGER_SIZE],

    /// Both bishops.
    pub bishop_pair: Score,
    /// A knight on an outpost: relative rank 4 to 6, defended by an own pawn,
    /// and no enemy pawn can ever attack it.
    pub knight_outpost: Score,
    /// A bishop on an outpost.
    pub bishop_outpost: Score,
    /// A rook on a file with no pawns.
    pub rook_open_file: Score,
    /// A rook on a file with enemy pawns only.
    pub rook_semi_open_file: Score,
    /// A rook on the relative seventh rank with the enemy king on the eighth
    /// or enemy pawns on the seventh.
    pub rook_seventh: Score,

    /// An enemy piece attacked by one of our pawns, by the victim's kind.
    pub threat_by_pawn: [Score; 6],
    /// An enemy piece attacked by one of our knights or bishops, by the victim's kind.
    pub threat_by_minor: [Score; 6],
    /// An enemy piece attacked by one of our rooks, by the victim's kind.
    pub threat_by_rook: [Score; 6],
    /// An enemy piece (not pawn or king) we attack and they do not defend.
    pub hanging: Score,

    /// The side to move.
    pub tempo: Score,

    /// Endgame material edge (sum of endgame piece values, pawns excluded)
    /// from which a pawnless ending counts as won and mop-up applies.
    pub mopup_margin: i32,
    /// Mop-up: per step the losing king stands from the centre.
    pub mopup_edge: Score,
    /// Mop-up: per step the kings are closer than 14 apart (Manhattan distance).
    pub mopup_king_proximity: Score,
    /// King, bishop and knight against king: per step the losing king is
    /// closer than 14 to the nearest corner of the bishop's colour.
    pub mopup_bishop_corner: Score,

    /// Endgame scale with opposite-coloured bishops and no other pieces.
    pub scale_opposite_bishops: i32,
    /// Endgame scale with opposite-coloured bishops and other pieces.
    pub scale_opposite_bishops_with_pieces: i32,
    /// Endgame scale when the stronger side has no pawns and at most a
    /// bishop's worth of extra material.
    pub scale_pawnless_minor_edge: i32,
    /// Endgame scale when the stronger side has no pawns and only one minor
    /// piece (it cannot mate).
    pub scale_lone_minor: i32,
}

// The defaults below were fitted by `crates/eval/examples/tune.rs` (see
// docs/eval.md, "Tuning") to 243,351 quiet positions labelled with
// Stockfish 15.1's search score at 4,000 nodes, starting from hand-set
// values, with an L2 pull towards them. Piece-square tables: one row per
// rank from the side's first rank, files a to d (mirrored onto h to e).
#[rustfmt::skip]
impl Default for Params {
    fn default() -> Params {
        Params {
            piece_value: [
                S(72, 93),
                S(362, 344),
                S(362, 352),
                S(480, 596),
                S(1037, 1105),
                S(0, 0),
            ],
            psqt: [
                [
                    S(0, 0), S(0, 0), S(0, 0), S(0, 0),
                    S(-16, -5), S(-2, -5), S(-7, 13), S(-15, 25),
                    S(-14, -5), S(-8, -4), S(-8, 4), S(-10, 5),
                    S(-5, -7), S(-2, -6), S(9, -2), S(10, -11),
                    S(6, -3), S(-3, 6), S(8, 18), S(14, -6),
                    S(18, -4), S(5, 12), S(13, 20), S(30, 14),
                    S(31, 5), S(-20, 49), S(31, 45), S(64, 57),
                    S(0, 0), S(0, 0), S(0, 0), S(0, 0),
                ],
                [
                    S(-50, -40), S(-29, -19), S(-15, -4), S(-3, 8),
                    S(-11, -20), S(-16, -12), S(6, -20), S(4, -6),
                    S(-19, 1), S(2, -16), S(5, 9), S(21, 2),
                    S(-5, 3), S(8, -4), S(15, 6), S(6, 16),
                    S(-2, -3), S(14, 7), S(12, 23), S(20, 15),
                    S(-10, -25), S(19, -13), S(22, 20), S(32, 1),
                    S(-40, -8), S(-24, -16), S(30, -7), S(15, 12),
                    S(-88, -51), S(-30, -26), S(-40, -17), S(-2, -9),
                ],
                [
                    S(-5, -1), S(2, -4), S(-12, -4), S(-20, -4),
                    S(16, -12), S(20, -17), S(14, -2), S(0, 1),
                    S(-4, 0), S(18, -6), S(10, 7), S(1, 23),
                    S(2, -10), S(-17, -2), S(-1, 17), S(17, 13),
                    S(-1, -18), S(-2, 0), S(4, 2), S(16, 21),
                    S(7, -12), S(9, -10), S(32, -1), S(12, 8),
                    S(-19, 10), S(-23, -16), S(-3, 9), S(10, 1),
                    S(-9, 0), S(-14, -14), S(-35, -20), S(-18, -14),
                ],
                [
                    S(-10, -13), S(-7, -13), S(1, -2), S(11, -15),
                    S(-27, -4), S(-5, -13), S(-5, -13), S(8, -4),
                    S(-4, -7), S(-13, 9), S(-16, 3), S(-4, 9),
                    S(-6, -1), S(-24, 18), S(-5, 12), S(4, 4),
                    S(1, 17), S(-4, 14), S(-12, 21), S(25, 3),
                    S(-19, 23), S(21, 4), S(22, 5), S(13, 8),
                    S(-8, 9), S(-3, -4), S(41, -15), S(38, -1),
                    S(9, 12), S(7, 20), S(7, 5), S(36, 15),
                ],
                [
                    S(-32, -7), S(-19, -31), S(-12, -42), S(1, -34),
                    S(-1, 2), S(-7, -25), S(6, -50), S(11, -28),
                    S(-8, -12), S(1, 2), S(-4, 14), S(-3, -9),
                    S(1, -11), S(-14, 10), S(-2, 15), S(-5, 10),
                    S(7, -5), S(4, 16), S(12, 14), S(-2, 33),
                    S(-6, 11), S(6, 16), S(20, 14), S(6, 29),
                    S(-8, -11), S(-14, -7), S(12, 12), S(14, 33),
                    S(-12, -9), S(-4, -3), S(-1, -1), S(11, 34),
                ],
                [
                    S(24, -50), S(32, -30), S(12, -20), S(-4, -14),
                    S(16, -28), S(14, -12), S(-6, -4), S(-20, 2),
                    S(-12, -18), S(-18, 0), S(-24, 10), S(-30, 16),
                    S(-24, -12), S(-30, 6), S(-36, 18), S(-40, 24),
                    S(-32, -10), S(-38, 8), S(-44, 20), S(-48, 26),
                    S(-38, -12), S(-44, 6), S(-50, 16), S(-54, 22),
                    S(-42, -20), S(-48, -4), S(-54, 6), S(-58, 10),
                    S(-46, -40), S(-52, -20), S(-58, -10), S(-62, -6),
                ],
            ],
            phase_weight: [0, 1, 1, 2, 4, 0],
            pawn_doubled: S(-4, -14),
            pawn_isolated: S(-8, -10),
            pawn_backward: S(-8, -5),
            pawn_supported: [
                S(0, 0),
                S(0, 0),
                S(16, 7),
                S(11, 10),
                S(22, 9),
                S(20, 62),
                S(46, 69),
                S(0, 0),
            ],
            pawn_phalanx: [
                S(0, 0),
                S(4, 2),
                S(6, 3),
                S(9, 7),
                S(23, 21),
                S(59, 74),
                S(60, 60),
                S(0, 0),
            ],
            passed_rank: [
                S(0, 0),
                S(29, 11),
                S(1, 26),
                S(16, 38),
                S(57, 82),
                S(83, 120),
                S(94, 182),
                S(0, 0),
            ],
            passed_blocked: [
                S(0, 0),
                S(-24, 3),
                S(-17, -6),
                S(-12, -8),
                S(-9, -8),
                S(-8, -23),
                S(-12, -48),
                S(0, 0),
            ],
            passed_free_path: [
                S(0, 0),
                S(-2, 5),
                S(-34, 14),
                S(-56, 31),
                S(-8, 35),
                S(-18, 68),
                S(-6, 113),
                S(0, 0),
            ],
            passed_own_king_distance: [
                S(0, 0),
                S(-1, -6),
                S(0, -10),
                S(5, -11),
                S(-1, -19),
                S(-6, -21),
                S(-3, -27),
                S(0, 0),
            ],
            passed_their_king_distance: [
                S(0, 0),
                S(-4, 4),
                S(-2, 5),
                S(-9, 10),
                S(-8, 14),
                S(-1, 23),
                S(11, 26),
                S(0, 0),
            ],
            mobility_knight: [
                S(-28, -47),
                S(-7, -13),
                S(0, 5),
                S(3, 11),
                S(8, 17),
                S(11, 24),
                S(13, 19),
                S(14, 16),
                S(11, 10),
            ],
            mobility_bishop: [
                S(-9, -26),
                S(-3, -3),
                S(9, 1),
                S(12, 2),
                S(16, 17),
                S(21, 17),
                S(23, 17),
                S(26, 22),
                S(29, 22),
                S(21, 18),
                S(27, 22),
                S(7, 5),
                S(24, 27),
                S(9, -3),
            ],
            mobility_rook: [
                S(-15, -32),
                S(-13, -8),
                S(-3, -3),
                S(-4, 15),
                S(-7, 15),
                S(0, 20),
                S(6, 20),
                S(7, 18),
                S(9, 26),
                S(5, 36),
                S(4, 38),
                S(17, 39),
                S(15, 43),
                S(20, 43),
                S(36, 25),
            ],
            mobility_queen: [
                S(-2, -40),
                S(-4, -27),
                S(0, -16),
                S(-3, -21),
                S(4, -11),
                S(3, -7),
                S(5, 11),
                S(10, 13),
                S(10, 11),
                S(9, 24),
                S(11, 29),
                S(10, 30),
                S(9, 32),
                S(11, 45),
                S(8, 44),
                S(7, 48),
                S(18, 43),
                S(11, 47),
                S(11, 52),
                S(19, 34),
                S(12, 22),
                S(25, 31),
                S(22, 36),
                S(26, 41),
                S(25, 46),
                S(20, 37),
                S(27, 48),
                S(28, 49),
            ],
            king_shield: [
                S(-24, 16),
                S(9, -1),
                S(5, -8),
                S(-8, -4),
                S(-8, -8),
                S(1, -9),
                S(-27, 5),
                S(0, 0),
            ],
            king_storm: [
                S(-5, -2),
                S(23, 31),
                S(-38, 43),
                S(-21, 9),
                S(-5, -12),
                S(2, -15),
                S(-5, -11),
                S(0, 0),
            ],
            king_storm_blocked: S(-1, -14),
            king_open_file: S(-3, -39),
            king_semi_open_file: S(-3, -14),
            king_attacker_weight: [0, 3, 2, 3, 5, 0],
            king_zone_square: 1,
            king_min_attackers: 2,
            king_danger: [
                S(0, 0),
                S(0, -2),
                S(-1, -4),
                S(-3, -6),
                S(-6, -8),
                S(-9, -10),
                S(7, -10),
                S(-8, -8),
                S(-15, 4),
                S(-10, 3),
                S(-18, 8),
                S(-19, 2),
                S(-26, -3),
                S(-30, -6),
                S(-41, -18),
                S(-48, -25),
                S(-75, -14),
                S(-82, -21),
                S(-104, -34),
                S(-133, -33),
                S(-150, -40),
                S(-165, -42),
                S(-181, -44),
                S(-198, -46),
                S(-216, -48),
                S(-234, -50),
                S(-253, -52),
                S(-273, -54),
                S(-294, -56),
                S(-315, -58),
                S(-337, -60),
                S(-360, -62),
                S(-384, -64),
                S(-408, -66),
                S(-433, -68),
                S(-459, -70),
                S(-486, -72),
                S(-513, -74),
                S(-541, -76),
                S(-570, -78),
                S(-600, -80),
                S(-630, -82),
                S(-661, -84),
                S(-693, -86),
                S(-726, -88),
                S(-759, -90),
                S(-793, -92),
                S(-828, -94),
            ],
            bishop_pair: S(31, 63),
            knight_outpost: S(30, 3),
            bishop_outpost: S(22, 12),
            rook_open_file: S(18, -5),
            rook_semi_open_file: S(3, 18),
            rook_seventh: S(-8, 27),
            threat_by_pawn: [
                S(0, 0),
                S(54, 18),
                S(44, 27),
                S(69, 19),
                S(39, 38),
                S(0, 0),
            ],
            threat_by_minor: [
                S(0, 0),
                S(16, 16),
                S(33, 13),
                S(54, 5),
                S(37, 26),
                S(0, 0),
            ],
            threat_by_rook: [
                S(0, 0),
                S(12, 15),
                S(22, 6),
                S(0, 0),
                S(51, 16),
                S(0, 0),
            ],
            hanging: S(15, 18),
            tempo: S(21, 6),
            mopup_margin: 400,
            mopup_edge: S(0, 12),
            mopup_king_proximity: S(0, 6),
            mopup_bishop_corner: S(0, 20),
            scale_opposite_bishops: 24,
            scale_opposite_bishops_with_pieces: 48,
            scale_pawnless_minor_edge: 12,
            scale_lone_minor: 0,
        }
    }
}

impl Params {
    /// Calls `f` on every tunable integer with a name such as
    /// `psqt[1][13].mg` or `king_zone_square`, always in the same order.
    /// A [`Score`] gives two integers, its middlegame then its endgame value.
    pub fn visit_mut(&mut self, mut f: impl FnMut(&str, &mut i32)) {
        // Destructured without `..`, so a new field cannot be forgotten here.
        let Params {
            piece_value,
            psqt,
            phase_weight,
            pawn_doubled,
            pawn_isolated,
            pawn_backward,
            pawn_supported,
            pawn_phalanx,
            passed_rank,
            passed_blocked,
            passed_free_path,
            passed_own_king_distance,
            passed_their_king_distance,
            mobility_knight,
            mobility_bishop,
            mobility_rook,
            mobility_queen,
            king_shield,
            king_storm,
            king_storm_blocked,
            king_open_file,
            king_semi_open_file,
            king_attacker_weight,
            king_zone_square,
            king_min_attackers,
            king_danger,
            bishop_pair,
            knight_outpost,
            bishop_outpost,
            rook_open_file,
            rook_semi_open_file,
            rook_seventh,
            threat_by_pawn,
            threat_by_minor,
            threat_by_rook,
            hanging,
            tempo,
            mopup_margin,
            mopup_edge,
            mopup_king_proximity,
            mopup_bishop_corner,
            scale_opposite_bishops,
            scale_opposite_bishops_with_pieces,
            scale_pawnless_minor_edge,
            scale_lone_minor,
        } = self;
        let f = &mut f;
        scores(f, "piece_value", piece_value);
        for (kind, table) in psqt.iter_mut().enumerate() {
            scores(f, &format!("psqt[{kind}]"), table);
        }
        ints(f, "phase_weight", phase_weight);
        score(f, "pawn_doubled", pawn_doubled);
        score(f, "pawn_isolated", pawn_isolated);
        score(f, "pawn_backward", pawn_backward);
        scores(f, "pawn_supported", pawn_supported);
        scores(f, "pawn_phalanx", pawn_phalanx);
        scores(f, "passed_rank", passed_rank);
        scores(f, "passed_blocked", passed_blocked);
        scores(f, "passed_free_path", passed_free_path);
        scores(f, "passed_own_king_distance", passed_own_king_distance);
        scores(f, "passed_their_king_distance", passed_their_king_distance);
        scores(f, "mobility_knight", mobility_knight);
        scores(f, "mobility_bishop", mobility_bishop);
        scores(f, "mobility_rook", mobility_rook);
        scores(f, "mobility_queen", mobility_queen);
        scores(f, "king_shield", king_shield);
        scores(f, "king_storm", king_storm);
        score(f, "king_storm_blocked", king_storm_blocked);
        score(f, "king_open_file", king_open_file);
        score(f, "king_semi_open_file", king_semi_open_file);
        ints(f, "king_attacker_weight", king_attacker_weight);
        f("king_zone_square", king_zone_square);
        f("king_min_attackers", king_min_attackers);
        scores(f, "king_danger", king_danger);
        score(f, "bishop_pair", bishop_pair);
        score(f, "knight_outpost", knight_outpost);
        score(f, "bishop_outpost", bishop_outpost);
        score(f, "rook_open_file", rook_open_file);
        score(f, "rook_semi_open_file", rook_semi_open_file);
        score(f, "rook_seventh", rook_seventh);
        scores(f, "threat_by_pawn", threat_by_pawn);
        scores(f, "threat_by_minor", threat_by_minor);
        scores(f, "threat_by_rook", threat_by_rook);
        score(f, "hanging", hanging);
        score(f, "tempo", tempo);
        f("mopup_margin", mopup_margin);
        score(f, "mopup_edge", mopup_edge);
        score(f, "mopup_king_proximity", mopup_king_proximity);
        score(f, "mopup_bishop_corner", mopup_bishop_corner);
        f("scale_opposite_bishops", scale_opposite_bishops);
        f(
            "scale_opposite_bishops_with_pieces",
            scale_opposite_bishops_with_pieces,
        );
        f("scale_pawnless_minor_edge", scale_pawnless_minor_edge);
        f("scale_lone_minor", scale_lone_minor);
    }

    /// Every tunable integer, in [`Params::visit_mut`] order.
    pub fn to_vec(&self) -> Vec<i32> {
        let mut values = Vec::new();
        self.clone().visit_mut(|_, v| values.push(*v));
        values
    }

    /// The name of every tunable integer, in [`Params::visit_mut`] order.
    pub fn names(&self) -> Vec<String> {
        let mut names = Vec::new();
        self.clone()
            .visit_mut(|name, _| names.push(name.to_string()));
        names
    }

    /// Overwrites the tunable integers, in [`Params::visit_mut`] order, from
    /// `values`; stops early if `values` is shorter, ignores any extra values,
    /// and returns how many were written.
    pub fn set_from_slice(&mut self, values: &[i32]) -> usize {
        let mut written = 0;
        self.visit_mut(|_, v| {
            if let Some(&new) = values.get(written) {
                *v = new;
                written += 1;
            }
        });
        written
    }
}

fn score(f: &mut impl FnMut(&str, &mut i32), name: &str, s: &mut Score) {
    let (mut mg, mut eg) = (s.mg(), s.eg());
    f(&format!("{name}.mg"), &mut mg);
    f(&format!("{name}.eg"), &mut eg);
    *s = S(mg, eg);
}

fn scores(f: &mut impl FnMut(&str, &mut i32), name: &str, table: &mut [Score]) {
    for (i, s) in table.iter_mut().enumerate() {
        score(f, &format!("{name}[{i}]"), s);
    }
}

fn ints(f: &mut impl FnMut(&str, &mut i32), name: &str, table: &mut [i32]) {
    for (i, v) in table.iter_mut().enumerate() {
        f(&format!("{name}[{i}]"), v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn flat_list_round_trips() {
        let params = Params::default();
        let values = params.to_vec();
        let names = params.names();
        assert_eq!(values.len(), names.len());
        assert_eq!(names.iter().collect::<HashSet<_>>().len(), names.len());
        assert_eq!(names[0], "piece_value[0].mg");
        assert_eq!(values[0], params.piece_value[0].mg());

        let mut changed = params.clone();
        let bumped: Vec<i32> = values.iter().map(|v| v + 1).collect();
        assert_eq!(changed.set_from_slice(&bumped), values.len());
        assert_eq!(changed.to_vec(), bumped);
        assert_eq!(changed.tempo, params.tempo + S(1, 1));
        assert_eq!(changed.set_from_slice(&values), values.len());
        assert_eq!(changed, params);
    }

    #[test]
    fn psqt_first_and_last_pawn_ranks_are_empty() {
        let pawn = Params::default().psqt[0];
        assert!(pawn[..4]
            .iter()
            .chain(&pawn[28..])
            .all(|&s| s == Score::ZERO));
    }
}
