//! The training record: one position, its search score and its game's
//! result, in 32 bytes.
//!
//! | bytes  | field                                                        |
//! |--------|--------------------------------------------------------------|
//! | 0..8   | occupancy: bit *i* set when square *i* (a1 = 0, h8 = 63) holds a piece, little-endian |
//! | 8..24  | the pieces, 4 bits each, in the order of the occupancy's set bits from a1; the low nibble of a byte first; a nibble is `kind` (0 pawn … 5 king) plus 8 for Black; unused nibbles 0 |
//! | 24..26 | the search score in centipawns from White's point of view, i16 little-endian |
//! | 26..28 | the move the search chose, in the board crate's 16-bit encoding ([`Move::to_bits`]) |
//! | 28     | the game's result: 0 Black won, 1 draw, 2 White won            |
//! | 29     | the side to move: 0 White, 1 Black                             |
//! | 30     | the halfmove clock (capped at 255)                             |
//! | 31     | the fullmove number (capped at 255)                            |
//!
//! Castling rights and the en-passant square are not kept: the network
//! does not see them.

use crate::error::TrainError;
use outpost_board::{
    Bitboard, CastlingRights, Color, Move, Piece, PieceKind, Position, Setup, Square,
};

/// Bytes in one record.
pub const RECORD_BYTES: usize = 32;

pub use outpost_notation::GameResult;

/// A result as a score for White: 0, 0.5 or 1 (an unknown result counts
/// as a draw; records are written only for finished games).
pub fn white_score(result: GameResult) -> f32 {
    match result {
        GameResult::BlackWins => 0.0,
        GameResult::Draw | GameResult::Unknown => 0.5,
        GameResult::WhiteWins => 1.0,
    }
}

fn result_byte(result: GameResult) -> u8 {
    match result {
        GameResult::BlackWins => 0,
        GameResult::Draw | GameResult::Unknown => 1,
        GameResult::WhiteWins => 2,
    }
}

fn result_from_byte(byte: u8) -> Option<GameResult> {
    match byte {
        0 => Some(GameResult::BlackWins),
        1 => Some(GameResult::Draw),
        2 => Some(GameResult::WhiteWins),
        _ => None,
    }
}

/// One training position (see the module docs for the bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrainingRecord {
    occupancy: u64,
    pieces: [u8; 16],
    /// The search score in centipawns, White's point of view.
    pub score: i16,
    /// The move the search chose.
    pub best_move: Move,
    /// The game's result.
    pub result: GameResult,
    /// The side to move.
    pub side_to_move: Color,
    /// The halfmove clock, capped at 255.
    pub halfmove_clock: u8,
    /// The fullmove number, capped at 255.
    pub fullmove_number: u8,
}

impl TrainingRecord {
    /// A record of `pos` with the search's `score` (centipawns, White's
    /// point of view) and choice; the result is set when the game ends.
    pub fn new(pos: &Position, score: i16, best_move: Move, result: GameResult) -> TrainingRecord {
        let occupied = pos.occupied();
        let mut pieces = [0u8; 16];
        for (i, square) in occupied.enumerate().take(32) {
            if let Some(piece) = pos.piece_on(square) {
                pieces[i / 2] |= nibble(piece) << (4 * (i % 2));
            }
        }
        TrainingRecord {
            occupancy: occupied.0,
            pieces,
            score,
            best_move,
            result,
            side_to_move: pos.side_to_move(),
            halfmove_clock: pos.halfmove_clock().min(255) as u8,
            fullmove_number: pos.fullmove_number().min(255) as u8,
        }
    }

    /// Whether this is a sampled evaluation (`datagen --sample-evals`: the
    /// static score of a position a search evaluated, with no move) rather
    /// than a game position with the search's score and choice.
    pub fn is_sampled_evaluation(&self) -> bool {
        self.best_move == Move::NULL
    }

    /// The occupied squares.
    pub fn occupancy(&self) -> Bitboard {
        Bitboard(self.occupancy)
    }

