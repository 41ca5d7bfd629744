//! The position: pieces, side to move, castling rights, en passant, clocks and key.

use crate::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks,
    rook_attacks, rook_rays,
};
use crate::zobrist;
use crate::{
    Bitboard, BoardError, CastlingRights, CastlingSide, Color, File, Move, MoveKind, Piece,
    PieceKind, Rank, Square,
};

/// The parts of a position, with no validity guaranteed: what a FEN or a
/// board editor produces. [`Position::from_setup`] checks it.
///
/// ```
/// use outpost_board::{Color, Piece, Position, Setup, Square};
///
/// // King and rook against king, Black to move.
/// let mut setup = Setup::empty();
/// setup.board[Square::E1.index()] = Some(Piece::WhiteKing);
/// setup.board[Square::A1.index()] = Some(Piece::WhiteRook);
/// setup.board[Square::E8.index()] = Some(Piece::BlackKing);
/// setup.side_to_move = Color::Black;
/// let pos = Position::from_setup(&setup).unwrap();
/// assert_eq!(pos.piece_on(Square::A1), Some(Piece::WhiteRook));
/// assert_eq!(pos.to_setup(), setup);
/// // Without the black king the parts make no position.
/// setup.board[Square::E8.index()] = None;
/// assert!(Position::from_setup(&setup).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; 64],
    /// The side to move.
    pub side_to_move: Color,
    /// The castling rights.
    pub castling: CastlingRights,
    /// The square a pawn skipped with a double push on the previous move.
    pub en_passant: Option<Square>,
    /// Half-moves since the last capture or pawn move (fifty-move rule).
    pub halfmove_clock: u32,
    /// The number of the full move, starting at 1 and incremented after Black moves.
    pub fullmove_number: u32,
}

