//! Positions and games as the API reads and writes them: a FEN and moves in,
//! FEN, SAN, status and scores out.

use crate::WebError;
use outpost_board::{Color, Move, Position};
use outpost_engine::{Game, GameResult, Outcome};
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
    /// The status of a game that goes on (`None`) or ended so.
    pub fn of_outcome(outcome: Option<Outcome>) -> Status {
        outcome.map_or(
            Status {
                state: "ongoing",
                reason: None,
                winner: None,
                result: "*",
            },
            Status::of,
        )
    }

    /// The status of `game` by the rules (repetition and fifty moves end it).
    pub fn of_game(game: &Game) -> Status {
        Status::of_outcome(game.outcome())
    }

    /// The status an outcome gives.
    pub fn of(outcome: Outcome) -> Status {
        let result = outcome.result().as_str();
        let winner = match outcome.result() {
            GameResult::WhiteWins => Some("white"),
            GameResult::BlackWins => Some("black"),
            GameResult::Draw | GameResult::Unknown => None,
        };
        let (state, reason) = match outcome {
            Outcome::Checkmate { .. } => ("checkmate", None),
            Outcome::Stalemate => ("stalemate", Some("stalemate")),
            Outcome::ThreefoldRepetition => ("draw", Some("threefold repetition")),
            Outcome::FiftyMoveRule => ("draw", Some("fifty-move rule")),
            Outcome::InsufficientMaterial => ("draw", Some("insufficient material")),
            Outcome::Resignation { .. } => ("resigned", Some("resignation")),
            Outcome::DrawAgreed => ("draw", Some("agreement")),
            Outcome::TimeForfeit { .. } => ("time forfeit", Some("time forfeit")),
            Outcome::TimeoutDraw { .. } => ("draw", Some("timeout vs insufficient material")),
            // The server's games are not adjudicated; shown as a result all the same.
            Outcome::Adjudicated(_) => ("adjudicated", Some("adjudication")),
        };
        Status {
            state,
            reason,
            winner,
            result,
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
}