    /// Every piece with its square, from a1 to h8.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupancy().enumerate().map(|(i, square)| {
            let bits = (self.pieces[i / 2] >> (4 * (i % 2))) & 0xf;
            (square, piece_of(bits))
        })
    }

    /// The position the record describes (without castling rights or an
    /// en-passant square, which records do not keep); an error when the
    /// pieces do not form a legal position.
    pub fn to_position(&self) -> Result<Position, outpost_board::BoardError> {
        let mut board = [None; 64];
        for (square, piece) in self.pieces() {
            board[square.index()] = Some(piece);
        }
        Position::from_setup(&Setup {
            board,
            side_to_move: self.side_to_move,
            castling: CastlingRights::default(),
            en_passant: None,
            halfmove_clock: u32::from(self.halfmove_clock),
            fullmove_number: u32::from(self.fullmove_number).max(1),
        })
    }

    /// The record's 32 bytes.
    pub fn to_bytes(&self) -> [u8; RECORD_BYTES] {
        let mut out = [0u8; RECORD_BYTES];
        out[0..8].copy_from_slice(&self.occupancy.to_le_bytes());
        out[8..24].copy_from_slice(&self.pieces);
        out[24..26].copy_from_slice(&self.score.to_le_bytes());
        out[26..28].copy_from_slice(&self.best_move.to_bits().to_le_bytes());
        out[28] = result_byte(self.result);
        out[29] = self.side_to_move.index() as u8;
        out[30] = self.halfmove_clock;
        out[31] = self.fullmove_number;
        out
    }

    /// Reads a record, checking that it describes a board: at most 32
    /// pieces, valid piece codes, unused nibbles zero, one king per side,
    /// a valid result and side to move.
    pub fn from_bytes(bytes: &[u8; RECORD_BYTES]) -> Result<TrainingRecord, TrainError> {
        let bad = |reason: &str| TrainError::BadRecord(reason.to_string());
        let occupancy = u64::from_le_bytes(bytes[0..8].try_into().unwrap_or_default());
        let count = occupancy.count_ones() as usize;
        if count > 32 {
            return Err(bad("more than 32 pieces"));
        }
        let mut pieces = [0u8; 16];
        pieces.copy_from_slice(&bytes[8..24]);
        let mut kings = [0; 2];
        for i in 0..32 {
            let bits = (pieces[i / 2] >> (4 * (i % 2))) & 0xf;
            if i >= count {
                if bits != 0 {
                    return Err(bad("a piece code after the last piece"));
                }
                continue;
            }
            if bits & 7 > 5 {
                return Err(bad("an invalid piece code"));
            }
            if bits & 7 == 5 {
                kings[usize::from(bits >> 3)] += 1;
            }
        }
        if kings != [1, 1] {
            return Err(bad("not exactly one king per side"));
        }
        let result = result_from_byte(bytes[28]).ok_or_else(|| bad("an invalid result"))?;
        let side_to_move = match bytes[29] {
            0 => Color::White,
            1 => Color::Black,
            _ => return Err(bad("an invalid side to move")),
        };
        Ok(TrainingRecord {
            occupancy,
            pieces,
            score: i16::from_le_bytes([bytes[24], bytes[25]]),
            best_move: Move::from_bits(u16::from_le_bytes([bytes[26], bytes[27]])),
            result,
            side_to_move,
            halfmove_clock: bytes[30],
            fullmove_number: bytes[31],
        })
    }

    /// The placement and side to move as bytes: equal for two records
    /// exactly when they are of the same position (for removing duplicates).
    pub fn position_key(&self) -> [u8; 25] {
        let mut key = [0u8; 25];
        key[0..8].copy_from_slice(&self.occupancy.to_le_bytes());
        key[8..24].copy_from_slice(&self.pieces);
        key[24] = self.side_to_move.index() as u8;
        key
    }
}

fn nibble(piece: Piece) -> u8 {
    piece.kind().index() as u8 | if piece.color() == Color::Black { 8 } else { 0 }
}

fn piece_of(bits: u8) -> Piece {
    let color = if bits & 8 == 0 {
        Color::White
    } else {
        Color::Black
    };
    Piece::new(color, PieceKind::from_index(usize::from(bits & 7).min(5)))
}
