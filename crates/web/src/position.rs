//! Positions and games as the API reads and writes them: a FEN and moves in,
//! FEN, SAN, status and scores out.

use crate::WebError;
use outpost_board::{Color, Move, PieceKind, Position};
use outpost_engine::{Decision, Game, GameResult, Outcome};
use outpost_notation::{parse_fen, parse_move_text, to_fen, to_san};
use outpost_search::Score;
use serde::Serialize;

/// The game from `fen` (the start position when absent) after `moves`
/// (long algebraic, e.g. `e2e4`, `e7e8q`).
pub fn game_from(fen: Option<&str>, moves: &[String]) -> Result<Game, WebError> {
    let fen = fen.map(str::trim).filter(|f| !f.is_empty());
    let mut game = match fen {
        None => Game::new(),
        Some(fen) => Game::from_position(parse_fen(fen).map_err(|e| WebError::BadFen {
            fen: fen.to_string(),
            reason: e.to_string(),
        })?),
    };
    for text in moves {
        if let Some(outcome) = game.outcome() {
            return Err(WebError::BadMove {
                mv: text.clone(),
                reason: format!("the game is already over ({})", Status::of(outcome).text()),
            });
        }
        game.play_uci(text.trim()).map_err(|e| WebError::BadMove {
            mv: text.clone(),
            reason: e.to_string(),
        })?;
    }
    Ok(game)
}

/// A move given in long algebraic notation or in SAN.
pub fn read_move(pos: &Position, text: &str) -> Result<Move, WebError> {
    let text = text.trim();
    parse_move_text(pos, text, false).map_err(|e| WebError::BadMove {
        mv: text.to_string(),
        reason: e.to_string(),
    })
}

/// The FEN of `pos`.
pub fn fen_of(pos: &Position) -> String {
    to_fen(pos)
}

/// Whether a game goes on or how it ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Status {
    /// `ongoing`, `checkmate`, `stalemate`, `draw` or `resigned`.
    pub state: &'static str,
    /// Why a draw: `threefold repetition`, `fifty-move rule`,
    /// `insufficient material`, `agreement` (and `stalemate`,
    /// `resignation`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    /// The winner of a checkmate or a resignation: `white` or `black`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'static str>,
    /// The result as in PGN: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
}

impl Status {
    /// The status of `game` (repetition and fifty moves end it).
    pub fn of_game(game: &Game) -> Status {
        game.outcome().map_or(
            Status {
                state: "ongoing",
                reason: None,
                winner: None,
                result: "*",
            },
            Status::of,
        )
    }

    /// The status an outcome gives.
    pub fn of(outcome: Outcome) -> Status {
        let draw = |reason| Status {
            state: "draw",
            reason: Some(reason),
            winner: None,
            result: "1/2-1/2",
        };
        match outcome {
            Outcome::Checkmate { winner } => Status {
                state: "checkmate",
                reason: None,
                winner: Some(color_name(winner)),
                result: if winner == Color::White { "1-0" } else { "0-1" },
            },
            Outcome::Stalemate => Status {
                state: "stalemate",
                reason: Some("stalemate"),
                winner: None,
                result: "1/2-1/2",
            },
            Outcome::ThreefoldRepetition => draw("threefold repetition"),
            Outcome::FiftyMoveRule => draw("fifty-move rule"),
            Outcome::InsufficientMaterial => draw("insufficient material"),
        }
    }

