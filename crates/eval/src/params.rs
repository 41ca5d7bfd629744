//! Every weight of the evaluation, and their defaults, in one place.
//!
//! Conventions: a weight is what a feature adds to the score of the side
//! that has it (penalties are negative), in centipawns, as a middlegame and
//! an endgame value. Arrays indexed by a rank use the rank as seen from the
//! side that owns the piece ([`Rank::relative_to`](outpost_board::Rank::relative_to)),
//! index 0 being its first rank. Piece-square tables cover files a to d and
//! are mirrored onto e to h, so the evaluation is symmetric left to right by
//! construction.

use crate::score::{TaperedScore, S};

/// The denominator of endgame scale factors: a scale of `SCALE_NORMAL` keeps
/// the endgame value, 0 turns it into a draw.
pub const SCALE_NORMAL: i32 = 64;

/// Number of entries in [`Params::king_danger`].
pub const KING_DANGER_SIZE: usize = 48;

/// The weights of the evaluation. Every field is public so that a tuner can
/// read and write them directly, or all at once as a flat list of integers
/// through [`Params::visit_mut`].
///
/// ```
/// use outpost_eval::{Evaluator, Params, S};
/// use outpost_notation::parse_fen;
///
/// // White has the bishop pair, Black a bishop and a knight.
/// let pos = parse_fen("2b1k1n1/pppp1ppp/8/8/8/8/PPPP1PPP/2B1KB2 w - - 0 1").unwrap();
/// let usual = Evaluator::new().evaluate(&pos);
///
/// // Weights are plain fields: value the bishop pair more.
/// let mut params = Params::default();
/// params.bishop_pair = params.bishop_pair + S(50, 50);
/// let keen = Evaluator::with_params(params).evaluate(&pos);
/// assert!(keen > usual + 40);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// Material value of each piece kind, by [`PieceKind::index`](outpost_board::PieceKind::index) (the king's is unused).
    pub piece_value: [TaperedScore; 6],
    /// Piece-square tables by kind: index `rank * 4 + file`, where `rank` is
    /// relative to the piece's side and `file` is 0 (a or h) to 3 (d or e).
    pub psqt: [[TaperedScore; 32]; 6],
    /// How much each piece kind counts towards the game phase.
    pub phase_weight: [i32; 6],

    /// A pawn with another pawn of its side behind it on the same file.
    pub pawn_doubled: TaperedScore,
    /// A pawn with no pawn of its side on the neighbouring files.
    pub pawn_isolated: TaperedScore,
    /// A pawn whose stop square is attacked by an enemy pawn and can never be
    /// defended by a pawn of its side.
    pub pawn_backward: TaperedScore,
    /// A pawn defended by a pawn of its side, by relative rank.
    pub pawn_supported: [TaperedScore; 8],
    /// A pawn with a pawn of its side beside it on the same rank, by relative rank.
    pub pawn_phalanx: [TaperedScore; 8],

    /// A passed pawn, by relative rank.
    pub passed_rank: [TaperedScore; 8],
    /// A passed pawn whose stop square is occupied, by relative rank.
    pub passed_blocked: [TaperedScore; 8],
    /// A passed pawn whose path to promotion is empty and not attacked by the
    /// enemy, by relative rank.
    pub passed_free_path: [TaperedScore; 8],
    /// Per square of distance between the own king and the passed pawn's
    /// stop square, by relative rank of the pawn.
    pub passed_own_king_distance: [TaperedScore; 8],
    /// Per square of distance between the enemy king and the passed pawn's
    /// stop square, by relative rank of the pawn.
    pub passed_their_king_distance: [TaperedScore; 8],
    /// A passed pawn whose stop square is empty and not attacked by the
    /// enemy, by relative rank (the next step is safe, even if later ones
    /// are not).
    pub passed_safe_stop: [TaperedScore; 8],
    /// A passed pawn with a rook of its side behind it on its file, nothing
    /// in between.
    pub passed_rook_behind: TaperedScore,
    /// A passed pawn with an enemy rook behind it on its file, nothing in
    /// between.
    pub passed_enemy_rook_behind: TaperedScore,

    /// Knight mobility, by the number of squares it can use.
    pub mobility_knight: [TaperedScore; 9],
    /// Bishop mobility, by the number of squares it can use.
    pub mobility_bishop: [TaperedScore; 14],
    /// Rook mobility, by the number of squares it can use.
    pub mobility_rook: [TaperedScore; 15],
    /// Queen mobility, by the number of squares it can use.
    pub mobility_queen: [TaperedScore; 28],

    /// The own pawn nearest the king on each of the three files around it
    /// (on the king's rank or ahead), by its relative rank index (1 for the
    /// second rank); index 0 is for a file with no such pawn.
    pub king_shield: [TaperedScore; 8],
    /// The enemy pawn nearest the king on each of the three files around it
    /// (on the king's rank or ahead), by its rank index relative to the
    /// king's side; index 0 for none.
    pub king_storm: [TaperedScore; 8],
    /// An enemy storming pawn that stands right in front of one of the own
    /// shield pawns (it cannot advance further on that file).
    pub king_storm_blocked: TaperedScore,
    /// A file around the king with no pawns at all.
    pub king_open_file: TaperedScore,
    /// A file around the king with enemy pawns but no own pawn.
    pub king_semi_open_file: TaperedScore,
    /// Attack units of a piece attacking the enemy king zone, by kind.
    pub king_attacker_weight: [i32; 6],
    /// Attack units per king-zone square attacked by such a piece.
    pub king_zone_square: i32,
    /// The fewest pieces that must attack the king zone for
    /// [`Params::king_danger`] to apply.
    pub king_min_attackers: i32,
    /// Attack units for each kind of enemy piece that can give check on a
    /// square we do not attack (counted once per kind).
    pub king_safe_check: [i32; 6],
    /// The penalty of the attacked side, by attack units (capped at the last entry).
    pub king_danger: [TaperedScore; KING_DANGER_SIZE],

    /// Both bishops.
    pub bishop_pair: TaperedScore,
    /// Per bishop, per own pawn on squares of the bishop's colour.
    pub bishop_pawns: TaperedScore,
    /// A knight on an outpost: relative rank 4 to 6, defended by an own pawn,
    /// and no enemy pawn can ever attack it.
    pub knight_outpost: TaperedScore,
    /// A bishop on an outpost.
    pub bishop_outpost: TaperedScore,
    /// A rook on a file with no pawns.
    pub rook_open_file: TaperedScore,
    /// A rook on a file with enemy pawns only.
    pub rook_semi_open_file: TaperedScore,
    /// A rook on the relative seventh rank with the enemy king on the eighth
    /// or enemy pawns on the seventh.
    pub rook_seventh: TaperedScore,

    /// An enemy piece attacked by one of our pawns, by the victim's kind.
    pub threat_by_pawn: [TaperedScore; 6],
    /// An enemy piece attacked by one of our knights or bishops, by the victim's kind.
    pub threat_by_minor: [TaperedScore; 6],
    /// An enemy piece attacked by one of our rooks, by the victim's kind.
    pub threat_by_rook: [TaperedScore; 6],
    /// An enemy piece (not pawn or king) we attack and they do not defend.
    pub hanging: TaperedScore,
    /// An undefended enemy piece (not pawn or king) our king attacks.
    pub threat_by_king: TaperedScore,
    /// An enemy piece (not pawn) one of our pawns could attack after a safe push.
    pub threat_pawn_push: TaperedScore,

    /// The side to move.
    pub tempo: TaperedScore,

    /// Endgame material edge (sum of endgame piece values, pawns excluded)
    /// from which a pawnless ending counts as won and mop-up applies.
    pub mopup_margin: i32,
    /// Mop-up: per step the losing king stands from the centre.
    pub mopup_edge: TaperedScore,
    /// Mop-up: per step the kings are closer than 14 apart (Manhattan distance).
    pub mopup_king_proximity: TaperedScore,
    /// King, bishop and knight against king: per step the losing king is
    /// closer than 14 to the nearest corner of the bishop's colour.
    pub mopup_bishop_corner: TaperedScore,

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
    /// Endgame scale when the stronger side's only pieces are bishops of
    /// the colour its rook pawns do not promote on, all its pawns stand on
    /// that one rook file, and the defending king holds the promotion corner
    /// (on it or next to it): the defender cannot be driven out.
    pub scale_wrong_bishop: i32,
}