impl Setup {
    /// An empty board, White to move, no rights, move 1.
    pub const fn empty() -> Setup {
        Setup {
            board: [None; 64],
            side_to_move: Color::White,
            castling: CastlingRights::NONE,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The standard starting position.
    ///
    /// ```
    /// use outpost_board::{CastlingRights, Position, Setup};
    ///
    /// let setup = Setup::standard();
    /// assert_eq!(setup.castling, CastlingRights::ALL);
    /// assert_eq!(setup.board.iter().flatten().count(), 32);
    /// assert_eq!(Position::from_setup(&setup).unwrap(), Position::startpos());
    /// ```
    pub const fn standard() -> Setup {
        let mut setup = Setup::empty();
        let back = [
            PieceKind::Rook,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Queen,
            PieceKind::King,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Rook,
        ];
        let mut f = 0;
        while f < 8 {
            setup.board[f] = Some(Piece::new(Color::White, back[f]));
            setup.board[8 + f] = Some(Piece::WhitePawn);
            setup.board[48 + f] = Some(Piece::BlackPawn);
            setup.board[56 + f] = Some(Piece::new(Color::Black, back[f]));
            f += 1;
        }
        setup.castling = CastlingRights::ALL;
        setup
    }

    /// Chess960 start position number `number` (0–959, Scharnagl's numbering,
    /// in which 518 is the standard position), with all four castling rights;
    /// `None` for a number out of range.
    ///
    /// ```
    /// use outpost_board::{Position, Setup};
    ///
    /// assert_eq!(Setup::chess960(518), Some(Setup::standard()));
    /// let pos = Position::from_setup(&Setup::chess960(0).unwrap()).unwrap();
    /// assert_eq!(pos.legal_moves().len(), 20);
    /// assert_eq!(pos.king_square(outpost_board::Color::White), outpost_board::Square::G1);
    /// assert!(Setup::chess960(960).is_none());
    /// ```
    pub fn chess960(number: u16) -> Option<Setup> {
        Setup::double_chess960(number, number)
    }

    /// Double Fischer Random: White's back rank from Chess960 position
    /// `white`, Black's from `black` (each 0–959), all castling rights.
    ///
    /// ```
    /// use outpost_board::{Color, Position, Setup, Square};
    ///
    /// // White starts as in standard chess (518), Black from position 0.
    /// let setup = Setup::double_chess960(518, 0).unwrap();
    /// let pos = Position::from_setup(&setup).unwrap();
    /// assert_eq!(pos.king_square(Color::White), Square::E1);
    /// assert_eq!(pos.king_square(Color::Black), Square::G8);
    /// assert!(pos.has_chess960_castling());
    /// assert!(Setup::double_chess960(0, 960).is_none());
    /// ```
    pub fn double_chess960(white: u16, black: u16) -> Option<Setup> {
        let mut setup = Setup::empty();
        for (color, number) in [(Color::White, white), (Color::Black, black)] {
            let back = chess960_back_rank(number)?;
            let mut rights = setup.castling;
            let king = back.iter().position(|&k| k == PieceKind::King)?;
            for (file, &kind) in back.iter().enumerate() {
                let sq = Square::new(File::from_index(file), Rank::First).relative_to(color);
                setup.board[sq.index()] = Some(Piece::new(color, kind));
                let pawn = Square::new(File::from_index(file), Rank::Second).relative_to(color);
                setup.board[pawn.index()] = Some(Piece::new(color, PieceKind::Pawn));
                if kind == PieceKind::Rook {
                    let side = if file > king {
                        CastlingSide::King
                    } else {
                        CastlingSide::Queen
                    };
                    rights = rights.with_rook(color, side, File::from_index(file));
                }
            }
            setup.castling = rights;
        }
        Some(setup)
    }

    /// The standard castling rights this board allows: each right whose
    /// king stands on e1/e8 and whose rook stands on its corner square.
    /// What a board editor grants when nobody says otherwise (xboard's
    /// `edit` mode defines castling this way).
    ///
    /// ```
    /// use outpost_board::{CastlingSide, Color, Piece, Setup, Square};
    ///
    /// let mut setup = Setup::empty();
    /// setup.board[Square::E1.index()] = Some(Piece::WhiteKing);
    /// setup.board[Square::H1.index()] = Some(Piece::WhiteRook);
    /// setup.board[Square::A2.index()] = Some(Piece::WhiteRook);
    /// let rights = setup.home_castling_rights();
    /// assert!(rights.has(Color::White, CastlingSide::King));
    /// assert!(!rights.has(Color::White, CastlingSide::Queen));
    /// assert!(!rights.has(Color::Black, CastlingSide::King));
    /// assert_eq!(Setup::standard().home_castling_rights(), Setup::standard().castling);
    /// ```
    pub fn home_castling_rights(&self) -> CastlingRights {
        let mut rights = CastlingRights::NONE;
        for color in [Color::White, Color::Black] {
            let king = Square::E1.relative_to(color);
            if self.board[king.index()] != Some(Piece::new(color, PieceKind::King)) {
                continue;
            }
            for side in CastlingSide::ALL {
                let rook = side.rook_from(color);
                if self.board[rook.index()] == Some(Piece::new(color, PieceKind::Rook)) {
                    rights = rights.with(color, side);
                }
            }
        }
        rights
    }
}

/// The back rank of Chess960 position `number`: bishops on opposite colours,
/// then the queen, the knights, and rook–king–rook on the squares left.
fn chess960_back_rank(number: u16) -> Option<[PieceKind; 8]> {
    if number >= 960 {
        return None;
    }
    let mut n = usize::from(number);
    let mut back: [Option<PieceKind>; 8] = [None; 8];
    back[2 * (n % 4) + 1] = Some(PieceKind::Bishop);
    n /= 4;
    back[2 * (n % 4)] = Some(PieceKind::Bishop);
    n /= 4;
    let place = |back: &mut [Option<PieceKind>; 8], nth_empty: usize, kind: PieceKind| {
        if let Some(file) = (0..8).filter(|&f| back[f].is_none()).nth(nth_empty) {
            back[file] = Some(kind);
        }
    };
    place(&mut back, n % 6, PieceKind::Queen);
    n /= 6;
    // The ten ways to put two knights on five empty squares, in order.
    let (first, second) = (0..5)
        .flat_map(|a| (a + 1..5).map(move |b| (a, b)))
        .nth(n)?;
    // Place the later knight first so the earlier index still counts empties.
    place(&mut back, second, PieceKind::Knight);
    place(&mut back, first, PieceKind::Knight);
    for kind in [PieceKind::Rook, PieceKind::King, PieceKind::Rook] {
        place(&mut back, 0, kind);
    }
    let mut out = [PieceKind::Pawn; 8];
    for (slot, kind) in out.iter_mut().zip(back) {
        *slot = kind?;
    }
    Some(out)
}

/// Mailbox nibble to piece: 0 is an empty square, `n` is `Piece::ALL[n - 1]`.
const NIBBLE_PIECES: [Option<Piece>; 16] = {
    let mut table = [None; 16];
    let mut i = 0;
    while i < 12 {
        table[i + 1] = Some(Piece::ALL[i]);
        i += 1;
    }
    table
};

/// What [`Position::unmake_move`] needs to take a move back: the state a
/// move destroys.
///
/// ```
/// use outpost_board::{Piece, Position, Square};
///
/// // 1. e4 d5, then 2. exd5 played in place and taken back.
/// let mut pos = Position::startpos();
/// for (from, to) in [(Square::E2, Square::E4), (Square::D7, Square::D5)] {
///     pos = pos.play(pos.find_move(from, to, None).unwrap());
/// }
/// let before = pos;
/// let exd5 = pos.find_move(Square::E4, Square::D5, None).unwrap();
/// let undo = pos.make_move_undoable(exd5);
/// assert_eq!(pos.piece_on(Square::D5), Some(Piece::WhitePawn));
/// pos.unmake_move(exd5, undo);
/// assert_eq!(pos.piece_on(Square::D5), Some(Piece::BlackPawn));
/// assert_eq!(pos, before);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: Option<Piece>,
    castling: CastlingRights,
    en_passant: Option<Square>,
    halfmove_clock: u16,
    fullmove_number: u16,
    key: u64,
}

/// A legal chess position.
///
/// A `Position` can only be built valid (see [`Position::from_setup`]) and
/// stays valid under [`Position::make_move`] with legal moves. It keeps
/// bitboards by kind and colour, a mailbox and the Zobrist key, all updated
/// with every move; checkers and pins are computed when asked for (the move
/// generator finds both in one pass).
///
/// Moves are applied by copy-make: copy the position (it is `Copy` and fits
/// in 128 bytes) and call [`Position::make_move`] on the copy, or use
/// [`Position::play`]. Undoing is dropping the copy.
///
/// ```
/// use outpost_board::{Color, PieceKind, Position, Square};
///
/// let start = Position::startpos();
/// assert_eq!(start.side_to_move(), Color::White);
/// assert_eq!(start.legal_moves().len(), 20);
///
/// // 1. f3 e5 2. g4 Qh4#: copy-make, one move at a time.
/// let mut pos = start;
/// for (from, to) in [(Square::F2, Square::F3), (Square::E7, Square::E5),
///                    (Square::G2, Square::G4), (Square::D8, Square::H4)] {
///     let mv = pos.find_move(from, to, None).expect("legal");
///     pos = pos.play(mv);
/// }
/// assert!(pos.is_checkmate());
/// assert_eq!(pos.checkers().single(), Square::H4);
/// assert_eq!(pos.pieces_of(Color::Black, PieceKind::Queen).first(), Some(Square::H4));
/// // The incrementally updated key agrees with one computed from scratch.
/// assert_eq!(pos.key(), pos.compute_key());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    by_kind: [Bitboard; 6],
    by_color: [Bitboard; 2],
    /// The piece on each square, a nibble per square: 0 for empty, else
    /// [`Piece::index`] + 1. Packed so a whole position fits in 128 bytes and
    /// copies cheaply.
    mailbox: [u8; 32],
    key: u64,
    pawn_key: u64,
    halfmove_clock: u16,
    fullmove_number: u16,
    side: Color,
    castling: CastlingRights,
    en_passant: Option<Square>,
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl std::fmt::Debug for Position {
    /// The board as a grid (see [`Position::board_diagram`]), then the side
    /// to move, castling rights, en-passant square, clocks and key.
    ///
    /// ```
    /// use outpost_board::Position;
    ///
    /// let text = format!("{:?}", Position::startpos());
    /// assert!(text.contains("| r | n | b | q | k | b | n | r | 8"));
    /// assert!(text.contains("white to move, castling KQkq, en passant -, halfmove 0, fullmove 1"));
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let en_passant = self.en_passant.map_or("-".to_string(), |sq| sq.to_string());
        write!(
            f,
            "{}{} to move, castling {}, en passant {}, halfmove {}, fullmove {}, key {:016x}",
            self.board_diagram(),
            self.side,
            self.castling,
            en_passant,
            self.halfmove_clock,
            self.fullmove_number,
            self.key
        )
    }
}