    /// The status a decision gives in `pos`: a resignation, an agreed
    /// draw, or a flag fall (a draw when the winner cannot mate).
    pub fn decided(decision: Decision, pos: &Position) -> Status {
        match decision {
            Decision::Resignation { loser } => Status {
                state: "resigned",
                reason: Some("resignation"),
                winner: Some(color_name(!loser)),
                result: if loser == Color::Black { "1-0" } else { "0-1" },
            },
            Decision::DrawAgreed => Status {
                state: "draw",
                reason: Some("agreement"),
                winner: None,
                result: "1/2-1/2",
            },
            Decision::Flag { loser } => time_forfeit(pos, loser),
            // The server's games are not adjudicated; shown as a result all the same.
            Decision::Adjudicated(result) => Status {
                state: "adjudicated",
                reason: Some("adjudication"),
                winner: match result {
                    GameResult::WhiteWins => Some("white"),
                    GameResult::BlackWins => Some("black"),
                    GameResult::Draw | GameResult::Unknown => None,
                },
                result: result.as_str(),
            },
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.state != "ongoing"
    }

    /// A few words for messages.
    pub fn text(&self) -> String {
        match (self.state, self.reason, self.winner) {
            ("checkmate", _, Some(winner)) => format!("checkmate, {winner} wins"),
            ("resigned", _, Some(winner)) => format!("resignation, {winner} wins"),
            ("time forfeit", _, Some(winner)) => format!("time forfeit, {winner} wins"),
            ("draw", Some(reason), _) => format!("draw by {reason}"),
            (state, _, _) => state.to_string(),
        }
    }
}

/// Whether `side` could still mate by some sequence of moves: anything but
/// a bare king or a king and one minor piece.
fn can_mate(pos: &Position, side: Color) -> bool {
    let heavy = [PieceKind::Pawn, PieceKind::Rook, PieceKind::Queen]
        .iter()
        .any(|&kind| pos.pieces_of(side, kind).is_nonempty());
    let minors = pos.pieces_of(side, PieceKind::Knight).count()
        + pos.pieces_of(side, PieceKind::Bishop).count();
    heavy || minors >= 2
}

/// The end when `loser`'s flag fell: the other side wins, or a draw when
/// it has too little to ever mate.
pub fn time_forfeit(pos: &Position, loser: Color) -> Status {
    let winner = !loser;
    if can_mate(pos, winner) {
        Status {
            state: "time forfeit",
            reason: Some("time forfeit"),
            winner: Some(color_name(winner)),
            result: if winner == Color::White { "1-0" } else { "0-1" },
        }
    } else {
        Status {
            state: "draw",
            reason: Some("timeout vs insufficient material"),
            winner: None,
            result: "1/2-1/2",
        }
    }
}

/// `white` or `black`.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A score for JSON: `{"cp": 35}` or `{"mate": -3}`, from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ScoreJson {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl From<Score> for ScoreJson {
    fn from(score: Score) -> ScoreJson {
        match score {
            Score::Centipawns(cp) => ScoreJson::Cp(cp),
            Score::Mate(n) => ScoreJson::Mate(n),
        }
    }
}

/// A move in both notations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveJson {
    /// Long algebraic (`e2e4`).
    pub uci: String,
    /// Standard algebraic (`e4`).
    pub san: String,
}

impl MoveJson {
    /// `mv`, legal in `pos`, in both notations.
    pub fn new(pos: &Position, mv: Move) -> MoveJson {
        MoveJson {
            uci: mv.to_string(),
            san: to_san(pos, mv),
        }
    }
}

/// Every legal move of `pos`.
pub fn legal_moves(pos: &Position) -> Vec<MoveJson> {
    pos.legal_moves()
        .iter()
        .map(|&mv| MoveJson::new(pos, mv))
        .collect()
}

/// A line of moves from `pos` in both notations (as far as it is legal).
pub fn line(pos: &Position, moves: &[Move]) -> (Vec<String>, Vec<String>) {
    let mut pos = *pos;
    let mut uci = Vec::with_capacity(moves.len());
    let mut san = Vec::with_capacity(moves.len());
    for &mv in moves {
        if !pos.is_legal(mv) {
            break;
        }
        uci.push(mv.to_string());
        san.push(to_san(&pos, mv));
        pos.make_move(mv);
    }
    (uci, san)
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_notation::parse_fen;

    #[test]
    fn reads_games_and_moves() {
        let game = game_from(None, &["e2e4".into(), "e7e5".into()]).unwrap();
        assert_eq!(game.san_moves(), ["e4", "e5"]);
        assert!(matches!(
            game_from(Some("nonsense"), &[]),
            Err(WebError::BadFen { .. })
        ));
        assert!(matches!(
            game_from(None, &["e2e5".into()]),
            Err(WebError::BadMove { .. })
        ));
        let mate = ["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"].map(String::from);
        assert!(matches!(
            game_from(None, &mate),
            Err(WebError::BadMove { .. })
        ));
        let game = game_from(None, &mate[..4]).unwrap();
        let status = Status::of_game(&game);
        assert_eq!(status.state, "checkmate");
        assert_eq!(status.result, "0-1");
        assert_eq!(status.text(), "checkmate, black wins");
        let pos = Position::startpos();
        assert_eq!(read_move(&pos, "Nf3").unwrap().to_string(), "g1f3");
        assert_eq!(read_move(&pos, "g1f3").unwrap().to_string(), "g1f3");
        assert!(read_move(&pos, "Nf4").is_err());
        assert_eq!(legal_moves(&pos).len(), 20);
    }

    #[test]
    fn a_flag_against_a_lone_minor_piece_is_a_draw() {
        let pos = parse_fen("8/8/8/4k3/8/8/8/KB6 w - - 0 1").unwrap();
        assert_eq!(time_forfeit(&pos, Color::Black).result, "1/2-1/2");
        assert_eq!(time_forfeit(&pos, Color::White).result, "1/2-1/2");
        let pos = parse_fen("8/8/8/4k3/8/8/P7/K7 w - - 0 1").unwrap();
        assert_eq!(time_forfeit(&pos, Color::Black).result, "1-0");
    }
}
