//! The game the shell is looking at: the current position and the keys of
//! the positions that led to it.

use crate::command::Start;
use crate::error::CommandError;
use outpost::{parse_fen, parse_uci_move, NotationError, Position};

/// The current position and the Zobrist keys of the earlier positions of the
/// game, oldest first, as [`Position::repetitions`] wants them.
#[derive(Clone, Debug, Default)]
pub struct Game {
    position: Position,
    history: Vec<u64>,
}

impl Game {
    /// A game starting from `start` with `moves` (long algebraic) played.
    ///
    /// Fails on the first bad FEN or move; nothing is kept from a failed setup,
    /// so the caller can keep its previous game.
    pub fn set_up(start: &Start, moves: &[String]) -> Result<Game, CommandError> {
        let position = match start {
            Start::Startpos => Position::startpos(),
            Start::Fen(fen) => parse_fen(fen).map_err(CommandError::Fen)?,
        };
        let mut game = Game {
            position,
            history: Vec::with_capacity(moves.len()),
        };
        for (i, text) in moves.iter().enumerate() {
            game.play(text).map_err(|source| CommandError::Move {
                number: i + 1,
                source,
            })?;
        }
        Ok(game)
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The keys of the positions before the current one, oldest first.
    #[allow(dead_code)] // For repetition detection once the engine searches.
    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// Plays one long algebraic move (`0000` passes the turn).
    fn play(&mut self, text: &str) -> Result<(), NotationError> {
        let mv = parse_uci_move(&self.position, text)?;
        self.history.push(self.position.key());
        // `parse_uci_move` only returns legal moves, and the null move only
        // when not in check, where passing is allowed.
        self.position.make_move_or_pass(mv);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost::to_fen;

    fn moves(list: &[&str]) -> Vec<String> {
        list.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn plays_moves_and_records_history() {
        let game =
            Game::set_up(&Start::Startpos, &moves(&["g1f3", "g8f6", "f3g1", "f6g8"])).unwrap();
        let start = Position::startpos();
        assert_eq!(game.history().len(), 4);
        assert_eq!(game.history()[0], start.key());
        assert_eq!(game.position().key(), start.key());
        assert_eq!(game.position().repetitions(game.history()), 1);
    }

    #[test]
    fn null_move_passes() {
        let game = Game::set_up(&Start::Startpos, &moves(&["e2e4", "0000"])).unwrap();
        assert_eq!(
            to_fen(game.position()),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"
        );
    }

    #[test]
    fn reports_the_failing_move() {
        let err = Game::set_up(&Start::Startpos, &moves(&["e2e4", "e7e5", "e4e5"])).unwrap_err();
        assert!(matches!(err, CommandError::Move { number: 3, .. }), "{err}");
        // Counters at or past their largest: the FEN is refused or the move
        // is played, and nothing overflows.
        for (fen, mv) in [
            ("8/8/8/8/8/8/8/K6k w - - 4294967295 1", "a1a2"),
            ("8/8/8/8/8/8/8/K6k b - - 0 4294967295", "h1h2"),
            ("8/8/8/8/8/8/8/K6k w - - 65535 1", "a1a2"),
            ("8/8/8/8/8/8/8/K6k b - - 0 65535", "h1h2"),
        ] {
            let start = Start::Fen(fen.to_string());
            match Game::set_up(&start, &moves(&[mv])) {
                Ok(_) | Err(CommandError::Fen(_)) => {}
                Err(err) => panic!("{fen} {mv}: {err}"),
            }
        }
    }
}