impl Position {
    /// The standard starting position.
    ///
    /// ```
    /// use outpost_board::{Color, Piece, Position, Square};
    ///
    /// let pos = Position::startpos();
    /// assert_eq!(pos.side_to_move(), Color::White);
    /// assert_eq!(pos.piece_on(Square::E1), Some(Piece::WhiteKing));
    /// assert_eq!(pos.occupied().count(), 32);
    /// assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (0, 1));
    /// ```
    pub fn startpos() -> Position {
        Position::from_setup(&Setup::standard()).expect("the standard setup is valid")
    }

    /// Builds a position from its parts, checking that it is legal: one king
    /// per side, no pawn on the first or eighth rank, the side not to move not
    /// in check, at most two checkers, each castling right backed by the king
    /// on its first rank and the right's rook on the same rank, on the king's
    /// side of it (h-side for king-side castling), an en-passant square that
    /// a double push just produced, and a fullmove number of at least 1.
    ///
    /// ```
    /// use outpost_board::{BoardError, Color, Piece, Position, Setup, Square};
    ///
    /// // Kings on e1 and e8, a white queen on e2 facing the black king.
    /// let mut setup = Setup::empty();
    /// setup.board[Square::E1.index()] = Some(Piece::WhiteKing);
    /// setup.board[Square::E2.index()] = Some(Piece::WhiteQueen);
    /// setup.board[Square::E8.index()] = Some(Piece::BlackKing);
    /// // White to move with Black in check cannot arise: Black's last move was illegal.
    /// assert_eq!(
    ///     Position::from_setup(&setup),
    ///     Err(BoardError::OpponentInCheck {
    ///         color: Color::Black
    ///     })
    /// );
    /// setup.side_to_move = Color::Black;
    /// let pos = Position::from_setup(&setup).unwrap();
    /// assert!(pos.is_check());
    /// assert_eq!(pos.checkers().single(), Square::E2);
    /// ```
    pub fn from_setup(setup: &Setup) -> Result<Position, BoardError> {
        let mut pos = Position {
            by_kind: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            mailbox: [0; 32],
            side: setup.side_to_move,
            castling: setup.castling,
            en_passant: setup.en_passant,
            halfmove_clock: 0,
            fullmove_number: 1,
            key: 0,
            pawn_key: 0,
        };
        for sq in Square::ALL {
            if let Some(piece) = setup.board[sq.index()] {
                pos.put(piece, sq);
            }
        }
        for color in Color::ALL {
            match pos.pieces_of(color, PieceKind::King).count() {
                0 => return Err(BoardError::MissingKing { color }),
                1 => {}
                count => return Err(BoardError::TooManyKings { color, count }),
            }
        }
        if let Some(square) = (pos.pieces(PieceKind::Pawn) & Bitboard::BACK_RANKS).first() {
            return Err(BoardError::PawnOnBackRank { square });
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let Some(rook) = pos.castling.rook_square(color, side) else {
                    continue;
                };
                let king = pos.king_square(color);
                let rook_on_its_side = match side {
                    CastlingSide::King => rook.file() > king.file(),
                    CastlingSide::Queen => rook.file() < king.file(),
                };
                if king.rank() != Rank::First.relative_to(color)
                    || !rook_on_its_side
                    || pos.piece_on(rook) != Some(Piece::new(color, PieceKind::Rook))
                {
                    return Err(BoardError::BadCastlingRight { color, side });
                }
            }
        }
        if let Some(square) = pos.en_passant {
            pos.check_en_passant(square)?;
        }
        if setup.fullmove_number == 0 {
            return Err(BoardError::ZeroFullmoveNumber);
        }
        pos.fullmove_number =
            u16::try_from(setup.fullmove_number).map_err(|_| BoardError::ClockOutOfRange {
                value: setup.fullmove_number,
            })?;
        pos.halfmove_clock =
            u16::try_from(setup.halfmove_clock).map_err(|_| BoardError::ClockOutOfRange {
                value: setup.halfmove_clock,
            })?;
        let them = !pos.side;
        if pos.is_attacked_by(pos.side, pos.king_square(them), pos.occupied()) {
            return Err(BoardError::OpponentInCheck { color: them });
        }
        let checkers = pos.checkers().count();
        if checkers > 2 {
            return Err(BoardError::TooManyCheckers { count: checkers });
        }
        pos.key = pos.compute_key();
        Ok(pos)
    }

    fn check_en_passant(&self, square: Square) -> Result<(), BoardError> {
        let us = self.side;
        let bad = |reason| Err(BoardError::BadEnPassant { square, reason });
        if square.rank() != Rank::Sixth.relative_to(us) {
            return bad(
                "it must be on the third rank after a White move or the sixth after a Black move",
            );
        }
        let pushed = Square::new(square.file(), Rank::Fifth.relative_to(us));
        let origin = Square::new(square.file(), Rank::Seventh.relative_to(us));
        if self.piece_on(pushed) != Some(Piece::new(!us, PieceKind::Pawn)) {
            return bad("no pawn of the side that just moved stands in front of it");
        }
        if self.piece_on(square).is_some() || self.piece_on(origin).is_some() {
            return bad("the square it skipped and the pawn's origin must be empty");
        }
        Ok(())
    }

    /// The parts of this position, for editing or serialising.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: Square::ALL.map(|sq| self.piece_on(sq)),
            side_to_move: self.side,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock.into(),
            fullmove_number: self.fullmove_number.into(),
        }
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The castling rights.
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// Whether the castling rights are ones only Chess960 has: a right held
    /// with the king off the e-file or the rook off the a- or h-file.
    ///
    /// ```
    /// use outpost_board::{Position, Setup};
    ///
    /// assert!(!Position::startpos().has_chess960_castling());
    /// let chess960 = Position::from_setup(&Setup::chess960(0).unwrap()).unwrap();
    /// assert!(chess960.has_chess960_castling());
    /// ```
    pub fn has_chess960_castling(&self) -> bool {
        !self.castling.is_standard()
            || Color::ALL.into_iter().any(|color| {
                self.castling.has_any(color) && self.king_square(color).file() != File::E
            })
    }

    /// The en-passant square: set after every double push, whether or not a
    /// capture there is possible (as FEN records it).
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Half-moves since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock.into()
    }

    /// The fullmove number: 1 at the start, incremented after each Black move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number.into()
    }

    /// The ply of the game at this position, from the fullmove number and
    /// the side to move: 0 before White's first move.
    ///
    /// ```
    /// use outpost_board::Position;
    ///
    /// let pos = Position::startpos();
    /// assert_eq!(pos.game_ply(), 0);
    /// let e4 = pos.legal_moves()[0];
    /// assert_eq!(pos.play(e4).game_ply(), 1);
    /// ```
    pub fn game_ply(&self) -> u32 {
        (self.fullmove_number().max(1) - 1) * 2 + u32::from(self.side_to_move() == Color::Black)
    }

    /// The Zobrist key (see the [`zobrist`](crate::zobrist) module for what it covers).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        let nibble = (self.mailbox[sq.index() / 2] >> (4 * (sq.index() & 1))) & 15;
        NIBBLE_PIECES[nibble as usize]
    }

    /// All pieces of one kind, both colours.
    #[inline]
    pub fn pieces(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// All pieces of one colour.
    #[inline]
    pub fn colored(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The pieces of one colour and kind.
    ///
    /// ```
    /// use outpost_board::{Bitboard, Color, PieceKind, Position, Square};
    ///
    /// let pos = Position::startpos();
    /// let knights = pos.pieces_of(Color::Black, PieceKind::Knight);
    /// assert_eq!(knights, Bitboard::from_square(Square::B8) | Square::G8);
    /// assert_eq!(pos.pieces(PieceKind::Knight).count(), 4);
    /// assert_eq!(pos.colored(Color::Black).count(), 16);
    /// ```
    #[inline]
    pub fn pieces_of(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Where `color`'s king stands.
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces_of(color, PieceKind::King).single()
    }

    /// The pieces giving check to the side to move (computed on demand).
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        let us = self.side;
        let king = self.king_square(us);
        let occupied = self.occupied();
        ((knight_attacks(king) & self.pieces(PieceKind::Knight))
            | (pawn_attacks(us, king) & self.pieces(PieceKind::Pawn))
            | (bishop_attacks(king, occupied) & self.diagonal_sliders())
            | (rook_attacks(king, occupied) & self.orthogonal_sliders()))
            & self.colored(!us)
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().is_nonempty()
    }

    /// Pieces of the side to move pinned to their own king: each may only
    /// move along the line between its king and the enemy slider behind it.
    ///
    /// ```
    /// use outpost_board::{Piece, Position, Setup, Square};
    ///
    /// // The knight on e2 stands between its king and a black rook.
    /// let mut setup = Setup::empty();
    /// for (sq, piece) in [
    ///     (Square::E1, Piece::WhiteKing),
    ///     (Square::E2, Piece::WhiteKnight),
    ///     (Square::E8, Piece::BlackRook),
    ///     (Square::A8, Piece::BlackKing),
    /// ] {
    ///     setup.board[sq.index()] = Some(piece);
    /// }
    /// let pos = Position::from_setup(&setup).unwrap();
    /// assert_eq!(pos.pinned().single(), Square::E2);
    /// assert!(!pos.is_check());
    /// // A pinned knight cannot move at all.
    /// assert!(pos.legal_moves().iter().all(|mv| mv.from() != Square::E2));
    /// ```
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        self.check_info().1
    }

    /// The checkers and the pinned pieces of the side to move, found together:
    /// enemy sliders seen from the king through its own pieces either check
    /// (nothing between) or pin (one of ours between).
    // Forced inline into the generator, where LLVM kept it a call: position
    // 3 bulk perft 6, 389.7 → 377.6 M instructions.
    #[inline(always)]
    pub(crate) fn check_info(&self) -> (Bitboard, Bitboard) {
        let us = self.side;
        let king = self.king_square(us);
        let ours = self.colored(us);
        let theirs = self.colored(!us);
        let mut checkers = ((knight_attacks(king) & self.pieces(PieceKind::Knight))
            | (pawn_attacks(us, king) & self.pieces(PieceKind::Pawn)))
            & theirs;
        // Sliders that would reach the king but for their own pieces; the
        // tables are looked up only along lines where one stands at all.
        let diagonal = self.diagonal_sliders() & theirs;
        let orthogonal = self.orthogonal_sliders() & theirs;
        let mut snipers = Bitboard::EMPTY;
        if (bishop_rays(king) & diagonal).is_nonempty() {
            snipers |= bishop_attacks(king, theirs) & diagonal;
        }
        if (rook_rays(king) & orthogonal).is_nonempty() {
            snipers |= rook_attacks(king, theirs) & orthogonal;
        }
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & (ours | theirs);
            if blockers.is_empty() {
                checkers |= sniper;
            } else if !blockers.has_several() {
                pinned |= blockers & ours;
            }
        }
        (checkers, pinned)
    }

    /// Bishops and queens of both colours.
    #[inline]
    pub(crate) fn diagonal_sliders(&self) -> Bitboard {
        self.by_kind[PieceKind::Bishop.index()] | self.by_kind[PieceKind::Queen.index()]
    }

    /// Rooks and queens of both colours.
    #[inline]
    pub(crate) fn orthogonal_sliders(&self) -> Bitboard {
        self.by_kind[PieceKind::Rook.index()] | self.by_kind[PieceKind::Queen.index()]
    }

    /// Pieces of both colours that attack `sq`, sliders seeing through
    /// `occupied` (pass a modified occupancy for x-rays).
    ///
    /// ```
    /// use outpost_board::{Color, Position, Square};
    ///
    /// let pos = Position::startpos();
    /// // f3 is covered by the pawns on e2 and g2 and the knight on g1.
    /// let attackers = pos.attackers_to(Square::F3, pos.occupied());
    /// assert_eq!(
    ///     attackers.into_iter().collect::<Vec<_>>(),
    ///     [Square::G1, Square::E2, Square::G2]
    /// );
    /// assert!(pos.is_attacked_by(Color::White, Square::F3, pos.occupied()));
    /// assert!(!pos.is_attacked_by(Color::Black, Square::F3, pos.occupied()));
    /// ```
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        (knight_attacks(sq) & self.pieces(PieceKind::Knight))
            | (king_attacks(sq) & self.pieces(PieceKind::King))
            | (pawn_attacks(Color::White, sq) & self.pieces_of(Color::Black, PieceKind::Pawn))
            | (pawn_attacks(Color::Black, sq) & self.pieces_of(Color::White, PieceKind::Pawn))
            | (bishop_attacks(sq, occupied) & self.diagonal_sliders())
            | (rook_attacks(sq, occupied) & self.orthogonal_sliders())
    }

    /// Whether any piece of `color` attacks `sq`, sliders seeing through `occupied`.
    #[inline]
    pub fn is_attacked_by(&self, color: Color, sq: Square, occupied: Bitboard) -> bool {
        let theirs = self.colored(color);
        ((knight_attacks(sq) & self.pieces(PieceKind::Knight))
            | (king_attacks(sq) & self.pieces(PieceKind::King))
            | (pawn_attacks(!color, sq) & self.pieces(PieceKind::Pawn))
            | (bishop_attacks(sq, occupied) & self.diagonal_sliders())
            | (rook_attacks(sq, occupied) & self.orthogonal_sliders()))
            & theirs
            != Bitboard::EMPTY
    }

    /// Whether the side to move has a pawn attacking the en-passant square,
    /// which is when the square enters the key.
    #[inline]
    fn en_passant_matters(&self) -> bool {
        match self.en_passant {
            Some(ep) => (pawn_attacks(!self.side, ep) & self.pieces_of(self.side, PieceKind::Pawn))
                .is_nonempty(),
            None => false,
        }
    }

    /// The Zobrist key of the pawns alone: the XOR of
    /// [`zobrist::piece_key`] over every pawn of both colours, 0 without
    /// pawns. Positions with the same pawns share it (pawn hash tables,
    /// pawn correction history).
    ///
    /// ```
    /// use outpost_board::{Position, Square};
    ///
    /// let start = Position::startpos();
    /// let nf3 = start.play(start.find_move(Square::G1, Square::F3, None).unwrap());
    /// let e4 = start.play(start.find_move(Square::E2, Square::E4, None).unwrap());
    /// // A knight move keeps the pawn key; a pawn move changes it.
    /// assert_eq!(nf3.pawn_key(), start.pawn_key());
    /// assert_ne!(e4.pawn_key(), start.pawn_key());
    /// assert_eq!(e4.pawn_key(), e4.compute_pawn_key());
    /// ```
    #[inline]
    pub fn pawn_key(&self) -> u64 {
        self.pawn_key
    }

    /// [`Position::pawn_key`] computed from scratch.
    pub fn compute_pawn_key(&self) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            let piece = Piece::new(color, PieceKind::Pawn);
            for sq in self.pieces_of(color, PieceKind::Pawn) {
                key ^= zobrist::piece_key(piece, sq);
            }
        }
        key
    }

    /// The Zobrist key computed from scratch; equals [`Position::key`].
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for sq in self.occupied() {
            if let Some(piece) = self.piece_on(sq) {
                key ^= zobrist::piece_key(piece, sq);
            }
        }
        key ^= zobrist::castling_key(self.castling);
        if self.side == Color::Black {
            key ^= zobrist::side_key();
        }
        if let (true, Some(ep)) = (self.en_passant_matters(), self.en_passant) {
            key ^= zobrist::en_passant_key(ep.file().index());
        }
        key
    }

    #[inline]
    fn put(&mut self, piece: Piece, sq: Square) {
        self.by_kind[piece.kind().index()] ^= sq;
        self.by_color[piece.color().index()] ^= sq;
        self.mailbox[sq.index() / 2] |= (piece.index() as u8 + 1) << (4 * (sq.index() & 1));
        self.toggle_keys(piece, zobrist::piece_key(piece, sq));
    }

    #[inline]
    fn remove(&mut self, piece: Piece, sq: Square) {
        self.by_kind[piece.kind().index()] ^= sq;
        self.by_color[piece.color().index()] ^= sq;
        self.mailbox[sq.index() / 2] &= 0xf0 >> (4 * (sq.index() & 1));
        self.toggle_keys(piece, zobrist::piece_key(piece, sq));
    }

    /// XORs `k`, the piece keys of `piece` on some squares, into the key
    /// and, for a pawn, into the pawn key.
    #[inline(always)]
    fn toggle_keys(&mut self, piece: Piece, k: u64) {
        self.key ^= k;
        if piece.kind() == PieceKind::Pawn {
            self.pawn_key ^= k;
        }
    }

    /// Moves `piece` from `from` to `to` (an empty square).
    #[inline(always)]
    fn shift(&mut self, piece: Piece, from: Square, to: Square) {
        let both = Bitboard::from_square(from) | to;
        self.by_kind[piece.kind().index()] ^= both;
        self.by_color[piece.color().index()] ^= both;
        self.mailbox[from.index() / 2] &= 0xf0 >> (4 * (from.index() & 1));
        self.mailbox[to.index() / 2] |= (piece.index() as u8 + 1) << (4 * (to.index() & 1));
        self.toggle_keys(
            piece,
            zobrist::piece_key(piece, from) ^ zobrist::piece_key(piece, to),
        );
    }

    /// The parts of [`Position::make_move`] for double pushes, castling, en
    /// passant and promotions.
    #[cold]
    #[inline(never)]
    fn make_special(&mut self, mv: Move, piece: Piece) {
        let us = self.side;
        let them = !us;
        let from = mv.from();
        let to = mv.to();
        match mv.kind() {
            MoveKind::DoublePush => {
                self.shift(piece, from, to);
                let ep = Square::from_index_wrapping((from.index() + to.index()) / 2);
                if (pawn_attacks(us, ep) & self.pieces_of(them, PieceKind::Pawn)).is_nonempty() {
                    self.key ^= zobrist::en_passant_key(ep.file().index());
                }
                self.en_passant = Some(ep);
            }
            MoveKind::KingCastle | MoveKind::QueenCastle => {
                // The king "takes" its own rook on `to`; both land on their
                // castling squares, which may be where either started.
                let side = if mv.kind() == MoveKind::KingCastle {
                    CastlingSide::King
                } else {
                    CastlingSide::Queen
                };
                let rook = Piece::new(us, PieceKind::Rook);
                self.remove(piece, from);
                self.remove(rook, to);
                self.put(piece, side.king_to(us));
                self.put(rook, side.rook_to(us));
            }
            MoveKind::EnPassant => {
                let victim = Square::new(to.file(), from.rank());
                self.remove(Piece::new(them, PieceKind::Pawn), victim);
                self.shift(piece, from, to);
            }
            _ => {
                if mv.is_capture() {
                    self.halfmove_clock = 0;
                    if let Some(victim) = self.piece_on(to) {
                        self.remove(victim, to);
                    }
                }
                let promoted = mv.promotion().unwrap_or(PieceKind::Queen);
                self.remove(piece, from);
                self.put(Piece::new(us, promoted), to);
            }
        }
    }

    /// Plays a legal move on this position.
    ///
    /// `mv` must be legal here (from this position's move generator, or
    /// checked with [`Position::is_legal`]); anything else leaves the position
    /// in an unspecified but memory-safe state. [`Move::NULL`] is not a legal
    /// move: pass with [`Position::make_null_move`], or use
    /// [`Position::make_move_or_pass`] for moves that may be null.
    ///
    /// ```
    /// use outpost_board::{Color, Position, Square};
    ///
    /// let mut pos = Position::startpos();
    /// let nf3 = pos.find_move(Square::G1, Square::F3, None).unwrap();
    /// pos.make_move(nf3);
    /// assert_eq!(pos.side_to_move(), Color::Black);
    /// assert!(pos.piece_on(Square::G1).is_none());
    /// assert_eq!(pos.halfmove_clock(), 1);
    /// ```
    #[inline]
    pub fn make_move(&mut self, mv: Move) {
        debug_assert!(!mv.is_null(), "make_move(Move::NULL): use make_null_move");
        let us = self.side;
        let them = !us;
        let from = mv.from();
        let to = mv.to();
        let Some(piece) = self.piece_on(from) else {
            debug_assert!(false, "make_move: no piece on {from} for {mv}");
            return;
        };
        if let Some(ep) = self.en_passant.take() {
            if (pawn_attacks(them, ep) & self.pieces_of(us, PieceKind::Pawn)).is_nonempty() {
                self.key ^= zobrist::en_passant_key(ep.file().index());
            }
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        let flags = mv.to_bits() >> 12;
        if flags == 0 || flags == MoveKind::Capture as u16 {
            if flags != 0 {
                self.halfmove_clock = 0;
                if let Some(victim) = self.piece_on(to) {
                    self.remove(victim, to);
                }
            }
            self.shift(piece, from, to);
        } else {
            self.make_special(mv, piece);
        }
        if piece.kind() == PieceKind::Pawn {
            self.halfmove_clock = 0;
        }
        if !self.castling.is_empty() {
            let mut rights = self.castling.after_move(from, to);
            if piece.kind() == PieceKind::King {
                rights = rights.without_color(us);
            }
            if rights != self.castling {
                self.key ^= zobrist::castling_key(self.castling) ^ zobrist::castling_key(rights);
                self.castling = rights;
            }
        }
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.side = them;
        self.key ^= zobrist::side_key();
    }

    /// The key [`Position::make_move`] would give this position after `mv`,
    /// without playing it: what a search needs to fetch the child's table
    /// entry early. `mv` must be legal here, as for `make_move`.
    ///
    /// ```
    /// use outpost_board::{Position, Square};
    ///
    /// let pos = Position::startpos();
    /// let mv = pos.find_move(Square::E2, Square::E4, None).unwrap();
    /// let mut child = pos;
    /// child.make_move(mv);
    /// assert_eq!(pos.key_after(mv), child.key());
    /// ```
    #[inline]
    pub fn key_after(&self, mv: Move) -> u64 {
        let us = self.side;
        let them = !us;
        let from = mv.from();
        let to = mv.to();
        let Some(piece) = self.piece_on(from) else {
            return self.key ^ zobrist::side_key();
        };
        let mut key = self.key ^ zobrist::side_key();
        if let Some(ep) = self.en_passant {
            if (pawn_attacks(them, ep) & self.pieces_of(us, PieceKind::Pawn)).is_nonempty() {
                key ^= zobrist::en_passant_key(ep.file().index());
            }
        }
        match mv.kind() {
            MoveKind::DoublePush => {
                key ^= zobrist::piece_key(piece, from) ^ zobrist::piece_key(piece, to);
                let ep = Square::from_index_wrapping((from.index() + to.index()) / 2);
                if (pawn_attacks(us, ep) & self.pieces_of(them, PieceKind::Pawn)).is_nonempty() {
                    key ^= zobrist::en_passant_key(ep.file().index());
                }
            }
            MoveKind::KingCastle | MoveKind::QueenCastle => {
                if let Some(side) = mv.castling_side() {
                    let rook = Piece::new(us, PieceKind::Rook);
                    key ^= zobrist::piece_key(piece, from)
                        ^ zobrist::piece_key(rook, to)
                        ^ zobrist::piece_key(piece, side.king_to(us))
                        ^ zobrist::piece_key(rook, side.rook_to(us));
                }
            }
            MoveKind::EnPassant => {
                let victim = Square::new(to.file(), from.rank());
                key ^= zobrist::piece_key(Piece::new(them, PieceKind::Pawn), victim)
                    ^ zobrist::piece_key(piece, from)
                    ^ zobrist::piece_key(piece, to);
            }
            _ => {
                if mv.is_capture() {
                    if let Some(victim) = self.piece_on(to) {
                        key ^= zobrist::piece_key(victim, to);
                    }
                }
                let landed = mv.promotion().map_or(piece, |kind| Piece::new(us, kind));
                key ^= zobrist::piece_key(piece, from) ^ zobrist::piece_key(landed, to);
            }
        }
        if !self.castling.is_empty() {
            let mut rights = self.castling.after_move(from, to);
            if piece.kind() == PieceKind::King {
                rights = rights.without_color(us);
            }
            if rights != self.castling {
                key ^= zobrist::castling_key(self.castling) ^ zobrist::castling_key(rights);
            }
        }
        key
    }

    /// Plays a legal move in place and returns what [`Position::unmake_move`]
    /// needs to take it back. The alternative to copy-make for callers that
    /// keep one position; see `docs/benchmarks.md` for which is faster.
    ///
    /// ```
    /// use outpost_board::{Position, Square};
    ///
    /// let start = Position::startpos();
    /// let mut pos = start;
    /// let nf3 = pos.find_move(Square::G1, Square::F3, None).unwrap();
    /// let undo = pos.make_move_undoable(nf3);
    /// assert_ne!(pos, start);
    /// pos.unmake_move(nf3, undo);
    /// assert_eq!(pos, start);
    /// ```
    pub fn make_move_undoable(&mut self, mv: Move) -> Undo {
        let captured = if mv.is_capture() && !mv.is_en_passant() {
            self.piece_on(mv.to())
        } else {
            None
        };
        let undo = Undo {
            captured,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            key: self.key,
        };
        self.make_move(mv);
        undo
    }

    /// Takes back `mv`, the last move played with
    /// [`Position::make_move_undoable`], restoring the position exactly.
    pub fn unmake_move(&mut self, mv: Move, undo: Undo) {
        let us = !self.side;
        let them = self.side;
        let from = mv.from();
        let to = mv.to();
        if let Some(side) = mv.castling_side() {
            let king = Piece::new(us, PieceKind::King);
            let rook = Piece::new(us, PieceKind::Rook);
            self.remove(king, side.king_to(us));
            self.remove(rook, side.rook_to(us));
            self.put(king, from);
            self.put(rook, to);
        } else {
            let Some(landed) = self.piece_on(to) else {
                debug_assert!(false, "unmake_move: no piece on {to} for {mv}");
                return;
            };
            if mv.is_promotion() {
                self.remove(landed, to);
                self.put(Piece::new(us, PieceKind::Pawn), from);
            } else {
                self.shift(landed, to, from);
            }
            if let Some(victim) = undo.captured {
                self.put(victim, to);
            } else if mv.is_en_passant() {
                self.put(
                    Piece::new(them, PieceKind::Pawn),
                    Square::new(to.file(), from.rank()),
                );
            }
        }
        self.side = us;
        self.fullmove_number = undo.fullmove_number;
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        self.halfmove_clock = undo.halfmove_clock;
        self.key = undo.key;
    }

    /// A copy of this position with the legal move `mv` played.
    ///
    /// ```
    /// use outpost_board::{Color, Piece, Position, Square};
    ///
    /// let start = Position::startpos();
    /// let e4 = start.find_move(Square::E2, Square::E4, None).unwrap();
    /// let after = start.play(e4);
    /// assert_eq!(after.side_to_move(), Color::Black);
    /// assert_eq!(after.piece_on(Square::E4), Some(Piece::WhitePawn));
    /// // The position played from is unchanged.
    /// assert_eq!(start.piece_on(Square::E2), Some(Piece::WhitePawn));
    /// ```
    #[inline]
    pub fn play(&self, mv: Move) -> Position {
        let mut next = *self;
        next.make_move(mv);
        next
    }

    /// Plays `mv`, or passes the turn if it is [`Move::NULL`] (for moves read
    /// from text, where `0000` passes). Returns `false` and changes nothing
    /// when asked to pass in check.
    pub fn make_move_or_pass(&mut self, mv: Move) -> bool {
        if mv.is_null() {
            self.make_null_move()
        } else {
            self.make_move(mv);
            true
        }
    }

    /// Passes the turn (for null-move pruning): clears the en-passant square
    /// and hands the move to the other side. Returns `false` and changes
    /// nothing when the side to move is in check, where passing is illegal.
    ///
    /// ```
    /// use outpost_board::{Color, Position, Square};
    ///
    /// let mut pos = Position::startpos();
    /// pos = pos.play(pos.find_move(Square::E2, Square::E4, None).unwrap());
    /// assert!(pos.make_null_move());
    /// assert_eq!(pos.side_to_move(), Color::White);
    /// assert_eq!(pos.en_passant(), None);
    /// assert_eq!(pos.key(), pos.compute_key());
    /// ```
    pub fn make_null_move(&mut self) -> bool {
        if self.is_check() {
            return false;
        }
        if self.en_passant_matters() {
            if let Some(ep) = self.en_passant {
                self.key ^= zobrist::en_passant_key(ep.file().index());
            }
        }
        self.en_passant = None;
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if self.side == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.side = !self.side;
        self.key ^= zobrist::side_key();
        true
    }

    /// Whether `mv`, which must be legal here, gives check.
    ///
    /// ```
    /// use outpost_board::{Position, Square};
    ///
    /// // After 1. e4 f5, the queen checks from h5.
    /// let mut pos = Position::startpos();
    /// for (from, to) in [(Square::E2, Square::E4), (Square::F7, Square::F5)] {
    ///     pos = pos.play(pos.find_move(from, to, None).unwrap());
    /// }
    /// let qh5 = pos.find_move(Square::D1, Square::H5, None).unwrap();
    /// let qg4 = pos.find_move(Square::D1, Square::G4, None).unwrap();
    /// assert!(pos.gives_check(qh5));
    /// assert!(!pos.gives_check(qg4));
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side;
        let from = mv.from();
        let to = mv.to();
        let Some(piece) = self.piece_on(from) else {
            return false;
        };
        let their_king = self.king_square(!us);
        let mut occupied = (self.occupied() ^ from) | to;
        let mut moved_away = Bitboard::from_square(from);
        let (kind, landing) = match mv.kind() {
            MoveKind::KingCastle | MoveKind::QueenCastle => {
                let side = if mv.kind() == MoveKind::KingCastle {
                    CastlingSide::King
                } else {
                    CastlingSide::Queen
                };
                // King and rook leave their squares (the rook's is `to`)
                // and land on their castling squares.
                occupied = (self.occupied() ^ from ^ to) | side.king_to(us) | side.rook_to(us);
                moved_away |= to;
                (PieceKind::Rook, side.rook_to(us))
            }
            MoveKind::EnPassant => {
                occupied ^= Square::new(to.file(), from.rank());
                (PieceKind::Pawn, to)
            }
            _ => (mv.promotion().unwrap_or(piece.kind()), to),
        };
        if crate::attacks::attacks(kind, us, landing, occupied).contains(their_king) {
            return true;
        }
        // A discovered check needs a square vacated on a line to their king
        // (the from square, or the pawn taken en passant; castling vacates
        // only the king and rook squares, both covered by `moved_away`).
        let vacated = (self.occupied() & !occupied) | moved_away;
        if (vacated & crate::attacks::queen_attacks(their_king, Bitboard::EMPTY)).is_empty() {
            return false;
        }
        let discovered = ((bishop_attacks(their_king, occupied) & self.diagonal_sliders())
            | (rook_attacks(their_king, occupied) & self.orthogonal_sliders()))
            & self.colored(us)
            & !moved_away;
        discovered.is_nonempty()
    }

    /// The squares each kind of piece of the side to move would give check
    /// from, and its pieces that uncover a check by leaving their line: with
    /// them, [`CheckSquares::gives_check`] answers for most moves with a
    /// couple of bit tests. Worth it when many moves of one position are asked about.
    pub fn check_squares(&self) -> CheckSquares {
        let us = self.side;
        let ours = self.colored(us);
        let their_king = self.king_square(!us);
        let occupied = self.occupied();
        let diagonal = bishop_attacks(their_king, occupied);
        let straight = rook_attacks(their_king, occupied);
        let mut by_kind = [Bitboard::EMPTY; 6];
        by_kind[PieceKind::Pawn.index()] = pawn_attacks(!us, their_king);
        by_kind[PieceKind::Knight.index()] = knight_attacks(their_king);
        by_kind[PieceKind::Bishop.index()] = diagonal;
        by_kind[PieceKind::Rook.index()] = straight;
        by_kind[PieceKind::Queen.index()] = diagonal | straight;
        // Our sliders aimed at their king with exactly one piece, ours, between.
        let snipers = ((bishop_rays(their_king) & self.diagonal_sliders())
            | (rook_rays(their_king) & self.orthogonal_sliders()))
            & ours;
        let mut discoverers = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(their_king, sniper) & occupied;
            if !blockers.has_several() {
                discoverers |= blockers & ours;
            }
        }
        CheckSquares {
            by_kind,
            discoverers,
            their_king,
        }
    }

    /// The same position with colours swapped and the board mirrored top to
    /// bottom: White's pieces become Black's on the mirrored squares and the
    /// other side moves. Useful for symmetry tests.
    ///
    /// ```
    /// use outpost_board::{Color, Piece, Position, Square};
    ///
    /// let start = Position::startpos();
    /// let e4 = start.play(start.find_move(Square::E2, Square::E4, None).unwrap());
    /// let flipped = e4.color_flipped();
    /// assert_eq!(flipped.piece_on(Square::E5), Some(Piece::BlackPawn));
    /// assert_eq!(flipped.side_to_move(), Color::White);
    /// assert_eq!(flipped.en_passant(), Some(Square::E6));
    /// assert_eq!(flipped.color_flipped(), e4);
    /// ```
    pub fn color_flipped(&self) -> Position {
        let mut setup = Setup::empty();
        for sq in Square::ALL {
            setup.board[sq.flip_rank().index()] =
                self.piece_on(sq).map(|p| Piece::new(!p.color(), p.kind()));
        }
        setup.side_to_move = !self.side;
        setup.castling = self.castling.swap_colors();
        setup.en_passant = self.en_passant.map(Square::flip_rank);
        setup.halfmove_clock = self.halfmove_clock.into();
        setup.fullmove_number = self.fullmove_number.into();
        Position::from_setup(&setup).expect("the colour-flipped twin of a legal position is legal")
    }

    /// An ASCII drawing of the board, eighth rank on top, White in capitals.
    ///
    /// ```
    /// use outpost_board::Position;
    ///
    /// let diagram = Position::startpos().board_diagram();
    /// let lines: Vec<&str> = diagram.lines().collect();
    /// assert_eq!(lines[1], " | r | n | b | q | k | b | n | r | 8");
    /// assert_eq!(lines[15], " | R | N | B | Q | K | B | N | R | 1");
    /// assert_eq!(lines.len(), 18);
    /// ```
    pub fn board_diagram(&self) -> String {
        let mut out = String::new();
        for rank in Rank::ALL.iter().rev() {
            out.push_str(" +---+---+---+---+---+---+---+---+\n |");
            for file in File::ALL {
                let c = self
                    .piece_on(Square::new(file, *rank))
                    .map_or(' ', Piece::to_char);
                out.push(' ');
                out.push(c);
                out.push_str(" |");
            }
            out.push(' ');
            out.push(rank.to_char());
            out.push('\n');
        }
        out.push_str(" +---+---+---+---+---+---+---+---+\n   a   b   c   d   e   f   g   h\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_fits_in_two_cache_lines() {
        // Copy-make copies the whole position; keep it small.
        assert!(size_of::<Position>() <= 128, "{}", size_of::<Position>());
    }

    #[test]
    fn startpos_basics() {
        let pos = Position::startpos();
        assert_eq!(pos.occupied().count(), 32);
        assert_eq!(pos.king_square(Color::White), Square::E1);
        assert_eq!(pos.king_square(Color::Black), Square::E8);
        assert!(!pos.is_check());
        assert_eq!(pos.key(), pos.compute_key());
        assert_eq!(pos.pawn_key(), pos.compute_pawn_key());
        assert_eq!(pos.color_flipped().to_setup().board, pos.to_setup().board);
    }

    #[test]
    fn null_move_through_make_move_or_pass() {
        let start = Position::startpos();
        let mut passed = start;
        assert!(passed.make_move_or_pass(Move::NULL));
        assert_eq!(passed.side_to_move(), Color::Black);
        assert_eq!(passed.castling_rights(), CastlingRights::ALL);
        assert_eq!(passed.key(), passed.compute_key());
        assert_eq!(passed.pawn_key(), passed.compute_pawn_key());
        let mut again = start;
        assert!(again.make_null_move());
        assert_eq!(passed, again);
    }

    #[test]
    fn rejects_invalid_setups() {
        let mut s = Setup::standard();
        s.board[Square::E1.index()] = None;
        assert_eq!(
            Position::from_setup(&s),
            Err(BoardError::MissingKing {
                color: Color::White
            })
        );
        let mut s = Setup::standard();
        s.board[Square::A1.index()] = None;
        assert_eq!(
            Position::from_setup(&s),
            Err(BoardError::BadCastlingRight {
                color: Color::White,
                side: CastlingSide::Queen
            })
        );
        let mut s = Setup::standard();
        s.board[Square::A8.index()] = Some(Piece::WhitePawn);
        s.castling = CastlingRights::NONE;
        assert_eq!(
            Position::from_setup(&s),
            Err(BoardError::PawnOnBackRank { square: Square::A8 })
        );
    }
}