// The defaults below were fitted by `crates/eval/examples/tune.rs` (see
// docs/eval.md, "Tuning") to 485,812 quiet positions labelled with
// Stockfish 15.1's search score at 4,000 nodes (four batches), starting
// from the previous fit (hand-set values before that, zero for new terms),
// with an L2 pull towards the starting values. Piece-square tables: one row per
// rank from the side's first rank, files a to d (mirrored onto h to e).
#[rustfmt::skip]
impl Default for Params {
    fn default() -> Params {
        Params {
            piece_value: [
                S(76, 91),
                S(360, 354),
                S(369, 358),
                S(481, 604),
                S(1047, 1105),
                S(0, 0),
            ],
            psqt: [
                [
                    S(0, 0), S(0, 0), S(0, 0), S(0, 0),
                    S(-18, -3), S(-7, 1), S(-8, 13), S(-19, 26),
                    S(-15, -7), S(-10, -4), S(-6, 2), S(-14, 9),
                    S(-9, -8), S(-4, -6), S(8, -5), S(8, -6),
                    S(7, -4), S(-3, 5), S(8, 5), S(15, -5),
                    S(13, -1), S(11, 6), S(25, 7), S(29, 11),
                    S(33, 7), S(-37, 55), S(40, 58), S(69, 39),
                    S(0, 0), S(0, 0), S(0, 0), S(0, 0),
                ],
                [
                    S(-45, -15), S(-29, -22), S(-19, -7), S(-6, -2),
                    S(-17, -28), S(-12, -10), S(-1, -18), S(2, -4),
                    S(-23, -11), S(1, -9), S(4, 8), S(13, 9),
                    S(-1, 2), S(10, -4), S(23, 9), S(11, 17),
                    S(6, -5), S(19, 2), S(21, 22), S(22, 15),
                    S(4, -32), S(27, -8), S(36, 7), S(34, 3),
                    S(-46, -16), S(-28, -15), S(31, -29), S(13, 3),
                    S(-115, -61), S(-26, -14), S(-52, -16), S(-5, -15),
                ],
                [
                    S(-2, -2), S(13, -14), S(-15, -6), S(-17, -9),
                    S(16, -17), S(17, -19), S(12, -13), S(-3, -3),
                    S(-10, 3), S(16, -7), S(11, 7), S(-2, 25),
                    S(6, -14), S(-4, 6), S(2, 13), S(14, 23),
                    S(-2, -18), S(3, 6), S(10, 5), S(19, 20),
                    S(13, -14), S(9, 2), S(30, 4), S(10, -3),
                    S(-20, 9), S(-25, -8), S(3, 6), S(20, 4),
                    S(-20, 18), S(-16, -7), S(-48, -22), S(-21, -14),
                ],
                [
                    S(-16, -10), S(-12, -6), S(-3, -6), S(7, -15),
                    S(-43, 7), S(-13, -13), S(-5, -12), S(-4, -3),
                    S(-19, -3), S(-14, 12), S(-9, -4), S(-3, 2),
                    S(-10, 5), S(-20, 24), S(-5, 17), S(10, 8),
                    S(-3, 17), S(-1, 19), S(-3, 18), S(20, 9),
                    S(-18, 26), S(31, 1), S(26, 6), S(16, 7),
                    S(-3, 0), S(0, -6), S(53, -24), S(38, -6),
                    S(15, 17), S(12, 17), S(15, 5), S(38, 11),
                ],
                [
                    S(-26, -4), S(-12, -34), S(-7, -49), S(-3, -38),
                    S(-8, -3), S(4, -44), S(6, -46), S(6, -38),
                    S(-5, -22), S(-4, -2), S(-6, 7), S(-5, -12),
                    S(-3, -13), S(-10, 13), S(-6, 15), S(-3, 6),
                    S(13, -11), S(1, 15), S(7, 10), S(0, 37),
                    S(-12, 15), S(-4, 19), S(10, 12), S(5, 42),
                    S(-4, -2), S(-20, 2), S(15, 20), S(15, 35),
                    S(-4, -1), S(3, -1), S(5, 2), S(14, 44),
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
            pawn_doubled: S(-6, -11),
            pawn_isolated: S(-7, -11),
            pawn_backward: S(-9, -6),
            pawn_supported: [
                S(0, 0),
                S(0, 0),
                S(17, 7),
                S(10, 13),
                S(21, 18),
                S(26, 71),
                S(54, 76),
                S(0, 0),
            ],
            pawn_phalanx: [
                S(0, 0),
                S(5, 0),
                S(6, 3),
                S(7, 7),
                S(24, 21),
                S(64, 85),
                S(60, 60),
                S(0, 0),
            ],
            passed_rank: [
                S(0, 0),
                S(61, -12),
                S(8, 25),
                S(9, 43),
                S(52, 73),
                S(101, 125),
                S(92, 185),
                S(0, 0),
            ],
            passed_blocked: [
                S(0, 0),
                S(-19, -7),
                S(-3, -7),
                S(-9, -6),
                S(-4, -12),
                S(-6, -17),
                S(-12, -50),
                S(0, 0),
            ],
            passed_free_path: [
                S(0, 0),
                S(-7, 19),
                S(-40, 14),
                S(-83, 42),
                S(-21, 38),
                S(-39, 72),
                S(-33, 108),
                S(0, 0),
            ],
            passed_own_king_distance: [
                S(0, 0),
                S(2, -1),
                S(2, -9),
                S(4, -12),
                S(-1, -19),
                S(-10, -23),
                S(-6, -27),
                S(0, 0),
            ],
            passed_their_king_distance: [
                S(0, 0),
                S(-12, 6),
                S(-6, 5),
                S(-7, 10),
                S(-8, 18),
                S(-1, 25),
                S(14, 27),
                S(0, 0),
            ],
            passed_safe_stop: [
                S(0, 0),
                S(3, -6),
                S(3, 3),
                S(5, -2),
                S(7, 6),
                S(5, 14),
                S(-18, 30),
                S(0, 0),
            ],
            passed_rook_behind: S(8, 21),
            passed_enemy_rook_behind: S(-5, -42),
            mobility_knight: [
                S(-24, -45),
                S(-4, -10),
                S(2, 2),
                S(6, 5),
                S(11, 10),
                S(14, 14),
                S(16, 12),
                S(15, 5),
                S(1, 0),
            ],
            mobility_bishop: [
                S(-5, -15),
                S(4, 6),
                S(14, 3),
                S(17, 9),
                S(22, 16),
                S(26, 19),
                S(26, 21),
                S(28, 22),
                S(32, 19),
                S(24, 19),
                S(29, 16),
                S(0, 8),
                S(16, 21),
                S(-9, -10),
            ],
            mobility_rook: [
                S(-20, -27),
                S(-16, 1),
                S(-6, 0),
                S(-4, 15),
                S(-5, 14),
                S(1, 17),
                S(5, 21),
                S(7, 22),
                S(7, 28),
                S(5, 34),
                S(8, 33),
                S(15, 37),
                S(14, 42),
                S(15, 43),
                S(42, 21),
            ],
            mobility_queen: [
                S(-5, -40),
                S(-2, -24),
                S(-1, -14),
                S(-2, -18),
                S(5, -14),
                S(5, -4),
                S(5, 14),
                S(9, 14),
                S(10, 14),
                S(9, 26),
                S(11, 30),
                S(8, 31),
                S(10, 34),
                S(10, 45),
                S(4, 43),
                S(6, 44),
                S(14, 44),
                S(6, 46),
                S(7, 52),
                S(18, 36),
                S(23, 23),
                S(34, 29),
                S(28, 38),
                S(30, 41),
                S(23, 38),
                S(21, 35),
                S(27, 48),
                S(28, 49),
            ],
            king_shield: [
                S(-24, 20),
                S(7, 0),
                S(1, -6),
                S(-10, -4),
                S(-12, -11),
                S(3, -12),
                S(-23, 6),
                S(0, 0),
            ],
            king_storm: [
                S(-6, 1),
                S(25, 23),
                S(-47, 42),
                S(-20, -2),
                S(-5, -10),
                S(0, -14),
                S(-7, -9),
                S(0, 0),
            ],
            king_storm_blocked: S(0, -11),
            king_open_file: S(-4, -41),
            king_semi_open_file: S(-4, -14),
            king_attacker_weight: [0, 3, 2, 3, 5, 0],
            king_zone_square: 1,
            king_min_attackers: 2,
            king_safe_check: [0, 5, 3, 4, 4, 0],
            king_danger: [
                S(0, 0),
                S(0, -2),
                S(-1, -4),
                S(-3, -6),
                S(-6, -8),
                S(-9, -10),
                S(8, -7),
                S(-2, -2),
                S(-10, 7),
                S(-7, 8),
                S(-16, 11),
                S(-15, 6),
                S(-21, 0),
                S(-24, -9),
                S(-30, -2),
                S(-42, 1),
                S(-65, 1),
                S(-66, -4),
                S(-91, -12),
                S(-120, -10),
                S(-115, -10),
                S(-148, -19),
                S(-170, -33),
                S(-198, -44),
                S(-214, -48),
                S(-230, -46),
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
            bishop_pair: S(30, 64),
            bishop_pawns: S(-3, -3),
            knight_outpost: S(19, 5),
            bishop_outpost: S(17, 16),
            rook_open_file: S(21, -6),
            rook_semi_open_file: S(6, 16),
            rook_seventh: S(-12, 33),
            threat_by_pawn: [
                S(0, 0),
                S(57, 25),
                S(48, 37),
                S(63, 20),
                S(37, 35),
                S(0, 0),
            ],
            threat_by_minor: [
                S(0, 0),
                S(16, 18),
                S(33, 16),
                S(53, 7),
                S(37, 23),
                S(0, 0),
            ],
            threat_by_rook: [
                S(0, 0),
                S(11, 13),
                S(16, 10),
                S(0, 0),
                S(52, 20),
                S(0, 0),
            ],
            hanging: S(15, 8),
            threat_by_king: S(68, 28),
            threat_pawn_push: S(13, 15),
            tempo: S(21, 7),
            mopup_margin: 400,
            mopup_edge: S(0, 12),
            mopup_king_proximity: S(0, 6),
            mopup_bishop_corner: S(0, 20),
            scale_opposite_bishops: 24,
            scale_opposite_bishops_with_pieces: 48,
            scale_pawnless_minor_edge: 12,
            scale_lone_minor: 0,
            scale_wrong_bishop: 0,
        }
    }
}

impl Params {
    /// Calls `f` on every tunable integer with a name such as
    /// `psqt[1][13].mg` or `king_zone_square`, always in the same order.
    /// A [`TaperedScore`] gives two integers, its middlegame then its endgame value.
    ///
    /// ```
    /// use outpost_eval::Params;
    ///
    /// let mut params = Params::default();
    /// let tempo = params.tempo;
    /// let mut psqt = 0;
    /// params.visit_mut(|name, value| {
    ///     if name.starts_with("psqt[") {
    ///         psqt += 1;
    ///     }
    ///     if name.starts_with("tempo.") {
    ///         *value *= 2;
    ///     }
    /// });
    /// // Six tables of 32 squares, two values each.
    /// assert_eq!(psqt, 6 * 32 * 2);
    /// assert_eq!(params.tempo, tempo * 2);
    /// ```
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
            passed_safe_stop,
            passed_rook_behind,
            passed_enemy_rook_behind,
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
            king_safe_check,
            king_danger,
            bishop_pair,
            bishop_pawns,
            knight_outpost,
            bishop_outpost,
            rook_open_file,
            rook_semi_open_file,
            rook_seventh,
            threat_by_pawn,
            threat_by_minor,
            threat_by_rook,
            hanging,
            threat_by_king,
            threat_pawn_push,
            tempo,
            mopup_margin,
            mopup_edge,
            mopup_king_proximity,
            mopup_bishop_corner,
            scale_opposite_bishops,
            scale_opposite_bishops_with_pieces,
            scale_pawnless_minor_edge,
            scale_lone_minor,
            scale_wrong_bishop,
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
        scores(f, "passed_safe_stop", passed_safe_stop);
        score(f, "passed_rook_behind", passed_rook_behind);
        score(f, "passed_enemy_rook_behind", passed_enemy_rook_behind);
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
        ints(f, "king_safe_check", king_safe_check);
        scores(f, "king_danger", king_danger);
        score(f, "bishop_pair", bishop_pair);
        score(f, "bishop_pawns", bishop_pawns);
        score(f, "knight_outpost", knight_outpost);
        score(f, "bishop_outpost", bishop_outpost);
        score(f, "rook_open_file", rook_open_file);
        score(f, "rook_semi_open_file", rook_semi_open_file);
        score(f, "rook_seventh", rook_seventh);
        scores(f, "threat_by_pawn", threat_by_pawn);
        scores(f, "threat_by_minor", threat_by_minor);
        scores(f, "threat_by_rook", threat_by_rook);
        score(f, "hanging", hanging);
        score(f, "threat_by_king", threat_by_king);
        score(f, "threat_pawn_push", threat_pawn_push);
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
        f("scale_wrong_bishop", scale_wrong_bishop);
    }

    /// Every tunable integer, in [`Params::visit_mut`] order.
    ///
    /// ```
    /// use outpost_eval::Params;
    ///
    /// let params = Params::default();
    /// let values = params.to_vec();
    /// // The pawn's middlegame and endgame values come first.
    /// assert_eq!(values[0], params.piece_value[0].mg());
    /// assert_eq!(values[1], params.piece_value[0].eg());
    /// ```
    pub fn to_vec(&self) -> Vec<i32> {
        let mut values = Vec::new();
        self.clone().visit_mut(|_, v| values.push(*v));
        values
    }

    /// The name of every tunable integer, in [`Params::visit_mut`] order.
    ///
    /// ```
    /// use outpost_eval::Params;
    ///
    /// let params = Params::default();
    /// let names = params.names();
    /// assert_eq!(names.len(), params.to_vec().len());
    /// assert_eq!(names[..2], ["piece_value[0].mg", "piece_value[0].eg"]);
    /// let tempo = names.iter().position(|n| n == "tempo.eg").unwrap();
    /// assert_eq!(params.to_vec()[tempo], params.tempo.eg());
    /// ```
    pub fn names(&self) -> Vec<String> {
        let mut names = Vec::new();
        self.clone()
            .visit_mut(|name, _| names.push(name.to_string()));
        names
    }

    /// Overwrites the tunable integers, in [`Params::visit_mut`] order, from
    /// `values`; stops early if `values` is shorter, ignores any extra values,
    /// and returns how many were written.
    ///
    /// ```
    /// use outpost_eval::{Params, S};
    ///
    /// let mut params = Params::default();
    /// // A short slice overwrites the first values only: the pawn's.
    /// assert_eq!(params.set_from_slice(&[100, 120]), 2);
    /// assert_eq!(params.piece_value[0], S(100, 120));
    /// assert_eq!(params.piece_value[1], Params::default().piece_value[1]);
    ///
    /// // A full list round-trips.
    /// let values = Params::default().to_vec();
    /// assert_eq!(params.set_from_slice(&values), values.len());
    /// assert_eq!(params, Params::default());
    /// ```
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

fn score(f: &mut impl FnMut(&str, &mut i32), name: &str, s: &mut TaperedScore) {
    let (mut mg, mut eg) = (s.mg(), s.eg());
    f(&format!("{name}.mg"), &mut mg);
    f(&format!("{name}.eg"), &mut eg);
    *s = S(mg, eg);
}

fn scores(f: &mut impl FnMut(&str, &mut i32), name: &str, table: &mut [TaperedScore]) {
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
            .all(|&s| s == TaperedScore::ZERO));
    }
}