/// What it takes to give check in one position (see
/// [`Position::check_squares`]).
///
/// ```
/// use outpost_board::{Position, Square};
///
/// // After 1. e4 f5, the queen checks from h5.
/// let mut pos = Position::startpos();
/// for (from, to) in [(Square::E2, Square::E4), (Square::F7, Square::F5)] {
///     pos = pos.play(pos.find_move(from, to, None).unwrap());
/// }
/// let squares = pos.check_squares();
/// let qh5 = pos.find_move(Square::D1, Square::H5, None).unwrap();
/// assert!(squares.gives_check(&pos, qh5));
/// // The same answer as `Position::gives_check` for every move.
/// for &mv in pos.legal_moves().iter() {
///     assert_eq!(squares.gives_check(&pos, mv), pos.gives_check(mv));
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckSquares {
    /// Squares from which a piece of each kind attacks the enemy king.
    by_kind: [Bitboard; 6],
    /// Pieces of the side to move that alone block one of its sliders from
    /// the enemy king.
    discoverers: Bitboard,
    their_king: Square,
}

impl CheckSquares {
    /// Whether `mv`, legal in `pos` (the position these squares were
    /// computed for), gives check; the same answer as
    /// [`Position::gives_check`], which it falls back on for castling, en
    /// passant and promotions.
    #[inline]
    pub fn gives_check(&self, pos: &Position, mv: Move) -> bool {
        match mv.kind() {
            MoveKind::Quiet | MoveKind::DoublePush | MoveKind::Capture => {
                let (from, to) = (mv.from(), mv.to());
                pos.piece_on(from)
                    .is_some_and(|piece| self.by_kind[piece.kind().index()].contains(to))
                    || (self.discoverers.contains(from)
                        && !line(from, self.their_king).contains(to))
            }
            _ => pos.gives_check(mv),
        }
    }
}
